"""Plays in text notation: cards, words and plays as immutable values that parse and print.

Notation (one word per string, cards separated by spaces)::

    th2 e4 wild4=m e1          a word: catalog ids; a wild names the letters it stands for
    doublewild1=st             a Double Wild stands for two letters
    e1=x                       under Escaped from Captivity (chosen letter e), an e card as a wild
    k3+alliteration            an extra copy of k3 granted by a repeat motif (``k3+`` when only one
                               repeat motif is in play)
    qfwfq=t                    the free Wild Consonant of Qfwfq; ``choices-choices=m`` the free Wild

``Word.parse(text)`` and ``str(word)`` round-trip, as do ``Play.parse(texts)`` and ``play.texts``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from novelty.catalog import VOWELS, CardKind, Catalog, WildKind, left_out, load_catalog
from novelty.errors import NotationError, RuleError
from novelty.words import not_ascii

#: Motifs that give a free wild, and what it may stand for.
FREE_WILDS = {"choices-choices": WildKind.ANY, "qfwfq": WildKind.CONSONANT}

#: Repeat-a-card motifs: (copies granted, different cards allowed, copy keeps score and effect).
REPEATS = {
    "alliteration": (2, 1, True),       # "Repeat a card two additional times. Keeps score and effect."
    "clones": (2, 2, True),             # "Repeat two different cards."
    "bookkeeper": (1, 1, True),         # "Repeat a card."
    "fight-back-to-back": (1, 1, True),  # "Repeat a vowel card."
    "chekhovs-gun": (1, 1, False),      # "Repeat a card. Worth 0. No effect."
    "my-name-is": (1, 1, False),        # "Repeat a card (minor)."
}

ESCAPED = "escaped-from-captivity"

_TOKEN = re.compile(r"(?P<id>[a-z0-9-]+?)(?:=(?P<letters>[a-z]*))?(?:\+(?P<copy>[a-z-]*))?")


@dataclass(frozen=True, slots=True)
class Card:
    """One card as placed in a word."""

    kind: CardKind | None
    """The catalog kind, or None for a motif's free wild."""
    letters: str
    """The letters this card spells in the word (lower-case)."""
    wild_letters: bool = False
    """Whether the letters were chosen (a wild, or a card turned wild), so the notation writes them."""
    copy_of: str | None = None
    """For an extra copy from a repeat motif: that motif's id ("" when left for the scorer to pick)."""
    free: str | None = None
    """For a free wild: the motif that gives it (``choices-choices`` or ``qfwfq``)."""

    @classmethod
    def parse(cls, token: str, catalog: Catalog | None = None) -> Card:
        """Return the card written as ``token`` (``e4``, ``wild4=m``, ``k3+alliteration``, ``qfwfq=t``)."""
        catalog = catalog or load_catalog()
        if (odd := not_ascii(token)) is not None:  # never read as a-z: the Kelvin sign is not a k
            raise NotationError(f"bad card: {token!r}: {odd} is not a-z")
        text = token.strip().lower()
        m = _TOKEN.fullmatch(text)
        if not m:
            raise NotationError(f"bad card: {token!r}")
        ident, letters, copy = m["id"], m["letters"], m["copy"]
        if ident in FREE_WILDS:
            if copy is not None:
                raise NotationError(f"a free wild cannot be copied: {token!r}")
            if not letters:
                raise NotationError(f"a free wild needs its letter, like {ident}=e: {token!r}")
            if not FREE_WILDS[ident].allows(letters):
                raise RuleError(f"{ident}'s free wild cannot stand for {letters!r}: {token!r}")
            return cls(None, letters, True, free=ident)
        if ident not in catalog.kinds:
            raise NotationError(f"unknown card id: {ident!r} in {token!r}{left_out(ident)}")
        kind = catalog.kinds[ident]
        if kind.wild is not None:
            if not letters:
                raise NotationError(f"a wild needs the letters it stands for, like {ident}=e: {token!r}")
            if not kind.wild.allows(letters):
                what = {WildKind.ANY: "one letter", WildKind.CONSONANT: "one consonant (or y)",
                        WildKind.VOWEL: "one of a e i o u y", WildKind.DOUBLE: "two letters"}[kind.wild]
                raise RuleError(f"{ident} stands for {what}, not {letters!r}: {token!r}")
            card = cls(kind, letters, True)
        elif letters is not None:
            if len(letters) != 1:
                raise RuleError(f"a card turned wild stands for one letter: {token!r}")
            card = cls(kind, letters, True)
        else:
            assert kind.letters is not None
            card = cls(kind, kind.letters)
        if copy is not None:
            if copy and copy not in REPEATS:
                raise NotationError(f"{copy!r} is not a repeat-a-card motif: {token!r}")
            card = cls(card.kind, card.letters, card.wild_letters, copy_of=copy)
        return card

    def __str__(self) -> str:
        ident = self.free if self.free else self.kind.id if self.kind else "?"
        text = f"{ident}={self.letters}" if self.wild_letters else ident
        return text if self.copy_of is None else f"{text}+{self.copy_of}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def id(self) -> str:
        """Return the catalog id, or the motif id for a free wild."""
        return self.kind.id if self.kind else str(self.free)

    @property
    def is_wild(self) -> bool:
        """Return whether this card is a wild: a wild kind, a free wild, or a card turned wild."""
        return self.wild_letters

    @property
    def width(self) -> int:
        """Return how many letters this card holds."""
        return len(self.letters)

    @property
    def is_vowel_card(self) -> bool:
        """Return whether the card shows only vowels (a, e, i, o, u, ee, ou, y) or is a Wild Vowel."""
        if self.kind and self.kind.wild is WildKind.VOWEL:
            return True
        printed = self.kind.letters if self.kind and self.kind.letters else None
        return printed is not None and all(c in VOWELS or c == "y" for c in printed)


@dataclass(frozen=True, slots=True)
class Word:
    """An ordered run of cards."""

    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str, catalog: Catalog | None = None) -> Word:
        """Return the word written as space-separated card tokens."""
        tokens = text.split()
        if not tokens:
            raise NotationError(f"empty word: {text!r}")
        return cls(tuple(Card.parse(t, catalog) for t in tokens))

    @property
    def text(self) -> str:
        """Return the letters the word spells, lower-case."""
        return "".join(c.letters for c in self.cards)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        return f"Word.parse({str(self)!r})"

    def __len__(self) -> int:
        """Return the number of letters."""
        return len(self.text)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)


@dataclass(frozen=True, slots=True)
class Play:
    """One player's words for a round."""

    words: tuple[Word, ...]

    @classmethod
    def parse(cls, texts: Iterable[str], catalog: Catalog | None = None) -> Play:
        """Return the play written as one string per word."""
        return cls(tuple(Word.parse(t, catalog) for t in texts))

    @property
    def texts(self) -> list[str]:
        """Return the notation of each word."""
        return [str(w) for w in self.words]

    def __str__(self) -> str:
        return " / ".join(self.texts)

    def __repr__(self) -> str:
        return f"Play.parse({self.texts!r})"

    def cards(self) -> Iterator[Card]:
        """Yield every card of every word."""
        for word in self.words:
            yield from word.cards


def parse_cards(text: str | Sequence[str] | None, catalog: Catalog | None = None) -> Counter[str]:
    """Return a multiset of card kind ids from ``"a1 b2 b2"`` or a list of ids, checking each id."""
    if text is None:
        return Counter()
    catalog = catalog or load_catalog()
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    counts: Counter[str] = Counter()
    for token in tokens:
        if (odd := not_ascii(str(token))) is not None:
            raise NotationError(f"unknown card id: {token!r}: {odd} is not a-z")
        kind = catalog.kind(str(token))
        counts[kind.id] += 1
    for ident, n in counts.items():
        if n > catalog.kinds[ident].count:
            raise RuleError(f"the deck has {catalog.kinds[ident].count} of {ident}, not {n}")
    return counts


def cards_used(play: Play) -> Counter[str]:
    """Return the hand and pool cards a play takes, by kind id (copies and free wilds take none)."""
    return Counter(c.kind.id for c in play.cards() if c.kind is not None and c.copy_of is None and c.free is None)


def check_play(play: Play, motifs: Sequence[str], hand: Counter[str] | None, pool: Counter[str] | None,
               escaped_letter: str | None = None, catalog: Catalog | None = None) -> str | None:
    """Check a play against the hand, pool and motifs; return the Escaped letter in use, if any.

    Raises :class:`RuleError` naming the token when a card is used more often than the player has
    it (the deck's count when no hand is given), a copy or free wild has no motif granting it, or a
    card is turned wild without Escaped from Captivity.
    """
    catalog = catalog or load_catalog()
    active = set(motifs)
    used: Counter[str] = Counter()
    copies: dict[str, Counter[str]] = {}
    free: Counter[str] = Counter()
    escaped = escaped_letter
    for card in play.cards():
        if card.free:
            if card.free not in active:
                raise RuleError(f"no free wild without the {card.free} motif: {str(card)!r}")
            free[card.free] += 1
            continue
        assert card.kind is not None
        if card.kind.letters is not None and card.wild_letters:
            if ESCAPED not in active:
                raise RuleError(f"only a wild may name its letters: {str(card)!r}")
            if escaped is None:
                escaped = card.kind.letters
            if card.kind.letters != escaped:
                raise RuleError(f"the escaped letter is {escaped!r}, so {str(card)!r} cannot be a wild")
        if card.copy_of is not None:
            copies.setdefault(copy_motif(card, active), Counter())[card.kind.id] += 1
        else:
            used[card.kind.id] += 1
    for motif, n in free.items():
        if n > 1:
            raise RuleError(f"{motif} gives one free wild, not {n}")
    for motif, kinds in copies.items():
        total, distinct, _ = REPEATS[motif]
        if sum(kinds.values()) > total or len(kinds) > distinct or (motif == "clones" and max(kinds.values()) > 1):
            raise RuleError(f"{motif} does not allow these copies: {', '.join(sorted(kinds.elements()))}")
        if motif == "fight-back-to-back":
            for ident in kinds:
                if not Card(catalog.kinds[ident], "", False).is_vowel_card:
                    raise RuleError(f"fight-back-to-back repeats a vowel card, not {ident}")
    have = (hand or Counter()) + (pool or Counter()) if hand is not None else None
    for ident, n in used.items():
        limit = have[ident] if have is not None else catalog.kinds[ident].count
        if n > limit:
            where = "hand and pool" if have is not None else "deck"
            raise RuleError(f"{ident} used {n} time{'s' if n > 1 else ''} but the {where} holds {limit}")
    if have is not None:
        for kinds in copies.values():
            for ident in kinds:
                if have[ident] == 0:
                    raise RuleError(f"a copy of {ident}, which is not in the hand or pool")
    return escaped


def copy_motif(card: Card, active: set[str]) -> str:
    """Return the repeat motif granting ``card``'s copy, resolving a bare ``+`` when only one is active."""
    if card.copy_of:
        if card.copy_of not in active:
            raise RuleError(f"{card.copy_of} is not in play: {str(card)!r}")
        return card.copy_of
    candidates = [m for m in REPEATS if m in active]
    if len(candidates) != 1:
        names = ", ".join(candidates) or "none in play"
        raise RuleError(f"name the repeat motif for {str(card)!r} ({names})")
    return candidates[0]
