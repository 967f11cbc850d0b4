"""The locked test environment (issue 21): requirements/test.txt pins everything pyproject.toml asks for."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from check_latest import LOCK, canonical, differences, pins  # noqa: E402


def requirements() -> list[Requirement]:
    """Return the runtime and test requirements, the extras the test extra names of novelty itself included."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found, extras = [Requirement(text) for text in project["dependencies"]], ["test"]
    while extras:
        for requirement in map(Requirement, project["optional-dependencies"][extras.pop()]):
            if requirement.name == "novelty":
                extras += sorted(requirement.extras)
            else:
                found.append(requirement)
    return found


def test_the_lock_pins_every_dependency_inside_its_range() -> None:
    locked = pins(LOCK.read_text(encoding="utf-8"))
    for requirement in requirements():
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        version = locked.get(canonical(requirement.name))
        assert version is not None, f"{requirement.name} is not in the lock"
        assert requirement.specifier.contains(version, prereleases=True), (requirement, version)


def test_the_ranges_in_pyproject_pin_nothing_exactly() -> None:
    # A library must not pin its users to exact versions: the lock is for tests and CI.
    for requirement in requirements():
        assert all(spec.operator not in ("==", "===") for spec in requirement.specifier), requirement


def test_the_lock_says_how_to_regenerate_it() -> None:
    header = LOCK.read_text(encoding="utf-8").split("\n\n")[0]
    assert "python tools/check_latest.py --refresh" in header and "uv pip compile pyproject.toml" in header


def test_the_difference_report_names_each_change_and_skips_other_platforms() -> None:
    lock = "click==8.5.1\n    # via x\ncolorama==0.4.6 ; sys_platform == 'win32'\nPyYAML==6.0.2\n"
    newest = "click==8.6.0\npyyaml==6.0.2\nrich==14.0\n"
    conditional = set(pins(lock)) - set(pins(lock, marked=False))
    lines = differences(pins(lock), pins(newest), conditional)
    assert [line.split()[0] for line in lines] == ["click", "rich"]
    assert "8.5.1" in lines[0] and "8.6.0" in lines[0] and "not in the lock" in lines[1]


def test_the_readme_test_command_installs_through_the_lock() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "pip install -c requirements/test.txt -e '.[test]' && python -m pytest"
    assert command in readme
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
