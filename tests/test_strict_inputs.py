"""JSON ``true`` is not the number 1, nor ``"3"`` the number 3, in API bodies and input files alike.

Every documented example body is taken, and each number in it replaced by ``true`` (or by the number as a
string): each such body is refused, naming the field. A whole number written ``4.0`` is still 4, as JSON
Schema reads it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from novelty.errors import NoveltyError
from novelty.games import find_game
from novelty.inputs import MAX_DEPTH, RoundInput, ScoreInput, nesting_depth, validate


def numbers(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Yield the path of every number (not a bool) in ``data``."""
    if isinstance(data, bool):
        return
    if isinstance(data, int | float):
        yield path
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from numbers(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from numbers(value, (*path, i))


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """Return a copy of ``data`` with the value at ``path`` replaced."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {k: replaced(v, rest, value) if k == head else v for k, v in data.items()}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(data)]


def example_bodies(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (path, body) for every example body in the OpenAPI document."""
    schemas = doc["components"]["schemas"]
    for path, operations in doc["paths"].items():
        body = operations.get("post", {}).get("requestBody")
        if body:
            name = body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
            for example in schemas[name].get("examples", []):
                yield path, example


def test_every_example_body_is_accepted(client) -> None:  # type: ignore[no-untyped-def]
    examples = list(example_bodies(client.get("/v1/openapi.json").get_json()))
    assert len(examples) >= 10
    for path, body in examples:
        response = client.post(path, json=body)
        assert response.status_code == 200, (path, response.get_json(force=True))


def test_true_or_a_string_is_never_a_number_in_a_body(client) -> None:  # type: ignore[no-untyped-def]
    tried = 0
    for path, body in example_bodies(client.get("/v1/openapi.json").get_json()):
        for where in numbers(body):
            number = body
            for key in where:
                number = number[key]
            for wrong in (True, str(number)):
                response = client.post(path, json=replaced(body, where, wrong))
                assert response.status_code == 400, (path, where, wrong)
                problem = response.get_json(force=True)
                loc = ".".join(str(k) for k in where)
                assert any(e["loc"] == loc for e in problem["errors"]), (path, loc, problem["detail"])
                tried += 1
    assert tried >= 30


@pytest.mark.parametrize(("path", "body"), [
    ("/v1/anagram", {"letters": "quixot?c", "min": True}),
    ("/v1/best", {"hand": "a1 t1", "top": True}),
    ("/v1/best", {"hand": "a1 t1", "time_limit": True}),
    ("/v1/score", {"words": ["k3 o1 t3 o2"], "rules": {"challenges_as_printed": 1}}),
    ("/v1/round", {"players": [{"name": "Ann", "words": ["k3 o1 t3 o2"]}, {"name": "Bob", "words": ["q2 u1 i3 t1"]}],
                   "challenges": [{"by": "Ann", "player": "Bob", "word": True}]}),
])
def test_true_is_not_one(client, path, body) -> None:  # type: ignore[no-untyped-def]
    response = client.post(path, json=body)
    assert response.status_code == 400 and response.mimetype == "application/problem+json"


def test_a_whole_number_may_be_written_with_a_point(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/anagram", json={"letters": "quixot?c", "min": 8.0})
    assert response.status_code == 200 and response.get_json()["min"] == 8
    assert client.post("/v1/anagram", json={"letters": "quixot?c", "min": 7.5}).status_code == 400


def test_input_files_are_strict_too() -> None:
    """The CLI reads its files through the same models (``validate``, ``Game.run``)."""
    players = [{"name": "Ann", "words": ["k3 o1 t3 o2"]}, {"name": "Bob", "words": ["q2 u1 i3 t1"]}]
    with pytest.raises(NoveltyError, match="challenges.0.word"):
        validate(RoundInput, {"players": players, "challenges": [{"by": "Ann", "player": "Bob", "word": True}]})
    with pytest.raises(NoveltyError, match="rules.challenges_as_printed"):
        validate(ScoreInput, {"words": ["k3 o1 t3 o2"], "rules": {"challenges_as_printed": 1}})
    with pytest.raises(NoveltyError, match="players.0.gold"):
        find_game("stage-blood").run("score", {"players": [{"name": "Ann", "gold": True}, {"name": "Bob"}]})
    with pytest.raises(NoveltyError, match="target"):
        find_game("mood-x").run("game", {"players": ["A", "B", "C", "D"], "target": "24",
                                         "turns": [{"choices": {"A": "red", "B": "red", "C": "red", "D": "red"}}]})
    assert validate(RoundInput, {"players": players, "challenges": [{"by": "Ann", "player": "Bob", "word": 2.0}]}
                    ).challenges[0].word == 2


def test_nesting_depth_counts_brackets_outside_strings_only() -> None:
    """The scan the API runs on a body before parsing it (and the CLI can run on a file)."""
    assert nesting_depth('{"a": [1, "[[{", {"b": []}]}') == 4
    assert nesting_depth(b'["\\"[[[", [[]]]') == 3  # an escaped quote does not end the string
    assert nesting_depth("[" * 100_000) == MAX_DEPTH + 1  # it stops counting past the limit
    assert nesting_depth('"[[[') == 0  # an unclosed string runs to the end
