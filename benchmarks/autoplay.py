"""Benchmark self-play (issue 22), with its baseline measured in the same run: the ``random`` policy's game.

    python benchmarks/autoplay.py [--quick] [--games N] [--long N]

- speed: 4-player games with the ``random`` policy (the baseline: searches for the plays only) and the ``greedy``
  policy in this process, as CPU seconds per game and games per CPU-second (target: greedy >= 2 games per
  CPU-second; a 10,000-game study in under an hour on this 2-core machine);
- workers: the same greedy games through 1 and through 2 local worker processes (target: 2 reach >= 1.8x the
  games/s of 1);
- memory: a long run of greedy games through 2 workers into a results store, the resident memory of this
  process and its workers after 100 games and at the end (target: within 10% after 1,000);
- store: its size per game and for 10,000 games (target < 50 MB), and ``balance`` on it (target < 10 s).

Figures depend on the machine and its load: compare the ratios, and rerun.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from novelty.autoplay import new_study, play_games, play_one  # noqa: E402

PLAYERS = 4


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def speed(policy: str, games: int, first: int) -> list[float]:
    """Return the CPU seconds of each of ``games`` games played in this process."""
    study = new_study(PLAYERS, first + games, [policy], seed=22)
    times = []
    for index in range(first, first + games):
        used = cpu()
        play_one(study, index)
        times.append(cpu() - used)
    return times


def through_workers(workers: int, games: int) -> float:
    """Return the games per second ``workers`` local processes play (start-up included)."""
    study = new_study(PLAYERS, games, ["greedy"], seed=23)
    started = time.perf_counter()
    n = sum(1 for _ in play_games(study, range(games), workers=workers))
    return n / (time.perf_counter() - started)


def rss_mb(pids: list[int]) -> float:
    """Return the resident memory of the processes, in MB (from /proc)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            continue
    return total / 1024


def memory(games: int, store_dir: str) -> tuple[float, float, float]:
    """Play ``games`` greedy games through 2 workers into a store; return the MB after 100 and at the end, and the
    store's size in bytes per game."""
    from novelty.store import Store

    study = new_study(PLAYERS, games, ["greedy"], seed=24)
    path = os.path.join(store_dir, "memory.duckdb")
    store, _ = Store.open_or_create(path, study)
    early, first = 0.0, None
    for n, (index, record, flat) in enumerate(play_games(study, range(games), workers=2), start=1):
        store.add(index, record, flat)
        first = first or (index, record, flat)
        if n == min(100, games):
            early = rss_mb([os.getpid(), *(p.pid for p in multiprocessing.active_children() if p.pid)])
    late = rss_mb([os.getpid(), *(p.pid for p in multiprocessing.active_children() if p.pid)])
    store.close()
    # a new store holds a fixed 3 MB (a block for each table): a one-game store says how much, the rest is per game
    one = os.path.join(store_dir, "one.duckdb")
    with Store.create(one, study) as alone:
        assert first is not None
        alone.add(*first)
    return early, late, (on_disk(path) - on_disk(one)) / max(1, games - 1)


def on_disk(path: str) -> int:
    """Return the store's bytes on disk, its write-ahead log included."""
    return sum(os.path.getsize(p) for p in (path, path + ".wal") if os.path.exists(p))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (the figures scatter more)")
    parser.add_argument("--games", type=int, default=None, help="games per speed and workers figure")
    parser.add_argument("--long", type=int, default=None, help="games of the memory run (default 1,000)")
    args = parser.parse_args()
    games = args.games or (8 if args.quick else 40)
    long = args.long or (120 if args.quick else 1000)

    print(f"self-play benchmark: {PLAYERS} players, {games} games per figure, TWL06")
    baseline = speed("random", games, 0)
    greedy = speed("greedy", games, 0)
    for name, times in (("random (baseline)", baseline), ("greedy", greedy)):
        mean = statistics.fmean(times)
        print(f"  {name:<18} {mean:6.3f} CPU-s/game  p95 {sorted(times)[int(0.95 * (len(times) - 1))]:6.3f}"
              f"  {1 / mean:5.2f} games/CPU-s")
    rate = 1 / statistics.fmean(greedy)
    print(f"  greedy / random CPU per game: {statistics.fmean(greedy) / statistics.fmean(baseline):.2f}x")
    print(f"  target greedy >= 2 games/CPU-s: {'met' if rate >= 2 else 'MISSED'} ({rate:.2f}); "
          f"10,000 games on 2 cores at this rate: {10_000 / (2 * rate) / 60:.0f} min (target < 60)")

    one = through_workers(1, games)
    two = through_workers(2, games)
    print(f"  workers: 1 -> {one:.2f} games/s, 2 -> {two:.2f} games/s: {two / one:.2f}x "
          f"(target >= 1.8x: {'met' if two / one >= 1.8 else 'MISSED'})")
    print(f"  10,000 games with 2 workers at this rate: {10_000 / two / 60:.0f} min (target < 60)")

    with tempfile.TemporaryDirectory() as folder:
        early, late, per_game = memory(long, folder)
    print(f"  memory: {early:.0f} MB after {min(100, long)} games, {late:.0f} MB after {long}: "
          f"{late / early:.2f}x (target <= 1.10x: {'met' if late <= 1.1 * early else 'MISSED'})")
    print(f"  store: {per_game / 1024:.1f} KB a greedy game past the first, {3 + per_game * 10_000 / 1e6:.1f} MB "
          f"for 10,000 games (target < 50; benchmarks/store.py measures a real 10,000-game store and balance on it)")


if __name__ == "__main__":
    main()
