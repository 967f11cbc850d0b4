"""Plays: notation, hand limits, play-level effects (shorter-word doubling, Grandiloquent, Unseen
Character) and the card-granting motifs (repeats, free wilds, Escaped from Captivity)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novelty.errors import NotationError, NoveltyError, RuleError
from novelty.lexicon import SetLexicon
from novelty.play import Card, Play, Word, parse_cards
from novelty.scoring import Rules, score_play

LEX = SetLexicon(["theme", "zones", "quit", "stone", "date", "tent", "boob", "cats", "eats", "oats", "dotes",
                  "toes", "xenon", "axes", "stones", "mate"])

NOTATION = [
    "th2 e4 wild4=m e1",
    "doublewild1=st o1 n3 e3",
    "k3+alliteration o1",
    "k3+ o1",
    "qfwfq=t o1 e3",
    "choices-choices=m a3",
    "e1=x a3",
    "wildvowel2=o wildconsonant1=y",
]


@pytest.mark.parametrize("text", NOTATION)
def test_notation_round_trips(text: str) -> None:
    word = Word.parse(text)
    assert str(word) == text
    assert eval(repr(word)) == word  # noqa: S307 - repr shows the call that rebuilds the value
    assert Play.parse([text, "d1 a3 t3 e3"]).texts == [text, "d1 a3 t3 e3"]


@pytest.mark.parametrize(("token", "error", "message"), [
    ("zz9", NotationError, "unknown card id: 'zz9'"),
    ("wild4", NotationError, "a wild needs the letters it stands for"),
    ("wildvowel1=t", RuleError, "wildvowel1 stands for one of a e i o u y, not 't'"),
    ("wildconsonant1=a", RuleError, "not 'a'"),
    ("doublewild1=s", RuleError, "two letters"),
    ("qfwfq=e", RuleError, "qfwfq's free wild cannot stand for 'e'"),
    ("k3+nope", NotationError, "'nope' is not a repeat-a-card motif"),
    ("e1=xy", RuleError, "one letter"),
    ("a$", NotationError, "bad card"),
    ("\u212a3", NotationError, "U\\+212A KELVIN SIGN"),  # the Kelvin sign is not the k of k3
    ("wild4=\u212a", NotationError, "bad card: 'wild4=\u212a'"),
])
def test_bad_tokens_name_the_token(token: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Card.parse(token)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdehklmnoqstwxyz0123456789=+- ", max_size=30))
def test_any_string_parses_and_round_trips_or_raises_our_error(text: str) -> None:
    try:
        word = Word.parse(text)
    except NoveltyError:
        return
    assert Word.parse(str(word)) == word


def test_hand_and_pool_ids_are_ascii() -> None:
    with pytest.raises(NotationError, match="unknown card id: '\u212a3'"):
        parse_cards("a1 \u212a3")


def test_a_motif_given_twice_is_refused() -> None:
    # The deck has one of each motif: Assonance twice would give +2 per vowel.
    play = Play.parse(["d1 a3 t3 e3"])
    with pytest.raises(RuleError, match="motif 'assonance' is given twice: the deck has one of each motif"):
        score_play(play, LEX, ["assonance", "hermit", "Assonance"])
    with pytest.raises(NotationError, match="unknown motif: '\u212aill Off'"):
        score_play(play, LEX, ["\u212aill Off"])


def test_cards_used_more_often_than_the_hand_holds() -> None:
    play = Play.parse(["d1 a3 t3 e3", "t3 e3 n3 t1"])
    hand = parse_cards("d1 a3 t3 e3 n3 t1")
    with pytest.raises(RuleError, match="t3 used 2 times but the hand and pool holds 1"):
        score_play(play, LEX, hand=hand)
    assert score_play(play, LEX, hand=hand, pool=parse_cards("t3 e3")).total == 5 + 4
    with pytest.raises(RuleError, match="the deck has 2 of a3, not 3"):
        parse_cards("a3 a3 a3")


def test_without_a_hand_the_deck_limits_copies() -> None:
    with pytest.raises(RuleError, match="j1 used 2 times but the deck holds 1"):
        score_play(Play.parse(["j1 o1 j1 o2"]), None)


# Ruling E2: "Double score of a word shorter than this one" (x1, z2).
def test_shorter_word_doubled_to_the_players_best() -> None:
    # ZONES (z2: 0+1+1+1+1 = 4) doubles one shorter word: QUIT (q2 doubles: 8) beats DATE (5): 8×2.
    play = Play.parse(["z2 o1 n1 e2 s1", "q2 u1 i3 t3", "d1 a3 t1 e3"])
    result = score_play(play, LEX)
    assert result.finals == (4, 16, 5) and result.total == 25
    assert result.doubled_by == ((), ("z2",), ())


def test_no_shorter_word_no_doubling() -> None:
    play = Play.parse(["x1 e3 n3 o1 n1", "s3 t3 o2 n2 e1"])  # XENON and STONE: same length
    assert score_play(play, LEX).finals == (4, 5)


# Player-level motifs.
def test_grandiloquent_rewards_one_longest_word() -> None:
    # "Each player's longest word is worth +1 per letter": STONES (6) gets +6; DATE does not.
    play = Play.parse(["s3 t3 o1 n3 e3 s1", "d1 a3 t1 e2"])
    assert score_play(play, LEX, ["grandiloquent"]).finals == (6 + 6, 5)


def test_unseen_character_costs_two_per_unused_hand_card() -> None:
    # "-2 points per unused card this round": hand of 6, DATE uses 4: 5 - 2×2
    play = Play.parse(["d1 a3 t3 e3"])
    result = score_play(play, LEX, ["unseen-character"], hand=parse_cards("d1 a3 t3 e3 j1 z1"))
    assert result.total == 1
    assert [a.to_dict()["points"] for a in result.adjustments] == [-4]
    assert "needs the hand" in score_play(play, LEX, ["unseen-character"]).notes[0]


# Ruling M6: cards granted by motifs (M8: Escaped from Captivity).
def test_alliteration_copy_keeps_score_and_effect() -> None:
    # BOOB with a second b1 from Alliteration: 4 + 1 + 1 + 4
    play = Play.parse(["b1 o1 o2 b1+alliteration"])
    assert score_play(play, LEX, ["alliteration"], hand=parse_cards("b1 o1 o2")).total == 10


def test_chekhovs_gun_copy_is_worth_zero() -> None:
    # TENT with a copy of t3 under Chekhov's Gun: 1 + 1 + 1 + 0, +4 (begins and ends with t)
    play = Play.parse(["t3 e3 n3 t3+"])
    assert score_play(play, LEX, ["chekhovs-gun"], hand=parse_cards("t3 e3 n3")).total == 7


def test_copies_need_their_motif_and_respect_its_count() -> None:
    with pytest.raises(RuleError, match="name the repeat motif"):
        score_play(Play.parse(["t3 e3 n3 t3+"]), LEX, [])
    with pytest.raises(RuleError, match="bookkeeper does not allow these copies"):
        score_play(Play.parse(["t3+bookkeeper e3 n3 t3+bookkeeper"]), LEX, ["bookkeeper"])
    with pytest.raises(RuleError, match="fight-back-to-back repeats a vowel card, not t3"):
        score_play(Play.parse(["t3+ e3 n3 t3"]), LEX, ["fight-back-to-back"])
    with pytest.raises(RuleError, match="not in the hand or pool"):
        score_play(Play.parse(["t3 e3 n3 t1+"]), LEX, ["bookkeeper"], hand=parse_cards("t3 e3 n3"))


def test_free_wild_is_worth_zero_with_no_colour() -> None:
    # CATS with the free Wild Consonant of Qfwfq as the c: 0 + 1 + 1 + 1, and red symbolism ignores it
    play = Play.parse(["qfwfq=c a3 t3 s3"])
    assert score_play(play, LEX, ["qfwfq", "red-symbolism"]).total == 3
    with pytest.raises(RuleError, match="no free wild without the qfwfq motif"):
        score_play(play, LEX, [])


def test_escaped_from_captivity_turns_the_letter_wild() -> None:
    # Escaped with e chosen: every e card is a wild worth 0 with no effect. OATS with e1=o as the o:
    # 0 + 1 + 1 + 1; TOES with a plain e1: 1 + 1 + 0 + 1, and Hermit sees the wild.
    play = Play.parse(["e1=o a3 t3 s3", "t1 o1 e2 s1"])
    result = score_play(play, LEX, ["escaped-from-captivity", "hermit"], escaped="e")
    assert result.finals == (3, 3)
    with pytest.raises(RuleError, match="only a wild may name its letters"):
        score_play(play, LEX, [])
    with pytest.raises(RuleError, match="the escaped letter is 'a'"):
        score_play(play, LEX, ["escaped-from-captivity"], escaped="a")


def test_escaped_cards_played_as_their_own_letter_under_the_other_reading() -> None:
    # Ruling M8, other reading: e4 played as E keeps its points and effect ("+1 if first letter") and is no
    # wild, so Hermit counts: EATS 1+1 + 1 + 1 + 1, +1 Hermit = 6 (by default: 0 + 1 + 1 + 1 = 3).
    play = Play.parse(["e4 a3 t3 s3", "e1=o a3 t1 s1"])
    motifs = ["escaped-from-captivity", "hermit"]
    assert score_play(play, LEX, motifs, escaped="e").finals == (3, 3)
    keeps = Rules(escaped_own_letter_keeps_card=True)
    # OATS with e1=o standing for O is a wild worth 0 with no effect under both readings: 0 + 1 + 1 + 1.
    assert score_play(play, LEX, motifs, escaped="e", rules=keeps).finals == (6, 3)
    # An escaped x1 played as X keeps "Double score of a word shorter than this one": XENON doubles DATE.
    play = Play.parse(["x1 e3 n3 o1 n1", "d1 a3 t3 e3"])
    assert score_play(play, LEX, ["escaped-from-captivity"], escaped="x").finals == (4, 5)
    assert score_play(play, LEX, ["escaped-from-captivity"], escaped="x", rules=keeps).finals == (4, 10)


def test_invalid_words_score_zero_and_lose_their_effects() -> None:
    # XQZ is not a word: it scores 0 and its z2 doubles nothing.
    play = Play.parse(["x2 q2 z2 o1 s3", "d1 a3 t3 e3"])
    result = score_play(play, LEX)
    assert result.finals == (0, 5) and result.words[0].reason == "not in test"


def test_breakdown_lists_points_steps_and_play_level_doubling() -> None:
    play = Play.parse(["z2 o1 n1 e2 s1", "q2 u1 i3 t3"])
    words = score_play(play, LEX, ["assonance"]).to_dict()["words"]
    texts = [line["text"] for line in words[1]["breakdown"]]
    assert texts == ["q2 (q) 1 point", "u1 (u) 1 point", "i3 (i) 1 point", "t3 (t) 1 point",
                     "assonance +1 to u1: 1→2", "assonance +1 to i3: 1→2", "q2 doubles word: 6→12",
                     "z2 doubles word (a word shorter than this one): 12→24"]
    assert words[1]["score"] == 24 and words[1]["word_score"] == 12


def test_hand_counter_type() -> None:
    assert parse_cards("a1, a1 th2") == Counter({"a1": 2, "th2": 1})


def test_the_other_escaped_reading_is_a_switch_on_every_surface(runner, client) -> None:  # type: ignore[no-untyped-def]
    # Ruling M8's other reading is offered, not only written down: --escaped-keeps-own-letter on the CLI,
    # "rules": {"escaped_own_letter_keeps_card": true} in JSON. e4 played as E keeps "+1 if first letter".
    from novelty.cli.main import main
    args = ["score", "e4 a3 t3 s3", "--motif", "escaped-from-captivity", "--motif", "hermit", "--escaped", "e",
            "--json"]
    plain = json.loads(runner.invoke(main, args).output)
    keeps = json.loads(runner.invoke(main, [*args, "--escaped-keeps-own-letter"]).output)
    assert (plain["total"], keeps["total"]) == (3, 6)
    body = {"words": ["e4 a3 t3 s3"], "motifs": ["escaped-from-captivity", "hermit"], "escaped": "e"}
    assert client.post("/v1/score", json=body).get_json()["total"] == 3
    answer = client.post("/v1/score", json={**body, "rules": {"escaped_own_letter_keeps_card": True}})
    assert answer.status_code == 200 and answer.get_json()["total"] == 6


def test_the_solver_reads_escaped_cards_as_the_switch_says() -> None:
    # The best play of E4 A3 T3 S3 under Escaped (E) and Hermit: EATS, worth 3 as a minor wild, 6 as itself.
    from novelty.solver import reference_best, solve
    hand = Counter(["e4", "a3", "t3", "s3"])
    motifs = ["escaped-from-captivity", "hermit"]
    keeps = Rules(escaped_own_letter_keeps_card=True)
    for rules, total in ((Rules(), 3), (keeps, 6)):
        assert solve(LEX, hand, Counter(), motifs, rules=rules, escaped="e").plays[0].total == total
        assert reference_best(LEX, hand, Counter(), motifs, rules=rules, escaped="e") == total
