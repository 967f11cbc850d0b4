"""``novelty autoplay``: play a study of whole games between engine players, storing every game as it finishes."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any

import click

from novelty.cli.common import dict_option, fail, plural

if TYPE_CHECKING:
    from novelty.store import Store, Study

DEFAULT_STORE = "autoplay.duckdb"
BAR_FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt} games [{elapsed}<{remaining} ETA, {rate_fmt}]"


def _policies(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    names = tuple(p.strip() for p in value.split(",") if p.strip())
    if not names:
        raise click.BadParameter("name a policy: random, greedy, engine, or module:attribute")
    return names


@click.command(epilog="Running the same command again continues the study where it stopped. "
                      "`novelty balance STORE` reports on it.")
@click.option("--players", "-n", type=click.IntRange(2, 6), required=True, help="Players in each game (2-6).")
@click.option("--games", "-g", type=click.IntRange(1), required=True, help="Games in the study.")
@click.option("--policy", "-p", "policies", metavar="P[,P...]", required=True, callback=_policies,
              help="The engine player in every seat, or one per seat (rotating one seat a game): random, greedy, "
                   "engine, or module:attribute for your own.")
@click.option("--seed", "-s", type=int, default=0, show_default=True,
              help="The study's seed: game i is played from it and i alone, the same on any machine and any "
                   "number of workers.")
@click.option("--variant", "variant_file", metavar="FILE", default=None, help="House rules (TOML or JSON).")
@dict_option
@click.option("--store", "-o", "store_path", metavar="PATH", default=DEFAULT_STORE, show_default=True,
              help="The results store (DuckDB): each game is written to it as soon as it finishes.")
@click.option("--workers", "-w", type=click.IntRange(1, 64), default=None,
              help="Local worker processes [default: one per processor].")
@click.option("--cluster", metavar="ADDRESS", default=None,
              help="Play on a running Dask distributed scheduler (tcp://host:8786) instead of local workers.")
def autoplay(players: int, games: int, policies: tuple[str, ...], seed: int, variant_file: str | None,
             dict_spec: str | None, store_path: str, workers: int | None, cluster: str | None) -> None:
    """Play a study of whole games between engine players and store every game as it finishes."""
    from novelty.autoplay import default_workers, new_study
    from novelty.store import Store

    variant = _read_variant(variant_file) if variant_file is not None else None
    study = new_study(players, games, policies, seed, _dictionary(dict_spec), variant)
    store, _ = Store.open_or_create(store_path, study)
    try:
        done = store.done()
        todo = [i for i in range(games) if i not in done]
        if not todo:
            click.echo(f"all {plural(games, 'game')} of this study are in {store_path}: nothing to play", err=True)
            return
        workers = 1 if cluster else workers or min(default_workers(), len(todo))
        _play(store, study, todo, workers, cluster, len(done), store_path)
    finally:
        store.close()


def _dictionary(spec: str | None) -> str:
    """Return the word list's name as the study keeps it (a built-in list by its name, a file by its path)."""
    from novelty.lexicon import open_lexicon

    open_lexicon(spec)  # an unknown list is refused now, by name
    return (spec or "twl").lower()


def _read_variant(path: str) -> dict[str, Any]:
    from novelty.cli.common import read_text
    from novelty.variant import parse_variant

    return parse_variant(read_text(path), "standard input" if path == "-" else path).to_dict()


def _play(store: Store, study: Study, todo: list[int], workers: int, cluster: str | None, before: int,
          path: str) -> None:
    import shutil

    from tqdm import tqdm

    from novelty.autoplay import play_games

    started = time.perf_counter()
    stored = 0
    # (a terminal that reports no size, as a new pseudo-terminal does, counts as 80 x 24: tqdm would draw nothing)
    size = shutil.get_terminal_size()
    bar = tqdm(total=before + len(todo), initial=before, unit="game", file=sys.stderr, disable=None,
               ncols=size.columns, nrows=size.lines, smoothing=0.1, bar_format=BAR_FORMAT)
    try:
        for index, record, flat in play_games(study, todo, workers, cluster):
            store.add(index, record, flat)
            stored += 1
            bar.update()
    except KeyboardInterrupt:
        bar.close()
        fail(f"stopped: {plural(before + stored, 'game')} of {study.games:,} are in {path}; "
             f"run the same command again to continue")
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    where = f"on {cluster}" if cluster else f"{plural(workers, 'worker')}"
    click.echo(f"{plural(stored, 'game')} played in {seconds:.1f} s ({stored / seconds:.2f} games/s, {where}); "
               f"{plural(before + stored, 'game')} of {study.games:,} in {path}")
