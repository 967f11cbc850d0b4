"""novelty autoplay (issue 22): a study's games are the same whoever plays them, every finished game is stored at
once, a stopped study continues where it stopped, and bad input is one line and exit 2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from novelty.autoplay import new_study, play_games, seat_policies
from novelty.cli.main import main
from novelty.errors import RuleError
from novelty.store import Store

STUDY = ["--players", "3", "--games", "6", "--policy", "random,greedy,random", "--seed", "3"]


def stored(path: Path) -> dict[int, dict]:
    with Store.open(str(path)) as store:
        return {i: store.record(i).to_dict() for i in sorted(store.done())}


@pytest.fixture(scope="module")
def single(tmp_path_factory) -> dict[int, dict]:
    """The study played in one process, game after game: what every other way of playing it must store."""
    path = tmp_path_factory.mktemp("single") / "one.duckdb"
    result = CliRunner().invoke(main, ["autoplay", *STUDY, "--workers", "1", "--store", str(path)])
    assert result.exit_code == 0, result.output
    assert "6 games played" in result.stdout and f"6 games of 6 in {path}" in result.stdout
    return stored(path)


def test_each_game_is_played_from_the_study_seed_and_its_index_alone(single) -> None:
    study = new_study(3, 6, ["random", "greedy", "random"], seed=3)
    again = {i: record.to_dict() for i, record, _ in play_games(study, [5, 2])}  # another order, a subset
    assert again == {5: single[5], 2: single[2]}
    assert len({json.dumps(r["letter_deck"]) for r in single.values()}) == 6


def test_the_policies_rotate_one_seat_a_game(single) -> None:
    assert [single[i]["policies"] for i in range(3)] == [
        ["random", "greedy", "random"], ["greedy", "random", "random"], ["random", "random", "greedy"]]
    study = new_study(2, 4, ["engine", "greedy"])
    assert [seat_policies(study, i) for i in range(3)] == [["engine", "greedy"], ["greedy", "engine"],
                                                            ["engine", "greedy"]]


def test_two_worker_processes_store_the_same_games(tmp_path: Path, single) -> None:
    path = tmp_path / "two.duckdb"
    result = CliRunner().invoke(main, ["autoplay", *STUDY, "--workers", "2", "--store", str(path)])
    assert result.exit_code == 0, result.output
    assert stored(path) == single


@pytest.mark.parametrize("workers", [1, 2])
def test_every_game_of_a_study_longer_than_the_workers_queue_is_played_once(workers: int) -> None:
    study = new_study(2, 23, ["random"], seed=9)  # more games than 2 workers hold at once
    played = [index for index, _, _ in play_games(study, range(23), workers=workers)]
    assert sorted(played) == list(range(23))


def test_running_again_continues_the_study_and_plays_only_what_is_missing(tmp_path: Path, single) -> None:
    path = tmp_path / "grow.duckdb"
    first = CliRunner().invoke(main, ["autoplay", *STUDY[:2], "--games", "2", *STUDY[4:], "--store", str(path)])
    assert first.exit_code == 0 and "2 games played" in first.stdout
    again = CliRunner().invoke(main, ["autoplay", *STUDY, "--store", str(path)])
    assert again.exit_code == 0 and "4 games played" in again.stdout and "6 games of 6" in again.stdout
    assert stored(path) == single
    done = CliRunner().invoke(main, ["autoplay", *STUDY, "--store", str(path)])
    assert done.exit_code == 0 and "nothing to play" in done.stderr


def test_ctrl_c_keeps_every_finished_game_and_the_same_command_finishes_the_study(tmp_path: Path, single) -> None:
    path = tmp_path / "stopped.duckdb"
    command = [sys.executable, "-m", "novelty.cli.main", "autoplay", *STUDY, "--workers", "2",
               "--games", "400", "--store", str(path)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not path.exists():
        time.sleep(0.2)
    time.sleep(3)  # some games finish, many do not
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2, err
    assert err.startswith("novelty: error: stopped: ") and "run the same command again to continue" in err
    assert "Traceback" not in err
    kept = stored(path)
    assert 0 < len(kept) < 400
    assert all(kept[i] == single[i] for i in kept if i in single)
    finish = CliRunner().invoke(main, ["autoplay", *STUDY, "--store", str(path)])  # 6 games: the first six
    assert finish.exit_code == 0, finish.output
    assert {i: r for i, r in stored(path).items() if i < 6} == single


def test_a_real_dask_cluster_with_two_workers_stores_the_same_games(tmp_path: Path, single) -> None:
    distributed = pytest.importorskip("distributed")
    path = tmp_path / "cluster.duckdb"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=True) as cluster:
        result = CliRunner().invoke(main, ["autoplay", *STUDY, "--cluster", cluster.scheduler_address,
                                           "--store", str(path)])
    assert result.exit_code == 0, result.output
    assert f"on {cluster.scheduler_address}" in result.stdout
    assert stored(path) == single


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "3", "--games", "2", "--policy", "clever"], "unknown policy 'clever'"),
    (["--players", "3", "--games", "2", "--policy", "random,greedy"], "one policy for every seat or one for each"),
    (["--players", "7", "--games", "2", "--policy", "random"], "'--players'"),
    (["--players", "3", "--games", "0", "--policy", "random"], "'--games'"),
    (["--players", "3", "--games", "2", "--policy", "os:nothing"], "cannot load policy 'os:nothing'"),
    (["--players", "3", "--games", "2", "--policy", "random", "--dict", "klingon"], "klingon"),
    (["--players", "3", "--games", "2", "--policy", "random", "--cluster", "tcp://127.0.0.1:9"],
     "cannot reach the cluster at 'tcp://127.0.0.1:9'"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["autoplay", *args, "--store", str(tmp_path / "x.duckdb")])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_store_of_another_study_or_no_store_at_all_is_refused_by_name(tmp_path: Path, single) -> None:
    path = tmp_path / "other.duckdb"
    CliRunner().invoke(main, ["autoplay", *STUDY[:2], "--games", "1", *STUDY[4:], "--store", str(path)])
    other = CliRunner().invoke(main, ["autoplay", *STUDY[:-1], "4", "--store", str(path)])
    assert other.exit_code == 2 and "holds another study: its seed is 3, not 4" in other.stderr
    text = tmp_path / "notes.duckdb"
    text.write_text("my shopping list\n")
    refused = CliRunner().invoke(main, ["autoplay", *STUDY, "--store", str(text)])
    assert refused.exit_code == 2 and str(text) in refused.stderr and "Traceback" not in refused.output


def test_a_terminal_shows_a_progress_bar_with_games_per_second_and_eta(tmp_path: Path) -> None:
    import pty

    path = tmp_path / "bar.duckdb"
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command on a terminal
        os.execvp(sys.executable, [sys.executable, "-m", "novelty.cli.main", "autoplay", "--players", "2",
                                   "--games", "4", "--policy", "random", "--workers", "1", "--store", str(path)])
    screen = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        screen += chunk
    os.waitpid(pid, 0)
    text = screen.decode("utf-8", "replace")
    assert "4/4 games" in text and "game/s" in text and "ETA" in text


def test_a_users_own_policy_plays_from_its_module(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "mypolicies.py").write_text(
        "from novelty.policies import GreedyPolicy\n"
        "class Cautious(GreedyPolicy):\n"
        "    name = 'cautious'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    study = new_study(2, 1, ["mypolicies:Cautious", "random"])
    [(_, record, _)] = list(play_games(study, [0]))
    assert record.policies == ("cautious", "random")
    with pytest.raises(RuleError, match="cannot load policy 'mypolicies:Nobody'"):
        new_study(2, 1, ["mypolicies:Nobody"])


def test_a_study_by_house_rules_keeps_them_and_balance_checks_them(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('name = "Pool of two"\n[game]\npool = 2\n[cards.q2]\npoints = 5\n')
    path = tmp_path / "house.duckdb"
    args = ["autoplay", "--players", "2", "--games", "2", "--policy", "random", "--variant", str(house),
            "--store", str(path)]
    assert CliRunner().invoke(main, args).exit_code == 0
    games = stored(path)
    assert all(r["variant"]["name"] == "Pool of two" for r in games.values())
    assert all([len(e["cards"]) for e in x["events"] if e["motif"] == "variant"] == [2]
               for r in games.values() for x in r["rounds"])
    report = CliRunner().invoke(main, ["balance", str(path), "--json", "--variant", str(house)])
    assert report.exit_code == 0 and json.loads(report.stdout)["study"]["variant"]["name"] == "Pool of two"
    house.write_text('name = "Pool of three"\n[game]\npool = 3\n')
    other = CliRunner().invoke(main, ["balance", str(path), "--variant", str(house)])
    assert other.exit_code == 2 and "was played by 'Pool of two', not by" in other.stderr
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 2 and "holds another study: its variant" in again.stderr


def test_balance_gives_each_policy_of_a_mixed_study_its_win_rate(tmp_path: Path) -> None:
    path = tmp_path / "mixed.duckdb"
    args = ["autoplay", "--players", "2", "--games", "4", "--policy", "greedy,random", "--store", str(path)]
    assert CliRunner().invoke(main, args).exit_code == 0
    report = json.loads(CliRunner().invoke(main, ["balance", str(path), "--json"]).stdout)
    rates = {p["policy"]: p["win_rate"] for p in report["policies"]}
    assert set(rates) == {"greedy", "random"} and all(r["n"] == 4 for r in rates.values())  # each played 4 seats
    assert sum(r["rate"] * r["n"] for r in rates.values()) == pytest.approx(4)  # the four games' wins
