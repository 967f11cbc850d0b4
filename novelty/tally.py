"""Shared scoring helpers: ties, winners, majorities. Used by Novelty's round motifs and game totals."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

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
