"""Card and motif fields whose schema says what the catalog accepts, so a schema-valid id is a known one.

The core reads cards as ``"a1 b2 th2"`` or ``["a1", "b2", "th2"]`` (ids in any case, split at commas and
whitespace) and refuses an unknown id with a message naming it; the schema's patterns here accept exactly the
ids the catalog has, written that way. Motifs are ids (``GET /v1/motifs``), each at most once.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StringConstraints

from novelty.catalog import load_catalog

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
    for ident in load_catalog().kinds:
        head, number = re.fullmatch(r"([a-z]+)(\d*)", ident).groups()  # type: ignore[union-attr]
        numbers[head].append(number)
    heads = (any_case(head) + (f"[{''.join(ns)}]" if all(len(n) == 1 for n in ns) else f"(?:{'|'.join(ns)})")
             for head, ns in sorted(numbers.items(), key=lambda item: -len(item[0])))
    return f"(?:{'|'.join(heads)})"


CARD = card_id_pattern()


def cards_pattern(least: int = 0) -> str:
    """Return the pattern of a card string holding at least ``least`` known card ids."""
    if least == 0:
        return rf"^{SEPARATOR}*(?:{CARD}(?:{SEPARATOR}+{CARD})*)?{SEPARATOR}*$"
    repeat = "*" if least == 1 else f"{{{least - 1},}}"
    return rf"^{SEPARATOR}*{CARD}(?:{SEPARATOR}+{CARD}){repeat}{SEPARATOR}*$"


CardItem = Annotated[str, StringConstraints(max_length=40), Field(json_schema_extra={
    "pattern": rf"^{SPACE}*{CARD}{SPACE}*$"})]


def card_string(least: int = 0) -> Any:
    """Return the field whose schema takes a card string of at least ``least`` cards."""
    return Field(json_schema_extra={"pattern": cards_pattern(least)})


CardText = Annotated[str, StringConstraints(max_length=600)]

Cards = Annotated[CardText, card_string()] | list[CardItem]
"""Card ids: a string (``"a1 b2 th2"``) or a list."""
OneCardOrMore = Annotated[CardText, card_string(1)] | Annotated[list[CardItem], Field(min_length=1)]
ThreeCardsOrMore = Annotated[CardText, card_string(3)] | Annotated[list[CardItem], Field(min_length=3)]
OneCard = Annotated[str, StringConstraints(max_length=40), Field(json_schema_extra={
    "pattern": rf"^{SEPARATOR}*{CARD}{SEPARATOR}*$"})]
"""One card id, as a string (``take``)."""


MOTIF_IDS = list(load_catalog().motifs)


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
