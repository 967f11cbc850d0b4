"""The ``novelty`` command group. Game logic lives in :mod:`novelty`; this module parses and prints.

Exit status: 0 success, 1 a negative answer (a word that is not playable), 2 bad input.
``--json`` writes only JSON to stdout; messages go to stderr.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from typing import Any, NoReturn

import click

from novelty.catalog import load_catalog
from novelty.errors import NoveltyError
from novelty.lexicon import open_lexicon
from novelty.words import anagram_report, check_report


def fail(message: str) -> NoReturn:
    """Print ``message`` on stderr and exit with status 2."""
    click.echo(f"novelty: error: {message}", err=True)
    sys.exit(2)


def emit_json(data: Any) -> None:
    """Write ``data`` as JSON on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def lexicon_for(spec: str | None):  # type: ignore[no-untyped-def]
    """Return the lexicon for a ``--dict`` value, failing with a clear message."""
    try:
        return open_lexicon(spec)
    except NoveltyError as exc:
        fail(str(exc))


def describe_dictionary(info: dict[str, Any]) -> str:
    """Return one line naming the list used, as word judges do."""
    return f"Dictionary: {info['label']} ({info['words']:,} words, sha256 {info['sha256'][:12]}…)"


dict_option = click.option(
    "--dict", "dict_spec", metavar="NAME|PATH", default=None,
    help="Word list: twl (twl06, default), sowpods (collins, csw), or a file with one word per line.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")


class NoveltyGroup(click.Group):
    """A click group that turns the core's errors into a message and exit status 2."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """Return the command, also finding a theatre game by its id or alias (``tragedy-of-othello``)."""
        command = super().get_command(ctx, cmd_name)
        if command is None and self is main:
            from cli.games import COMMAND_NAMES
            from novelty.games import find_game
            try:
                command = super().get_command(ctx, COMMAND_NAMES[find_game(cmd_name).id])
            except NoveltyError:
                return None
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except NoveltyError as exc:
            fail(str(exc))
        except BrokenPipeError:  # output piped into a pager or `head` that closed early
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stop the interpreter flushing into the pipe
            sys.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - a last guard: users get a message, not a traceback
            if os.environ.get("NOVELTY_DEBUG"):
                raise
            click.echo(f"novelty: internal error: {type(exc).__name__}: {exc} (set NOVELTY_DEBUG=1 for details)",
                       err=True)
            sys.exit(3)


@click.group(cls=NoveltyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="novelty")
def main() -> None:
    """Novelty: rules engine and scoring service for the Novelty word game."""


@main.command()
@click.argument("words", nargs=-1, required=True)
@dict_option
@json_option
def check(words: tuple[str, ...], dict_spec: str | None, as_json: bool) -> None:
    """Say whether each WORD is in the list and playable (longer than 3 letters, letters only).

    Exit status 0 when every word is playable, 1 otherwise.
    """
    report = check_report(lexicon_for(dict_spec), list(words))
    if as_json:
        emit_json(report)
    else:
        click.echo(describe_dictionary(report["dictionary"]))
        width = max(len(r["word"]) for r in report["results"])
        for r in report["results"]:
            if r["valid"]:
                verdict = "playable"
            elif r["in_list"]:
                verdict = f"in the list, not playable: {r['reason']}"
            else:
                verdict = f"not playable: {r['reason']}"
            click.echo(f"{r['word']:<{width}}  {verdict}")
    sys.exit(0 if all(r["valid"] for r in report["results"]) else 1)


@main.command()
@click.argument("letters")
@click.option("--min", "min_length", type=click.IntRange(min=1), default=4, show_default=True,
              help="Shortest word to list.")
@dict_option
@json_option
def anagram(letters: str, min_length: int, dict_spec: str | None, as_json: bool) -> None:
    """List every word that can be made from LETTERS, longest first; '?' is any one letter."""
    report = anagram_report(lexicon_for(dict_spec), letters, min_length)
    if as_json:
        emit_json(report)
        return
    click.echo(describe_dictionary(report["dictionary"]), err=True)
    click.echo(f"{report['count']} words", err=True)
    by_length: dict[int, list[str]] = {}
    for word in report["words"]:
        by_length.setdefault(len(word), []).append(word.upper())
    for length, words in by_length.items():
        click.echo(textwrap.fill(" ".join(words), width=100, initial_indent=f"{length:>2}: ", subsequent_indent="    "))


@main.command()
@click.option("--letter", help="Only cards of this Letter column (a, th, wild, wildvowel, doublewild).")
@json_option
def cards(letter: str | None, as_json: bool) -> None:
    """List the letter card kinds: id, letter, copies, points, colour, effect."""
    catalog = load_catalog()
    kinds = list(catalog.kinds_with_letter(letter)) if letter else list(catalog.kinds.values())
    if letter and not kinds:
        fail(f"no cards with letter {letter!r}")
    if as_json:
        emit_json([k.to_dict() for k in kinds])
        return
    click.echo(f"{'id':<16}{'letter':<16}{'#':>2}{'pts':>5}  {'colour':<7}effect")
    for k in kinds:
        effect = "" if k.effect is None else k.effect_text
        click.echo(f"{k.id:<16}{k.letter_label:<16}{k.count:>2}{k.points:>5}  "
                   f"{k.colour.value if k.colour else '':<7}{effect}")
    click.echo(f"{sum(k.count for k in kinds)} cards in {len(kinds)} kinds", err=True)


@main.command()
@json_option
def motifs(as_json: bool) -> None:
    """List the motif cards: id, name, what kind of effect, and the effect text."""
    catalog = load_catalog()
    if as_json:
        emit_json([m.to_dict() for m in catalog.motifs.values()])
        return
    for m in catalog.motifs.values():
        click.echo(f"{m.id:<30}{m.scope.value:<7}{m.name}: {m.effect_text}")
    click.echo(f"{len(catalog.motifs)} motifs", err=True)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="Worker processes.")
@click.option("--threads", type=click.IntRange(1, 64), default=4, show_default=True, help="Threads per worker.")
def serve(host: str, port: int, workers: int, threads: int) -> None:
    """Serve the JSON API under gunicorn (a production WSGI server)."""
    from cli.server import run

    run(host=host, port=port, workers=workers, threads=threads)


import cli.games  # noqa: E402,F401 - registers the theatre games' commands
import cli.scoring  # noqa: E402,F401 - registers the scoring commands

if __name__ == "__main__":
    main()
