"""The OpenAPI document is valid and tells the truth: schemathesis fuzzes every operation against it.

The fuzzing runs in-process (WSGI, no network), deterministically, with a bounded number of examples per
operation and every check schemathesis has. Beyond its own checks, one more: a body the schema says is
valid may be refused only for a rule a JSON Schema cannot state (names that must differ, a player that
must be one of the players...), never for a limit the schema could have said (a player count, a range).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate
from schemathesis.config import SchemathesisConfig

from novelty.api import create_app

EXAMPLES_PER_OPERATION = 10

CONFIG = SchemathesisConfig.from_dict({
    "generation": {"max-examples": EXAMPLES_PER_OPERATION, "deterministic": True},
    # The coverage phase tries every boundary the schema has, unbounded; its schema-violating half alone is
    # thousands of requests, so it sends the valid boundaries and wrong methods, and fuzzing the invalid bodies.
    "phases": {"coverage": {"generation": {"mode": "positive"}}},
    # A 400 to a schema-valid body is judged by the stricter check below, refusals_the_schema_cannot_state.
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400"]}},
})

RULES_THE_SCHEMA_CANNOT_STATE = [re.compile(p) for p in (
    # every theatre game: names identify players, so a name elsewhere must be one of them
    r"^player names must differ", r"^unknown player in ",
    # The Tragedy of Othello
    r" holds .+, from after act ", r" holds a script card twice", r"^players tie for fewest points: give previous_lead",
    # Thespianage
    r"^each player plays a different character",
    # Stage Blood
    r"play ids must differ", r" is sent to .+, which is not on the table", r" sent \d+ actors; each player chooses one",
    r" spends \d+ gold on .+ but has \d+",
    # Mood X
    r"^no mood for ", r"^the dial's moods must differ", r" chose .+, which is not a mood on the dial",
    r"^turn \d+ comes after the game ended",
)]
"""Why a theatre game may refuse a schema-valid body. A new refusal belongs in the schema if JSON Schema can say it."""


@schemathesis.check
def refusals_the_schema_cannot_state(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schema-valid body is never refused for not fitting the schema, and a theatre game refuses one only for
    a rule in RULES_THE_SCHEMA_CANNOT_STATE."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    problem = json.loads(response.content)
    structural = [e for e in problem.get("errors") or [] if e.get("type") != "value_error"]
    if structural:
        raise AssertionError(f"a schema-valid body was refused for not fitting the schema: {problem['detail']}")
    if case.operation.path.startswith("/v1/games/") and not any(
            rule.search(problem["detail"]) for rule in RULES_THE_SCHEMA_CANNOT_STATE):
        raise AssertionError(f"a schema-valid body was refused for a rule the schema does not state: "
                             f"{problem['detail']}")
    return None


# Loaded at collection, not through schemathesis.pytest.from_fixture: that lazy loader renames pytest's items
# through the private ``Item._nodeid``, which pytest 9.2 removed (AttributeError in schemathesis 4.32.5).
schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", create_app({"TESTING": True}), config=CONFIG)


@schema.parametrize()
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_every_operation_keeps_its_documented_contract(case) -> None:  # type: ignore[no-untyped-def]
    case.call_and_validate()


def test_the_document_is_valid_openapi(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    validate(doc)
    assert "securitySchemes" not in doc["components"]


def test_every_operation_documents_its_answer_and_its_problems(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert responses["200"]["content"]["application/json"]["schema"]["$ref"], (method, path)
            errors = {status: r for status, r in responses.items() if status.startswith("4")}
            if method == "post":
                assert {"400", "413", "415"} <= set(errors), path
            for status, response in errors.items():
                assert list(response["content"]) == ["application/problem+json"], (method, path, status)


def test_a_schema_carries_what_its_model_checks(client) -> None:  # type: ignore[no-untyped-def]
    schemas = client.get("/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["OthelloInput"]["properties"]["players"]["minItems"] == 2
    assert schemas["StageBloodPlayer"]["properties"]["favours"]["propertyNames"]["enum"][0] == "cooper"
    assert schemas["ScriptCard"]["allOf"]  # the cast of each act
    assert schemas["ThespianageInput"]["examples"]


@pytest.mark.parametrize(("path", "model", "low", "high"), [
    ("/v1/games/tragedy-of-othello/score", "OthelloInput", 2, 6),
    ("/v1/games/thespianage/score", "ThespianageInput", 3, 6),
    ("/v1/games/stage-blood/score", "StageBloodInput", 2, 6), ("/v1/games/stage-blood/resolve", "RoundInput", 2, 6),
    ("/v1/games/mood-x/turn", "TurnInput", 4, 8), ("/v1/games/mood-x/game", "GameInput", 4, 8)])
def test_the_player_count_is_in_the_schema(client, path, model, low, high) -> None:  # type: ignore[no-untyped-def]
    players = client.get("/v1/openapi.json").get_json()["components"]["schemas"][model]["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (low, high)
    response = client.post(path, json={"players": []})  # it was a schema-valid body, refused
    assert response.status_code == 400 and response.mimetype == "application/problem+json"


def test_a_405_names_the_allowed_methods(client) -> None:  # type: ignore[no-untyped-def]
    response = client.delete("/v1/check")
    assert response.status_code == 405 and response.mimetype == "application/problem+json"
    assert set(response.headers["Allow"].split(", ")) >= {"POST"}


def post_paths(app) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(str(r) for r in app.url_map.iter_rules() if "POST" in (r.methods or ()))


def test_a_deeply_nested_body_is_refused_everywhere(app, client) -> None:  # type: ignore[no-untyped-def]
    paths = post_paths(app)
    assert len(paths) >= 11
    for depth in (33, 1_000, 100_000):
        body = '{"words": ' + "[" * depth + "]" * depth + "}"
        for path in paths:
            response = client.post(path, data=body, content_type="application/json")
            assert response.status_code == 400, (path, depth)
            assert "nested too deeply" in response.get_json(force=True)["detail"]


def test_brackets_inside_strings_do_not_count_as_nesting(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/check", json={"words": ["[[[[{{{{" * 8]})
    assert response.status_code == 200


@pytest.mark.parametrize("body", ['"{\\"words\\": [\\"qi\\"]}"', '["qi"]', "3", "null"])
def test_a_body_must_be_an_object(client, body) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/check", data=body, content_type="application/json")
    assert response.status_code == 400 and "must be a JSON object" in response.get_json(force=True)["detail"]
