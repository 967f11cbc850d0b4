"""Regenerate the learned draft values shipped in novelty/data/draft_values.json (issue 22).

    python tools/draft_values.py [--games 1000] [--seed 2026] [--workers N] [--store PATH] [--records FILE.jsonl]

Plays ``--games`` 4-player self-play games of the ``greedy`` policy (a study, so ``--store`` keeps them and running
again continues it; ``--records`` reads games already played instead, one ``{"record": ...}`` per line), then
fits each card kind's value (:func:`novelty.draftvalues.learn`) on every (round, player)'s hand and score, and
writes the table with how it was made.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from novelty.catalog import load_catalog  # noqa: E402
from novelty.draftvalues import RIDGE, TABLE_KIND, TABLE_PATH, hands_and_scores, learn  # noqa: E402
from novelty.selfplay import GameRecord, record_from_dict  # noqa: E402


def from_jsonl(path: str) -> Iterator[GameRecord]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield record_from_dict(json.loads(line)["record"])


def from_study(games: int, seed: int, workers: int, store_path: str | None) -> Iterator[GameRecord]:
    from novelty.autoplay import new_study, play_games

    study = new_study(4, games, ["greedy"], seed)
    if store_path is None:
        for _, record, _ in play_games(study, range(games), workers):
            yield record
        return
    from novelty.store import Store

    store, _ = Store.open_or_create(store_path, study)
    try:
        done = store.done()
        for index, record, flat in play_games(study, [i for i in range(games) if i not in done], workers):
            store.add(index, record, flat)
        yield from store.records()
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--store", default=None, help="keep the games in this results store (resumable)")
    parser.add_argument("--records", default=None, help="learn from these game records (JSON lines) instead")
    parser.add_argument("--out", default=TABLE_PATH)
    args = parser.parse_args()
    records = list(from_jsonl(args.records) if args.records else
                   from_study(args.games, args.seed, args.workers, args.store))
    kinds = sorted(load_catalog().kinds)
    samples = list(hands_and_scores(records))
    values = learn(samples, kinds)
    made: dict[str, Any] = {"games": len(records), "hands": len(samples), "policy": "greedy", "players": 4,
                            "seed": args.seed, "ridge": RIDGE,
                            "command": f"python tools/draft_values.py --games {len(records)} --seed {args.seed}"}
    table = {"kind": TABLE_KIND, "about": "Points each card kind adds to the round score of the hand holding it, "
                                          "on average (ridge regression over self-play hands)",
             "made": made, "values": values}
    Path(args.out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    top = sorted(values.items(), key=lambda kv: -kv[1])
    print(f"{len(records)} games, {len(samples)} hands -> {args.out}")
    print("highest:", ", ".join(f"{k} {v:.2f}" for k, v in top[:8]))
    print("lowest: ", ", ".join(f"{k} {v:.2f}" for k, v in top[-8:]))


if __name__ == "__main__":
    main()
