"""Ruling E2, "Double score of a word shorter than this one": the fast exact choice against every choice."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from novelty.play import Play
from novelty.scoring import best_doubling, score_play


def every_doubling(lengths: Sequence[int], values: Sequence[int], doublers: Sequence[Sequence[str]],
                   scoring: Sequence[int]) -> tuple[int, list[int], list[list[str]]]:
    """Return the best total over every choice of shorter word for every doubler (the oracle; exponential)."""
    effects: list[tuple[str, list[int]]] = []
    for i in scoring:
        shorter = [j for j in range(len(lengths)) if lengths[j] < lengths[i]]
        if shorter:  # with no shorter word the effect does nothing
            effects.extend((label, shorter) for label in doublers[i])
    options = []
    for choice in itertools.product(*(targets for _, targets in effects)):  # one empty choice when none
        finals = list(values)
        doubled: list[list[str]] = [[] for _ in values]
        for (label, _), j in zip(effects, choice, strict=True):
            finals[j] *= 2
            doubled[j].append(label)
        options.append((sum(finals), finals, doubled))
    return max(options, key=lambda option: option[0])


@st.composite
def plays(draw: st.DrawFn) -> tuple[list[int], list[int], list[list[str]], list[int]]:
    """Draw up to 7 words of 1-5 letters (ties likely), values from -3 up, up to 6 doublers, some words not scoring."""
    n = draw(st.integers(0, 7))
    lengths = draw(st.lists(st.integers(1, 5), min_size=n, max_size=n))
    values = draw(st.lists(st.integers(-3, 12), min_size=n, max_size=n))
    budget = 6
    doublers = []
    for i in range(n):
        k = draw(st.integers(0, min(3, budget)))
        budget -= k
        doublers.append([f"w{i}d{d}" for d in range(k)])
    scoring = [i for i in range(n) if draw(st.booleans())]
    return lengths, values, doublers, scoring


@settings(max_examples=300, deadline=None)
@given(plays())
def test_best_doubling_equals_trying_every_choice(play: tuple[list[int], list[int], list[list[str]], list[int]]
                                                  ) -> None:
    lengths, values, doublers, scoring = play
    total, finals, doubled = best_doubling(lengths, values, doublers, scoring)
    assert total == every_doubling(lengths, values, doublers, scoring)[0]
    # The choice shown is a real one: each live doubler doubles exactly one shorter word, and adds up.
    host = {label: i for i in scoring for label in doublers[i]}
    live = sorted(label for label, i in host.items() if any(n < lengths[i] for n in lengths))
    assert sorted(itertools.chain.from_iterable(doubled)) == live
    for j, labels in enumerate(doubled):
        assert all(lengths[j] < lengths[host[label]] for label in labels)
        assert finals[j] == values[j] * 2 ** len(labels)
    assert total == sum(finals)


def test_doublers_are_not_optional_and_prefer_the_cheapest_loss() -> None:
    # Two doublers in a 6-letter word, shorter words worth -1, -1 and 0: both double the 0 (no loss).
    assert best_doubling([6, 4, 4, 3], [5, -1, -1, 0], [["x1", "z2"], [], [], []], [0]) == (
        3, [5, -1, -1, 0], [[], [], [], ["x1", "z2"]])
    # Only negative words shorter: the doublers spread out, -2 + -2 beats -4 + -1.
    assert best_doubling([6, 4, 4], [5, -1, -1], [["x1", "z2"], [], []], [0])[0] == 5 - 2 - 2


def test_a_doubler_of_a_word_that_does_not_score_does_nothing() -> None:
    assert best_doubling([6, 4], [0, 3], [["x1"], []], []) == (3, [0, 3], [[], []])


# Issue 10: this POST /v1/score body (13 words, 7 doublers) took 25 s and 1.7 GB when every choice was tried.
ISSUE_10_BODY = (
    '{"words":["z2 o1 o1 m1 e1 d1","x1 e1 n1 o2 n2","z2+alliteration o2 n2 a1 t1 e1","z2+alliteration'
    ' i1 n3 c1 i1 c2","x1+clones e2 r1 i2 c3","z2+clones i2 g1 g2 e2 d2","z2+bookkeeper i3 l1 l2 a1 h1",'
    '"s1 u1 b1 s2","s3 u2 p1 e2","a2 l3 i3 t1","a2 r2 t2 y1","a3 r3 a3 k1","m2 e3 t3 h2"],'
    '"motifs":["alliteration","clones","bookkeeper"]}')


def test_seven_shorter_word_doublers_are_settled_at_once(client) -> None:  # type: ignore[no-untyped-def]
    # Seven doublers in the five- and six-letter words all double one of the best four-letter words
    # (SUBS, worth 7): 7 × 2^7 = 896, plus every other word as scored: 13+4+5+7+5+16+14 + 7+5+6+7+6 = 95.
    response = client.post("/v1/score", data=ISSUE_10_BODY, content_type="application/json")
    assert response.status_code == 200
    data = response.get_json()
    assert data["total"] == 896 + 95
    assert [w["score"] for w in data["words"]] == [13, 4, 5, 7, 5, 16, 14, 896, 7, 5, 6, 7, 6]
    assert data["words"][7]["doubled_by"] == ["z2", "z2+alliteration", "z2+alliteration", "z2+clones",
                                              "z2+bookkeeper", "x1", "x1+clones"]


def test_seven_doublers_in_the_core() -> None:
    body = json.loads(ISSUE_10_BODY)
    play = Play.parse(body["words"])
    result = score_play(play, None, body["motifs"])  # every word taken as valid, as the API's TWL06 finds them
    assert result.total == 896 + 95 and result.finals[7] == 896
