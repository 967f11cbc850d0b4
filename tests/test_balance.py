"""Is the game balanced? (issue 22): a study's figures, each statistic checked against values worked by hand or
published, and ``novelty balance``'s report: one offline HTML page, or JSON; a store that is not one is refused."""

from __future__ import annotations

import json
import math
import re
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

from novelty.balance import (
    CardTally,
    MotifTally,
    Sums,
    Tallies,
    Wins,
    analyse,
    benjamini_hochberg,
    distribution,
    newcombe,
    t_quantile,
    t_two_sided,
    two_proportion_z,
    welch,
    wilson,
)
from novelty.cli.main import main
from novelty.lexicon import open_lexicon
from novelty.selfplay import play_game, policy
from novelty.store import Store

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
STUDY = {"players": PLAYERS, "policies": ["random"] * 4, "seed": 7, "games": 8}


def sums(values: list[float]) -> Sums:
    return Sums(len(values), float(sum(values)), float(sum(v * v for v in values)))


# --- The statistics ------------------------------------------------------------------------------------------


def test_wilsons_interval_is_the_published_one() -> None:
    # 8 of 10: p = 0.8, z² = 3.8415; centre (0.8 + 0.19207) / 1.38415 = 0.71681,
    # half 1.95996 / 1.38415 · √(0.016 + 0.0096037) = 0.22652: 0.4902 to 0.9433.
    interval = wilson(8, 10)
    assert interval is not None
    assert (round(interval.low, 4), round(interval.high, 4)) == (0.4902, 0.9433)
    none = wilson(0, 10)  # not zero-width at 0 successes: 0 to z²/(n + z²) = 3.8415 / 13.8415 = 0.2775
    assert none is not None and none.low == 0 and round(none.high, 4) == 0.2775
    assert wilson(0, 0) is None


def test_newcombes_interval_for_a_difference_is_the_published_one() -> None:
    # Newcombe (1998), method 10, his example: 56/70 against 48/80, a difference of 0.2: 0.0524 to 0.3339.
    interval = newcombe(56, 70, 48, 80)
    assert interval is not None
    assert (round(interval.low, 4), round(interval.high, 4)) == (0.0524, 0.3339)


def test_the_two_proportion_z_test_worked_by_hand() -> None:
    # 60/100 against 40/100: pooled 0.5, se √(0.25 · 0.02) = 0.070711, z = 0.2 / 0.070711 = 2.8284;
    # two-sided p = erfc(2.8284 / √2) = erfc(2) = 0.004678.
    z, p = two_proportion_z(60, 100, 40, 100)  # type: ignore[misc]
    assert round(z, 4) == 2.8284 and round(p, 6) == 0.004678
    assert two_proportion_z(0, 10, 0, 10) is None  # nobody won: nothing to test


def test_benjamini_hochberg_worked_by_hand() -> None:
    # Sorted: 0.005 (1), 0.01 (2), 0.03 (3), 0.04 (4); times m/rank: 0.02, 0.02, 0.04, 0.04; then the running
    # minimum from the largest down leaves them so. All four stand at 0.05, where Bonferroni (×4) keeps two.
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    # A later smaller adjusted value caps the earlier: 0.02·3/1 = 0.06 > 0.03·3/2 = 0.045 -> both 0.045.
    assert benjamini_hochberg([0.02, 0.03, 0.9]) == pytest.approx([0.045, 0.045, 0.9])
    assert benjamini_hochberg([]) == []


def t_density(t: float, df: float) -> float:
    return math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi) \
        * (1 + t * t / df) ** (-(df + 1) / 2)


@pytest.mark.parametrize("df", [1, 2.5, 5.88, 30, 200])
@pytest.mark.parametrize("t", [0.3, 1.9, 4.0])
def test_students_t_agrees_with_integrating_its_density(t: float, df: float) -> None:
    # The oracle: Simpson's rule over the density from 0 to t, doubled and taken from 1.
    steps = 2000
    h = t / steps
    area = h / 3 * sum((1 if i in (0, steps) else 4 if i % 2 else 2) * t_density(i * h, df) for i in range(steps + 1))
    assert t_two_sided(t, df) == pytest.approx(1 - 2 * area, abs=1e-9)


def test_the_t_quantiles_are_the_tables() -> None:
    assert round(t_quantile(10), 4) == 2.2281 and round(t_quantile(1), 3) == 12.706
    assert round(t_quantile(30), 4) == 2.0423 and round(t_quantile(1e6), 3) == 1.960


def test_welchs_comparison_worked_by_hand() -> None:
    # 1..5 against 2, 4, .., 10: means 3 and 6, variances 2.5 and 10; se √(2.5/5 + 10/5) = 1.5811, t = -1.8974,
    # df (0.5 + 2)² / (0.5²/4 + 2²/4) = 6.25 / 1.0625 = 5.8824 (R's t.test says the same, p 0.1075).
    result = welch(sums([1, 2, 3, 4, 5]), sums([2, 4, 6, 8, 10]))
    assert result is not None
    assert result.difference == -3 and round(result.t, 4) == -1.8974 and round(result.df, 4) == 5.8824
    assert round(result.p, 4) == 0.1075
    # The interval: -3 ± t(0.975, 5.8824) · se = -3 ± 2.4588 · 1.5811 = -3 ± 3.8877.
    assert (round(result.interval.low, 3), round(result.interval.high, 3)) == (-6.888, 0.888)
    assert welch(sums([1]), sums([2, 3])) is None


def test_a_samples_sums_give_its_mean_and_standard_deviation() -> None:
    values = [31, 44, 27, 60, 38, 38]
    assert sums(values).mean == statistics.mean(values)
    assert sums(values).sd == pytest.approx(statistics.stdev(values))
    assert Sums(1, 5, 25).sd is None and Sums().mean is None


def test_a_distribution_from_its_histogram() -> None:
    dist = distribution({3: 1, 1: 1, 4: 1, 2: 1, 9: 0})
    assert dist.histogram == ((1, 1), (2, 1), (3, 1), (4, 1)) and dist.n == 4 and dist.mean == 2.5
    assert dist.quantiles == (1, 1, 1, 2, 3, 4, 4)  # the lower value where a rank falls between two
    assert distribution({}).n == 0 and distribution({}).quantiles == ()


# --- The analysis of a study ---------------------------------------------------------------------------------


def toy_tallies() -> Tallies:
    """100 games of 4: j2 drafted in 100 player-games that won 40 games, e1 in 100 that won 25."""
    return Tallies(
        games=100, players=Wins(400, 100.0),
        cards=(CardTally("j2", offered=500, picked=100, picks=100, positions=300, points=sums([0, 0, 0, 9]),
                         drafted=Wins(100, 40.0)),
               CardTally("e1", offered=500, picked=100, picks=100, positions=450, points=sums([1, 1, 2, 1]),
                         drafted=Wins(100, 25.0))),
        motifs=(MotifTally("bookkeeper", scores=sums([50, 52, 48, 54, 46, 50, 49, 51]), rounds=sums([51, 49])),),
        scores=sums([50, 52, 48, 54, 46, 50, 49, 51] + [30, 32, 28, 34, 26, 30, 29, 31]),
        rounds=sums([51, 49, 31, 29]),
        seats=(Wins(100, 25.0), Wins(100, 25.0), Wins(100, 30.0), Wins(100, 20.0)),
        game_totals={100: 300, 150: 100}, round_scores={30: 8, 50: 8}, margins={0: 10, 5: 90})


def test_a_card_whose_drafters_win_more_is_flagged_and_one_that_does_not_is_not() -> None:
    analysis = analyse(toy_tallies())
    e1, j2 = analysis.cards  # by id
    # j2: drafters 40/100 = 0.4, the others (100 - 40)/(400 - 100) = 0.2; pooled 0.25, se √(0.1875 · (1/100 +
    # 1/300)) = 0.05, z = 4, p = erfc(4/√2) = 6.334e-5; adjusted for two cards: 1.267e-4 < 0.05.
    assert (j2.drafted.rate, j2.not_drafted.rate) == (0.4, 0.2)
    assert j2.win.difference == pytest.approx(0.2) and j2.win.statistic == pytest.approx(4.0)
    assert j2.win.p == pytest.approx(6.334e-5, rel=1e-3) and j2.win.p_adjusted == pytest.approx(1.267e-4, rel=1e-3)
    assert j2.win.flagged and j2.win.interval is not None and 0 not in j2.win.interval
    # e1: 25/100 against 75/300, the same: no difference, not flagged.
    assert e1.win.difference == 0 and not e1.win.flagged and e1.win.p == 1
    assert j2.pick_rate.rate == 0.2 and j2.pick_position == 3 and e1.pick_position == 4.5
    assert j2.points.mean == 2.25 and analysis.flagged_cards == (j2,)


def test_a_motif_is_compared_round_by_round_and_flagged_when_it_stands_out() -> None:
    analysis = analyse(toy_tallies())
    (motif,) = analysis.motifs
    # Players score 50 on average with it, 30 without; the test takes the rounds' means (51, 49 against 31, 29):
    # a difference of 20, se √(2/2 + 2/2) = 1.414, t = 14.14 with 2 degrees of freedom.
    assert motif.with_.mean == 50 and motif.without.mean == 30 and motif.rounds == 2
    assert motif.score.difference == 20 and motif.score.statistic == pytest.approx(20 / math.sqrt(2))
    assert motif.score.p == pytest.approx(t_two_sided(20 / math.sqrt(2), 2)) and motif.score.flagged


def test_the_seats_and_the_findings_say_what_stands_out() -> None:
    analysis = analyse(toy_tallies())
    assert [s.rate for s in analysis.seats] == [0.25, 0.25, 0.3, 0.2] and analysis.unfair_seats == ()
    findings = analysis.findings()
    assert findings[0].startswith("j2: its drafters won 40% of their games, the others 20%")
    assert findings[1].startswith("bookkeeper: +20.0 points a player a round (50.0 with it, 30.0 without")
    assert len(findings) == 2
    assert analysis.margins.quantiles[3] == 5 and analysis.game_totals.mean == 112.5


# --- novelty balance -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real store of eight games of four random drafters."""
    path = tmp_path_factory.mktemp("study") / "study.duckdb"
    lexicon = open_lexicon("twl")
    with Store.create(path, STUDY) as results:
        for seed in range(8):
            results.add(seed, play_game(PLAYERS, [policy("random")] * 4, lexicon, seed=seed))
    return path


def test_the_report_is_one_page_that_opens_offline_and_leads_with_what_stands_out(store: Path, tmp_path: Path,
                                                                                   runner: CliRunner) -> None:
    out = tmp_path / "report.html"
    result = runner.invoke(main, ["balance", str(store), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("8 games of 4 players; flagged: ") and f"Report: {out}" in result.stdout
    page = out.read_text(encoding="utf-8")
    assert page.count("<svg") >= 6 and "<figcaption>" in page
    assert not re.search(r"<script|<link|<img|<iframe|@import|url\((?!#)", page, re.IGNORECASE)  # url(#clip) is
    # a figure's reference to its own clip path
    references = re.findall(r"(?:src|href)\s*=\s*[\"']([^\"']*)", page, re.IGNORECASE)
    assert references and all(ref.startswith("#") for ref in references)  # only a figure's markers: xlink:href="#m.."
    assert "http://" not in page and "https://" not in page
    assert "<meta name='viewport' content='width=device-width, initial-scale=1'>" in page
    assert page.index("What stands out") < page.index("<svg")


def test_without_an_output_the_report_goes_beside_the_store(store: Path, tmp_path: Path, runner: CliRunner) -> None:
    copy = tmp_path / "mine.duckdb"
    copy.write_bytes(store.read_bytes())
    assert runner.invoke(main, ["balance", str(copy)]).exit_code == 0
    assert (tmp_path / "mine.html").is_file()


def test_json_is_the_figures_with_the_documented_keys(store: Path, tmp_path: Path, runner: CliRunner) -> None:
    result = runner.invoke(main, ["balance", str(store), "--json"], catch_exceptions=False)
    assert result.exit_code == 0 and result.stderr == ""
    out = json.loads(result.stdout)
    assert list(out) == ["report", "study", "games", "players", "alpha", "findings", "flagged", "cards", "motifs",
                         "seats", "policies", "scores", "margins"]
    assert out["report"] == "novelty balance 1" and out["games"] == 8 and out["study"] == STUDY | {
        "dictionary": "twl", "variant": None}
    assert set(out["cards"][0]) == {"card", "pick_rate", "pick_position", "picks", "points", "win_rate_drafted",
                                    "win_rate_not_drafted", "win_rate_difference", "flagged"}
    assert set(out["cards"][0]["win_rate_difference"]) == {"difference", "ci", "statistic", "p", "p_adjusted",
                                                           "flagged"}
    assert set(out["motifs"][0]) == {"motif", "rounds", "with", "without", "difference", "flagged"}
    assert [s["seat"] for s in out["seats"]] == [1, 2, 3, 4]
    assert set(out["scores"]) == {"game_totals", "round_scores"}
    assert set(out["margins"]) == {"n", "mean", "sd", "min", "p10", "p25", "median", "p75", "p90", "max", "histogram"}
    assert sum(count for _, count in out["scores"]["game_totals"]["histogram"]) == 32
    assert not list(tmp_path.iterdir())  # --json alone writes no report


def damaged(store: Path, where: Path, how: str) -> Path:
    data = bytearray(store.read_bytes())
    if how == "truncated":
        data = data[: len(data) // 3]
    else:
        for offset in range(16, len(data), 4096):
            data[offset] ^= 0xFF
    where.write_bytes(bytes(data))
    return where


@pytest.mark.parametrize(("make", "problem"), [
    (lambda store, tmp: tmp / "missing.duckdb", "no results store at '{path}': no such file"),
    (lambda store, tmp: (tmp / "notes.txt", (tmp / "notes.txt").write_text("hello\n"))[0],
     "'{path}' is not a results store: it is not a DuckDB database file"),
    (lambda store, tmp: foreign(tmp / "other.duckdb"),
     "'{path}' is a DuckDB database but not a results store: it has no study table"),
    (lambda store, tmp: damaged(store, tmp / "cut.duckdb", "truncated"), "'{path}' is damaged: "),
    (lambda store, tmp: damaged(store, tmp / "flipped.duckdb", "flipped"), "'{path}' is damaged: "),
    (lambda store, tmp: empty(tmp / "empty.duckdb"), "'{path}' holds no games yet"),
], ids=["missing", "text", "foreign", "truncated", "flipped", "empty"])
def test_what_is_not_a_store_of_games_is_refused_by_name(store: Path, tmp_path: Path, runner: CliRunner,
                                                         make, problem: str) -> None:
    path = make(store, tmp_path)
    result = runner.invoke(main, ["balance", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("novelty: error: " + problem.format(path=path))
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def foreign(path: Path) -> Path:
    import duckdb

    with duckdb.connect(str(path)) as con:
        con.execute("CREATE TABLE measurements (x INTEGER)")
    return path


def empty(path: Path) -> Path:
    Store.create(path, STUDY).close()
    return path
