"""The drafting motifs in self-play (issue 22; rulings D1-D6): each does what its card says, to the cards the
rulebook names, at the moment the rulings fix."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from novelty.catalog import load_catalog
from novelty.lexicon import open_lexicon
from novelty.policies import RandomPolicy, View
from novelty.selfplay import Event, GameRecord, RoundRecord, play_game, policy

PLAYERS = ["Ann", "Bob", "Cat"]


@pytest.fixture(scope="module")
def games() -> list[GameRecord]:
    lexicon = open_lexicon("twl")
    return [play_game(PLAYERS, [policy("random")] * 3, lexicon, seed=seed) for seed in range(60)]


def rounds_with(games: list[GameRecord], motif: str, *, last: bool | None = None
                ) -> list[tuple[GameRecord, int, RoundRecord]]:
    found = [(g, n, r) for g in games for n, r in enumerate(g.rounds) if motif in r.motifs[:3]
             and (last is None or last == (n == len(g.rounds) - 1))]
    assert found, f"no game flipped {motif}"
    return found


def events(r: RoundRecord, motif: str, action: str) -> list[Event]:
    return [e for e in r.events if e.motif == motif and e.action == action]


def left_of(player: str) -> str:
    return PLAYERS[(PLAYERS.index(player) + 1) % 3]


def right_of(player: str) -> str:
    return PLAYERS[(PLAYERS.index(player) - 1) % 3]


def test_chaotic_neutral_adds_three_cards_to_the_common_pool(games) -> None:
    for _, _, r in rounds_with(games, "chaotic-neutral"):
        [added] = events(r, "chaotic-neutral", "pool")
        assert added.phase == "start" and len(added.cards) == 3


def test_it_may_help_you_on_your_quest_draws_each_player_two_more_cards(games) -> None:
    for _, _, r in rounds_with(games, "it-may-help-you-on-your-quest"):
        assert sorted((e.player, len(e.cards)) for e in events(r, "it-may-help-you-on-your-quest", "draw")) == [
            (p, 2) for p in PLAYERS]


def test_noahs_ark_drafts_two_cards_at_a_time(games) -> None:
    for _, _, r in rounds_with(games, "noahs-ark"):
        turns = Counter((p.number, p.player) for p in r.picks)
        assert set(turns.values()) == {2} and max(n for n, _ in turns) == 4


def test_picked_last_adds_each_players_last_card_drafted_to_the_pool(games) -> None:
    for _, _, r in rounds_with(games, "picked-last"):
        last = {p.player: p.card for p in r.picks}  # picks are in order: the last one of each player wins
        assert {e.player: e.cards for e in events(r, "picked-last", "to-pool")} == {p: (c,) for p, c in last.items()}


def test_kill_off_discards_one_card_of_each_hand(games) -> None:
    for _, _, r in rounds_with(games, "kill-off"):
        assert sorted((e.player, len(e.cards), e.phase) for e in events(r, "kill-off", "discard")) == [
            (p, 1, "after") for p in PLAYERS]


def test_heroic_sacrifice_adds_a_card_from_each_hand_to_the_pool(games) -> None:
    for _, _, r in rounds_with(games, "heroic-sacrifice"):
        moved = events(r, "heroic-sacrifice", "to-pool")
        assert sorted((e.player, len(e.cards)) for e in moved) == [(p, 1) for p in PLAYERS]
        assert not Counter(c for e in moved for c in e.cards) - Counter(r.pool)


def test_merchant_city_passes_three_cards_to_the_player_on_the_right(games) -> None:
    for _, _, r in rounds_with(games, "merchant-city"):
        assert sorted((e.player, e.to, len(e.cards)) for e in events(r, "merchant-city", "pass")) == sorted(
            (p, right_of(p), 3) for p in PLAYERS)


def test_second_chances_draws_as_many_cards_as_each_player_discards(games) -> None:
    for _, _, r in rounds_with(games, "second-chances"):
        discarded = {e.player: len(e.cards) for e in events(r, "second-chances", "discard")}
        drawn = {e.player: len(e.cards) for e in events(r, "second-chances", "draw")}
        assert discarded == drawn and all(1 <= n <= 3 for n in discarded.values())


def test_borrowed_words_takes_a_card_from_the_player_on_the_left(games) -> None:
    for _, _, r in rounds_with(games, "borrowed-words"):
        assert sorted((e.to, e.player, len(e.cards)) for e in events(r, "borrowed-words", "pass")) == sorted(
            (p, left_of(p), 1) for p in PLAYERS)


def test_the_needs_of_the_many_puts_a_card_of_the_left_players_hand_in_the_pool(games) -> None:
    for _, _, r in rounds_with(games, "the-needs-of-the-many"):
        # each player selects one card from the hand on their left: every hand gives exactly one
        assert sorted((e.player, len(e.cards)) for e in events(r, "the-needs-of-the-many", "to-pool")) == [
            (p, 1) for p in PLAYERS]


def test_ghostwriter_passes_each_whole_hand_to_the_right(games) -> None:
    for _, _, r in rounds_with(games, "ghostwriter"):
        passed = {e.player: e for e in events(r, "ghostwriter", "pass")}
        assert {p: e.to for p, e in passed.items()} == {p: right_of(p) for p in PLAYERS}
        later = [e for e in r.events if e.phase == "after" and r.events.index(e) > r.events.index(passed["Cat"])]
        if not later:  # nothing moved cards after it: each hand played is the hand its left neighbour passed
            assert all(Counter(r.hands[right_of(p)]) == Counter(passed[p].cards) for p in PLAYERS)


def test_rags_to_riches_swaps_a_card_between_lowest_and_highest_scorer_but_not_while_all_tie(games) -> None:
    for g, n, r in rounds_with(games, "rags-to-riches"):
        swaps = events(r, "rags-to-riches", "pass")
        before = {p: sum(x.scores[p] for x in g.rounds[:n]) for p in PLAYERS}
        if len(set(before.values())) == 1:
            assert not swaps
            continue
        take, give = swaps
        assert before[take.to] == min(before.values()) and before[take.player] == max(before.values())
        assert (give.player, give.to) == (take.to, take.player) and len(take.cards) == len(give.cards) == 1


def test_cliffhanger_flips_two_more_motifs_after_drafting(games) -> None:
    for _, _, r in rounds_with(games, "cliffhanger"):
        flips = [e for e in r.events if e.action == "flip"]
        assert flips[0].motif == "cliffhanger" and flips[0].phase == "after" and len(flips[0].cards) == 2
        assert r.motifs[3:5] == flips[0].cards


def test_recurring_character_carries_one_card_of_each_hand_to_the_next_round(games) -> None:
    for g, n, r in rounds_with(games, "recurring-character", last=False):
        carried = {e.player: e.cards for e in events(r, "recurring-character", "carry")}
        assert set(carried) == set(PLAYERS) and all(len(c) == 1 for c in carried.values())
        arrived = {e.player: Counter(e.cards) for e in g.rounds[n + 1].events if e.action == "carried"}
        assert all(not Counter(carried[p]) - arrived[p] for p in PLAYERS)
    for _, _, r in rounds_with(games, "recurring-character", last=True):
        assert not events(r, "recurring-character", "carry")  # there is no next round


def test_no_one_gets_left_behind_carries_each_players_unused_cards_to_their_next_hand(games) -> None:
    from novelty.policies import unused_hand

    for g, n, r in rounds_with(games, "no-one-gets-left-behind", last=False):
        for e in events(r, "no-one-gets-left-behind", "carry"):
            assert not Counter(e.cards) - unused_hand(r.hands[e.player], r.plays[e.player].words)
            assert not Counter(e.cards) - Counter(c for x in g.rounds[n + 1].events if x.action == "carried"
                                                  and x.player == e.player for c in x.cards)


def test_befriending_the_enemy_adds_unused_cards_to_the_next_rounds_pool(games) -> None:
    for g, n, r in rounds_with(games, "befriending-the-enemy", last=False):
        sent = Counter(c for e in events(r, "befriending-the-enemy", "carry-pool") for c in e.cards)
        assert not sent - Counter(g.rounds[n + 1].pool)


class Spy(RandomPolicy):
    """A user's own policy: random, but it keeps every view it is shown while drafting."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[View] = []

    def pick(self, view: View, rng: random.Random) -> str:
        self.views.append(view)
        return super().pick(view, rng)


def spied_round(motif: str, seeds: range = range(200)) -> tuple[list[View], RoundRecord]:
    """Return what the spy saw drafting in the first round of a game that flips ``motif`` then, and the round."""
    lexicon = open_lexicon("twl")
    for seed in seeds:
        probe = play_game(PLAYERS, [policy("random")] * 3, lexicon, seed=seed)
        if motif in probe.rounds[0].motifs[:3]:
            spy = Spy()
            record = play_game(PLAYERS, [spy, policy("random"), policy("random")], lexicon, seed=seed)
            return [v for v in spy.views if v.round == 1], record.rounds[0]
    raise AssertionError(f"no seed flips {motif} in the first round")


def test_hands_are_revealed_while_drafting_but_not_the_cards_drafted_under_dramatic_irony() -> None:
    views, r = spied_round("dramatic-irony")
    last = views[-1]  # the last pick: the others' drafted cards are hidden, their dealt cards seen
    others = Counter(c for p in PLAYERS[1:] for c in r.dealt[p])
    assert not others - Counter(last.seen) and len(last.seen) == sum(others.values())


def test_open_secret_shows_the_other_packs() -> None:
    views, r = spied_round("open-secret")
    first = views[0]
    visible = Counter(c for p in PLAYERS[1:] for c in r.dealt[p]) + Counter(c for p in PLAYERS[1:]
                                                                             for c in r.packs[p])
    assert Counter(first.seen) == visible


def test_a_users_own_policy_plays_whole_games() -> None:
    spy = Spy()
    record = play_game(PLAYERS, [spy, policy("greedy"), policy("random")], open_lexicon("twl"), seed=5)
    assert record.policies == ("spy", "greedy", "random") and len(spy.views) == 24
    assert all(v.picks_left == len(v.pack) - 1 for v in spy.views)


def test_a_picked_last_that_cliffhanger_flips_still_adds_each_last_card_drafted() -> None:
    def flips_picked_last_after_cliffhanger(seed: int) -> bool:  # the first round's motifs, from the shuffle alone
        rng = random.Random(seed)
        rng.shuffle(sorted(k.id for k in load_catalog().kinds.values() for _ in range(k.count)))
        motifs = sorted(load_catalog().motifs)
        rng.shuffle(motifs)
        return "cliffhanger" in motifs[-3:] and "picked-last" in motifs[-5:-3]

    seed = next(s for s in range(100_000) if flips_picked_last_after_cliffhanger(s))
    r = play_game(PLAYERS, [policy("random")] * 3, open_lexicon("twl"), seed=seed).rounds[0]
    assert "picked-last" in r.motifs[3:5]
    last = {p.player: p.card for p in r.picks}
    moved = events(r, "picked-last", "to-pool")
    assert moved and all(e.phase == "after" and e.cards == (last[e.player],) for e in moved)
