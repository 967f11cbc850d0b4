"""The best-play solver: the play that scores most from a hand plus the common pool, and the runners-up.

Vocabulary: a **resource** is something a word consumes: a class of interchangeable cards from the hand
or pool (as many as the player holds), a repeat motif's copies (``+alliteration``), or a motif's free
wild. A **group** is every card sequence spelling a playable word from the same resources (``s1 t1 a1
r1 e1`` and ``t1 e1 a1 r1 s1`` are one group); a play takes at most one sequence per group it uses, the
one scoring most. :mod:`novelty.search` has the rest of the vocabulary (classes, units, faces).

How it works (:func:`solve`; the loops are compiled, in ``novelty/csrc/``):

1. **Words** (``walk.c``; ``novelty/csrc/README.md`` maps the core's files and defines its terms). A
   depth-first walk of the lexicon's :class:`~novelty.steps.StepIndex` lays resources down one at a
   time, following only letters some word continues with (a wild follows exactly the children of the
   node it stands on). Every sequence spelling a word of four or more letters is scored at once
   (``score.c``, the twin of :func:`novelty.scoring.score_checked_word`) under each combination of the
   awards it could earn, and its group keeps the best sequence of each.
2. **Plays** (``options.c``, ``bound.c``, ``evaluate.c``, ``branch.c``). A branch-and-bound search packs
   groups into plays without using any resource more often than it exists, and keeps the ``top`` best.
   A play's exact value (grandiloquent, shorter-word doubles, unseen character, round motifs) is
   computed only when its optimistic value could enter the top; a subtree is cut when an upper bound
   (the best packing of the resources left, by dynamic programming over resource multisets, plus the
   most play-level bonuses could add) cannot beat the K-th best play.
3. Every returned play is scored again by :func:`novelty.scoring.score_play`, exactly as
   ``novelty score`` would, and must agree.

With a time limit the search is anytime (``search.c``'s ``search_plays``; its shares in ``budget.h``):
the words of the printed cards alone are walked and packed first (a few tens of milliseconds), then every
word until three quarters of the limit; the packing of what was found takes the rest, greedy plays
first. When the walk could not finish, no play can be proved best: the packing then searches from the
greedy plays under a quick bound (over the best groups, each class's best words of printed cards alone,
and each length's best words holding a shorter-word double), builds plays round those doubles, and packs
the best play's words but one, two or three again exactly (``greedy.c``); the answer carries a bound
(``optimal`` False). On 17 cards or more, the search first walks for the best word (a probe's floor, then
below only the nodes whose ceiling, ``ceiling.c``, beats the best found, best ceiling first), then in
letter order, then by value (every word below the nodes whose ceiling beats a falling floor), and leaves
the packing more of the time: its bound comes from prices on the cards (``price.c``), the duals of
packing the words found, lifted and checked against every word of the list in rounds that tighten it
while time is left; where no round finishes, from a relaxation that ignores the word list. A bound within
5 % of the best play found proves it when the words that could beat their prices by that much, walked and
packed exactly, hold no better play (reduced-cost fixing: then ``optimal`` is True); otherwise the words
beating the relaxation's duals by most are packed exactly, and the cards the best play leaves (alone, and with
some of its words) walked for every word and packed with its other words (``search.c``), these packings holding the
words the bound's rounds found beating their prices. Under a limit of 5 s or
more such a search first runs with a fifth of it (2 s at most), a scout whose answer is kept when it is proved
or better than the longer search's.

Every phase reads the clock (or counts its work), and one whose deadline has passed is left, so the answer comes
within the limit plus the engine's re-scoring (a few milliseconds, kept aside) and the few tens of milliseconds a fill
of priced paths may take past it (no clock cuts one short). What one search may hold is capped
(:data:`novelty.limits.MAX_GROUPS`, ``MAX_OPTIONS``, ``MAX_STATES``): a search meeting a cap answers like one out of
time. A packing that cannot prove its
play (the walk stopped, or its options did not fit in time or room) takes only the
:data:`~novelty.limits.ANYTIME_GROUPS` best groups, so its time and memory do not grow with the words found.
The time, work and caps of one search travel together as a :class:`~novelty.limits.Limit`.

:func:`reference_best` is the obvious version kept as the oracle: it tries every arrangement of every
subset of the cards, every letter for every wild, and every combination of the words found.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
import time
from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from novelty.catalog import LETTERS, CardKind, WildKind, load_catalog
from novelty.errors import NoveltyError, RuleError
from novelty.lexicon import Lexicon
from novelty.limits import Caps, Limit
from novelty.play import ESCAPED, FREE_WILDS, REPEATS, Card, Play, Word, cards_used, check_play
from novelty.scoring import Adjustment, PlayScore, Rules, motif_ids, motif_notes, score_play
from novelty.words import is_playable

if TYPE_CHECKING:  # the search (and the compiled core) load only when a search runs: `novelty check` starts fast
    from novelty.search import CoreAnswer, CoreWords, Tables

ME = "you"
"""The solved player's name among opponents in round-level comparisons."""

MAX_CARDS = 40
"""The most hand plus pool cards a search accepts."""

RESCORING = 0.001
"""Seconds kept from a time limit per play asked for: the engine scores each returned play again (about 0.6 ms for
a play of three words with wilds)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """One play the solver found, scored by the engine."""

    play: Play
    score: PlayScore
    """The engine's score of the play (round-level awards included when opponents were given)."""
    unused: tuple[str, ...]
    """Hand and pool card ids the play leaves unused."""
    escaped: str | None = None
    """The letter chosen for Escaped from Captivity, when it is in play."""
    laconic: Adjustment | None = None

    @property
    def total(self) -> int:
        return self.score.total + (self.laconic.points if self.laconic else 0)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: total, words (word, cards, score, breakdown), unused cards."""
        data = self.score.to_dict()
        adjustments = data["adjustments"] + ([self.laconic.to_dict()] if self.laconic else [])
        return {"total": self.total, "words": data["words"], "unused": list(self.unused),
                "adjustments": adjustments, "escaped": self.escaped, "notes": data["notes"]}


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The best plays, best first, and whether the first is proved the best."""

    plays: tuple[Solution, ...]
    optimal: bool
    """True when no play scores more than ``plays[0]``: the search finished, or (for the best play alone) a search
    cut short found a bound no higher than it."""
    bound: int | None = None
    """No play scores more than this (``plays[0].total`` when optimal; None when it could not be known)."""
    stats: dict[str, Any] = field(default_factory=dict)
    """Search figures: sequences and groups found, nodes visited, seconds per phase."""
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"optimal": self.optimal, "bound": self.bound, "plays": [p.to_dict() for p in self.plays],
                "notes": list(self.notes), "stats": self.stats}


def opponent_scoring(lexicon: Lexicon, opponents: list[list[str]]) -> list[tuple[str, int, str]]:
    """Return (opponent, word index, word) for each playable opponent word, as round awards compare them."""
    return [(f"opponent {n + 1}", i, w.strip().lower()) for n, words in enumerate(opponents)
            for i, w in enumerate(words) if is_playable(lexicon, w.strip().lower())]


def _physical_unused(play: Play, hand: Counter[str], pool: Counter[str]) -> list[str]:
    """Return the hand and pool card ids the play leaves unused (hand first, then pool)."""
    used = cards_used(play)
    out = []
    for ident, n in sorted((hand + pool).items()):
        out.extend([ident] * max(0, n - used[ident]))
    return out


def check_limits(hand: Counter[str], pool: Counter[str], top: int, time_limit: float | None,
                 work: int | None = None) -> None:
    """Refuse searches that could run away: too many cards, a bad ``top``, time limit or work limit."""
    catalog = load_catalog()
    cards = sum(hand.values()) + sum(pool.values())
    if cards > MAX_CARDS:
        raise RuleError(f"hand and pool hold {cards} cards; the solver takes at most {MAX_CARDS}")
    for ident, n in (hand + pool).items():
        if n > catalog.kinds[ident].count:
            raise RuleError(f"the deck has {catalog.kinds[ident].count} of {ident}, "
                            f"not {n} between hand and pool")
    if top < 1:
        raise RuleError(f"top must be at least 1, not {top}")
    if time_limit is not None and not time_limit > 0:
        raise RuleError(f"time limit must be a positive number of seconds, not {time_limit}")
    if work is not None and (isinstance(work, bool) or not isinstance(work, int) or work < 1):
        raise RuleError(f"work limit must be a positive whole number of search steps, not {work!r}")


def escaped_choices(hand: Counter[str], pool: Counter[str], motifs: Sequence[str], escaped: str | None
                    ) -> list[str | None]:
    """Return the Escaped from Captivity letters worth searching (None: a letter on no card)."""
    if ESCAPED not in motifs:
        return [None]
    if escaped is not None:
        if len(escaped) != 1 or escaped not in LETTERS:
            raise RuleError(f"the escaped letter must be one letter a-z, not {escaped!r}")
        return [escaped]
    catalog = load_catalog()
    letters = sorted({str(catalog.kinds[k].letters) for k in hand + pool
                      if len(catalog.kinds[k].letters or "") == 1})
    return [None, *letters]


def solve(lexicon: Lexicon, hand: Counter[str], pool: Counter[str] | None = None, motifs: Sequence[str] = (), *,
          rules: Rules = Rules(), escaped: str | None = None, opponents: list[list[str]] | None = None,
          top: int = 1, time_limit: float | None = None, work: int | None = None,
          progress: Callable[[int | None, int, float], None] | None = None,
          limits: Caps | tuple[int, int, int, int] | None = None) -> SolveResult:
    """Return the ``top`` best plays of ``hand`` plus ``pool`` under the motifs (in flip order).

    ``escaped`` is the Escaped from Captivity letter (every useful letter is tried when it is None);
    ``opponents`` the other players' words this round, for Sesquipedalian, Pangram and Laconic (not
    counted when None). With ``time_limit`` seconds the best plays found so far are returned when time
    runs out, and ``optimal`` is False; the time is the search's, from when the list's step index is ready (the
    first search of a list builds it, seconds for a full list, and caches it). ``work`` limits the search to that
    many steps instead (a walk node, a packing node, a few DP steps: about 2 M a second): the same answer every
    time, however busy the machine, unless a time limit cuts it first (each letter Escaped from Captivity tries gets
    all of it).
    ``progress(best so far, bound, seconds)`` is called every quarter
    second once the search has run half a second (from another thread), with a bound no play can beat.
    ``limits`` (:class:`~novelty.limits.Caps`, or a tuple: groups, options, states, anytime groups) replaces the
    memory caps (:data:`~novelty.limits.MAX_GROUPS` ...); a search that meets one answers unproved, with a bound that
    holds. The three make one :class:`~novelty.limits.Limit`.
    """
    from novelty.search import Tables

    started = time.perf_counter()
    pool = pool or Counter()
    motifs = motif_ids(motifs)
    check_limits(hand, pool, top, time_limit, work)
    limit = Limit(time_limit, work, Caps.of(limits))
    steps = lexicon.step_index()  # (built on a list's first use, then cached: seconds once, not the search's time)
    deadline = time.perf_counter() + limit.time if limit.time is not None else None
    others = opponent_scoring(lexicon, opponents or [])
    found: list[Solution] = []
    optimal, bounds = True, []
    stats: dict[str, int | float] = {}
    letters = escaped_choices(hand, pool, motifs, escaped)

    def unsearched(rest: list[str | None]) -> list[int]:
        """Return the relaxed bounds of the Escaped letters left unsearched."""
        return [Tables(hand, pool, motifs, rules, other).relaxed_bound(opponents is not None) for other in rest]

    for n, letter in enumerate(letters):
        building = time.perf_counter()
        tables = Tables(hand, pool, motifs, rules, letter)
        if tables.best_words_first(limit):  # (the list's facts, once per index, before the core's clock is read)
            steps.facts()
        # the letters after this one get at least a relaxed bound, whose tables take as long to build: time kept
        reserve = (time.perf_counter() - building) * (len(letters) - n - 1) + RESCORING * top
        seconds = None if deadline is None else deadline - time.perf_counter() - reserve
        if seconds is not None and seconds <= 0 and found:  # no time for this letter: its relaxed bound only
            optimal = False
            bounds += [tables.relaxed_bound(opponents is not None), *unsearched(letters[n + 1:])]
            break
        seconds = None if seconds is None else max(0.001, seconds)
        relaxed = tables.relaxed_bound(opponents is not None) if progress else None  # else only if the walk stops
        with _Watcher(progress, started, relaxed or 0) as best_so_far:
            answer = tables.run(steps, opponents is not None, others, top, dataclasses.replace(limit, time=seconds),
                                best_so_far)
        for key, value in answer.stats.items():
            stats[key] = stats.get(key, 0) + value
        for total, words in answer.plays:
            found.append(_solution(tables, lexicon, words, total, others, opponents is not None))
        optimal = optimal and answer.proved
        if answer.bound is not None:  # the packing's bound, over every word: the walk finished
            bounds.append(answer.bound)
        else:  # words left out (time, work, MAX_GROUPS) or options (MAX_OPTIONS), or no time for the bound
            relaxed = relaxed if relaxed is not None else tables.relaxed_bound(opponents is not None)
            bounds.append(relaxed if answer.priced_bound is None else min(relaxed, answer.priced_bound))
        if deadline is not None and time.perf_counter() >= deadline and n + 1 < len(letters):
            optimal = False
            bounds += unsearched(letters[n + 1:])
            break
    found.sort(key=lambda s: -s.total)
    best = found[0].total
    bound = best if optimal else None if None in bounds else max(best, *bounds)
    if top == 1 and bound == best:  # a search cut short whose bound meets its play has proved it all the same
        optimal = True
    result_stats: dict[str, Any] = {k: round(v, 4) if isinstance(v, float) else v for k, v in stats.items()}
    result_stats["seconds"] = round(time.perf_counter() - started, 4)
    notes = motif_notes(motifs, hand_given=True, round_given=opponents is not None)
    return SolveResult(tuple(found[:top]), optimal, bound, result_stats, tuple(notes))


@dataclass(frozen=True)
class Chosen:
    """The best play found when some offered cards may join the hand (:func:`solve_choosing`)."""

    play: Play
    """The play, with the cards it takes in the hand."""
    total: int
    """Its total as the compiled search scored it: a choice compares totals, and shows no play, so the engine does
    not score it again (a caller that shows the play scores it with the hand plus :attr:`taken`)."""
    escaped: str | None
    """The Escaped from Captivity letter the play was found with."""
    taken: Counter[str]
    """The offered cards the play takes (none when the hand alone plays as well)."""
    optimal: bool
    """True when the search finished: no choice of cards plays better."""


def best_total(lexicon: Lexicon, hand: Counter[str], pool: Counter[str], motifs: Sequence[str], *,
               rules: Rules = Rules(), work: int | None = None) -> int:
    """Return the total of the best play found, for a caller that only compares hands by it (a self-play policy
    valuing a choice): no play is returned, so none is scored again by the engine (a third of a small search's
    time); the compiled scorer is held to the engine by the differential tests. ``work`` is the whole valuation's:
    under Escaped from Captivity the letters tried share it (:func:`solve` gives each all of it)."""
    motifs = motif_ids(motifs)
    check_limits(hand, pool, 1, None, work)
    return max(answer.plays[0][0] for _, answer in _valuations(lexicon, hand, pool, motifs, rules, work))


def _valuations(lexicon: Lexicon, hand: Counter[str], pool: Counter[str], motifs: Sequence[str], rules: Rules,
                work: int | None, offered: Counter[str] | None = None, most: int = 0
                ) -> Iterator[tuple[Tables, CoreAnswer]]:
    """Yield the tables and the compiled search's answer (its best play only) for each letter Escaped from Captivity
    may name (one search without it), the letters sharing ``work`` (None: no limit). A letter on an offered card
    counts, taken or not."""
    from novelty.search import Tables

    letters = escaped_choices(hand + (offered or Counter()), pool, motifs, None)
    limit = Limit(work=max(1, work // len(letters)) if work else None)
    for letter in letters:
        tables = Tables(hand, pool, motifs, rules, letter, offered, most)
        yield tables, tables.run(lexicon.step_index(), False, [], 1, limit)


def can_choose(motifs: Sequence[str]) -> bool:
    """Return whether :func:`solve_choosing` can answer under ``motifs`` (else search once per choice)."""
    from novelty.search import CHOICE_EXCLUDES

    return not set(motif_ids(motifs)) & CHOICE_EXCLUDES


def solve_choosing(lexicon: Lexicon, hand: Counter[str], pool: Counter[str], motifs: Sequence[str],
                   offered: Counter[str], most: int, *, rules: Rules = Rules(), work: int | None = None) -> Chosen:
    """Return the best play of ``hand`` plus ``pool`` with at most ``most`` of the ``offered`` cards added to the
    hand, in one search: which card of a pack to draft (``most`` 1), or which cards to keep when giving one up (the
    hand less one of each kind, offered one of each kind, ``most`` one fewer than the kinds).

    The offered cards are granted like a repeat motif's copies, so the answer is the best of the searches each
    choice would need, in the time of about one (under Escaped from Captivity, one for each letter on the cards, as
    :func:`solve` does, sharing the ``work``, which limits the whole valuation). Not under a repeat
    motif (it could copy an offered card the play does not take) or Unseen Character (it counts the cards held):
    :func:`can_choose`.
    """
    motifs = motif_ids(motifs)
    check_limits(hand + offered, pool, 1, None, work)
    if most < 0:
        raise RuleError(f"cannot take {most} cards")
    best: Chosen | None = None
    optimal = True
    for tables, answer in _valuations(lexicon, hand, pool, motifs, rules, work, offered, most):
        optimal = optimal and answer.proved
        total, words = answer.plays[0]
        if best is None or total > best.total:
            play, taken = tables.play_choosing(words)
            best = Chosen(play, total, tables.escaped, taken, optimal)
    assert best is not None
    return dataclasses.replace(best, optimal=optimal)


class _Watcher:
    """Report a running search's best total so far, from a thread of its own (the core releases the GIL)."""

    NONE = -(2 ** 63)

    def __init__(self, report: Callable[[int | None, int, float], None] | None, started: float, bound: int) -> None:
        self.report, self.started, self.bound = report, started, bound
        self.best = array("q", [self.NONE])
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True) if report else None

    def __enter__(self) -> array:  # type: ignore[type-arg]
        if self.thread:
            self.thread.start()
        return self.best

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        if self.thread:
            self.thread.join()

    def _run(self) -> None:
        assert self.report is not None
        wait = max(0.0, 0.5 - (time.perf_counter() - self.started))
        while not self.done.wait(wait):
            best = self.best[0]
            self.report(None if best == self.NONE else best, self.bound, time.perf_counter() - self.started)
            wait = 0.25


def _solution(tables: Tables, lexicon: Lexicon, words: CoreWords, total: int,
              others: list[tuple[str, int, str]], round_given: bool) -> Solution:
    """Return the play the core found, scored by the engine, checking it agrees with the core."""
    play = tables.play(words)
    round_awards: dict[int, dict[str, int]] = {}
    laconic = None
    if round_given and play.words:
        from novelty.rounds import round_bonuses  # only with the other players' words: off a plain search's imports

        names = [ME] + sorted({name for name, _, _ in others})
        scoring = [(ME, i, w.text) for i, w in enumerate(play.words)]
        awards, laconics = round_bonuses(scoring + others, names, tables.motifs)
        round_awards = awards[ME]
        laconic = laconics.get(ME)
    scored = score_play(play, None, tables.motifs, hand=tables.hand, pool=tables.pool, rules=tables.rules,
                        escaped=tables.escaped, round_awards=round_awards, round_given=round_given)
    solution = Solution(play, scored, tuple(_physical_unused(play, tables.hand, tables.pool)), tables.escaped,
                        laconic)
    if solution.total != total:  # pragma: no cover - a solver bug, never a user error
        raise NoveltyError(f"internal error: the compiled solver scored {play} as {total}, "
                           f"the engine as {solution.total}")
    return solution


# -- the reference solver ---------------------------------------------------------------------------


def _reference_tokens(hand: Counter[str], pool: Counter[str], motifs: Sequence[str],
                      escaped: str | None) -> Iterator[list[list[Card]]]:
    """Yield, for every way of granting the motifs' copies, the list of tokens (each a list of cards it can be)."""
    catalog = load_catalog()
    have = hand + pool

    def faces(kind: CardKind, copy_of: str | None) -> list[Card]:
        if kind.wild is not None:
            if kind.wild is WildKind.DOUBLE:
                return [Card(kind, a + b, True, copy_of=copy_of) for a in LETTERS for b in LETTERS]
            return [Card(kind, c, True, copy_of=copy_of) for c in LETTERS if kind.wild.allows(c)]
        assert kind.letters is not None
        if ESCAPED in motifs and escaped and kind.letters == escaped:
            return [Card(kind, c, c != escaped, copy_of=copy_of) for c in LETTERS]
        return [Card(kind, kind.letters, False, copy_of=copy_of)]

    base = [faces(catalog.kinds[k], None) for k in sorted(have.elements())]
    for motif, wild in FREE_WILDS.items():
        if motif in motifs:
            base.append([Card(None, c, True, free=motif) for c in LETTERS if wild.allows(c)])
    grants: list[list[list[Card]]] = [[]]
    for motif in REPEATS:
        if motif not in motifs:
            continue
        total, distinct, _ = REPEATS[motif]
        kinds = sorted(have)
        choices: list[list[str]] = []
        for n in range(1, total + 1):
            for combo in itertools.combinations_with_replacement(kinds, n):
                if len(set(combo)) <= distinct and (motif != "clones" or len(set(combo)) == n):
                    choices.append(list(combo))
        grants = [g + [faces(catalog.kinds[k], motif) for k in combo] for g in grants for combo in [[], *choices]]
    for grant in grants:
        yield base + grant


def reference_best(lexicon: Lexicon, hand: Counter[str], pool: Counter[str] | None = None,
                   motifs: Sequence[str] = (), *, rules: Rules = Rules(), escaped: str | None = None,
                   opponents: list[list[str]] | None = None) -> int:
    """Return the best total by trying everything (the oracle for :func:`solve`; tiny hands only)."""
    from novelty.rounds import round_bonuses  # the oracle only: off a plain search's imports

    pool = pool or Counter()
    motifs = motif_ids(motifs)
    best = None
    others = opponent_scoring(lexicon, opponents or [])
    names = [ME] + [f"opponent {n + 1}" for n in range(len(opponents or []))]
    for letter in escaped_choices(hand, pool, motifs, escaped):
        for tokens in _reference_tokens(hand, pool, motifs, letter):
            words = set()
            for r in range(1, len(tokens) + 1):
                for picked in itertools.permutations(range(len(tokens)), r):
                    for cards in itertools.product(*(tokens[i] for i in picked)):
                        word = Word(tuple(cards))
                        if is_playable(lexicon, word.text):
                            words.add(word)
            ordered = sorted(words, key=str)
            most = 1 if rules.one_word else len(tokens) // 2  # (a word takes two cards at least)
            for r in range(most + 1):
                for combo in itertools.combinations_with_replacement(ordered, r):
                    play = Play(tuple(combo))
                    try:
                        check_play(play, motifs, hand, pool, letter)
                    except RuleError:
                        continue
                    round_awards, laconic = {}, 0
                    if opponents is not None:
                        scoring = [(ME, i, w.text) for i, w in enumerate(play.words)]
                        awards, laconics = round_bonuses(scoring + others, names, motifs)
                        round_awards = awards[ME]
                        laconic = laconics[ME].points if ME in laconics else 0
                    total = score_play(play, lexicon, motifs, hand=hand, pool=pool, rules=rules, escaped=letter,
                                       round_awards=round_awards, round_given=opponents is not None).total + laconic
                    best = total if best is None else max(best, total)
    assert best is not None
    return best
