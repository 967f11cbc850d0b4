"""The compiled word scorer agrees with the engine's score_checked_word on random card sequences."""

from __future__ import annotations

import collections
import random

import pytest

from novelty.catalog import load_catalog
from novelty.effects import Condition, Counter, Op, Target
from novelty.scoring import AWARDED, score_checked_word
from novelty.search import CONDITIONS, COUNTERS, MOTIFS, OPS, TARGETS, Tables, best_doubling
from tests import core_cases
from tests.core_cases import SEQUENCES, compiled_score


def check(seed: int, per_deal: int) -> int:
    """Compare both scorers on one random deal; return how many words were compared."""
    rng = random.Random(seed)
    hand, motifs, rules, escaped = core_cases.deal(rng)
    tables = Tables(hand, collections.Counter(), motifs, rules, escaped)
    faces = tables.face_table()
    n = 0
    for word in core_cases.words(tables, rng, per_deal):
        awards = core_cases.awards(tables, word, rng)
        expected = score_checked_word(word, tables.motifs, rules=rules, escaped=tables.escaped, awards=awards).score
        got = compiled_score(tables, faces, word, awards)
        assert got == expected, (f"seed {seed}: {word} under {motifs} (escaped {escaped}, {rules}, awards {awards}):"
                                 f" compiled {got}, engine {expected}")
        n += 1
    return n


def test_compiled_scorer_matches_the_engine_on_random_sequences():
    assert sum(check(seed, 50) for seed in range(SEQUENCES // 50)) == SEQUENCES


def test_every_card_kind_and_word_motif_is_drawn():
    kinds, motifs = set(), set()
    for seed in range(SEQUENCES // 50):
        hand, drawn, _, _ = core_cases.deal(random.Random(seed))
        kinds |= set(hand)
        motifs |= set(drawn)
    assert kinds == set(load_catalog().kinds)
    assert set(MOTIFS) <= motifs


def test_the_core_knows_every_code_the_engine_uses():
    assert {t.value for t in Target} == set(TARGETS)
    assert {c.value for c in Condition} | {"none"} == set(CONDITIONS)
    assert {c.value for c in Counter} | {"none"} == set(COUNTERS)
    assert {o.value for o in Op} | {"none"} == set(OPS)
    word_motifs = {m.id for m in load_catalog().motifs.values() if m.scope.value == "word"}
    assert word_motifs | set(AWARDED) == set(MOTIFS)


@pytest.mark.parametrize(("values", "lengths", "doublers", "total"), [
    ([10, 100], [4, 8], [0, 1], 10 * 2 + 100),            # the 8-letter word's doubler doubles the 4-letter word
    ([10, 100, 7], [4, 8, 9], [1, 0, 1], 10 + 200 + 7),   # the 4-letter word's doubler has no shorter word
    ([-3, 5], [4, 5], [0, 1], -6 + 5),                     # doubling is not optional, even of a negative word
    ([10, 100, 1], [4, 8, 9], [0, 1, 1], 20 + 200 + 1),   # each doubler takes a different word
    ([100, 10, 1], [4, 8, 9], [0, 1, 1], 400 + 10 + 1),   # both take the 4-letter word: x4
])
def test_compiled_shorter_word_doubling(values, lengths, doublers, total):
    assert best_doubling(values, lengths, doublers) == total
