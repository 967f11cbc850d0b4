"""Printed effect texts parse into structured effects; anything else is refused."""

from __future__ import annotations

import pytest

from novelty.effects import Condition, Counter, Effect, Op, Target, parse_effect
from novelty.errors import CatalogError

TABLE = [
    ("+1 per vowel in word", Effect(Op.ADD, 1, Target.SELF, per=Counter.VOWEL_IN_WORD)),
    ("+2 to card two to the right", Effect(Op.ADD, 2, Target.RIGHT2)),
    ("Triple score of first card in word", Effect(Op.MULTIPLY, 3, Target.FIRST)),
    ("+2 if third to last letter in word", Effect(Op.ADD, 2, Target.SELF, Condition.THIRD_TO_LAST_LETTER)),
    ("+2 if word is five letters or longer", Effect(Op.ADD, 2, Target.SELF, Condition.MIN_LENGTH, 5)),
    ("+2 if word is 6 letters or longer", Effect(Op.ADD, 2, Target.SELF, Condition.MIN_LENGTH, 6)),
    ("+1 if adjacent to a consonant", Effect(Op.ADD, 1, Target.SELF, Condition.ADJACENT_CONSONANT)),
    ("+1 per adjacent consonant", Effect(Op.ADD, 1, Target.SELF, per=Counter.ADJACENT_CONSONANT)),
    ("Double the score of first card in word", Effect(Op.MULTIPLY, 2, Target.FIRST)),
    ("All cards in word are worth +1", Effect(Op.ADD, 1, Target.ALL)),
    ("Double score of word", Effect(Op.MULTIPLY, 2, Target.WORD)),
    ("+2 if not last letter in word", Effect(Op.ADD, 2, Target.SELF, Condition.NOT_LAST_LETTER)),
    ("Red", None),
    ("", None),
]


@pytest.mark.parametrize(("text", "effect"), TABLE)
def test_parse(text: str, effect: Effect | None) -> None:
    assert parse_effect(text) == effect


@pytest.mark.parametrize("text", ["+1 if the moon is full", "Quadruple score of word", "+x per letter",
                                  "Double score of card three to the left", "Green"])
def test_unknown_texts_are_refused(text: str) -> None:
    with pytest.raises(CatalogError, match="unknown effect text"):
        parse_effect(text)
