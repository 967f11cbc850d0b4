"""Bad input on the command line (issue 26): exit status 2 and a line naming the problem, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from novelty.cli.common import MAX_FILE_BYTES
from novelty.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_an_argument_that_is_not_utf8_is_refused_by_name() -> None:
    # `novelty check $'\xff\xfeabc'` exited 3 ("internal error: UnicodeEncodeError").
    done = subprocess.run([sys.executable, "-m", "novelty.cli.main", "check", os.fsdecode(b"\xff\xfeabc")],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "novelty: error: argument '\\xff\\xfeabc' is not valid UTF-8 text\n"


@pytest.mark.parametrize("args", [["anagram", "\udcff?"], ["score", "k3 o1 t3 \udce9"], ["best", "--hand", "\udcc3"],
                                  ["round", "\udcffround.json"]])
def test_every_command_refuses_arguments_that_are_not_utf8(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2 and "is not valid UTF-8 text" in result.stderr


@pytest.mark.parametrize("command", [["round"], ["game"], ["othello", "score"], ["mood-x", "turn"]])
def test_an_endless_input_file_is_refused_at_the_size_cap(runner: CliRunner, command: list[str]) -> None:
    # `novelty round /dev/zero` read without limit (memory grew 0.4 GB/s).
    result = runner.invoke(main, [*command, "/dev/zero"])
    assert result.exit_code == 2
    assert result.stderr == f"novelty: error: '/dev/zero' is larger than {MAX_FILE_BYTES // 1024} KiB, " \
                            "the most a command reads\n"


def test_standard_input_has_the_same_cap(runner: CliRunner) -> None:
    result = runner.invoke(main, ["round", "-"], input=b" " * (MAX_FILE_BYTES + 1))
    assert result.exit_code == 2 and "larger than" in result.stderr


def test_a_file_at_the_cap_is_read(runner: CliRunner, tmp_path: Path) -> None:
    padded = tmp_path / "round.json"
    text = (ROOT / "examples" / "round.json").read_text(encoding="utf-8")
    padded.write_text(text + " " * (MAX_FILE_BYTES - len(text.encode())), encoding="utf-8")
    assert runner.invoke(main, ["round", str(padded)]).exit_code == 0


def test_the_cap_is_the_apis_body_limit() -> None:
    from novelty.api import MAX_BODY_BYTES

    assert MAX_FILE_BYTES == MAX_BODY_BYTES


def test_a_word_list_past_its_cap_is_refused(runner: CliRunner, tmp_path: Path, monkeypatch) -> None:
    import novelty.lexicon

    monkeypatch.setattr(novelty.lexicon, "MAX_LIST_BYTES", 16)
    big = tmp_path / "big.txt"
    big.write_text("apple\nbanana\ncherry\n")
    result = runner.invoke(main, ["check", "apple", "--dict", str(big)])
    assert result.exit_code == 2 and "is larger than" in result.stderr


@pytest.mark.parametrize(("args", "problem"), [
    (["check", "word", "--dict", "9" * 300], f"unknown dictionary '{'9' * 300}': not one of collins, csw, sowpods, "
                                             "twl, twl06, and no such file"),
    (["round", "/"], "cannot read '/': Is a directory"),
    (["round", "/nonexistent.json"], "cannot read '/nonexistent.json': No such file or directory"),
])
def test_an_unreadable_file_is_named(runner: CliRunner, args: list[str], problem: str) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2 and result.stderr == f"novelty: error: {problem}\n"


@pytest.mark.parametrize(("args", "line"), [
    (["check"], "Missing argument 'WORDS...'; see 'novelty check --help'"),
    (["nosuch"], "No such command 'nosuch'; see 'novelty --help'"),
    (["--bogus"], "No such option '--bogus'; see 'novelty --help'"),
    (["best", "--hand", "a1", "--top", "0"], "Invalid value for '--top': 0 is not in the range 1<=x<=20; "
                                             "see 'novelty best --help'"),
    (["advise", "draft", "--hand", "a1"], "Missing option '--pack'; see 'novelty advise draft --help'"),
])
def test_a_usage_error_is_one_line_naming_the_problem(args: list[str], line: str) -> None:
    # Issue 26: every bad input exits 2 with one line; click's own errors took three (usage, hint, error).
    novelty = Path(sys.executable).with_name("novelty")  # the installed command: its name is in the hint
    done = subprocess.run([str(novelty), *args], capture_output=True, text=True, check=False, cwd=ROOT)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"novelty: error: {line}\n")
