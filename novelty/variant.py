"""House rules as data (issue 22): a variant changes the cards, the motifs and the shape of a game.

The rulebook invites it: "If you believe that certain cards are too strong, feel free to change them or add
entirely new ones", more drafting cards, more motifs, a common pool by default, a one-word rule, trading
hands with two players. A :class:`Variant` is a value: its :class:`Shape` (how a game is dealt and played),
the card kinds it changes or adds (:class:`CardChange`), and the cards and motifs it removes. It is checked
when made (a :class:`~novelty.errors.VariantError` names the bad field, as ``cards.q2.effect``), and
:data:`STANDARD` is the game as printed.

Using one:

- ``variant.catalog()`` is the :class:`~novelty.catalog.Catalog` it plays with (made once per variant);
- ``with variant.active(): ...`` makes it the catalog every part of the engine reads (card notation, scoring,
  the solver's tables, decision help's deck) for that block, in this thread or context only;
- ``variant.rules(rules)`` is the :class:`~novelty.scoring.Rules` to score and solve with (the one-word rule);
- :func:`check_players` says whether a game for so many players can be dealt.

The file format (TOML or JSON, the same structure) is read by :func:`parse_variant` and validated by
:class:`novelty.inputs.VariantInput`; the README shows an example. A new card's id follows the catalog's
scheme: its letters (or wild kind: ``wild``, ``wildconsonant``, ``wildvowel``, ``doublewild``) and its row
number, numbered on from the printed rows of that letter (the printed q cards are q1 and q2: a new one is q3).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from novelty import options
from novelty.catalog import CardKind, Catalog, Colour, WildKind, standard_catalog, use_catalog
from novelty.effects import Effect, Op, parse_effect
from novelty.errors import CatalogError, VariantError
from novelty.scoring import Rules
from novelty.solver import MAX_CARDS

# -- limits: what a variant may set (the file's schema says the same: novelty.options) ------------------------

ROUNDS = options.VARIANT_ROUNDS
MOTIFS = options.VARIANT_MOTIFS
DEALT = options.VARIANT_DEALT
DRAFTED = options.VARIANT_DRAFTED
POOL = options.VARIANT_POOL
COUNT = options.VARIANT_COUNT
POINTS = options.VARIANT_POINTS
MOST_KINDS = options.VARIANT_KINDS
NAME_LENGTH = options.VARIANT_NAME_LENGTH
MOST_ADDED = 10
"""The largest amount an effect may add ("+10 per letter in word"); the word length a condition names is at most
:data:`MOST_LETTERS`. Factors are the vocabulary's: double and triple."""
MOST_LETTERS = 20

WILD_HEADS = {"wild": WildKind.ANY, "wildconsonant": WildKind.CONSONANT, "wildvowel": WildKind.VOWEL,
              "doublewild": WildKind.DOUBLE}
"""The id of a wild kind starts with its Letter column, lower-cased without spaces."""
COLOURS = ("red", "blue", "none")
"""What a card's colour may be set to (``none``: no colour)."""
_ID = re.compile(r"([a-z]+)([1-9][0-9]*)")


def _between(value: int, bounds: tuple[int, int], where: str) -> None:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise VariantError(f"{where}: must be a whole number from {low} to {high}, not {value!r}")


@dataclass(frozen=True, slots=True)
class Shape:
    """How a game is dealt and played: the rulebook's numbers, which a variant may change."""

    rounds: int = 3
    motifs: int = 3
    """Motif cards flipped at the start of each round."""
    dealt: int = 3
    """Cards each player draws to start a hand."""
    drafted: int = 8
    """Cards each player is dealt to draft from."""
    pool: int = 0
    """Cards dealt face up to the common pool at the start of each round."""
    one_word: bool = False
    """Each player may submit one word only."""
    trade_hands: bool = False
    """With two players, the players trade hands after drafting (checked at play time: :func:`check_players`)."""

    def __post_init__(self) -> None:
        for name, bounds in (("rounds", ROUNDS), ("motifs", MOTIFS), ("dealt", DEALT), ("drafted", DRAFTED),
                             ("pool", POOL)):
            _between(getattr(self, name), bounds, f"game.{name}")
        for name in ("one_word", "trade_hands"):
            if not isinstance(getattr(self, name), bool):
                raise VariantError(f"game.{name}: must be true or false, not {getattr(self, name)!r}")
        if self.dealt + self.drafted == 0:
            raise VariantError("game.dealt, game.drafted: a player needs cards: dealt and drafted are both 0")
        if self.hand + self.pool > MAX_CARDS:
            raise VariantError(f"game.dealt, game.drafted, game.pool: a hand of {self.hand} and a pool of {self.pool} "
                               f"are {self.hand + self.pool} cards; the solver takes at most {MAX_CARDS}")

    @property
    def hand(self) -> int:
        """Return the cards a player holds after drafting."""
        return self.dealt + self.drafted

    def round_cards(self, players: int) -> int:
        """Return the letter cards one round deals to ``players`` players and the pool."""
        return self.hand * players + self.pool


@dataclass(frozen=True, slots=True)
class CardChange:
    """What a variant says of one card kind: a printed kind's new count, points, effect or colour, or a new kind.

    A field left None keeps the printed value. A new kind (an id no printed kind has) gives its count and points;
    its letters or wild kind come from its id (``qu1``: the letters ``qu``; ``wild9``: a Wild)."""

    id: str
    count: int | None = None
    points: int | None = None
    effect: str | None = None
    """The effect as printed on a card ("Double score of word"), from the effect vocabulary; "" for none."""
    colour: str | None = None
    """``red``, ``blue`` or ``none``."""

    def to_dict(self) -> dict[str, Any]:
        """Return the file form: the fields set."""
        return {name: value for name in ("count", "points", "effect", "colour")
                if (value := getattr(self, name)) is not None}


@dataclass(frozen=True, slots=True)
class Variant:
    """A set of house rules: a name, the game's shape and the catalog it plays with (checked when made)."""

    name: str = "standard"
    shape: Shape = field(default_factory=Shape)
    cards: tuple[CardChange, ...] = ()
    """Printed kinds changed and new kinds added, at most :data:`MOST_KINDS`."""
    remove_cards: tuple[str, ...] = ()
    """Printed kinds taken out of the game: their ids are unknown under the variant."""
    remove_motifs: tuple[str, ...] = ()
    """Motifs taken out of the game."""

    def __post_init__(self) -> None:
        for name in ("cards", "remove_cards", "remove_motifs"):  # lists given from Python: tuples, hashable
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if not isinstance(self.name, str) or not 0 < len(self.name.strip()) <= NAME_LENGTH:
            raise VariantError(f"name: 1 to {NAME_LENGTH} characters, not {self.name!r}")
        if len(self.cards) > MOST_KINDS:
            raise VariantError(f"cards: at most {MOST_KINDS} kinds changed or added, not {len(self.cards)}")
        if not (self.cards or self.remove_cards or self.remove_motifs) and self.shape == Shape():
            return  # the printed game (loaded when it is played, not when this module is)
        catalog = self.catalog()  # made now, so that a variant that exists is one that can be played
        cards = catalog.card_count
        if cards < self.shape.round_cards(2):
            s = self.shape
            raise VariantError(f"cards: the deck holds {cards} cards, fewer than a round deals to two players: "
                               f"(game.dealt {s.dealt} + game.drafted {s.drafted}) x 2 + game.pool {s.pool} = "
                               f"{s.round_cards(2)}")
        if len(catalog.motifs) < self.shape.motifs:
            raise VariantError(f"remove.motifs: {len(catalog.motifs)} motifs are left, fewer than game.motifs "
                               f"{self.shape.motifs} flipped each round")

    def catalog(self) -> Catalog:
        """Return the cards and motifs this variant plays with (made once: the same catalog every call)."""
        return _catalog(self)

    def active(self) -> use_catalog:
        """Return a context manager making this variant's catalog the one the engine reads (``with v.active():``)."""
        return use_catalog(self.catalog())

    def rules(self, rules: Rules = Rules()) -> Rules:
        """Return ``rules`` (the readings chosen) with this variant's house rules: the one-word rule."""
        return dataclasses.replace(rules, one_word=rules.one_word or self.shape.one_word)

    def to_dict(self) -> dict[str, Any]:
        """Return the variant in the file's structure (JSON-ready; :func:`variant_from_data` reads it back)."""
        out: dict[str, Any] = {"name": self.name, "game": dataclasses.asdict(self.shape)}
        if self.cards:
            out["cards"] = {change.id: change.to_dict() for change in self.cards}
        if self.remove_cards or self.remove_motifs:
            out["remove"] = {"cards": list(self.remove_cards), "motifs": list(self.remove_motifs)}
        return out


def activate(variant: Variant | None) -> use_catalog:
    """Return a context manager making ``variant``'s catalog the one in use (None: the printed catalog)."""
    return use_catalog(variant.catalog() if variant is not None else None)


def check_players(variant: Variant, players: int, rounds: int = 1) -> None:
    """Refuse a game of ``variant`` for ``players`` players the cards cannot deal, or a rule that needs two players.

    ``rounds`` is how many rounds the deck must deal without being gathered again (the rulebook sets cards and
    motifs aside after each round: ``variant.shape.rounds`` for a whole game from one shuffle). Motifs left out of
    the deck by the caller (self-play's drafting motifs) are the caller's to count."""
    shape = variant.shape
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise VariantError(f"players: a whole number, 1 or more, not {players!r}")
    if shape.trade_hands and players != 2:
        raise VariantError(f"game.trade_hands: trading hands is a two-player rule, not one for {players} players")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise VariantError(f"rounds: a whole number, 1 or more, not {rounds!r}")
    catalog = variant.catalog()
    what = f"{rounds} rounds" if rounds > 1 else "a round"
    need = shape.round_cards(players) * rounds
    if catalog.card_count < need:
        raise VariantError(f"the deck holds {catalog.card_count} cards, fewer than {what} for {players} players deals: "
                           f"{need} ({shape.hand} a player and {shape.pool} to the pool, a round)")
    if len(catalog.motifs) < shape.motifs * rounds:
        raise VariantError(f"the motif deck holds {len(catalog.motifs)} motifs, fewer than {what} flips: "
                           f"{shape.motifs * rounds}")


# -- the catalog a variant plays with ----------------------------------------------------------------------


def _label(kind: CardKind) -> str:
    """Return the head of a kind's id: its Letter column lower-cased without spaces (``th``, ``wildvowel``)."""
    return kind.letter_label.lower().replace(" ", "")


def _effect(text: Any, where: str) -> tuple[str, Effect | None]:
    """Return the printed text (spaces tidied) and the structured effect of an effect field."""
    if not isinstance(text, str):
        raise VariantError(f"{where}: an effect as printed on a card, not {text!r}")
    printed = " ".join(text.split())
    if printed.lower() in ("red", "blue"):
        raise VariantError(f"{where}: {printed!r} is a colour, not an effect: set colour = {printed.lower()!r}")
    try:
        effect = parse_effect(printed)
    except CatalogError:
        raise VariantError(f"{where}: unknown effect text: {text!r} (the effects printed on the cards, "
                           "with other numbers, are the vocabulary: 'novelty cards' lists them)") from None
    if effect is not None and (effect.op is Op.ADD and effect.amount > MOST_ADDED or effect.length > MOST_LETTERS):
        raise VariantError(f"{where}: {text!r} is out of bounds: an effect adds at most {MOST_ADDED}, and names a "
                           f"word length of at most {MOST_LETTERS} letters")
    return printed, effect


def _colour(value: Any, where: str) -> Colour | None:
    if value not in COLOURS:
        raise VariantError(f"{where}: one of {', '.join(COLOURS)}, not {value!r}")
    return None if value == "none" else Colour(value)


def _changed(kind: CardKind, change: CardChange, where: str) -> CardKind:
    """Return a printed kind as ``change`` makes it."""
    count = kind.count if change.count is None else change.count
    points = kind.points if change.points is None else change.points
    _between(count, COUNT, f"{where}.count")
    _between(points, POINTS, f"{where}.points")
    colour = kind.colour if change.colour is None else _colour(change.colour, f"{where}.colour")
    if change.effect is not None:
        text, effect = _effect(change.effect, f"{where}.effect")
    else:
        text, effect = ("" if kind.effect is None else kind.effect_text), kind.effect
    if effect is None:  # a card with no effect prints its colour, if it has one (as the rulebook's table does)
        text = colour.value.capitalize() if colour else ""
    return dataclasses.replace(kind, count=count, points=points, colour=colour, effect_text=text, effect=effect)


def _new(change: CardChange, where: str) -> CardKind:
    """Return the new kind ``change`` adds, its letters or wild kind read from its id."""
    m = _ID.fullmatch(change.id)
    head = m[1] if m else ""
    if not m or (head not in WILD_HEADS and len(head) > 2):
        raise VariantError(f"{where}: unknown card id {change.id!r}; a new card's id is its letters (one or two) or "
                           f"its wild kind ({', '.join(WILD_HEADS)}), then its row number (qu1, wild9)")
    if change.count is None or change.points is None:
        missing = " and ".join(name for name in ("count", "points") if getattr(change, name) is None)
        raise VariantError(f"{where}: no printed card is {change.id!r}, and a new card gives its count and points "
                           f"({missing} missing)")
    _between(change.count, COUNT, f"{where}.count")
    _between(change.points, POINTS, f"{where}.points")
    colour = None if change.colour is None else _colour(change.colour, f"{where}.colour")
    text, effect = _effect(change.effect or "", f"{where}.effect")
    if effect is None:
        text = colour.value.capitalize() if colour else ""
    return CardKind(id=change.id, letters=None if head in WILD_HEADS else head, wild=WILD_HEADS.get(head),
                    count=change.count, points=change.points, colour=colour, effect_text=text, effect=effect)


def _check_new_numbers(new: list[CardKind], printed_rows: dict[str, int]) -> None:
    """Refuse new kinds not numbered on from their letter's printed rows (q3, q4 after q1 and q2)."""
    numbers: dict[str, list[tuple[int, str]]] = {}
    for kind in new:
        m = _ID.fullmatch(kind.id)
        assert m is not None
        numbers.setdefault(m[1], []).append((int(m[2]), kind.id))
    for head, found in numbers.items():
        first = printed_rows.get(head, 0) + 1
        expected = list(range(first, first + len(found)))
        for (number, ident), want in zip(sorted(found), expected, strict=True):
            if number != want:
                printed = f"the printed ones are {head}1 to {head}{first - 1}" if first > 1 else "none is printed"
                raise VariantError(f"cards.{ident}: new {head} cards are numbered on from the printed ones ({printed})"
                                   f": {head}{want} comes first")


def _check_ids(ids: tuple[str, ...], known: Mapping[str, Any], where: str, what: str) -> None:
    for n, ident in enumerate(ids):
        if not isinstance(ident, str) or ident not in known:
            raise VariantError(f"{where}.{n}: unknown {what}: {ident!r}")
        if ident in ids[:n]:
            raise VariantError(f"{where}.{n}: {ident!r} is removed twice")


@functools.lru_cache(maxsize=64)
def _catalog(variant: Variant) -> Catalog:
    """Return the catalog ``variant`` plays with, checking every card change and removal (made once per variant)."""
    printed = standard_catalog()
    if not variant.cards and not variant.remove_cards and not variant.remove_motifs:
        return printed  # the same object: whatever is cached for the printed catalog holds
    _check_ids(variant.remove_cards, printed.kinds, "remove.cards", "card id")
    _check_ids(variant.remove_motifs, printed.motifs, "remove.motifs", "motif")
    printed_rows: dict[str, int] = {}
    for kind in printed.kinds.values():
        printed_rows[_label(kind)] = printed_rows.get(_label(kind), 0) + 1
    kinds = {ident: kind for ident, kind in printed.kinds.items() if ident not in variant.remove_cards}
    new: list[CardKind] = []
    seen: set[str] = set()
    for change in variant.cards:
        where = f"cards.{change.id}"
        if change.id in seen:
            raise VariantError(f"{where}: given twice")
        seen.add(change.id)
        if change.id in variant.remove_cards:
            raise VariantError(f"{where}: changed here and removed in remove.cards: choose one")
        if change.id in kinds:
            kinds[change.id] = _changed(kinds[change.id], change, where)
        else:
            new.append(_new(change, where))
    _check_new_numbers(new, printed_rows)
    for kind in new:  # after the last kind of its letter (the rulebook's order), or at the end for a new letter
        after = [ident for ident, other in kinds.items() if _label(other) == _label(kind)]
        items = list(kinds.items())
        at = [ident for ident, _ in items].index(after[-1]) + 1 if after else len(items)
        kinds = dict([*items[:at], (kind.id, kind), *items[at:]])
    motifs = {ident: motif for ident, motif in printed.motifs.items() if ident not in variant.remove_motifs}
    return Catalog(MappingProxyType(kinds), MappingProxyType(motifs))


STANDARD = Variant()
"""The game as the rulebook prints it."""


# -- reading a variant file ---------------------------------------------------------------------------------


def variant_from_data(data: Any, where: str = "") -> Variant:
    """Return the variant described by parsed file contents (or an API body's ``variant``).

    Every error is a :class:`~novelty.errors.VariantError` naming the field, after ``where`` (``house.toml: ``,
    ``variant.``): ``cards.q2.points: Input should be a valid integer``."""
    from pydantic import ValidationError

    from novelty.inputs import VariantInput, field_problems

    try:
        model = VariantInput.model_validate(data)
    except ValidationError as exc:
        problems = field_problems(exc, where)
        top = VariantInput.model_fields
        misplaced = any(e["type"] == "extra_forbidden" and len(e["loc"]) > 1 and e["loc"][-1] in top
                        for e in exc.errors())
        hint = " (in TOML, keys after a [table] line belong to that table: write top-level keys first)"
        raise VariantError(problems + (hint if misplaced else "")) from None
    return model.to_variant(where)


def parse_variant(text: str, source: str = "variant") -> Variant:
    """Return the variant in ``text``: JSON when ``source`` ends in .json or the text starts with ``{``, else TOML.

    ``source`` (a file name) starts every error message."""
    if source.lower().endswith(".json") or (not source.lower().endswith(".toml") and text.lstrip().startswith("{")):
        import json

        try:
            data = json.loads(text)
        except ValueError as exc:
            raise VariantError(f"{source}: not valid JSON: {exc}") from None
    else:
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise VariantError(f"{source}: not valid TOML: {exc}") from None
    if not isinstance(data, dict):
        raise VariantError(f"{source}: a variant is an object (a table), not {type(data).__name__}")
    return variant_from_data(data, f"{source}: ")


def load_variant(path: str) -> Variant:
    """Return the variant in the file ``path`` (TOML, or JSON for a ``.json`` file)."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(f"cannot read {path!r}: {getattr(exc, 'strerror', None) or exc}") from None
    return parse_variant(text, path)
