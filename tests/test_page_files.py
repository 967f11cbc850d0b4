"""The companion page's routes and files, without a browser: served from the package, nothing from elsewhere,
the catalog it reads answered the same as the CLI, and a repeat visit answered 304 with no body."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from novelty.api.page import STATIC
from novelty.cli.main import main

ROOT = Path(__file__).resolve().parent.parent

PAGE_MOTIFS = "/v1/motifs?fields=id,name,scope,effect"
"""The motif list as the page asks for it: what it shows, without the quotes."""

MOTIF_FIELDS = "id, name, scope, effect, quote, work, year, author"


def kept_by_the_service_worker() -> list[str]:
    """Return the URLs the service worker keeps for offline use (its KEEP list)."""
    return json.loads(re.search(r"const KEEP = (\[.*?\]);", (STATIC / "sw.js").read_text(), re.S).group(1)
                      .replace("'", '"'))


def content_etag(data: bytes) -> str:
    """Return the strong ETag of a body: its SHA-1, quoted."""
    return f'"{hashlib.sha1(data).hexdigest()}"'


def test_the_card_kinds_are_answered_as_the_cli_lists_them(client, runner: CliRunner) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/v1/cards")
    assert response.status_code == 200
    assert response.get_json() == json.loads(runner.invoke(main, ["cards", "--json"]).stdout)
    assert len(response.get_json()) == 134 and sum(k["count"] for k in response.get_json()) == 168


def test_the_motifs_are_answered_as_the_cli_lists_them(client, runner: CliRunner) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/v1/motifs")
    assert response.status_code == 200
    assert response.get_json() == json.loads(runner.invoke(main, ["motifs", "--json"]).stdout)
    assert len(response.get_json()) == 48


def test_the_page_is_served_at_the_root_with_a_strict_policy(client) -> None:  # type: ignore[no-untyped-def]
    with client.get("/?tab=best&h=th2+e4") as response:
        assert response.status_code == 200 and response.mimetype == "text/html"
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy
        assert b"<script type=\"module\" src=\"/static/app.js\">" in response.data


def test_the_service_worker_is_served_from_the_root_and_never_kept_stale(client) -> None:  # type: ignore[no-untyped-def]
    with client.get("/sw.js") as response:
        assert response.status_code == 200 and response.mimetype == "text/javascript"
        assert response.headers["Cache-Control"] == "no-cache"


def test_every_file_the_service_worker_keeps_is_served(client) -> None:  # type: ignore[no-untyped-def]
    kept = kept_by_the_service_worker()
    local = {f"/static/{p.name}" for p in STATIC.iterdir() if p.name not in ("index.html", "sw.js")}
    assert local <= set(kept)  # a new file is kept for offline use too
    for path in kept:
        with client.get(path) as response:
            assert response.status_code == 200, path


@pytest.mark.parametrize("name", sorted(p.name for p in STATIC.iterdir()))
def test_no_file_of_the_page_loads_anything_from_another_host(name: str) -> None:
    text = (STATIC / name).read_text()
    assert not re.search(r"(src|href)=\"(https?:)?//", text)
    assert not re.search(r"(import|fetch)\s*\(?\s*['\"](https?:)?//", text)


def test_a_wheel_carries_the_page() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["novelty.api"]
    assert patterns == ["static/*"] and "novelty.api" in config["tool"]["setuptools"]["packages"]
    assert config["tool"]["setuptools"]["package-dir"]["novelty.api"] == "api"
    assert {p.name for p in STATIC.iterdir()} >= {"index.html", "app.js", "app.css", "sw.js"}


def test_the_page_is_not_in_the_api_document(client) -> None:  # type: ignore[no-untyped-def]
    paths = client.get("/v1/openapi.json").get_json()["paths"]
    assert "/" not in paths and "/sw.js" not in paths
    assert {"/v1/cards", "/v1/motifs"} <= set(paths)


# -- repeat visits: every file and list is kept by the browser and asked for again, answered 304 ----------------

PAGE_FILES = ["/", "/sw.js", *sorted(f"/static/{p.name}" for p in STATIC.iterdir() if p.name not in ("index.html",
                                                                                                    "sw.js"))]


@pytest.mark.parametrize("path", PAGE_FILES)
def test_a_file_of_the_page_is_asked_for_again_and_answered_304_while_unchanged(client, path) -> None:  # type: ignore[no-untyped-def]
    with client.get(path) as response:
        assert response.status_code == 200
        assert response.headers["ETag"] == content_etag(response.data)  # strong, from the content
        assert response.headers["Cache-Control"] == "no-cache"  # kept, but asked for again on every visit
        assert "Expires" not in response.headers and "Last-Modified" not in response.headers
        etag = response.headers["ETag"]
    with client.get(path, headers={"If-None-Match": etag}) as again:
        assert again.status_code == 304 and again.data == b""
        assert again.headers["ETag"] == etag and again.headers["Cache-Control"] == "no-cache"


def test_a_changed_file_is_sent_again_whole(client) -> None:  # type: ignore[no-untyped-def]
    with client.get("/static/app.css", headers={"If-None-Match": '"an-older-version"'}) as response:
        assert response.status_code == 200 and response.data == (STATIC / "app.css").read_bytes()


@pytest.mark.parametrize("path", ["/", "/sw.js"])
def test_the_page_and_its_service_worker_keep_their_policy_when_unchanged(client, path) -> None:  # type: ignore[no-untyped-def]
    etag = client.get(path).headers["ETag"]
    with client.get(path, headers={"If-None-Match": etag}) as again:
        assert again.status_code == 304
        assert "script-src 'self'" in again.headers["Content-Security-Policy"]


def test_the_page_with_any_state_in_its_address_is_one_file(client) -> None:  # type: ignore[no-untyped-def]
    etag = client.get("/").headers["ETag"]
    with client.get("/?tab=best&h=th2+e4", headers={"If-None-Match": etag}) as again:
        assert again.status_code == 304


def test_nothing_outside_the_pages_folder_is_served(client) -> None:  # type: ignore[no-untyped-def]
    for path in ("/static/%2e%2e/page.py", "/static/", "/static/no-such-file.js"):
        with client.get(path) as response:
            assert response.status_code == 404 and response.mimetype == "application/problem+json", path


@pytest.mark.parametrize("path", ["/v1/cards", "/v1/motifs", PAGE_MOTIFS])
def test_a_catalog_list_is_asked_for_again_and_answered_304_while_unchanged(client, path) -> None:  # type: ignore[no-untyped-def]
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["ETag"] == content_etag(response.data)
    assert response.headers["Cache-Control"] == "no-cache"
    etag = response.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag and again.headers["Cache-Control"] == "no-cache"
    # a proxy that compresses the answer weakens its ETag: the browser's If-None-Match still matches
    assert client.get(path, headers={"If-None-Match": f"W/{etag}"}).status_code == 304


def test_each_choice_of_fields_is_its_own_list(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/v1/motifs").headers["ETag"] != client.get(PAGE_MOTIFS).headers["ETag"]


# -- only what the page shows is sent: `fields` ------------------------------------------------------------------

def test_the_page_gets_the_motifs_without_their_quotes(client) -> None:  # type: ignore[no-untyped-def]
    whole = client.get("/v1/motifs")
    shown = client.get(PAGE_MOTIFS)
    assert shown.get_json() == [{key: motif[key] for key in ("id", "name", "scope", "effect")}
                                for motif in whole.get_json()]
    assert len(shown.data) < len(whole.data) / 3  # 6 KB of 22 KB: the quotes, works, years and authors stay


def test_fields_keep_the_lists_own_order_of_keys(client) -> None:  # type: ignore[no-untyped-def]
    cards = client.get("/v1/cards?fields=points,id").get_json()
    assert cards[0] == {"id": "a1", "points": cards[0]["points"]} and list(cards[0]) == ["id", "points"]
    assert len(cards) == 134


@pytest.mark.parametrize(("path", "unknown", "known"), [
    ("/v1/motifs?fields=id,quotes", "'quotes'", MOTIF_FIELDS),
    ("/v1/motifs?fields=", "''", MOTIF_FIELDS),
    ("/v1/motifs?fields=id, name", "' name'", MOTIF_FIELDS),
    ("/v1/cards?fields=id,color", "'color'", "id, letter, letters, wild, count, points, colour, effect"),
])
def test_an_unknown_field_is_refused_naming_it_and_the_known_ones(client, path, unknown, known) -> None:  # type: ignore[no-untyped-def]
    response = client.get(path)
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert f"unknown field {unknown}: the fields are {known}" in problem["detail"]
    assert [error["loc"] for error in problem["errors"]] == ["fields"]


@pytest.mark.parametrize(("path", "example", "refused"), [("/v1/cards", "id,letter,points", "id,color"),
                                                          ("/v1/motifs", "id,name,scope,effect", "id,quotes")])
def test_the_api_document_gives_fields_and_the_304(client, path, example, refused) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    operation = doc["paths"][path]["get"]
    [fields] = [p for p in operation["parameters"] if p["name"] == "fields"]
    assert fields["in"] == "query" and not fields["required"]
    pattern = fields["schema"]["pattern"]
    assert re.search(pattern, example) and re.search(pattern, fields["schema"]["default"])
    assert not re.search(pattern, refused)  # the schema refuses what the API refuses
    assert "304" in operation["responses"] and "400" in operation["responses"]
    item = doc["components"]["schemas"][operation["responses"]["200"]["content"]["application/json"]["schema"]
                                        ["$ref"].removeprefix("#/components/schemas/")]["items"]["$ref"]
    assert "required" not in doc["components"]["schemas"][item.removeprefix("#/components/schemas/")]


def test_the_service_worker_keeps_the_lists_as_the_page_asks_for_them() -> None:
    kept = kept_by_the_service_worker()
    assert "/v1/cards" in kept and PAGE_MOTIFS in kept and "/v1/motifs" not in kept
    assert "/static/names.js" in kept
    worker = (STATIC / "sw.js").read_text()
    assert "url.pathname + url.search" in worker  # a list is kept under its query, the page under "/"
    assert "const CACHE = 'novelty-page-2';" in worker  # a new name: the old cache, keyed without queries, goes
