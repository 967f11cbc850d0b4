"""Word rules: "Submitted words must be longer than 3 letters. They must be a valid dictionary word."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novelty.errors import NotationError
from novelty.lexicon import SetLexicon
from novelty.words import MAX_BLANKS, anagrams, check_word, is_letters

from .conftest import TEN_WORDS


@pytest.mark.parametrize(
    ("word", "in_list", "valid", "reason"),
    [
        ("quixotic", True, True, None),
        ("QUIXOTIC", True, True, None),  # checks are case-insensitive
        ("qi", True, False, "too short"),  # "longer than 3 letters"
        ("xqzv", False, False, "not in test"),
        ("don't", False, False, "not a word of letters"),
        ("théme", False, False, "not a word of letters: 'é' (U+00E9 LATIN SMALL LETTER E WITH ACUTE) is not a-z"),
        ("", False, False, "not a word of letters"),
    ],
)
def test_check_word(lexicon: SetLexicon, word: str, in_list: bool, valid: bool, reason: str | None) -> None:
    result = check_word(lexicon, word)
    assert (result.word, result.in_list, result.valid, result.reason) == (word.upper(), in_list, valid, reason)


@given(st.text(alphabet=st.sampled_from("azAZ09 -'?\u00e9\u212a\u0131\u017f\n")))
@settings(max_examples=500)
def test_is_letters_is_the_regular_expression_it_replaced(text: str) -> None:
    # is_letters stands in for re.fullmatch("[a-z]+") (a word check no longer compiles a pattern); the
    # alphabet holds the characters that lower-case or fold to ASCII letters (dotless i, long s, Kelvin).
    assert is_letters(text) == (re.fullmatch(r"[a-z]+", text) is not None)


def test_the_kelvin_sign_is_not_a_k() -> None:
    # U+212A KELVIN SIGN lower-cases to "k" in Python; KITE spelled with it is not the word (ruling W1).
    lexicon = SetLexicon(["kite", "quixotic"])
    result = check_word(lexicon, "\u212aITE")
    assert (result.in_list, result.valid) == (False, False)
    assert result.reason == "not a word of letters: '\u212a' (U+212A KELVIN SIGN) is not a-z"
    with pytest.raises(NotationError, match="letters must be a-z"):
        anagrams(lexicon, "\u212aite")
    # A list holding the sign does not hold KITE either.
    assert "kite" not in SetLexicon(["\u212aite"])


def test_anagrams_longest_first(lexicon: SetLexicon) -> None:
    assert anagrams(lexicon, "stoneq") == ["stone", "note", "tone"]
    assert anagrams(lexicon, "tones") == ["stone", "note", "tone"]


def test_blank_stands_for_any_one_letter(lexicon: SetLexicon) -> None:
    assert anagrams(lexicon, "ton?") == ["note", "tone"]
    assert anagrams(lexicon, "t?d?") == ["dote", "toad"]
    assert anagrams(lexicon, "qi", min_length=2) == ["qi"]
    assert anagrams(lexicon, "??", min_length=1) == ["qi"]


@pytest.mark.parametrize("letters", ["", "ab1", "a b"])
def test_bad_letters(lexicon: SetLexicon, letters: str) -> None:
    with pytest.raises(NotationError, match="letters must be a-z or '\\?'"):
        anagrams(lexicon, letters)


def brute_force(words: list[str], rack: str, min_length: int) -> list[str]:
    """The obvious version: a word fits when its letters, less the rack's letters, fit in the blanks."""
    have = Counter(rack)
    out = []
    for word in set(words):
        missing = Counter(word) - have
        if len(word) >= min_length and sum(missing.values()) <= have["?"]:
            out.append(word)
    return sorted(out, key=lambda w: (-len(w), w))


WORDS = st.lists(st.text(alphabet="abcde", min_size=1, max_size=6), min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(words=WORDS, rack=st.text(alphabet="abcde?", min_size=1, max_size=7), min_length=st.integers(1, 4))
def test_anagrams_match_the_obvious_version(words: list[str], rack: str, min_length: int) -> None:
    if rack.count("?") > MAX_BLANKS:  # the bounded work of issue 10: more blanks are refused, never searched
        with pytest.raises(NotationError, match=f"at most {MAX_BLANKS} '\\?' blanks"):
            anagrams(SetLexicon(words), rack, min_length)
        return
    assert anagrams(SetLexicon(words), rack, min_length) == brute_force(words, rack, min_length)


def test_ten_word_lexicon_is_what_the_fixture_holds() -> None:
    assert len(SetLexicon(TEN_WORDS)) == 10
