"""Benchmark the results store and ``novelty balance`` (issue 22): bytes per game, and the report's time at 10,000.

    python benchmarks/store.py [--games N] [--target N] [--workers N] [--keep DIR]

1. Plays ``--games`` real 4-player games with the ``random`` policy (worker processes, each flattening its games as
   a study's runner would) and stores them one ``add`` (one transaction) each: the time per game written, and the
   file's size per game.
2. Builds a ``--target``-game store (10,000; issue 22 target: under 50 MB) from those real games, each stored again
   and again under new indexes (``add_many``, 100 a transaction): its size is measured, not extrapolated. Step 1's
   straight line is printed before it: a 1-game store's size, plus what each further game added on average (the
   file grows in 256 KiB blocks and every table takes at least one, so a small store's size over its games
   overstates a game's share many times).
3. Times ``novelty balance`` on that store, as a user runs it (a fresh process writing the HTML report; issue 22
   target: under 10 s), and its phases in this process: open and verify, the counting queries, the statistics, the
   page.

Figures depend on the machine and its load; rerun to compare.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from novelty.balance import analyse  # noqa: E402
from novelty.flat import FlatGame, flatten  # noqa: E402
from novelty.report import render  # noqa: E402
from novelty.selfplay import GameRecord, play_game, policy  # noqa: E402
from novelty.store import Store  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
BATCH = 100


def play(seed: int) -> tuple[GameRecord, FlatGame]:
    """Return one random 4-player game and its rows (in a worker process)."""
    from novelty.lexicon import open_lexicon

    lexicon = open_lexicon("twl")
    record = play_game(PLAYERS, [policy("random")] * len(PLAYERS), lexicon, seed=seed)
    return record, flatten(record, lexicon)


def study(games: int) -> dict[str, object]:
    return {"players": PLAYERS, "policies": ["random"] * len(PLAYERS), "seed": 0, "games": games}


def megabytes(size: float) -> str:
    return f"{size / 1e6:.1f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="real games to play (default 200)")
    parser.add_argument("--target", type=int, default=10_000, help="games in the large store (default 10,000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", metavar="DIR", help="leave the stores and the report in DIR")
    args = parser.parse_args()
    where = Path(args.keep or tempfile.mkdtemp(prefix="novelty-store-bench-"))
    where.mkdir(parents=True, exist_ok=True)
    first, small, large = (where / f"games-{n}.duckdb" for n in (1, args.games, args.target))
    for path in (first, small, large, *(Path(f"{p}.wal") for p in (first, small, large))):
        path.unlink(missing_ok=True)

    began = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play, range(args.games), chunksize=4))
    played = time.perf_counter() - began
    print(f"played {args.games} random 4-player games in {played:.1f} s with {args.workers} workers "
          f"({played / args.games * args.workers:.2f} s a game a worker)")

    with Store.create(first, study(args.games)) as store:
        store.add(0, *games[0])
    with Store.create(small, study(args.games)) as store:
        began = time.perf_counter()
        for index, (record, flat) in enumerate(games):
            store.add(index, record, flat)
        written = time.perf_counter() - began
    size, base = small.stat().st_size, first.stat().st_size
    per_game = (size - base) / (args.games - 1)
    print(f"stored them one transaction each: {written / args.games * 1000:.1f} ms a game written; "
          f"file {megabytes(size)}, a 1-game store {megabytes(base)} (DuckDB's blocks are 256 KiB: every table "
          f"takes one)")
    print(f"  a game adds ({megabytes(size)} - {megabytes(base)}) / {args.games - 1} = {per_game:,.0f} bytes: "
          f"{args.target:,} games by a straight line from there, {megabytes(base + per_game * (args.target - 1))}")

    began = time.perf_counter()
    with Store.create(large, study(args.target)) as store:
        for start in range(0, args.target, BATCH):
            store.add_many((i, *games[i % len(games)]) for i in range(start, min(start + BATCH, args.target)))
    built = time.perf_counter() - began
    size = large.stat().st_size
    print(f"{args.target:,}-game store (the {args.games} real games stored again and again under new indexes, "
          f"{BATCH} a transaction, {built:.1f} s): {megabytes(size)}, {size / args.target:,.0f} bytes a game "
          f"(target: under 50 MB)")

    report = where / "report.html"
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "novelty.cli.main", "balance", str(large), "-o", str(report)],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    wall = time.perf_counter() - began
    if done.returncode:
        print(done.stderr, file=sys.stderr)
        return done.returncode
    print(f"novelty balance on {args.target:,} games: {wall:.2f} s, a fresh process writing the report "
          f"({megabytes(report.stat().st_size)}) (target: under 10 s)")

    phases = []
    began = time.perf_counter()
    with Store.open(large) as store:
        store.verify()
        phases.append(("open and verify", time.perf_counter() - began))
        tallies = store.tallies()
        phases.append(("counting queries", time.perf_counter() - sum(t for _, t in phases) - began))
    analysis = analyse(tallies)
    phases.append(("statistics", time.perf_counter() - sum(t for _, t in phases) - began))
    render(analysis)
    phases.append(("HTML and figures", time.perf_counter() - sum(t for _, t in phases) - began))
    print("  in this process: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in phases))
    print(f"files in {where}" if args.keep else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
