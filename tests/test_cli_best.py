"""`novelty best` on an unproved answer (issue 25): how far the bound is, in words a player at the table can judge."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from click.testing import CliRunner

from novelty.cli import best as best_command
from novelty.cli.best import proof_lines
from novelty.cli.main import main
from novelty.solver import SolveResult, solve

HAND = "th2 e4 m1 e1 s1 a1 r1 t1 o1 n1 i1 l1 d1"
"""A hand solved in a tenth of a second (23 points under Assonance); its answer is then made unproved with the bound
each test needs."""


def unproved(monkeypatch: pytest.MonkeyPatch, bound: Any) -> None:
    """Make `novelty best` answer unproved, with ``bound`` (a number, None, or a function of the best total)."""

    def cut_short(*args: Any, **kwargs: Any) -> SolveResult:
        result = solve(*args, **kwargs)
        total = result.plays[0].total
        return dataclasses.replace(result, optimal=False, bound=bound(total) if callable(bound) else bound)

    monkeypatch.setattr(best_command, "solve", cut_short)


def best_lines(runner: CliRunner, *args: str) -> list[str]:
    result = runner.invoke(main, ["best", "--hand", HAND, "--motif", "assonance", "--top", "2", *args])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout.splitlines()


def test_proof_lines_say_how_far_the_bound_is() -> None:
    assert proof_lines(True, 24, 24) == ("best possible", None)
    assert proof_lines(False, 38, 24) == (
        "best found before the time limit, not proved best: no play scores more than 38",
        "A better play, if there is one, scores at most 14 points more.")
    assert proof_lines(False, 25, 24)[1] == "A better play, if there is one, scores at most 1 point more."
    # a gap of the play itself is not loose
    assert proof_lines(False, 48, 24)[1] == "A better play, if there is one, scores at most 24 points more."
    assert proof_lines(False, 44_712, 86) == (
        "best found before the time limit, not proved best: no play scores more than 44,712",
        "A better play, if there is one, scores at most 44,626 points more: a loose bound, as the search was cut "
        "short.")
    assert proof_lines(False, 24, 24) == (
        "best possible: no play scores more, though the search stopped before it finished", None)
    assert proof_lines(False, None, 24) == (
        "best found before the time limit, not proved best",
        "No bound is known on how much more a better play could score.")


def test_an_unproved_answer_says_how_many_points_a_better_play_could_add(runner: CliRunner,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    unproved(monkeypatch, lambda total: total + 14)
    lines = best_lines(runner)
    total = int(lines[1].split()[2])
    assert lines[1] == (f"Play 1: {total} points (best found before the time limit, not proved best: "
                        f"no play scores more than {total + 14})")
    assert lines[2] == "  A better play, if there is one, scores at most 14 points more."
    assert sum("at most" in line for line in lines) == 1  # said once, of the best play, not of the runners-up
    assert any(line.startswith("Play 2: ") and line.endswith("(runner-up 1)") for line in lines)


def test_one_point_more_is_singular(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    unproved(monkeypatch, lambda total: total + 1)
    assert best_lines(runner)[2] == "  A better play, if there is one, scores at most 1 point more."


def test_a_bound_over_twice_the_play_is_called_loose(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    unproved(monkeypatch, lambda total: total + 44_626)
    lines = best_lines(runner)
    assert lines[1].endswith(f"no play scores more than {int(lines[1].split()[2]) + 44_626:,})")
    assert lines[2] == ("  A better play, if there is one, scores at most 44,626 points more: a loose bound, as the "
                        "search was cut short.")


def test_a_bound_equal_to_the_play_says_no_play_scores_more(runner: CliRunner,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    unproved(monkeypatch, lambda total: total)
    lines = best_lines(runner)
    assert lines[1].endswith(" points (best possible: no play scores more, though the search stopped before it "
                             "finished)")
    assert "not proved" not in "\n".join(lines) and "at most" not in "\n".join(lines)


def test_an_unknown_bound_is_said_to_be_unknown(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    unproved(monkeypatch, None)
    lines = best_lines(runner)
    assert lines[1].endswith(" points (best found before the time limit, not proved best)")
    assert lines[2] == "  No bound is known on how much more a better play could score."
    assert "None" not in "\n".join(lines)


def test_the_json_answer_keeps_optimal_and_bound_for_the_gap(runner: CliRunner,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # The JSON is POST /v1/best's (api/schemas.py's BestResponse): no field of the CLI's own; the gap is
    # bound - plays[0].total when optimal is false, as the page computes it.
    unproved(monkeypatch, lambda total: total + 14)
    data = json.loads(runner.invoke(main, ["best", "--hand", HAND, "--motif", "assonance", "--json"]).stdout)
    assert data["optimal"] is False and data["bound"] - data["plays"][0]["total"] == 14 and "gap" not in data


def test_a_search_cut_short_by_its_time_limit_says_how_far_its_bound_is(runner: CliRunner) -> None:
    result = runner.invoke(main, ["best", "--hand", "wild1 wild2 wildvowel1 doublewild1 e1 a1 t1 s1 r1 n1 o1 i1 l1 "
                                  "d1 c1 m1", "--motif", "assonance", "--motif", "hermit", "--time-limit", "0.05",
                                  "--top", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    if "(best possible" in lines[1]:
        pytest.skip("the search finished (or its bound met its play) within 0.05 s")
    total, bound = int(lines[1].split()[2]), int(lines[1].rsplit(" ", 1)[1].rstrip(")").replace(",", ""))
    assert bound > total
    assert lines[2].startswith(f"  A better play, if there is one, scores at most {bound - total:,} point")
