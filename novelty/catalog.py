"""The card catalog: the 168 letter cards (134 kinds) and 48 motif cards of the Novelty rulebook.

The cards live in one data file, ``novelty/data/catalog.json``; this module loads it into immutable
values and checks it. Use :func:`load_catalog` to get the :class:`Catalog` in use: the printed one
(:func:`standard_catalog`, loaded once), or the one a block of work set with :func:`use_catalog` (a house
variant's, :mod:`novelty.variant`). The choice is a context variable, so it holds for one thread (or one
:func:`contextvars.copy_context`) and never leaks into another.
"""

from __future__ import annotations

import enum
import functools
import json
import os
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar, Token
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from novelty.effects import Effect, parse_effect
from novelty.errors import CatalogError, NotationError

LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""The letters a word may hold, in order: a letter's index here is its code in the compiled core."""

VOWELS = frozenset("aeiou")
"""Letters that are always vowels. Y may be either (ruling 4)."""


class Colour(enum.Enum):
    """A letter card's colour."""

    RED = "red"
    BLUE = "blue"


class WildKind(enum.Enum):
    """What letters a wild card may stand for (ruling 5)."""

    ANY = "any"
    """Any one letter."""
    CONSONANT = "consonant"
    """Any one consonant, Y included."""
    VOWEL = "vowel"
    """A, E, I, O, U or Y."""
    DOUBLE = "double"
    """Any two letters."""

    def allows(self, letters: str) -> bool:
        """Return whether a wild of this kind may stand for ``letters``."""
        if not (letters.isascii() and letters.isalpha() and letters.islower()):
            return False
        if self is WildKind.DOUBLE:
            return len(letters) == 2
        if len(letters) != 1:
            return False
        if self is WildKind.CONSONANT:
            return letters not in VOWELS
        if self is WildKind.VOWEL:
            return letters in VOWELS or letters == "y"
        return True

    @property
    def width(self) -> int:
        """Return how many letters a wild of this kind stands for."""
        return 2 if self is WildKind.DOUBLE else 1


@dataclass(frozen=True, slots=True)
class CardKind:
    """One row of the letter card table: a kind of letter card and how many copies the deck holds."""

    id: str
    """Stable id: the Letter column lower-cased without spaces, then the row's 1-based position
    among rows of that Letter (``a1``, ``th2``, ``wildvowel3``)."""
    letters: str | None
    """The printed letters (``a``, ``th``), or None for a wild."""
    wild: WildKind | None
    """For a wild, what it may stand for; None for a printed letter card."""
    count: int
    """Copies of this kind in the deck."""
    points: int
    """Printed points (bottom left of the card)."""
    colour: Colour | None
    """Red, blue, or None."""
    effect_text: str
    """The effect as printed ("" for none; "Red"/"Blue" are colours, not effects)."""
    effect: Effect | None
    """The structured effect the scoring engine evaluates, or None."""

    @property
    def letter_label(self) -> str:
        """Return the rulebook's Letter column for this kind (``a``, ``th``, ``Wild Vowel``)."""
        if self.letters is not None:
            return self.letters
        return {
            WildKind.ANY: "Wild",
            WildKind.CONSONANT: "Wild Consonant",
            WildKind.VOWEL: "Wild Vowel",
            WildKind.DOUBLE: "Double Wild",
        }[self.wild or WildKind.ANY]

    @property
    def width(self) -> int:
        """Return how many letters this card holds in a word."""
        if self.letters is not None:
            return len(self.letters)
        assert self.wild is not None
        return self.wild.width

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready description of this kind."""
        return {
            "id": self.id,
            "letter": self.letter_label,
            "letters": self.letters,
            "wild": self.wild.value if self.wild else None,
            "count": self.count,
            "points": self.points,
            "colour": self.colour.value if self.colour else None,
            "effect": self.effect_text,
        }


class MotifScope(enum.Enum):
    """Where a motif acts."""

    WORD = "word"
    """Changes the score of cards or words."""
    PLAYER = "player"
    """Changes a player's score from their whole play (longest word, unused cards)."""
    ROUND = "round"
    """Compares every player's play in the round."""
    CARDS = "cards"
    """Changes which cards a player may use (repeat a card, a free wild, letters turned wild)."""
    DRAFT = "draft"
    """Changes drafting or the common pool; does not change the score of a play."""


@dataclass(frozen=True, slots=True)
class Motif:
    """A motif card."""

    id: str
    """Stable id: the name lower-cased, apostrophes dropped, other non-alphanumeric runs as ``-``."""
    name: str
    scope: MotifScope
    effect_text: str
    quote: str
    work: str
    year: str
    author: str

    def to_dict(self, *, quote: bool = True) -> dict[str, Any]:
        """Return a JSON-ready description of this motif."""
        out = {"id": self.id, "name": self.name, "scope": self.scope.value, "effect": self.effect_text}
        if quote:
            out |= {"quote": self.quote, "work": self.work, "year": self.year, "author": self.author}
        return out


def card_kind_id(letter: str, position: int) -> str:
    """Return the id of the ``position``-th (1-based) row with this Letter column."""
    return f"{letter.lower().replace(' ', '')}{position}"


def motif_id(name: str) -> str:
    """Return a motif's id from its printed name."""
    name = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", name).strip("-")


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card kind and motif, in rulebook order, looked up by id."""

    kinds: Mapping[str, CardKind]
    motifs: Mapping[str, Motif]

    def kind(self, card_id: str) -> CardKind:
        """Return the card kind with this id (case-insensitive)."""
        try:
            return self.kinds[card_id.strip().lower()]
        except KeyError:
            raise NotationError(f"unknown card id: {card_id!r}{left_out(card_id.strip().lower())}") from None

    def motif(self, ident: str) -> Motif:
        """Return the motif with this id; a printed name is accepted too."""
        found = self.motifs.get(ident)  # an id as given: the usual case, and no normalising needed
        if found is not None:
            return found
        try:
            return self.motifs[motif_id(ident)]
        except KeyError:
            raise NotationError(f"unknown motif: {ident!r}{left_out(motif_id(ident))}") from None

    def kinds_with_letter(self, letter: str) -> Iterator[CardKind]:
        """Yield kinds whose Letter column is ``letter`` (``a``, ``th``, ``wild``, ``wildvowel``)."""
        key = letter.lower().replace(" ", "")
        return (k for k in self.kinds.values() if k.letter_label.lower().replace(" ", "") == key)

    @property
    def card_count(self) -> int:
        """Return the number of letter cards in the deck."""
        return sum(k.count for k in self.kinds.values())


def _kind_from_row(row: dict[str, Any]) -> CardKind:
    """Return a CardKind from one data-file row, checking it."""
    try:
        wild = WildKind(row["wild"]) if row["wild"] else None
        colour = Colour(row["colour"]) if row["colour"] else None
        kind = CardKind(
            id=row["id"],
            letters=row["letters"],
            wild=wild,
            count=int(row["count"]),
            points=int(row["points"]),
            colour=colour,
            effect_text=row["effect"],
            effect=parse_effect(row["effect"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, CatalogError):
            raise
        raise CatalogError(f"bad card row {row!r}: {exc}") from None
    if (kind.letters is None) == (kind.wild is None):
        raise CatalogError(f"card {kind.id!r} must have letters or be a wild, not both")
    if kind.letters is not None and not re.fullmatch(r"[a-z]{1,2}", kind.letters):
        raise CatalogError(f"card {kind.id!r} has bad letters {kind.letters!r}")
    printed = kind.effect_text.lower()
    if printed in ("red", "blue") and (kind.colour is None or kind.colour.value != printed):
        raise CatalogError(f"card {kind.id!r} prints {kind.effect_text!r} but has colour {kind.colour}")
    return kind


def catalog_from_data(data: Mapping[str, Any]) -> Catalog:
    """Return the catalog described by parsed data-file contents, checking ids and effects."""
    kinds: dict[str, CardKind] = {}
    positions: dict[str, int] = {}
    for row in data["cards"]:
        kind = _kind_from_row(row)
        label = kind.letter_label
        positions[label] = positions.get(label, 0) + 1
        expected = card_kind_id(label, positions[label])
        if kind.id != expected:
            raise CatalogError(f"card id {kind.id!r} should be {expected!r}")
        kinds[kind.id] = kind
    motifs: dict[str, Motif] = {}
    for row in data["motifs"]:
        try:
            motif = Motif(
                id=row["id"], name=row["name"], scope=MotifScope(row["scope"]), effect_text=row["effect"],
                quote=row["quote"], work=row["work"], year=row["year"], author=row["author"],
            )
        except (KeyError, ValueError) as exc:
            raise CatalogError(f"bad motif row {row.get('name')!r}: {exc}") from None
        if motif.id != motif_id(motif.name) or motif.id in motifs:
            raise CatalogError(f"bad or duplicate motif id {motif.id!r}")
        motifs[motif.id] = motif
    return Catalog(MappingProxyType(kinds), MappingProxyType(motifs))


@functools.cache
def standard_catalog() -> Catalog:
    """Return the catalog from the package's data file, as the rulebook prints it (loaded once).

    The file is found beside this module (not through importlib.resources, whose import alone costs a
    `novelty best` process some 10 ms: pathlib, zipfile, tempfile)."""
    with open(os.path.join(os.path.dirname(__file__), "data", "catalog.json"), encoding="utf-8") as file:
        return catalog_from_data(json.load(file))


_in_use: ContextVar[Catalog | None] = ContextVar("novelty_catalog", default=None)
"""The catalog :func:`use_catalog` set for the work running in this context, or None for the printed one."""


def load_catalog() -> Catalog:
    """Return the catalog in use: the one :func:`use_catalog` set for this context, else the printed one."""
    return _in_use.get() or standard_catalog()


def left_out(ident: str) -> str:
    """Return what to add to "unknown card id" or "unknown motif" when a printed card or motif is unknown because
    the catalog in use (a house variant's) removes it, else ""."""
    in_use = _in_use.get()
    if in_use is None or ident in in_use.kinds or ident in in_use.motifs:
        return ""
    printed = standard_catalog()
    return " (the house variant in play removes it)" if ident in printed.kinds or ident in printed.motifs else ""


class use_catalog:  # noqa: N801 - a context manager used as a function: ``with use_catalog(cat): ...``
    """Make ``catalog`` the one :func:`load_catalog` returns inside the ``with`` block (None: the printed one).

    It holds for the current thread or context only; work handed to other threads must carry it
    (:func:`contextvars.copy_context`). Blocks nest, each restoring what was in use before it."""

    __slots__ = ("catalog", "_tokens")

    def __init__(self, catalog: Catalog | None) -> None:
        self.catalog = catalog
        self._tokens: list[Token[Catalog | None]] = []

    def __enter__(self) -> Catalog:
        self._tokens.append(_in_use.set(self.catalog))
        return self.catalog or standard_catalog()

    def __exit__(self, *exc: object) -> None:
        _in_use.reset(self._tokens.pop())
