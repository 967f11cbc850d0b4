"""The theatre games' commands (``novelty othello score``, ``novelty stage-blood resolve``...), from the registry."""

from __future__ import annotations

from typing import Any

import click

from novelty.cli.common import NoveltyGroup, emit_json, human, json_option, read_json
from novelty.cli.examples import example_hint
from novelty.games import Game, games

#: The command name each game is reached by (its other names and aliases work too).
COMMAND_NAMES = {"tragedy-of-othello": "othello", "thespianage": "thespianage", "stage-blood": "stage-blood",
                 "mood-x": "mood-x"}


def print_result(out: dict[str, Any]) -> None:
    """Print a game result as a table: each player's line items and total, then the outcome."""
    width = max([len(i["label"]) for p in out["players"] for i in p["items"]] + [12])
    for player in out["players"]:
        click.echo(f"{player['name']}: {player['total']}")
        for item in player["items"]:
            detail = f"   {item['detail']}" if item["detail"] else ""
            click.echo(f"  {item['label']:<{width}} {item['points']:>5}{detail}")
    for key in ("play_total", "needed", "success", "next_act", "next_lead", "protagonist", "storyteller",
                "season_over", "finished"):
        if key in out:
            click.echo(f"{key.replace('_', ' ')}: {human(out[key])}")
    for line in out.get("log", []):
        click.echo(f"  {line}")
    if out["winners"]:
        click.echo(f"Winner{'s' if len(out['winners']) > 1 else ''}: {', '.join(out['winners'])}")
    for ruling in out["rulings"]:
        click.echo(f"ruling: {ruling}")


def _action_command(game: Game, action: str) -> click.Command:
    act = game.actions[action]

    @click.command(name=action, help=f"{act.summary} Reads FILE.json ('-' for stdin).",
                   epilog=example_hint(f"novelty {COMMAND_NAMES[game.id]} {action}"))
    @click.argument("file", metavar="FILE.json")
    @json_option
    def command(file: str, as_json: bool) -> None:
        out = game.run(action, read_json(file)).to_dict()
        if as_json:
            emit_json(out)
        else:
            click.echo(game.title)
            print_result(out)

    return command


def game_group(game_id: str) -> NoveltyGroup:
    """Return the command group of the registered game ``game_id``: a command per action."""
    game = games()[game_id]
    name = COMMAND_NAMES[game.id]
    also = "" if name == game.id else f"; also {game.id}"  # the game's full id names it too
    group = NoveltyGroup(name=name, help=f"{game.title} ({game.players[0]}-{game.players[1]} players{also}): "
                                         f"{', '.join(game.actions)}.")
    for action in game.actions:
        group.add_command(_action_command(game, action))
    return group


# One group per game, each named in novelty.cli.main.COMMANDS (and loaded only when that command runs).
othello = game_group("tragedy-of-othello")
thespianage = game_group("thespianage")
stage_blood = game_group("stage-blood")
mood_x = game_group("mood-x")
