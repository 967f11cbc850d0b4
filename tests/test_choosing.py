"""Choosing cards in one search (self-play's greedy drafter, issue 22): "which card of this pack would my best play
take?" and "which card of my hand would I miss least?" are answered by one search that offers the cards, and the
answer must be the best of the searches one card at a time would give."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from novelty.catalog import load_catalog
from novelty.errors import NoveltyError
from novelty.lexicon import open_lexicon
from novelty.scoring import Rules, score_play
from novelty.search import Tables
from novelty.solver import can_choose, solve, solve_choosing


@pytest.fixture(scope="module")
def twl():  # type: ignore[no-untyped-def]
    return open_lexicon("twl")


def deals(seed: int, count: int, motif: str | None = None):  # type: ignore[no-untyped-def]
    """Yield ``count`` (hand, pack, pool, motifs) drawn from a shuffled deck, with up to three motifs under which one
    search can choose (and ``motif`` among them when given)."""
    catalog = load_catalog()
    deck = [k.id for k in catalog.kinds.values() for _ in range(k.count)]
    motifs = [m for m in catalog.motifs if can_choose([m])]
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(deck, 15)
        h, k, p = rng.randint(3, 6), rng.randint(2, 5), rng.choice([0, 0, 1, 3])
        chosen = [motif] if motif else []
        chosen += [m for m in rng.sample(motifs, rng.randint(0, 2)) if m not in chosen]
        yield Counter(cards[:h]), Counter(cards[h:h + k]), Counter(cards[h + k:h + k + p]), chosen


def best(lexicon, hand: Counter[str], pool: Counter[str], motifs: list[str]) -> int:  # type: ignore[no-untyped-def]
    result = solve(lexicon, hand, pool, motifs)
    assert result.optimal
    return result.plays[0].total


@pytest.mark.parametrize("motif", [None, "escaped-from-captivity", "choices-choices", "red-symbolism"])
def test_one_search_drafts_the_card_whose_best_play_is_highest(twl, motif) -> None:  # type: ignore[no-untyped-def]
    for hand, pack, pool, motifs in deals(22, 8 if motif == "escaped-from-captivity" else 12, motif):
        chosen = solve_choosing(twl, hand, pool, motifs, pack, 1)
        values = {card: best(twl, hand + Counter([card]), pool, motifs) for card in pack}
        assert chosen.optimal and chosen.total == max(values.values()), (hand, pack, pool, motifs)
        assert sum(chosen.taken.values()) <= 1
        engine = score_play(chosen.play, twl, motifs, hand=hand + chosen.taken, pool=pool, escaped=chosen.escaped)
        assert engine.total == chosen.total  # the compiled total is the engine's
        # the card it takes makes that play (or the hand alone does, when it takes none)
        alone = values[next(iter(chosen.taken))] if chosen.taken else best(twl, hand, pool, motifs)
        assert alone == chosen.total


def test_one_search_finds_the_card_a_hand_misses_least(twl) -> None:  # type: ignore[no-untyped-def]
    for hand, _, pool, motifs in deals(23, 16):
        kinds = Counter(set(hand))
        if len(kinds) < 2:
            continue
        kept = solve_choosing(twl, hand - kinds, pool, motifs, kinds, len(kinds) - 1)
        without = {card: best(twl, hand - Counter([card]), pool, motifs) for card in kinds}
        assert kept.total == max(without.values()), (hand, pool, motifs)
        assert all(without[card] == kept.total for card in kinds - kept.taken)


def test_the_play_is_scored_by_the_engine_with_the_card_taken_in_the_hand(twl) -> None:  # type: ignore[no-untyped-def]
    hand, pack = Counter(["s1", "t1", "o1"]), Counter(["n1", "q2", "z2"])
    chosen = solve_choosing(twl, hand, Counter(), [], pack, 1)
    assert chosen.taken == Counter(["n1"]) and chosen.play.words
    scored = score_play(chosen.play, twl, [], hand=hand + chosen.taken, pool=Counter())
    assert scored.total == chosen.total


def test_a_card_offered_is_not_held_until_the_play_takes_it(twl) -> None:  # type: ignore[no-untyped-def]
    # s t o and an n offered twice: at most one may be taken, so "tons" and never "nonstop"-like doubles
    chosen = solve_choosing(twl, Counter(["s1", "t1", "o1"]), Counter(), [], Counter(["n1", "n2"]), 1)
    assert sum(chosen.taken.values()) == 1
    assert sum(1 for word in chosen.play.words for card in word.cards if card.kind.letters == "n") == 1


@pytest.mark.parametrize("motif", ["alliteration", "clones", "chekhovs-gun", "my-name-is", "unseen-character"])
def test_motifs_that_copy_or_count_the_hand_need_one_search_per_card(motif: str) -> None:
    assert not can_choose([motif])
    with pytest.raises(NoveltyError, match="cards to choose from"):
        Tables(Counter(["s1"]), Counter(), [motif], Rules(), None, Counter(["t1"]), 1)


@pytest.mark.parametrize("motif", [None, "unseen-character"])  # one search for the pack, and one per card
def test_greedy_drafts_a_card_whose_best_play_is_highest(twl, motif) -> None:  # type: ignore[no-untyped-def]
    from novelty.policies import GreedyPolicy, View

    for hand, pack, pool, motifs in deals(24, 5 if motif else 8, motif):
        view = View("Ann", tuple(hand.elements()), twl, tuple(motifs), tuple(pool.elements()), tuple(pack.elements()))
        card = GreedyPolicy().pick(view, random.Random(0))
        values = {c: best(twl, hand + Counter([c]), pool, motifs) for c in pack}
        assert values[card] == max(values.values()), (hand, pack, pool, motifs)


def test_greedy_gives_up_the_card_its_best_play_misses_least(twl) -> None:  # type: ignore[no-untyped-def]
    from novelty.policies import Decision, GreedyPolicy, View

    hand = ["s1", "t1", "o1", "n1", "e1"]  # "stone", "notes", "onset": every card is used
    view = View("Ann", tuple(hand), twl, ())
    given = GreedyPolicy().decide(Decision("kill-off", tuple(hand), 1), view, random.Random(0))
    rest = Counter(hand) - Counter(given)
    assert best(twl, rest, Counter(), []) == max(best(twl, Counter(hand) - Counter([c]), Counter(), []) for c in hand)


@pytest.mark.parametrize("motif", [None, "escaped-from-captivity", "alliteration"])
def test_a_value_without_its_play_is_the_total_of_the_best_play(twl, motif) -> None:  # type: ignore[no-untyped-def]
    from novelty.solver import best_total

    for hand, _, pool, motifs in deals(25, 4, motif):
        assert best_total(twl, hand, pool, motifs) == best(twl, hand, pool, motifs)
        # a work limit is the whole valuation's: the Escaped letters share it
        assert best_total(twl, hand, pool, motifs, work=30_000) <= best(twl, hand, pool, motifs)
