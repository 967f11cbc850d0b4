"""Learned draft values (issue 22): what each card kind is worth to a hand, learned from self-play.

In the spirit of the leave values of Scrabble engines (Macondo derives its values from millions of self-play
games), each card kind gets one number: the points it adds, on average, to the round score of the hand that
holds it. They are the coefficients of a ridge regression of every (round, player)'s score on the count of each
kind in the hand played from: a linear model, so a value reads as "points per card", and the ridge pulls the
kinds seen rarely towards the average card instead of letting one lucky game set them.

The table shipped in ``novelty/data/draft_values.json`` is made by ``python tools/draft_values.py`` (self-play
games of the ``greedy`` policy, then :func:`learn`); :func:`draft_values` reads it. Decision help uses it to model
how the other players draft (:func:`novelty.advise.draft_pick`) and as its instant first answer.
"""

from __future__ import annotations

import functools
import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

RIDGE = 20.0
"""The ridge penalty: as if each kind had been seen in this many more hands, adding the average card's points."""

TABLE_KIND = "novelty draft values 1"


def learn(samples: Iterable[tuple[Mapping[str, int], float]], kinds: Sequence[str], ridge: float = RIDGE
          ) -> dict[str, float]:
    """Return each kind's value: the ridge regression of the scores on the counts of each kind in the hands.

    ``samples`` are (hand as counts by kind, round score). The intercept is not penalised; the penalty pulls a kind
    towards the mean points per card of all hands (not towards 0), so a rare kind reads as an average card."""
    index = {k: i for i, k in enumerate(kinds)}
    n = len(kinds)
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    sums, total_y, count, cards = [0.0] * n, 0.0, 0, 0.0
    rows = []
    for hand, score in samples:
        row = [(index[k], float(c)) for k, c in hand.items() if c and k in index]
        rows.append((row, float(score)))
        count += 1
        total_y += score
        cards += sum(c for _, c in row)
        for i, c in row:
            sums[i] += c
    if count < 2:
        raise ValueError("learning draft values needs at least two hands")
    mean_x = [s / count for s in sums]
    mean_y = total_y / count
    prior = total_y / cards if cards else 0.0  # points per card: what a kind is worth if nothing says otherwise
    for row, score in rows:  # centred cross products
        dy = score - mean_y
        for i, c in row:
            xty[i] += c * dy
            for j, d in row:
                xtx[i][j] += c * d
    for i in range(n):
        for j in range(n):
            xtx[i][j] -= count * mean_x[i] * mean_x[j]
        xtx[i][i] += ridge
    # minimise |y - b - Xw|^2 + ridge |w - prior|^2: with X and y centred, (X'X + ridge I) w = X'y + ridge prior
    weights = _solve(xtx, [xty[i] + ridge * prior for i in range(n)])
    return {k: round(weights[index[k]], 3) for k in kinds}


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Return x with a x = b (Gaussian elimination with partial pivoting; ``a`` is symmetric positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def hands_and_scores(records: Iterable[Any]) -> Iterable[tuple[Counter[str], int]]:
    """Yield (hand played from, round score) for every player of every round of the game records."""
    for record in records:
        for r in record.rounds:
            for player in record.players:
                yield Counter(r.hands[player]), r.scores[player]


TABLE_PATH = os.path.join(os.path.dirname(__file__), "data", "draft_values.json")


@functools.cache
def draft_values() -> dict[str, float]:
    """Return the shipped table: each card kind's value (points it adds to a hand's round score, on average)."""
    with open(TABLE_PATH, encoding="utf-8") as f:
        data = json.load(f)
    return dict(data["values"])


def table_pick(pack: Iterable[str], values: Mapping[str, float] | None = None) -> str:
    """Return the card of ``pack`` the table values most (ties: the first by id)."""
    values = draft_values() if values is None else values
    return max(sorted(set(pack)), key=lambda card: values.get(card, 0.0))
