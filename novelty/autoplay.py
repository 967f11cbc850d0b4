"""Self-play at scale (issue 22): a study plays many games, side by side, each deterministic from its index.

A study (:class:`novelty.store.Study`) names what is played: the players, one policy per seat, the seed, the
word list and the house rules. The policies rotate one seat a game (:func:`seat_policies`), so with mixed
policies each sits in every seat equally often. Game ``i`` is played from :func:`~novelty.selfplay.game_seed`
``(seed, i)`` alone, so the games are the same whichever worker plays them, in whatever order, on however many
machines.

:func:`play_games` hands the games still to play to workers and yields each finished game as it arrives, with
its rows for the results store already made (:func:`novelty.flat.flatten`, in the worker); the caller stores it
at once, so a crash or Ctrl-C loses no finished game, and a later run plays only the games not yet stored. Three
ways to run: in this process (one worker), local worker processes, or a Dask distributed cluster. Nothing here
reads or writes files.
"""

from __future__ import annotations

import concurrent.futures
import functools
import multiprocessing
import os
import signal
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from novelty.errors import RuleError
from novelty.flat import FlatGame, flatten
from novelty.lexicon import Lexicon, open_lexicon
from novelty.policies import policy
from novelty.selfplay import GameRecord, game_seed, play_game
from novelty.store import Study
from novelty.variant import STANDARD, Variant, check_players

MAX_GAMES = 10_000_000
IN_FLIGHT = 4
"""Games handed to each worker ahead of time: enough to keep it busy, few enough to keep memory flat."""

Finished = tuple[int, GameRecord, FlatGame]
"""A game played: its index in the study, its record and its rows for the store."""


def new_study(players: int, games: int, policies: Sequence[str], seed: int = 0, dictionary: str = "twl",
              variant: dict[str, Any] | None = None) -> Study:
    """Return the study of ``games`` games between ``players`` players (``P1``, ``P2``...), checking it.

    ``policies`` is one policy for every seat or one per seat; each is checked now (an unknown one is refused by
    name here, not in a worker later)."""
    if not 2 <= players <= 6:
        raise RuleError(f"a game needs 2 to 6 players, not {players}")
    if not 1 <= games <= MAX_GAMES:
        raise RuleError(f"games must be from 1 to {MAX_GAMES:,}, not {games}")
    if len(policies) not in (1, players):
        raise RuleError(f"give one policy for every seat or one for each of the {players} seats, "
                        f"not {len(policies)}")
    for name in policies:
        policy(name)
    seats = tuple(policies) * players if len(policies) == 1 else tuple(policies)
    study = Study(tuple(f"P{n}" for n in range(1, players + 1)), seats, seed, games, dictionary, variant)
    variant_of(study)  # a bad variant is refused now too
    return study


def seat_policies(study: Study, index: int) -> list[str]:
    """Return the policy in each seat of game ``index``: the study's, rotated one seat a game."""
    shift = index % len(study.policies)
    return list(study.policies[shift:] + study.policies[:shift])


def variant_of(study: Study) -> Variant:
    """Return the house rules a study plays by."""
    if study.variant is None:
        return STANDARD
    from novelty.variant import variant_from_data

    variant = variant_from_data(dict(study.variant))
    check_players(variant, len(study.players))
    return variant


_lexicons: dict[str, Lexicon] = {}


def _lexicon(name: str) -> Lexicon:
    if name not in _lexicons:
        _lexicons[name] = open_lexicon(name)
    return _lexicons[name]


def play_one(study: Study, index: int) -> Finished:
    """Play game ``index`` of the study; return it with its rows for the store (what a worker sends back)."""
    lexicon = _lexicon(study.dictionary)
    variant = variant_of(study)
    record = play_game(list(study.players), [policy(name) for name in seat_policies(study, index)], lexicon,
                       game_seed(study.seed, index), variant)
    with variant.active():
        finished = index, record, flatten(record, lexicon)
    _give_back_memory()
    return finished


def _give_back_memory() -> None:
    """Return the C library's free memory to the system (glibc: ``malloc_trim``; elsewhere nothing).

    A search allocates and frees arrays of megabytes; glibc then serves later ones from a heap it does not shrink,
    and a worker's memory grew 11 % from its 100th game to its 400th, flat with this after every game
    (benchmarks/autoplay.py measures a whole study)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Any:
    try:
        import ctypes

        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


def play_games(study: Study, todo: Iterable[int], workers: int = 1, cluster: str | None = None
               ) -> Iterator[Finished]:
    """Yield each game of ``todo`` as it finishes, in any order: in this process (``workers`` 1), in ``workers``
    local processes, or on the Dask distributed scheduler at ``cluster``."""
    todo = list(todo)
    if cluster is not None:
        yield from _on_cluster(study, todo, cluster)
    elif workers <= 1:
        for index in todo:
            yield play_one(study, index)
    else:
        yield from _in_processes(study, todo, workers)


def _quiet_worker() -> None:
    """Leave Ctrl-C to the parent, which stops the study and keeps what is finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_processes(study: Study, todo: list[int], workers: int) -> Iterator[Finished]:
    # spawn, not fork: a forked copy of a process that has started threads may hang
    pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=_quiet_worker)
    pending: set[concurrent.futures.Future[Finished]] = set()
    queue = iter(todo)
    try:
        while True:
            for index in _take(queue, workers * IN_FLIGHT - len(pending)):
                pending.add(pool.submit(play_one, study, index))
            if not pending:
                return
            done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            try:
                finished = sorted((f.result() for f in done), key=lambda game: game[0])
            except concurrent.futures.process.BrokenProcessPool:
                raise RuleError("a worker process died (out of memory, or killed); the games finished are "
                                "stored: run again to continue") from None
            yield from finished
    finally:  # stopped early (Ctrl-C, an error, the caller gone): the games not begun are not played
        pool.shutdown(wait=False, cancel_futures=True)


def _on_cluster(study: Study, todo: list[int], address: str) -> Iterator[Finished]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuleError("--cluster needs Dask distributed: pip install 'novelty[cluster]'") from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RuleError(f"cannot reach the cluster at {address!r}: {exc}") from None
    try:
        width = max(1, sum(client.nthreads().values()))
        queue = iter(todo)
        first = [client.submit(play_one, study, i, pure=False) for i in _take(queue, width * IN_FLIGHT)]
        running = as_completed(first, loop=client.loop)
        for future in running:
            yield future.result()
            for index in _take(queue, 1):
                running.add(client.submit(play_one, study, index, pure=False))
    finally:
        client.close()


def _take(queue: Iterator[int], n: int) -> list[int]:
    """Return the next ``n`` indexes of ``queue`` (fewer at its end), taking no more from it."""
    return [index for _, index in zip(range(max(0, n)), queue, strict=False)]  # (range first: it ends first)


def default_workers() -> int:
    """Return how many local worker processes to use by default: one per processor this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
