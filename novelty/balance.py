"""Is the game balanced? The statistics of a self-play study (issue 22), from its counts: no I/O, no plotting.

A study's store (:mod:`novelty.store`) counts what a designer asks of thousands of games into :class:`Tallies`;
:func:`analyse` turns them into estimates with 95% intervals and tests, and flags what stands out:

- a card kind: how often it is picked when offered, how early, what it is worth in a word, and whether the players
  who drafted it won more often than those who did not. With the ``random`` policy drafting is a coin toss, so a
  difference in win rate is the card's own doing; with a policy that chooses, it is partly the policy's.
- a motif: a player's round score in rounds with it against rounds without.
- the scores, the seats and the margins of victory.

Definitions (every figure of the report is one of these):

- **win rate**: a game won counts 1, a win shared by k players counts 1/k to each, so the win rates of a game's
  players sum to 1 and a fair seat wins 1/players of its games.
- **pick rate**: of the times a copy of the card lay in a pack a player chose from (two cards or more: the last
  card of a pack is no choice), the share in which that copy was the one taken. Cards dealt to a hand are not
  offered. Under the ``random`` policy a card's pick rate is about the mean of 1/pack size.
- **pick position**: the mean pick number (1 to 8) at which the card was drafted, the last forced pick included.
- **points**: the card's value in a word after card effects and motifs, over every use of it in a scoring word.
- **drafted**: the player drafted at least one copy in the game (a dealt copy is not drafted).

Intervals: Wilson's score interval for a rate, Newcombe's (from the two Wilson intervals) for a difference of rates,
Student's t for a mean, Welch's for a difference of means. Tests: the two-proportion z test for a card's win rate,
Welch's t test for a motif; each family (cards, motifs) is corrected for multiple comparisons by Benjamini and
Hochberg's procedure, and a card or motif is **flagged** when its adjusted p-value is below :data:`ALPHA`.

A motif's test takes the round, not the player, as its unit (the mean of the players' scores in that round): the
players of one round share its motifs and deal, so their scores are not independent draws; the means and standard
deviations shown are of the players' round scores. A card's win-rate test takes the player-game as its unit; the
players of one game are not independent either (their win rates sum to 1), which the test does not correct for.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from statistics import NormalDist
from typing import Any

ALPHA = 0.05
"""The false discovery rate a family of tests is held to, and one less the confidence of every interval."""
Z = NormalDist().inv_cdf(1 - ALPHA / 2)
"""The normal quantile of a two-sided 95% interval (1.959964...)."""
REPORT_KIND = "novelty balance 1"
"""The ``report`` field of the JSON answer: what it is, and the version of its layout."""


# --- The counts a study's store gives -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sums:
    """A sample as its count, sum and sum of squares: enough for its mean and standard deviation."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def __sub__(self, other: Sums) -> Sums:
        """Return the sample of ``self`` less the part ``other`` (the rounds without a motif: all less those with)."""
        return Sums(self.n - other.n, self.total - other.total, self.squares - other.squares)

    @property
    def mean(self) -> float | None:
        return self.total / self.n if self.n else None

    @property
    def sd(self) -> float | None:
        """Return the sample standard deviation (n - 1), or None for fewer than two values."""
        if self.n < 2:
            return None
        return math.sqrt(max(0.0, (self.squares - self.total ** 2 / self.n) / (self.n - 1)))


@dataclass(frozen=True, slots=True)
class Wins:
    """Player-games and the wins among them (a shared win counts 1/k to each of its k winners)."""

    n: int = 0
    wins: float = 0.0

    def __sub__(self, other: Wins) -> Wins:
        return Wins(self.n - other.n, self.wins - other.wins)

    @property
    def rate(self) -> float | None:
        return self.wins / self.n if self.n else None


@dataclass(frozen=True, slots=True)
class CardTally:
    """What a study counted of one card kind."""

    card: str
    offered: int = 0
    """Copies lying in a pack a player chose from (two cards or more), summed over every such choice."""
    picked: int = 0
    """Of those, the copies taken."""
    picks: int = 0
    """Every pick of it, the last forced pick of a pack included."""
    positions: int = 0
    """The sum of the pick numbers of those picks."""
    points: Sums = field(default_factory=Sums)
    """Its points in each use in a scoring word."""
    drafted: Wins = field(default_factory=Wins)
    """The player-games that drafted it, and their wins."""


@dataclass(frozen=True, slots=True)
class MotifTally:
    """What a study counted of the rounds with one motif."""

    motif: str
    scores: Sums = field(default_factory=Sums)
    """The players' round scores in those rounds."""
    rounds: Sums = field(default_factory=Sums)
    """Each such round's mean player score: the unit of the motif's test."""


@dataclass(frozen=True, slots=True)
class Tallies:
    """Everything :func:`analyse` needs of a study, as the store counts it."""

    games: int
    players: Wins
    """Every player-game, and the wins (summing to the number of games)."""
    cards: tuple[CardTally, ...]
    motifs: tuple[MotifTally, ...]
    scores: Sums
    """Every player round score."""
    rounds: Sums
    """Every round's mean player score."""
    seats: tuple[Wins, ...]
    """Per seat (0 first, in the record's player order), its games and wins."""
    game_totals: Mapping[int, int]
    """A player's game total -> how many times it occurred."""
    round_scores: Mapping[int, int]
    """A player's round score -> how many times it occurred."""
    margins: Mapping[int, int]
    """A game's margin (the winner's total less the runner-up's) -> how many games."""
    policies: Mapping[str, Wins] = field(default_factory=dict)
    """Per policy, the seats it played and their wins (the policies rotate seats: novelty.autoplay)."""


# --- Statistics --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Interval:
    """A 95% interval."""

    low: float
    high: float

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_list(self) -> list[float]:
        return [self.low, self.high]


def wilson(successes: float, n: int, z: float = Z) -> Interval | None:
    """Return Wilson's score interval for a rate of ``successes`` in ``n`` (None for no trials).

    Unlike the plain p ± z·√(p(1-p)/n) it stays inside [0, 1] and is not zero-width at 0 or n successes.
    """
    if n <= 0:
        return None
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return Interval(0.0 if successes <= 0 else max(0.0, centre - half),
                    1.0 if successes >= n else min(1.0, centre + half))  # exact at the ends, not 1e-17 off


def newcombe(x1: float, n1: int, x2: float, n2: int, z: float = Z) -> Interval | None:
    """Return Newcombe's interval for the difference of two rates, x1/n1 - x2/n2, from their Wilson intervals."""
    a, b = wilson(x1, n1, z), wilson(x2, n2, z)
    if a is None or b is None:
        return None
    p1, p2 = x1 / n1, x2 / n2
    below = math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2)
    above = math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2)
    return Interval(p1 - p2 - below, p1 - p2 + above)


def normal_two_sided(z: float) -> float:
    """Return the two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_z(x1: float, n1: int, x2: float, n2: int) -> tuple[float, float] | None:
    """Return the z statistic and two-sided p-value that two rates are equal (pooled), or None if untestable."""
    if n1 <= 0 or n2 <= 0:
        return None
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return None
    z = (x1 / n1 - x2 / n2) / se
    return z, normal_two_sided(z)


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Return Benjamini-Hochberg adjusted p-values, in the order given: below ALPHA holds the false discovery rate.

    The i-th smallest of m p-values is adjusted to min over j ≥ i of p_(j)·m/j, capped at 1.
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


def _betacf(a: float, b: float, x: float) -> float:
    """Return the continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """Return the regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """Return the two-sided p-value of Student's t statistic ``t`` with ``df`` degrees of freedom."""
    return incomplete_beta(df / 2, 0.5, df / (df + t * t))


def t_quantile(df: float, alpha: float = ALPHA) -> float:
    """Return the t with two-sided p-value ``alpha`` (2.228 for 10 degrees of freedom), by bisection."""
    low, high = 0.0, 1.0
    while t_two_sided(high, df) > alpha:
        low, high = high, high * 2
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if t_two_sided(mid, df) > alpha else (low, mid)
    return (low + high) / 2


def mean_interval(sample: Sums) -> Interval | None:
    """Return Student's t interval for the mean of ``sample`` (None for fewer than two values)."""
    mean, sd = sample.mean, sample.sd
    if mean is None or sd is None:
        return None
    half = t_quantile(sample.n - 1) * sd / math.sqrt(sample.n)
    return Interval(mean - half, mean + half)


@dataclass(frozen=True, slots=True)
class Welch:
    """Welch's comparison of two means: the difference, its interval, and the test that it is zero."""

    difference: float
    interval: Interval
    t: float
    df: float
    p: float


def welch(a: Sums, b: Sums) -> Welch | None:
    """Return Welch's t comparison of the means of ``a`` and ``b`` (None when either has fewer than two values)."""
    if a.sd is None or b.sd is None or a.mean is None or b.mean is None:
        return None
    va, vb = a.sd ** 2 / a.n, b.sd ** 2 / b.n
    se = math.sqrt(va + vb)
    difference = a.mean - b.mean
    if se == 0:
        return None
    df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1))
    t = difference / se
    half = t_quantile(df) * se
    return Welch(difference, Interval(difference - half, difference + half), t, df, t_two_sided(t, df))


@dataclass(frozen=True, slots=True)
class Distribution:
    """A sample of whole numbers as a histogram, with its summary."""

    histogram: tuple[tuple[int, int], ...]
    """(value, how many times), by value."""
    n: int
    mean: float | None
    sd: float | None
    quantiles: tuple[int, ...]
    """Minimum, 10th, 25th, 50th, 75th, 90th percentile, maximum (the lower value where a rank falls between two)."""

    def to_dict(self) -> dict[str, Any]:
        names = ("min", "p10", "p25", "median", "p75", "p90", "max")
        return {"n": self.n, "mean": self.mean, "sd": self.sd, **dict(zip(names, self.quantiles, strict=False)),
                "histogram": [list(pair) for pair in self.histogram]}


QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)


def distribution(counts: Mapping[int, int]) -> Distribution:
    """Return the distribution of a sample given as value -> count."""
    histogram = tuple(sorted((int(v), int(c)) for v, c in counts.items() if c > 0))
    sums = Sums(sum(c for _, c in histogram), float(sum(v * c for v, c in histogram)),
                float(sum(v * v * c for v, c in histogram)))
    quantiles = []
    for q in QUANTILES if histogram else ():
        rank, seen = max(1, math.ceil(q * sums.n)), 0
        for value, count in histogram:
            seen += count
            if seen >= rank:
                quantiles.append(value)
                break
    return Distribution(histogram, sums.n, sums.mean, sums.sd, tuple(quantiles))


def p_text(p: float | None) -> str:
    """Return a p-value as a person reads it: two significant figures, and no 0 (a double's floor is 1e-300)."""
    if p is None:
        return "–"
    return "< 1e-300" if p < 1e-300 else f"{p:.2g}"


# --- The analysis --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rate:
    """A rate with its 95% interval (None where there was nothing to count)."""

    n: int
    rate: float | None
    interval: Interval | None

    @classmethod
    def of(cls, successes: float, n: int) -> Rate:
        return cls(n, successes / n if n else None, wilson(successes, n))

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "rate": self.rate, "ci": self.interval.to_list() if self.interval else None}


@dataclass(frozen=True, slots=True)
class Test:
    """A difference, its 95% interval, the test that it is zero, and whether it stands after the correction."""

    difference: float | None
    interval: Interval | None
    statistic: float | None
    p: float | None
    p_adjusted: float | None = None
    flagged: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"difference": self.difference, "ci": self.interval.to_list() if self.interval else None,
                "statistic": self.statistic, "p": self.p, "p_adjusted": self.p_adjusted, "flagged": self.flagged}


@dataclass(frozen=True, slots=True)
class CardBalance:
    """One card kind's figures."""

    card: str
    pick_rate: Rate
    """Taken when offered (``n`` the offers)."""
    pick_position: float | None
    picks: int
    points: Sums
    points_interval: Interval | None
    drafted: Rate
    """The win rate of the player-games that drafted it (``n`` those player-games)."""
    not_drafted: Rate
    win: Test
    """Drafted less not drafted; the z test."""

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "pick_rate": self.pick_rate.to_dict(), "pick_position": self.pick_position,
                "picks": self.picks, "points": {"n": self.points.n, "mean": self.points.mean, "sd": self.points.sd,
                                                "ci": self.points_interval.to_list() if self.points_interval else None},
                "win_rate_drafted": self.drafted.to_dict(), "win_rate_not_drafted": self.not_drafted.to_dict(),
                "win_rate_difference": self.win.to_dict(), "flagged": self.win.flagged}


@dataclass(frozen=True, slots=True)
class MotifBalance:
    """One motif's figures: players' round scores with it and without it."""

    motif: str
    rounds: int
    """Rounds it was in play."""
    with_: Sums
    without: Sums
    score: Test
    """With less without, on round means; Welch's t test."""

    def to_dict(self) -> dict[str, Any]:
        return {"motif": self.motif, "rounds": self.rounds,
                "with": {"n": self.with_.n, "mean": self.with_.mean, "sd": self.with_.sd},
                "without": {"n": self.without.n, "mean": self.without.mean, "sd": self.without.sd},
                "difference": self.score.to_dict(), "flagged": self.score.flagged}


@dataclass(frozen=True, slots=True)
class Analysis:
    """A study's balance: cards, motifs, seats and scores, with what stands out."""

    games: int
    players: int
    cards: tuple[CardBalance, ...]
    motifs: tuple[MotifBalance, ...]
    seats: tuple[Rate, ...]
    game_totals: Distribution
    round_scores: Distribution
    margins: Distribution
    policies: tuple[tuple[str, Rate], ...] = ()
    """Each policy's win rate over the seats it played, when the study mixes policies."""

    @property
    def flagged_cards(self) -> tuple[CardBalance, ...]:
        """Return the flagged cards, the largest difference in win rate first."""
        return tuple(sorted((c for c in self.cards if c.win.flagged), key=lambda c: -abs(c.win.difference or 0)))

    @property
    def flagged_motifs(self) -> tuple[MotifBalance, ...]:
        return tuple(sorted((m for m in self.motifs if m.score.flagged), key=lambda m: -abs(m.score.difference or 0)))

    def findings(self) -> list[str]:
        """Return what stands out, one plain sentence each: flagged cards, flagged motifs, seats off a fair share."""
        lines = []
        for c in self.flagged_cards:
            assert c.drafted.rate is not None and c.not_drafted.rate is not None
            lines.append(f"{c.card}: its drafters won {c.drafted.rate:.0%} of their games, the others "
                         f"{c.not_drafted.rate:.0%} (adjusted p {p_text(c.win.p_adjusted)})")
        for m in self.flagged_motifs:
            assert m.with_.mean is not None and m.without.mean is not None and m.score.difference is not None
            lines.append(f"{m.motif}: {m.score.difference:+.1f} points a player a round ({m.with_.mean:.1f} with it, "
                         f"{m.without.mean:.1f} without; adjusted p {p_text(m.score.p_adjusted)})")
        for policy, rate in self.policies:
            assert rate.rate is not None
            interval = f" (95% interval {rate.interval.low:.1%} to {rate.interval.high:.1%})" if rate.interval else ""
            lines.append(f"policy {policy}: wins {rate.rate:.1%} of the seats it plays{interval}, where a fair "
                         f"seat wins {1 / self.players:.1%}")
        for seat, rate in self.unfair_seats:
            assert rate.rate is not None and rate.interval is not None
            lines.append(f"seat {seat}: wins {rate.rate:.1%} of its games where a fair seat wins "
                         f"{1 / self.players:.1%} (95% interval {rate.interval.low:.1%} to {rate.interval.high:.1%})")
        return lines

    @property
    def unfair_seats(self) -> tuple[tuple[int, Rate], ...]:
        """Return (seat from 1, win rate) of each seat whose interval leaves out a fair share, 1 / players."""
        fair = 1 / self.players if self.players else 0
        return tuple((i + 1, r) for i, r in enumerate(self.seats) if r.interval is not None and fair not in r.interval)

    def to_dict(self) -> dict[str, Any]:
        """Return the analysis as JSON-ready data (``novelty balance --json``)."""
        return {
            "report": REPORT_KIND, "games": self.games, "players": self.players, "alpha": ALPHA,
            "findings": self.findings(),
            "flagged": {"cards": [c.card for c in self.flagged_cards],
                        "motifs": [m.motif for m in self.flagged_motifs]},
            "cards": [c.to_dict() for c in self.cards],
            "motifs": [m.to_dict() for m in self.motifs],
            "seats": [{"seat": i + 1, "win_rate": r.to_dict()} for i, r in enumerate(self.seats)],
            "policies": [{"policy": p, "win_rate": r.to_dict()} for p, r in self.policies],
            "scores": {"game_totals": self.game_totals.to_dict(), "round_scores": self.round_scores.to_dict()},
            "margins": self.margins.to_dict(),
        }


def card_balance(tally: CardTally, everyone: Wins) -> CardBalance:
    """Return one card's figures before the correction (``everyone``: all player-games and their wins)."""
    others = everyone - tally.drafted
    tested = two_proportion_z(tally.drafted.wins, tally.drafted.n, others.wins, others.n)
    rates = (tally.drafted.rate, others.rate)
    win = Test(rates[0] - rates[1] if rates[0] is not None and rates[1] is not None else None,
               newcombe(tally.drafted.wins, tally.drafted.n, others.wins, others.n),
               tested[0] if tested else None, tested[1] if tested else None)
    return CardBalance(tally.card, Rate.of(tally.picked, tally.offered),
                       tally.positions / tally.picks if tally.picks else None, tally.picks,
                       tally.points, mean_interval(tally.points),
                       Rate.of(tally.drafted.wins, tally.drafted.n), Rate.of(others.wins, others.n), win)


def motif_balance(tally: MotifTally, scores: Sums, rounds: Sums) -> MotifBalance:
    """Return one motif's figures before the correction (``scores``, ``rounds``: every round's, with or without)."""
    without = scores - tally.scores
    tested = welch(tally.rounds, rounds - tally.rounds)
    test = (Test(tested.difference, tested.interval, tested.t, tested.p) if tested
            else Test(None, None, None, None))
    return MotifBalance(tally.motif, tally.rounds.n, tally.scores, without, test)


def corrected(tests: Sequence[Test]) -> list[Test]:
    """Return the tests with Benjamini-Hochberg adjusted p-values and flags (untestable ones left as they are)."""
    tested = [i for i, t in enumerate(tests) if t.p is not None]
    adjusted = benjamini_hochberg([tests[i].p for i in tested])  # type: ignore[misc]
    out = list(tests)
    for i, p in zip(tested, adjusted, strict=True):
        t = tests[i]
        out[i] = Test(t.difference, t.interval, t.statistic, t.p, p, p < ALPHA)
    return out


def analyse(tallies: Tallies) -> Analysis:
    """Return the balance of a study from its counts."""
    cards = [card_balance(t, tallies.players) for t in sorted(tallies.cards, key=lambda t: t.card)]
    cards = [replace(c, win=t) for c, t in zip(cards, corrected([c.win for c in cards]), strict=True)]
    motifs = [motif_balance(t, tallies.scores, tallies.rounds) for t in sorted(tallies.motifs, key=lambda t: t.motif)]
    motifs = [replace(m, score=t) for m, t in zip(motifs, corrected([m.score for m in motifs]), strict=True)]
    return Analysis(tallies.games, len(tallies.seats), tuple(cards), tuple(motifs),
                    tuple(Rate.of(s.wins, s.n) for s in tallies.seats), distribution(tallies.game_totals),
                    distribution(tallies.round_scores), distribution(tallies.margins),
                    tuple((p, Rate.of(w.wins, w.n)) for p, w in sorted(tallies.policies.items()))
                    if len(tallies.policies) > 1 else ())

