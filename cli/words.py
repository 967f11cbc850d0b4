"""The word judge's commands: check, anagram. They load the word list and nothing of the scoring engine."""

from __future__ import annotations

import sys

import click

from novelty.cli.common import describe_dictionary, dict_option, emit_json, fail, json_option, lexicon_for, plural, warn
from novelty.words import TIME_LIMIT, anagram_report, check_report


@click.command()
@click.argument("words", nargs=-1, required=True)
@dict_option
@json_option
def check(words: tuple[str, ...], dict_spec: str | None, as_json: bool) -> None:
    """Say whether each WORD is in the list and playable (longer than 3 letters, letters only).

    Exit status 0 when every word is playable, 1 when one is not, 2 for bad input (an empty word, an
    unknown --dict).
    """
    for word in words:
        if not word.strip():
            fail(f"empty word: {word!r}")
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


@click.command()
@click.argument("letters")
@click.option("--min", "min_length", type=click.IntRange(min=1), default=4, show_default=True,
              help="Shortest word to list.")
@dict_option
@json_option
def anagram(letters: str, min_length: int, dict_spec: str | None, as_json: bool) -> None:
    """List every word that can be made from LETTERS, longest first; '?' is any one letter.

    Bounded work: at most 20 letters and 3 '?' blanks (more exits 2); at most the 1000 longest words
    are listed (the count says how many were found); the search stops after 2 seconds and says so.
    """
    import textwrap  # here, not at the top: `novelty check` has no use for it

    report = anagram_report(lexicon_for(dict_spec), letters, min_length)
    if as_json:
        emit_json(report)
        return
    click.echo(describe_dictionary(report["dictionary"]))
    if report["truncated"]:
        click.echo(f"{plural(report['found'], 'word')} found; the {report['count']:,} longest listed")
    else:
        click.echo(plural(report["count"], "word"))
    if report["timed_out"]:
        warn(f"the search stopped at its {TIME_LIMIT:g} s limit: some words may be missing")
    by_length: dict[int, list[str]] = {}
    for word in report["words"]:
        by_length.setdefault(len(word), []).append(word.upper())
    for length, words in by_length.items():
        click.echo(textwrap.fill(" ".join(words), width=100, initial_indent=f"{length:>2}: ", subsequent_indent="    "))
