"""Shared scoring helpers: ties, winners, rankings, majority awards, labelled tallies, thresholds.

Used by Novelty's round motifs and game totals and by the four theatre games' scorers
(``novelty.games``): each scorer is its game's rules written over these.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


def all_max(items: Iterable[T], key: Callable[[T], float]) -> list[T]:
    """Return every item whose key is the largest (all of them when tied); [] for no items."""
    items = list(items)
    if not items:
        return []
    best = max(key(i) for i in items)
    return [i for i in items if key(i) == best]


def all_min(items: Iterable[T], key: Callable[[T], float]) -> list[T]:
    """Return every item whose key is the smallest (all of them when tied); [] for no items."""
    return all_max(items, lambda i: -key(i))


def winners(scores: Mapping[K, float]) -> list[K]:
    """Return the players with the highest score; ties share the win."""
    return all_max(scores, key=lambda k: scores[k])


def ranking(scores: Mapping[K, float]) -> list[tuple[int, K, float]]:
    """Return (rank, player, score) best first; tied players share a rank (1, 2, 2, 4)."""
    ordered = sorted(scores.items(), key=lambda kv: -kv[1])
    out: list[tuple[int, K, float]] = []
    for i, (player, score) in enumerate(ordered):
        rank = out[-1][0] if out and out[-1][2] == score else i + 1
        out.append((rank, player, score))
    return out


@dataclass(frozen=True, slots=True)
class LineItem:
    """One labelled line of a player's score: what it is for, and the points."""

    label: str
    points: int
    detail: str = ""
    """How it was counted (``7 intrigue tokens ÷ 3``), or empty."""

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points, "detail": self.detail or None}


@dataclass
class Tally:
    """A player's score as labelled line items."""

    name: str
    items: list[LineItem] = field(default_factory=list)

    def add(self, label: str, points: int, detail: str = "") -> None:
        """Add a line (lines worth nothing are kept too: they show a rule was checked)."""
        self.items.append(LineItem(label, points, detail))

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "items": [i.to_dict() for i in self.items], "total": self.total}


def split_evenly(points: int, ways: int) -> int:
    """Return each share when ``ways`` players divide ``points`` as evenly as possible, the odd points dropped."""
    return points // ways


def majority_awards(counts: Mapping[K, int], awards: Sequence[int]) -> dict[K, int]:
    """Return the points each player earns for having the most (``awards[0]``), second-most, ... of something.

    Players with none earn nothing. Players tied for a place share the awards of every place their
    tie covers (two tied for first divide first and second), each share rounded down.
    """
    ordered = sorted((k for k in counts if counts[k] > 0), key=lambda k: -counts[k])
    out: dict[K, int] = {k: 0 for k in counts}
    place = 0
    while place < len(ordered) and place < len(awards):
        tied = [k for k in ordered if counts[k] == counts[ordered[place]]]
        pool = sum(awards[place:place + len(tied)])
        for k in tied:
            out[k] = split_evenly(pool, len(tied))
        place += len(tied)
    return out


def first_to_the_left(seats: Sequence[K], after: K, candidates: Iterable[K]) -> K:
    """Return the first of ``candidates`` met going left (on through the seating order) from ``after``."""
    wanted = set(candidates)
    start = seats.index(after)
    for step in range(1, len(seats) + 1):
        seat = seats[(start + step) % len(seats)]
        if seat in wanted:
            return seat
    raise ValueError("no candidate is seated")


def meets_threshold(total: int, needed: int) -> bool:
    """Return whether ``total`` reaches ``needed`` (equal counts)."""
    return total >= needed
