"""Every scoring motif of the rulebook on a hand-worked word, and the rulings on order, Y and wilds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novelty.catalog import load_catalog
from novelty.errors import NoveltyError
from novelty.play import Word
from novelty.scoring import Rules, brute_force_total, score_word

CATALOG = load_catalog()

MOTIFS = [
    ("chekhovs-gun", "Words that begin and end with the same letter are worth +1 per letter. Repeat a card. "
     "Worth 0. No effect.", "t3 e3 n3 t1", 8,
     "1+1+1+1, +4 letters"),
    ("consonance", "Consonants are worth +1.", "th2 e3 m3 e2", 9, "th (2+2 consonants) + 1 + (2+1) + 1"),
    ("epistolary-novel", "The last card of every word is worth double.", "t3 e3 e2 th2", 7, "1 + 1 + 1 + 2×2"),
    ("assonance", "Vowels are worth +1.", "b1 ee2 f1", 11, "4 + (2+2 vowels) + 3"),
    ("bookkeeper", "Words with doubled letters (oo, kk, ee) are worth +1 per letter. Repeat a card.", "b1 o1 o2 k1", 14,
     "4+1+1+4, +4 letters"),
    ("uncopyrightable", "Words with no repeated letters are worth +1.", "d1 a3 t3 e3", 6, "2+1+1+1, +1"),
    ("strengths", "Words containing only one vowel are worth +1 per letter.", "s3 t3 o1 m3 p1", 14,
     "1+1+1+2+4, +5 letters"),
    ("wild-child", "Wilds are worth +2.", "wild4=s t3 o1 p1", 7, "(-1+2) + 1 + 1 + 4"),
    ("lipogram", "Words with no 'A', 'N', 'T', or 'E's are worth +1 per letter.", "b1 o1 o2 k1", 14,
     "4+1+1+4, +4 letters"),
    ("utopia", "Words with more vowels than consonants are worth double.", "a3 u1 r3 a2", 8, "(1+1+1+1)×2"),
    ("trilogy", "Words that contain three of the same letter are worth double.", "t3 e1 e2 e3 s3", 10,
     "(1+1+1+1+1)×2"),
    ("fight-back-to-back", "Words with doubled vowels (ee, oo) are worth double. Repeat a vowel card.",
     "b1 o1 o2 k1", 20, "(4+1+1+4)×2"),
    ("hermit", "Words without wilds are worth +1.", "d1 a3 t3 e3", 6, "2+1+1+1, +1"),
    ("adventure-duo", "Cards with two letters are worth double.", "th2 e3 m3 e2", 8, "2×2 + 1 + 2 + 1"),
    ("first-letter", "The first card of every word is worth double.", "th2 e3 m3 e2", 8, "2×2 + 1 + 2 + 1"),
    ("my-name-is", "Words that contain repeated letters are worth +1 per repeated letter. Repeat a card (minor).",
     "h1 o1 d1 o2 r3", 8, "2+1+2+1+1, +1 (o)"),
    ("red-pill-blue-pill", "Words with more red letters than blue letters are worth +2.", "d1 o1 t3 e3", 7,
     "2+1+1+1, +2 (red d, o)"),
    ("red-eyes-blue-eyes", "Words with more blue letters than red letters are worth +2.", "d2 o2 t2 e2", 7,
     "2+1+1+1, +2"),
    ("red-symbolism", "Red cards are worth +1.", "d1 o1 t3 e3", 7, "(2+1) + (1+1) + 1 + 1"),
    ("blue-symbolism", "Blue cards are worth +1.", "d2 o2 t3 e3", 7, "(2+1) + (1+1) + 1 + 1"),
]


@pytest.mark.parametrize(("motif", "text", "word", "expected", "arithmetic"), MOTIFS, ids=[m[0] for m in MOTIFS])
def test_word_motif(motif: str, text: str, word: str, expected: int, arithmetic: str) -> None:
    assert CATALOG.motif(motif).effect_text == text
    assert score_word(Word.parse(word), None, [motif]).score == expected, arithmetic


@pytest.mark.parametrize(("motif", "word"), [
    ("chekhovs-gun", "th2 e3 m3 e2"), ("bookkeeper", "d1 a3 t3 e3"), ("uncopyrightable", "th2 e3 m3 e2"),
    ("strengths", "d1 a3 t3 e3"), ("lipogram", "d1 a3 t3 e3"), ("utopia", "d1 a3 t3 e3"),
    ("trilogy", "b1 o1 o2 k1"), ("fight-back-to-back", "b1 o1 k1 o2"), ("hermit", "wild4=d a3 t3 e3"),
    ("red-pill-blue-pill", "d2 o1 t3 e3"), ("red-eyes-blue-eyes", "d2 o1 t3 e3"),
])
def test_word_motif_not_met(motif: str, word: str) -> None:
    assert score_word(Word.parse(word), None, [motif]).score == score_word(Word.parse(word), None).score


def test_every_word_motif_has_a_golden_test() -> None:
    word_scope = {m.id for m in CATALOG.motifs.values() if m.scope.value == "word"}
    assert word_scope == {row[0] for row in MOTIFS}


def test_my_name_is_counts_each_repeated_letter_or_every_extra_copy() -> None:
    # BOOKKEEPER: o, k and e repeat (+3); counted per extra occurrence: o1 k1 e2 (+4).
    word = Word.parse("b1 o1 o2 k1 k3 e1 e2 p1 e3 r3")
    base = score_word(word, None).score
    assert score_word(word, None, ["my-name-is"]).score == base + 3
    assert score_word(word, None, ["my-name-is"], rules=Rules(my_name_is_counts_extra_copies=True)).score == base + 4


# Rulings R1-R3: letters for positions and counts, cards for neighbours.
def test_a_two_letter_card_holds_two_letter_positions() -> None:
    # n4 "+1 if second letter": after th2 the n is the third letter: 2 + 1 + 1 + 1
    assert score_word(Word.parse("th2 n4 e3 s3"), None).score == 5
    # l6 "+2 if third letter": after th2 the l is the third letter: 2 + (1+2) + 1 + 2
    assert score_word(Word.parse("th2 l6 e3 m3"), None).score == 8


def test_card_two_to_the_right_counts_cards() -> None:
    # b2 "+2 to card two to the right" lands on th2, two cards (three letters) away: 1 + 2 + (2+2) + 1
    assert score_word(Word.parse("b2 ou1 th2 s3"), None).score == 8


def test_letter_counts_count_letters() -> None:
    # p3 "+1 per letter to the right": ee2 is two letters: (0+3) + 2 + 1
    assert score_word(Word.parse("p3 ee2 n3"), None).score == 6
    # a4 "+1 per vowel in word": ee2 is two vowels: 1 + 2 + (0+3) + 2
    assert score_word(Word.parse("t3 ee2 a4 m3"), None).score == 8
    # d5 "+1 per adjacent vowel" looks at the letters touching it: e (vowel) and s: 1 + 2 + (1+1) + 1
    assert score_word(Word.parse("r3 ee2 d5 s3"), None).score == 6


# Ruling R4: Y is a vowel or a consonant, one choice per Y for the whole word.
def test_y_is_chosen_to_the_players_best() -> None:
    # DAYS, a4 "+1 per vowel": Y as a vowel: 2 + (0+2) + 3 + 1
    result = score_word(Word.parse("d1 a4 y1 s3"), None)
    assert result.score == 8 and result.y_vowels == (2,)


def test_one_choice_per_y_for_every_effect() -> None:
    # MAYS with a4 and Strengths: Y consonant: 2 + 1 + 3 + 1 + 4 (strengths) = 11;
    # Y vowel: 2 + 2 + 3 + 1 = 8. Counting Y both ways at once would give 12.
    assert score_word(Word.parse("m3 a4 y1 s3"), None, ["strengths"]).score == 11


# Ruling R5: wilds.
def test_a_wild_keeps_its_printed_points_and_colour() -> None:
    # wild2 is a red Wild worth -1: red symbolism makes it 0: 0 + 1 + 1 + (1+2 last letter)
    assert score_word(Word.parse("wild2=r e3 a3 d3"), None, ["red-symbolism"]).score == 5


def test_a_wild_consonant_standing_for_y_is_a_consonant_and_a_wild_vowel_a_vowel() -> None:
    # YARD under Assonance: the Wild Consonant's Y is a consonant: 0 + (1+1) + 1 + 2, not +1 more for Y.
    result = score_word(Word.parse("wildconsonant3=y a3 r3 d2"), None, ["assonance"])
    assert result.score == 5 and result.y_vowels == ()
    # The same with Qfwfq's free wild consonant.
    assert score_word(Word.parse("qfwfq=y a3 r3 d2"), None, ["qfwfq", "assonance"]).score == 5
    # YETI under Consonance: the Wild Vowel's Y is a vowel: 0 + 1 + (1+1) + 1, not +1 more for Y.
    result = score_word(Word.parse("wildvowel3=y e3 t3 i3"), None, ["consonance"])
    assert result.score == 4 and result.y_vowels == (0,)
    # Under Assonance the Wild Vowel's Y counts as a vowel: (0+1) + (1+1) + 1 + (1+1).
    assert score_word(Word.parse("wildvowel3=y e3 t3 i3"), None, ["assonance"]).score == 6
    # A plain Wild standing for Y is still either, to the player's best: (-1+1) + (1+1) + 1 + 2.
    result = score_word(Word.parse("wild4=y a3 r3 d2"), None, ["assonance"])
    assert result.score == 5 and result.y_vowels == (0,)


# Ruling E1: order of effects and of motifs.
def test_additions_before_doubling() -> None:
    # g4 "+2 if first letter" then f4 "double first card": (2+2)×2 + 1 + 0 + 1
    assert score_word(Word.parse("g4 o1 f4 s3"), None).score == 10


def test_doubling_a_negative_card_is_not_avoidable() -> None:
    # f4 doubles the first card even when it is a Wild worth -1: -2 + 1 + 0 + 1
    assert score_word(Word.parse("wild4=b e3 f4 s3"), None).score == 0


def test_motifs_apply_in_flip_order() -> None:
    aura = Word.parse("a3 u1 r3 a2")
    # utopia then assonance: (1+1+1+1)×2 + 3 vowels = 11; assonance first: (4+3)×2 = 14
    assert score_word(aura, None, ["utopia", "assonance"]).score == 11
    assert score_word(aura, None, ["assonance", "utopia"]).score == 14


def test_card_effects_interleave_with_motifs() -> None:
    # KOTO with assonance: o1 becomes 2, then k3 doubles it to 4 (the player may apply k3 after the motif).
    result = score_word(Word.parse("k3 o1 t3 o2"), None, ["assonance"])
    assert result.score == 1 + 4 + 1 + 2
    assert "k3 doubles o1: 2→4" in [str(s) for s in result.steps]
    # Reading E1 (--motifs-after-cards): k3 doubles o1 first: 1 + (2+1) + 1 + 2
    assert score_word(Word.parse("k3 o1 t3 o2"), None, ["assonance"],
                      rules=Rules(motifs_after_card_effects=True)).score == 7


def test_word_doubling_doubles_everything_applied_so_far() -> None:
    # q2 doubles the word after the motif: (1+1+1+1 + 2 vowels)×2
    assert score_word(Word.parse("q2 u1 i3 t3"), None, ["assonance"]).score == 12


def test_non_scoring_motifs_change_nothing() -> None:
    word = Word.parse("th2 e4 wild4=m e1")
    draft = [m.id for m in CATALOG.motifs.values() if m.scope.value == "draft"]
    assert score_word(word, None, draft).score == score_word(word, None).score == 3


def test_word_not_playable_scores_zero_and_says_why(lexicon) -> None:  # type: ignore[no-untyped-def]
    assert (score_word(Word.parse("q2 i3"), lexicon).score, score_word(Word.parse("q2 i3"), lexicon).reason) == (
        0, "too short")
    result = score_word(Word.parse("x2 q2 z1 v1"), lexicon)
    assert (result.score, result.valid, result.reason) == (0, False, "not in test")


def test_unknown_motif_is_an_error() -> None:
    from novelty.play import Play
    from novelty.scoring import score_play

    with pytest.raises(NoveltyError, match="unknown motif: 'nope'"):
        score_play(Play.parse(["d1 a3 t3 e3"]), None, ["nope"])
    with pytest.raises(NoveltyError, match="unknown motif: 'nope'"):
        score_word(Word.parse("d1 a3 t3 e3"), None, ["nope"])
    assert score_word(Word.parse("d1 a3 t3 e3"), None, ["Hermit"]).score == 6  # printed names work too


# Ruling E1, proved: the engine's order is the best of every allowed order.
EFFECT_CARDS = [k.id for k in CATALOG.kinds.values() if k.effect is not None and k.id not in ("x1", "z2")]
PLAIN = ["a3", "e3", "o1", "t3", "s3", "th2", "ee2", "y1", "wild4=y", "doublewild1=st", "wildvowel2=e", "d1", "p1"]
WORD_MOTIFS = [row[0] for row in MOTIFS]


@settings(max_examples=150, deadline=None)
@given(
    cards=st.lists(st.sampled_from(EFFECT_CARDS + PLAIN), min_size=2, max_size=4),
    motifs=st.lists(st.sampled_from(WORD_MOTIFS), max_size=2, unique=True),
    after=st.booleans(),
)
def test_engine_order_matches_brute_force_over_orders(cards: list[str], motifs: list[str], after: bool) -> None:
    word = Word.parse(" ".join(c if c != "wild1" else "wild1=e" for c in cards))
    rules = Rules(motifs_after_card_effects=after)
    assert score_word(word, None, motifs, rules=rules).score == brute_force_total(word, motifs, rules=rules)
