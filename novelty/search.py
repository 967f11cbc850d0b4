"""The bridge to the compiled search core (``novelty._core``): flat tables in, plays out.

Vocabulary (see also :mod:`novelty.solver`):

- a **class** is a set of card kinds held that score alike under the motifs in play (same letters,
  points, effect and, when a colour motif is in play, colour; every card of the Escaped from Captivity letter
  named, which reads as the same minor wild: :func:`novelty.scoring.score_signature`): ``e1 e2 e3`` are one
  class when no colour motif is out. Cards of one class are interchangeable, so the search lays down classes, never
  kinds, and hands kinds back (hand cards first) only when it writes the play out;
- a **resource** is what a word consumes: a class (as many as held), a repeat motif's copies
  (``+alliteration``: as many as it grants), or a motif's free wild;
- a **unit** is what a group is keyed by: a class, a repeat motif's copy *of one class*, or a free wild;
- a **face** is one way a unit is laid down, with the card facts the scorer reads. Every fact comes from
  :func:`novelty.scoring.card_readings`, the engine's own reading of a card, so the compiled scorer cannot drift
  from the engine's rules; its codes come from the tables the core exports (``_core.TARGETS`` ...).

The seam: :meth:`Tables.run` builds one :class:`CoreRequest` (the tables as flat arrays, the step index and the
:class:`~novelty.limits.Limit`), one private function sends it to the core, and the core's answer comes back as a
:class:`CoreAnswer`.
"""

from __future__ import annotations

import dataclasses
import os
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from novelty import _core
from novelty.catalog import LETTERS, CardKind, Colour, WildKind, load_catalog
from novelty.effects import Effect
from novelty.errors import NoveltyError
from novelty.limits import Limit
from novelty.play import ESCAPED, FREE_WILDS, REPEATS, Card, Play, Word
from novelty.scoring import (
    AWARD_POINTS,
    CARD_POINTS,
    COLOUR_MOTIFS,
    DOUBLING,
    LENGTH_POINTS,
    LETTER_POINTS,
    WORD_POINTS,
    Placed,
    Rules,
    card_readings,
    place,
    score_signature,
)
from novelty.steps import StepIndex


def _codes(names: Sequence[str]) -> dict[str, int]:
    """Return name -> code for one of the core's name tables (``shorter_word`` is ``shorter-word``)."""
    return {name.replace("_", "-"): code for code, name in enumerate(names)}


WILDS = _codes(_core.WILD_KINDS)
OPS = _codes(_core.OPS)
TARGETS = _codes(_core.TARGETS)
CONDITIONS = _codes(_core.CONDITIONS)
COUNTERS = _codes(_core.COUNTERS)
RESOURCE_KINDS = _codes(_core.RES_KINDS)
"""What a resource is: a class of cards, a minor repeat motif's copies, a free wild, or the pool of copies that
keep score and effect."""
MOTIFS = _codes(_core.MOTIFS)
"""Motifs the compiled scorer applies to a word (word motifs and the three awards)."""
COLOURS = {None: 0, Colour.RED: 1, Colour.BLUE: 2}
CHOICE_EXCLUDES = {*REPEATS, "unseen-character"}
"""Motifs under which :class:`Tables` cannot offer cards to choose from (one search per card instead)."""
_READ_FIELDS = [name for name in _core.FACE_FIELDS if name not in ("resource", "unit", "copy_motif", "later_twin")]
"""What the walk and the scorer read of a face wherever it stands: faces alike in all of it are twins."""

_WILD_SPELLS = {WildKind.ANY: LETTERS, WildKind.CONSONANT: "bcdfghjklmnpqrstvwxyz", WildKind.VOWEL: "aeiouy"}
"""The letters a one-letter wild may stand for (a Double Wild stands for two)."""


def _row(fields: Sequence[str], values: dict[str, int]) -> list[int]:
    """Return one table row in the core's field order (every field must be given)."""
    try:
        return [values[name] for name in fields]
    except KeyError:  # pragma: no cover - a bridge bug
        raise NoveltyError(f"internal error: table row lacks {sorted(set(fields) - set(values))}") from None


def _table(fields: Sequence[str], rows: Sequence[dict[str, int]]) -> array:  # type: ignore[type-arg]
    """Return rows as one flat ``array("i")``, each in the core's field order."""
    return array("i", [v for r in rows for v in _row(fields, r)])


def _walk_threads() -> int:
    """Return the threads a walk may share here: 2 where this process may run on two processors or more."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cpus = os.cpu_count() or 1
    return 2 if cpus >= 2 else 1


WALK_THREADS = _walk_threads()
"""The threads a search's walks that prune by ceilings share (big hands under a clock alone: the best words, the walks
by value, the bound from prices and the fixing's), and with two the packing by prices runs beside the refills and the
fill by walking after that bound: 2 on a machine with two processors or more, else 1. A work limit keeps one (the same
answer every time)."""

CoreWords = list[list[tuple[int, int, int, int]]]
"""A play as the core writes it: per word, per card (face, letter, letter or -1, repeat motif granting it a copy or
-1; ``len(Tables.repeats)`` for a choice card taken). :meth:`Tables.play` writes it out as a play."""


@dataclass(frozen=True, slots=True)
class CoreRequest:
    """One search as the compiled core takes it: the step index, the tables, what to answer, and the limits.

    The tables are flat ``array("i")`` rows in the core's field orders (``_core.FACE_FIELDS``, ``RES_FIELDS``,
    ``UNIT_FIELDS``, ``COPY_FIELDS``, ``GRANT_FIELDS``, ``PARAM_FIELDS``), built by :meth:`Tables.request`."""

    mask: array  # type: ignore[type-arg]
    """The step index's letter masks (:class:`~novelty.steps.StepIndex`)."""
    first: array  # type: ignore[type-arg]
    """The step index's first children."""
    faces: array  # type: ignore[type-arg]
    """Per face, the card facts the walk and the scorer read (:meth:`Tables.face_table`)."""
    resources: array  # type: ignore[type-arg]
    """Per resource, how many there are (and how many of them are hand cards) and what it is."""
    units: array  # type: ignore[type-arg]
    """Per unit, its resource, the repeat motif copying it (or -1) and how many a word may take."""
    copies: array  # type: ignore[type-arg]
    """Per copy motif (the repeat motifs in play, then the choice): how many copies in all, of how many classes."""
    grants: array  # type: ignore[type-arg]
    """Per class a copy motif may grant copies of (copies that keep score and effect): how many at most."""
    motifs: array  # type: ignore[type-arg]
    """The codes of the motifs the scorer applies to words, in flip order (:meth:`Tables.motif_codes`)."""
    params: array  # type: ignore[type-arg]
    """The search's scalars (:meth:`Tables.params`)."""
    top: int
    """How many plays to answer (at most ``_core.MAX_TOP``)."""
    seconds: float
    """The time limit (0.0: none)."""
    max_groups: int
    max_options: int
    max_states: int
    anytime_groups: int
    """The memory caps (:class:`~novelty.limits.Caps`)."""
    progress: array | None  # type: ignore[type-arg]
    """An ``array("q")`` of one item the core writes the best total found so far to while it runs, or None."""
    work: int
    """The most steps of search (0: no limit)."""
    facts: bytes | None = None
    """The step index's subtree facts (:meth:`~novelty.steps.StepIndex.facts`), or None. With them and a time limit,
    the search first walks for its best words below the nodes whose ceiling beats the best word found."""
    threads: int = 1
    """The threads a walk that prunes by ceilings may share under a clock alone, 1 or 2 (:data:`WALK_THREADS`): the
    walkers take the nodes one card down from the root in turn (``novelty/csrc/walk.c``, ``walk_shared``)."""


@dataclass(frozen=True, slots=True)
class CoreAnswer:
    """The compiled core's answer to one :class:`CoreRequest`."""

    plays: tuple[tuple[int, CoreWords], ...]
    """The best plays found, best first: (total as the compiled scorer scored it, words)."""
    walk_done: bool
    """Whether the walk found every word (no limit stopped it)."""
    pack_done: bool
    """Whether the packing finished: with :attr:`walk_done`, ``plays[0]`` is proved best (:attr:`proved`)."""
    bound: int | None
    """No play scores more (the packing's bound, over every word); None when the walk did not finish, or the packing
    had no time or room left to compute it (:meth:`Tables.relaxed_bound` holds then)."""
    priced_bound: int | None
    """When the walk did not finish: no play scores more, from prices on the resources and every word's ceiling
    (``novelty/csrc/price.c``); None when it could not be had in time."""
    stats: dict[str, int | float | bool]
    """Figures: sequences and groups found, nodes visited, seconds per phase, which memory cap was met..."""

    @property
    def proved(self) -> bool:
        """Return whether the search finished: no play scores more than ``plays[0]``."""
        return self.walk_done and self.pack_done


def send(r: CoreRequest) -> CoreAnswer:
    """Run the compiled search on one request (the core reads its fields by name); return its answer. The one place
    Python calls ``_core.solve``; how a time or work limit is shared out between the search's phases is the core's
    policy (``novelty/csrc/budget.h``)."""
    raw = _core.solve(r)
    return CoreAnswer(**{**raw, "plays": tuple(raw["plays"])})


def best_doubling(values: Sequence[int], lengths: Sequence[int], doublers: Sequence[int]) -> int:
    """Return the compiled core's best total of words with these values, lengths and shorter-word doublers (ruling
    E2), the play-level doubles alone (held to the engine by the tests)."""
    return int(_core.best_doubling(list(values), list(lengths), list(doublers)))


BEST_WORDS_CARDS = 16
"""The fewest cards (hand and pool) for which a search under a time limit is given the word list's facts: it walks for
its best words first and bounds every word from prices. At 16 cards it first searches without them with half the
limit (its walk over every word may finish and prove the play: the core's PLAIN_FIRST_CARDS)."""


@dataclass(frozen=True, slots=True)
class BestWord:
    """The best single word some cards can spell (:func:`best_word`)."""

    total: int
    """Its score (awards it could earn included); the lowest int64 when no word was found."""
    cards: tuple[tuple[int, int, int], ...]
    """Its cards as the core lays them: (face, letter, letter or -1)."""
    root: int
    """The ceiling at the start of the walk: no word of these cards scores more."""
    most: int
    """No word scores more: :attr:`total` when the walk finished; else (cut short by its limit) the most the ceiling of
    a node it left unwalked is, or :attr:`total` if more."""
    sequences: int
    """Card sequences scored."""
    nodes: int
    """Nodes of the step index reached (each with its ceiling worked out)."""
    pruned: int
    """Nodes left because no word below them could beat the best found."""
    over: int
    """Words scored above a ceiling on their way: 0, or a ceiling is wrong (the tests hold it to 0)."""
    done: bool
    """Whether the walk finished: then :attr:`total` is the best word."""
    seconds: float
    kept: int = 0
    """With ``keep``: the groups of words kept (every word over the floor, by the units it takes)."""
    kept_total: int = 0
    """With ``keep``: their best scores, added up."""


def best_word(steps: StepIndex, r: CoreRequest, prune: bool = True, prices: Sequence[int] | None = None,
              copies: int | None = None, letters: int | None = None, floor: int | None = None,
              given: Sequence[int] | None = None, doubles: int | None = None,
              beside: Sequence[tuple[int, Sequence[int]] | tuple[int, Sequence[int], int]] | None = None,
              threads: int = 1, keep: bool = False, pair_over: int = 0, needs: int = 0, room: int = 0) -> BestWord:
    """Return the best single word of a request's cards, walking only below the nodes of the step index whose
    ceiling (``novelty/csrc/ceiling.c``) is over the best word found so far; without ``prune``, every node, each word
    then held to the ceiling of every node on its way (:attr:`BestWord.over`). Its limits are the request's.

    With ``prices`` (what a unit of each of the request's resources costs, in 1/1024 points; more entries are
    ignored), :attr:`BestWord.total` is the most a word beats its prices by, in 1/1024 points: without ``prune`` every
    node is walked and each word's value less its units' prices is held to the priced ceilings on its way; with it,
    the walk the doubling bound takes (``floor``: the most found over it, else the floor). ``copies`` and
    ``letters`` keep to the words taking at most that many copies from the repeat motifs' pool and that many letters:
    what the bound from prices allows shorter-word doubles. With ``floor``, the best word scoring more than it
    (:attr:`BestWord.total` is the floor when none does): the walks the bound from prices takes from floors over the
    best word found when the search's walk for it was cut short. ``given`` (units of each resource): they are taken
    by other words (of a class, those past its cards held are copies from the pool), as the words holding a doubled
    word's doubles take theirs (``novelty/csrc/doubled.c``); ``doubles``: the most shorter-word doubles the word holds
    itself (the others are in other words, doubling it). ``beside`` (with ``prices`` and ``prune``): (letters,
    units of each resource) of words, one of which the word must fit beside, longer than it: the words holding two
    doubles or more a doubled word's own are beside (``novelty/csrc/price.c``); with ``pair_over`` (> 0), a word of
    more letters must fit beside two of them that fit together, both longer than it (when no other word but one holds
    two of its doubles, it is no longer than that: ``novelty/csrc/doubling.c``); with ``needs`` (> 0), the words it fits
    beside hold that many doubles between them (a third entry, the doubles a word holds: 2 if left out), or the
    ``room`` (letters a play holds) they and it leave holds one more word longer than it: the doubles of a word doubled
    ``needs`` times are all in longer words. ``threads`` (2): a walk that prunes
    is shared by two walkers, as a search under a clock shares it (:data:`WALK_THREADS`). ``keep`` (with ``floor``,
    unpriced): every word scoring more than the floor is kept in its group, the floor staying where it is (the walks by
    value), :attr:`BestWord.kept` and :attr:`BestWord.kept_total` say what was kept."""
    r = dataclasses.replace(r, threads=threads)
    raw = _core.best_word(r, steps.facts(), prune, None if prices is None else list(prices),
                          -1 if copies is None else copies, letters or 0, -(2**63) if floor is None else floor,
                          None if given is None else list(given), -1 if doubles is None else doubles,
                          None if beside is None else sorted(beside, key=lambda word: -word[0]), keep, pair_over,
                          needs, room)
    cards = tuple(tuple(card) for card in raw["word"])
    return BestWord(raw["best"], cards, raw["root"], raw["most"], raw["sequences"], raw["nodes"], raw["pruned"],
                    raw["over"], raw["done"], raw["seconds"], raw["kept"], raw["kept_total"])


def spellings(steps: StepIndex, r: CoreRequest, word: str | None = None, most: Sequence[int] | None = None
              ) -> list[tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Return every group the compiled walk finds of a request's cards (without scoring limits): (a word it spells,
    its units, the units it takes of each resource, its best score per award combination). With ``word``, only that
    word's spellings, walked along its letters (how the search spells a word found with a wild again, with a card or a
    copy of the wild's letter: ``novelty/csrc/respell.c``); with ``most``, only within that many units of each
    resource."""
    raw = _core.spellings(r, word, None if most is None else list(most))
    return [(w, tuple(units), tuple(taken), tuple(bests)) for w, units, taken, bests in raw]


def list_words(steps: StepIndex, pieces: array, seconds: float = 0.0) -> tuple[int, bool]:  # type: ignore[type-arg]
    """Return (distinct words of four or more letters some cards can spell, whether the listing finished) by the
    compiled walk without scoring: the least any exact solver must do (the benchmark's floor). ``pieces``: rows of
    (wild kind code, letter, second letter or -1, how many), ``array("i")``; ``seconds``: a time limit (0: none)."""
    words, done = _core.list_words(steps.mask, steps.first, pieces, seconds)
    return int(words), bool(done)


def effect_facts(effect: Effect | None) -> dict[str, int]:
    """Return the scorer's codes for a card effect (all zero codes for none)."""
    if effect is None:
        return {"op": OPS["none"], "amount": 0, "target": 0, "condition": 0, "length": 0, "per": 0}
    return {"op": OPS[effect.op.value], "amount": effect.amount, "target": TARGETS[effect.target.value],
            "condition": CONDITIONS[effect.condition.value] if effect.condition else 0,
            "length": effect.length, "per": COUNTERS[effect.per.value] if effect.per else 0}


def card_facts(placed: Placed, colours: bool, as_y: Placed | None = None) -> dict[str, int]:
    """Return what the scorer reads of a placed card: points, colour, wild, effect, and (from ``as_y``,
    the same card standing for Y) whether its Y is the player's choice (0), a consonant (1) or a vowel (2)."""
    y_rule = 0 if as_y is None or as_y.y_vowel is None else 2 if as_y.y_vowel else 1
    return {"points": placed.points, "colour": COLOURS[placed.colour] if colours else 0,
            "is_wild": int(placed.wild), "y_rule": y_rule, **effect_facts(placed.effect)}


class FaceInfo(NamedTuple):
    """How to write a face back as a card."""

    cls: int
    """The class (index into ``Tables.classes``), or -1 for a free wild."""
    copy_of: str | None
    free: str | None
    printed: str | None
    """For a card turned wild by Escaped from Captivity: its printed letter."""


@lru_cache(maxsize=4096)
def _read_faces(kind: CardKind, copy_of: str | None, motifs: tuple[str, ...], escaped: str | None, rules: Rules,
                colours: bool) -> list[tuple[str, dict[str, int]]]:
    """Return (sample letters, facts) for each way a card may be read (:func:`~novelty.scoring.card_readings`),
    cached: many searches under the same motifs read the same cards. Keyed by the kind itself, every printed fact of
    it, not its id: a house variant's ``q2`` worth 3 is not the printed ``q2``. Callers must not change what it
    returns."""
    return [(reading.letters, card_facts(reading.placed, colours, reading.as_y))
            for reading in card_readings(kind, copy_of, motifs, escaped, rules)]


class Tables:
    """One search's tables: classes, resources, units and faces for a hand, pool and motifs.

    ``choice`` cards may join the hand, at most ``most`` of them: one search then answers "which of these cards
    would I best take?" (a draft pick: one of the pack) or "which would I best keep?" (giving cards up). They are
    granted like the copies of a repeat motif, out of a pool of ``most``. Not under a repeat motif (it could copy
    an offered card the play does not take) or Unseen Character (it counts the cards held).
    """

    def __init__(self, hand: Counter[str], pool: Counter[str], motifs: Sequence[str], rules: Rules,
                 escaped: str | None, choice: Counter[str] | None = None, most: int = 0) -> None:
        self.hand, self.pool, self.motifs, self.rules = hand, pool, list(motifs), rules
        self.choice, self.most = choice or Counter(), most
        self.active = set(motifs)
        self.escaped = escaped if ESCAPED in self.active else None
        self.colours = bool(self.active & COLOUR_MOTIFS)
        self.catalog = load_catalog()
        self.repeats = [m for m in REPEATS if m in self.active]
        if self.choice and self.active & CHOICE_EXCLUDES:
            raise NoveltyError(f"internal error: cards to choose from under {sorted(self.active & CHOICE_EXCLUDES)}")
        self.faces: list[dict[str, int]] = []
        self.info: list[FaceInfo] = []
        self.resources: list[dict[str, int]] = []
        self.units: list[dict[str, int]] = []
        self._classes()
        self._physical()
        self._copies()
        self._free_wilds()
        self._twins()

    # -- classes ------------------------------------------------------------------------------------

    def _face_variants(self, kind: CardKind, copy_of: str | None) -> list[tuple[str, dict[str, int]]]:
        """Return (sample letters, facts) for each way a card of ``kind`` may be read (two when escaped)."""
        return _read_faces(kind, copy_of, tuple(self.motifs), self.escaped, self.rules, self.colours)

    def _signature(self, kind: CardKind) -> tuple[Any, ...]:
        """Return what decides a kind's score under the motifs: kinds with equal signatures form a class.

        The Escaped from Captivity letter is given, so every card of that letter reads as the same minor wild
        and is one class, whatever it prints (decision help's :func:`~novelty.advise.signatures` names no letter:
        its choices are printed cards)."""
        return score_signature(kind, self.motifs, self.escaped, self.rules)

    def _classes(self) -> None:
        have = self.hand + self.pool + self.choice
        order = sorted(have, key=lambda k: (self.catalog.kinds[k].wild is not None, k))
        by_signature: dict[tuple[Any, ...], int] = {}
        self.classes: list[list[str]] = []
        for ident in order:
            sig = self._signature(self.catalog.kinds[ident])
            if sig not in by_signature:
                by_signature[sig] = len(self.classes)
                self.classes.append([])
            self.classes[by_signature[sig]].append(ident)

    # -- resources, units, faces --------------------------------------------------------------------

    def _add_faces(self, kind: CardKind, resource: int, unit: int, cls: int, copy_motif: int,
                   copy_of: str | None) -> None:
        variants = self._face_variants(kind, copy_of)
        base = {"resource": resource, "unit": unit, "copy_motif": copy_motif}
        wild = WILDS[kind.wild.value] if kind.wild is not None else WILDS["fixed"]
        if len(variants) == 2:  # escaped: a wild face, and the face it has when it spells its printed letter
            letter = LETTERS.index(variants[1][0])
            first = len(self.faces)
            self.faces.append({**base, **variants[0][1], "wild": WILDS["any"], "letter1": -1, "letter2": -1,
                               "printed": letter, "as_printed": first + 1})
            self.faces.append({**base, **variants[1][1], "wild": WILDS["any"], "letter1": -1, "letter2": -1,
                               "printed": -2, "as_printed": -1})
            self.info += [FaceInfo(cls, copy_of, None, variants[1][0])] * 2
            return
        letters, facts = variants[0]
        codes = [LETTERS.index(c) for c in letters] + [-1, -1]
        self.faces.append({**base, **facts, "wild": wild, "letter1": codes[0], "letter2": codes[1],
                           "printed": -1, "as_printed": -1})
        self.info.append(FaceInfo(cls, copy_of, None, None))

    def _physical(self) -> None:
        for cls, kinds in enumerate(self.classes):
            r = len(self.resources)
            self.resources.append({"capacity": sum(self.hand[k] + self.pool[k] for k in kinds),
                                   "hand": sum(self.hand[k] for k in kinds), "kind": RESOURCE_KINDS["cards"]})
            self.units.append({"resource": r, "copy_motif": -1, "cap": self.resources[r]["capacity"]})
            self._add_faces(self.catalog.kinds[kinds[0]], r, r, cls, -1, None)

    def _copyable(self, motif: str) -> list[int]:
        """Return the classes a repeat motif may copy (Fight Back to Back: vowel cards only)."""
        return [c for c, kinds in enumerate(self.classes) if motif != "fight-back-to-back"
                or Card(self.catalog.kinds[kinds[0]], "", False).is_vowel_card]

    def _copies(self) -> None:
        """Lay out the repeat motifs' copies.

        A copy that keeps score and effect reads exactly like its card, so it is no face of its own: the walk
        lets a class run past the cards held by what the motifs grant it (``grants``), and the packing takes
        each copy from one shared pool of copies (which motif grants which copy is settled per play). A minor
        copy (worth 0, no effect) is a face of its own, with a resource per motif and a unit per class copied;
        or one unit for all its faces when the motif grants one copy in all (Chekhov's Gun, My Name is): no
        limit then cares which card it copies, so words that differ only there are one group, their best kept
        (a third to two thirds fewer groups on hands with such a copy and a wild).
        """
        self.copy_limits: list[dict[str, int]] = []
        self.grants: list[dict[str, int]] = []
        for m, motif in enumerate(self.repeats):
            total, distinct, keeps = REPEATS[motif]
            self.copy_limits.append({"total": total, "distinct": distinct, "twin": int(keeps)})
            copyable = self._copyable(motif)
            if keeps:
                for cls in copyable:
                    cap = min(total, len(self.classes[cls])) if motif == "clones" else total
                    self.grants.append({"copy_motif": m, "resource": cls, "cap": cap})
                continue
            if copyable:
                self._minor_copies(m, motif, total, copyable)
        self._choice()
        pool = sum(self.copy_limits[m]["total"] for m in {g["copy_motif"] for g in self.grants})
        if pool:
            self.resources.append({"capacity": pool, "hand": 0, "kind": RESOURCE_KINDS["copy-pool"]})

    def _choice(self) -> None:
        """Grant the choice cards as copies that keep score and effect, out of a pool of ``most`` (after the repeat
        motifs: their copy-motif number is ``len(self.repeats)``), each class as many as it has choice cards."""
        if not self.choice or self.most <= 0:
            return
        m = len(self.copy_limits)
        self.copy_limits.append({"total": self.most, "distinct": self.most, "twin": 1})
        for cls, kinds in enumerate(self.classes):
            if offered := sum(self.choice[k] for k in kinds):
                self.grants.append({"copy_motif": m, "resource": cls, "cap": min(self.most, offered)})

    def _minor_copies(self, m: int, motif: str, total: int, copyable: list[int]) -> None:
        """Lay out the minor copies of repeat motif ``m``: a resource, and a unit and faces per class copied; or,
        when it grants one copy in all, one unit, and only the copies that read differently."""
        r = len(self.resources)
        self.resources.append({"capacity": total, "hand": 0, "kind": RESOURCE_KINDS["minor-copies"]})
        kinds = [self.catalog.kinds[self.classes[cls][0]] for cls in copyable]
        wilds = self._wild_copies(kinds) if total == 1 else []
        seen: set[tuple[Any, ...]] = set()
        unit = -1
        for cls, kind in zip(copyable, kinds, strict=True):
            if unit < 0 or total > 1:  # one copy in all: which card it copies is no limit's business
                unit = len(self.units)
                self.units.append({"resource": r, "copy_motif": m, "cap": total})
            if total == 1:  # and a copy reading exactly like one already laid out, or a wild's, adds nothing
                reading = self._copy_reading(kind, motif)
                if reading in seen or any(self._stands_for(wild, kind, motif) for wild in wilds):
                    continue
                seen.add(reading)
            self._add_faces(kind, r, unit, cls, m, motif)

    def _copy_reading(self, kind: CardKind, motif: str) -> tuple[Any, ...]:
        """Return everything the core reads of a minor copy of ``kind``: its letters, wild kind and facts."""
        return (kind.letters, kind.wild, tuple(tuple(sorted(f.items())) for _, f in self._face_variants(kind, motif)))

    def _wild_copies(self, kinds: list[CardKind]) -> list[CardKind]:
        """Return the one-letter wilds among ``kinds`` whose minor copy may stand in for a letter card's: none when
        something reads a card's being wild (Wild Child, Hermit, an effect that wants no wilds) or under Escaped."""
        if self.escaped or self.active & {"wild-child", "hermit"} or any(
                f["condition"] == CONDITIONS["no-wilds"] for f in self.faces):
            return []
        return [kind for kind in kinds if kind.wild in _WILD_SPELLS]

    def _stands_for(self, wild: CardKind, kind: CardKind, motif: str) -> bool:
        """Return whether a minor copy of ``wild`` standing for the one letter of ``kind`` reads exactly as a minor
        copy of ``kind``: it then spells every word that copy does, to the same score."""
        if kind.wild is not None or kind.letters is None or len(kind.letters) != 1 \
                or wild.wild is None or kind.letters not in _WILD_SPELLS[wild.wild]:
            return False

        def read(card: CardKind) -> dict[str, int]:  # being wild is read by nothing here; how a Y counts, by a Y
            facts = self._face_variants(card, motif)[0][1]
            return {**facts, "is_wild": 0, "y_rule": facts["y_rule"] if kind.letters == "y" else 0}

        return read(wild) == read(kind)

    def _free_wilds(self) -> None:
        for motif, wild in FREE_WILDS.items():
            if motif not in self.active:
                continue
            r = len(self.resources)
            self.resources.append({"capacity": 1, "hand": 0, "kind": RESOURCE_KINDS["free-wild"]})
            unit = len(self.units)
            self.units.append({"resource": r, "copy_motif": -1, "cap": 1})
            placed = [place(Word((Card(None, c, True, free=motif),)), self.motifs, self.escaped, self.rules)[0]
                      for c in "ay"]
            self.faces.append({"resource": r, "unit": unit, "copy_motif": -1,
                               **card_facts(placed[0], self.colours, placed[1]), "wild": WILDS[wild.value],
                               "letter1": -1,
                               "letter2": -1, "printed": -1, "as_printed": -1})
            self.info.append(FaceInfo(-1, None, motif, None))

    def _twins(self) -> None:
        """Link faces of different units that read exactly alike (a wild and its minor copy, both worth 0): each
        face's ``later_twin`` is the next such face (its index). The scorer reads neither a face's unit, its resource
        nor the motif copying it, and no limit on copies cares where in a word a copy stands, so swapping two
        twins changes neither a word's group nor its score: the walk lays a face only before its later twin."""
        by_reading: dict[tuple[int, ...], list[int]] = {}
        for i, face in enumerate(self.faces):
            face["later_twin"] = -1
            if face["as_printed"] == -1 and face["printed"] == -1:  # (not Escaped's pairs, which point at faces)
                by_reading.setdefault(tuple(face[k] for k in _READ_FIELDS), []).append(i)
        for twins in by_reading.values():
            twins.sort(key=lambda i: self.faces[i]["unit"])
            for earlier, later in zip(twins, twins[1:], strict=False):
                if self.faces[earlier]["unit"] != self.faces[later]["unit"]:
                    self.faces[earlier]["later_twin"] = later

    # -- the call -----------------------------------------------------------------------------------

    def motif_codes(self) -> array:  # type: ignore[type-arg]
        """Return the codes of the motifs the scorer applies to words, in flip order."""
        return array("i", [MOTIFS[m] for m in self.motifs if m in MOTIFS])

    def params(self, round_given: bool, opponents: list[tuple[str, int, str]]) -> array:  # type: ignore[type-arg]
        """Return the search's scalars: rule switches, play- and round-level motifs, the opponents' words, the
        most words a play may hold (0: no limit; 1 under the one-word house rule), and what a round award is worth
        (:data:`~novelty.scoring.AWARD_POINTS`)."""
        counts = Counter(name for name, _, _ in opponents)
        values = {
            "motifs_after_cards": int(self.rules.motifs_after_card_effects),
            "my_name_is_extra": int(self.rules.my_name_is_counts_extra_copies),
            "round_given": int(round_given), "unseen": int("unseen-character" in self.active),
            "laconic": int("laconic" in self.active and round_given),
            "grandiloquent": int("grandiloquent" in self.active),
            "sesquipedalian": int("sesquipedalian" in self.active and round_given),
            "pangram": int("pangram" in self.active and round_given),
            "opp_longest": max([len(w) for _, _, w in opponents], default=0),
            "opp_most_distinct": max([len(set(w)) for _, _, w in opponents], default=0),
            "opp_fewest_words": min(counts.values(), default=0),
            "max_words": 1 if self.rules.one_word else 0,
            "award_points": AWARD_POINTS,
        }
        return _table(_core.PARAM_FIELDS, [values])

    def score_word(self, cards: Sequence[tuple[int, int, int]], awards: tuple[int, int, int],
                   faces: array | None = None) -> int:  # type: ignore[type-arg]
        """Return the compiled scorer's total for one word, as (face, letter, letter) cards (:meth:`face_of`), under
        the awards (Grandiloquent, Sesquipedalian, Pangram points); ``faces``: :meth:`face_table`, when the caller
        scores many words."""
        return int(_core.score_word(self.face_table() if faces is None else faces, self.motif_codes(),
                                    int(self.rules.motifs_after_card_effects),
                                    int(self.rules.my_name_is_counts_extra_copies), list(cards), awards))

    def face_table(self) -> array:  # type: ignore[type-arg]
        """Return the faces as the core reads them: one row of ``_core.FACE_FIELDS`` per face, flat (what
        ``_core.score_word`` takes, and the ``faces`` of a :class:`CoreRequest`)."""
        return _table(_core.FACE_FIELDS, self.faces)

    def run(self, steps: StepIndex, round_given: bool, opponents: list[tuple[str, int, str]], top: int,
            limit: Limit, progress: array | None = None) -> CoreAnswer:  # type: ignore[type-arg]
        """Run the compiled search for the ``top`` best plays; return its answer.

        ``round_given``: the round's motifs count, against ``opponents`` (their words: (name, index, word)). Any part
        of ``limit`` may stop the search (with a time limit, the walk stops after three quarters of it, the packing
        after all of it). ``progress`` (``array("q", [...])``) is given the best total found so far while the search
        runs.
        """
        return send(self.request(steps, round_given, opponents, top, limit, progress))

    def request(self, steps: StepIndex, round_given: bool, opponents: list[tuple[str, int, str]], top: int,
                limit: Limit, progress: array | None = None) -> CoreRequest:  # type: ignore[type-arg]
        """Return the request :meth:`run` sends the core (the same arguments)."""
        caps = limit.caps
        return CoreRequest(
            mask=steps.mask, first=steps.first, faces=self.face_table(),
            resources=_table(_core.RES_FIELDS, self.resources), units=_table(_core.UNIT_FIELDS, self.units),
            copies=_table(_core.COPY_FIELDS, self.copy_limits), grants=_table(_core.GRANT_FIELDS, self.grants),
            motifs=self.motif_codes(), params=self.params(round_given, opponents), top=min(top, _core.MAX_TOP),
            seconds=limit.time or 0.0, max_groups=caps.groups, max_options=caps.options, max_states=caps.states,
            anytime_groups=caps.anytime_groups, progress=progress, work=limit.work or 0,
            facts=steps.facts() if self.best_words_first(limit) else None, threads=WALK_THREADS)

    def best_words_first(self, limit: Limit) -> bool:
        """Return whether the search first walks for its best words (the core's first phase, given the step index's
        facts): under a time limit alone, for a hand and pool of :data:`BEST_WORDS_CARDS` cards or more (smaller
        ones are walked whole in a few milliseconds or seconds, and would pay 20 ms for the facts on a first search)."""
        return bool(limit.time) and not limit.work and sum((self.hand + self.pool).values()) >= BEST_WORDS_CARDS

    # -- a bound that needs no word list ------------------------------------------------------------

    def relaxed_bound(self, round_given: bool) -> int:
        """Return a score no play of these cards can beat, whatever the word list holds.

        Every addition is at least 0 and every factor at least 1, and all additions come before the
        multiplications, so a play is worth at most (everything its cards and motifs could add) times
        (every factor any card, motif or shorter-word double could apply), as if it were one word. What each motif
        adds or multiplies by is read from the engine's tables (:data:`~novelty.scoring.WORD_POINTS` ...).
        """
        granted = {g["resource"] for g in self.grants}
        units = []  # (how many, the faces each may be): cards, minor copies, free wilds, and the pool of copies
        for i, resource in enumerate(self.resources):
            pool = resource["kind"] == RESOURCE_KINDS["copy-pool"]
            faces = [f for f in self.faces if (f["resource"] in granted if pool else f["resource"] == i)]
            units.append((resource["capacity"], faces))
        letters = sum(n * max(2 if f["wild"] == WILDS["double"] or f["letter2"] >= 0 else 1 for f in faces)
                      for n, faces in units)
        words = max(1, letters // 4)
        adds, factor, doubles = 0, 1, 0
        for n, faces in units:
            adds += n * max(self._most_added(f, letters) for f in faces)
            factor *= max(self._factor(f) for f in faces) ** n
            if any(f["op"] == OPS["multiply"] and f["target"] == TARGETS["shorter-word"] for f in faces):
                doubles += n
        # a word's length, its repeated letters (My Name is), the longest word's length (Grandiloquent): each at most
        # one point per letter of the play
        per_letter = LENGTH_POINTS | {"my-name-is", "grandiloquent"}
        per_word = dict(WORD_POINTS)
        if round_given:
            per_word |= {"sesquipedalian": AWARD_POINTS, "pangram": AWARD_POINTS}
        adds += sum(letters for m in self.active & per_letter) + sum(words * v for m, v in per_word.items()
                                                                     if m in self.active)
        factor *= 2 ** len(self.active & DOUBLING)
        laconic = AWARD_POINTS if round_given and "laconic" in self.active else 0
        return adds * factor * 2 ** doubles + laconic

    def _most_added(self, face: dict[str, int], letters: int) -> int:
        """Return the most a card's own points, its added effects and per-card motifs can add to a play."""
        width = 2 if face["wild"] == WILDS["double"] or face["letter2"] >= 0 else 1
        total = max(0, face["points"])
        if face["op"] == OPS["add"]:
            reach = {COUNTERS["adjacent-vowel"]: 2, COUNTERS["adjacent-consonant"]: 2}.get(face["per"], letters)
            hits = {TARGETS["adjacent"]: 2, TARGETS["all"]: letters}.get(face["target"], 1)
            total += face["amount"] * (reach if face["per"] else hits)
        total += sum(width for m in LETTER_POINTS if m in self.active)  # a point per letter at most
        total += CARD_POINTS["wild-child"] * face["is_wild"] if "wild-child" in self.active else 0
        total += sum(CARD_POINTS[m] for m in ("red-symbolism", "blue-symbolism") if m in self.active)
        return total

    @staticmethod
    def _factor(face: dict[str, int]) -> int:
        """Return the factor a card's effect may multiply by (1 for none, and for a shorter-word double)."""
        if face["op"] != OPS["multiply"] or face["target"] == TARGETS["shorter-word"]:
            return 1
        return face["amount"]

    # -- writing plays back, and reading cards in --------------------------------------------------

    def face_of(self, card: Card) -> tuple[int, int, int]:
        """Return the core's (face, letter, letter) for a card of this hand, pool or motifs."""
        codes = [LETTERS.index(c) for c in card.letters] + [-1]
        if card.free:
            cls, copy_of = -1, None
        else:
            assert card.kind is not None
            cls = next(c for c, kinds in enumerate(self.classes) if card.kind.id in kinds)
            copy_of = None if card.copy_of is None else card.copy_of or self.repeats[0]
            if copy_of is not None and REPEATS[copy_of][2]:
                copy_of = None  # a copy that keeps score and effect reads exactly like its card
        for face, info in enumerate(self.info):
            if info.cls == cls and info.copy_of == copy_of and info.free == card.free:
                if info.printed is not None and card.letters == info.printed:
                    face = self.faces[face]["as_printed"]
                return face, codes[0], codes[1]
        raise NoveltyError(f"no face for {card}")  # pragma: no cover - a bridge bug


    def play(self, words: Sequence[Sequence[tuple[int, int, int, int]]]) -> Play:
        """Return the play the core's cards spell: (face, letter, letter, repeat motif granting it a copy or -1),
        with kinds handed out hand cards first."""
        return self.play_choosing(words)[0]

    def play_choosing(self, words: Sequence[Sequence[tuple[int, int, int, int]]]) -> tuple[Play, Counter[str]]:
        """Return the play the core's cards spell (see :meth:`play`) and the choice cards it takes into the hand."""
        queues = [[k for k in kinds for _ in range(self.hand[k])] + [k for k in kinds for _ in range(self.pool[k])]
                  for kinds in self.classes]
        offered = [[k for k in kinds for _ in range(self.choice[k])] for kinds in self.classes]
        chosen: Counter[str] = Counter()
        copied: Counter[tuple[str, int]] = Counter()
        out = []
        for word in words:
            cards = []
            for face, a, b, granted in word:
                info = self.info[face]
                letters = LETTERS[a] + (LETTERS[b] if b >= 0 else "")
                if info.free:
                    cards.append(Card(None, letters, True, free=info.free))
                    continue
                kinds = self.classes[info.cls]
                if granted == len(self.repeats):  # a choice card taken
                    ident = offered[info.cls].pop(0)
                    chosen[ident] += 1
                    kind = self.catalog.kinds[ident]
                    cards.append(Card(kind, letters, kind.wild is not None))
                    continue
                copy_of = self.repeats[granted] if granted >= 0 else info.copy_of
                if copy_of:  # clones copies different kinds; other motifs repeat one card
                    n = copied[(copy_of, info.cls)]
                    copied[(copy_of, info.cls)] += 1
                    ident = kinds[n] if copy_of == "clones" else kinds[0]
                else:
                    ident = queues[info.cls].pop(0)
                kind = self.catalog.kinds[ident]
                wild_letters = kind.wild is not None or (info.printed is not None and letters != info.printed)
                cards.append(Card(kind, letters, wild_letters, copy_of=copy_of))
            out.append(Word(tuple(cards)))
        return Play(tuple(out)), chosen
