"""Word endpoints: check words against a list, find anagrams."""

from __future__ import annotations

from typing import Any

from flask_openapi3 import APIBlueprint, Tag

from novelty.api.refusals import get_problems, post_problems
from novelty.api.schemas import (
    AnagramBody,
    AnagramResponse,
    CheckBody,
    CheckResponse,
    DictQuery,
    WordPath,
    WordResponse,
)
from novelty.api.timing import time_left
from novelty.lexicon import open_lexicon
from novelty.words import TIME_LIMIT, anagram_report, check_report, check_word

words = APIBlueprint("words", __name__, url_prefix="/v1", abp_tags=[Tag(name="words")])


@words.get("/words/<word>", responses={200: WordResponse, **get_problems(404)})
def get_word(path: WordPath, query: DictQuery) -> dict[str, Any]:
    """Check one word: in the list, playable, and why not."""
    lexicon = open_lexicon(query.dictionary)
    return {"dictionary": lexicon.info.to_dict(), **check_word(lexicon, path.word).to_dict()}


@words.post("/check", responses={200: CheckResponse, **post_problems()})
def post_check(body: CheckBody) -> dict[str, Any]:
    """Check several words; the same answer as `novelty check --json`."""
    return check_report(open_lexicon(body.dictionary), body.words)


@words.post("/anagram", responses={200: AnagramResponse, **post_problems()})
def post_anagram(body: AnagramBody) -> dict[str, Any]:
    """List the words formable from the letters, longest first; the same as `novelty anagram --json`.

    Bounded work: at most 20 letters with at most 3 '?' blanks (more is a 400 problem naming the
    limit); at most 1000 words are listed, the longest first, and `truncated` says when more were
    found (`found` counts them); the search stops 2 s after the request arrived, and `timed_out`
    says when it did (the list is then incomplete). The heaviest rack answers in about 0.5 s.
    """
    return anagram_report(open_lexicon(body.dictionary), body.letters, body.min, time_limit=time_left(TIME_LIMIT))
