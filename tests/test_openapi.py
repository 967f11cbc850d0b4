"""The OpenAPI document is valid and tells the truth: schemathesis fuzzes every operation against it.

The fuzzing runs in-process (WSGI, no network), deterministically, with a bounded number of examples per
operation and every check schemathesis has, each at its defaults but one: positive_data_acceptance lets the
operations in REFUSED_THOUGH_VALID answer 400 to a schema-valid body, each for the reason given there. Beyond
schemathesis' checks, one more: such a 400 must name a rule the operation's documented 400 lists (api.refusals),
never a field that does not fit the schema.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from schemathesis.config import PositiveDataAcceptanceConfig, SchemathesisConfig

from novelty.api import create_app, refusals
from novelty.api.fields import cards_pattern
from novelty.api.refusals import Rule
from novelty.catalog import load_catalog
from novelty.errors import NoveltyError
from novelty.play import parse_cards

EXAMPLES_PER_OPERATION = 10

CARD_RULES = "the cards given may hold more of a card than the deck has (a count across fields)"
REFUSED_THOUGH_VALID = {
    "POST /v1/score": "a word's cards are checked against the catalog, the hand, the pool and the motifs: card "
                      "notation is free text",
    "POST /v1/round": "card notation, as /v1/score; and challenges name players and words given elsewhere",
    "POST /v1/game": "each round is a /v1/round body",
    "POST /v1/challenge": "`by` and `player` must differ: JSON Schema cannot compare two fields",
    "POST /v1/best": f"{CARD_RULES}, or more than the solver takes between hand and pool",
    **{f"POST /v1/advise/{decision}": f"{CARD_RULES}, or more than the solver takes"
       for decision in ("kill-off", "heroic-sacrifice", "merchant-city", "escaped", "rags-to-riches")},
    **{f"POST /v1/advise/{decision}": f"{CARD_RULES}; the deck left unseen may be too small to deal the samples"
       for decision in ("draft", "second-chances", "recurring-character")},
    **{f"POST /v1/games/{game}": "player names must differ, and a name given elsewhere must be a player's: "
                                 "JSON Schema has no unique key for an array of objects, nor references to values"
       for game in ("tragedy-of-othello/score", "thespianage/score", "stage-blood/score", "stage-blood/resolve",
                    "mood-x/turn", "mood-x/game")},
}
"""The operations that may refuse a schema-valid body (400), and why the schema cannot say what they refuse."""

CONFIG = SchemathesisConfig.from_dict({
    "generation": {"max-examples": EXAMPLES_PER_OPERATION, "deterministic": True},
    # The coverage phase tries every boundary the schema has, unbounded; its schema-violating half alone is
    # thousands of requests, so it sends the valid boundaries and wrong methods, and fuzzing the invalid bodies.
    "phases": {"coverage": {"generation": {"mode": "positive"}}},
    # positive_data_acceptance's default statuses, and 400 for the operations that may refuse a schema-valid body
    "operations": [{"include-name": name, "checks": {"positive_data_acceptance": {
        "expected-statuses": [*PositiveDataAcceptanceConfig().expected_statuses, "400"]}}}
        for name in REFUSED_THOUGH_VALID],
})

RULES = list(dict.fromkeys(rule for value in vars(refusals).values()
                           for rule in (value if isinstance(value, tuple) else (value,)) if isinstance(rule, Rule)))
"""Every rule beyond a schema that the API documents."""


def documented_rules(description: str) -> list[Rule]:
    """Return the rules a 400's description lists (one a line, after "- ")."""
    listed = {line.removeprefix("- ") for line in description.splitlines() if line.startswith("- ")}
    return [rule for rule in RULES if rule.text in listed]


@schemathesis.check
def refusals_are_documented(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schema-valid body is never refused for not fitting the schema, and is refused only for a rule that its
    operation's 400 lists."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    problem = json.loads(response.content)
    structural = [e for e in problem.get("errors") or [] if e.get("type") != "value_error"]
    if structural:
        raise AssertionError(f"a schema-valid body was refused for not fitting the schema: {problem['detail']}")
    description = DOC["paths"][case.operation.path][case.method.lower()]["responses"]["400"]["description"]
    if not any(rule.refused(problem["detail"]) for rule in documented_rules(description)):
        raise AssertionError(f"a schema-valid body was refused for a rule the 400 does not list: {problem['detail']}")
    return None


# Loaded at collection, not through schemathesis.pytest.from_fixture: that lazy loader renames pytest's items
# through the private ``Item._nodeid``, which pytest 9.2 removed (AttributeError in schemathesis 4.32.5).
APP = create_app({"TESTING": True})
DOC = APP.test_client().get("/v1/openapi.json").get_json()
schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", APP, config=CONFIG)


FUZZ_SECONDS = 0.01
"""The time limit of a search in a fuzzed schema-valid body: time limits are test_api_time's, not the fuzz's."""


def body_model(path: str) -> dict[str, Any]:
    """Return the schema of the POST body ``path`` takes, as the document's components give it."""
    ref = DOC["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return DOC["components"]["schemas"][ref.removeprefix("#/components/schemas/")]


def shorten_searches(case: Any) -> None:
    """Give a schema-valid body's searches FUZZ_SECONDS at most, a value still in the schema's range (the
    default would be 5 or 10 s)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or not isinstance(case.body, dict):
        return
    if "time_limit" in body_model(case.operation.path).get("properties", {}):
        case.body["time_limit"] = min(case.body.get("time_limit", FUZZ_SECONDS), FUZZ_SECONDS)


@schema.parametrize()
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_every_operation_keeps_its_documented_contract(case) -> None:  # type: ignore[no-untyped-def]
    shorten_searches(case)
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
                assert {"400", "413", "415", "429"} <= set(errors), path
            for status, response in errors.items():
                assert list(response["content"]) == ["application/problem+json"], (method, path, status)


def operations(doc: dict[str, Any], method: str) -> list[tuple[str, dict[str, Any]]]:
    """Return each ``method`` operation of the document with its path."""
    return [(path, ops[method]) for path, ops in doc["paths"].items() if method in ops]


def test_every_post_documents_the_busy_servers_429_and_when_to_retry(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    posts = operations(doc, "post")
    assert sorted(path for path, _ in posts) == post_paths(APP)
    for path, operation in posts:
        busy = operation["responses"]["429"]
        assert busy["headers"]["Retry-After"]["schema"]["type"] == "integer", path
        assert "Retry-After" in busy["description"] and "novelty serve" in busy["description"], path
    for path, operation in operations(doc, "get"):  # the server's admission lets every GET through
        assert "429" not in operation["responses"], path


def test_a_busy_answer_is_what_the_document_says(client) -> None:  # type: ignore[no-untyped-def]
    from werkzeug.test import Client

    from novelty.cli.server import Admission

    doc = client.get("/v1/openapi.json").get_json()
    busy = Admission(APP.wsgi_app, threads=1)  # no thread to spare for a POST: every POST is answered 429
    response = Client(busy, APP.response_class).post("/v1/check", json={"words": ["qi"]})
    assert response.status_code == 429 and int(response.headers["Retry-After"]) >= 0
    assert response.mimetype in doc["paths"]["/v1/check"]["post"]["responses"]["429"]["content"]


def test_each_400_lists_the_rules_beyond_its_schema(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    refusing = set()
    for path, operation in operations(doc, "post"):
        description = operation["responses"]["400"]["description"]
        assert "does not fit the schema" in description, path
        rules = documented_rules(description)
        if rules:
            refusing.add(f"POST {path}")
            assert description.count("\n- ") == len(rules), path  # every rule listed is one of api.refusals'
        else:
            assert "Every request that fits the schema is answered." in description, path
    assert refusing == set(REFUSED_THOUGH_VALID)
    words = doc["paths"]["/v1/words/{word}"]["get"]["responses"]
    assert "a parameter does not fit the schema" in words["400"]["description"]


def test_a_schema_carries_what_its_model_checks(client) -> None:  # type: ignore[no-untyped-def]
    schemas = client.get("/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["OthelloInput"]["properties"]["players"]["minItems"] == 2
    assert schemas["StageBloodPlayer"]["properties"]["favours"]["propertyNames"]["enum"][0] == "cooper"
    assert schemas["ScriptCard"]["allOf"]  # the cast of each act
    assert schemas["ThespianageInput"]["examples"]


@pytest.mark.parametrize("cards", ["a1", "A1, th2\twildVowel3 ", "DOUBLEWILD1,,e4", "", " , ", "a1\u00a0b2\u3000c1"])
def test_a_card_string_the_schema_takes_is_read(cards) -> None:  # type: ignore[no-untyped-def]
    assert re.search(cards_pattern(), cards)
    parse_cards(cards)


@pytest.mark.parametrize("cards", ["a1b2", "zz9", "a9", "th", "a1;b2", "\uff41" + "1", "wild"])
def test_a_card_string_the_schema_refuses_is_refused(cards) -> None:  # type: ignore[no-untyped-def]
    assert not re.search(cards_pattern(), cards)
    with pytest.raises(NoveltyError):
        parse_cards(cards)


def test_the_card_patterns_know_every_card_in_any_case() -> None:
    item = DOC["components"]["schemas"]["BestBody"]["properties"]["hand"]["anyOf"][1]["items"]["pattern"]
    for ident in KINDS:
        for written in (ident, ident.upper(), f" {ident.capitalize()}\t"):
            assert re.search(item, written), written
    assert re.search(cards_pattern(3), "a1 b1 c1") and not re.search(cards_pattern(3), "a1 b1")


@pytest.mark.parametrize(("body", "fits"), [({"hand": "a1"}, True), ({"hand": "", "take": "a1"}, True),
                                           ({"hand": ""}, False), ({"hand": [], "take": None}, False), ({}, False)])
def test_rags_to_riches_schema_takes_an_empty_hand_only_with_a_card_taken(client, body, fits) -> None:  # type: ignore[no-untyped-def]
    assert Draft202012Validator(body_schema("/v1/advise/rags-to-riches")).is_valid(body) is fits
    response = client.post("/v1/advise/rags-to-riches", json={**body, "time_limit": 0.1})
    assert response.status_code == (200 if fits else 400)


@pytest.mark.parametrize(("motifs", "detail"), [(["Hermit"], "unknown motif id 'Hermit'"),
                                                (["hermit", "assonance", "hermit"], "'hermit' is given twice")])
def test_motifs_are_ids_each_given_once(client, motifs, detail) -> None:  # type: ignore[no-untyped-def]
    motif_field = DOC["components"]["schemas"]["ScoreBody"]["properties"]["motifs"]
    assert motif_field["items"]["enum"] == list(load_catalog().motifs) and motif_field["uniqueItems"]
    response = client.post("/v1/score", json={"words": ["d1 a3 t3 e3"], "motifs": motifs})
    assert response.status_code == 400 and detail in response.get_json(force=True)["detail"]


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


# -- every rule a 400 lists refuses some schema-valid body --------------------------------------------------

KINDS = list(load_catalog().kinds)


def deck_but(*cards: str) -> list[str]:
    """Return every card of the deck but ``cards``: seen, they leave nothing unseen to deal."""
    rest = [ident for ident, kind in load_catalog().kinds.items() for _ in range(kind.count)]
    for card in cards:
        rest.remove(card)
    return rest


def example(path: str) -> Any:
    """Return the first example of the body ``path`` takes, or a three-card hand for a decision without one.

    A decision's search time is left at its default: each rule is broken before a search, or as the first starts
    (the solver's 40 cards), and a short limit could leave no time to start it on a busy machine."""
    schema = body_model(path)
    return copy.deepcopy(schema["examples"][0]) if "examples" in schema else {"hand": "th2 e4 a1"}


def changed(body: Any, changes: dict[str, Any]) -> Any:
    """Return ``body`` with each dotted path in ``changes`` ("players.1.name") set to its value."""
    for dotted, value in changes.items():
        *parents, last = [int(key) if key.isdigit() else key for key in dotted.split(".")]
        node = body
        for key in parents:
            node = node[key]
        node[last] = value
    return body


GAMES = "/v1/games/"
DECISIONS = [f"/v1/advise/{d}" for d in ("draft", "kill-off", "heroic-sacrifice", "merchant-city", "escaped",
                                         "rags-to-riches", "second-chances", "recurring-character")]
REFUSALS = [
    ("/v1/score", {"words": ["zz9 e1"]}, refusals.NOTATION),
    ("/v1/score", {"hand": "th2 e4"}, refusals.PLAY),  # wild4 is not in the hand
    ("/v1/score", {"pool": "j1 j1"}, refusals.DECK),
    ("/v1/round", {"players.0.words": ["wild4 e1"]}, refusals.NOTATION),
    ("/v1/round", {"players.1.hand": "d1"}, refusals.PLAY),
    ("/v1/round", {"players.0.hand": ["j1", "j1"]}, refusals.DECK),
    ("/v1/round", {"players.1.name": "Ann", "challenges": []}, refusals.NAMES),
    ("/v1/round", {"challenges.0.player": "Cy"}, refusals.CHALLENGES),
    ("/v1/game", {"rounds.0.players.0.words": ["d1 a3 t3 e9"]}, refusals.NOTATION),
    ("/v1/game", {"rounds.0.players.0.hand": "a3"}, refusals.PLAY),
    ("/v1/game", {"rounds.0.pool": "q1 q1"}, refusals.DECK),
    ("/v1/game", {"rounds.1.players.1.name": "Ann"}, refusals.NAMES),
    ("/v1/game", {"rounds.1.challenges": [{"by": "Ann", "player": "Bob", "word": 2}]}, refusals.CHALLENGES),
    ("/v1/challenge", {"player": "Ann"}, refusals.OWN_WORD),
    ("/v1/best", {"pool": "j1 j1"}, refusals.DECK),
    ("/v1/best", {"hand": KINDS[:41], "pool": None}, refusals.SOLVER),
    *[(path, {"pool": "j1 j1"}, refusals.DECK) for path in DECISIONS],
    *[(path, {"hand": KINDS[:42]}, refusals.SOLVER) for path in DECISIONS if "recurring" not in path],
    ("/v1/advise/draft", {"hand": ["th2"], "seen": deck_but("th2", "j1", "q1", "e1", "s1")}, refusals.UNSEEN),
    ("/v1/advise/second-chances", {"seen": deck_but("th2", "e4", "a1")}, refusals.UNSEEN),
    ("/v1/advise/recurring-character", {"seen": deck_but("th2", "e4", "a1")}, refusals.UNSEEN),
    *[(path, {"variant": {"name": "v", "cards": {"q9": {"points": 1}}}}, refusals.VARIANT)
      for path in ("/v1/score", "/v1/round", "/v1/game", "/v1/best", *DECISIONS)],
    *[(path, {"variant": {"name": "v", "remove": {"cards": [removed]}}}, refusals.VARIANT_IDS)
      for path, removed in (("/v1/score", "th2"), ("/v1/round", "th2"), ("/v1/game", "d1"), ("/v1/best", "th2"),
                            *((path, "th2") for path in DECISIONS))],
    ("/v1/score", {"variant": {"name": "v", "game": {"one_word": True}}}, refusals.ONE_WORD),
    ("/v1/round", {"variant": {"name": "v", "game": {"one_word": True}}}, refusals.ONE_WORD),
    ("/v1/game", {"variant": {"name": "v", "game": {"one_word": True}},
                  "rounds.0.players.0.words": ["d1 a3 t3 e3", "b1 o1 o2 k1"]}, refusals.ONE_WORD),
    (GAMES + "tragedy-of-othello/score", {"players.1.name": "Ann"}, refusals.GAME_NAMES),
    (GAMES + "tragedy-of-othello/score", {"players.0.script_cards.0.id": "II.1"}, refusals.OTHELLO[0]),
    (GAMES + "tragedy-of-othello/score", {"previous_lead": None, "players.1.script_cards.0.points": 2},
     refusals.OTHELLO[1]),
    (GAMES + "thespianage/score", {"players.1.name": "Ann"}, refusals.GAME_NAMES),
    (GAMES + "thespianage/score", {"players.1.character": "Frisco", "players.1.crush": "Bob"},
     refusals.THESPIANAGE[0]),
    (GAMES + "stage-blood/score", {"players.1.name": "Ann"}, refusals.GAME_NAMES),
    (GAMES + "stage-blood/resolve", {"actors.0.player": "Cy"}, refusals.GAME_NAMES),
    (GAMES + "stage-blood/resolve", {"actors.0.target": "Macbeth"}, refusals.STAGE_BLOOD_RESOLVE[0]),
    (GAMES + "stage-blood/resolve", {"actors.0.gold": 2}, refusals.STAGE_BLOOD_RESOLVE[1]),
    (GAMES + "mood-x/turn", {"protagonist": "Eve"}, refusals.GAME_NAMES),
    (GAMES + "mood-x/turn", {"choices.Ann": "grey"}, refusals.MOOD_X[0]),
    (GAMES + "mood-x/game", {"turns.0.protagonist": "Eve"}, refusals.GAME_NAMES),
    (GAMES + "mood-x/game", {"turns.0.choices.Ann": "grey"}, refusals.MOOD_X[0]),
    (GAMES + "mood-x/game", {"target": 2}, refusals.MOOD_X_GAME[1]),
]
"""For each rule an operation's 400 lists, a change to the operation's example that breaks it."""


def body_schema(path: str) -> dict[str, Any]:
    """Return the JSON Schema of the body ``path`` takes, with the document's components to refer to."""
    return {**body_model(path), "components": DOC["components"]}


def fits_the_schema(path: str, body: Any) -> None:
    """Raise jsonschema's ValidationError unless ``body`` fits the schema the document gives ``path``'s body."""
    Draft202012Validator(body_schema(path)).validate(body)


@pytest.mark.parametrize(("path", "changes", "rule"), REFUSALS, ids=lambda v: v.text[:30] if isinstance(v, Rule) else v)
def test_a_schema_valid_body_is_refused_for_a_rule_its_400_lists(client, path, changes, rule) -> None:  # type: ignore[no-untyped-def]
    body = changed(example(path), changes)
    fits_the_schema(path, body)
    response = client.post(path, json=body)
    assert response.status_code == 400, response.get_json()
    assert rule.refused(response.get_json(force=True)["detail"])
    assert rule in documented_rules(DOC["paths"][path]["post"]["responses"]["400"]["description"])


def test_every_rule_a_400_lists_is_shown_refusing_a_body() -> None:
    documented = {(path, rule) for path, operation in operations(DOC, "post")
                  for rule in documented_rules(operation["responses"]["400"]["description"])}
    assert documented == {(path, rule) for path, _, rule in REFUSALS}
