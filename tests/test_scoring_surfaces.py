"""`novelty score/round/game/challenge` and their API mirrors, used as a player or a program would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from novelty.cli.main import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def cli_json(runner: CliRunner, *args: str) -> dict:
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_score_json_shape(runner: CliRunner) -> None:
    data = cli_json(runner, "score", "th2 e4 wild4=m e1", "--motif", "assonance")
    assert data["total"] == 5
    word = data["words"][0]
    assert (word["word"], word["cards"], word["score"], word["valid"], word["reason"]) == (
        "THEME", ["th2", "e4", "wild4=m", "e1"], 5, True, None)
    assert [line["text"] for line in word["breakdown"]][-1] == "assonance +1 to e1: 1→2"


def test_score_human_readable(runner: CliRunner) -> None:
    result = runner.invoke(main, ["score", "k3 o1 t3 o2", "--motif", "assonance"])
    assert "KOTO" in result.stdout and "k3 doubles o1: 2→4" in result.stdout
    assert result.stdout.split()[-2:] == ["TOTAL", "8"]


def test_score_with_hand_counts_unused_cards(runner: CliRunner) -> None:
    data = cli_json(runner, "score", "d1 a3 t3 e3", "--motif", "unseen-character", "--hand", "d1 a3 t3 e3 j1")
    assert data["total"] == 5 - 2


def test_score_notes_motifs_that_do_not_score(runner: CliRunner) -> None:
    result = runner.invoke(main, ["score", "d1 a3 t3 e3", "--motif", "noahs-ark", "--motif", "pangram"])
    assert result.exit_code == 0
    assert "noahs-ark changes drafting" in result.stdout and "pangram needs every player's play" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["score", "zz9 a3"], "unknown card id: 'zz9'"),
    (["score", "wild4 a3"], "a wild needs the letters"),
    (["score", "wildvowel1=t a3"], "not 't'"),
    (["score", "j1 o1 j1"], "j1 used 2 times"),
    (["score", "d1 a3 t3 e3", "--hand", "d1 a3 t3"], "e3 used 1 time but the hand and pool holds 0"),
    (["score", "d1 a3 t3 e3", "--hand", "zz"], "unknown card id: 'zz'"),
    (["score", "d1 a3 t3 e3", "--motif", "nope"], "unknown motif: 'nope'"),
    (["round", "/nonexistent.json"], "cannot read"),
    (["challenge", "word"], "--by"),
])
def test_bad_plays_are_clear_errors(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_bad_round_file(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": [{"name": "Ann", "words": "d1 a3"}]}')
    result = runner.invoke(main, ["round", str(bad)])
    assert result.exit_code == 2 and "players.0.words" in result.stderr
    bad.write_text("{oops")
    result = runner.invoke(main, ["round", str(bad)])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr


def test_round_example(runner: CliRunner) -> None:
    data = cli_json(runner, "round", str(EXAMPLES / "round.json"))
    # Ann lost her challenge: of THEME (5) and ZONES (6), equally short, THEME goes (ruling C2);
    # ZONES 0+1+1+1+1, assonance +2, sesquipedalian +5 = 11, and laconic +5 (one word).
    assert data["scores"] == {"Ann": 16, "Bob": 29}
    assert data["challenges"][0]["word"] == "QUIT" and data["challenges"][0]["challenger_loses_shortest_word"]


def test_game_example(runner: CliRunner) -> None:
    data = cli_json(runner, "game", str(EXAMPLES / "game.json"))
    assert data["totals"] == {"Ann": 23, "Bob": 27} and data["winners"] == ["Bob"]
    result = runner.invoke(main, ["game", str(EXAMPLES / "game.json")])
    assert "Winner: Bob" in result.stdout


def test_challenge(runner: CliRunner) -> None:
    data = cli_json(runner, "challenge", "xqzv", "--by", "Bob")
    assert (data["valid"], data["word_scores"], data["challenger_points"]) == (False, False, 5)
    data = cli_json(runner, "challenge", "quixotic", "--by", "Bob", "--as-printed")
    assert (data["valid"], data["word_scores"], data["challenger_points"], data["reading"]) == (
        True, False, 5, "as-printed")


def test_api_mirrors_the_cli(client, runner: CliRunner) -> None:  # type: ignore[no-untyped-def]
    score = client.post("/v1/score", json={"words": ["k3 o1 t3 o2"], "motifs": ["assonance"]}).get_json()
    assert score == cli_json(runner, "score", "k3 o1 t3 o2", "--motif", "assonance")
    round_body = json.loads((EXAMPLES / "round.json").read_text())
    assert client.post("/v1/round", json=round_body).get_json() == cli_json(runner, "round",
                                                                               str(EXAMPLES / "round.json"))
    game_body = json.loads((EXAMPLES / "game.json").read_text())
    assert client.post("/v1/game", json=game_body).get_json()["winners"] == ["Bob"]
    challenge = client.post("/v1/challenge", json={"word": "xqzv", "by": "Bob"}).get_json()
    assert challenge["challenger_points"] == 5


@pytest.mark.parametrize(("url", "body", "detail"), [
    ("/v1/score", {"words": ["zz9"]}, "unknown card id"),
    ("/v1/score", {"words": ["wild4 a3"]}, "a wild needs the letters"),
    ("/v1/score", {"words": "d1 a3"}, "words"),
    ("/v1/score", {"words": ["d1 a3 t3 e3"], "motifs": ["nope"]}, "unknown motif"),
    ("/v1/score", {"words": ["d1 a3 t3 e3"], "hand": "d1"}, "used 1 time but the hand and pool holds 0"),
    ("/v1/score", {"words": ["d1 a3 t3 e3"] * 30}, "words"),
    ("/v1/round", {"players": []}, "players"),
    ("/v1/round", {"players": [{"name": "A", "words": ["d1 a3 t3 e3"]}],
                   "challenges": [{"by": "B", "player": "A", "word": 1}]}, "unknown player"),
    ("/v1/game", {"rounds": []}, "rounds"),
    ("/v1/game", {"rounds": [{"players": [{"name": "A", "words": ["d1 a3 t3 e3"]}], "dict": "/etc/passwd"}]},
     "rounds.0.dict"),
    ("/v1/challenge", {"word": ""}, "word"),
    ("/v1/challenge", {"word": "x", "dict": "/etc/passwd"}, "dict"),
])
def test_api_bad_input_is_4xx_problem_json(client, url: str, body: dict, detail: str) -> None:  # type: ignore[no-untyped-def]
    response = client.post(url, json=body)
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert detail in response.get_json()["detail"]
