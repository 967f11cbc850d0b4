"""Spelling one word again (issue 25): the search spells a word the bound's rounds found with a wild again, with a card
or a copy of the wild's letter standing in (``novelty/csrc/respell.c``), by a walk along that word's letters alone.
That walk must find exactly the spellings a walk of a word list holding only that word finds, within any limit on
the units of each resource."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from novelty.lexicon import open_lexicon
from novelty.limits import Caps, Limit
from novelty.search import Tables, spellings
from novelty.steps import StepIndex
from tests.core_cases import deal


def _groups(found: list[tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]) -> set[tuple[object, ...]]:
    """The groups found, each as it spells its word: the same units may spell two words (the same points)."""
    return {(word, units, taken, bests) for word, units, taken, bests in found}


@pytest.mark.parametrize("seed", range(16))
def test_a_word_spelled_along_its_letters_has_the_spellings_of_a_list_holding_it_alone(seed: int) -> None:
    rng = random.Random(f"respell {seed}")
    steps = open_lexicon("twl" if seed % 2 else "sowpods").step_index()
    words: list[str] = []
    while not words:  # (a deal may spell no word)
        hand, motifs, rules, escaped = deal(rng)
        tables = Tables(hand, Counter(), motifs, rules, escaped)
        r = tables.request(steps, False, [], 1, Limit(None, None, Caps()))
        first = tables.request(steps, False, [], 1, Limit(None, None, Caps(groups=2000)))  # (words to try: a few)
        words = sorted({word for word, *_ in spellings(steps, first)})
    for word in rng.sample(words, min(6, len(words))):
        alone = StepIndex.build([word])
        expected = spellings(alone, tables.request(alone, False, [], 1, Limit(None, None, Caps())))
        assert _groups(spellings(steps, r, word)) == _groups(expected), (hand, motifs, word)
        most = [rng.randint(0, 2) for _ in tables.resources]
        within = [g for g in expected if all(n <= most[i] for i, n in enumerate(g[2]))]
        assert _groups(spellings(steps, r, word, most)) == _groups(within), (hand, motifs, word, most)


def test_a_word_no_card_spells_has_no_spelling_and_a_bad_word_is_refused() -> None:
    tables = Tables(Counter({"e1": 1, "t1": 1}), Counter(), [], deal(random.Random(0))[2], None)
    steps = open_lexicon("twl").step_index()
    r = tables.request(steps, False, [], 1, Limit(None, None, Caps()))
    assert spellings(steps, r, "zyzzyva") == []
    with pytest.raises(ValueError, match="letters a-z"):
        spellings(steps, r, "Tea!")


@pytest.mark.parametrize("cards", [
    "doublewild1 o1 t1 e1 s1 n1",
    "wild2 doublewild1 th1 e1 r1 s1",
    "wildvowel2 doublewild1 nd1 er1 a1 t1",
])
def test_every_word_of_a_hand_with_a_double_wild_spelled_along_its_letters(cards: str) -> None:
    """A Double Wild lays two letters at once: the second must be the word's next letter too."""
    tables = Tables(Counter(cards.split()), Counter(), [], deal(random.Random(0))[2], None)
    steps = open_lexicon("twl").step_index()
    r = tables.request(steps, False, [], 1, Limit(None, None, Caps()))
    words = sorted({word for word, *_ in spellings(steps, r)})
    assert len(words) > 20
    for word in words:
        alone = StepIndex.build([word])
        expected = spellings(alone, tables.request(alone, False, [], 1, Limit(None, None, Caps())))
        assert _groups(spellings(steps, r, word)) == _groups(expected), word
