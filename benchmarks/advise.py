"""Benchmark decision help (issue 12), with its baseline measured in the same run: one plain solve.

    python benchmarks/advise.py [--quick] [--deals N] [--samples N] [--workers N]

- solve: one plain ``solve()`` of each typical 11-card hand + 3 pool cards (the deals of benchmarks/solver.py);
- kill-off / heroic-sacrifice: the answer for the same hands (issue 12 target: <= 200 ms);
- draft: a first pick (3 cards in hand, an 8-card pack, 7 picks to come) under three scoring motifs, with
  ``--samples`` deals of the unseen cards (issue 12 target: <= 2 s p50 with 100 samples);
- how often the learned draft values' instant pick is the Monte Carlo's best pick (issue 22).

Wall time and CPU time (this process, every thread) are printed as p50 / p95 / max, with searches run per
answer and the ratio of each answer's p50 to the plain solve's p50. Figures depend on the machine and its
load: compare the ratios, and rerun.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from solver import SCORING, deck, is_wild, typical  # noqa: E402

from novelty import advise  # noqa: E402
from novelty.lexicon import open_lexicon  # noqa: E402
from novelty.solver import solve  # noqa: E402


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    wall, used = time.perf_counter(), cpu()
    out = fn()
    return time.perf_counter() - wall, cpu() - used, out


def first_pick(seed: int) -> tuple[Counter[str], Counter[str], list[str]]:
    """Return a first pick: 3 cards in hand, an 8-card pack (at most one wild in all), three scoring motifs."""
    rng = random.Random(seed)
    while True:
        cards = rng.sample(sorted(deck()), 11)
        if sum(map(is_wild, cards)) <= 1:
            break
    motifs = rng.sample(sorted(set(SCORING) - {"alliteration", "clones"}), 3)
    return Counter(cards[:3]), Counter(cards[3:]), motifs


def table_seconds(picks: int) -> float:
    """Return the mean time of the learned draft values' pick on the benchmark's first picks."""
    from novelty.draftvalues import table_pick

    packs = [first_pick(seed)[1] for seed in range(picks)]
    started = time.perf_counter()
    for pack in packs * 100:
        table_pick(pack.elements())
    return (time.perf_counter() - started) / (100 * len(packs))


def q(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered) * 1000:8.1f} {p95 * 1000:8.1f} {ordered[-1] * 1000:8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer deals (5 hands, 3 draft picks)")
    parser.add_argument("--deals", type=int, default=20, help="typical hands for the plain solve and the exact "
                                                              "decisions")
    parser.add_argument("--picks", type=int, default=7, help="draft picks timed")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--workers", type=int, default=0, help="searches side by side (0: one per processor)")
    args = parser.parse_args()
    hands, picks = (5, 3) if args.quick else (args.deals, args.picks)
    lexicon = open_lexicon("twl")
    lexicon.step_index()
    rows: dict[str, tuple[list[float], list[float], list[int]]] = {}

    def record(name: str, wall: float, used: float, searches: int) -> None:
        walls, cpus, counts = rows.setdefault(name, ([], [], []))
        walls.append(wall)
        cpus.append(used)
        counts.append(searches)

    for seed in range(hands):
        hand, pool, motifs = typical(seed)
        wall, used, _ = timed(lambda: solve(lexicon, hand, pool, motifs))  # noqa: B023
        record("solve (baseline)", wall, used, 1)
        setting = advise.Setting(lexicon, tuple(motifs), workers=args.workers)
        for name, fn in (("kill-off", advise.kill_off), ("heroic-sacrifice", advise.heroic_sacrifice)):
            wall, used, answer = timed(lambda fn=fn: fn(setting, hand, pool))  # noqa: B023
            record(name, wall, used, answer.stats.get("searches", 0))
    agree: list[bool] = []
    for seed in range(picks):
        hand, pack, motifs = first_pick(seed)
        setting = advise.Setting(lexicon, tuple(motifs), time_limit=advise.MAX_SECONDS, workers=args.workers)
        def pick(setting: advise.Setting = setting, hand: Counter[str] = hand, pack: Counter[str] = pack,
                 seed: int = seed) -> advise.Advice:
            return advise.draft_pick(setting, hand, pack, samples=args.samples, seed=seed)

        wall, used, answer = timed(pick)
        record(f"draft ({args.samples} samples)", wall, used, answer.stats.get("searches", 0))
        leader = answer.choices[0]
        agree.append(answer.assumed["table_pick"] in (*leader.cards, *leader.same_as))
        print(f"  draft deal {seed}: {wall:.2f} s wall, {used:.2f} s CPU, {answer.stats.get('searches', 0)} searches, "
              f"best {leader.label} expected {leader.expected.mean if leader.expected else '-'}, "
              f"{sum(1 for c in answer.choices if c.expected and c.expected.dropped)}/{len(answer.choices)} dropped, "
              f"proved {answer.proved}", file=sys.stderr)
    base = statistics.median(rows["solve (baseline)"][0])
    print(f"{'answer':<24} {'n':>3}  wall ms p50 / p95 / max    CPU ms p50 / p95 / max   searches p50  "
          f"ratio p50/solve")
    for name, (walls, cpus, counts) in rows.items():
        print(f"{name:<24} {len(walls):>3}  {q(walls)}  {q(cpus)}  {statistics.median(counts):>12.0f}  "
              f"{statistics.median(walls) / base:>10.1f}")
    print(f"table pick = Monte Carlo pick: {sum(agree)} of {len(agree)} first picks ({sum(agree) / len(agree):.0%}); "
          f"the table answers in {table_seconds(picks) * 1e6:.0f} us a pick")
    targets = {"kill-off": 0.2, "heroic-sacrifice": 0.2, f"draft ({args.samples} samples)": 2.0}
    for name, limit in targets.items():
        p50 = statistics.median(rows[name][0])
        print(f"target {name}: p50 {p50:.3f} s, limit {limit} s: {'met' if p50 <= limit else 'MISSED'}")


if __name__ == "__main__":
    main()
