"""One option, one meaning, one default (issue 27): best and every advise decision take the situation the same way,
first on their help page, and their --top and --time-limit mean on the command line what the API's fields do."""

from __future__ import annotations

from typing import Any

import click
import pytest

from novelty import options
from novelty.cli.main import main

CTX = click.Context(main, info_name="novelty")
ADVISE = main.get_command(CTX, "advise")
assert isinstance(ADVISE, click.Group)
SEARCHES = [("best", main.get_command(CTX, "best")),
            *((f"advise {name}", ADVISE.get_command(CTX, name)) for name in ADVISE.list_commands(CTX))]


def param(command: Any, name: str) -> click.Parameter:
    return next(p for p in command.params if p.name == name)


@pytest.mark.parametrize(("line", "command"), SEARCHES, ids=[line for line, _ in SEARCHES])
def test_the_situation_comes_first_and_means_one_thing(line: str, command: Any) -> None:
    assert [p.name for p in command.params[:4]] == ["hand", "pool", "motifs", "escaped"], line
    assert param(command, "hand").required
    assert param(command, "escaped").help == options.ESCAPED_HELP
    assert param(command, "top").default == options.TOP


@pytest.mark.parametrize(("line", "command"), SEARCHES, ids=[line for line, _ in SEARCHES])
def test_the_time_limit_is_the_apis(line: str, command: Any, client: Any) -> None:
    doc = client.get("/v1/openapi.json").get_json()
    path = "/v1/best" if line == "best" else f"/v1/advise/{line.split()[1]}"
    ref = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    field = doc["components"]["schemas"][ref.rsplit("/", 1)[1]]["properties"]["time_limit"]
    limit = param(command, "time_limit")
    assert limit.default == field["default"] and limit.type.max == field["maximum"], line  # type: ignore[attr-defined]
    assert field["description"].startswith(limit.help.rsplit(" At most", 1)[0]), line
