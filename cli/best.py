"""novelty best: the best play of a hand plus the pool. Imports no pydantic: it should start as fast as check."""

from __future__ import annotations

import sys
from collections import Counter
from typing import TYPE_CHECKING

import click

from novelty import options
from novelty.cli.common import (
    describe_dictionary,
    describe_variant,
    dict_option,
    emit_json,
    fail,
    json_option,
    lexicon_for,
    plural,
    time_left,
    variant_answer,
    variant_option,
)
from novelty.cli.plays import print_play, rule_switches, situation, time_limit_option, with_rules
from novelty.scoring import Rules
from novelty.solver import solve

if TYPE_CHECKING:
    from novelty.variant import Variant

MAX_TOP = 20


def progress_line(best: int | None, bound: int, seconds: float) -> str:
    """Return the one-line report of a running search (written over itself on a terminal's stderr)."""
    found = "no play yet" if best is None else f"best so far {best}"
    return f"searching: {found}, no play beats {bound}, {seconds:.1f} s"


def proof_lines(optimal: bool, bound: int | None, total: int) -> tuple[str, str | None]:
    """Return what the best play's heading says of its proof, and the line under it saying how far the bound is.

    ``total`` is the best play's; ``bound`` is no play's more (None: unknown). An unproved answer whose bound is its
    total is still best; the gap of any other is the most a better play could add, called loose when it is more than
    the play itself (a bound over twice the play: the search was cut short long before it could narrow it).
    """
    if optimal:
        return "best possible", None
    if bound is None:
        return ("best found before the time limit, not proved best",
                "No bound is known on how much more a better play could score.")
    gap = bound - total
    if gap <= 0:
        return "best possible: no play scores more, though the search stopped before it finished", None
    loose = ": a loose bound, as the search was cut short" if gap > total else ""
    return (f"best found before the time limit, not proved best: no play scores more than {bound:,}",
            f"A better play, if there is one, scores at most {plural(gap, 'point')} more{loose}.")


def opponent_words(values: tuple[str, ...]) -> list[list[str]] | None:
    """Return each opponent's words from "WORD,WORD" values, refusing anything but letters."""
    if not values:
        return None
    out = []
    for value in values:
        words = [w.strip().lower() for w in value.split(",") if w.strip()]
        for word in words:
            if not (word.isascii() and word.isalpha()):
                fail(f"--opponent: not a word of letters: {word!r}")
        out.append(words)
    return out


@click.command()
@situation
@click.option("--opponent", "opponents", multiple=True, metavar="WORDS",
              help="One opponent's words this round, comma-separated (repeatable), for round-level motifs.")
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=options.TOP, show_default=True, help=options.TOP_HELP)
@time_limit_option(options.BEST_SECONDS, options.BEST_MAX_SECONDS, options.BEST_TIME_HELP)
@with_rules
@variant_option
@dict_option
@json_option
def best(hand: Counter[str], pool: Counter[str] | None, motifs: tuple[str, ...], escaped: str | None,
         opponents: tuple[str, ...], top: int, time_limit: float, motifs_after_cards: bool,
         my_name_is_extra: bool, escaped_keeps_own_letter: bool, variant: Variant | None, dict_spec: str | None,
         as_json: bool) -> None:
    """Find the best-scoring play of a hand plus the pool, and the runners-up."""
    lexicon = lexicon_for(dict_spec)
    rules = Rules(**rule_switches(motifs_after_cards, my_name_is_extra, escaped_keeps_own_letter))
    if variant is not None:  # (its catalog is in use: --variant is read first)
        rules = variant.rules(rules)
    show = not as_json and sys.stderr.isatty()

    def report(best_so_far: int | None, bound: int, seconds: float) -> None:
        click.echo("\r" + progress_line(best_so_far, bound, seconds), nl=False, err=True)

    result = solve(lexicon, hand, pool, list(motifs), rules=rules, escaped=escaped.lower() if escaped else None,
                   opponents=opponent_words(opponents), top=top, time_limit=time_left(time_limit),
                   progress=report if show else None)
    if show and result.stats.get("seconds", 0) >= 0.5:
        click.echo("\r\033[K", nl=False, err=True)  # clear the progress line
    out = {"dictionary": lexicon.info.to_dict(), **variant_answer(variant.name if variant else None),
           "motifs": list(motifs), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    describe_variant(out.get("variant"))
    proof, gap = proof_lines(result.optimal, result.bound, out["plays"][0]["total"] if out["plays"] else 0)
    for n, play in enumerate(out["plays"], 1):
        title = proof if n == 1 else f"runner-up {n - 1}"
        click.echo(f"Play {n}: {play['total']} points ({title})")
        if n == 1:
            if gap:
                click.echo(f"  {gap}")
            print_play(play, "  ")
        else:
            for word in play["words"]:
                click.echo(f"  {word['word']:<12} {word['score']:>4}   [{' '.join(word['cards'])}]")
            for adj in play["adjustments"]:
                click.echo(f"  {adj['source']:<12} {adj['points']:>+4}   {adj['text']}")
        if play["escaped"]:
            click.echo(f"  escaped letter: {play['escaped']}")
        click.echo(f"  unused: {' '.join(play['unused']) or 'none'}")
    for note in out["notes"]:
        click.echo(f"note: {note}", err=True)
