"""The `novelty` command line, used as a player would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from novelty.cli.common import plural
from novelty.cli.main import main


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_check_json_quixotic_qi_xqzv(runner: CliRunner) -> None:
    code, out, _ = run(runner, "check", "quixotic", "qi", "xqzv", "--json")
    data = json.loads(out)
    assert data["dictionary"]["label"] == "TWL06" and data["dictionary"]["words"] == 178_691
    assert len(data["dictionary"]["sha256"]) == 64
    assert data["results"] == [
        {"word": "QUIXOTIC", "in_list": True, "valid": True, "reason": None},
        {"word": "QI", "in_list": True, "valid": False, "reason": "too short"},
        {"word": "XQZV", "in_list": False, "valid": False, "reason": "not in TWL06"},
    ]
    assert code == 1  # not every word is playable


def test_check_exit_zero_when_all_playable(runner: CliRunner) -> None:
    code, out, _ = run(runner, "check", "QUIXOTIC", "theme")
    assert code == 0
    assert "Dictionary: TWL06 (178,691 words" in out and "QUIXOTIC  playable" in out


def test_ch_differs_between_sowpods_and_twl(runner: CliRunner) -> None:
    sowpods = json.loads(run(runner, "check", "ch", "--dict", "sowpods", "--json")[1])
    twl = json.loads(run(runner, "check", "ch", "--dict", "twl", "--json")[1])
    assert sowpods["results"][0]["in_list"] is True and twl["results"][0]["in_list"] is False
    assert sowpods["dictionary"]["words"] == 267_751


def test_check_with_own_list(runner: CliRunner, tmp_path: Path) -> None:
    mine = tmp_path / "house.txt"
    mine.write_text("frobnicate\n")
    code, out, _ = run(runner, "check", "frobnicate", "--dict", str(mine), "--json")
    assert code == 0 and json.loads(out)["dictionary"]["label"] == "house.txt"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "word", "--dict", "nope"], "unknown dictionary 'nope'"),
        (["check"], "Missing argument"),
        (["anagram", "ab1"], "letters must be a-z"),
        (["anagram", "abc", "--min", "0"], "--min"),
        (["cards", "--letter", "zz"], "no cards with letter 'zz'"),
    ],
)
def test_bad_input_is_a_message_on_stderr_and_status_2(runner: CliRunner, args: list[str], message: str) -> None:
    code, out, err = run(runner, *args)
    assert code == 2
    assert message in err and "Traceback" not in err + out


def test_anagram(runner: CliRunner) -> None:
    code, out, _ = run(runner, "anagram", "quixotc?", "--json")
    data = json.loads(out)
    assert code == 0 and data["words"][0] == "QUIXOTIC"  # as check gives its words
    lengths = [len(w) for w in data["words"]]
    assert lengths == sorted(lengths, reverse=True) and min(lengths) >= 4
    code, out, err = run(runner, "anagram", "quixotic", "--min", "7")
    assert out.splitlines()[1:] == ["1 word", " 8: QUIXOTIC"] and err == ""  # results on stdout
    assert out.startswith("Dictionary: TWL06 (178,691 words")


def test_cards_and_motifs(runner: CliRunner) -> None:
    code, out, _ = run(runner, "cards", "--json")
    cards = json.loads(out)
    assert code == 0 and len(cards) == 134 and sum(c["count"] for c in cards) == 168
    code, out, _ = run(runner, "cards", "--letter", "th")
    assert [line.split()[0] for line in out.splitlines()[1:-1]] == ["th1", "th2"]
    assert out.splitlines()[-1] == "2 cards in 2 kinds"
    assert (plural(1, "card"), plural(1_000, "kind"), plural(0, "search", "searches")) == \
        ("1 card", "1,000 kinds", "0 searches")
    code, out, _ = run(runner, "cards", "--letter", "wildvowel", "--json")
    assert [c["id"] for c in json.loads(out)] == ["wildvowel1", "wildvowel2", "wildvowel3"]
    code, out, _ = run(runner, "motifs", "--json")
    motifs = json.loads(out)
    assert len(motifs) == 48 and motifs[3]["id"] == "chekhovs-gun"
    code, out, _ = run(runner, "motifs")
    assert "qfwfq" in out and len(out.splitlines()) == 49 and out.endswith("\n48 motifs\n")


# -- Inputs that should be refused (issue 10) ---------------------------------------------------------------


@pytest.mark.parametrize("words", [[""], ["   "], ["quixotic", ""]])
def test_check_refuses_an_empty_word_as_bad_input(runner: CliRunner, words: list[str]) -> None:
    code, out, err = run(runner, "check", *words)
    assert code == 2 and out == ""
    assert "empty word" in err and "Traceback" not in err


NOT_UTF8 = b'{"players": [{"name": "Ren\xe9e"}]}'  # Latin-1, as an old editor might save it


@pytest.mark.parametrize("command", [["round"], ["game"], ["othello", "score"], ["stage-blood", "resolve"],
                                     ["mood-x", "turn"], ["thespianage", "score"]])
def test_a_file_that_is_not_utf8_is_bad_input(runner: CliRunner, tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(NOT_UTF8)
    code, out, err = run(runner, *command, str(path))
    assert code == 2 and out == ""
    assert f"{str(path)!r} is not UTF-8 text" in err
    assert "internal error" not in err and "Traceback" not in err


def test_standard_input_that_is_not_utf8_is_bad_input(runner: CliRunner) -> None:
    result = runner.invoke(main, ["round", "-"], input=NOT_UTF8)
    assert result.exit_code == 2 and "'-' is not UTF-8 text" in result.stderr
    assert "internal error" not in result.stderr


def test_challenge_refuses_a_player_challenging_their_own_word(runner: CliRunner) -> None:
    code, out, err = run(runner, "challenge", "qi", "--by", "Ann", "--player", "Ann")
    assert code == 2 and out == ""
    assert "'Ann' cannot challenge their own word" in err  # the same words as `novelty round`
    code, out, _ = run(runner, "challenge", "qi", "--by", "Ann", "--player", "Bob")
    assert code == 0 and "Bob scores nothing for it; Ann gains 5" in out


def test_a_file_nested_a_thousand_levels_deep_is_refused_not_a_crash(runner, tmp_path):
    from novelty.cli.main import main
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    for command in (["round", str(deep)], ["game", str(deep)], ["othello", "score", str(deep)]):
        result = runner.invoke(main, command)
        assert result.exit_code == 2, (command, result.output)
        assert "deeper than 32 levels" in result.output


GAME_EXAMPLES = [("othello", "score", "othello.json"), ("othello", "score", "othello-intermission.json"),
                 ("stage-blood", "score", "stage-blood.json"), ("stage-blood", "resolve", "stage-blood-round.json"),
                 ("mood-x", "turn", "mood-x-turn.json"), ("mood-x", "game", "mood-x-game.json"),
                 ("thespianage", "score", "thespianage.json")]


@pytest.mark.parametrize(("game", "action", "example"), GAME_EXAMPLES)
def test_a_game_prints_its_result_and_rulings_on_stdout_in_words(runner: CliRunner, game: str, action: str,
                                                                 example: str) -> None:
    # Results on stdout, diagnostics on stderr (README): `> file` keeps the rulings applied. No Python values.
    code, out, err = run(runner, game, action, str(Path(__file__).parent.parent / "examples" / example))
    assert code == 0 and err == ""
    assert not any(token in out for token in (": True", ": False", ": None", ": ['", ": []"))


def test_a_games_values_read_as_words(runner: CliRunner) -> None:
    examples = Path(__file__).parent.parent / "examples"
    out = run(runner, "stage-blood", "resolve", str(examples / "stage-blood-round.json"))[1]
    assert "season over: no\nfinished: Henry V\n" in out
    out = run(runner, "thespianage", "score", str(examples / "thespianage.json"))[1]
    assert "success: yes\n" in out
    assert "ruling: " in run(runner, "othello", "score", str(examples / "othello.json"))[1]


def test_a_round_ends_with_its_standings_and_winner_as_a_game_does(runner: CliRunner) -> None:
    examples = Path(__file__).parent.parent / "examples"
    round_lines = run(runner, "round", str(examples / "round.json"))[1].splitlines()
    game_lines = run(runner, "game", str(examples / "game.json"))[1].splitlines()
    assert round_lines[-3:] == ["1. Bob                 29", "2. Ann                 16", "Winner: Bob"]
    assert game_lines[-1] == "Winner: Bob" and game_lines[-3].startswith("1. Bob")


SMOKE = [["check", "quixotic"], ["anagram", "retinas", "--min", "7"], ["cards", "--letter", "th"], ["motifs"],
         ["score", "k3 o1 t3 o2", "--motif", "assonance"], ["challenge", "quixotic", "--by", "Ann"],
         ["best", "--hand", "th2 e4 m1 e1 s1 a1 r1 t1", "--top", "1"], ["example"],
         ["advise", "kill-off", "--hand", "th2 e4 m1 e1 s1 a1 r1 t1"]]


@pytest.mark.parametrize("args", SMOKE, ids=lambda args: " ".join(args[:2]))
def test_an_answer_goes_to_stdout_and_nothing_to_stderr(runner: CliRunner, args: list[str]) -> None:
    # The README's rule: results on stdout, diagnostics on stderr; a good answer has no diagnostics.
    code, out, err = run(runner, *args)
    assert code == 0 and out.strip() and err == ""
