"""Every example in the README is run, and what it prints is held to what the README shows (issue 27).

An example is a ``text`` block of a terminal session: a line ``$ COMMAND`` (``\\`` continues it on the
next line; a ``# comment`` after it is ignored), then the lines it prints, stdout and stderr as a terminal
shows them. A line that is exactly ``...`` stands for any number of lines, and ``<...>`` within a line for
any text (a time taken). ``novelty`` commands run
in-process; ``curl`` commands go to the API's test client, and their JSON is compared as JSON. Only
``novelty serve``, which serves until stopped, is not run.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from click.testing import CliRunner

from novelty.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
NOT_RUN = {"serve"}
"""``novelty`` subcommands shown but not run: they do not finish by themselves."""


class Example(NamedTuple):
    """One command of the README and what it prints there."""

    line: int
    command: str
    shown: list[str]


def examples(text: str) -> list[Example]:
    """Return every ``$ command`` of the README's ``text`` blocks, with the lines shown under it."""
    found: list[Example] = []
    for block in re.finditer(r"^```text\n(.*?)^```$", text, flags=re.M | re.S):
        start = text.count("\n", 0, block.start(1)) + 1
        lines = block[1].splitlines()
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                i += 1
                continue
            at, command = start + i, lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + lines[i].strip()
            i += 1
            shown = []
            while i < len(lines) and not lines[i].startswith("$ "):
                shown.append(lines[i].rstrip())
                i += 1
            found.append(Example(at, command, shown))
    return found


def api_calls(text: str) -> list[Example]:
    """Return every ``curl`` command of the README's ``sh`` blocks (their answers are not shown)."""
    found = []
    for block in re.finditer(r"^```sh\n(.*?)^```$", text, flags=re.M | re.S):
        start = text.count("\n", 0, block.start(1)) + 1
        lines = block[1].splitlines()
        for i, line in enumerate(lines):
            if line.startswith("curl "):
                command, j = line, i
                while command.endswith("\\"):
                    j += 1
                    command = command[:-1] + lines[j].strip()
                found.append(Example(start + i, command, []))
    return found


README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = examples(README)
API_CALLS = api_calls(README)


def matches(shown: list[str], printed: list[str]) -> bool:
    """Return whether ``printed`` is ``shown``, where a ``...`` line of ``shown`` stands for any lines."""
    if not shown:
        return not printed
    if shown[0] == "...":
        return any(matches(shown[1:], printed[k:]) for k in range(len(printed) + 1))
    return bool(printed) and line_matches(shown[0], printed[0]) and matches(shown[1:], printed[1:])


def line_matches(shown: str, printed: str) -> bool:
    """Return whether ``printed`` is the line ``shown``, where ``<...>`` in ``shown`` stands for any text."""
    return re.fullmatch(".*".join(re.escape(part) for part in shown.split("<...>")), printed) is not None


STUDY_COMMANDS = {"autoplay", "balance"}
"""Commands that write files (a study's store, its report): run in a folder of their own, shared by the examples."""


@pytest.fixture(scope="module")
def study_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("readme-study")


def run_novelty(args: list[str], monkeypatch: pytest.MonkeyPatch, folder: Path | None = None) -> list[str]:
    """Return the lines ``novelty ARGS`` prints, both streams, run from the repository's folder (or ``folder``)."""
    monkeypatch.chdir(folder if folder is not None and args[0] in STUDY_COMMANDS else ROOT)
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output  # 1: a word not playable; never bad input or a crash
    return [line.rstrip() for line in result.output.splitlines()]


def run_curl(args: list[str], client: Any) -> Any:
    """Return the JSON the API answers to ``curl ARGS`` (``-s``, ``-H``, ``-d`` and a URL on localhost).

    Only a problem (a 4xx or 5xx) has ``Content-Type: application/problem+json``.
    """
    headers, data, url = {}, None, None
    words = iter(args)
    for word in words:
        if word == "-H":
            name, _, value = next(words).partition(":")
            headers[name.strip()] = value.strip()
        elif word == "-d":
            data = next(words)
            if data.startswith("@"):
                data = (ROOT / data[1:]).read_text(encoding="utf-8")
        elif not word.startswith("-"):
            url = word
    assert url is not None and url.startswith("localhost:8000/"), url
    path = url.removeprefix("localhost:8000")
    response = client.get(path) if data is None else client.post(path, data=data, headers=headers)
    assert (response.status_code < 400) == (response.mimetype == "application/json"), response.status_code
    return response.get_json(force=True)


def test_the_readme_has_examples_of_every_kind() -> None:
    commands = {shlex.split(e.command, comments=True)[:2][-1] for e in EXAMPLES}
    assert {"check", "anagram", "score", "best", "advise", "othello", "round"} <= commands


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"line {e.line}: {e.command[:60]}")
def test_each_readme_example_prints_what_the_readme_shows(example: Example, monkeypatch: pytest.MonkeyPatch,
                                                          client: Any, study_folder: Path) -> None:
    program, *args = shlex.split(example.command, comments=True)
    if program == "curl":
        assert run_curl(args, client) == json.loads("\n".join(example.shown)), example.line
        return
    assert program == "novelty", example.command
    if args[0] in NOT_RUN:
        assert not example.shown
        return
    printed = run_novelty(args, monkeypatch, study_folder)
    assert matches(example.shown, printed), "\n".join(["README shows:", *example.shown, "", "it prints:", *printed])


@pytest.mark.parametrize(("shown", "printed", "same"), [
    (["a", "b"], ["a", "b"], True), (["a", "b"], ["a"], False), (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "..."], ["a"], True), (["...", "x"], ["a", "b"], False), ([], [""], False),
    (["Took <...> s"], ["Took 0.52 s"], True), (["Took <...> s"], ["Took 0.52 ms"], False)])
def test_an_ellipsis_line_stands_for_any_lines(shown: list[str], printed: list[str], same: bool) -> None:
    assert matches(shown, printed) is same


@pytest.mark.parametrize("call", API_CALLS, ids=lambda e: f"line {e.line}: {e.command[:60]}")
def test_each_api_call_the_readme_shows_is_answered(call: Example, client: Any) -> None:
    answer = run_curl(shlex.split(call.command, comments=True)[1:], client)
    assert "status" not in answer or answer["status"] < 400, answer


def test_the_readme_calls_the_api_in_both_forms() -> None:
    assert len(API_CALLS) >= 2 and sum(e.command.startswith("curl ") for e in EXAMPLES) >= 5
