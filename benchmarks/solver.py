"""Benchmark the best-play solver against the time just to list every formable word.

Run: ``python benchmarks/solver.py`` (``--quick`` for fewer hands, ``--time-limit S`` per heavy hand).

Hands are dealt from the real deck with fixed seeds:
- typical: an 11-card hand and 3 pool cards with at most one wild, three motifs drawn from the motifs
  that change a word's or a play's score;
- heavy: a 16-card hand and 4 pool cards holding 4 wilds (one a Double Wild), under Alliteration and Clones.

For each set and dictionary it prints the median, p95 and max wall time of ``solve`` (top 1), the
same figures for listing every word the cards can spell (a walk of the same step index: the least
any exact solver must do), their ratio, and the process's peak memory. Figures depend on the machine;
the ratio is measured in the same run.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import string
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from novelty.catalog import MotifScope, WildKind, load_catalog  # noqa: E402
from novelty.lexicon import StepIndex, open_lexicon  # noqa: E402
from novelty.solver import solve  # noqa: E402
from novelty.words import MIN_WORD_LENGTH  # noqa: E402

SCORING = [m.id for m in load_catalog().motifs.values()
           if m.scope in (MotifScope.WORD, MotifScope.PLAYER) and m.id not in ("grandiloquent",)] + ["grandiloquent"]


def deck() -> list[str]:
    """Return every card of the deck by kind id."""
    return [k.id for k in load_catalog().kinds.values() for _ in range(k.count)]


def is_wild(ident: str) -> bool:
    return load_catalog().kinds[ident].wild is not None


def typical(seed: int) -> tuple[Counter[str], Counter[str], list[str]]:
    """Return an 11-card hand, 3 pool cards (at most one wild in all) and three scoring motifs."""
    rng = random.Random(seed)
    while True:
        cards = rng.sample(deck(), 14)
        if sum(map(is_wild, cards)) <= 1:
            break
    motifs = rng.sample(sorted(set(SCORING) - {"alliteration", "clones"}), 3)
    return Counter(cards[:11]), Counter(cards[11:]), motifs


def heavy(seed: int) -> tuple[Counter[str], Counter[str], list[str]]:
    """Return a 16-card hand and 4 pool cards with 4 wilds (one a Double Wild), under Alliteration and Clones."""
    rng = random.Random(seed)
    plain = [c for c in deck() if not is_wild(c)]
    wilds = [c for c in deck() if is_wild(c) and c != "doublewild1"]
    cards = rng.sample(plain, 16) + ["doublewild1"] + rng.sample(wilds, 3)
    rng.shuffle(cards)
    return Counter(cards[:16]), Counter(cards[16:]), ["alliteration", "clones"]


class Capped(Exception):
    """Listing the words took longer than the cap."""


def list_words(steps: StepIndex, hand: Counter[str], pool: Counter[str], motifs: list[str],
               cap: float | None = None) -> int:
    """Return how many distinct words the cards can spell, found by walking the step index letter by letter.

    A repeat motif's copies count as one more card of any kind held (the least generous reading that
    still lists every word a copy could help spell).
    """
    catalog = load_catalog()
    have = hand + pool
    pieces: list[tuple[str, ...]] = []  # each card: the strings it may spell
    for ident in have.elements():
        kind = catalog.kinds[ident]
        if kind.wild is WildKind.DOUBLE:
            pieces.append(("??",))
        elif kind.wild is not None:
            pieces.append(tuple(c for c in string.ascii_lowercase if kind.wild.allows(c)))
        else:
            pieces.append((kind.letters or "",))
    copies = sum({"alliteration": 2, "clones": 2}.get(m, 0) for m in motifs)
    held = tuple(sorted({s for p in pieces for s in p}))
    pieces.extend([held] * copies)
    left = [1] * len(pieces)
    found: set[str] = set()
    mask, first = steps.mask, steps.first

    def step(node: int, letter: str) -> int:
        bits = mask[node]
        bit = 1 << (ord(letter) - 97)
        return first[node] + (bits & (bit - 1)).bit_count() if bits & bit else -1

    deadline = time.perf_counter() + cap if cap else None

    def walk(node: int, text: str) -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise Capped
        if len(text) >= MIN_WORD_LENGTH and mask[node] & steps.WORD:
            found.add(text)
        tried: set[tuple[str, ...]] = set()
        for i, piece in enumerate(pieces):
            if not left[i] or piece in tried:
                continue
            tried.add(piece)
            left[i] = 0
            for s in piece:
                if s == "??":
                    for a in string.ascii_lowercase:
                        na = step(node, a)
                        if na >= 0:
                            for b in string.ascii_lowercase:
                                nb = step(na, b)
                                if nb >= 0:
                                    walk(nb, text + a + b)
                    continue
                nxt = node
                for c in s:
                    nxt = step(nxt, c)
                    if nxt < 0:
                        break
                if nxt >= 0:
                    walk(nxt, text + s)
            left[i] = 1

    walk(0, "")
    return len(found)


def figures(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95, ordered[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands per set")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per heavy hand (default 60)")
    parser.add_argument("--sets", default="typical,heavy", help="comma-separated: typical, heavy")
    args = parser.parse_args()
    counts = {"typical": 6 if args.quick else 20, "heavy": 2 if args.quick else 5}
    deals = {"typical": typical, "heavy": heavy}
    print(f"{'set':<8} {'dict':<8} {'hands':>5} {'solve p50':>10} {'p95':>8} {'max':>8} "
          f"{'list p50':>9} {'p95':>7} {'ratio p50':>9} {'ratio max':>9} {'not proved':>10}")
    for name in args.sets.split(","):
        for dict_name in ("twl", "sowpods"):
            lexicon = open_lexicon(dict_name)
            steps = lexicon.step_index()
            solve_times, list_times, ratios, unproved, capped = [], [], [], 0, 0
            for seed in range(counts[name]):
                hand, pool, motifs = deals[name](seed)
                limit = args.time_limit if name == "heavy" else None
                started = time.perf_counter()
                try:
                    list_words(steps, hand, pool, motifs, cap=limit)
                except Capped:
                    capped += 1
                listed = time.perf_counter() - started
                started = time.perf_counter()
                result = solve(lexicon, hand, pool, motifs, time_limit=limit)
                solved = time.perf_counter() - started
                unproved += not result.optimal
                solve_times.append(solved)
                list_times.append(listed)
                ratios.append(solved / max(listed, 1e-6))
            s50, s95, smax = figures(solve_times)
            l50, l95, _ = figures(list_times)
            print(f"{name:<8} {dict_name:<8} {len(solve_times):>5} {s50 * 1000:>8.0f}ms {s95 * 1000:>6.0f}ms "
                  f"{smax * 1000:>6.0f}ms {l50 * 1000:>7.0f}ms {l95 * 1000:>5.0f}ms {statistics.median(ratios):>9.1f} "
                  f"{max(ratios):>9.1f} {unproved:>10}" + (f"  (listing cut at the limit for {capped})" if capped
                                                            else ""), flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
