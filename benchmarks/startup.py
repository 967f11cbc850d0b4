"""Command-line startup benchmark: each main `novelty` command timed as a whole process.

    python benchmarks/startup.py [--runs N] [--top K] [--profile NAME] [--novelty PATH] [--bytecode]

Runs every command once to warm the word-list cache and the page cache, then ``--runs`` times more,
interleaved with a bare ``python -c pass`` and ``python -c "import click"`` (the floor of any command
that parses its arguments with click) measured in the same run. Prints, per command, the p50 and
p95 wall time of the whole process, its p50 over bare Python's (ratio and difference), its p50 CPU time
(user + system: steadier than wall time on a busy machine) and whether it meets issue 13's target
(wall p50 <= 100 ms for ``--help``, ``check`` and ``anagram``). Then prints the top
entries of ``python -X importtime`` for the slowest command (or ``--profile NAME``).

The installed ``novelty`` script beside this interpreter is timed (not a shim such as pyenv's, whose
own start-up no change here can remove); ``--novelty PATH`` times another one.

Python's bytecode cache counts too: with ``PYTHONDONTWRITEBYTECODE`` set (as in some sandboxes) and an
editable install, every run compiles the project's modules from source. ``--bytecode`` measures as after
an ordinary install instead, caching bytecode in a private folder (``PYTHONPYCACHEPREFIX``) during the
warm-up and leaving the working tree untouched.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 100.0
"""Issue 13: the word judge's commands answer within this, as a process, with a warm cache."""

#: (name, arguments, held to the target). Each is a whole `novelty` process; examples/ supplies inputs.
COMMANDS: list[tuple[str, list[str], bool]] = [
    ("--help", ["--help"], True),
    ("check", ["check", "quixotic"], True),
    ("check --json", ["check", "quixotic", "qi", "xqzv", "--json"], True),
    ("anagram", ["anagram", "quixotic"], True),
    ("anagram blank", ["anagram", "quixot?c", "--min", "6"], True),
    ("cards", ["cards", "--letter", "th"], False),
    ("motifs", ["motifs"], False),
    ("score", ["score", "k3 o1 t3 o2", "z2 o3 n1 e2 s1", "--motif", "assonance"], False),
    ("round", ["round", "examples/round.json"], False),
    ("game", ["game", "examples/game.json"], False),
    ("challenge", ["challenge", "qi", "--by", "Ann", "--player", "Bob"], False),
    ("best", ["best", "--hand", "th2 e4 m1 e1 s1"], False),
    ("othello score", ["othello", "score", "examples/othello.json"], False),
]


def novelty_script(explicit: str | None) -> Path:
    """Return the `novelty` console script to time: ``explicit``, the one beside this Python, or on PATH."""
    if explicit:
        return Path(explicit)
    beside = Path(sys.executable).parent / "novelty"
    if beside.is_file():
        return beside
    found = shutil.which("novelty")
    if found is None:
        sys.exit("no `novelty` script found: pip install -e . first, or pass --novelty PATH")
    return Path(found)


def children_cpu() -> float:
    """Return the CPU seconds (user + system) used so far by this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Return the wall time and CPU time in seconds, and the exit status, of one process running ``argv``."""
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          check=False)
    return time.perf_counter() - start, children_cpu() - cpu, done.returncode


def warm_up(name: str, argv: list[str], env: dict[str, str]) -> None:
    """Run ``argv`` once (compiling and caching the word list if needed, filling the page cache), and stop
    the benchmark if it crashed: a traceback exits 1 too, as a word that is not playable does, and a
    crashing command (say, an editable install pointing at another checkout) starts fast but proves nothing.
    """
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1) or "Traceback (most recent call last)" in done.stderr:
        sys.exit(f"{name}: {' '.join(argv)} exited {done.returncode}, so its time would not be a fair figure:\n"
                 f"{done.stderr.strip()}")


def percentile(samples: list[float], p: float) -> float:
    """Return the nearest-rank ``p``-th percentile of ``samples``."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def import_profile(argv: list[str], env: dict[str, str], top: int) -> list[tuple[int, int, str]]:
    """Return the ``top`` imports by cumulative time (self µs, cumulative µs, module) when running ``argv``."""
    done = subprocess.run([sys.executable, "-X", "importtime", *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=False)
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cumulative_us, module = line.removeprefix("import time:").split("|")
        rows.append((int(self_us), int(cumulative_us), module.rstrip()))
    rows.sort(key=lambda row: row[1], reverse=True)
    return rows[:top]


def instructions(argv: list[str], env: dict[str, str]) -> float | None:
    """Return the millions of instructions ``argv`` runs under valgrind's callgrind, or None without valgrind.

    Unlike time, this is the same on every run, whatever else the machine does: Python's hash seed is
    fixed and address-space randomisation is off (``setarch -R``), so only a change to the code moves it.
    """
    if shutil.which("valgrind") is None or shutil.which("setarch") is None:
        return None
    with tempfile.NamedTemporaryFile(prefix="novelty-callgrind-") as out:
        done = subprocess.run(["setarch", "-R", "valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}",
                               *argv], cwd=ROOT, env={**env, "PYTHONHASHSEED": "0"}, capture_output=True, text=True,
                              check=False)
    found = [line.split("Collected :")[1] for line in done.stderr.splitlines() if "Collected :" in line]
    return int(found[0]) / 1e6 if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per command (default 15)")
    parser.add_argument("--top", type=int, default=20, help="import-profile entries to print (default 20)")
    parser.add_argument("--profile", metavar="NAME", help="profile this command instead of the slowest")
    parser.add_argument("--novelty", metavar="PATH", help="the novelty script to time")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each command's instructions under valgrind (steady on a busy machine)")
    parser.add_argument("--bytecode", action="store_true",
                        help="cache compiled bytecode (in a private folder) even if PYTHONDONTWRITEBYTECODE is set")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="novelty-pyc-") as pycache:
        env = dict(os.environ)
        if args.bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = pycache
        measure(args, env)


def measure(args: argparse.Namespace, env: dict[str, str]) -> None:
    """Time every command and print the table, then the slowest command's import profile."""
    script = novelty_script(args.novelty)
    bare = [sys.executable, "-c", "pass"]
    floor = [sys.executable, "-c", "import click"]  # every command parses its arguments with click
    jobs = [("python -c pass", bare, False), ("import click", floor, False)]
    jobs += [(name, [str(script), *argv], held) for name, argv, held in COMMANDS]
    if args.bytecode:
        bytecode = "cached in a private folder (--bytecode)"
    elif env.get("PYTHONDONTWRITEBYTECODE"):
        bytecode = "compiled from source on every run (PYTHONDONTWRITEBYTECODE is set; --bytecode caches it)"
    else:
        bytecode = "cached as usual"
    print(f"{script} (Python {sys.version.split()[0]}), {args.runs} runs each after one warm-up, "
          f"NOVELTY_CACHE_DIR={os.environ.get('NOVELTY_CACHE_DIR', '(default)')}")
    print(f"the project's bytecode: {bytecode}")
    for name, argv, _ in jobs:
        warm_up(name, argv, env)
    samples: dict[str, list[float]] = {name: [] for name, _, _ in jobs}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in jobs}
    for _ in range(args.runs):  # interleaved, so a busy moment on the machine is shared by every command
        for name, argv, _ in jobs:
            wall, used, _ = run_once(argv, env)
            samples[name].append(wall)
            cpu[name].append(used)

    # Wall time is what a player waits; CPU time (user + system) is less disturbed by other work on the machine.
    base = statistics.median(samples["python -c pass"]) * 1000
    print(f"\n{'command':<16}{'p50 ms':>8}{'p95 ms':>8}{'x bare':>8}{'+ms':>7}{'cpu p50':>9}  target (wall p50)")
    for name, _, held in jobs:
        p50, p95 = statistics.median(samples[name]) * 1000, percentile(samples[name], 95) * 1000
        verdict = (("ok" if p50 <= TARGET_MS else "OVER") + f" (<= {TARGET_MS:.0f})") if held else ""
        print(f"{name:<16}{p50:>8.1f}{p95:>8.1f}{p50 / base:>8.2f}{p50 - base:>7.1f}"
              f"{statistics.median(cpu[name]) * 1000:>9.1f}  {verdict}")

    if args.instructions:
        print("\ninstructions (valgrind callgrind, hash seed 0, no ASLR; the same on every run):")
        counts = {name: instructions(argv, env) for name, argv, _ in jobs}
        base_count = counts["python -c pass"]
        for name, count in counts.items():
            if count is None:
                print(f"{name:<16}  (valgrind or setarch not installed)")
            else:
                print(f"{name:<16}{count:>8.1f} M" + (f"{count / base_count:>8.2f} x bare" if base_count else ""))

    timed = {name: argv for name, argv, _ in jobs[2:]}
    name = args.profile or max(timed, key=lambda n: statistics.median(samples[n]))
    if name not in timed:
        sys.exit(f"no command {name!r}: one of {', '.join(timed)}")
    print(f"\npython -X importtime, top {args.top} by cumulative time: novelty {' '.join(timed[name][1:])}")
    print(f"{'self ms':>8}{'cum ms':>8}  module")
    for self_us, cumulative_us, module in import_profile(timed[name], env, args.top):
        print(f"{self_us / 1000:>8.1f}{cumulative_us / 1000:>8.1f}  {module}")


if __name__ == "__main__":
    main()
