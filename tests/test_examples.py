"""Example inputs ship with the package (issue 27): `novelty example NAME` prints each, every command that reads
FILE.json names its example in --help, and each example is accepted by that command."""

from __future__ import annotations

import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from novelty.cli.examples import EXAMPLES, FILES, example_file
from novelty.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_every_example_file_is_listed_and_every_listed_one_ships() -> None:
    shipped = [*(ROOT / "examples").glob("*.json"), *(ROOT / "examples").glob("*.toml")]
    assert {p.stem for p in shipped} == set(EXAMPLES) and {p.name for p in shipped} >= set(FILES.values())


@pytest.mark.parametrize(("name", "reader"), EXAMPLES.items())
def test_each_example_is_printed_and_read_by_its_command(runner: CliRunner, name: str, reader: str) -> None:
    printed = runner.invoke(main, ["example", name])
    assert printed.exit_code == 0 and printed.stdout == (ROOT / "examples" / example_file(name)).read_text()
    read = runner.invoke(main, [*shlex.split(reader)[1:], "-"], input=printed.stdout)
    assert read.exit_code == 0, read.output


def file_commands(group: click.Group, ctx: click.Context, path: str = "novelty") -> list[tuple[str, click.Command]]:
    """Return every command under ``group`` that takes a FILE.json argument, with its command line."""
    found = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            found += file_commands(command, click.Context(command, parent=ctx, info_name=name), f"{path} {name}")
        elif any(getattr(p, "metavar", None) == "FILE.json" for p in command.params):
            found.append((f"{path} {name}", command))
    return found


def test_every_command_reading_a_file_names_its_example_in_help(runner: CliRunner) -> None:
    commands = file_commands(main, click.Context(main, info_name="novelty"))
    assert {line for line, _ in commands} == {reader for name, reader in EXAMPLES.items() if name not in FILES}
    for line, _ in commands:
        page = runner.invoke(main, [*line.split()[1:], "--help"]).stdout
        assert "An example input: 'novelty example " in page.replace("\n  ", " "), line


def test_the_list_names_the_reader_and_a_wrong_name_is_refused(runner: CliRunner) -> None:
    listing = runner.invoke(main, ["example"]).stdout
    assert "stage-blood-round     novelty stage-blood resolve FILE.json" in listing
    wrong = runner.invoke(main, ["example", "nope"])
    assert wrong.exit_code == 2 and wrong.stderr.startswith("novelty: error: no example 'nope': one of round, game")
