"""Decision help: which card to draft, discard, pass, give or keep, and which letter to name, by the solver.

Vocabulary (see also :mod:`novelty.solver`):

- a **decision** (``decision``) is one of :data:`DECISIONS`: a moment of the round where the player chooses;
- a **choice** (``choice``) is one thing the player may do then (draft ``j1``, discard ``q1 x1``, name ``e``);
  choices that cannot differ (two cards that score exactly alike under the motifs) are one choice, listing
  every card it stands for;
- a **situation** is the hand and pool a choice leads to; its **value** is the total of its best play, found
  by :func:`novelty.solver.solve` (exact unless a time limit cut a search short);
- an **estimate** (:class:`Estimate`) is a Monte Carlo mean over **samples**: cards the player cannot see
  (the deck minus every card they can), dealt at random with a seeded generator, with a 95% confidence
  interval (normal approximation).

Work is saved three ways, none of which changes an answer:

1. **Derived values.** Discarding, passing, giving or sacrificing cards only takes cards away (or moves them
   to the pool), so every play of the new situation is a play of the old one. One search of the old
   situation for its ``DERIVE_TOP`` best plays answers most choices: the best listed play still possible
   (its cards relabelled onto cards still held, hand first) is the new best when no play outside the list
   could beat it; otherwise that choice gets a search of its own.
2. **Racing** (Monte Carlo decisions): every choice is sampled on the same deals (common random numbers) in
   batches; a choice whose difference from the leader is below zero with ``RACE_Z`` standard errors to
   spare stops being sampled (``prune`` False samples every choice to the end).
3. **Threads**: the compiled search releases the GIL, so independent searches run side by side.

The core does no I/O: the answers carry plays as values and time as figures.
"""

from __future__ import annotations

import contextvars
import dataclasses
import itertools
import math
import os
import random
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from novelty.catalog import LETTERS, load_catalog
from novelty.errors import RuleError
from novelty.lexicon import Lexicon
from novelty.limits import Limit
from novelty.options import ADVISE_MAX_SECONDS, ADVISE_SECONDS
from novelty.play import ESCAPED, Play, Word, cards_used
from novelty.scoring import Rules, motif_ids, score_play, score_signature
from novelty.solver import Solution, SolveResult, escaped_choices, solve

DECISIONS = ("draft", "kill-off", "second-chances", "heroic-sacrifice", "merchant-city", "rags-to-riches",
             "recurring-character", "escaped")
"""Every decision, by the name the CLI and the API use."""

MOTIF_TEXT = {
    "kill-off": "After drafting, each player chooses a card to discard from their hand.",
    "second-chances": "After drafting, each player may discard up to three cards and draw an equal number.",
    "heroic-sacrifice": "After drafting, each player adds a card to the common pool from their hand.",
    "merchant-city": "After drafting, each player passes three cards to the player on their right.",
    "rags-to-riches": "After drafting, the player with the lowest score takes a card from the player with the "
                      "highest score and gives a them a card in return.",
    "recurring-character": "Pick a card and carry it over to the next round.",
    "escaped": "After drafting, each player chooses a letter. All cards with that letter become wilds (minor).",
}
"""The motif text each decision answers (as printed in the rulebook)."""

DERIVE_TOP = 10
"""How many best plays the one search of the old situation lists, to answer choices without a search each."""

RACE_Z = 3.0
"""Standard errors by which a choice must trail the leader before racing stops sampling it (3: the
repeated looks at the same samples make 1.96 too eager)."""

TIE = 0.5
"""Points: racing also stops sampling a choice that cannot be this much better than the leader (a near tie,
which more samples would not settle and which cannot matter to the player)."""

CI_Z = 1.96
"""The confidence intervals are 95% (normal approximation)."""

BATCH = 5
"""Samples per choice between two racing checks; no choice is dropped before two batches."""

SCREEN = (1, 8)
"""Second Chances has up to 231 ways to discard: each is first sampled this many times, and this many go on."""

SAMPLE_WORK = 200_000
"""Steps of search one sample may take (about 0.1 s): a rare heavy deal (many wilds) answers with its best play
found. A work limit, not a time limit, so that the same seed gives the same answer on a busy machine too."""

MAX_SAMPLES = 1000
MAX_SECONDS = ADVISE_MAX_SECONDS


# -- answers ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    """A Monte Carlo mean with its 95% confidence interval."""

    mean: float
    low: float | None
    """The interval's ends (None with fewer than two samples)."""
    high: float | None
    samples: int
    unproved: int = 0
    """Samples whose search stopped at its time limit (their value is the best play found, a lower bound)."""
    dropped: bool = False
    """Whether racing stopped sampling this choice early: it trailed the leader, or could not beat it by more than
    :data:`TIE` points."""

    @classmethod
    def of(cls, values: Sequence[float], unproved: int = 0, dropped: bool = False) -> Estimate:
        """Return the estimate from sample values."""
        mean = statistics.fmean(values)
        if len(values) < 2:
            return cls(round(mean, 3), None, None, len(values), unproved, dropped)
        half = CI_Z * statistics.stdev(values) / math.sqrt(len(values))
        return cls(round(mean, 3), round(mean - half, 3), round(mean + half, 3), len(values), unproved, dropped)

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "samples": self.samples,
                "unproved": self.unproved, "dropped": self.dropped}


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice, what it leads to, and how good it is."""

    label: str
    """What the player does, in a few words: ``"draft j1"``, ``"discard q1 x1"``, ``"name e"``."""
    cards: tuple[str, ...]
    """The cards the choice moves (``()`` for keeping every card, a letter's cards for Escaped)."""
    same_as: tuple[str, ...] = ()
    """Other cards that score exactly alike, for which the answer is the same."""
    value: int | None = None
    """The total of the best play the choice leads to (exact decisions)."""
    proved: bool = True
    """Whether ``value`` is proved best (False: a search stopped at its time limit; ``value`` is the best found)."""
    bound: int | None = None
    """No play of this situation scores more (when not proved and known)."""
    play: Solution | None = None
    """The best play the choice leads to (exact decisions; the play *now* for a draft pick)."""
    now: int | None = None
    """For a draft pick: the best play of the hand plus this card (and the pool) as if drafting ended."""
    expected: Estimate | None = None
    """For Monte Carlo decisions: the expected best total."""
    letter: str | None = None
    """For Escaped from Captivity: the letter named (None: a letter on no card)."""

    @classmethod
    def searched(cls, label: str, cards: tuple[str, ...], same_as: tuple[str, ...], result: SolveResult | None,
                 **more: Any) -> Choice:
        """Return the choice valued by a search's best play: its total, whether it is proved, the bound, the play
        (``result`` None: no time was left to search, nothing is known). ``more``: the other fields."""
        if result is None:
            return cls(label, cards, same_as, proved=False, **more)
        top = result.plays[0]
        return cls(label, cards, same_as, value=top.total, proved=result.optimal, bound=result.bound, play=top,
                   **more)

    @property
    def score(self) -> float:
        """Return what the choices are ranked by: the expectation when there is one, else the value."""
        if self.expected is not None:
            return self.expected.mean
        return float(self.value if self.value is not None else -math.inf)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "cards": list(self.cards), "same_as": list(self.same_as),
                "value": self.value, "proved": self.proved, "bound": self.bound, "now": self.now,
                "expected": self.expected.to_dict() if self.expected else None, "letter": self.letter,
                "play": self.play.to_dict() if self.play else None}


@dataclass(frozen=True, slots=True)
class Advice:
    """A decision's answer: the choices best first, what was assumed, and how long it took."""

    decision: str
    choices: tuple[Choice, ...]
    assumed: dict[str, Any]
    """What the answer rests on: motifs, hand, pool, the cards counted unseen, samples and seed..."""
    seconds: float
    proved: bool
    """True when every value is proved (exact decisions) or every sample's search was (Monte Carlo)."""
    notes: tuple[str, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"decision": self.decision, "motif_text": MOTIF_TEXT.get(self.decision),
                "choices": [dict(rank=n, **c.to_dict()) for n, c in enumerate(self.choices, 1)],
                "assumed": self.assumed, "seconds": self.seconds, "proved": self.proved,
                "notes": list(self.notes), "stats": self.stats}


# -- settings shared by every decision ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Setting:
    """What every decision is asked under: the list, the motifs in flip order, the rule switches."""

    lexicon: Lexicon
    motifs: tuple[str, ...] = ()
    rules: Rules = Rules()
    escaped: str | None = None
    time_limit: float = ADVISE_SECONDS
    """Seconds for the whole answer; searches still running then return the best play found so far."""
    workers: int = 0
    """Searches run side by side (0: one per processor, at most 4)."""
    work: int | None = None
    """Search steps each search may take (None: only the time limit stops them). With a work limit and a time
    limit the searches never reach, the answer is the same on any machine (self-play's engine player)."""


class _Work:
    """The searches of one answer: a deadline, counts, a cache of values, and a pool of threads (a context manager:
    leaving it shuts the pool down)."""

    def __init__(self, setting: Setting) -> None:
        if not 0 < setting.time_limit <= MAX_SECONDS:
            raise RuleError(f"time limit must be more than 0 and at most {MAX_SECONDS:g} seconds, "
                            f"not {setting.time_limit}")
        self.setting = setting
        self.started = time.perf_counter()
        self.deadline = self.started + setting.time_limit
        self.motifs = motif_ids(setting.motifs)
        self.signature = signatures(self.motifs)
        self.stats: Counter[str] = Counter()
        self.cache: dict[tuple[Any, ...], SolveResult] = {}
        self.lock = threading.Lock()
        self.workers = setting.workers or min(4, os.cpu_count() or 1)
        self.pool = ThreadPoolExecutor(max_workers=self.workers) if self.workers > 1 else None

    def __enter__(self) -> _Work:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.pool:
            self.pool.shutdown()

    def left(self) -> float:
        return self.deadline - time.perf_counter()

    def key(self, hand: Counter[str], pool: Counter[str], escaped: str | None, top: int) -> tuple[Any, ...]:
        """Return the cache key of a search: hand and pool by class, so cards that score alike share it."""
        sig = self.signature
        return (frozenset(Counter(sig(k) for k in hand.elements()).items()),
                frozenset(Counter(sig(k) for k in pool.elements()).items()), escaped, top)

    def solve(self, hand: Counter[str], pool: Counter[str], *, top: int = 1, escaped: str | None = None,
              use_cache: bool = True, limit: Limit = Limit()) -> SolveResult | None:
        """Return the best plays of a situation, or None when no time was left to start the search.

        ``limit.time``: seconds this search may take at most (the time left always stops it); ``limit.work``: search
        steps (None: the setting's), so that the answer does not depend on the machine's load (the time left still
        stops the search: see :func:`_race`, which drops a sample whose search ended past the deadline)."""
        escaped = escaped if escaped is not None else self.setting.escaped
        work = limit.work if limit.work is not None else self.setting.work
        if self.left() <= 0:  # (before the key: thousands of choices may be left when time runs out)
            return None
        key = self.key(hand, pool, escaped, top)
        if use_cache:
            with self.lock:
                if key in self.cache:
                    self.stats["cached"] += 1
                    return self.cache[key]
        left = self.left()
        if left <= 0:
            return None
        if limit.time is not None:
            left = min(left, limit.time)
        result = solve(self.setting.lexicon, hand, pool, self.motifs, rules=self.setting.rules, escaped=escaped,
                       top=top, time_limit=left, work=work, limits=limit.caps)
        with self.lock:
            self.stats["searches"] += 1
            self.stats["unproved"] += not result.optimal
            if result.optimal and use_cache:
                self.cache[key] = result
        return result

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
        """Return ``fn`` of each item, computed side by side.

        Each item runs in a copy of the caller's context: the pool's threads do not inherit context variables, and
        the catalog in use (a house variant's, :func:`novelty.catalog.use_catalog`) is one."""
        if self.pool is None or len(items) < 2:
            return [fn(item) for item in items]
        contexts = [contextvars.copy_context() for _ in items]  # one each: a context runs in one thread at a time
        return list(self.pool.map(lambda context, item: context.run(fn, item), contexts, items))

    def seconds(self) -> float:
        return round(time.perf_counter() - self.started, 4)


def signatures(motifs: Sequence[str]) -> Callable[[str], tuple[Any, ...]]:
    """Return a function giving a card kind's signature: kinds with equal signatures score exactly alike
    (:func:`novelty.scoring.score_signature`, as the search's classes, but naming no Escaped from Captivity letter:
    a choice names printed cards, and a search's cache key names its letter apart, so the cards of the letter named
    stay apart here where the search makes them one class)."""
    catalog = load_catalog()
    motifs = tuple(motifs)
    known: dict[str, tuple[Any, ...]] = {}

    def signature(ident: str) -> tuple[Any, ...]:
        if ident not in known:
            known[ident] = score_signature(catalog.kinds[ident], motifs)
        return known[ident]

    return signature


def classes(cards: Iterable[str], motifs: Sequence[str]) -> list[list[str]]:
    """Return the kinds among ``cards`` grouped by signature (first seen first; kinds sorted in a group)."""
    sig = signatures(motifs)
    groups: dict[tuple[Any, ...], list[str]] = {}
    for ident in sorted(set(cards), key=id_order):
        groups.setdefault(sig(ident), []).append(ident)
    return list(groups.values())


def id_order(ident: str) -> tuple[int, str, int]:
    """Return the catalog order of an id, a sort key: wilds last, then by letter and number (``e2`` before
    ``e10``)."""
    head = ident.rstrip("0123456789")
    kind = load_catalog().kinds[ident]
    return (kind.wild is not None, head, int(ident[len(head):] or 0))


def deck() -> Counter[str]:
    """Return the letter deck as a multiset of kind ids."""
    return Counter({k.id: k.count for k in load_catalog().kinds.values()})


def unseen_cards(*seen: Counter[str]) -> Counter[str]:
    """Return the deck minus every card seen, refusing more copies of a kind than the deck has."""
    total: Counter[str] = Counter()
    for cards in seen:
        total.update(cards)
    full = deck()
    for ident, n in total.items():
        if n > full[ident]:
            raise RuleError(f"the deck has {full[ident]} of {ident}, not {n} among the cards given")
    return full - total


# -- relabelling a play onto the cards still held -------------------------------------------------------


def relabel(play: Play, hand: Counter[str], pool: Counter[str], motifs: Sequence[str]) -> Play | None:
    """Return ``play`` with each card taken from ``hand`` then ``pool`` among cards that score alike, or None
    when the situation cannot make it (fewer cards of a class than the play takes, or a copy of a class gone).

    Hand cards are taken first, as Unseen Character counts hand cards left unused (ruling M4)."""
    sig = signatures(motifs)
    catalog = load_catalog()
    supply: dict[tuple[Any, ...], list[str]] = {}
    for ident in sorted(hand.elements(), key=id_order) + sorted(pool.elements(), key=id_order):
        supply.setdefault(sig(ident), []).append(ident)
    present = {s: ids[0] for s, ids in supply.items()}
    taken: dict[tuple[Any, ...], int] = Counter()
    words = []
    for word in play.words:
        cards = []
        for card in word.cards:
            if card.kind is None or card.free is not None:
                cards.append(card)
                continue
            s = sig(card.kind.id)
            if card.copy_of is not None:  # a copy takes no card, but needs one of its class held
                if s not in present:
                    return None
                ident = card.kind.id if hand[card.kind.id] + pool[card.kind.id] else present[s]
            else:
                ids = supply.get(s, [])
                if taken[s] >= len(ids):
                    return None
                ident = ids[taken[s]]
                taken[s] += 1
            cards.append(card if ident == card.kind.id else dataclasses.replace(card, kind=catalog.kinds[ident]))
        words.append(Word(tuple(cards)))
    return Play(tuple(words))


def _unused(play: Play, hand: Counter[str], pool: Counter[str]) -> tuple[str, ...]:
    return tuple(sorted((hand + pool - cards_used(play)).elements(), key=id_order))


def rescore(work: _Work, solution: Solution, hand: Counter[str], pool: Counter[str]) -> Solution | None:
    """Return a listed play as played from a new situation (relabelled, scored by the engine), or None."""
    play = relabel(solution.play, hand, pool, work.motifs)
    if play is None:
        return None
    setting = work.setting
    scored = score_play(play, setting.lexicon, work.motifs, hand=hand, pool=pool, rules=setting.rules,
                        escaped=solution.escaped)
    return Solution(play, scored, _unused(play, hand, pool), solution.escaped)


# -- exact decisions: every choice takes cards away ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Option:
    label: str
    cards: tuple[str, ...]
    same_as: tuple[str, ...]
    hand: Counter[str]
    pool: Counter[str]
    moved: int
    """Hand cards that leave the hand (each may lift a play's Unseen Character charge by 2)."""


def _evaluate(work: _Work, base_hand: Counter[str], base_pool: Counter[str], options: list[_Option]
              ) -> list[Choice]:
    """Return each option's choice with its exact best play: derived from one listing of the old situation
    where that is proved, searched on its own otherwise."""
    # Under Escaped from Captivity the search also merges every card of the named letter (each is the same minor
    # wild): a listed play's card may stand for a card of another kind than the signatures here can tell.
    listing = None if ESCAPED in work.motifs else work.solve(base_hand, base_pool, top=DERIVE_TOP,
                                                             limit=Limit(time=work.left() / 4))
    plays = listing.plays if listing is not None and listing.optimal else ()
    complete = bool(plays) and len(plays) < DERIVE_TOP  # every play there is, the empty play included
    floor = plays[-1].total if plays else None
    unseen = "unseen-character" in work.motifs
    results: list[Choice | None] = [None] * len(options)
    todo = []
    for n, option in enumerate(options):
        uplift = 2 * option.moved if unseen else 0
        best = None
        for listed in plays:
            if best is not None and listed.total + uplift <= best.total:
                break  # listed plays are best first: none further can beat it
            again = rescore(work, listed, option.hand, option.pool)
            if again is not None and (best is None or again.total > best.total):
                best = again
        if best is not None and (complete or (floor is not None and best.total >= floor + uplift)):
            work.stats["derived"] += 1
            results[n] = Choice(option.label, option.cards, option.same_as, value=best.total, bound=best.total,
                                play=best)
        else:
            todo.append(n)

    share = max(0.05, work.left() * work.workers / max(1, len(todo)))  # no one search takes every choice's time

    def search(n: int) -> Choice:
        option = options[n]
        return Choice.searched(option.label, option.cards, option.same_as,
                               work.solve(option.hand, option.pool, limit=Limit(time=share)))

    for n, choice in zip(todo, work.map(search, todo), strict=True):
        results[n] = choice
    return [c for c in results if c is not None]


def _rank(choices: Iterable[Choice]) -> tuple[Choice, ...]:
    """Return the choices best first (ties in the order given); choices racing dropped come after those sampled
    to the end, as each was shown to trail one of them (or to be at most a near tie)."""
    return tuple(sorted(choices, key=lambda c: (c.expected is not None and c.expected.dropped, -c.score)))


def _class_options(hand: Counter[str], motifs: Sequence[str], size: int) -> list[tuple[tuple[str, ...],
                                                                                     tuple[str, ...]]]:
    """Return every way to pick ``size`` hand cards, counting cards that score alike once: (cards, alike)."""
    groups = classes(hand, motifs)
    counts = [sum(hand[k] for k in g) for g in groups]
    out = []
    for combo in itertools.combinations_with_replacement(range(len(groups)), size):
        need = Counter(combo)
        if any(n > counts[g] for g, n in need.items()):
            continue
        cards: list[str] = []
        for g, n in sorted(need.items()):
            cards += list(itertools.islice((k for k in groups[g] for _ in range(hand[k])), n))
        alike = tuple(k for g in sorted(need) for k in groups[g] if k not in cards)
        out.append((tuple(cards), alike))
    return out


def _assumed(work: _Work, hand: Counter[str], pool: Counter[str], **more: Any) -> dict[str, Any]:
    return {"dictionary": work.setting.lexicon.info.label,
            "motifs": list(work.motifs), "hand": _ids(hand), "pool": _ids(pool),
            "escaped": work.setting.escaped, "time_limit": work.setting.time_limit, **more}


def _ids(cards: Counter[str]) -> list[str]:
    return sorted(cards.elements(), key=id_order)


def _answer(work: _Work, decision: str, choices: Iterable[Choice], assumed: dict[str, Any],
            notes: Sequence[str] = ()) -> Advice:
    ranked = _rank(choices)
    proved = all(c.proved for c in ranked) and all(c.expected is None or c.expected.unproved == 0 for c in ranked)
    extra = list(notes)
    if not proved:
        extra.append("some searches stopped at their time or work limit: their values are the best plays found, "
                     "not proved best")
    if any(c.value is None and c.expected is None for c in ranked):
        extra.append("some choices were not searched before the time limit")
    stats = dict(work.stats)
    return Advice(decision, ranked, assumed, work.seconds(), proved, tuple(extra), stats)


def _check_hand(hand: Counter[str], pool: Counter[str], need: int, what: str) -> None:
    if sum(hand.values()) < need:
        raise RuleError(f"{what} needs at least {need} card{'s' if need > 1 else ''} in the hand, "
                        f"not {sum(hand.values())}")
    unseen_cards(hand, pool)  # no more copies than the deck holds


def _each_move(setting: Setting, hand: Counter[str], pool: Counter[str], size: int, decision: str,
               move: Callable[[tuple[str, ...], tuple[str, ...]], _Option], notes: Sequence[str] = ()) -> Advice:
    """Rank every way to move ``size`` cards of the hand (cards that score alike once) by the exact best play after
    ``move`` (cards, alike) -> the option it leads to."""
    _check_hand(hand, pool, size, decision.replace("-", " "))
    with _Work(setting) as work:
        options = [move(cards, alike) for cards, alike in _class_options(hand, work.motifs, size)]
        return _answer(work, decision, _evaluate(work, hand, pool, options), _assumed(work, hand, pool), notes)


def kill_off(setting: Setting, hand: Counter[str], pool: Counter[str] | None = None) -> Advice:
    """Rank each card to discard by the best play of the hand without it ("chooses a card to discard")."""
    pool = pool or Counter()
    return _each_move(setting, hand, pool, 1, "kill-off", lambda cards, alike: _Option(
        f"discard {' '.join(cards)}", cards, alike, hand - Counter(cards), pool, 1))


def heroic_sacrifice(setting: Setting, hand: Counter[str], pool: Counter[str] | None = None) -> Advice:
    """Rank each card to add to the pool by the player's best play after ("adds a card to the common pool")."""
    pool = pool or Counter()
    return _each_move(setting, hand, pool, 1, "heroic-sacrifice", lambda cards, alike: _Option(
        f"add {' '.join(cards)} to the pool", cards, alike, hand - Counter(cards), pool + Counter(cards), 1),
        ["the card added to the pool stays yours to use; every other player may use it too, "
         "which this ranking does not count"])


def merchant_city(setting: Setting, hand: Counter[str], pool: Counter[str] | None = None) -> Advice:
    """Rank each three cards to pass right by the best play of the cards kept ("passes three cards")."""
    pool = pool or Counter()
    return _each_move(setting, hand, pool, 3, "merchant-city", lambda cards, alike: _Option(
        f"pass {' '.join(cards)}", cards, alike, hand - Counter(cards), pool, 3),
        ["the three cards passed to you from the left are not known when you choose: not counted"])


def rags_to_riches(setting: Setting, hand: Counter[str], pool: Counter[str] | None = None,
                   take: str | None = None) -> Advice:
    """Rank each card to give the highest scorer, after taking ``take`` from them ("gives a them a card in
    return")."""
    pool = pool or Counter()
    held = hand + Counter([take] if take else [])
    _check_hand(held, pool, 1, "rags to riches")
    with _Work(setting) as work:
        options = [_Option(f"give {' '.join(cards)}", cards, alike, held - Counter(cards), pool, 1)
                   for cards, alike in _class_options(held, work.motifs, 1)]
        return _answer(work, "rags-to-riches", _evaluate(work, held, pool, options),
                       _assumed(work, hand, pool, take=take))


def escaped_letter(setting: Setting, hand: Counter[str], pool: Counter[str] | None = None) -> Advice:
    """Rank each letter to name by the best play it allows ("each player chooses a letter")."""
    pool = pool or Counter()
    _check_hand(hand, pool, 0, "escaped from captivity")
    motifs = motif_ids(setting.motifs)
    if ESCAPED not in motifs:
        setting = dataclasses.replace(setting, motifs=(*motifs, ESCAPED))
    with _Work(dataclasses.replace(setting, escaped=None)) as work:
        letters = escaped_choices(hand, pool, work.motifs, None)

        def search(letter: str | None) -> Choice:
            label = f"name {letter}" if letter else "name a letter on no card"
            cards = tuple(k for k in _ids(hand + pool) if letter and load_catalog().kinds[k].letters == letter)
            # a letter on no card: name one no card shows, so nothing turns wild
            named = letter or next(c for c in LETTERS if c not in _letters(hand + pool))
            return Choice.searched(label, cards, (), work.solve(hand, pool, escaped=named), letter=letter)

        notes = [] if ESCAPED in motifs else ["escaped-from-captivity was added to the motifs"]
        return _answer(work, "escaped", work.map(search, letters), _assumed(work, hand, pool), notes)


def _letters(cards: Counter[str]) -> set[str]:
    catalog = load_catalog()
    return {catalog.kinds[k].letters or "" for k in cards}


# -- Monte Carlo decisions ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Arm:
    label: str
    cards: tuple[str, ...]
    same_as: tuple[str, ...]
    situation: Callable[[int], tuple[Counter[str], Counter[str]]]
    """The hand and pool of sample ``s``."""


def _race(work: _Work, arms: list[_Arm], samples: int, prune: bool, screen: tuple[int, int] | None = None
          ) -> list[tuple[list[float], int, bool]]:
    """Return, per arm, its sample values, how many rested on unproved searches, and whether it was dropped.

    Every arm is sampled on the same deals (common random numbers), ``BATCH`` samples at a time; with
    ``prune``, an arm stops once the leader beats it, or it cannot beat the leader by ``TIE`` points, with
    ``RACE_Z`` standard errors of the paired difference to spare. With ``screen`` (samples, kept), every arm
    is first sampled that many times and only the ``kept`` best go on. Sampling stops at the time limit (each
    arm keeps the samples every live arm got).
    """
    values: list[list[float]] = [[] for _ in arms]
    unproved = [0] * len(arms)
    alive = list(range(len(arms)))
    dropped = [False] * len(arms)
    done = 0
    while done < samples and alive and work.left() > 0:
        upto = min(samples, done + (screen[0] if screen and done == 0 else BATCH))
        tasks = [(a, s) for s in range(done, upto) for a in alive]

        def run(task: tuple[int, int]) -> tuple[float, bool] | None:
            a, s = task
            situation = arms[a].situation(s)
            result = work.solve(*situation, limit=Limit(work=SAMPLE_WORK))
            if result is None or work.left() <= 0:  # it may have been cut by time, not work: the seed would not
                return None                         # give the same answer on another machine
            return float(result.plays[0].total), result.optimal

        got = dict(zip(tasks, work.map(run, tasks), strict=True))
        complete = done
        for s in range(done, upto):  # keep only samples every live arm finished
            if any(got[(a, s)] is None for a in alive):
                break
            for a in alive:
                value, optimal = got[(a, s)]  # type: ignore[misc]
                values[a].append(value)
                unproved[a] += not optimal
            complete = s + 1
        if complete < upto:
            break
        if screen and done == 0 and prune:
            kept = sorted(alive, key=lambda a: -statistics.fmean(values[a]))[:screen[1]]
            for a in alive:
                dropped[a] = a not in kept
            alive = sorted(kept)
        done = upto
        if prune and done >= 2 * BATCH and len(alive) > 1:
            leader = max(alive, key=lambda a: statistics.fmean(values[a]))
            for a in list(alive):
                if a == leader:
                    continue
                diffs = [x - y for x, y in zip(values[a], values[leader], strict=True)]
                mean = statistics.fmean(diffs)
                spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
                if mean + RACE_Z * spread < TIE:
                    alive.remove(a)
                    dropped[a] = True
    return [(values[a], unproved[a], dropped[a]) for a in range(len(arms))]


def _deals(unseen: Counter[str], size: int, samples: int, seed: int) -> list[list[str]]:
    """Return ``samples`` random deals of ``size`` unseen cards (the same for a seed)."""
    cards = sorted(unseen.elements(), key=id_order)
    if size > len(cards):
        raise RuleError(f"only {len(cards)} cards are unseen; cannot deal {size}")
    rng = random.Random(seed)
    return [rng.sample(cards, size) for _ in range(samples)]


def _check_samples(samples: int) -> None:
    if not 1 <= samples <= MAX_SAMPLES:
        raise RuleError(f"samples must be from 1 to {MAX_SAMPLES}, not {samples}")


def _estimates(raced: list[tuple[list[float], int, bool]]) -> list[Estimate | None]:
    return [Estimate.of(v, u, d) if v else None for v, u, d in raced]


DRAFT_MODELS = ("table", "random")
"""How the picks still to come are modelled (ruling A1): ``table``, every player drafts the card the learned draft
values rank highest from packs dealt from the unseen cards; ``random``, the picks are unseen cards at random."""


def draft_pick(setting: Setting, hand: Counter[str], pack: Counter[str], pool: Counter[str] | None = None, *,
               seen: Counter[str] | None = None, picks_left: int | None = None, samples: int = 100,
               seed: int = 0, prune: bool = True, players: int = 4, model: str = "table") -> Advice:
    """Rank each card of the pack: *now* (the best play of hand + card + pool if drafting ended) and
    *expected* (the mean best play once the picks still to come are made, as ``model`` says: see
    :data:`DRAFT_MODELS`).

    ``seen`` holds every other card the player can see (other players' revealed hands); the picks still to
    come default to one fewer than the pack holds (each pick passes one card fewer). ``players`` is how many draft
    (the table model deals each other player a pack like this one).
    """
    from novelty.draftvalues import draft_values, table_pick

    pool, seen = pool or Counter(), seen or Counter()
    if not pack:
        raise RuleError("the pack is empty: nothing to draft")
    _check_samples(samples)
    if model not in DRAFT_MODELS:
        raise RuleError(f"unknown draft model {model!r}: one of {', '.join(DRAFT_MODELS)}")
    if not 2 <= players <= 6:
        raise RuleError(f"players must be from 2 to 6, not {players}")
    size = sum(pack.values())
    left = size - 1 if picks_left is None else picks_left
    if left < 0:
        raise RuleError(f"picks left must be at least 0, not {left}")
    unseen = unseen_cards(hand, pack, pool, seen)
    values = draft_values()
    # the table model deals the other players' packs, and any picks beyond this pack's cards at random
    dealt = left if model == "random" else (players - 1) * size + max(0, left - (size - 1))
    if model == "table" and dealt > sum(unseen.values()):
        raise RuleError(f"only {sum(unseen.values())} cards are unseen; cannot deal {dealt} for the other "
                        f"{players - 1} players' packs")
    deals = _deals(unseen, dealt, samples, seed) if dealt else [[] for _ in range(samples)]
    with _Work(setting) as work:
        groups = classes(pack, work.motifs)

        def now(group: list[str]) -> Choice:  # a pick's value is its expectation (raced below)
            result = work.solve(hand + Counter([group[0]]), pool)
            top = result.plays[0] if result else None
            return Choice(f"draft {group[0]}", (group[0],), tuple(group[1:]), proved=bool(result and result.optimal),
                          bound=result.bound if result else None, play=top, now=top.total if top else None)

        nows = work.map(now, groups)

        def arm(group: list[str]) -> _Arm:
            card = group[0]

            def situation(s: int) -> tuple[Counter[str], Counter[str]]:
                if model == "random":
                    return hand + Counter([card]) + Counter(deals[s]), pool
                later = _table_rollout(pack - Counter([card]), deals[s], size, players, left, values)
                return hand + Counter([card]) + Counter(later), pool

            return _Arm(f"draft {card}", (card,), tuple(group[1:]), situation)

        raced = _race(work, [arm(g) for g in groups], samples if left else 1, prune)
        choices = [dataclasses.replace(c, expected=e) for c, e in zip(nows, _estimates(raced), strict=True)]
        assumed = _assumed(work, hand, pool, pack=_ids(pack), seen=_ids(seen), picks_left=left,
                           unseen=sum(unseen.values()), unseen_cards=_ids(unseen), samples=samples, seed=seed,
                           prune=prune, players=players, model=model,
                           table_pick=table_pick(pack.elements(), values))
        notes = ["the picks to come are dealt at random from the unseen cards (not the best of each pack)"
                 if model == "random" else
                 f"the picks to come: the other {players - 1} players' packs are dealt from the unseen cards, and "
                 f"every player, you too, drafts the card the learned draft values rank highest"]
        if not left:
            notes.append("no picks are left: the expected value is the value now")
        return _answer(work, "draft", choices, assumed, notes)


def _table_rollout(mine: Counter[str], dealt: list[str], size: int, players: int, left: int,
                   values: dict[str, float]) -> list[str]:
    """Return the cards the player drafts after this pick when everyone drafts by the table.

    ``mine`` is the player's pack after the pick; ``dealt`` holds the other players' packs (``size`` cards each,
    before their pick this turn), then cards dealt at random for picks beyond the packs."""
    from novelty.draftvalues import table_pick

    packs = [sorted(mine.elements(), key=id_order)]
    packs += [list(dealt[n * size:(n + 1) * size]) for n in range(players - 1)]
    for other in packs[1:]:  # the others' picks this turn
        other.remove(table_pick(other, values))
    got: list[str] = []
    while len(got) < left and any(packs):
        packs = packs[1:] + packs[:1]  # each pack moves on one seat: the next player's comes to this player
        for n, each in enumerate(packs):
            if each:
                card = table_pick(each, values)
                each.remove(card)
                if n == 0:
                    got.append(card)
    return got + dealt[(players - 1) * size:][:left - len(got)]


def recurring_character(setting: Setting, hand: Counter[str], pool: Counter[str] | None = None, *,
                        seen: Counter[str] | None = None, next_motifs: Sequence[str] = (), next_cards: int = 11,
                        samples: int = 30, seed: int = 0, prune: bool = True) -> Advice:
    """Rank each hand card to carry over by the expected best play of the next round's hand with it
    ("Pick a card and carry it over to the next round"): the next hand is ``next_cards`` unseen cards
    dealt at random (3 drawn and 8 drafted), under ``next_motifs``."""
    pool, seen = pool or Counter(), seen or Counter()
    _check_hand(hand, pool, 1, "recurring character")
    _check_samples(samples)
    if not 0 <= next_cards <= 30:
        raise RuleError(f"next round's cards must be from 0 to 30, not {next_cards}")
    unseen = unseen_cards(hand, pool, seen)
    deals = _deals(unseen, next_cards, samples, seed)
    later = dataclasses.replace(setting, motifs=tuple(motif_ids(next_motifs)), escaped=None)
    with _Work(later) as work:
        groups = classes(hand, work.motifs)
        def arm(group: list[str]) -> _Arm:
            def situation(s: int) -> tuple[Counter[str], Counter[str]]:
                return Counter([group[0]]) + Counter(deals[s]), Counter()

            return _Arm(f"keep {group[0]}", (group[0],), tuple(group[1:]), situation)

        arms = [arm(g) for g in groups]
        raced = _race(work, arms, samples, prune)
        choices = [Choice(a.label, a.cards, a.same_as, expected=e) for a, e in zip(arms, _estimates(raced),
                                                                                    strict=True)]
        assumed = _assumed(work, hand, pool, seen=_ids(seen), next_motifs=list(work.motifs), next_cards=next_cards,
                           unseen=sum(unseen.values()), unseen_cards=_ids(unseen), samples=samples, seed=seed,
                           prune=prune)
        assumed["motifs"] = motif_ids(setting.motifs)
        notes = ["this round's play does not change: the card is carried over after the round (ruling A2)",
                 f"the next round's hand is {next_cards} unseen cards dealt at random, with no pool"]
        return _answer(work, "recurring-character", choices, assumed, notes)


def second_chances(setting: Setting, hand: Counter[str], pool: Counter[str] | None = None, *,
                   seen: Counter[str] | None = None, samples: int = 30, seed: int = 0, prune: bool = True,
                   most: int = 3) -> Advice:
    """Rank each way to discard up to three cards and draw as many by the expected best play after
    ("may discard up to three cards and draw an equal number"); keeping every card is exact."""
    pool, seen = pool or Counter(), seen or Counter()
    _check_hand(hand, pool, 0, "second chances")
    _check_samples(samples)
    if not 0 <= most <= 3:
        raise RuleError(f"second chances discards at most 3 cards, not {most}")
    unseen = unseen_cards(hand, pool, seen)
    size = min(most, sum(hand.values()))
    deals = _deals(unseen, size, samples, seed)
    with _Work(setting) as work:
        keep = work.solve(hand, pool, limit=Limit(time=work.left() / 4))  # the discards' samples have the rest
        options = [(cards, alike) for n in range(1, size + 1) for cards, alike in _class_options(hand, work.motifs, n)]
        def arm(cards: tuple[str, ...], alike: tuple[str, ...]) -> _Arm:
            def situation(s: int) -> tuple[Counter[str], Counter[str]]:
                return hand - Counter(cards) + Counter(deals[s][:len(cards)]), pool

            return _Arm(f"discard {' '.join(cards)}", cards, alike, situation)

        arms = [arm(cards, alike) for cards, alike in options]
        screen = (SCREEN[0], SCREEN[1]) if len(arms) > SCREEN[1] else None
        raced = _race(work, arms, samples, prune, screen)
        choices = [Choice(a.label, a.cards, a.same_as, expected=e) for a, e in zip(arms, _estimates(raced),
                                                                                    strict=True)]
        if keep is not None:
            best = keep.plays[0]
            choices.append(Choice.searched("keep every card", (), (), keep,
                                           expected=Estimate(float(best.total), float(best.total),
                                                             float(best.total), 1, int(not keep.optimal))))
        assumed = _assumed(work, hand, pool, seen=_ids(seen), unseen=sum(unseen.values()),
                           unseen_cards=_ids(unseen), samples=samples, seed=seed, prune=prune, most=size)
        notes = ["keeping every card is exact (no draw); each discard is sampled on the same draws"]
        if screen and prune:
            notes.append(f"{len(arms)} ways to discard were screened on {SCREEN[0]} draws each; "
                         f"the best {SCREEN[1]} went on")
        return _answer(work, "second-chances", choices, assumed, notes)
