"""What every command shares: failing with a message, JSON output, the ``--dict`` and ``--json`` options,
reading a JSON file, and the group that turns the core's errors into exit status 2.

Kept light: ``novelty --help`` and ``novelty check`` load this module, so it imports click and little else
at the top, and each helper imports what only it needs (the JSON codec, the word lists) when called.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import click

from novelty.errors import NoveltyError

if TYPE_CHECKING:
    from novelty.lexicon import MarisaLexicon


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


def read_json(path: str) -> Any:
    """Return the JSON document in ``path`` (``-`` for standard input), failing with a clear message."""
    import json
    from pathlib import Path

    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read {path!r}: {exc.strerror}")
    except UnicodeDecodeError as exc:
        fail(f"{path!r} is not UTF-8 text: {exc.reason} at byte {exc.start}")
    from novelty.inputs import MAX_DEPTH, nesting_depth  # the commands that read files validate with it anyway

    if nesting_depth(text) > MAX_DEPTH:
        fail(f"{path!r} nests arrays and objects deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text)
    except ValueError as exc:
        fail(f"{path!r} is not valid JSON: {exc}")


dict_option = click.option(
    "--dict", "dict_spec", metavar="NAME|PATH", default=None,
    help="Word list: twl (twl06, default), sowpods (collins, csw), or a file with one word per line.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")


class NoveltyGroup(click.Group):
    """A click group that turns the core's errors into a message and exit status 2."""

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
