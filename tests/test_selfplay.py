"""Whole games played by the engine (issue 22, first part): a game is data, the same for the same seed, drafted as
the rulebook says, and its record scores to the same totals through `novelty game`."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from novelty.catalog import MotifScope, load_catalog
from novelty.errors import RuleError
from novelty.inputs import GameInput, game_input, validate
from novelty.lexicon import open_lexicon
from novelty.selfplay import GameRecord, play_game, policy, replay_round

DEALT, DRAFTED, PASSES = 3, 8, ("left", "right", "left")

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(scope="module")
def games() -> dict[str, GameRecord]:
    lexicon = open_lexicon("twl")
    return {name: play_game(PLAYERS, [policy(name)] * len(PLAYERS), lexicon, seed=7) for name in ("random", "greedy")}


@pytest.fixture(scope="module")
def seeded() -> list[GameRecord]:
    """Sixty quick three-player games: between them every drafting motif is flipped."""
    lexicon = open_lexicon("twl")
    return [play_game(PLAYERS[:3], [policy("random")] * 3, lexicon, seed=seed) for seed in range(60)]


def test_the_same_seed_plays_the_same_game_and_another_seed_another() -> None:
    lexicon = open_lexicon("twl")
    one, two = (play_game(PLAYERS[:2], [policy("random")] * 2, lexicon, seed=3) for _ in range(2))
    assert one == two
    assert play_game(PLAYERS[:2], [policy("random")] * 2, lexicon, seed=4).letter_deck != one.letter_deck


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_a_record_scores_to_the_same_totals_through_novelty_game(games, runner: CliRunner, name: str) -> None:
    from novelty.cli.main import main

    record = games[name]
    assert game_input(validate(GameInput, record.to_game_input()), open_lexicon("twl")).totals == record.totals
    result = runner.invoke(main, ["game", "-", "--json"], input=json.dumps(record.to_game_input()))
    assert result.exit_code == 0 and json.loads(result.stdout)["totals"] == record.totals


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_each_round_deals_three_and_drafts_the_packs_passing_as_the_rulebook_says(games, name: str) -> None:
    record = games[name]
    for number, round_ in enumerate(record.rounds):
        packs = [list(round_.packs[p]) for p in PLAYERS]  # replay the draft from the record
        step = 1 if PASSES[number] == "left" else -1
        per_turn = 2 if "noahs-ark" in round_.motifs else 1
        for turn in range(1, DRAFTED // per_turn + 1):
            made = [p for p in round_.picks if p.number == turn]
            assert [p.player for p in made] == [p for p in PLAYERS for _ in range(per_turn)]
            assert {p.passed for p in made} == {PASSES[number]}
            for i, p in enumerate(made):
                packs[i // per_turn].remove(p.card)  # the card was in the pack in front of that player
            packs = [packs[(i - step) % len(PLAYERS)] for i in range(len(PLAYERS))]
        assert not any(packs)
        for player in PLAYERS:
            assert len(round_.dealt[player]) == DEALT
            assert len([p for p in round_.picks if p.player == player]) == DRAFTED


def test_no_card_is_dealt_twice_in_a_game(games) -> None:
    record = games["random"]
    catalog = load_catalog()
    for r in record.rounds:
        held = Counter(c for p in PLAYERS for c in r.hands[p]) + Counter(r.pool)
        assert all(n <= catalog.kinds[card].count for card, n in held.items())
    assert sorted(record.letter_deck) == sorted(k.id for k in catalog.kinds.values() for _ in range(k.count))


def test_every_round_replays_from_its_deals_picks_and_events(seeded) -> None:
    # the hands and pool each round was played from are what its deals, picks and motif events make of them
    for record in seeded:
        for r in record.rounds:
            hands, pool = replay_round(r)
            assert all(hands.get(p, Counter()) == Counter(r.hands[p]) for p in record.players)
            assert pool == Counter(r.pool)


def test_every_motif_is_in_the_deck(seeded) -> None:
    assert not seeded[0].left_out
    assert sorted(seeded[0].motif_deck) == sorted(load_catalog().motifs)
    flipped = {m for record in seeded for r in record.rounds for m in r.motifs}
    assert {m.id for m in load_catalog().motifs.values() if m.scope is MotifScope.DRAFT} <= flipped


def test_greedy_drafts_the_card_with_the_best_play_now(games) -> None:
    # Greedy outscores random over the same deals here; a property of this seed, checked so a broken greedy shows.
    assert sum(games["greedy"].totals.values()) > sum(games["random"].totals.values())


@pytest.mark.parametrize(("players", "policies", "message"), [
    (["Ann"], ["random"], "2 to 6 players"), (["Ann", "Ann"], ["random", "random"], "different names"),
    (["Ann", "Bob"], ["random"], "each with a policy")])
def test_a_game_that_cannot_be_dealt_is_refused(players, policies, message) -> None:
    with pytest.raises(RuleError, match=message):
        play_game(players, [policy(p) for p in policies], open_lexicon("twl"), seed=1)


def test_an_unknown_policy_is_refused_by_name() -> None:
    with pytest.raises(RuleError, match="unknown policy 'clever': one of random, greedy, engine"):
        policy("clever")


def test_a_record_round_trips_through_json_and_novelty_game_reads_it(games, runner: CliRunner) -> None:
    from novelty.cli.main import main
    from novelty.selfplay import record_from_dict

    record = games["greedy"]
    text = json.dumps(record.to_dict())
    assert record_from_dict(json.loads(text)) == record
    result = runner.invoke(main, ["game", "-", "--json"], input=text)
    assert result.exit_code == 0 and json.loads(result.stdout)["totals"] == record.totals == json.loads(text)["totals"]


@pytest.mark.parametrize(("data", "message"), [
    ({"record": "something else"}, "not a game record"),
    ({"record": "novelty self-play game 1", "seed": 1}, "game record is malformed: KeyError"),
])
def test_a_foreign_or_broken_record_is_refused_by_name(runner: CliRunner, data, message) -> None:
    from novelty.cli.main import main

    result = runner.invoke(main, ["game", "-"], input=json.dumps(data))
    assert result.exit_code == 2 and message in result.stderr


HOUSE = """
name = "Long draft, one word"
[game]
rounds = 2
dealt = 2
drafted = 10
pool = 3
one_word = true
trade_hands = true
[cards.q2]
points = 5
[cards.qu1]
count = 3
points = 4
[remove]
motifs = ["noahs-ark"]
"""


@pytest.fixture(scope="module")
def house_game() -> GameRecord:
    from novelty.variant import parse_variant

    variant = parse_variant(HOUSE, "house.toml")
    return play_game(["Ann", "Bob"], [policy("greedy"), policy("random")], open_lexicon("twl"), seed=11,
                     variant=variant)


def test_a_variant_sets_the_rounds_the_deal_the_draft_and_the_pool(house_game: GameRecord) -> None:
    assert len(house_game.rounds) == 2 and house_game.variant is not None
    assert house_game.variant["name"] == "Long draft, one word"
    for r in house_game.rounds:
        assert all(len(c) == 2 for c in r.dealt.values()) and all(len(c) == 10 for c in r.packs.values())
        assert [e.cards for e in r.events if e.motif == "variant" and e.action == "pool"][0].__len__() == 3
        assert all(len(r.plays[p].words) <= 1 for p in ("Ann", "Bob"))  # the one-word rule
        trade = [e for e in r.events if e.motif == "trade-hands"]
        assert [(e.player, e.to) for e in trade] == [("Ann", "Bob"), ("Bob", "Ann")]
    deck = Counter(house_game.letter_deck)
    assert deck["qu1"] == 3 and "noahs-ark" not in house_game.motif_deck


def test_a_variant_games_record_scores_the_same_through_novelty_game(house_game: GameRecord, runner) -> None:
    from novelty.cli.main import main

    result = runner.invoke(main, ["game", "-", "--json"], input=json.dumps(house_game.to_game_input()))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["totals"] == house_game.totals


def test_a_variant_that_cannot_deal_the_game_is_refused() -> None:
    from novelty.errors import VariantError
    from novelty.variant import parse_variant

    trade = parse_variant('name = "Trade"\n[game]\ntrade_hands = true\n', "trade.toml")
    with pytest.raises(VariantError, match="game.trade_hands: trading hands is a two-player rule"):
        play_game(PLAYERS[:3], [policy("random")] * 3, open_lexicon("twl"), seed=1, variant=trade)
