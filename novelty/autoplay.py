"""Self-play at scale (issue 22): a study plays many games, side by side, each deterministic from its index.

A :class:`Study` names what is played: the number of players, the games, the policies (one for every seat, or
one per seat, the seats rotating from game to game so every policy sits everywhere equally), the seed, the word
list and the house rules. Game ``i`` is played from :func:`~novelty.selfplay.game_seed` ``(seed, i)`` alone, so
the games are the same whichever worker plays them, in whatever order, on however many machines.

:func:`play_games` hands the games still to play to workers and yields each finished game as it arrives; the
caller stores it at once (a crash or Ctrl-C then loses no finished game) and can start again later with the
games not yet stored. Three ways to run: in this process (one worker), local worker processes, or a Dask
distributed cluster (``--cluster ADDRESS``). Nothing here reads or writes files.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from novelty.errors import RuleError
from novelty.lexicon import Lexicon, open_lexicon
from novelty.policies import policy
from novelty.selfplay import GameRecord, game_seed, play_game
from novelty.variant import STANDARD, Variant

MAX_GAMES = 10_000_000
IN_FLIGHT = 4
"""Games handed to each worker ahead of time: enough to keep it busy, few enough to keep memory flat."""
STUDY_KIND = "novelty self-play study 1"


@dataclass(frozen=True, slots=True)
class Study:
    """What a study plays; stored with its games, so that running it again continues it."""

    players: int
    games: int
    policies: tuple[str, ...]
    seed: int = 0
    dictionary: str = "twl"
    variant: dict[str, Any] | None = None
    """The house rules (a variant file's contents), None for the rulebook's."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise RuleError(f"a game needs 2 to 6 players, not {self.players}")
        if not 1 <= self.games <= MAX_GAMES:
            raise RuleError(f"games must be from 1 to {MAX_GAMES:,}, not {self.games}")
        if len(self.policies) not in (1, self.players):
            raise RuleError(f"give one policy for every seat or one per seat ({self.players}), "
                            f"not {len(self.policies)}")
        for name in self.policies:
            policy(name)  # an unknown one is refused now, by name, not in a worker later

    def seats(self, index: int) -> list[str]:
        """Return the policy in each seat of game ``index``: the list rotated one seat a game."""
        if len(self.policies) == 1:
            return list(self.policies) * self.players
        shift = index % self.players
        return list(self.policies[shift:] + self.policies[:shift])

    def names(self) -> list[str]:
        return [f"P{n}" for n in range(1, self.players + 1)]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": STUDY_KIND, **asdict(self), "policies": list(self.policies)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Study:
        fields = {k: v for k, v in data.items() if k != "kind"}
        return cls(**{**fields, "policies": tuple(fields["policies"])})


_lexicons: dict[str, Lexicon] = {}


def play_one(study: Study, index: int) -> tuple[int, dict[str, Any]]:
    """Play game ``index`` of the study and return its record as data (what a worker sends back)."""
    lexicon = _lexicons.get(study.dictionary)
    if lexicon is None:
        lexicon = _lexicons[study.dictionary] = open_lexicon(study.dictionary)
    record = play_game(study.names(), [policy(name) for name in study.seats(index)], lexicon,
                       game_seed(study.seed, index), variant_of(study))
    return index, record.to_dict()


def variant_of(study: Study) -> Variant:
    """Return the house rules a study plays by."""
    return STANDARD


def play_games(study: Study, todo: Iterable[int], workers: int = 1, cluster: str | None = None
               ) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (index, record data) for each game of ``todo`` as it finishes, in any order."""
    todo = list(todo)
    if cluster is not None:
        yield from _on_cluster(study, todo, cluster)
    elif workers <= 1:
        for index in todo:
            yield play_one(study, index)
    else:
        yield from _in_processes(study, todo, workers)


def _in_processes(study: Study, todo: list[int], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    # spawn, not fork: a forked copy of a process that has started threads may hang
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        pending: set[concurrent.futures.Future[tuple[int, dict[str, Any]]]] = set()
        queue = iter(todo)
        try:
            while True:
                for index in queue:
                    pending.add(pool.submit(play_one, study, index))
                    if len(pending) >= workers * IN_FLIGHT:
                        break
                if not pending:
                    return
                done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def _on_cluster(study: Study, todo: list[int], address: str) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuleError("--cluster needs Dask distributed: pip install 'novelty[cluster]'") from None
    try:
        client = Client(address, timeout=10, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RuleError(f"cannot reach the cluster at {address!r}: {exc}") from None
    try:
        width = max(1, sum(client.nthreads().values()))
        queue = iter(todo)
        running = as_completed([client.submit(play_one, study, i, pure=False) for i in _take(queue, width * IN_FLIGHT)])
        for future in running:
            yield future.result()
            for index in _take(queue, 1):
                running.add(client.submit(play_one, study, index, pure=False))
    finally:
        client.close()


def _take(queue: Iterator[int], n: int) -> list[int]:
    return [index for index, _ in zip(queue, range(n), strict=False)]


def default_workers() -> int:
    """Return the local worker processes to use by default: one per processor."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def record_of(data: dict[str, Any]) -> GameRecord:
    from novelty.selfplay import record_from_dict

    return record_from_dict(data)
