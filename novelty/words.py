"""Word checks (is it in the list, is it playable) and anagrams found by walking a lexicon."""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any

from novelty.errors import NotationError
from novelty.lexicon import Lexicon, fold

MIN_WORD_LENGTH = 4
"""Word rules: "Submitted words must be longer than 3 letters"."""

_LETTERS = re.compile(r"[a-z]+")


@dataclass(frozen=True, slots=True)
class WordCheck:
    """A word judge's answer about one word."""

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
    for c in text:
        if not c.isascii():
            return f"{c!r} (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})"
    return None


def check_word(lexicon: Lexicon, word: str) -> WordCheck:
    """Return whether ``word`` is in ``lexicon`` and whether it is playable, with the reason if not.

    Only a-z count as letters: a character outside ASCII is never read as one (the Kelvin sign is not
    a ``k``), so such a word is "not a word of letters", and the reason names the character.
    """
    norm = fold(word)
    in_list = norm in lexicon
    if (odd := not_ascii(norm)) is not None:
        reason: str | None = f"not a word of letters: {odd} is not a-z"
    elif not _LETTERS.fullmatch(norm):
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
    return len(word) >= MIN_WORD_LENGTH and _LETTERS.fullmatch(word) is not None and word in lexicon


BLANK = "?"


def anagrams(lexicon: Lexicon, letters: str, min_length: int = MIN_WORD_LENGTH) -> list[str]:
    """Return every word of at least ``min_length`` letters formable from ``letters``, longest first.

    ``?`` stands for any one letter. Words are found by walking the lexicon's prefixes, extending a
    prefix only while some word still starts with it, never by trying permutations.
    """
    rack = fold(letters)
    if not rack or any(c != BLANK and c not in string.ascii_lowercase for c in rack):
        raise NotationError(f"letters must be a-z or '?': {letters!r}")
    if min_length < 1:
        raise NotationError(f"minimum length must be at least 1: {min_length}")
    counts = Counter(rack)
    found: set[str] = set()

    def walk(prefix: str) -> None:
        if len(prefix) >= min_length and prefix in lexicon:
            found.add(prefix)
        blanks = counts[BLANK]
        for letter in string.ascii_lowercase:
            use = letter if counts[letter] > 0 else BLANK if blanks > 0 else None
            if use is None:
                continue
            candidate = prefix + letter
            if not lexicon.has_prefix(candidate):
                continue
            counts[use] -= 1
            walk(candidate)
            counts[use] += 1

    walk("")
    return sorted(found, key=lambda w: (-len(w), w))


def check_report(lexicon: Lexicon, words: list[str]) -> dict[str, Any]:
    """Return the judge's report for ``words``: the lexicon used and one check per word."""
    return {"dictionary": lexicon.info.to_dict(), "results": [check_word(lexicon, w).to_dict() for w in words]}


def anagram_report(lexicon: Lexicon, letters: str, min_length: int = MIN_WORD_LENGTH) -> dict[str, Any]:
    """Return the anagram report for ``letters``: the lexicon used and the words, longest first."""
    words = anagrams(lexicon, letters, min_length)
    return {"dictionary": lexicon.info.to_dict(), "letters": fold(letters), "min": min_length,
            "count": len(words), "words": words}
