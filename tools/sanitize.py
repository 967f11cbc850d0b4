"""Run the compiled core under AddressSanitizer, LeakSanitizer and UBSan: clean, or the first report.

    python tools/sanitize.py [--source DIR] [--tests GLOB ...] [--no-tests] [--no-situations] [--no-leaks]
                             [--slow-unwind] [--keep]

What it proves (issue 24: "ASan and UBSan clean"): while the tests that exercise the core and the
``tools/same_search.py --quick`` situations run, the core (``novelty/csrc/*.c``) makes no out-of-bounds read or write,
no use after free or double free, no undefined behaviour (signed overflow, bad shifts, misaligned or null pointers,
out-of-range loads ...), leaks no memory it allocates, and leaves no Python object behind.

How:

1. The repository (``--source``, default the one holding this script; everything but .git, .venv, node_modules and
   caches) is copied to a temporary folder, so the checkout's own ``novelty/_core*.so`` is never touched, and the
   copy keeps the checkout's layout (``cli/``, ``api/``, ``wordlists/`` beside ``novelty/``, where
   ``novelty/__init__.py`` finds them).
2. The copy's ``_core`` is built by gcc from ``novelty/csrc/*.c`` with buildcore.sh's flags
   (``same_search.CORE_FLAGS``) then :data:`SANITIZE` (``-O1 -g``; ``-fno-sanitize-recover=undefined``, so that
   undefined behaviour aborts the process instead of printing and going on).
3. Two children run with the copy first on ``PYTHONPATH`` (checked: they load the sanitized core), ``LD_PRELOAD``
   gcc's libasan (Python is not built with ASan: its runtime must come first), ``PYTHONMALLOC=malloc`` (Python's
   objects then come from ASan's allocator: an object the core overruns, frees twice or leaks is seen too), and
   ASan's ``log_path`` in the temporary folder, which keeps ASan's and LeakSanitizer's reports from every process
   (the tests' own subprocesses too) whatever captures their output:

   - ``python -m pytest -p no:cacheprovider -p no:faulthandler --capture=sys -rfE`` on :data:`TESTS` (through a
     one-line wrapper recording pytest's exit status, which a leak report at exit would replace). UBSan, loaded
     beside a preloaded ASan, writes to stderr whatever its own ``log_path`` says: ``--capture=sys`` leaves file
     descriptor 2 alone, so what C code writes there reaches the child's output, which is shown and read;
   - ``python tools/same_search.py --quick --after-only --objects --cpu-rounds 0`` from the copy: the quick
     situations, each run three more times counting the objects Python's collector tracks by type (a list or dict
     the core never releases stays linked in the collector's lists, where LeakSanitizer counts it reachable), with
     ``fast_unwind_on_malloc=0``: a Python object the core leaks is allocated in libpython, built without frame
     pointers, where ASan's fast unwinder stops before reaching the core.

4. The reports are read back. Every AddressSanitizer error and UBSan runtime error counts. A LeakSanitizer record
   counts when its allocation stack passes through the core (a frame in ``novelty/csrc/`` or the ``_core`` library),
   and when its stack stops inside Python (it may be the core's: ``--slow-unwind`` follows the pytest child's whole
   stacks too, at several times the cost); records whose stack reaches another library in site-packages (pydantic's
   and jsonschema-rs's Rust code leak a few at exit) are listed, not counted. Python 3.11 itself leaks nothing here.
   ``--no-leaks`` turns leak detection off.

Prints each command it runs, then ``CLEAN`` or the first sanitizer report (whole) and a count of the rest. Test
failures are reported apart: those of :data:`TIME_BOUND` (asserting seconds or megabytes, which the sanitizers'
slowdown and quarantine may break) are listed as expected; :data:`DESELECT` names the tests not run, and why.
Exit status: 0 clean and no unexpected test failure, 1 a sanitizer report or objects left behind, 2 an unexpected
test failure without a sanitizer report (or the build failed). About 3 minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from same_search import core_command  # noqa: E402  (tools/ is no package: found beside this file)

SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1", "-g", "-fno-sanitize-recover=undefined"]
"""Added after buildcore.sh's flags (the later -O1 wins over its -O2)."""

TESTS = ["tests/test_solver*.py", "tests/test_core_scorer.py", "tests/test_choosing.py", "tests/test_doubling.py",
         "tests/test_anagram_bounds.py", "tests/test_limits.py", "tests/test_advise.py", "tests/test_variant.py",
         "tests/test_play_scoring.py", "tests/test_cache_damage.py", "tests/test_selfplay.py",
         "tests/test_selfplay_motifs.py", "tests/test_cli.py", "tests/test_ceiling.py", "tests/test_cli_best.py"]
"""Test files that run the core in-process (``solve``, ``solve_choosing``, ``best_total``, ``_core`` itself, the
advice and self-play policies built on them, damaged word-list caches, ``novelty best`` through click's runner),
globs from the repository root. Not the page, API-server and browser tests, whose chromium and servers would run
under ASan for nothing."""

DESELECT = {
    "tests/test_cache_damage.py::test_a_damaged_step_index_is_rebuilt_not_trusted":
        "its `novelty best` subprocess gets a new environment (PATH and NOVELTY_CACHE_DIR only), so the ASan runtime "
        "cannot be preloaded there, and the sanitized core refuses to load without it",
}
"""Tests not run under the sanitizers, and why."""

TIME_BOUND = {
    "tests/test_limits.py::test_the_cli_reproducer_answers_within_its_one_second_limit",
    "tests/test_limits.py::test_forty_cards_twenty_two_wilds_ten_motifs_keep_the_api_limit",
    "tests/test_limits.py::test_short_limits_are_kept_and_still_answer_with_a_real_play",
    "tests/test_limits.py::test_the_forty_card_search_keeps_its_memory_capped",
    "tests/test_limits.py::test_a_big_hand_whose_first_priced_walk_is_slow_still_answers_a_bound_from_prices",
    "tests/test_limits.py::test_decision_help_on_the_forty_card_hand_keeps_its_limit",
    "tests/test_anagram_bounds.py::test_the_heaviest_rack_is_quick_and_small",
    "tests/test_ceiling.py::test_the_companion_pages_heavy_hand_answers_a_bound_a_player_can_use",
    "tests/test_ceiling.py::test_a_sixteen_card_hand_whose_walk_finishes_is_still_proved",
    "tests/test_limits.py::test_a_big_hand_under_a_clock_finds_the_words_holding_two_doubles",
    "tests/test_limits.py::test_a_big_hand_under_a_clock_holds_its_doubles_in_words_whose_cards_are_worth_least_elsewhere",
}
"""Tests asserting seconds or megabytes: run (they reach the core all the same), but their failure under the
sanitizers' slowdown (every Python allocation goes through ASan) and quarantine is expected, not a finding."""

SKIP_TOP = {".git", ".venv", "venv", "node_modules", "build", "dist", ".hypothesis", ".pytest_cache", ".mypy_cache",
            ".ruff_cache", ".tox"}
"""Top-level folders of the repository not copied."""

CORE_FRAME = re.compile(r"novelty/csrc/|/_core[\w.-]*\.so")
"""A stack frame in the core (symbolized: its source file; not: its library)."""

UBSAN_ERROR = re.compile(r"^.*runtime error: .*$", re.M)


def copy_repository(source: Path, where: Path) -> Path:
    """Copy ``source`` to ``where/repo`` without VCS, virtual environments, caches or compiled cores; return it."""
    target = where / "repo"

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = {n for n in names if n == "__pycache__" or n.endswith(".egg-info")}
        if Path(folder) == source:
            skipped |= SKIP_TOP & set(names)
        if Path(folder) == source / "novelty":
            skipped |= {n for n in names if n.startswith("_core") and n.endswith(".so")}
        return skipped

    shutil.copytree(source, target, ignore=ignore, symlinks=True)
    return target


def build(repo: Path) -> bool:
    """Build the copy's sanitized core; print the command and the compiler's output; return whether it built."""
    command = core_command(repo / "novelty", SANITIZE)
    print("$", " ".join(command), flush=True)
    started = time.perf_counter()
    done = subprocess.run(command, check=False)
    print(f"  ({time.perf_counter() - started:.1f} s)")
    return done.returncode == 0


def environment(repo: Path, logs: Path, leaks: bool, slow_unwind: bool) -> dict[str, str]:
    """Return a child's environment: the sanitizer runtime preloaded, the copy first, ASan's reports to ``logs``."""
    libasan = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True,
                             check=True).stdout.strip()
    if not os.path.isabs(libasan):
        sys.exit(f"gcc does not know where libasan.so is (it answered {libasan!r}): install libasan")
    asan = [f"detect_leaks={int(leaks)}", f"log_path={logs / 'asan'}", "halt_on_error=1", "abort_on_error=0",
            "symbolize=1", "print_summary=1", "detect_odr_violation=0"]
    if slow_unwind:
        asan.append("fast_unwind_on_malloc=0")
    env = dict(os.environ)
    env.update({
        "LD_PRELOAD": " ".join([libasan, *filter(None, [os.environ.get("LD_PRELOAD")])]),
        "PYTHONPATH": os.pathsep.join([str(repo), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "PYTHONMALLOC": "malloc",
        "PYTHONDONTWRITEBYTECODE": "1",
        "ASAN_OPTIONS": ":".join(asan),
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
    })
    symbolizer = shutil.which("llvm-symbolizer")
    if symbolizer:
        env["ASAN_SYMBOLIZER_PATH"] = symbolizer
    return env


def shown(env: dict[str, str], command: Sequence[str], cwd: Path) -> str:
    """Return a command as a shell line a reader can run again."""
    names = ("LD_PRELOAD", "PYTHONPATH", "PYTHONMALLOC", "ASAN_OPTIONS", "UBSAN_OPTIONS")
    settings = " ".join(f"{n}='{env[n]}'" for n in names)
    return f"cd {cwd} && {settings} {' '.join(repr(c) if ' ' in c else c for c in command)}"


def run(env: dict[str, str], command: list[str], cwd: Path) -> tuple[int, float, str]:
    """Run one child, its output and errors shown as they come; return its exit status, seconds and output."""
    print("$", shown(env, command, cwd), flush=True)
    started = time.perf_counter()
    lines = []
    with subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace") as child:
        assert child.stdout is not None
        for line in child.stdout:
            sys.stdout.write(line)
            lines.append(line)
        code = child.wait()
    sys.stdout.flush()
    return code, time.perf_counter() - started, "".join(lines)


@dataclass
class Findings:
    """What the sanitizers reported: error reports and counted leak records (whole), other leak records by stack."""

    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    elsewhere: Counter[str] = field(default_factory=Counter)

    def count(self) -> int:
        return len(self.errors) + len(self.leaks)


def top_frames(block: str) -> str:
    """Return the allocation's first callers (function, else library) in a leak record, below malloc."""
    frames = re.findall(r"#\d+ 0x[0-9a-f]+ in (\S+)|#\d+ 0x[0-9a-f]+ +\((\S+?)\+", block)
    names: list[str] = []
    for a, b in frames[1:]:
        name = a or os.path.basename(b)
        if not names or names[-1] != name:
            names.append(name)
    return " < ".join(names[:3]) or block.splitlines()[0]


def read_reports(logs: Path, findings: Findings) -> None:
    """Read every ASan log in ``logs`` into ``findings``, and remove it (the next child writes its own)."""
    for path in sorted(logs.iterdir()):
        text = path.read_text(errors="replace")
        path.unlink()
        process = f"[{path.name}] "
        if "ERROR: LeakSanitizer" in text:
            for block in re.split(r"\n\s*\n", text):
                if not re.match(r"\s*(Direct|Indirect) leak of", block):
                    continue
                if CORE_FRAME.search(block):
                    findings.leaks.append(process + "(through the core) " + block.strip())
                elif "site-packages/" in block:
                    findings.elsewhere[top_frames(block)] += 1
                else:
                    findings.leaks.append(process + "(its stack stops in Python: rerun with --slow-unwind to see "
                                          "whether the core made it) " + block.strip())
            text = text.split("ERROR: LeakSanitizer")[0]
        if re.search(r"ERROR: \w+Sanitizer|runtime error:", text):
            findings.errors.append(process + text.strip())


def read_output(output: str, findings: Findings) -> None:
    """Add the UBSan reports in a child's output to ``findings``."""
    for match in UBSAN_ERROR.finditer(output):
        report = [match.group(0)]
        for line in output[match.end() + 1:].splitlines()[:80]:
            if not line.startswith((" ", "\t", "0x")):
                break
            report.append(line)
        findings.errors.append("[output] " + "\n".join(report))


def pytest_command(repo: Path, tests: Sequence[str], status: Path) -> list[str]:
    """Return the pytest child: pytest's exit status is written to ``status`` before the leak check at exit."""
    files = sorted({str(p.relative_to(repo)) for pattern in tests for p in repo.glob(pattern)})
    if not files:
        sys.exit(f"no test files match {list(tests)} in {repo}")
    deselect = [arg for node in DESELECT if node.split("::")[0] in files for arg in ("--deselect", node)]
    args = ["-p", "no:cacheprovider", "-p", "no:faulthandler", "--capture=sys", "-rfE", "-q", *deselect, *files]
    wrapper = (f"import sys, pytest; status = int(pytest.main({args!r})); "
               f"open({str(status)!r}, 'w').write(str(status)); sys.exit(status)")
    return [sys.executable, "-c", wrapper]


def run_tests(repo: Path, where: Path, env: dict[str, str], tests: Sequence[str], findings: Findings) -> list[str]:
    """Run the tests under the sanitizers; return the unexpected failures (their reports go to ``findings``)."""
    for node, why in DESELECT.items():
        print(f"Not run: {node}: {why}")
    status_file = where / "pytest-status"
    code, seconds, output = run(env, pytest_command(repo, tests, status_file), repo)
    status = status_file.read_text() if status_file.exists() else None
    print(f"  pytest: exit status {status if status is not None else '(none: the process died)'}, "
          f"process {code}, {seconds:.0f} s")
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", output, re.M)
    expected = [node for node in failed if node.split("[")[0] in TIME_BOUND]
    if expected:
        print(f"  failed as expected under the sanitizers (they assert seconds or megabytes): {', '.join(expected)}")
    read_reports(where / "logs", findings)
    read_output(output, findings)
    if status == "0" or (failed and len(expected) == len(failed)):
        return []
    unexpected = [n for n in failed if n not in expected]
    return [f"pytest exit status {status or 'none (the process died)'}"
            + (f", failed: {', '.join(unexpected)}" if unexpected else "")]


def run_situations(repo: Path, where: Path, env: dict[str, str], findings: Findings) -> list[str]:
    """Run same_search's quick situations under the sanitizers; return what went wrong beside their reports."""
    command = [sys.executable, "tools/same_search.py", "--quick", "--after-only", "--objects", "--cpu-rounds", "0"]
    code, seconds, output = run(env, command, repo)
    print(f"  same_search --quick --after-only --objects: exit status {code}, {seconds:.0f} s")
    before = findings.count()
    read_reports(where / "logs", findings)
    read_output(output, findings)
    grew = re.search(r"(\d+) raised or left objects behind", output)
    if grew and grew.group(1) != "0":
        lines = output.splitlines()
        marked = [f"{lines[i - 1]}\n{line}" if "LEFT BEHIND" in line else line for i, line in enumerate(lines)
                  if "LEFT BEHIND" in line or "  raised " in line]
        findings.errors.append(f"[same_search] {grew.group(1)} situation(s) raised or left Python objects behind:\n"
                               + "\n".join(marked[:20]))
    elif code and findings.count() == before:
        return [f"same_search's situations: exit status {code}"]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--source", type=Path, default=ROOT, help=f"the repository to sanitize (default {ROOT})")
    parser.add_argument("--tests", nargs="+", default=TESTS, metavar="GLOB", help="test files (default: TESTS)")
    parser.add_argument("--no-tests", action="store_true", help="run no tests")
    parser.add_argument("--no-situations", action="store_true", help="skip same_search.py's situations")
    parser.add_argument("--no-leaks", action="store_true", help="detect_leaks=0")
    parser.add_argument("--slow-unwind", action="store_true",
                        help="fast_unwind_on_malloc=0 in the pytest child too: whole leak stacks, several times slower")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copy (its path is printed)")
    args = parser.parse_args()
    started = time.perf_counter()
    where = Path(tempfile.mkdtemp(prefix="novelty-sanitize-"))
    try:
        repo = copy_repository(args.source.resolve(), where)
        print(f"Copied {args.source.resolve()} to {repo}")
        if not build(repo):
            print("BUILD FAILED: nothing was run")
            return 2
        (where / "logs").mkdir()
        env = environment(repo, where / "logs", not args.no_leaks, args.slow_unwind)
        probe = [sys.executable, "-c", "import novelty._core as c; print(c.__file__)"]
        found = subprocess.run(probe, cwd=where, env=env, capture_output=True, text=True, check=False)
        if found.returncode or not found.stdout.strip().startswith(str(repo)):
            print(f"the children would not load the sanitized core:\n{found.stdout}{found.stderr}")
            return 2
        print(f"The children load {found.stdout.strip()}")
        findings, failures = Findings(), []
        if not args.no_tests:
            failures += run_tests(repo, where, env, args.tests, findings)
        if not args.no_situations:
            slow = environment(repo, where / "logs", not args.no_leaks, True)
            failures += run_situations(repo, where, slow, findings)
        print(f"\nSanitizers ({' '.join(SANITIZE)}; leak detection {'off' if args.no_leaks else 'on'}), "
              f"{time.perf_counter() - started:.0f} s:")
        for stack, n in findings.elsewhere.most_common(10):
            print(f"  leak in another library (not counted), {n} record(s): {stack}")
        if findings.count():
            first = (findings.errors or findings.leaks)[0]
            print(f"  {len(findings.errors)} error report(s), {len(findings.leaks)} counted leak record(s). "
                  "The first:\n")
            print("\n".join(first.splitlines()[:120]))
            return 1
        print("  CLEAN: no AddressSanitizer or UBSan error, no leak through the core, no object left behind")
        if failures:
            print("  but: " + "; ".join(failures) + " (no sanitizer report: see the output above)")
            return 2
        return 0
    finally:
        if args.keep:
            print(f"(kept {where})")
        else:
            shutil.rmtree(where, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
