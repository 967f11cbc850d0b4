"""``novelty autoplay``: play a study of whole games between engine players and store every game."""

from __future__ import annotations

import sys
import time

import click

from novelty.cli.common import dict_option, fail, plural

DEFAULT_STORE = "autoplay.duckdb"


def _policies(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    names = tuple(p.strip() for p in value.split(",") if p.strip())
    if not names:
        raise click.BadParameter("name a policy: random, greedy, engine, or module:attribute")
    return names


@click.command(epilog="Running the same command again continues the study where it stopped.")
@click.option("--players", "-n", type=click.IntRange(2, 6), required=True, help="Players in each game (2-6).")
@click.option("--games", "-g", type=click.IntRange(1), required=True, help="Games in the study.")
@click.option("--policy", "-p", "policies", metavar="P[,P...]", required=True, callback=_policies,
              help="The engine player in every seat, or one per seat (they rotate seats from game to game): "
                   "random, greedy, engine, or module:attribute for your own.")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="The study's seed: game i is played "
              "from it and i alone, so the same study is the same games on any machine and any number of workers.")
@click.option("--variant", "variant_file", metavar="FILE", default=None, help="House rules (TOML or JSON).")
@dict_option
@click.option("--store", "-o", "store_path", metavar="PATH", default=DEFAULT_STORE, show_default=True,
              help="The results store (DuckDB) every finished game is written to at once.")
@click.option("--workers", "-w", type=click.IntRange(1, 64), default=None,
              help="Local worker processes [default: one per processor].")
@click.option("--cluster", metavar="ADDRESS", default=None,
              help="Play on a running Dask distributed scheduler (tcp://host:8786) instead of local workers.")
def autoplay(players: int, games: int, policies: tuple[str, ...], seed: int, variant_file: str | None,
             dict_spec: str | None, store_path: str, workers: int | None, cluster: str | None) -> None:
    """Play GAMES whole games between engine players and store every game as it finishes."""
    from novelty.autoplay import Study, default_workers, play_games
    from novelty.store import Store

    variant = None
    if variant_file is not None:
        from novelty.cli.variants import read_variant_data

        variant = read_variant_data(variant_file)
    study = Study(players, games, policies, seed, (dict_spec or "twl").lower(), variant)
    store, _ = Store.open_or_create(store_path, study.to_dict())
    try:
        done = store.done()
        todo = [i for i in range(games) if i not in done]
        if not todo:
            click.echo(f"{plural(games, 'game')} already in {store_path}: nothing to play", err=True)
            return
        workers = 1 if cluster else workers or min(default_workers(), len(todo))
        _run(store, study, todo, workers, cluster, len(done), store_path)
    finally:
        store.close()


def _run(store: object, study: object, todo: list[int], workers: int, cluster: str | None, before: int,
         path: str) -> None:
    from tqdm import tqdm

    from novelty.autoplay import play_games
    from novelty.selfplay import record_from_dict

    started = time.perf_counter()
    stored = 0
    bar = tqdm(total=before + len(todo), initial=before, unit="game", file=sys.stderr, disable=None,
               dynamic_ncols=True, smoothing=0.1)
    try:
        for index, data in play_games(study, todo, workers, cluster):  # type: ignore[arg-type]
            store.add(index, record_from_dict(data))  # type: ignore[attr-defined]
            stored += 1
            bar.update()
    except KeyboardInterrupt:
        bar.close()
        fail(f"stopped: {plural(before + stored, 'game')} of {study.games:,} stored in {path}; "  # type: ignore[attr-defined]
             f"run the same command again to continue")
    bar.close()
    seconds = time.perf_counter() - started
    click.echo(f"{plural(stored, 'game')} played in {seconds:.1f} s ({stored / seconds:.2f} games/s, "
               f"{plural(workers if not cluster else 0, 'worker') if not cluster else 'cluster ' + cluster}); "
               f"{plural(before + stored, 'game')} in {path}")
