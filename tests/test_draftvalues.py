"""Learned draft values (issue 22): the regression finds what cards are worth, and the shipped table covers the deck."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from novelty.catalog import load_catalog
from novelty.draftvalues import TABLE_KIND, TABLE_PATH, draft_values, hands_and_scores, learn, table_pick
from novelty.lexicon import open_lexicon
from novelty.selfplay import play_game, policy


def test_the_regression_recovers_what_each_card_adds_to_a_hand() -> None:
    # Hands of eleven cards scoring the sum of their cards' worth plus noise: the values come back, up to the one
    # constant eleven-card hands cannot tell from the intercept.
    kinds = [f"k{i}" for i in range(10)]
    worth = {k: 0.5 * i for i, k in enumerate(kinds)}
    rng = random.Random(1)
    samples = []
    for _ in range(4000):
        hand = Counter(rng.choice(kinds) for _ in range(11))
        samples.append((hand, sum(worth[k] * n for k, n in hand.items()) + 3 + rng.gauss(0, 1)))
    values = learn(samples, kinds, ridge=1.0)
    shift = values["k0"] - worth["k0"]
    assert all(abs(values[k] - worth[k] - shift) < 0.05 for k in kinds)


def test_a_kind_never_seen_is_worth_the_average_card() -> None:
    samples = [(Counter({"a": 2, "b": 1}), 9.0), (Counter({"a": 1, "b": 2}), 6.0), (Counter({"a": 3}), 12.0)]
    values = learn(samples, ["a", "b", "z"], ridge=1.0)
    assert values["z"] == pytest.approx(27 / 9, abs=1e-3)  # points per card over every hand
    assert values["a"] > values["b"]


def test_the_shipped_table_values_every_card_kind_and_says_how_it_was_made() -> None:
    with open(TABLE_PATH, encoding="utf-8") as f:
        table = json.load(f)
    assert table["kind"] == TABLE_KIND and table["made"]["games"] >= 1000
    assert table["made"]["command"].startswith("python tools/draft_values.py")
    assert set(draft_values()) == set(load_catalog().kinds)
    values = draft_values()
    assert values["j2"] > values["j1"] and values["x2"] > values["a1"]  # triple word and +2 a letter lead


def test_the_table_pick_is_the_highest_valued_card_of_the_pack() -> None:
    values = {"a1": 1.0, "e1": 3.0, "q1": 3.0}
    assert table_pick(["a1", "q1", "e1"], values) == "e1"  # a tie goes to the first by id


def test_hands_and_scores_reads_every_player_of_every_round() -> None:
    record = play_game(["Ann", "Bob"], [policy("random")] * 2, open_lexicon("twl"), seed=2)
    rows = list(hands_and_scores([record]))
    assert len(rows) == 6 and [score for _, score in rows] == [r.scores[p] for r in record.rounds
                                                              for p in ("Ann", "Bob")]
