"""Benchmark the best-play solver: every figure issue 9 asks for, with its baselines measured in the same run.

    python benchmarks/solver.py [--quick] [--sets typical,heavy] [--time-limit S] [--check N]

Hands are dealt from the real deck with fixed seeds:
- typical: an 11-card hand and 3 pool cards with at most one wild, three motifs drawn from the motifs
  that change a word's or a play's score (solved to the end, no time limit);
- heavy: a 16-card hand and 4 pool cards holding 4 wilds (one a Double Wild), under Alliteration and
  Clones (solved with ``--time-limit``, 2 s by default).

Each (set, list) runs in a fresh child process (this script with a hidden flag), so its peak RSS is its
own. Then a ``novelty best`` process is timed against a bare ``novelty check`` process on a typical hand,
and the compiled word scorer is held to the engine on ``--check`` random card sequences. Figures depend
on the machine; every ratio is taken against a baseline measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from novelty.catalog import MotifScope, load_catalog  # noqa: E402
from novelty.lexicon import open_lexicon  # noqa: E402
from novelty.search import WILDS, list_words  # noqa: E402
from novelty.solver import solve  # noqa: E402

SCORING = [m.id for m in load_catalog().motifs.values()
           if m.scope in (MotifScope.WORD, MotifScope.PLAYER) and m.id not in ("grandiloquent",)] + ["grandiloquent"]
LISTS = ("twl", "sowpods")
HEADER = """\
Per set and word list, each (set, list) in its own child process:
  hands       hands dealt (fixed seeds)
  solve ms    p50 / p95 / max wall time of solve(), top 1
  proved      answers proved best (optimal) / hands
  gap b/best  bound / best score of the unproved answers: median / max ('-': all proved)
  gap b-best  bound - best score of the unproved answers: median / max
  RSS         peak resident memory of that child process, MiB
  list ms     p50 / max time of the compiled walk listing every distinct word the same hand + pool can
              spell (novelty.search.list_words, cards of the same letters as one row); cards only: repeat-motif
              copies are not listed, so this floor is conservative (low); heavy listings stop at the
              time limit (then the ratio is an upper bound)
  ratio       solve / list time, hand by hand: p50 / max (issue 9 target: <= 3 at p50)
Where solve's time goes: median CPU time of its word walk and of its packing (stats walk_cpu_s, pack_cpu_s),
with the median sequences walked, groups kept by the dominance filter and packing nodes.
"""


def deck() -> list[str]:
    """Return every card of the deck by kind id."""
    return [k.id for k in load_catalog().kinds.values() for _ in range(k.count)]


def is_wild(ident: str) -> bool:
    """Return whether a card kind is a wild."""
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


DEALS = {"typical": typical, "heavy": heavy}


def pieces(cards: Counter[str]) -> array:  # type: ignore[type-arg]
    """Return list_words' rows (wild kind, letter, second letter or -1, count), cards of equal letters merged."""
    catalog = load_catalog()
    rows: Counter[tuple[int, int, int]] = Counter()
    for ident, n in cards.items():
        kind = catalog.kinds[ident]
        if kind.wild is not None:
            rows[(WILDS[kind.wild.value], 0, -1)] += n
        else:
            letters = [ord(c) - 97 for c in kind.letters or ""]
            rows[(0, letters[0], letters[1] if len(letters) > 1 else -1)] += n
    return array("i", [v for row, n in sorted(rows.items()) for v in (*row, n)])


def quantiles(values: list[float]) -> tuple[float, float, float]:
    """Return the median, p95 (nearest rank) and max."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], ordered[-1]


def run_set(name: str, dict_name: str, hands: int, limit: float | None) -> dict[str, Any]:
    """Solve and list every hand of one set under one list; return the raw figures and this process's peak RSS."""
    lexicon = open_lexicon(dict_name)
    steps = lexicon.step_index()
    rows = []
    for seed in range(hands):
        hand, pool, motifs = DEALS[name](seed)
        started = time.perf_counter()
        _, listed_all = list_words(steps, pieces(hand + pool), limit or 0.0)
        listed = time.perf_counter() - started
        started = time.perf_counter()
        result = solve(lexicon, hand, pool, motifs, time_limit=limit)
        solved = time.perf_counter() - started
        rows.append({"solve": solved, "list": listed, "list_cut": not listed_all, "optimal": result.optimal,
                     "best": result.plays[0].total, "bound": result.bound, "stats": result.stats})
    return {"rows": rows, "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def in_child(name: str, dict_name: str, hands: int, limit: float | None) -> dict[str, Any]:
    """Run :func:`run_set` in a fresh process of this script and return its answer."""
    command = [sys.executable, __file__, "--child", f"{name},{dict_name},{hands},{limit or 0}"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"child {name}/{dict_name} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def gap(rows: list[dict[str, Any]]) -> str:
    """Return 'ratio med/max  diff med/max' of bound against best over unproved answers ('-' when none)."""
    open_ = [r for r in rows if not r["optimal"] and r["bound"] is not None]
    if not open_:
        return f"{'-':>13} {'-':>15}"
    ratios = [r["bound"] / r["best"] if r["best"] > 0 else float("inf") for r in open_]
    diffs = [r["bound"] - r["best"] for r in open_]
    return (f"{statistics.median(ratios):>6.3g}/{max(ratios):<6.3g} "
            f"{statistics.median(diffs):>7.0f}/{max(diffs):<7.0f}")


def report(name: str, dict_name: str, answer: dict[str, Any]) -> str:
    """Return one table line for a (set, list)."""
    rows = answer["rows"]
    s50, s95, smax = quantiles([r["solve"] for r in rows])
    l50, _, lmax = quantiles([r["list"] for r in rows])
    ratios = [r["solve"] / max(r["list"], 1e-6) for r in rows]
    proved = sum(r["optimal"] for r in rows)
    cut = sum(r["list_cut"] for r in rows)
    return (f"{name:<8} {dict_name:<8} {len(rows):>5} {s50 * 1e3:>8.1f} {s95 * 1e3:>8.1f} {smax * 1e3:>8.1f} "
            f"{proved:>3}/{len(rows):<3} {gap(rows)} {answer['rss_mib']:>5.0f} {l50 * 1e3:>8.1f} {lmax * 1e3:>8.1f} "
            f"{statistics.median(ratios):>6.1f} {max(ratios):>6.1f}" + (f"  (listing cut for {cut})" if cut else ""))


def where(name: str, dict_name: str, rows: list[dict[str, Any]]) -> str:
    """Return one line of where solve's time goes for a (set, list)."""
    def med(key: str) -> float:
        return statistics.median(r["stats"].get(key, 0) for r in rows)
    return (f"{name:<8} {dict_name:<8} walk cpu {med('walk_cpu_s') * 1e3:>8.1f} ms   pack cpu "
            f"{med('pack_cpu_s') * 1e3:>8.1f} ms   sequences {med('sequences'):>9.0f}   kept groups "
            f"{med('kept'):>7.0f}   nodes {med('nodes'):>7.0f}")


def novelty_script() -> str:
    """Return the console script beside this Python (skipping a version manager's shim), else the one on PATH."""
    beside = Path(sys.executable).parent / "novelty"
    found = str(beside) if beside.is_file() else shutil.which("novelty")
    if found is None:
        sys.exit("no `novelty` script found: pip install -e . first")
    return found


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    """Return the wall time of one process (which must succeed or report a non-playable word)."""
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    return elapsed


def processes(runs: int) -> None:
    """Time `novelty best` against `novelty check` as whole processes on the first typical hand with a wild.

    Where PYTHONDONTWRITEBYTECODE is set (some sandboxes), every process compiles every module from source; an
    installed package runs from cached bytecode, so the pair is timed that way too (a private cache folder)."""
    seed = next(s for s in range(1000) if any(map(is_wild, sum(typical(s)[:2], Counter()))))
    hand, pool, motifs = typical(seed)
    script = novelty_script()
    best = [script, "best", "--hand", " ".join(hand.elements()), "--pool", " ".join(pool.elements()), "--top", "1"]
    best += [arg for m in motifs for arg in ("--motif", m)]
    answer = json.loads(subprocess.run([*best, "--json"], capture_output=True, text=True, check=True).stdout)
    word = answer["plays"][0]["words"][0]["word"]
    check = [script, "check", word]
    print(f"\nProcesses ({script}), typical hand seed {seed} ({' '.join(hand.elements())} + "
          f"{' '.join(pool.elements())}; {', '.join(motifs)}), median of {runs} interleaved runs each:")
    with tempfile.TemporaryDirectory(prefix="novelty-pyc-") as pycache:
        envs = {"as this environment runs": dict(os.environ)}
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            envs["with cached bytecode, as an installed package runs"] = {**cached, "PYTHONPYCACHEPREFIX": pycache}
        for label, env in envs.items():
            timed(check, env)  # warm the word-list cache, the page cache and the bytecode
            timed(best, env)
            times: dict[str, list[float]] = {"best": [], "check": []}
            for _ in range(runs):
                times["best"].append(timed(best, env))
                times["check"].append(timed(check, env))
            b, c = statistics.median(times["best"]), statistics.median(times["check"])
            print(f"  {label}:")
            print(f"    novelty best --top 1  {b * 1e3:7.0f} ms   (optimal: {answer['optimal']})")
            print(f"    novelty check {word:<8}{c * 1e3:7.0f} ms")
            print(f"    ratio {b / c:.2f}x (issue 9 target: <= 1.5x), difference {(b - c) * 1e3:.0f} ms")


def differential(sequences: int) -> None:
    """Hold the compiled word scorer to score_checked_word on random card sequences beyond CI's seeds."""
    from novelty.scoring import score_checked_word
    from novelty.search import Tables
    from tests import core_cases
    from tests.core_cases import SEQUENCES, compiled_score  # a plain module: no pytest needed

    per_deal, compared, mismatches, first = 50, 0, 0, None
    started = time.perf_counter()
    for seed in range(SEQUENCES // per_deal, SEQUENCES // per_deal + -(-sequences // per_deal)):
        rng = random.Random(seed)
        hand, motifs, rules, escaped = core_cases.deal(rng)
        tables = Tables(hand, Counter(), motifs, rules, escaped)
        faces = tables.face_table()
        for word in core_cases.words(tables, rng, min(per_deal, sequences - compared)):
            awards = core_cases.awards(tables, word, rng)
            expected = score_checked_word(word, tables.motifs, rules=rules, escaped=tables.escaped,
                                          awards=awards).score
            got = compiled_score(tables, faces, word, awards)
            compared += 1
            if got != expected:
                mismatches += 1
                first = first or f"seed {seed}: {word} under {motifs}: compiled {got}, engine {expected}"
    print(f"\nCompiled word scorer vs score_checked_word (tests/core_cases.py deals, seeds after CI's): "
          f"{compared} sequences, {mismatches} mismatches, {time.perf_counter() - started:.1f} s")
    if first:
        print(f"  first mismatch: {first}")


def main() -> None:
    """Parse the options and print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer heavy hands, a smaller differential run")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds per heavy hand (default 2)")
    parser.add_argument("--sets", default="typical,heavy", help="comma-separated: typical, heavy")
    parser.add_argument("--check", type=int, help="sequences for the scorer's differential run "
                                                  "(default 100000, 20000 with --quick)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, dict_name, hands, limit = args.child.split(",")
        print(json.dumps(run_set(name, dict_name, int(hands), float(limit) or None)))
        return
    started = time.perf_counter()
    counts = {"typical": 20, "heavy": 3 if args.quick else 5}
    print(HEADER)
    print(f"Machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start "
          "(other work on the machine slows wall times).\n")
    print(f"{'set':<8} {'list':<8} {'hands':>5} {'solve ms':>8} {'p95':>8} {'max':>8} {'proved':>7} "
          f"{'gap b/best':>13} {'gap b-best':>15} {'RSS':>5} {'list ms':>8} {'max':>8} {'ratio':>6} {'max':>6}")
    done = []
    for name in args.sets.split(","):
        for dict_name in LISTS:
            limit = args.time_limit if name == "heavy" else None
            answer = in_child(name, dict_name, counts[name], limit)
            print(report(name, dict_name, answer), flush=True)
            done.append((name, dict_name, answer["rows"]))
    print("\nWhere solve's time goes (medians):")
    for name, dict_name, rows in done:
        print(where(name, dict_name, rows))
    processes(5)
    differential(args.check if args.check is not None else 20_000 if args.quick else 100_000)
    print(f"\nTotal {time.perf_counter() - started:.0f} s, load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
