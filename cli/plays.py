"""What the commands that take cards and print plays share: the card-list option, rule flags, play printing."""

from __future__ import annotations

from collections import Counter
from typing import Any

import click

from novelty import options
from novelty.errors import NoveltyError
from novelty.play import parse_cards


class CardsType(click.ParamType):
    """Card ids separated by spaces or commas (``"a1 b2 th2"``), as a multiset."""

    name = "IDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Counter[str]:
        if isinstance(value, Counter):
            return value
        try:
            return parse_cards(str(value))
        except NoveltyError as exc:
            self.fail(str(exc), param, ctx)


def situation(f: Any) -> Any:
    """Add the options that say where a search stands, first on its help page, the same for best and advise:
    --hand (required), --pool, --motif (repeatable), --escaped (help texts from :mod:`novelty.options`)."""
    for option in reversed([
        click.option("--hand", type=CardsType(), required=True, help=options.HAND_HELP),
        click.option("--pool", type=CardsType(), help=options.POOL_HELP),
        click.option("--motif", "motifs", multiple=True, metavar="ID", help=f"{options.MOTIF_HELP} Repeatable."),
        click.option("--escaped", metavar="LETTER", help=options.ESCAPED_HELP),
    ]):
        f = option(f)
    return f


def top_option(f: Any) -> Any:
    """Add --top, with the one default of best and advise."""
    return click.option("--top", type=click.IntRange(1, 1000), default=options.TOP, show_default=True,
                        help=options.TOP_HELP)(f)


def time_limit_option(default: float, most: float, text: str) -> Any:
    """Return the --time-limit option: ``default`` seconds, at most ``most``, as the API takes it."""
    return click.option("--time-limit", type=click.FloatRange(0, most, min_open=True), metavar="S", default=default,
                        show_default=True, help=f"{text} At most {most:g}.")


def print_play(play: dict[str, Any], indent: str = "") -> None:
    """Print a scored play with each word's arithmetic."""
    for word in play["words"]:
        status = "" if word["valid"] else f"  ({word['reason']})"
        click.echo(f"{indent}{word['word']:<12} {word['score']:>4}{status}   [{' '.join(word['cards'])}]")
        for line in word["breakdown"]:
            click.echo(f"{indent}    {line['text']}")
        if word["y_as_vowel"]:
            click.echo(f"{indent}    Y as a vowel at letter {', '.join(str(p + 1) for p in word['y_as_vowel'])}")
    for adj in play["adjustments"]:
        click.echo(f"{indent}{adj['source']:<12} {adj['points']:>+4}   {adj['text']}")
    for note in play["notes"]:
        click.echo(f"{indent}note: {note}")


rules_options = [
    click.option("--motifs-after-cards", is_flag=True, help="Apply every card effect before any motif (E1)."),
    click.option("--my-name-is-extra", is_flag=True, help="My Name is counts every extra copy of a letter (M2)."),
    click.option("--escaped-keeps-own-letter", is_flag=True,
                 help="Escaped from Captivity: a card played as its own letter keeps its points and effect (M8)."),
]


def with_rules(f):  # type: ignore[no-untyped-def]
    for option in reversed(rules_options):
        f = option(f)
    return f


def rule_switches(motifs_after_cards: bool, my_name_is_extra: bool, escaped_keeps_own_letter: bool) -> dict[str, bool]:
    """Return the :class:`~novelty.scoring.Rules` fields the rule flags of :func:`with_rules` set."""
    return {"motifs_after_card_effects": motifs_after_cards, "my_name_is_counts_extra_copies": my_name_is_extra,
            "escaped_own_letter_keeps_card": escaped_keeps_own_letter}
