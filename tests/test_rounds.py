"""Rounds (round-level motifs, challenges) and games (totals, shared wins)."""

from __future__ import annotations

import pytest

from novelty.errors import NoveltyError, RuleError
from novelty.lexicon import SetLexicon
from novelty.play import Play
from novelty.rounds import Challenge, Player, score_game, score_round, settle_challenge
from novelty.scoring import Rules
from novelty.tally import all_max, ranking, winners

LEX = SetLexicon(["date", "stone", "stones", "theme", "quit", "mate", "jokes", "boob", "book", "dote", "toad"])


def players(**plays: list[str]) -> list[Player]:
    return [Player(name, Play.parse(words)) for name, words in plays.items()]


def test_sesquipedalian_rewards_every_longest_word_of_the_round() -> None:
    # "Longest words in the round are worth +5": STONE (Ann) and THEME (Bob) tie at 5 letters.
    result = score_round(players(Ann=["s3 t3 o1 n3 e3", "d1 a3 t1 e2"], Bob=["th2 e4 wild4=m e1"]),
                         LEX, ["sesquipedalian"])
    assert result.scores == {"Ann": (5 + 5) + 5, "Bob": 3 + 5}


def test_pangram_rewards_the_most_different_letters() -> None:
    # "Words with most number of unique letters in a round are worth +5": STONE has 5, THEME 4.
    result = score_round(players(Ann=["s3 t3 o1 n3 e3"], Bob=["th2 e4 wild4=m e1"]), LEX, ["pangram"])
    assert result.scores == {"Ann": 10, "Bob": 3}


def test_laconic_every_player_tied_for_fewest_words_gets_five() -> None:
    # "Players with the fewest words in the round get +5": Ann and Bob 1 word each, Cat 2.
    result = score_round(players(Ann=["s3 t3 o1 n3 e3"], Bob=["th2 e4 wild4=m e1"],
                                 Cat=["d1 a3 t1 e2", "b1 o2 o1 k1"]), LEX, ["laconic"])
    assert result.scores == {"Ann": 10, "Bob": 8, "Cat": 5 + 10}


def test_laconic_ignores_players_with_no_scoring_word() -> None:
    result = score_round(players(Ann=["x2 q2 z1 v1"], Bob=["d1 a3 t3 e3"]), LEX, ["laconic"])
    assert result.scores == {"Ann": 0, "Bob": 10}


def test_laconic_counts_only_scoring_words() -> None:
    # Ruling M5: Ann's XQZV does not score, so Ann has 1 word in the round to Bob's 2: only Ann gets +5.
    result = score_round(players(Ann=["d1 a3 t3 e3", "x2 q2 z1 v1"], Bob=["s3 t3 o1 n3 e3", "d2 o2 t2 e2"]),
                         LEX, ["laconic"])
    assert result.scores == {"Ann": 5 + 5, "Bob": 5 + 5}
    assert [a.source for a in result.players[0].adjustments] == ["laconic"] and not result.players[1].adjustments


# Challenges (ruling C1).
def test_challenge_of_an_invalid_word_intent() -> None:
    outcome = settle_challenge("xqzv", LEX)
    assert (outcome.word_scores, outcome.challenger_points, outcome.challenger_loses_shortest) == (False, 5, False)


def test_challenge_of_a_valid_word_intent() -> None:
    outcome = settle_challenge("date", LEX)
    assert (outcome.word_scores, outcome.challenger_points, outcome.challenger_loses_shortest) == (True, 0, True)


def test_challenge_as_printed() -> None:
    # "If the word is valid, the player that submitted the word can not score the word. The player who
    #  challenged the word is awarded 5 points."
    printed = Rules(challenges_as_printed=True)
    valid = settle_challenge("date", LEX, printed)
    assert (valid.word_scores, valid.challenger_points, valid.challenger_loses_shortest) == (False, 5, False)
    # "If the word is invalid, the player that submitted the word scores the word as usual. The player
    #  who challenged the word does not score the shortest word they submitted."
    invalid = settle_challenge("xqzv", LEX, printed)
    assert (invalid.word_scores, invalid.challenger_points, invalid.challenger_loses_shortest) == (True, 0, True)


def test_round_challenge_lost_costs_the_shortest_word() -> None:
    # Bob challenges Ann's valid DATE: DATE scores, Bob loses his shortest word (QUIT), keeps STONE.
    result = score_round(players(Ann=["d1 a3 t3 e3"], Bob=["q2 u1 i3 t1", "s3 t4 o1 n3 e1"]), LEX,
                         challenges=[Challenge("Bob", "Ann", 0)])
    assert result.scores == {"Ann": 5, "Bob": 5}
    bob = result.players[1].play
    assert bob.finals == (0, 5) and 0 in bob.forfeited


def test_an_invalid_word_does_not_absorb_a_lost_challenge() -> None:
    # Ruling C2: Bob's QI is too short to score, so his shortest *scoring* word, STONE, is the one lost.
    result = score_round(players(Ann=["d1 a3 t3 e3"], Bob=["q2 i3", "s3 t4 o1 n3 e1"]), LEX,
                         challenges=[Challenge("Bob", "Ann", 0)])
    assert result.scores == {"Ann": 5, "Bob": 0}
    assert result.players[1].play.forfeited == frozenset({1})
    # With nothing left that scores, a lost challenge costs nothing more.
    result = score_round(players(Ann=["d1 a3 t3 e3"], Bob=["q2 i3"]), LEX, challenges=[Challenge("Bob", "Ann", 0)])
    assert result.scores == {"Ann": 5, "Bob": 0} and result.players[1].play.forfeited == frozenset()


def test_round_challenge_won_gives_five() -> None:
    result = score_round(players(Ann=["x2 q2 z1 v1", "d1 a3 t3 e3"], Bob=["s3 t4 o1 n3 e1"]), LEX,
                         challenges=[Challenge("Bob", "Ann", 0)])
    assert result.scores == {"Ann": 5, "Bob": 5 + 5}


def test_round_challenge_as_printed_scores_the_invalid_word() -> None:
    # XQZV challenged, as printed: it "scores as usual" (x2: 0+2×4, q2 doubles: (8+1+6+4)×2), Bob loses STONE.
    result = score_round(players(Ann=["x2 q2 z1 v1"], Bob=["s3 t4 o1 n3 e1"]), LEX,
                         challenges=[Challenge("Bob", "Ann", 0)], rules=Rules(challenges_as_printed=True))
    assert result.scores == {"Ann": (8 + 1 + 6 + 4) * 2, "Bob": 0}


def test_round_input_errors() -> None:
    with pytest.raises(RuleError, match="unknown player in challenge: 'Zed'"):
        score_round(players(Ann=["d1 a3 t3 e3"]), LEX, challenges=[Challenge("Zed", "Ann", 0)])
    with pytest.raises(RuleError, match="cannot challenge their own word"):
        score_round(players(Ann=["d1 a3 t3 e3"]), LEX, challenges=[Challenge("Ann", "Ann", 0)])
    with pytest.raises(RuleError, match="has no word number 3"):
        score_round(players(Ann=["d1 a3 t3 e3"], Bob=["b1 o1 o2 k1"]), LEX, challenges=[Challenge("Bob", "Ann", 2)])
    with pytest.raises(NoveltyError, match="player names must differ"):
        score_round([Player("A", Play.parse(["d1 a3 t3 e3"]))] * 2, LEX)


def test_the_same_challenge_twice_is_refused() -> None:
    # A word is looked up once: Bob challenging XQZV twice must not earn 5 twice.
    with pytest.raises(RuleError, match="'Bob' challenges 'Ann''s word 1 \\(XQZV\\) twice"):
        score_round(players(Ann=["x2 q2 z1 v1"], Bob=["s3 t4 o1 n3 e1"]), LEX,
                    challenges=[Challenge("Bob", "Ann", 0), Challenge("Bob", "Ann", 0)])
    # Two players may each challenge the same word.
    result = score_round(players(Ann=["x2 q2 z1 v1"], Bob=["s3 t4 o1 n3 e1"], Cat=["d1 a3 t3 e3"]), LEX,
                         challenges=[Challenge("Bob", "Ann", 0), Challenge("Cat", "Ann", 0)])
    assert result.scores == {"Ann": 0, "Bob": 5 + 5, "Cat": 5 + 5}


def test_a_motif_given_twice_in_a_round_is_refused() -> None:
    with pytest.raises(RuleError, match="motif 'laconic' is given twice"):
        score_round(players(Ann=["d1 a3 t3 e3"]), LEX, ["laconic", "laconic"])


def test_a_challenged_word_with_the_kelvin_sign_is_not_a_word() -> None:
    # KATE spelled with U+212A KELVIN SIGN for its K is not KATE (ruling W1): the challenge is upheld.
    outcome = settle_challenge("\u212aATE", SetLexicon(["kate"]))
    assert not outcome.in_list and outcome.challenger_points == 5


def test_game_sums_rounds_and_shares_ties() -> None:
    r1 = score_round(players(Ann=["d1 a3 t3 e3"], Bob=["d2 o2 t2 e2"]), LEX)  # 5 and 5
    r2 = score_round(players(Ann=["b1 o1 o2 k1"], Bob=["j1 o1 k1 e3 s3"]), LEX)  # 10 and 6+1+4+1+1
    game = score_game([r1, r2])
    assert game.totals == {"Ann": 15, "Bob": 18} and game.winners == ("Bob",)
    tie = score_game([r1])
    assert tie.winners == ("Ann", "Bob")


def test_tally_helpers() -> None:
    assert winners({"a": 3, "b": 3, "c": 1}) == ["a", "b"]
    assert ranking({"a": 3, "b": 5, "c": 3, "d": 1}) == [(1, "b", 5), (2, "a", 3), (2, "c", 3), (4, "d", 1)]
    assert all_max([], key=len) == []


def test_of_tied_shortest_words_the_challenger_loses_the_lowest_scoring() -> None:
    # Bob loses a challenge; DOTE (d2 o2 t2 e2 = 5) and BOOK (10) tie for shortest: DOTE goes.
    result = score_round(players(Ann=["d1 a3 t3 e3"], Bob=["b1 o1 o2 k1", "d2 o2 t2 e2"])[:1] + [
        Player("Bob", Play.parse(["b1 o1 o2 k1", "d2 o3 t2 e2"]))], LEX, challenges=[Challenge("Bob", "Ann", 0)])
    assert result.players[1].play.finals == (10, 0)
