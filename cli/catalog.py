"""The catalog's commands: cards, motifs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from novelty.catalog import load_catalog
from novelty.cli.common import emit_json, fail, json_option, plural, variant_option

if TYPE_CHECKING:
    from novelty.variant import Variant


def _under(variant: Variant | None) -> str:
    """Return what a count line adds when a variant's catalog was listed."""
    return f" (variant {variant.name!r})" if variant is not None else ""


@click.command()
@click.option("--letter", help="Only cards of this Letter column (a, th, wild, wildvowel, doublewild).")
@variant_option
@json_option
def cards(letter: str | None, variant: Variant | None, as_json: bool) -> None:
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
    click.echo(f"{plural(sum(k.count for k in kinds), 'card')} in {plural(len(kinds), 'kind')}{_under(variant)}")


@click.command()
@variant_option
@json_option
def motifs(variant: Variant | None, as_json: bool) -> None:
    """List the motif cards: id, name, what kind of effect, and the effect text."""
    catalog = load_catalog()
    if as_json:
        emit_json([m.to_dict() for m in catalog.motifs.values()])
        return
    for m in catalog.motifs.values():
        click.echo(f"{m.id:<30}{m.scope.value:<7}{m.name}: {m.effect_text}")
    click.echo(plural(len(catalog.motifs), "motif") + _under(variant))
