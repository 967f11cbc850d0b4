"""Structured card effects, parsed from the effect text printed on each letter card.

Every effect is one :class:`Effect`: an operation (add points or multiply a score), its amount, what
it acts on, and optionally a condition it needs or a count it is multiplied by. The scoring engine
evaluates these values; it never looks at the printed text. An effect text that this module does not
understand is a :class:`~novelty.errors.CatalogError`, never a silent no-op.
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

from novelty.errors import CatalogError


class Op(enum.Enum):
    """What an effect does to its target."""

    ADD = "add"
    """Add ``amount`` points to the target."""
    MULTIPLY = "multiply"
    """Multiply the target's score by ``amount``."""


class Target(enum.Enum):
    """What an effect acts on. Card targets count cards, not letters (ruling 2)."""

    SELF = "self"
    LEFT = "left"
    """The card immediately to the left."""
    LEFT2 = "left2"
    """The card two to the left."""
    RIGHT = "right"
    RIGHT2 = "right2"
    ADJACENT = "adjacent"
    """Both neighbouring cards, each separately."""
    FIRST = "first"
    """The first card in the word (may be this card)."""
    LAST = "last"
    ALL = "all"
    """Every card in the word, this one included."""
    WORD = "word"
    """The whole word's score."""
    SHORTER_WORD = "shorter-word"
    """Another word of the same play with fewer letters, chosen by the player."""


class Condition(enum.Enum):
    """A condition on this card for a self bonus. Positions count letters (ruling 1)."""

    FIRST_LETTER = "first-letter"
    SECOND_LETTER = "second-letter"
    THIRD_LETTER = "third-letter"
    LAST_LETTER = "last-letter"
    SECOND_TO_LAST_LETTER = "second-to-last-letter"
    THIRD_TO_LAST_LETTER = "third-to-last-letter"
    NOT_LAST_LETTER = "not-last-letter"
    MIN_LENGTH = "min-length"
    """The word has at least ``Effect.length`` letters."""
    NO_WILDS = "no-wilds"
    ADJACENT_VOWEL = "adjacent-vowel"
    """A letter touching this card is a vowel."""
    ADJACENT_CONSONANT = "adjacent-consonant"


class Counter(enum.Enum):
    """What a "+N per ..." bonus counts. All count letters (ruling 3)."""

    VOWEL_IN_WORD = "vowel-in-word"
    LETTER_IN_WORD = "letter-in-word"
    LETTER_TO_LEFT = "letter-to-left"
    LETTER_TO_RIGHT = "letter-to-right"
    ADJACENT_VOWEL = "adjacent-vowel"
    """Letters touching this card that are vowels (0, 1 or 2)."""
    ADJACENT_CONSONANT = "adjacent-consonant"


class Effect(NamedTuple):
    """One card effect, as the scoring engine evaluates it."""

    op: Op
    """Add points, or multiply a score."""
    amount: int
    """Points added (per counted thing, when ``per`` is set), or the multiplying factor."""
    target: Target
    """What the effect acts on."""
    condition: Condition | None = None
    """A condition this card must meet for the effect to apply (self bonuses only)."""
    length: int = 0
    """The minimum word length, for ``Condition.MIN_LENGTH``."""
    per: Counter | None = None
    """When set, ``amount`` is given once per counted thing."""


_NUMBER_WORDS = {"four": 4, "five": 5, "six": 6, "seven": 7}

_CONDITIONS = {
    "first letter in word": Condition.FIRST_LETTER,
    "second letter in word": Condition.SECOND_LETTER,
    "third letter in word": Condition.THIRD_LETTER,
    "last letter in word": Condition.LAST_LETTER,
    "second to last letter in word": Condition.SECOND_TO_LAST_LETTER,
    "third to last letter in word": Condition.THIRD_TO_LAST_LETTER,
    "not last letter in word": Condition.NOT_LAST_LETTER,
    "no wilds in word": Condition.NO_WILDS,
    "adjacent to a vowel": Condition.ADJACENT_VOWEL,
    "adjacent to a consonant": Condition.ADJACENT_CONSONANT,
}

_COUNTERS = {
    "vowel in word": Counter.VOWEL_IN_WORD,
    "letter in word": Counter.LETTER_IN_WORD,
    "letter to the left": Counter.LETTER_TO_LEFT,
    "letter to the right": Counter.LETTER_TO_RIGHT,
    "letter to right": Counter.LETTER_TO_RIGHT,
    "adjacent vowel": Counter.ADJACENT_VOWEL,
    "adjacent consonant": Counter.ADJACENT_CONSONANT,
}

_TARGETS = {
    "card to the left": Target.LEFT,
    "card two to the left": Target.LEFT2,
    "card to the right": Target.RIGHT,
    "card two to the right": Target.RIGHT2,
    "adjacent cards": Target.ADJACENT,
    "first card in word": Target.FIRST,
    "last card in word": Target.LAST,
    "word": Target.WORD,
    "a word shorter than this one": Target.SHORTER_WORD,
}

_FACTORS = {"double": 2, "triple": 3}

_ADD_IF = re.compile(r"\+(\d+),? if (.+)")
_ADD_PER = re.compile(r"\+(\d+) per (.+)")
_ADD_TO = re.compile(r"\+(\d+) to (?:the )?(.+)")
_ADD_ALL = re.compile(r"all cards in word are worth \+(\d+)")
_MULTIPLY = re.compile(r"(double|triple) (?:the )?score of (?:the )?(.+)")
_MIN_LENGTH = re.compile(r"word is (\d+|\w+) letters or longer")

#: Printed texts that carry no effect: a plain card, or a colour that is only a colour.
NO_EFFECT_TEXTS = frozenset({"", "red", "blue"})


def parse_effect(text: str) -> Effect | None:
    """Return the structured effect printed as ``text``, or None for a card with no effect."""
    norm = " ".join(text.lower().split()).rstrip(".")
    if norm in NO_EFFECT_TEXTS:
        return None
    if m := _ADD_IF.fullmatch(norm):
        amount, cond = int(m[1]), m[2]
        if cond in _CONDITIONS:
            return Effect(Op.ADD, amount, Target.SELF, condition=_CONDITIONS[cond])
        if (lm := _MIN_LENGTH.fullmatch(cond)) and (length := _length(lm[1])):
            return Effect(Op.ADD, amount, Target.SELF, condition=Condition.MIN_LENGTH, length=length)
    elif m := _ADD_PER.fullmatch(norm):
        if m[2] in _COUNTERS:
            return Effect(Op.ADD, int(m[1]), Target.SELF, per=_COUNTERS[m[2]])
    elif m := _ADD_ALL.fullmatch(norm):
        return Effect(Op.ADD, int(m[1]), Target.ALL)
    elif m := _ADD_TO.fullmatch(norm):
        if m[2] in _TARGETS:
            return Effect(Op.ADD, int(m[1]), _TARGETS[m[2]])
    elif m := _MULTIPLY.fullmatch(norm):
        if m[2] in _TARGETS:
            return Effect(Op.MULTIPLY, _FACTORS[m[1]], _TARGETS[m[2]])
    raise CatalogError(f"unknown effect text: {text!r}")


def _length(word: str) -> int | None:
    """Return the number written as digits or a word, or None."""
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)
