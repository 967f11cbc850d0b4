"""The companion page's routes and files, without a browser: served from the package, nothing from elsewhere,
and the catalog it reads answered the same as the CLI."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from novelty.api.page import STATIC
from novelty.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


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
    kept = json.loads(re.search(r"const KEEP = (\[.*?\]);", (STATIC / "sw.js").read_text(), re.S).group(1)
                      .replace("'", '"'))
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
