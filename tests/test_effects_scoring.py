"""Every letter card effect of the rulebook, scored on a hand-worked word.

Words are scored without a word list (``lexicon=None``) so that only the arithmetic is tested.
Each row: the printed effect text, the word in card notation, the expected score, and the sum.
"""

from __future__ import annotations

import pytest

from novelty.catalog import load_catalog
from novelty.play import Word
from novelty.scoring import score_word

CATALOG = load_catalog()

EFFECTS = [
    ("a4", "+1 per vowel in word", "d1 a4 t3 e3", 6, "2 + (0+2 vowels) + 1 + 1"),
    ("b2", "+2 to card two to the right", "b2 a3 t3 s3", 6, "1 + 1 + (1+2) + 1"),
    ("b3", "Triple score of first card in word", "t3 u1 b3 e3", 6, "1×3 + 1 + 1 + 1"),
    ("c4", "+1 to adjacent cards", "a3 c4 e3 s3", 5, "(1+1) + 0 + (1+1) + 1"),
    ("c5", "+2 if third to last letter in word", "f1 a3 c5 e3 s3", 9, "3 + 1 + (1+2) + 1 + 1"),
    ("d3", "+2 if last letter in word", "r3 e3 a3 d3", 6, "1 + 1 + 1 + (1+2)"),
    ("d4", "+1 per adjacent consonant", "a3 r3 d4 s3", 6, "1 + 1 + (1+2: r and s) + 1"),
    ("d5", "+1 per adjacent vowel", "a3 d5 e3 s3", 6, "1 + (1+2: a and e) + 1 + 1"),
    ("d6", "+1 to the card two to the right", "d6 o1 t3 e3", 5, "1 + 1 + (1+1) + 1"),
    ("e4", "+1 if first letter in word", "e4 a3 t3 s3", 5, "(1+1) + 1 + 1 + 1"),
    ("f2", "Double score of card two to the right", "f2 a3 c3 e3", 6, "0 + 1 + 2×2 + 1"),
    ("f3", "Double score of card two to the left", "c3 a3 f3 e3", 6, "2×2 + 1 + 0 + 1"),
    ("f4", "Double score of first card in word", "b1 e3 f4 s3", 10, "4×2 + 1 + 0 + 1"),
    ("g3", "+2 if word is 6 letters or longer", "g3 a3 r3 d1 e3 n3", 10, "(2+2) + 1 + 1 + 2 + 1 + 1"),
    ("g4", "+2 if first letter in word", "g4 o1 a3 t3", 7, "(2+2) + 1 + 1 + 1"),
    ("g5", "Double the score of first card in word", "h1 o1 g5 s3", 6, "2×2 + 1 + 0 + 1"),
    ("h3", "+2, if first letter in word", "h3 a3 t3 s3", 6, "(1+2) + 1 + 1 + 1"),
    ("h4", "+3 if last letter in word", "b1 a3 t3 h4", 10, "4 + 1 + 1 + (1+3)"),
    ("h5", "+1 if no wilds in word", "h5 a3 t3 s3", 6, "(2+1) + 1 + 1 + 1"),
    ("i4", "+1 if last letter in word", "d1 e3 l3 i4", 7, "2 + 1 + 2 + (1+1)"),
    ("j2", "Triple score of word", "j2 o1 l3 t3", 12, "(0 + 1 + 2 + 1)×3"),
    ("k2", "All cards in word are worth +1", "k2 i3 t3 e3", 7, "(0+1) + (1+1) + (1+1) + (1+1): includes itself"),
    ("k3", "Double score of adjacent cards", "o1 k3 r3 a3", 6, "1×2 + 1 + 1×2 + 1"),
    ("l4", "+2 if word is five letters or longer", "l4 e3 m3 o1 n3", 8, "(1+2) + 1 + 2 + 1 + 1"),
    ("l5", "+1 to adjacent cards", "o1 l5 d1 s3", 6, "(1+1) + 0 + (2+1) + 1"),
    ("l6", "+2 if third letter in word", "o1 i3 l6 s3", 6, "1 + 1 + (1+2) + 1"),
    ("m4", "+2 to the card to the left", "a3 m4 e3 n3", 6, "(1+2) + 1 + 1 + 1"),
    ("m5", "+2 to the first card in word", "a3 m5 e3 n3", 5, "(1+2) + 0 + 1 + 1"),
    ("n4", "+1 if second letter in word", "a3 n4 t3 s3", 5, "1 + (1+1) + 1 + 1"),
    ("o3", "+1 to the card two to the left", "s3 h1 o3 e3", 5, "(1+1) + 2 + 0 + 1"),
    ("p2", "Double score of last card in word", "p2 a3 c3 t1", 6, "1 + 1 + 2 + 1×2"),
    ("p3", "+1 per letter to the right", "p3 a3 s3 t3", 6, "(0+3) + 1 + 1 + 1"),
    ("q1", "Triple score of adjacent cards", "a3 q1 u1 a2", 8, "1×3 + 1 + 1×3 + 1"),
    ("q2", "Double score of word", "q2 u1 i3 t3", 8, "(1 + 1 + 1 + 1)×2"),
    ("r4", "+1 if adjacent to a consonant", "a3 r4 t3 s3", 5, "1 + (1+1: t) + 1 + 1"),
    ("r5", "+1 if second to last letter in word", "h1 e3 r5 s3", 6, "2 + 1 + (1+1) + 1"),
    ("s4", "+2 if not last letter in word", "s4 t3 a3 r3", 5, "(0+2) + 1 + 1 + 1"),
    ("t4", "+1 if third letter in word", "o1 a3 t4 h1", 6, "1 + 1 + (1+1) + 2"),
    ("u3", "+1 if adjacent to a vowel", "a3 u3 t3 o1", 5, "1 + (1+1: a) + 1 + 1"),
    ("v2", "+1 per letter in word", "v2 a3 s3 e3", 8, "(1+4) + 1 + 1 + 1"),
    ("v3", "Triple score of card to the left", "o1 v3 e3 n3", 6, "1×3 + 1 + 1 + 1"),
    ("w3", "Double score of last card in word", "w3 a3 r3 p1", 10, "0 + 1 + 1 + 4×2"),
    ("w4", "+1 per letter to the left", "s3 a3 w4 s1", 6, "1 + 1 + (1+2) + 1"),
    ("wild1", "+1 if word is five letters or longer", "wild1=s t3 o1 n3 e3", 4, "(-1+1) + 1 + 1 + 1 + 1"),
    ("x2", "+2 per letter in word", "x2 e3 n3 o1 n1", 14, "(0+2×5) + 1 + 1 + 1 + 1"),
    ("y2", "+2 if word is 5 letters or longer", "y2 e3 a3 r3 s3", 8, "(2+2) + 1 + 1 + 1 + 1"),
    ("y3", "+1 per letter to the left", "p1 l3 a3 y3", 10, "4 + 2 + 1 + (0+3)"),
    ("y4", "+1 per letter to right", "y4 e3 a3 r3", 6, "(0+3) + 1 + 1 + 1"),
]


@pytest.mark.parametrize(("card", "text", "word", "expected", "arithmetic"), EFFECTS, ids=[e[0] for e in EFFECTS])
def test_effect(card: str, text: str, word: str, expected: int, arithmetic: str) -> None:
    assert CATALOG.kind(card).effect_text == text
    assert score_word(Word.parse(word), None).score == expected, arithmetic


NOT_MET = [
    ("e4 not first", "t3 e4 a3 s3", 4, "1 + 1 + 1 + 1"),
    ("g3 five letters", "g3 r3 a3 n3 d1", 7, "2 + 1 + 1 + 1 + 2"),
    ("h5 with a wild", "h5 a3 t3 wild4=s", 3, "2 + 1 + 1 - 1"),
    ("r4 between vowels", "a3 r4 e3 a2", 4, "1 + 1 + 1 + 1"),
    ("s4 last", "r3 a3 t3 s4", 3, "1 + 1 + 1 + 0"),
    ("wild1 four letters", "wild1=s t3 o1 p1", 5, "-1 + 1 + 1 + 4"),
    ("b2 with no card two to the right", "s3 t3 a3 b2", 4, "an effect with no target does nothing"),
]


@pytest.mark.parametrize(("name", "word", "expected", "arithmetic"), NOT_MET, ids=[n[0] for n in NOT_MET])
def test_effect_condition_not_met(name: str, word: str, expected: int, arithmetic: str) -> None:
    assert score_word(Word.parse(word), None).score == expected, arithmetic


def test_every_effect_card_has_a_golden_test() -> None:
    tested = {row[0] for row in EFFECTS} | {"x1", "z2"}  # x1, z2: tests/test_play_scoring.py
    with_effects = {k.id for k in CATALOG.kinds.values() if k.effect is not None}
    assert with_effects == tested
