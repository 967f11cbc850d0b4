"""An instant command line (issue 13): each command imports only what it needs, and help says what it said.

The figures are measured by ``python benchmarks/startup.py``; these tests hold the import structure that
makes them possible, and the help text that the lazy loading must not change.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from novelty.cli.games import COMMAND_NAMES
from novelty.cli.main import COMMANDS, LazyGroup, main, short_help
from novelty.games import games

HEAVY = ("pydantic", "flask", "flask_openapi3", "novelty.inputs", "novelty.scoring", "novelty.solver",
         "novelty.rounds", "novelty.games", "duckdb", "matplotlib", "novelty.store", "novelty.balance")


def modules_after(code: str, site: bool = True) -> set[str]:
    """Return the modules a fresh interpreter holds after running ``code``.

    Without ``site`` it starts with ``-S`` and this interpreter's ``sys.path``: no ``.pth`` file runs (some
    sandboxes' load pathlib, re and more at every start), as on a fresh machine.
    """
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    options = [] if site else ["-S"]
    if not site:
        probe = f"import sys\nsys.path[:] = {sys.path!r}\n{probe}"
    done = subprocess.run([sys.executable, *options, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    """Return the modules of ``HEAVY`` (or inside them) among ``modules``."""
    return sorted(m for m in modules if any(m == h or m.startswith(f"{h}.") for h in HEAVY))


def test_importing_novelty_and_the_cli_pulls_in_neither_pydantic_nor_flask() -> None:
    modules = modules_after("import novelty\nimport novelty.cli.main")
    assert "novelty.cli.main" in modules
    assert heavy(modules) == []
    assert "novelty.catalog" not in modules and "novelty.lexicon" not in modules  # `import novelty` is light


@pytest.mark.parametrize("args", [["--help"], ["check", "quixotic"], ["anagram", "quixot?c", "--json"]])
def test_help_check_and_anagram_import_nothing_of_the_scoring_engine(args: list[str]) -> None:
    run = (f"from novelty.cli.main import main\ntry:\n    main({args!r}, standalone_mode=False)\n"
           "except SystemExit:\n    pass")
    assert heavy(modules_after(run)) == []


#: What a warm check or anagram no longer loads beyond click, with what each cost a fresh interpreter (issue 13,
#: millions of instructions of a 195 M check): pathlib 16 (with urllib.parse and ipaddress), dataclasses 3.6
#: (and 4.2 to create each frozen dataclass), string 2.6, mmap and array (the step index, check only) 1.
LIGHT = {"check": {"pathlib", "dataclasses", "string", "unicodedata", "novelty.steps", "mmap", "array"},
         "anagram": {"pathlib", "dataclasses", "string", "unicodedata"}}


@pytest.mark.parametrize(("args", "spared"), [(["check", "quixotic", "xqzv"], LIGHT["check"]),
                                              (["check", "quixotic", "--json"], LIGHT["check"]),
                                              (["anagram", "quixot?c"], LIGHT["anagram"])])
def test_a_word_check_loads_neither_pathlib_nor_dataclasses(args: list[str], spared: set[str]) -> None:
    run = f"from novelty.cli.main import main\nfor _ in range(2):  # the second is warm\n    try:\n" \
          f"        main({args!r}, standalone_mode=False)\n    except SystemExit:\n        pass"
    added = modules_after(run, site=False) - modules_after("import click", site=False)
    assert "novelty.lexicon" in added
    assert added & spared == set()


def test_the_public_names_of_novelty_still_resolve() -> None:
    import novelty

    for name in novelty.__all__:
        assert getattr(novelty, name).__name__ == name
    assert novelty.lexicon.open_lexicon is novelty.open_lexicon  # submodules it used to load stay reachable


def test_every_command_is_in_the_table_and_every_game_has_one() -> None:
    ctx = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert isinstance(command, click.Command) and command.name == name
    assert set(COMMAND_NAMES.values()) <= set(COMMANDS)
    assert set(COMMAND_NAMES) == set(games())


@pytest.mark.parametrize("limit", [20, 45, 60, 72, 200])
def test_each_help_line_in_the_table_is_the_commands_own(limit: int) -> None:
    ctx = click.Context(main)
    for name, (_, help_line) in COMMANDS.items():
        command = main.get_command(ctx, name)
        assert command is not None
        assert short_help(help_line, limit) == command.get_short_help_str(limit), name
        assert command.help is not None and command.help.startswith(help_line), name


def test_help_is_the_page_click_writes_with_every_command_loaded(runner: CliRunner,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    lazy = runner.invoke(main, ["--help"])
    assert lazy.exit_code == 0
    assert [line.split()[0] for line in lazy.stdout.split("Commands:\n")[1].splitlines()] == sorted(COMMANDS)
    monkeypatch.setattr(LazyGroup, "format_commands", click.Group.format_commands)  # click's own: loads each
    assert runner.invoke(main, ["--help"]).stdout == lazy.stdout


@pytest.mark.parametrize("name", ["tragedy-of-othello", "Othello", "stage_blood"])
def test_a_game_is_still_found_by_its_id_or_alias(runner: CliRunner, name: str) -> None:
    result = runner.invoke(main, [name, "--help"])
    assert result.exit_code == 0 and "(2-6 players" in result.stdout


def test_an_unknown_command_is_still_refused(runner: CliRunner) -> None:
    result = runner.invoke(main, ["nosuch"])
    assert result.exit_code == 2 and "No such command 'nosuch'" in result.stderr


def test_python_m_cli_main_runs_every_command() -> None:
    # test_serve.py falls back on it. The scoring and game commands used to register on `novelty.cli.main.main`, a
    # second copy of the module, not on `__main__.main`: `python -m novelty.cli.main round` said "No such command".
    done = subprocess.run([sys.executable, "-m", "novelty.cli.main", "round", "examples/round.json"],
                          capture_output=True, text=True, check=False, cwd=Path(__file__).parent.parent)
    assert done.returncode == 0 and "Motifs: assonance" in done.stdout


def test_a_warm_check_loads_no_platformdirs_and_hashes_the_list(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # platformdirs (with tempfile, shutil, bz2, lzma, random) costs a tenth of a check. hashlib (OpenSSL) once
    # stayed out too, the list's digest taken from a note while its mtime held; since issue 26 every process
    # hashes the list it answers from (about 4 ms), and checks the cached trie's seal before using it.
    # (tempfile is left out: some sites load it at start-up, in a .pth file.)
    monkeypatch.delenv("NOVELTY_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    run = ("from novelty.cli.main import main\ntry:\n    main(['check', 'quixotic'], standalone_mode=False)\n"
           "except SystemExit:\n    pass")
    assert "hashlib" in modules_after(run)  # a cold start compiles the list into $XDG_CACHE_HOME/novelty
    assert list((tmp_path / "novelty").glob("twl06-*.marisa"))
    warm = modules_after(run)  # the very next start is warm
    assert "platformdirs" not in warm and {"hashlib", "novelty.cachefile"} <= warm


def command_paths(group: click.Group, ctx: click.Context, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Return the path of every command under ``group`` (``("advise", "draft")``...), groups included."""
    paths = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        paths.append((*prefix, name))
        if isinstance(command, click.Group):
            paths += command_paths(command, click.Context(command, parent=ctx, info_name=name), (*prefix, name))
    return paths


PATHS = [(), *command_paths(main, click.Context(main, info_name="novelty"))]


def test_the_help_walk_reaches_every_subcommand() -> None:
    assert ("advise", "draft") in PATHS and ("stage-blood", "resolve") in PATHS and len(PATHS) > 25


@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "novelty")
def test_every_help_page_runs_with_warnings_as_errors(path: tuple[str, ...]) -> None:
    # A fresh interpreter with -W error: a deprecated name of click (or any dependency) on the help path, at
    # import or at run time, fails here before a user's newer click removes it (issue 21).
    done = subprocess.run([sys.executable, "-W", "error", "-m", "novelty.cli.main", *path, "--help"],
                          capture_output=True, text=True, check=False, cwd=Path(__file__).parent.parent)
    assert (done.returncode, done.stderr) == (0, ""), path
    assert done.stdout.startswith("Usage: ")


def test_the_command_list_shows_whole_summaries_and_every_games_full_name(runner: CliRunner) -> None:
    # Issue 27: click's summary stops at a sentence's end, which "e.g." looked like ("its cards, e.g.").
    page = runner.invoke(main, ["--help"], terminal_width=200).stdout
    assert 'score        Score one player\'s play: each WORD is its cards by id, as in "th2 e4 wild4=m e1".' in page
    assert "The Tragedy of Othello (2-6 players; also tragedy-of-othello): score." in page
    assert "Exit status 0 when every word is playable, 1 when one is not, 2 for bad input" in \
        runner.invoke(main, ["check", "--help"]).stdout.replace("\n  ", " ")
