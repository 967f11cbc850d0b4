"""Run the whole test suite on the newest releases pyproject.toml allows, and say what differs from the lock.

    python tools/check_latest.py [--refresh] [--keep] [PYTEST_ARG...]

It makes a fresh virtualenv, installs the project with its test extras and no constraints (so pip takes the
newest release each range allows), runs ``python -m pytest`` there, and prints every package whose version
differs from the lock, ``requirements/test.txt``. With ``--refresh``, once the suite passes, it rewrites the
lock from ``pyproject.toml`` with ``uv pip compile`` (installed into that virtualenv), so the lock only ever
moves to releases the suite has passed on. It exits with pytest's status (or uv's, if that fails).

A newest release that breaks us is pinned around in pyproject.toml's ranges with a comment naming the upstream
problem, or the broken integration is dropped (issue 21).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "test.txt"
COMPILE = ["pip", "compile", "pyproject.toml", "--extra", "test", "--universal", "--python-version", "3.11",
           "--upgrade", "--no-header", "--output-file", str(LOCK.relative_to(ROOT))]
HEADER = f"""\
# The locked test environment: the exact version of every runtime and test dependency, for the tests and CI.
# pyproject.toml keeps the ranges a user of the library gets; this file is only ever used as constraints:
#    pip install -c requirements/test.txt -e '.[test]' && python -m pytest
# Regenerated (after the whole suite passed on the newest releases pyproject.toml allows) by
#    python tools/check_latest.py --refresh
# which runs: uv {' '.join(COMPILE)}
"""


def canonical(name: str) -> str:
    """Return a distribution name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(text: str, marked: bool = True) -> dict[str, str]:
    """Return ``{name: version}`` of every ``name==version`` line of a lock or of ``pip freeze``.

    Without ``marked``, lines with an environment marker (``colorama==0.4.6 ; sys_platform == 'win32'``) are
    left out: whether they apply here is pip's business, and a package missing for that reason is no news.
    """
    found = {}
    for line in text.splitlines():
        if (match := re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)(\s*;)?", line)) and (marked or not match[3]):
            found[canonical(match[1])] = match[2]
    return found


def differences(locked: dict[str, str], newest: dict[str, str], conditional: set[str]) -> list[str]:
    """Return one line per package whose version differs between the lock and the newest environment.

    A ``conditional`` package (one with a marker in the lock) that is not installed here is no difference.
    """
    lines = []
    for name in sorted(locked.keys() | newest.keys()):
        if name not in newest and name in conditional:
            continue
        old, new = locked.get(name), newest.get(name)
        if old != new:
            lines.append(f"  {name:<28} {old or '(not in the lock)':<20} -> {new or '(not installed)'}")
    return lines


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, text=True, check=False, **kwargs)  # type: ignore[call-overload]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", action="store_true", help="rewrite the lock once the suite passes")
    parser.add_argument("--keep", action="store_true", help="keep the virtualenv and print where it is")
    options, pytest_args = parser.parse_known_args()
    where = Path(tempfile.mkdtemp(prefix="novelty-latest-"))
    try:
        return check(where / "venv", options.refresh, pytest_args)
    finally:
        if options.keep:
            print(f"the virtualenv: {where / 'venv'}")
        else:
            shutil.rmtree(where)


def check(env: Path, refreshing: bool, pytest_args: list[str]) -> int:
    """Install the newest releases into a new virtualenv at ``env``, run the suite, report; refresh if asked."""
    venv.create(env, with_pip=True)
    python = str(env / "bin" / "python")
    started = time.monotonic()
    if run([python, "-m", "pip", "install", "--quiet", "--upgrade", "-e", ".[test]"]).returncode:
        print("check_latest: the newest releases did not install", file=sys.stderr)
        return 2
    installed = time.monotonic()
    tests = run([python, "-m", "pytest", *pytest_args])
    tested = time.monotonic()
    frozen = run([python, "-m", "pip", "freeze", "--exclude-editable"], capture_output=True).stdout
    lock = LOCK.read_text(encoding="utf-8")
    changed = differences(pins(lock), pins(frozen), set(pins(lock)) - set(pins(lock, marked=False)))
    print(f"\ninstall {installed - started:.0f} s, tests {tested - installed:.0f} s, pytest exit {tests.returncode}")
    print(f"{len(changed)} package(s) differ from {LOCK.relative_to(ROOT)} (lock -> newest):", *changed, sep="\n")
    return tests.returncode or (refresh(python) if refreshing else 0)


def refresh(python: str) -> int:
    """Rewrite the lock from pyproject.toml with uv, installed into the virtualenv of ``python``."""
    if run([python, "-m", "pip", "install", "--quiet", "uv"]).returncode:
        return 2
    uv = run([python, "-m", "uv", *COMPILE], capture_output=True)
    if uv.returncode:
        print(uv.stderr, file=sys.stderr)
        return uv.returncode
    LOCK.write_text(HEADER + LOCK.read_text(encoding="utf-8"), encoding="utf-8")
    print(f"refreshed {LOCK.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
