"""Card and motif fields whose schema says what the catalog accepts, so a schema-valid id is a known one.

The core reads cards as ``"a1 b2 th2"`` or ``["a1", "b2", "th2"]`` (ids in any case, split at commas and
whitespace) and refuses an unknown id with a message naming it; the schema's patterns here accept exactly the
ids the catalog has, written that way. Motifs are ids (``GET /v1/motifs``), each at most once.

A body that plays by a house variant (``variant``) may name the variant's new cards (``qu1``, ``q3``): its card
fields take any id of the catalog's scheme (:data:`SCHEME_CARD`), and :func:`printed_unless_variant` adds to the
body's schema that without a variant they take the printed ids only.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StringConstraints

from novelty.catalog import standard_catalog
from novelty.inputs import CardKey, MotifKey, VariantInput, VariantRemovals

WHITESPACE = [chr(c) for c in range(0x3001) if chr(c).isspace()]
"""What Python's ``str.split()`` splits at (none lies beyond U+3000)."""

SEPARATOR = "[" + "".join(f"\\u{ord(c):04x}" for c in WHITESPACE) + ",]"
"""What splits a card string: a comma or whitespace, as ``parse_cards`` reads it."""

SPACE = r"[\t-\r\x1c-\x20]"
"""What ``str.strip()`` takes off a card id in a list (ASCII: any other character is refused)."""


def any_case(text: str) -> str:
    """Return a regular expression matching ``text`` in any case (JSON Schema patterns have no flags)."""
    return "".join(f"[{c}{c.upper()}]" if c.isalpha() else re.escape(c) for c in text)


def card_id_pattern() -> str:
    """Return a regular expression matching exactly the catalog's card ids, in any case: ``(?:[aA][1-4]|...)``."""
    numbers: dict[str, list[str]] = defaultdict(list)
    for ident in standard_catalog().kinds:
        head, number = re.fullmatch(r"([a-z]+)(\d*)", ident).groups()  # type: ignore[union-attr]
        numbers[head].append(number)
    heads = (any_case(head) + (f"[{''.join(ns)}]" if all(len(n) == 1 for n in ns) else f"(?:{'|'.join(ns)})")
             for head, ns in sorted(numbers.items(), key=lambda item: -len(item[0])))
    return f"(?:{'|'.join(heads)})"


CARD = card_id_pattern()


SCHEME_CARD = "[A-Za-z]+[1-9][0-9]*"
"""Any id of the catalog's scheme (letters, then a row number): a house variant's new cards have such ids."""


def cards_pattern(least: int = 0, card: str = CARD) -> str:
    """Return the pattern of a card string holding at least ``least`` card ids (``card``: the printed ids)."""
    if least == 0:
        return rf"^{SEPARATOR}*(?:{card}(?:{SEPARATOR}+{card})*)?{SEPARATOR}*$"
    repeat = "*" if least == 1 else f"{{{least - 1},}}"
    return rf"^{SEPARATOR}*{card}(?:{SEPARATOR}+{card}){repeat}{SEPARATOR}*$"


def item_pattern(card: str = CARD) -> str:
    """Return the pattern of one card id in a list of them."""
    return rf"^{SPACE}*{card}{SPACE}*$"


def one_card_pattern(card: str = CARD) -> str:
    """Return the pattern of a string holding one card id."""
    return rf"^{SEPARATOR}*{card}{SEPARATOR}*$"


PRINTED = {cards_pattern(n, SCHEME_CARD): cards_pattern(n) for n in (0, 1, 3)} | {
    item_pattern(SCHEME_CARD): item_pattern(), one_card_pattern(SCHEME_CARD): one_card_pattern()}
"""Each card field's pattern -> the same pattern for the printed ids only."""

CardItem = Annotated[str, StringConstraints(max_length=40), Field(json_schema_extra={
    "pattern": item_pattern(SCHEME_CARD)})]


def card_string(least: int = 0) -> Any:
    """Return the field whose schema takes a card string of at least ``least`` cards."""
    return Field(json_schema_extra={"pattern": cards_pattern(least, SCHEME_CARD)})


CardText = Annotated[str, StringConstraints(max_length=600)]

Cards = Annotated[CardText, card_string()] | list[CardItem]
"""Card ids: a string (``"a1 b2 th2"``) or a list."""
OneCardOrMore = Annotated[CardText, card_string(1)] | Annotated[list[CardItem], Field(min_length=1)]
ThreeCardsOrMore = Annotated[CardText, card_string(3)] | Annotated[list[CardItem], Field(min_length=3)]
OneCard = Annotated[str, StringConstraints(max_length=40), Field(json_schema_extra={
    "pattern": one_card_pattern(SCHEME_CARD)})]
"""One card id, as a string (``take``)."""

PRINTED_CARDS = {"pattern": cards_pattern(), "items": {"pattern": item_pattern()}}
"""What a card field (a string or a list) holds without a variant: printed ids (``pattern`` applies to a string,
``items`` to a list)."""

NO_VARIANT = {"anyOf": [{"not": {"required": ["variant"]}}, {"properties": {"variant": {"type": "null"}}}]}


def printed_constraint(prop: dict[str, Any]) -> dict[str, Any] | None:
    """Return what a property's schema must also meet to hold printed ids only, or None when it holds no cards."""
    out: dict[str, Any] = {}
    for branch in prop.get("anyOf", [prop]):
        if branch.get("pattern") in PRINTED:
            out["pattern"] = PRINTED[branch["pattern"]]
        if branch.get("items", {}).get("pattern") in PRINTED:
            out["items"] = {"pattern": PRINTED[branch["items"]["pattern"]]}
    return out or None


def printed_unless_variant(nested: dict[str, Any] | None = None, extra: dict[str, Any] | None = None) -> Any:
    """Return a model's ``json_schema_extra``: without a ``variant``, its card fields (and those ``nested`` in its
    items, given as property schemas) take printed ids only; ``extra`` is added to the schema as is."""

    def write(schema: dict[str, Any], model: type) -> None:
        printed = {name: c for name, prop in schema.get("properties", {}).items() if (c := printed_constraint(prop))}
        rule = {"if": NO_VARIANT, "then": {"properties": printed | (nested or {})}}
        schema["allOf"] = [*schema.get("allOf", []), rule]
        schema.update(extra or {})

    return write


MOTIF_IDS = list(standard_catalog().motifs)
KIND_IDS = list(standard_catalog().kinds)


def known_motifs(motifs: list[str]) -> list[str]:
    """Return ``motifs`` when each is a motif id given once, else raise ValueError naming the first that is not."""
    for i, motif in enumerate(motifs):
        if motif not in MOTIF_IDS:
            raise ValueError(f"unknown motif id {motif!r} (GET /v1/motifs lists them)")
        if motif in motifs[:i]:
            raise ValueError(f"motif {motif!r} is given twice: the deck has one of each motif")
    return motifs


Motifs = Annotated[list[str], Field(max_length=10, json_schema_extra={"items": {"type": "string", "enum": MOTIF_IDS},
                                                                       "uniqueItems": True}),
                   AfterValidator(known_motifs)]
"""Motif ids in flip order, each at most once."""


def _each_once(ids: list[str]) -> dict[str, Any]:
    """Return the schema of a list holding some of ``ids``, each once."""
    return {"items": {"type": "string", "enum": ids}, "uniqueItems": True}


class VariantRemovalsBody(VariantRemovals):
    """Printed cards and motifs taken out of the game, each once: their ids are unknown under the variant."""

    cards: list[CardKey] = Field(default=[], max_length=200, description="Card kind ids (`GET /v1/cards`).",
                                 json_schema_extra=_each_once(KIND_IDS))
    motifs: list[MotifKey] = Field(default=[], max_length=60, description="Motif ids (`GET /v1/motifs`).",
                                   json_schema_extra=_each_once(MOTIF_IDS))


class VariantBody(VariantInput):
    """A house variant (the structure of a variant file): its name, the game's shape, card kinds changed or added
    (a new kind's id is its letters or wild kind and a row number after the printed ones: `qu1`, `q3`), and the
    printed cards and motifs it removes."""

    remove: VariantRemovalsBody = Field(default=VariantRemovalsBody(), description="Cards and motifs taken out.")
