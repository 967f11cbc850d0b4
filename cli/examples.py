"""``novelty example``: the example input of each command that reads FILE.json, shipped with the package."""

from __future__ import annotations

import os

import click

from novelty.cli.common import fail

#: Example name -> the command that reads it. The files are examples/NAME.json (package data, novelty.examples).
EXAMPLES = {
    "round": "novelty round",
    "game": "novelty game",
    "othello": "novelty othello score",
    "othello-intermission": "novelty othello score",
    "thespianage": "novelty thespianage score",
    "stage-blood": "novelty stage-blood score",
    "stage-blood-round": "novelty stage-blood resolve",
    "mood-x-turn": "novelty mood-x turn",
    "mood-x-game": "novelty mood-x game",
    "variant": "novelty cards --variant",
}

FILES = {"variant": "variant.toml"}
"""Examples whose file is not NAME.json: a variant file is TOML (JSON works too)."""


def example_file(name: str) -> str:
    """Return the file name of the example ``name`` in examples/."""
    return FILES.get(name, f"{name}.json")


def example_text(name: str) -> str:
    """Return the example input ``name`` (a key of :data:`EXAMPLES`) as shipped."""
    from importlib.resources import files

    return files("novelty.examples").joinpath(example_file(name)).read_text(encoding="utf-8")


def example_hint(command: str) -> str:
    """Return the help sentence naming the example inputs of ``command`` (``novelty round``...)."""
    names = [name for name, reader in EXAMPLES.items() if reader == command]
    shown = " or ".join(f"'novelty example {name}'" for name in names)
    return f"An example input: {shown} prints one ('novelty example {names[0]} | {command} -')."


@click.command()
@click.argument("name", required=False)
def example(name: str | None) -> None:
    """Print the example input NAME, or list them all with the command that reads each."""
    if name is None:
        width = max(map(len, EXAMPLES))
        for known, reader in EXAMPLES.items():
            click.echo(f"{known:<{width}}  {reader} FILE{os.path.splitext(example_file(known))[1]}")
        return
    if name not in EXAMPLES:
        fail(f"no example {name!r}: one of {', '.join(EXAMPLES)}")
    click.echo(example_text(name), nl=False)
