"""The ``novelty`` command group. Game logic lives in :mod:`novelty`; the commands parse and print.

Exit status: 0 success, 1 a negative answer (a word that is not playable), 2 bad input.
``--json`` writes only JSON to stdout; messages go to stderr.

A word judge's ``novelty check`` should answer at once, so each command's module is imported only when
that command runs (:class:`LazyGroup`): ``check`` never loads the scoring engine or pydantic, and
``novelty --help`` lists every command from :data:`COMMANDS` without importing any of them.
"""

from __future__ import annotations

import importlib

import click

from novelty.cli.common import NoveltyGroup
from novelty.errors import NoveltyError

#: Every command: its name -> (where it is defined, its help line as the command's help text begins).
#: ``tests/test_cli_startup.py`` holds each help line to the command's own.
COMMANDS: dict[str, tuple[str, str]] = {
    "advise": ("novelty.cli.advise.advise",
               "Help with a decision: which card to draft, discard, pass, give or keep, or which letter to name."),
    "anagram": ("novelty.cli.words.anagram",
                "List every word that can be made from LETTERS, longest first; '?' is any one letter."),
    "balance": ("novelty.cli.balance.balance",
                "Report a study's balance from its RESULTS store: cards, motifs, seats and scores, what stands out "
                "first."),
    "autoplay": ("novelty.cli.autoplay.autoplay",
                 "Play a study of whole games between engine players and store every game as it finishes."),
    "best": ("novelty.cli.best.best", "Find the best-scoring play of a hand plus the pool, and the runners-up."),
    "cards": ("novelty.cli.catalog.cards", "List the letter card kinds: id, letter, copies, points, colour, effect."),
    "challenge": ("novelty.cli.scoring.challenge", "Settle a challenge of WORD: look it up and say who scores what."),
    "check": ("novelty.cli.words.check",
              "Say whether each WORD is in the list and playable (longer than 3 letters, letters only)."),
    "example": ("novelty.cli.examples.example",
                "Print the example input NAME, or list them all with the command that reads each."),
    "game": ("novelty.cli.scoring.game",
             "Score a whole game from FILE.json: its rounds summed, winner(s) with ties shared."),
    "mood-x": ("novelty.cli.games.mood_x", "Mood X (4-8 players): turn, game."),
    "motifs": ("novelty.cli.catalog.motifs",
               "List the motif cards: id, name, what kind of effect, and the effect text."),
    "othello": ("novelty.cli.games.othello", "The Tragedy of Othello (2-6 players; also tragedy-of-othello): score."),
    "round": ("novelty.cli.scoring.round_command",
              "Score a round from FILE.json (players' plays and hands, motifs, pool, challenges); '-' reads stdin."),
    "score": ("novelty.cli.scoring.score",
              'Score one player\'s play: each WORD is its cards by id, as in "th2 e4 wild4=m e1".'),
    "serve": ("novelty.cli.server.serve", "Serve the JSON API under gunicorn (a production WSGI server)."),
    "stage-blood": ("novelty.cli.games.stage_blood", "Stage Blood (2-6 players): score, resolve."),
    "thespianage": ("novelty.cli.games.thespianage", "Thespianage (3-6 players): score."),
}


def short_help(text: str, limit: int) -> str:
    """Return the summary click shows in a command list for a command whose help is ``text``.

    It asks a bare :class:`click.Command` through public API, so the lazy page and click's own agree.
    """
    return click.Command(None, help=text).get_short_help_str(limit)


class LazyGroup(NoveltyGroup):
    """The top-level group: imports a command's module when the command runs, lists all from :data:`COMMANDS`.

    This is click's documented lazy-loading pattern, with one addition: the help page takes each command's
    help line from the table instead of importing every command to ask it.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """Return the command, also finding a theatre game by its id or alias (``tragedy-of-othello``)."""
        if cmd_name not in self.commands and cmd_name not in COMMANDS:
            cmd_name = self._game_command_name(cmd_name) or cmd_name
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            module, _, attribute = COMMANDS[cmd_name][0].rpartition(".")
            command = getattr(importlib.import_module(module), attribute)
            if not isinstance(command, click.Command):
                raise TypeError(f"{COMMANDS[cmd_name][0]} is not a click command")
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    @staticmethod
    def _game_command_name(name: str) -> str | None:
        """Return the command name of the theatre game ``name`` names (an id or alias, any case), or None."""
        from novelty.cli.games import COMMAND_NAMES
        from novelty.games import find_game

        try:
            return COMMAND_NAMES[find_game(name).id]
        except NoveltyError:
            return None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Write the Commands section as click does, with the help lines from :data:`COMMANDS`."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in COMMANDS:
                rows.append((name, short_help(COMMANDS[name][1], limit)))
            elif (command := self.get_command(ctx, name)) is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="novelty")
def main() -> None:
    """Novelty: rules engine and scoring service for the Novelty word game."""


if __name__ == "__main__":
    main()
