"""The seam to the compiled search (issue 24): one limit, one request, one typed answer; rules facts stated once."""

from __future__ import annotations

import json
import subprocess
import sys
from array import array
from collections import Counter

import pytest

from novelty import advise
from novelty.catalog import load_catalog
from novelty.lexicon import SetLexicon
from novelty.limits import ANYTIME_GROUPS, MAX_GROUPS, MAX_OPTIONS, MAX_STATES, Caps, Limit
from novelty.play import ESCAPED, REPEATS
from novelty.rounds import ROUND_BONUS
from novelty.scoring import (
    AWARD_POINTS,
    AWARDED,
    CARD_POINTS,
    COLOUR_MOTIFS,
    DOUBLING,
    LENGTH_POINTS,
    LETTER_POINTS,
    WORD_POINTS,
    Rules,
    score_signature,
)
from novelty.search import MOTIFS, CoreAnswer, CoreRequest, Tables, send
from novelty.solver import solve

SMALL = SetLexicon(["stone", "notes", "tones", "onset", "seton", "steno", "note", "tone", "tons", "snot", "nest"])


def test_a_limit_is_named_without_loading_the_search() -> None:
    probe = ("import json, sys\nfrom novelty.limits import Limit\nfrom novelty.solver import solve\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('novelty'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stdout))
    assert "novelty.limits" in loaded and "novelty.search" not in loaded and "novelty._core" not in loaded


def test_a_limit_holds_time_work_and_the_memory_caps() -> None:
    assert Limit() == Limit(None, None, Caps(MAX_GROUPS, MAX_OPTIONS, MAX_STATES, ANYTIME_GROUPS))
    assert Caps.of(None) == Caps() and Caps.of((1, 2, 3, 4)) == Caps(groups=1, options=2, states=3, anytime_groups=4)
    assert Caps.of(Caps(groups=7)).groups == 7
    with pytest.raises(AttributeError):
        Limit().time = 1.0  # type: ignore[misc]


def test_solve_takes_caps_as_a_tuple_or_as_caps() -> None:
    hand = Counter(["s1", "t1", "o1", "n1", "e1"])
    as_tuple = solve(SMALL, hand, limits=(2, 10**6, 10**6, 65_536))
    as_caps = solve(SMALL, hand, limits=Caps(groups=2))
    assert as_tuple.stats["group_limit"] == as_caps.stats["group_limit"] == 1
    assert [p.total for p in as_tuple.plays] == [p.total for p in as_caps.plays]


def test_one_request_in_and_a_typed_answer_out() -> None:
    tables = Tables(Counter(["s1", "t1", "o1", "n1", "e1"]), Counter(), [], Rules(), None)
    limit = Limit(work=10**6, caps=Caps(states=123))
    request = tables.request(SMALL.step_index(), False, [], 2, limit)
    assert isinstance(request, CoreRequest)
    assert (request.top, request.seconds, request.work, request.max_states, request.progress) == (2, 0.0, 10**6, 123,
                                                                                                    None)
    assert request.faces == tables.face_table() and isinstance(request.faces, array)
    assert Tables(Counter(["a1"]), Counter(), [], Rules(), None).request(SMALL.step_index(), False, [], 1, Limit(
        time=0.5)).seconds == 0.5
    answer = tables.run(SMALL.step_index(), False, [], 2, limit)
    assert isinstance(answer, CoreAnswer) and answer.proved and answer.bound == answer.plays[0][0] == 5
    assert isinstance(answer.plays, tuple) and len(answer.plays) == 2 and answer.stats["groups"] > 0
    assert tables.play(answer.plays[0][1]).words[0].text in {"stone", "notes", "tones", "onset", "seton", "steno"}


@pytest.mark.parametrize(("change", "message"), [
    ({"max_groups": 0}, "max_groups must be 1 to 2147483647"),
    ({"top": 65}, "top must be 1 to 64"),
    ({"work": -1}, "work must be 0 to"),
    ({"progress": array("b", [0])}, "progress: a writable buffer of one 64-bit integer"),
    ({"faces": array("i", [0] * 5)}, "faces: expected rows of"),
])
def test_the_core_names_what_is_wrong_with_a_request(change: dict[str, object], message: str) -> None:
    """The core reads the request's fields by name and checks each: a bad one is a ValueError naming it."""
    import dataclasses

    tables = Tables(Counter(["s1", "t1", "o1", "n1", "e1"]), Counter(), [], Rules(), None)
    request = dataclasses.replace(tables.request(SMALL.step_index(), False, [], 1, Limit()), **change)
    with pytest.raises(ValueError, match=message):
        send(request)


def test_the_core_names_a_field_the_request_lacks() -> None:
    with pytest.raises(TypeError, match="the request has no mask"):
        send(object())  # type: ignore[arg-type]


# Computed before the bound read the motif values from novelty.scoring (hand, motifs, escaped letter, bound without
# and with the round's motifs); the pool is a1 r1.
RELAXED = [
    ("s1 t1 o1 n1 e1", (), None, 7, 7),
    ("k3 wild1 doublewild1 e1 a1", ("consonance", "assonance", "wild-child", "laconic", "sesquipedalian", "pangram"),
     None, 52, 97),
    ("q1 x1 z1 wildvowel2 e2 o1", ("utopia", "trilogy", "chekhovs-gun", "bookkeeper", "uncopyrightable", "hermit"),
     None, 5904, 5904),
    ("e1 e2 e3 s1 t1 r1", ("red-symbolism", "blue-symbolism", "red-pill-blue-pill", "red-eyes-blue-eyes",
                           "grandiloquent"), None, 40, 40),
    ("th1 e1 s1 a1 wild1", ("alliteration", "qfwfq", "my-name-is", "strengths", "lipogram", "first-letter",
                            "epistolary-novel", "adventure-duo", "fight-back-to-back"), None, 1040, 1040),
    ("a4 b3 d4 d5 j2 x2 v2 p3 q2 w4", ("clones", "laconic", "sesquipedalian", "red-symbolism"), None, 26892, 29327),
    ("x1 z2 e1 s1 k3 wild2", ("escaped-from-captivity", "chekhovs-gun", "pangram", "wild-child"), "e", 152, 232),
]


@pytest.mark.parametrize(("hand", "motifs", "escaped", "plain", "round_given"), RELAXED)
def test_the_relaxed_bound_is_what_it_was(hand: str, motifs: tuple[str, ...], escaped: str | None, plain: int,
                                          round_given: int) -> None:
    tables = Tables(Counter(hand.split()), Counter(["a1", "r1"]), list(motifs), Rules(), escaped)
    assert (tables.relaxed_bound(False), tables.relaxed_bound(True)) == (plain, round_given)


def test_the_motif_tables_name_every_word_motif_once() -> None:
    """The relaxed bound reads what each motif adds or multiplies by from these tables: a word motif missing from
    them would be left out of the bound."""
    tables = [set(WORD_POINTS), set(LENGTH_POINTS), set(CARD_POINTS), set(LETTER_POINTS), set(DOUBLING),
              set(AWARDED), {"my-name-is"}]
    assert sum(len(t) for t in tables) == len(set().union(*tables))
    assert set().union(*tables) == set(MOTIFS)


def test_a_round_award_is_worth_the_same_everywhere() -> None:
    assert set(ROUND_BONUS.values()) == {AWARD_POINTS} == {AWARDED["sesquipedalian"], AWARDED["pangram"]}
    assert set(load_catalog().motifs) >= COLOUR_MOTIFS


def test_decision_help_and_the_search_mean_the_same_by_cards_that_score_alike() -> None:
    """The search's classes and decision help's signatures are one definition; only the search names the Escaped
    letter, which makes every card of that letter one class."""
    kinds = sorted(load_catalog().kinds)
    for motifs in [(), ("red-symbolism",), ("clones", "blue-symbolism"), (ESCAPED,), *((m,) for m in REPEATS)]:
        tables = Tables(Counter(kinds), Counter(), list(motifs), Rules(), None)
        assert sorted(map(sorted, advise.classes(kinds, motifs))) == sorted(map(sorted, tables.classes))
    e_cards = [k for k in kinds if load_catalog().kinds[k].letters == "e"]
    escaped = Tables(Counter(kinds), Counter(), [ESCAPED], Rules(), "e")
    assert sorted(e_cards) in map(sorted, escaped.classes)  # one class: each is a wild worth 0
    assert len({score_signature(load_catalog().kinds[k], [ESCAPED]) for k in e_cards}) > 1  # printed apart
