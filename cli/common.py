"""What every command shares: failing with a message, JSON output, the ``--dict`` and ``--json`` options,
reading a JSON file, and the group that turns the core's errors into exit status 2.

Kept light: ``novelty --help`` and ``novelty check`` load this module, so it imports click and little else
at the top, and each helper imports what only it needs (the JSON codec, the word lists) when called.
"""

from __future__ import annotations

import contextvars
import os
import sys
import time
from typing import TYPE_CHECKING, Any, NoReturn

import click

from novelty.errors import NoveltyError

_began = [time.monotonic()]
"""When the command began to run (:meth:`NoveltyGroup.main` sets it): a --time-limit counts from there, so the
word list's loading and the setting up are inside the limit, as a user times the command."""


def time_left(limit: float) -> float:
    """Return the seconds of ``limit`` not yet spent since the command began (a millisecond at least)."""
    return max(0.001, limit - (time.monotonic() - _began[0]))

if TYPE_CHECKING:
    from novelty.lexicon import MarisaLexicon
    from novelty.variant import Variant


def _encodable(text: str) -> bool:
    """Return whether ``text`` can be written as UTF-8 (it holds no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """Return ``count`` with its noun: ``1 card``, ``2 cards`` (``nouns`` when the plural is not noun + s)."""
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def human(value: Any) -> str:
    """Return a value of a JSON answer as a person reads it: yes/no, a comma-separated list, none."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ", ".join(human(v) for v in value) or "none"
    return str(value)


def warn(message: str) -> None:
    """Print ``message`` on stderr as a warning: the answer stands, but the user should know."""
    click.echo(f"novelty: warning: {message}", err=True)


def usage_line(exc: click.UsageError) -> str:
    """Return a usage error of click's as one line: what was wrong, and where the help is."""
    where = f"; see '{exc.ctx.command_path} --help'" if exc.ctx is not None else ""
    return f"{exc.format_message().rstrip('.')}{where}"


def fail(message: str) -> NoReturn:
    """Print ``message`` on stderr and exit with status 2."""
    click.echo(f"novelty: error: {message}", err=True)
    sys.exit(2)


def emit_json(data: Any) -> None:
    """Write ``data`` as JSON on stdout."""
    import json

    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def lexicon_for(spec: str | None) -> MarisaLexicon:
    """Return the lexicon for a ``--dict`` value, failing with a clear message."""
    from novelty.lexicon import open_lexicon

    try:
        return open_lexicon(spec)
    except NoveltyError as exc:
        fail(str(exc))


def describe_dictionary(info: dict[str, Any]) -> str:
    """Return one line naming the list used, as word judges do."""
    return f"Dictionary: {info['label']} ({info['words']:,} words, sha256 {info['sha256'][:12]}…)"


MAX_FILE_BYTES = 256 * 1024
"""Largest input file a command reads: the API's body limit (``api.MAX_BODY_BYTES``), so a file the CLI takes
the API takes too, and ``novelty round /dev/zero`` stops at once instead of reading without end."""


def read_json(path: str) -> Any:
    """Return the JSON document in ``path`` (``-`` for standard input), failing with a clear message."""
    import json

    text = read_text(path)
    from novelty.inputs import MAX_DEPTH, nesting_depth  # the commands that read files validate with it anyway

    if nesting_depth(text) > MAX_DEPTH:
        fail(f"{path!r} nests arrays and objects deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text)
    except ValueError as exc:
        fail(f"{path!r} is not valid JSON: {exc}")


def read_text(path: str) -> str:
    """Return the UTF-8 text of the file ``path`` (``-`` for standard input), at most :data:`MAX_FILE_BYTES`."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        fail(f"cannot read {path!r}: {exc.strerror}")
    if len(data) > MAX_FILE_BYTES:
        fail(f"{path!r} is larger than {MAX_FILE_BYTES // 1024} KiB, the most a command reads")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(f"{path!r} is not UTF-8 text: {exc.reason} at byte {exc.start}")


dict_option = click.option(
    "--dict", "dict_spec", metavar="NAME|PATH", default=None,
    help="Word list: twl (twl06, default), sowpods (collins, csw), or a file with one word per line.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")


def _load_variant(ctx: click.Context, param: click.Parameter, path: str | None) -> Variant | None:
    """Read the --variant file and make its catalog the one in use while the command runs (cards given to the
    command's other options are read by it, so it is read first: the option is eager)."""
    if path is None:
        return None
    from novelty.variant import parse_variant

    try:
        variant = parse_variant(read_text(path), "standard input" if path == "-" else path)
    except NoveltyError as exc:
        fail(str(exc))
    ctx.with_resource(variant.active())
    return variant


variant_option = click.option(
    "--variant", metavar="FILE", callback=_load_variant, is_eager=True,
    help="House rules to play by: a variant file, TOML or JSON ('novelty example variant' prints one).")


def variant_answer(name: str | None) -> dict[str, str]:
    """Return the answer's ``variant`` field: the name of the variant played by, when one was given."""
    return {"variant": name} if name is not None else {}


def describe_variant(name: str | None) -> None:
    """Print the line naming the variant played by, when one was given (after the dictionary's)."""
    if name is not None:
        click.echo(f"Variant: {name}")


class NoveltyGroup(click.Group):
    """A click group that turns the core's errors into a message and exit status 2."""

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        """Run the command line, first refusing an argument that is not valid UTF-8 (exit status 2).

        Python hands such bytes over as lone surrogates, which every later print would fail on. The command's
        clock starts here (:func:`time_left`). It runs in a copy of the caller's context, so what it puts in use (a
        --variant's catalog) ends with it, even when click refuses an option after --variant was read.
        """
        _began[0] = time.monotonic()
        for arg in sys.argv[1:] if args is None else args:
            if isinstance(arg, str) and not _encodable(arg):
                shown = arg.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
                fail(f"argument '{shown}' is not valid UTF-8 text")
        return contextvars.copy_context().run(super().main, args, *rest, **kwargs)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        """Parse the group's own options; a usage error is one line, as every bad input is."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            fail(usage_line(exc))

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:  # a subcommand's arguments, or no such command
            fail(usage_line(exc))
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
