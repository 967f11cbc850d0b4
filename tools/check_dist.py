"""Check the release files as a user meets them: ``python tools/check_dist.py [--sdist-tests]``.

1. Builds the sdist and the manylinux wheel (``tools/build_dist.py``) into a temporary folder.
2. Checks the wheel holds nothing outside the ``novelty`` package and its metadata (no top-level ``cli``,
   ``api`` or ``wordlists`` to collide with another project's), and carries the licence files.
3. Installs the wheel into a fresh virtualenv from an empty folder, with no C compiler on PATH, and runs a
   smoke test of every command there (each ``--help``, and each command on a real input), the API's health
   and a word check through ``novelty serve`` included.
4. With ``--sdist-tests``: unpacks the sdist, installs it as the README says and runs its whole test suite.

Exits non-zero at the first failure, saying what failed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_dist import build  # noqa: E402

#: (arguments, what the output must hold): each command run on a real input, from an empty folder.
SMOKE = [
    (["--version"], "version"),
    (["check", "quixotic"], "QUIXOTIC  playable"),
    (["anagram", "retinas", "--min", "7"], "RETINAS"),
    (["cards", "--letter", "th"], "th1"),
    (["motifs"], "48 motifs"),
    (["score", "k3 o1 t3 o2", "--motif", "assonance"], "KOTO"),
    (["challenge", "quixotic", "--by", "Ann"], "playable"),
    (["best", "--hand", "th2 e4 m1 e1 s1 a1 r1 t1", "--top", "1"], "Play 1:"),
    (["advise", "escaped", "--hand", "th2 e4 m1 e1 s1 a1 r1 t1", "--motif", "escaped-from-captivity"], "1."),
    (["example"], "novelty round FILE.json"),
]


def fail(message: str) -> None:
    """Stop with ``message``."""
    raise SystemExit(f"check_dist: {message}")


def check_wheel_contents(wheel: Path) -> None:
    """Fail unless every file of ``wheel`` is inside ``novelty/`` or its metadata, licences included."""
    names = zipfile.ZipFile(wheel).namelist()
    outside = sorted({n.split("/")[0] for n in names} - {"novelty"} - {n.split("/")[0] for n in names
                                                                        if ".dist-info/" in n or ".data/" in n})
    if outside:
        fail(f"the wheel installs outside novelty/: {outside}")
    top = next(n for n in names if n.endswith(".dist-info/top_level.txt"))
    if zipfile.ZipFile(wheel).read(top).split() != [b"novelty"]:
        fail(f"top_level.txt is not just novelty: {zipfile.ZipFile(wheel).read(top)!r}")
    for needed in ("licenses/LICENSE", "licenses/wordlists/LICENSE", "novelty/wordlists/twl.txt",
                   "novelty/examples/round.json", "novelty/api/static/index.html", "novelty/cli/nginx.conf"):
        if not any(n.endswith(needed) for n in names):
            fail(f"the wheel lacks {needed}")
    print(f"wheel contents: {len(names)} files, all under novelty/ and its metadata")


def fresh_env(where: Path) -> Path:
    """Return the bin folder of a new virtualenv at ``where``."""
    venv.create(where, with_pip=True)
    return where / "bin"


def no_compiler_env(bin_dir: Path, home: Path) -> dict[str, str]:
    """Return an environment whose PATH holds the virtualenv and the basic tools, but no C compiler."""
    tools = home / "tools"
    tools.mkdir()
    for name in ("sh", "env", "cat", "ls"):
        found = shutil.which(name)
        if found:
            (tools / name).symlink_to(found)
    return {"PATH": f"{bin_dir}{os.pathsep}{tools}", "HOME": str(home), "NOVELTY_CACHE_DIR": str(home / "cache"),
            "LANG": "C.UTF-8", **{k: v for k, v in os.environ.items() if k.startswith("PIP_")}}


def smoke(bin_dir: Path, env: dict[str, str], cwd: Path) -> None:
    """Run every command of the installed ``novelty`` (each --help, then each on a real input)."""
    novelty = str(bin_dir / "novelty")

    def run(*args: str, stdin: str | None = None) -> str:
        done = subprocess.run([novelty, *args], input=stdin, capture_output=True, text=True, env=env, cwd=cwd,
                              timeout=120, check=False)
        if done.returncode not in (0, 1):
            fail(f"novelty {' '.join(args)} exited {done.returncode}: {done.stderr.strip()[-500:]}")
        return done.stdout

    commands = [line.split()[0] for line in run("--help").split("Commands:\n")[1].splitlines()]
    for command in commands:
        run(command, "--help")
    for args, expected in SMOKE:
        if expected not in run(*args):
            fail(f"novelty {' '.join(args)} did not print {expected!r}")
    listed = [line.split()[0] for line in run("example").splitlines()]
    readers = {line.split()[0]: line.split()[1:-1] for line in run("example").splitlines()}
    for name in listed:
        run(*readers[name][1:], "-", stdin=run("example", name))
    serve_smoke(novelty, env, cwd)
    print(f"smoke test: {len(commands)} commands' help, {len(SMOKE)} runs, {len(listed)} examples, the API")


def serve_smoke(novelty: str, env: dict[str, str], cwd: Path) -> None:
    """Start ``novelty serve`` on a free port, ask its health and a word, and stop it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([novelty, "serve", "--port", str(port), "--workers", "1"], env=env, cwd=cwd,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/words/quixotic", timeout=5) as response:
                    if json.load(response)["valid"] is not True:
                        fail("the API did not find QUIXOTIC playable")
                    return
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    fail("novelty serve did not answer within 60 s")
                time.sleep(0.3)
    finally:
        server.terminate()
        server.wait(timeout=30)


def sdist_tests(sdist: Path, where: Path) -> None:
    """Unpack ``sdist``, install it as the README says, and run its whole test suite."""
    with tarfile.open(sdist) as archive:
        archive.extractall(where, filter="data")
    tree = next(where.iterdir())
    bin_dir = fresh_env(where / "venv")
    command = "pip install -q -c requirements/test.txt -e '.[test]' && python -m pytest -x"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(where / "venv")}
    done = subprocess.run(["sh", "-c", command], cwd=tree, env=env, check=False)
    if done.returncode:
        fail(f"the sdist's test suite failed (exit {done.returncode})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sdist-tests", action="store_true", help="also run the sdist's whole test suite")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="novelty-dist-") as tmp:
        where = Path(tmp)
        made = build(where / "dist", quiet=True)
        wheel = next(p for p in made if p.suffix == ".whl")
        sdist = next(p for p in made if p.name.endswith(".tar.gz"))
        print(f"built {wheel.name} and {sdist.name}")
        check_wheel_contents(wheel)
        bin_dir = fresh_env(where / "venv")
        home = where / "home"
        home.mkdir()
        env = no_compiler_env(bin_dir, home)
        if shutil.which("cc", path=env["PATH"]) or shutil.which("gcc", path=env["PATH"]):
            fail("a C compiler is on the smoke test's PATH")
        subprocess.run([str(bin_dir / "pip"), "install", "-q", str(wheel)], cwd=home, env=env, check=True)
        smoke(bin_dir, env, home)
        if options.sdist_tests:
            sdist_tests(sdist, where / "sdist")
            print("the sdist's whole test suite passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
