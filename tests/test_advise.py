"""Decision help (issue 12): each ranking equals trying every choice with the brute-force best play, and the
Monte Carlo estimates converge to the exact expectation on deals small enough to enumerate."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from collections import Counter

import pytest

from novelty import advise
from novelty.advise import Setting
from novelty.catalog import load_catalog
from novelty.cli.main import main
from novelty.draftvalues import table_pick
from novelty.errors import RuleError
from novelty.lexicon import SetLexicon
from novelty.play import parse_cards
from novelty.solver import reference_best, solve
from tests.test_solver import WORDS

SMALL = SetLexicon(WORDS)
MOTIF_SETS = [(), ("unseen-character",), ("assonance", "hermit"), ("consonance", "unseen-character")]


def deal(seed: int, size: int) -> tuple[Counter[str], Counter[str]]:
    """Return a hand of ``size`` cards spelling a small word and more, and one pool card (fixed by the seed)."""
    rng = random.Random(seed)
    catalog = load_catalog()
    word = rng.choice(WORDS)
    cards: list[str] = []
    for letter in word + "aetsrndohq":
        options = [k.id for k in catalog.kinds.values() if k.letters == letter and k.id not in cards]
        cards.append(rng.choice(options))
        if len(cards) == size + 1:
            break
    rng.shuffle(cards)
    return Counter(cards[1:]), Counter(cards[:1])


def values(answer: advise.Advice) -> dict[tuple[str, ...], int | None]:
    return {c.cards: c.value for c in answer.choices}


def assert_ranked(answer: advise.Advice) -> None:
    scores = [c.score for c in answer.choices]
    assert scores == sorted(scores, reverse=True)
    assert answer.proved


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("motifs", MOTIF_SETS)
def test_kill_off_ranks_each_discard_by_the_brute_force_best_of_the_cards_left(seed, motifs):
    # Kill Off: "After drafting, each player chooses a card to discard from their hand."
    hand, pool = deal(seed, 5)
    answer = advise.kill_off(Setting(SMALL, motifs), hand, pool)
    assert_ranked(answer)
    assert {c for choice in answer.choices for c in (*choice.cards, *choice.same_as)} == set(hand)
    for choice in answer.choices:
        left = hand - Counter(choice.cards)
        assert choice.value == reference_best(SMALL, left, pool, motifs), choice.label
        assert choice.play is not None and choice.play.total == choice.value
        assert not Counter(c.kind.id for c in choice.play.play.cards() if c.kind) - (left + pool)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("motifs", MOTIF_SETS)
def test_heroic_sacrifice_ranks_each_card_by_the_best_play_with_it_in_the_pool(seed, motifs):
    # Heroic Sacrifice: "After drafting, each player adds a card to the common pool from their hand."
    hand, pool = deal(seed, 5)
    answer = advise.heroic_sacrifice(Setting(SMALL, motifs), hand, pool)
    assert_ranked(answer)
    for choice in answer.choices:
        moved = Counter(choice.cards)
        assert choice.value == reference_best(SMALL, hand - moved, pool + moved, motifs), choice.label


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("motifs", MOTIF_SETS[:2])
def test_merchant_city_ranks_every_three_cards_passed_by_the_best_play_of_the_cards_kept(seed, motifs):
    # Merchant City: "After drafting, each player passes three cards to the player on their right."
    hand, pool = deal(seed, 6)
    answer = advise.merchant_city(Setting(SMALL, motifs), hand, pool)
    assert_ranked(answer)
    sig = advise.signatures(motifs)

    def alike(cards):  # cards that score alike are one choice
        return frozenset(Counter(sig(c) for c in cards).items())

    by_class = {alike(c.cards): c.value for c in answer.choices}
    assert len(by_class) == len(answer.choices)
    for passed in {tuple(sorted(c)) for c in itertools.combinations(hand.elements(), 3)}:  # every choice
        assert by_class[alike(passed)] == reference_best(SMALL, hand - Counter(passed), pool, motifs), passed


@pytest.mark.parametrize("seed", range(3))
def test_rags_to_riches_takes_then_ranks_each_card_given(seed):
    # Rags to Riches: "the player with the lowest score takes a card from the player with the highest score and
    # gives a them a card in return."
    hand, pool = deal(seed, 4)
    answer = advise.rags_to_riches(Setting(SMALL), hand, pool, take="e1")
    assert_ranked(answer)
    held = hand + Counter(["e1"])
    for choice in answer.choices:
        assert choice.value == reference_best(SMALL, held - Counter(choice.cards), pool, []), choice.label


def test_escaped_ranks_each_letter_by_the_best_play_it_allows():
    # Escaped from Captivity: "After drafting, each player chooses a letter. All cards with that letter become
    # wilds (minor)." Naming q turns the q into the n of NOTE; naming a letter on no card changes nothing.
    hand = parse_cards("q1 o1 t1 e1 s1")
    answer = advise.escaped_letter(Setting(SMALL), hand, Counter())
    assert_ranked(answer)
    by_letter = {c.letter: c.value for c in answer.choices}
    assert set(by_letter) == {None, "q", "o", "t", "e", "s"}
    for letter, value in by_letter.items():
        named = letter or "z"
        assert value == reference_best(SMALL, hand, None, ["escaped-from-captivity"], escaped=named), letter
    assert answer.choices[0].letter == "q"
    assert answer.notes[0] == "escaped-from-captivity was added to the motifs"


def test_kill_off_under_escaped_from_captivity_matches_the_brute_force():
    # Naming e makes e1 and e4 the same minor wild: discarding either leaves a card that can stand for it.
    hand = parse_cards("n1 o1 t1 e1 e4 q1")
    motifs = ("escaped-from-captivity", "unseen-character")
    answer = advise.kill_off(Setting(SMALL, motifs), hand, Counter())
    for choice in answer.choices:
        assert choice.value == reference_best(SMALL, hand - Counter(choice.cards), None, motifs), choice.label


def test_cards_that_score_alike_are_one_choice():
    # e1 (red), e2 (blue) and e3 score alike when no colour motif is out: discarding any is the same choice.
    hand = parse_cards("n1 o1 t1 e1 e2 e3")
    answer = advise.kill_off(Setting(SMALL), hand, Counter())
    es = [c for c in answer.choices if "e1" in (*c.cards, *c.same_as)]
    assert len(es) == 1 and sorted((*es[0].cards, *es[0].same_as)) == ["e1", "e2", "e3"]
    coloured = advise.kill_off(Setting(SMALL, ("red-symbolism",)), hand, Counter())
    assert len(coloured.choices) == 6


def test_the_one_listing_answers_most_choices_without_a_search_of_their_own():
    # Cards the best play leaves unused cost nothing to discard: the listing proves it.
    answer = advise.kill_off(Setting(SMALL), parse_cards("n1 o1 t1 e1 q1 j1"), Counter())
    assert answer.stats["derived"] >= 2
    assert {c.cards[0]: c.value for c in answer.choices}["q1"] == 4  # NOTE: 4 points, q1 unused


# -- Monte Carlo --------------------------------------------------------------------------------------


def small_world(unseen_ids: list[str], *visible: Counter[str]) -> Counter[str]:
    """Return the cards 'seen' so that exactly ``unseen_ids`` stay unseen besides the visible cards."""
    everything = advise.deck()
    for cards in visible:
        everything -= cards
    return everything - Counter(unseen_ids)


def test_the_draft_estimate_converges_to_the_exact_expectation():
    # Drafting: each player "chooses one of the cards to add their hand"; the picks to come are dealt from the
    # cards the player cannot see. With 8 unseen cards and 2 picks left, the 28 deals can all be tried.
    hand, pack = parse_cards("t1 o1"), parse_cards("n1 e1 q1")
    unseen = ["e2", "e3", "s1", "d1", "a1", "r1", "x2", "h1"]
    seen = small_world(unseen, hand, pack)
    answer = advise.draft_pick(Setting(SMALL), hand, pack, seen=seen, picks_left=2, samples=1000, seed=7,
                               prune=False, model="random")
    assert answer.assumed["unseen"] == 8 and answer.assumed["unseen_cards"] == sorted(unseen, key=advise.id_order)
    for choice in answer.choices:
        card = choice.cards[0]
        exact = statistics.fmean(reference_best(SMALL, hand + Counter([card, *pair]), None, [])
                                 for pair in itertools.combinations(unseen, 2))
        e = choice.expected
        assert e is not None and e.samples == 1000 and e.low is not None and e.high is not None
        assert e.low <= exact <= e.high, (card, exact, e)
        assert abs(e.mean - exact) < 0.35
        assert choice.now == reference_best(SMALL, hand + Counter([card]), None, [])
    assert [c.score for c in answer.choices] == sorted((c.score for c in answer.choices), reverse=True)


def test_under_the_table_model_every_player_drafts_the_card_the_learned_values_rank_highest():
    # Two players, packs of three: the other player's pack is dealt from the unseen cards; they take its top card
    # by the table, pass it, and this player takes the top card by the table of each pack that comes.
    from novelty.draftvalues import draft_values, table_pick

    hand, pack = parse_cards("t1 o1"), parse_cards("n1 e1 q1")
    unseen = ["e2", "e3", "s1", "d1", "a1"]
    seen = small_world(unseen, hand, pack)
    answer = advise.draft_pick(Setting(SMALL), hand, pack, seen=seen, samples=400, seed=7, prune=False, players=2)
    values = draft_values()
    assert answer.assumed["model"] == "table" and answer.assumed["table_pick"] == table_pick(pack.elements())
    for choice in answer.choices:
        card = choice.cards[0]
        totals = []
        for theirs in itertools.permutations(unseen, 3):  # every pack the other player may hold, equally likely
            mine, other = sorted((pack - Counter([card])).elements()), list(theirs)
            other.remove(table_pick(other, values))
            later = []
            for _ in range(2):  # the packs swap, each player takes the table's top card
                mine, other = other, mine
                later.append(table_pick(mine, values))
                mine.remove(later[-1])
                if other:
                    other.remove(table_pick(other, values))
            totals.append(reference_best(SMALL, hand + Counter([card, *later]), None, []))
        e = choice.expected
        assert e is not None and e.low is not None and e.high is not None
        assert e.low <= statistics.fmean(totals) <= e.high, (card, statistics.fmean(totals), e)


def test_second_chances_estimates_converge_and_keeping_is_exact():
    # Second Chances: "each player may discard up to three cards and draw an equal number."
    hand = parse_cards("n1 o1 q1")
    unseen = ["t1", "e1", "s1", "x2", "d1"]
    answer = advise.second_chances(Setting(SMALL), hand, None, seen=small_world(unseen, hand), samples=400,
                                   seed=3, prune=False)
    keep = next(c for c in answer.choices if not c.cards)
    assert keep.value == reference_best(SMALL, hand, None, [])
    exact = {(): float(keep.value)}
    for choice in answer.choices:
        if not choice.cards:
            continue
        k = len(choice.cards)
        exact[choice.cards] = statistics.fmean(
            reference_best(SMALL, hand - Counter(choice.cards) + Counter(drawn), None, [])
            for drawn in itertools.permutations(unseen, k))
        e = choice.expected
        assert e is not None and e.low is not None and e.high is not None
        assert e.low <= exact[choice.cards] <= e.high, (choice.label, exact[choice.cards], e)
    assert exact[answer.choices[0].cards] == max(exact.values())


def test_recurring_character_ranks_each_card_kept_by_the_next_hand_it_helps():
    # Recurring Character: "Pick a card and carry it over to the next round."
    hand = parse_cards("q1 e1 x2")
    unseen = ["n1", "o1", "t1", "d1"]
    answer = advise.recurring_character(Setting(SMALL), hand, None, seen=small_world(unseen, hand), next_cards=3,
                                        samples=300, seed=1, prune=False)
    for choice in answer.choices:
        exact = statistics.fmean(reference_best(SMALL, Counter([choice.cards[0], *drawn]), None, [])
                                 for drawn in itertools.combinations(unseen, 3))
        e = choice.expected
        assert e is not None and e.low is not None and e.high is not None and e.low <= exact <= e.high
    assert answer.choices[0].cards == ("e1",)  # with three of n o t d: NOTE, TONE, DOTE, DONE...


def test_the_same_seed_gives_the_same_answer_and_racing_keeps_the_leader_sampled():
    setting = Setting(SMALL, ("assonance",))
    hand, pack = parse_cards("t1 o1 e1"), parse_cards("n1 q1 x2 s1 d1 a1")

    def run(seed: int) -> dict:
        out = advise.draft_pick(setting, hand, pack, samples=40, seed=seed).to_dict()
        return {k: v for k, v in out.items() if k not in ("seconds", "stats")}

    first = run(5)
    assert first == run(5)
    assert first["choices"][0]["expected"]["samples"] == 40
    for choice in first["choices"][1:]:
        if choice["expected"]["dropped"]:
            assert choice["expected"]["mean"] < first["choices"][0]["expected"]["mean"]


def test_work_is_bounded_by_the_time_limit():
    hand = parse_cards("a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2")
    answer = advise.kill_off(Setting(SMALL, time_limit=0.001), hand, Counter())
    assert answer.seconds < 2
    assert not answer.proved or all(c.value is not None for c in answer.choices)


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: advise.kill_off(s, Counter(), Counter()), "needs at least 1 card"),
    (lambda s: advise.merchant_city(s, parse_cards("a1 e1"), Counter()), "needs at least 3 cards"),
    (lambda s: advise.draft_pick(s, parse_cards("a1"), Counter()), "the pack is empty"),
    (lambda s: advise.draft_pick(s, parse_cards("a1"), parse_cards("j1"), samples=0), "samples must be"),
    (lambda s: advise.draft_pick(s, parse_cards("j1"), parse_cards("j1")), "the deck has 1 of j1"),
    (lambda s: advise.draft_pick(s, Counter(), parse_cards("a1"), picks_left=200), "only 167 cards are unseen"),
    (lambda s: advise.kill_off(Setting(SMALL, time_limit=0), parse_cards("a1"), Counter()), "time limit"),
])
def test_bad_requests_are_refused_with_a_clear_message(call, message):
    with pytest.raises(RuleError, match=message):
        call(Setting(SMALL))


# -- the command line and the API ---------------------------------------------------------------------


def test_cli_draft_prints_each_card_now_and_expected(runner, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS))
    result = runner.invoke(main, ["advise", "draft", "--hand", "t1 o1", "--pack", "n1 e1 q1", "--samples", "20",
                                  "--seed", "2", "--dict", str(words)])
    assert result.exit_code == 0, result.output
    assert "1. draft" in result.stdout and "now" in result.stdout and "expected" in result.stdout
    assert "picks left 2" in result.stdout and "Took" in result.stdout
    again = runner.invoke(main, ["advise", "draft", "--hand", "t1 o1", "--pack", "n1 e1 q1", "--samples", "20",
                                 "--seed", "2", "--dict", str(words), "--json"])
    data = json.loads(again.stdout)
    assert data["decision"] == "draft" and data["assumed"]["seed"] == 2 and len(data["choices"]) == 3


@pytest.mark.parametrize("decision", ["kill-off", "heroic-sacrifice", "merchant-city", "escaped",
                                      "rags-to-riches", "second-chances", "recurring-character"])
def test_cli_every_decision_answers_with_its_motif_text(runner, tmp_path, decision):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS))
    extra = ["--samples", "3", "--next-cards", "3"] if decision == "recurring-character" else \
        ["--samples", "3"] if decision == "second-chances" else []
    result = runner.invoke(main, ["advise", decision, "--hand", "n1 o1 t1 e1", "--dict", str(words), "--json",
                                  *extra])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["motif_text"] == advise.MOTIF_TEXT[decision] and data["choices"][0]["rank"] == 1


@pytest.mark.parametrize(("args", "message"), [
    (["kill-off", "--hand", "zz9"], "unknown card id"),
    (["kill-off"], "Missing option '--hand'"),  # required, as for best (issue 27)
    (["kill-off", "--hand", ""], "needs at least 1 card"),
    (["rags-to-riches", "--hand", "a1", "--take", "e1 e2"], "--take: one card id"),
    (["draft", "--hand", "a1", "--pack", "j1", "--samples", "0"], "0 is not in the range"),
])
def test_cli_bad_input_exits_2_with_a_message(runner, args, message):
    result = runner.invoke(main, ["advise", *args])
    assert result.exit_code == 2 and message in result.stderr


def test_api_kill_off_and_draft(client):
    response = client.post("/v1/advise/kill-off", json={"hand": "n1 o1 t1 e1 q1", "dict": "twl"})
    assert response.status_code == 200
    data = response.get_json()
    assert data["choices"][0]["label"] == "discard q1" and data["choices"][0]["play"]["words"]
    response = client.post("/v1/advise/draft", json={"hand": "t1 o1", "pack": "n1 e1 q1", "samples": 5})
    assert response.status_code == 200 and response.get_json()["assumed"]["samples"] == 5


def test_the_draft_models_on_both_surfaces(client, runner):
    from novelty.cli.main import main

    body = {"hand": "t1 o1", "pack": "n1 e1 q1", "samples": 5, "players": 3}
    table = client.post("/v1/advise/draft", json=body).get_json()["assumed"]
    assert (table["model"], table["players"], table["table_pick"]) == ("table", 3, table_pick(["n1", "e1", "q1"]))
    assert client.post("/v1/advise/draft", json={**body, "model": "random"}).get_json()["assumed"]["model"] == "random"
    assert client.post("/v1/advise/draft", json={**body, "model": "clever"}).status_code == 400
    args = ["advise", "draft", "--hand", "t1 o1", "--pack", "n1 e1 q1", "--samples", "5"]
    first = runner.invoke(main, args)
    assert first.exit_code == 0 and first.stdout.startswith(f"Table pick: {table_pick(['n1', 'e1', 'q1'])} ")
    assert "drafts the card the learned draft values rank highest" in first.stdout
    random = runner.invoke(main, [*args, "--model", "random"])
    assert random.exit_code == 0 and "dealt at random from the unseen cards" in random.stdout
    assert runner.invoke(main, [*args, "--players", "7"]).exit_code == 2


@pytest.mark.parametrize(("path", "body", "message"), [
    ("kill-off", {"hand": "zz9"}, "unknown card id"),
    ("draft", {"hand": "a1", "pack": ""}, "the pack is empty"),
    ("rags-to-riches", {"hand": "a1", "take": "e1 e2"}, "take one card"),
])
def test_api_bad_input_is_a_problem(client, path, body, message):
    response = client.post(f"/v1/advise/{path}", json=body)
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert message in response.get_json()["detail"]


def test_a_real_hand_with_the_real_list_matches_solving_each_choice():
    from novelty.lexicon import open_lexicon

    twl = open_lexicon("twl")
    hand, pool = parse_cards("th2 e4 m1 e1 s1 a1 r1 t1 o1 n1 q1"), parse_cards("l1 d1")
    answer = advise.kill_off(Setting(twl, ("assonance", "unseen-character")), hand, pool)
    for choice in answer.choices:
        result = solve(twl, hand - Counter(choice.cards), pool, ["assonance", "unseen-character"])
        assert choice.value == result.plays[0].total, choice.label


def test_a_draft_whose_samples_hit_their_work_limit_is_still_the_same_for_the_same_seed() -> None:
    # Issue 12: "deterministic for a given seed". Samples with wilds can hit the per-sample search limit; it is a
    # number of search steps (advise.SAMPLE_WORK), not seconds, so even those samples come out the same.
    from novelty.lexicon import open_lexicon
    setting = Setting(open_lexicon("twl"), ("assonance", "hermit", "first-letter"), time_limit=20)
    answers = [advise.draft_pick(setting, parse_cards("th2 e4 a1"), parse_cards("j1 q1 e1 s1 wild1 x2 z1 r1"),
                                 samples=30, seed=1) for _ in range(2)]
    first, again = ([(c.label, c.value, c.expected) for c in a.choices] for a in answers)
    assert first == again
    assert any(c.expected is not None and c.expected.unproved for c in answers[0].choices)  # some hit the limit
