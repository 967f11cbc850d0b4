"""The JSON API answers as the CLI does, and every bad request gets a 4xx problem-details body."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from novelty.api import MAX_BODY_BYTES
from novelty.cli.main import main


def problem_of(response) -> dict:  # type: ignore[no-untyped-def]
    assert 400 <= response.status_code < 500
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert body["status"] == response.status_code and body["detail"] and body["title"]
    return body


def test_health(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/v1/health").get_json()["status"] == "ok"


def test_check_answers_the_same_as_the_cli(client, runner: CliRunner) -> None:  # type: ignore[no-untyped-def]
    words = ["quixotic", "qi", "xqzv", "ch"]
    for name in ["twl", "sowpods"]:
        api = client.post("/v1/check", json={"words": words, "dict": name}).get_json()
        cli = json.loads(runner.invoke(main, ["check", *words, "--dict", name, "--json"]).stdout)
        assert api == cli


def test_get_word(client) -> None:  # type: ignore[no-untyped-def]
    body = client.get("/v1/words/Quixotic").get_json()
    assert body["word"] == "QUIXOTIC" and body["valid"] and body["dictionary"]["label"] == "TWL06"
    body = client.get("/v1/words/ch?dict=collins").get_json()
    assert body["in_list"] and body["reason"] == "too short" and body["dictionary"]["label"] == "SOWPODS"


def test_anagram(client) -> None:  # type: ignore[no-untyped-def]
    body = client.post("/v1/anagram", json={"letters": "quixot?c"}).get_json()
    assert body["words"][0] == "QUIXOTIC"  # upper-case, as check answers (issue 27)


@pytest.mark.parametrize(
    ("method", "url", "kwargs", "status", "detail"),
    [
        ("get", "/v1/words/ch?dict=nope", {}, 400, "dict"),
        ("post", "/v1/check", {"data": "{bad", "content_type": "application/json"}, 400, "not valid JSON"),
        ("post", "/v1/check", {"data": "", "content_type": "application/json"}, 400, "empty"),
        ("post", "/v1/check", {"data": "words=a"}, 415, "must be JSON"),
        ("post", "/v1/check", {"json": {"words": "quixotic"}}, 400, "words"),
        ("post", "/v1/check", {"json": {"words": [1, 2]}}, 400, "words.0"),
        ("post", "/v1/check", {"json": {"words": []}}, 400, "words"),
        ("post", "/v1/check", {"json": {"words": ["a"], "dict": "/etc/passwd"}}, 400, "dict"),
        ("post", "/v1/check", {"json": {"words": ["a"], "extra": 1}}, 400, "extra"),
        ("post", "/v1/check", {"json": ["quixotic"]}, 400, "body"),
        ("post", "/v1/anagram", {"json": {"letters": "a????"}}, 400, "at most 3"),
        ("post", "/v1/anagram", {"json": {"letters": "a1"}}, 400, "letters"),
        ("get", "/v1/nope", {}, 404, "no such endpoint"),
        ("delete", "/v1/check", {}, 405, "not allowed"),
    ],
)
def test_bad_requests_get_problem_json(client, method, url, kwargs, status, detail) -> None:  # type: ignore[no-untyped-def]
    response = getattr(client, method)(url, **kwargs)
    assert response.status_code == status
    assert detail in problem_of(response)["detail"]


def test_oversized_body_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    big = json.dumps({"words": ["a" * 60] * 5000})
    response = client.post("/v1/check", data=big, content_type="application/json")
    assert response.status_code == 413 and "too large" in problem_of(response)["detail"]


def post_chunked(client, body: bytes):  # type: ignore[no-untyped-def]
    """POST ``body`` as gunicorn hands on a chunked request: no Content-Length, the stream ended by the server."""
    return client.post("/v1/check", input_stream=io.BytesIO(body), content_type="application/json",
                       headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})


def padded_check(size: int) -> bytes:
    """Return a valid /v1/check body of exactly ``size`` bytes (JSON allows trailing spaces)."""
    body = json.dumps({"words": ["qi"]}).encode()
    return body + b" " * (size - len(body))


@pytest.mark.parametrize("over", [1, 100_000])
def test_a_chunked_body_over_the_limit_is_too_large_not_bad_json(client, over) -> None:  # type: ignore[no-untyped-def]
    response = post_chunked(client, padded_check(MAX_BODY_BYTES + over))
    assert response.status_code == 413 and "too large" in problem_of(response)["detail"]


@pytest.mark.parametrize("size", [100, MAX_BODY_BYTES])
def test_a_chunked_body_up_to_the_limit_is_read_whole(client, size) -> None:  # type: ignore[no-untyped-def]
    response = post_chunked(client, padded_check(size))
    assert response.status_code == 200 and response.get_json()["results"][0]["word"] == "QI"


def test_an_unexpected_failure_is_a_json_500_not_a_page(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import novelty.api.words

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    monkeypatch.setattr(novelty.api.words, "check_report", boom)
    app.testing = False
    try:
        response = app.test_client().post("/v1/check", json={"words": ["a"]})
    finally:
        app.testing = True
    assert response.status_code == 500 and response.mimetype == "application/problem+json"
    assert "boom" not in response.get_data(as_text=True)


def test_openapi_document_describes_every_endpoint(client, app) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    served = {
        (str(rule).replace("<", "{").replace(">", "}"), method.lower())
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
        if str(rule).startswith("/v1/") and str(rule) != "/v1/openapi.json"
    }
    assert served and served <= documented
    problem_schema = doc["paths"]["/v1/check"]["post"]["responses"]["400"]["content"]["application/problem+json"][
        "schema"]
    assert problem_schema["$ref"].endswith("/Problem")


def test_openapi_document_is_valid(client) -> None:  # type: ignore[no-untyped-def]
    jsonschema = pytest.importorskip("jsonschema")
    doc = client.get("/v1/openapi.json").get_json()
    # every $ref resolves
    for ref in {m for m in json.dumps(doc).split('"') if m.startswith("#/components/schemas/")}:
        assert ref.rsplit("/", 1)[1] in doc["components"]["schemas"]
    jsonschema.Draft202012Validator.check_schema(doc["components"]["schemas"]["CheckBody"])


def test_a_player_cannot_challenge_their_own_word(client):
    response = client.post("/v1/challenge", json={"word": "quixotic", "by": "Ann", "player": "Ann"})
    assert response.status_code == 400
    assert "'Ann' cannot challenge their own word" in response.get_data(as_text=True)


def test_answers_and_problems_are_written_alike(client) -> None:  # type: ignore[no-untyped-def]
    # Issue 27: answers were compact and problems spaced out. Both are compact JSON and a newline now.
    answer = client.get("/v1/health").data
    problem = client.post("/v1/check", json={"words": "oops"}).data
    for body in (answer, problem):
        assert body.endswith(b"}\n") and body.count(b"\n") == 1 and b'", "' not in body and b'": ' not in body
    assert json.loads(problem)["status"] == 400
