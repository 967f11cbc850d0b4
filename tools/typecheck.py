"""Type-check the package as it installs: ``python tools/typecheck.py [MYPY_ARG...]``.

The repository keeps cli/, api/, wordlists/ and examples/ beside novelty/ (the design fixes the folders), and
they install as novelty.cli, novelty.api, ... (pyproject.toml's package-dir). mypy cannot follow that mapping,
so an import of ``novelty.cli.common`` would be unchecked (Any). This builds the installed layout as a tree of
symbolic links in a temporary folder, runs mypy on it and on tools/, and prints mypy's report with each path
put back as it is in the repository. It exits with mypy's status.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAPPED = {"cli": "cli", "api": "api", "wordlists": "wordlists", "examples": "examples"}
"""Subpackage of novelty -> the repository folder it installs from (as in pyproject.toml)."""


def installed_view(where: Path) -> Path:
    """Lay out ``where/novelty`` as the wheel installs it, out of symbolic links into the repository."""
    package = where / "novelty"
    package.mkdir()
    for entry in (ROOT / "novelty").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name, folder in MAPPED.items():
        (package / name).symlink_to(ROOT / folder, target_is_directory=True)
    return package


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="novelty-types-") as tmp:
        installed_view(Path(tmp))
        done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                               "novelty", str(ROOT / "tools"), *sys.argv[1:]],
                              cwd=tmp, capture_output=True, text=True, check=False)
        report = done.stdout + done.stderr
        for name, folder in MAPPED.items():
            report = report.replace(f"novelty{os.sep}{name}{os.sep}", f"{folder}{os.sep}")
        print(report.replace(str(ROOT) + os.sep, ""), end="")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
