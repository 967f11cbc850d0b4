"""Word checks (is it in the list, is it playable) and anagrams found by walking a lexicon."""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from novelty.errors import NotationError
from novelty.lexicon import Lexicon, fold

MIN_WORD_LENGTH = 4
"""Word rules: "Submitted words must be longer than 3 letters"."""


def is_letters(text: str) -> bool:
    """Return whether ``text`` is one or more of the letters a-z (and nothing else)."""
    return text.isascii() and text.isalpha() and text.islower()


class WordCheck(NamedTuple):
    """A word judge's answer about one word (a named tuple, as :class:`~novelty.lexicon.LexiconInfo` is)."""

    word: str
    """The word as asked, upper-cased as word judges print it."""
    in_list: bool
    """Whether the word is in the list."""
    valid: bool
    """Whether it is playable in Novelty: in the list, letters a-z only, longer than 3 letters."""
    reason: str | None
    """Why it is not playable (``too short``, ``not in TWL06``, ``not a word of letters``), or None."""

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape: word, in_list, valid, reason."""
        return {"word": self.word, "in_list": self.in_list, "valid": self.valid, "reason": self.reason}


def not_ascii(text: str) -> str | None:
    """Return the first character of ``text`` outside ASCII, named (``'K' (U+212A KELVIN SIGN)``), or None."""
    if text.isascii():
        return None
    import unicodedata  # here: only a word outside ASCII needs a character's name

    c = next(c for c in text if not c.isascii())
    return f"{c!r} (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})"


def check_word(lexicon: Lexicon, word: str) -> WordCheck:
    """Return whether ``word`` is in ``lexicon`` and whether it is playable, with the reason if not.

    Only a-z count as letters: a character outside ASCII is never read as one (the Kelvin sign is not
    a ``k``), so such a word is "not a word of letters", and the reason names the character.
    """
    norm = fold(word)
    in_list = norm in lexicon
    if (odd := not_ascii(norm)) is not None:
        reason: str | None = f"not a word of letters: {odd} is not a-z"
    elif not is_letters(norm):
        reason = "not a word of letters"
    elif not in_list:
        reason = f"not in {lexicon.info.label}"
    elif len(norm) < MIN_WORD_LENGTH:
        reason = "too short"
    else:
        reason = None
    return WordCheck(word.strip().upper(), in_list, reason is None, reason)


def is_playable(lexicon: Lexicon, word: str) -> bool:
    """Return whether ``word`` may be submitted: letters a-z, longer than 3 letters, in the list."""
    return len(word) >= MIN_WORD_LENGTH and is_letters(word) and word in lexicon


BLANK = "?"

MAX_LETTERS = 20
"""Most letters an anagram search takes (a hand is at most a dozen or so cards)."""
MAX_BLANKS = 3
"""Most ``?`` blanks an anagram search takes: each multiplies the walk by up to 26."""
MAX_WORDS = 1000
"""Most words an anagram answer lists (the longest first); the answer says how many were found."""
TIME_LIMIT = 2.0
"""Seconds an anagram walk may take before it stops and says its list is incomplete."""
_CHECK_EVERY = 4096
"""Trie nodes visited between clock checks."""


class Anagrams(NamedTuple):
    """What an anagram search found: the words listed, and whether that is all of them (a named tuple)."""

    words: list[str]
    """The words listed, longest first then alphabetical: at most ``max_words`` of them."""
    found: int
    """How many words the walk found (more than listed when ``truncated``)."""
    truncated: bool
    """Whether words found were left out of ``words`` (``found`` > ``len(words)``)."""
    timed_out: bool
    """Whether the walk stopped at its time limit, so some formable words were never reached."""


def _check_rack(letters: str, min_length: int, max_blanks: int) -> str:
    rack = fold(letters)
    if not rack or any(c != BLANK and not ("a" <= c <= "z") for c in rack):
        raise NotationError(f"letters must be a-z or '?': {letters!r}")
    if len(rack) > MAX_LETTERS:
        raise NotationError(f"at most {MAX_LETTERS} letters: {len(rack)} given")
    if rack.count(BLANK) > max_blanks:
        raise NotationError(f"at most {max_blanks} '?' blanks: {rack.count(BLANK)} given")
    if min_length < 1:
        raise NotationError(f"minimum length must be at least 1: {min_length}")
    return rack


class _Walk:
    """The anagram walk's state: the rack left, the word so far, the words found, and its time limit.

    A class rather than a recursive closure: a closure that calls itself is a reference cycle, and it
    kept every search's words in memory until the cyclic garbage collector ran.
    """

    def __init__(self, steps: Any, counts: list[int], min_length: int, deadline: float) -> None:
        self.steps, self.counts, self.min_length, self.deadline = steps, counts, min_length, deadline
        self.mask, self.first, self.word_bit = steps.mask, steps.first, steps.WORD
        self.prefix: list[str] = []
        self.found: list[str] = []
        self.visited = 0
        self.timed_out = False

    def walk(self, node: int) -> None:
        """Visit ``node`` (its prefix is ``self.prefix``) and every child the rack can still pay for."""
        self.visited += 1
        if not self.visited % _CHECK_EVERY and time.monotonic() > self.deadline:
            self.timed_out = True
        if self.timed_out:
            return
        m, counts, prefix = self.mask[node], self.counts, self.prefix
        word_bit = self.word_bit
        if m & word_bit and len(prefix) >= self.min_length:
            self.found.append("".join(prefix))
        children = m & (word_bit - 1)
        base = self.first[node]
        rank = 0
        while children:
            low = children & -children
            letter = low.bit_length() - 1
            use = letter if counts[letter] else 26 if counts[26] else -1
            if use >= 0:
                counts[use] -= 1
                prefix.append(chr(97 + letter))
                self.walk(base + rank)
                prefix.pop()
                counts[use] += 1
            rank += 1
            children ^= low


def search_anagrams(lexicon: Lexicon, letters: str, min_length: int = MIN_WORD_LENGTH, *,
                    max_words: int = MAX_WORDS, time_limit: float = TIME_LIMIT,
                    max_blanks: int = MAX_BLANKS) -> Anagrams:
    """Find the words of at least ``min_length`` letters formable from ``letters``, within bounds.

    ``?`` stands for any one letter. The walk stands on the list's letter trie (its
    :class:`~novelty.steps.StepIndex`) and steps only to children the rack can pay for, a letter
    from the rack before a blank, so each prefix is visited once and no permutation is ever tried.
    At most :data:`MAX_LETTERS` letters and ``max_blanks`` blanks are taken (more is a
    :class:`NotationError`); the walk stops after ``time_limit`` seconds (``timed_out``), and the
    ``max_words`` longest words are listed (``truncated`` when more were found).
    """
    rack = _check_rack(letters, min_length, max_blanks)
    if max_words < 0:
        raise NotationError(f"max_words must not be negative: {max_words}")
    counts = [0] * 27  # a..z, then blanks
    for c in rack:
        counts[26 if c == BLANK else ord(c) - 97] += 1
    walk = _Walk(lexicon.step_index(), counts, min_length, time.monotonic() + time_limit)
    if len(walk.steps):
        walk.walk(0)
    found, timed_out = walk.found, walk.timed_out
    found.sort(key=lambda w: (-len(w), w))
    return Anagrams(found[:max_words], len(found), len(found) > max_words, timed_out)


def anagrams(lexicon: Lexicon, letters: str, min_length: int = MIN_WORD_LENGTH) -> list[str]:
    """Return the words of at least ``min_length`` letters formable from ``letters``, longest first.

    The same walk and bounds as :func:`search_anagrams` (which says whether the list was cut).
    """
    return search_anagrams(lexicon, letters, min_length).words


def check_report(lexicon: Lexicon, words: list[str]) -> dict[str, Any]:
    """Return the judge's report for ``words``: the lexicon used and one check per word."""
    return {"dictionary": lexicon.info.to_dict(), "results": [check_word(lexicon, w).to_dict() for w in words]}


def anagram_report(lexicon: Lexicon, letters: str, min_length: int = MIN_WORD_LENGTH, *,
                   max_words: int = MAX_WORDS, time_limit: float = TIME_LIMIT) -> dict[str, Any]:
    """Return the anagram report for ``letters``: the lexicon used and the words, longest first.

    ``count`` is the number of words listed, ``found`` the number found; ``truncated`` says the list
    was cut to ``max_words``, ``timed_out`` that the walk stopped at ``time_limit`` seconds.
    """
    result = search_anagrams(lexicon, letters, min_length, max_words=max_words, time_limit=time_limit)
    return {"dictionary": lexicon.info.to_dict(), "letters": fold(letters), "min": min_length,
            "count": len(result.words), "found": result.found, "truncated": result.truncated,
            "timed_out": result.timed_out, "words": [w.upper() for w in result.words]}
