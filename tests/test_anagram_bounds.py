"""`POST /v1/anagram` and `novelty anagram` bound their work: letters, blanks, words listed, time (issue 10)."""

from __future__ import annotations

import itertools
import json
import time

import pytest
from click.testing import CliRunner

from novelty.api.schemas import MAX_BLANKS as API_MAX_BLANKS
from novelty.api.schemas import AnagramBody
from novelty.cli.main import main
from novelty.errors import NotationError
from novelty.lexicon import SetLexicon, open_lexicon
from novelty.words import MAX_BLANKS, MAX_LETTERS, MAX_WORDS, TIME_LIMIT, anagram_report, search_anagrams

HEAVIEST = "etaoinshrdlucmfwy???"
"""The issue's rack: 20 letters, 3 blanks; with min 1 it took 7.7 s and answered 1.46 MB."""


def problem_of(response) -> dict:  # type: ignore[no-untyped-def,type-arg]
    assert response.headers["Content-Type"] == "application/problem+json"
    return response.get_json(force=True)  # type: ignore[no-any-return]


def test_the_api_schema_and_the_core_state_the_same_limits() -> None:
    assert API_MAX_BLANKS == MAX_BLANKS == 3
    letters = AnagramBody.model_json_schema()["properties"]["letters"]
    assert letters["maxLength"] == MAX_LETTERS == 20
    assert (MAX_WORDS, TIME_LIMIT) == (1000, 2.0)


def test_too_many_letters_or_blanks_is_refused_naming_the_limit(lexicon: SetLexicon) -> None:
    with pytest.raises(NotationError, match="at most 20 letters: 21 given"):
        search_anagrams(lexicon, "a" * 21)
    with pytest.raises(NotationError, match="at most 3 '\\?' blanks: 4 given"):
        search_anagrams(lexicon, "ton????")
    assert search_anagrams(lexicon, "to??").words == ["dote", "note", "toad", "tone"]


def test_the_list_is_cut_to_the_longest_words_and_says_how_many_were_found(lexicon: SetLexicon) -> None:
    result = search_anagrams(lexicon, "stoneq", max_words=2)
    assert (result.words, result.found, result.truncated, result.timed_out) == (["stone", "note"], 3, True, False)
    assert not search_anagrams(lexicon, "stoneq", max_words=3).truncated


def test_the_walk_stops_at_its_time_limit_and_says_so() -> None:
    words = ["".join(p) for p in itertools.product("abcd", repeat=7)]  # 16,384 words, 21,845 trie nodes
    lexicon = SetLexicon(words)
    assert not search_anagrams(lexicon, "aabbccddaabbccdd", min_length=7, max_words=10**6).timed_out
    result = search_anagrams(lexicon, "aabbccddaabbccdd", min_length=7, max_words=10**6, time_limit=0.0)
    assert result.timed_out and result.found < len(words)


def test_the_heaviest_rack_is_quick_and_small() -> None:
    lexicon = open_lexicon("twl")
    lexicon.step_index()
    started = time.perf_counter()
    report = anagram_report(lexicon, HEAVIEST, 1)
    elapsed = time.perf_counter() - started
    assert elapsed < TIME_LIMIT and not report["timed_out"]
    assert (report["count"], report["found"], report["truncated"]) == (1000, 133149, True)
    assert len(report["words"][0]) >= len(report["words"][-1])
    assert len(json.dumps(report)) < 40_000  # 1.46 MB before


def test_api_answers_the_heaviest_rack_cut_and_says_so(client) -> None:  # type: ignore[no-untyped-def]
    body = client.post("/v1/anagram", json={"letters": HEAVIEST, "min": 1}).get_json()
    assert (body["count"], body["truncated"], body["timed_out"]) == (1000, True, False)
    assert body["found"] == 133149 and len(body["words"]) == 1000


def test_api_refuses_over_large_racks_with_a_problem_naming_the_limit(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/anagram", json={"letters": "a" * 21})
    assert response.status_code == 400 and "at most 20 characters" in problem_of(response)["detail"]
    response = client.post("/v1/anagram", json={"letters": "abcde???????????????"})
    assert response.status_code == 400 and "at most 3 '?' blanks" in problem_of(response)["detail"]


def test_api_time_limit_counts_from_arrival(client) -> None:  # type: ignore[no-untyped-def]
    stamp = f"t={time.time() - 5:.3f}"  # arrived 5 s ago: the 2 s limit is spent
    response = client.post("/v1/anagram", json={"letters": HEAVIEST, "min": 1}, headers={"X-Request-Start": stamp})
    body = response.get_json()
    assert response.status_code == 200 and body["timed_out"] and body["found"] < 133149


def test_openapi_documents_the_limits(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    description = doc["paths"]["/v1/anagram"]["post"]["description"]
    for limit in ("20 letters", "3 '?' blanks", "1000 words", "2 s", "`truncated`", "`timed_out`"):
        assert limit in description
    answer = doc["components"]["schemas"]["AnagramResponse"]["properties"]
    assert {"found", "truncated", "timed_out"} <= set(answer)


@pytest.mark.parametrize(("letters", "message"), [
    ("abcde???????????????", "at most 3 '?' blanks: 15 given"),  # took 15 s and 1.8 MB before
    ("a" * 21, "at most 20 letters: 21 given"),
])
def test_cli_refuses_over_large_racks_on_stderr_with_status_2(letters: str, message: str) -> None:
    result = CliRunner().invoke(main, ["anagram", letters])
    assert result.exit_code == 2 and message in result.stderr and not result.stdout


def test_cli_says_the_list_was_cut() -> None:
    result = CliRunner().invoke(main, ["anagram", HEAVIEST, "--min", "1"])
    assert result.exit_code == 0
    assert "133,149 words found; the 1,000 longest listed" in result.stdout
    assert len(result.stdout) < 40_000
