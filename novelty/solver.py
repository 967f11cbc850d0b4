"""The best-play solver: the play that scores most from a hand plus the common pool, and the runners-up.

Vocabulary: a **resource** is something a word consumes: a card kind from the hand or pool (as many
as the player holds), a repeat motif's copies (``+alliteration``), or a motif's free wild. A
**group** is every card sequence spelling a playable word from the same resources (``s1 t1 a1 r1 e1``
and ``t1 e1 a1 r1 s1`` are one group); a play takes at most one sequence per group it uses, the
one scoring most.

How it works (:func:`solve`):

1. **Words.** A depth-first walk of the lexicon's :class:`~novelty.lexicon.StepIndex` lays resources
   down one at a time, following only letters some word continues with (a wild follows exactly the
   children of the node it stands on). Every sequence spelling a word of four or more letters joins
   its group.
2. **Scores.** Each sequence is scored by the engine (:func:`novelty.scoring.score_word`), with and
   without the play- and round-level bonuses it could earn, so each group knows its best value and an
   upper bound.
3. **Plays.** A branch-and-bound search packs groups into plays without using any resource more
   often than it exists, and keeps the ``top`` best. A play's exact value (grandiloquent, shorter-word
   doubles, unseen character, round motifs) is computed only when its optimistic value could enter
   the top; a subtree is cut when an upper bound (each resource's best share of any word it can be
   in, plus the most doubling could add) cannot beat the K-th best play.
4. Every returned play is scored again by :func:`novelty.scoring.score_play`, exactly as
   ``novelty score`` would, and must agree.

:func:`reference_best` is the obvious version kept as the oracle: it tries every arrangement of every
subset of the cards, every letter for every wild, and every combination of the words found.
"""

from __future__ import annotations

import heapq
import itertools
import string
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from novelty.catalog import VOWELS, CardKind, WildKind, load_catalog
from novelty.effects import Target
from novelty.errors import NoveltyError, RuleError
from novelty.lexicon import Lexicon
from novelty.play import ESCAPED, FREE_WILDS, REPEATS, Card, Play, Word, cards_used, check_play
from novelty.rounds import round_bonuses
from novelty.scoring import (
    Adjustment,
    PlayScore,
    Rules,
    best_doubling,
    motif_ids,
    motif_notes,
    place,
    score_checked_word,
    score_play,
)
from novelty.words import MIN_WORD_LENGTH, is_playable

ME = "you"
"""The solved player's name among opponents in round-level comparisons."""

MAX_CARDS = 40
"""The most hand plus pool cards a search accepts."""

_LETTERS = string.ascii_lowercase
_CLASS = {c: "v" if c in VOWELS else "y" if c == "y" else "c" for c in _LETTERS}

#: Word motifs that look at which letters a word holds, not only at vowels and consonants: under
#: these, every letter a wild can take is scored; otherwise one per vowel / consonant / Y pattern.
LETTER_MOTIFS = {"chekhovs-gun", "bookkeeper", "uncopyrightable", "lipogram", "trilogy", "fight-back-to-back",
                 "my-name-is", "pangram"}


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
    """True when the search finished: no play scores more than ``plays[0]``."""
    stats: dict[str, Any] = field(default_factory=dict)
    """Search figures: sequences and groups found, nodes visited, seconds per phase."""
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"optimal": self.optimal, "plays": [p.to_dict() for p in self.plays], "notes": list(self.notes),
                "stats": self.stats}


class _OutOfTime(Exception):
    """The time limit was reached."""


@dataclass(frozen=True, slots=True)
class _Option:
    """One way to lay a resource down: a fixed card, or a wild (letters chosen during the walk)."""

    card: Card | None
    """The card when its letters are fixed."""
    kind: CardKind | None
    wild: WildKind | None
    """The letters a wild option may take (ANY, CONSONANT, VOWEL, DOUBLE)."""
    copy_of: str | None
    """The repeat motif, for a copy."""
    free: str | None
    keeps_letter: str | None = None
    """For a card turned wild by Escaped from Captivity: its printed letter (written plainly when kept)."""
    copied: str | None = None
    """The kind id a copy repeats."""

    def make(self, letters: str) -> Card:
        """Return the card standing for ``letters``."""
        if self.free:
            return Card(None, letters, True, free=self.free)
        wild_letters = not (self.keeps_letter is not None and letters == self.keeps_letter)
        return Card(self.kind, letters, wild_letters, copy_of=self.copy_of)


def _mask(wild: WildKind) -> int:
    """Return the letter bits a wild of this kind may stand for (single letters)."""
    letters = {WildKind.ANY: _LETTERS, WildKind.DOUBLE: _LETTERS,
               WildKind.CONSONANT: "".join(c for c in _LETTERS if c not in VOWELS),
               WildKind.VOWEL: "aeiouy"}[wild]
    return sum(1 << (ord(c) - 97) for c in letters)


@dataclass
class _Group:
    """Every sequence spelling a word from the same resources, with its scores."""

    key: tuple[tuple[str, str], ...]
    """The resources used: (resource, kind id) per card, sorted."""
    length: int
    distinct: int
    words: list[Word]
    signatures: set[tuple[Any, ...]] = field(default_factory=set)
    units: Counter[int] = field(default_factory=Counter)
    """Resource index -> units used."""
    copies: dict[str, Counter[str]] = field(default_factory=dict)
    """Repeat motif -> kinds copied."""
    kinds: Counter[str] = field(default_factory=Counter)
    """Physical kinds used."""
    value: int = 0
    """The best score with no play-level bonus."""
    upper: int = 0
    """Its best score with every bonus it could earn: no play can score it higher."""
    doublers: tuple[str, ...] = ()
    exact: bool = False
    """Whether ``value`` and ``upper`` have been scored yet."""
    hand_units: int = 0
    """Cards it uses of kinds the hand holds (Unseen Character's +2 each, at most)."""
    bonus: int = 0
    _scores: dict[tuple[tuple[str, int], ...], tuple[int, Word, tuple[str, ...]]] = field(default_factory=dict)

    def best(self, awards: dict[str, int], score: Any) -> tuple[int, Word, tuple[str, ...]]:
        """Return (score, word, doublers) of the best sequence under these word awards."""
        key = tuple(sorted(awards.items()))
        if key not in self._scores:
            best = None
            for word in self.words:
                ws = score(word, awards)
                if best is None or ws.score > best[0]:
                    best = (ws.score, word, ws.shorter_doublers)
            assert best is not None
            self._scores[key] = best
        return self._scores[key]


class _Search:
    """One solve: resources, the word walk, the groups, and the packing search."""

    def __init__(self, lexicon: Lexicon, motifs: list[str], hand: Counter[str], pool: Counter[str], rules: Rules,
                 escaped: str | None, opponents: list[list[str]] | None, top: int, deadline: float | None) -> None:
        self.lexicon = lexicon
        self.motifs = motifs
        self.active = set(motifs)
        self.hand = hand
        self.pool = pool
        self.rules = rules
        self.escaped = escaped
        self.top = top
        self.deadline = deadline
        self.catalog = load_catalog()
        self.round_given = opponents is not None
        self.opponents = [[w.strip().lower() for w in words] for words in (opponents or [])]
        self.opponent_scoring = opponent_scoring(lexicon, self.opponents)
        self.ticks = 0
        self.stats: Counter[str] = Counter()
        self._build_resources()

    # -- resources ---------------------------------------------------------------------------------

    def _options_for(self, kind: CardKind, copy_of: str | None) -> list[_Option]:
        """Return the ways a card of ``kind`` (or a copy of it) can be laid down."""
        if kind.wild is not None:
            return [_Option(None, kind, kind.wild, copy_of, None, copied=kind.id if copy_of else None)]
        assert kind.letters is not None
        if ESCAPED in self.active and self.escaped and kind.letters == self.escaped:
            return [_Option(None, kind, WildKind.ANY, copy_of, None, keeps_letter=kind.letters,
                            copied=kind.id if copy_of else None)]
        card = Card(kind, kind.letters, False, copy_of=copy_of)
        return [_Option(card, kind, None, copy_of, None, copied=kind.id if copy_of else None)]

    def _build_resources(self) -> None:
        """Number the resources and list how each can be laid down."""
        have = self.hand + self.pool
        kinds = sorted(have, key=lambda k: (self.catalog.kinds[k].wild is not None, k))
        self.names: list[str] = []
        self.capacity: list[int] = []
        self.options: list[list[_Option]] = []
        self.is_hand_kind: list[bool] = []
        for k in kinds:
            self.names.append(k)
            self.capacity.append(have[k])
            self.options.append(self._options_for(self.catalog.kinds[k], None))
            self.is_hand_kind.append(self.hand[k] > 0)
        for motif in REPEATS:
            if motif not in self.active or not have:
                continue
            total = REPEATS[motif][0]
            copyable = [k for k in kinds if motif != "fight-back-to-back"
                        or Card(self.catalog.kinds[k], "", False).is_vowel_card]
            if not copyable:
                continue
            self.names.append(f"+{motif}")
            self.capacity.append(total)
            self.options.append([o for k in copyable for o in self._options_for(self.catalog.kinds[k], motif)])
            self.is_hand_kind.append(False)
        for motif, wild in FREE_WILDS.items():
            if motif in self.active:
                self.names.append(motif)
                self.capacity.append(1)
                self.options.append([_Option(None, None, wild, None, motif)])
                self.is_hand_kind.append(False)
        self.index = {name: i for i, name in enumerate(self.names)}

    def _tick(self) -> None:
        self.ticks += 1
        if self.deadline is not None and not self.ticks & 255 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    # -- 1. words ----------------------------------------------------------------------------------

    found: dict[tuple[tuple[str, str], ...], _Group]

    def walk(self) -> dict[tuple[tuple[str, str], ...], _Group]:
        """Return every group of card sequences spelling a playable word."""
        steps = self.lexicon.step_index()
        mask, first = steps.mask, steps.first
        word_bit, letters_mask = steps.WORD, steps.LETTERS
        left = list(self.capacity)
        seq: list[Card] = []
        used: list[tuple[str, str]] = []
        groups: dict[tuple[tuple[str, str], ...], _Group] = {}
        self.found = groups  # what the walk has found so far, should time run out
        cards: dict[tuple[_Option, str], Card] = {}
        pangram = "pangram" in self.active and self.round_given
        by_class = not (self.active & LETTER_MOTIFS)
        n_resources = len(self.names)

        def card_for(option: _Option, letters: str) -> Card:
            made = cards.get((option, letters))
            if made is None:
                made = cards[(option, letters)] = option.make(letters)
            return made

        def record(text: str) -> None:
            key = tuple(sorted(used))
            group = groups.get(key)
            if group is None:
                group = groups[key] = _Group(key, len(text), len(set(text)) if pangram else 0, [])
            self.stats["sequences"] += 1
            if by_class:  # a wild's letter matters only as vowel, consonant or Y: one sequence per pattern
                signature = tuple((c.kind, c.free, c.copy_of, "".join(_CLASS[x] for x in c.letters))
                                  if c.wild_letters else c for c in seq)
                if signature in group.signatures:
                    return
                group.signatures.add(signature)
            group.words.append(Word(tuple(seq)))

        def child(node: int, letter: int) -> int:
            bits = mask[node]
            bit = 1 << letter
            if not bits & bit:
                return -1
            return first[node] + (bits & (bit - 1)).bit_count()

        def extend(node: int, text: str) -> None:
            self._tick()
            if len(text) >= MIN_WORD_LENGTH and mask[node] & word_bit:
                if pangram:  # the distinct letter count is part of what round awards look at
                    used.append(("~distinct", str(len(set(text)))))
                    record(text)
                    used.pop()
                else:
                    record(text)
            for r in range(n_resources):
                if not left[r]:
                    continue
                left[r] -= 1
                name = self.names[r]
                for option in self.options[r]:
                    used.append((name, option.copied or (option.kind.id if option.kind else name)))
                    if option.card is not None:
                        nxt = node
                        for c in option.card.letters:
                            nxt = child(nxt, ord(c) - 97)
                            if nxt < 0:
                                break
                        if nxt >= 0:
                            seq.append(option.card)
                            extend(nxt, text + option.card.letters)
                            seq.pop()
                    else:
                        assert option.wild is not None
                        allowed = mask[node] & _mask(option.wild)
                        for letter in range(26):
                            if not allowed >> letter & 1:
                                continue
                            nxt = child(node, letter)
                            first_letter = _LETTERS[letter]
                            if option.wild is WildKind.DOUBLE:
                                seconds = mask[nxt] & letters_mask
                                for second in range(26):
                                    if seconds >> second & 1:
                                        pair = first_letter + _LETTERS[second]
                                        seq.append(card_for(option, pair))
                                        extend(child(nxt, second), text + pair)
                                        seq.pop()
                            else:
                                seq.append(card_for(option, first_letter))
                                extend(nxt, text + first_letter)
                                seq.pop()
                    used.pop()
                left[r] += 1

        extend(0, "")
        return groups

    # -- 2. scores ---------------------------------------------------------------------------------

    def score(self, word: Word, awards: dict[str, int]) -> Any:
        """Return the engine's score of one word under word-level awards."""
        self.stats["scored"] += 1
        return score_checked_word(word, self.motifs, rules=self.rules, escaped=self.escaped, awards=awards)

    def possible_awards(self, group: _Group) -> dict[str, int]:
        """Return every word-level bonus the group could earn in some play."""
        awards = {}
        if "grandiloquent" in self.active:
            awards["grandiloquent"] = group.length
        if self.round_given:
            for motif in ("sesquipedalian", "pangram"):
                if motif in self.active:
                    awards[motif] = 5
        return awards

    def prepare(self, groups: dict[tuple[tuple[str, str], ...], _Group]) -> list[_Group]:
        """Note what each group consumes: resource units, copies, kinds, doublers (scores come in :meth:`pack`)."""
        out = []
        for group in groups.values():
            self._tick()
            for name, kind in group.key:
                if name == "~distinct":
                    continue
                r = self.index[name]
                group.units[r] += 1
                if name.startswith("+"):
                    group.copies.setdefault(name[1:], Counter())[kind] += 1
                elif name not in FREE_WILDS:
                    group.kinds[kind] += 1
            if not self._copies_allowed(group.copies):
                continue
            sample = group.words[0]
            group.doublers = tuple(c.label for c in place(sample, self.motifs, self.escaped)
                                   if c.effect is not None and c.effect.target is Target.SHORTER_WORD)
            group.hand_units = sum(u for r, u in group.units.items() if self.is_hand_kind[r])
            out.append(group)
        return out

    def make_exact(self, group: _Group) -> None:
        """Score every sequence of the group: its best plain score and its best under every bonus it could earn."""
        if group.exact:
            return
        self.stats["exact_groups"] += 1
        group.value = group.best({}, self.score)[0]
        possible = self.possible_awards(group)
        group.upper = group.best(possible, self.score)[0] if possible else group.value
        group.exact = True

    @staticmethod
    def _copies_allowed(copies: dict[str, Counter[str]]) -> bool:
        """Return whether the copies respect each repeat motif's limits (how many, how many different)."""
        for motif, kinds in copies.items():
            total, distinct, _ = REPEATS[motif]
            if sum(kinds.values()) > total or len(kinds) > distinct:
                return False
            if motif == "clones" and max(kinds.values()) > 1:
                return False
        return True

    # -- 3. plays ----------------------------------------------------------------------------------

    def evaluate(self, chosen: Sequence[_Group]) -> tuple[int, list[dict[str, int]], Adjustment | None]:
        """Return a play's exact total, each word's awards, and its Laconic bonus."""
        lengths = [g.length for g in chosen]
        round_awards: list[dict[str, int]] = [{} for _ in chosen]
        laconic = None
        if self.round_given and chosen:
            scoring = [(ME, i, _stand_in(g)) for i, g in enumerate(chosen)]
            names = [ME] + [f"opponent {n + 1}" for n in range(len(self.opponents))]
            bonuses, laconics = round_bonuses(scoring + self.opponent_scoring, names, self.motifs)
            for i, bonus in bonuses[ME].items():
                round_awards[i] = dict(bonus)
            laconic = laconics.get(ME)
        candidates: list[int | None] = [None]
        if "grandiloquent" in self.active and chosen:
            longest = max(lengths)
            candidates = [i for i, n in enumerate(lengths) if n == longest]
        best_total = None
        best_awards: list[dict[str, int]] = round_awards
        for grand in candidates:
            awards = [dict(a, grandiloquent=lengths[i]) if i == grand else a for i, a in enumerate(round_awards)]
            scored = [g.best(a, self.score) for g, a in zip(chosen, awards, strict=True)]
            total = best_doubling(lengths, [s[0] for s in scored], [s[2] for s in scored],
                                  range(len(chosen)))[0]
            if best_total is None or total > best_total:
                best_total, best_awards = total, awards
        assert best_total is not None
        total = best_total + self.unseen(chosen) + (laconic.points if laconic else 0)
        return total, best_awards, laconic

    def unseen(self, chosen: Sequence[_Group]) -> int:
        """Return the Unseen Character adjustment: -2 per hand card left unused."""
        if "unseen-character" not in self.active:
            return 0
        used: Counter[str] = Counter()
        for g in chosen:
            used.update(g.kinds)
        return -2 * sum(max(0, n - used[k]) for k, n in self.hand.items())

    def pack(self, groups: list[_Group]) -> tuple[list[tuple[int, tuple[_Group, ...]]], bool]:
        """Return the ``top`` best plays as (total, groups), best first, and whether the search finished.

        The bound is exact for everything that adds up word by word: ``most(S)``, the most any set of
        groups fitting in the resources ``S`` can score, computed by dynamic programming over
        resource multisets (memoised; each step either leaves the lowest resource unused or takes a
        group containing it). Play-level effects (grandiloquent's choice, shorter-word doubles,
        laconic, the copies' limits across words) are settled exactly only for plays that could enter
        the top ``K``; the groups' scores already include every bonus they could earn.
        """
        unseen = "unseen-character" in self.active
        n = len(self.names)
        finished = True
        scored = []
        try:
            for g in groups:
                self._tick()
                self.make_exact(g)
                g.bonus = 2 * g.hand_units if unseen else 0
                scored.append(g)
        except _OutOfTime:  # pack the groups scored so far, briefly: the answer is not proved best
            finished = False
            self.deadline = time.perf_counter() + 0.5
        groups = scored
        offsets, fields = [], []
        offset = 0
        for cap in self.capacity:
            width = cap.bit_length() + 1
            offsets.append(offset)
            fields.append(((1 << (width - 1)) - 1) << offset)
            offset += width
        guard = sum(1 << (o + (cap.bit_length() + 1) - 1) for o, cap in zip(offsets, self.capacity, strict=True))
        full = sum(c << o for c, o in zip(self.capacity, offsets, strict=True))
        anchored: list[list[tuple[int, int, _Group]]] = [[] for _ in range(n)]
        for g in groups:
            packed = sum(u << offsets[r] for r, u in g.units.items())
            anchored[min(g.units)].append((g.upper + g.bonus, packed, g))
        for options in anchored:
            options.sort(key=lambda item: -item[0])
        doubling = any(g.doublers for g in groups)
        extra = 5 if "laconic" in self.active and self.round_given else 0
        if doubling:  # all the shorter-word doubles in hand and pool, on the best word
            doubler_cards = sum(cap for r, cap in enumerate(self.capacity) if self._may_double(r))
            extra += (2 ** doubler_cards - 1) * max([0, *(g.upper for g in groups)])
        base = -2 * sum(self.hand.values()) if unseen else 0
        memo: dict[int, int] = {0: 0}

        def lowest(packed: int) -> int:
            r = 0
            while not packed & fields[r]:
                r += 1
            return r

        def most(packed: int) -> int:
            value = memo.get(packed)
            if value is None:
                self._tick()
                r = lowest(packed)
                value = most(packed & ~fields[r])
                room = packed | guard
                for worth, need, _ in anchored[r]:
                    if (room - need) & guard == guard:
                        value = max(value, worth + most(packed - need))
                memo[packed] = value
            return value

        top: list[tuple[int, int, tuple[_Group, ...]]] = []  # min-heap of (total, order, groups)
        serial = itertools.count()
        chosen: list[_Group] = []
        copies: dict[str, Counter[str]] = {}

        def kth() -> float:
            return top[0][0] if len(top) >= self.top else float("-inf")

        def offer() -> None:
            total = self.evaluate(chosen)[0]
            self.stats["evaluated"] += 1
            if len(top) < self.top:
                heapq.heappush(top, (total, -next(serial), tuple(chosen)))
            elif total > top[0][0]:
                heapq.heapreplace(top, (total, -next(serial), tuple(chosen)))

        def dfs(packed: int, current: int, anchor: int, start: int) -> None:
            self.stats["nodes"] += 1
            if not packed:
                return
            r = lowest(packed)
            if r != anchor:
                start = 0
            room = packed | guard
            options = anchored[r]
            for i in range(start, len(options)):
                worth, need, g = options[i]
                if (room - need) & guard != guard:
                    continue
                rest = packed - need
                if current + worth + extra + most(rest) <= kth():
                    continue
                if g.copies:
                    merged = {m: copies.get(m, Counter()) + c for m, c in g.copies.items()}
                    if not self._copies_allowed(merged):
                        continue
                chosen.append(g)
                for m, c in g.copies.items():
                    copies[m] = copies.get(m, Counter()) + c
                if current + worth + extra > kth():
                    offer()
                dfs(rest, current + worth, r, i)
                for m, c in g.copies.items():
                    copies[m] = copies[m] - c
                chosen.pop()
            rest = packed & ~fields[r]  # no further word takes resource r
            if current + extra + most(rest) > kth():
                dfs(rest, current, -1, 0)

        offer()
        try:
            dfs(full, base, -1, 0)
        except _OutOfTime:
            finished = False
        self.stats["states"] += len(memo)
        ordered = sorted(top, key=lambda item: (-item[0], -item[1]))
        return [(total, groups_) for total, _, groups_ in ordered], finished

    def _may_double(self, r: int) -> bool:
        """Return whether a unit of resource ``r`` may carry "double score of a word shorter than this one"."""
        return any(o.kind is not None and o.kind.effect is not None and o.kind.effect.target is Target.SHORTER_WORD
                   for o in self.options[r])


def _stand_in(group: _Group) -> str:
    """Return a text of the group's length and distinct-letter count: all that round awards look at."""
    return (_LETTERS[:group.distinct] + "a" * group.length)[:group.length]


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


def check_limits(hand: Counter[str], pool: Counter[str], top: int, time_limit: float | None) -> None:
    """Refuse searches that could run away: too many cards, a bad ``top`` or time limit."""
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


def escaped_choices(hand: Counter[str], pool: Counter[str], motifs: Sequence[str], escaped: str | None
                    ) -> list[str | None]:
    """Return the Escaped from Captivity letters worth searching (None: a letter on no card)."""
    if ESCAPED not in motifs:
        return [None]
    if escaped is not None:
        if len(escaped) != 1 or escaped not in _LETTERS:
            raise RuleError(f"the escaped letter must be one letter a-z, not {escaped!r}")
        return [escaped]
    catalog = load_catalog()
    letters = sorted({str(catalog.kinds[k].letters) for k in hand + pool
                      if len(catalog.kinds[k].letters or "") == 1})
    return [None, *letters]


def solve(lexicon: Lexicon, hand: Counter[str], pool: Counter[str] | None = None, motifs: Sequence[str] = (), *,
          rules: Rules = Rules(), escaped: str | None = None, opponents: list[list[str]] | None = None,
          top: int = 1, time_limit: float | None = None) -> SolveResult:
    """Return the ``top`` best plays of ``hand`` plus ``pool`` under the motifs (in flip order).

    ``escaped`` is the Escaped from Captivity letter (every useful letter is tried when it is None);
    ``opponents`` the other players' words this round, for Sesquipedalian, Pangram and Laconic (not
    counted when None). With ``time_limit`` seconds the best plays found so far are returned when time
    runs out, and ``optimal`` is False.
    """
    started = time.perf_counter()
    pool = pool or Counter()
    motifs = motif_ids(motifs)
    check_limits(hand, pool, top, time_limit)
    deadline = started + time_limit if time_limit is not None else None
    found: list[tuple[int, Solution]] = []
    optimal = True
    stats: dict[str, float] = {}
    for letter in escaped_choices(hand, pool, motifs, escaped):
        search = _Search(lexicon, motifs, hand, pool, rules, letter, opponents, top, deadline)
        phase = time.perf_counter()
        try:
            groups = search.walk()
            stats["walk_s"] = stats.get("walk_s", 0) + time.perf_counter() - phase
            phase = time.perf_counter()
            prepared = search.prepare(groups)
            stats["score_s"] = stats.get("score_s", 0) + time.perf_counter() - phase
        except _OutOfTime:  # pack what was found so far, in a short grace period, for a play not proved best
            optimal = False
            assert time_limit is not None
            search.deadline = time.perf_counter() + min(1.0, time_limit / 5)
            try:
                prepared = search.prepare(search.found)
            except _OutOfTime:
                break
        phase = time.perf_counter()
        plays, finished = search.pack(prepared)
        stats["pack_s"] = stats.get("pack_s", 0) + time.perf_counter() - phase
        optimal = optimal and finished
        for k, v in search.stats.items():
            stats[k] = stats.get(k, 0) + v
        stats["groups"] = stats.get("groups", 0) + len(prepared)
        for total, chosen in plays:
            found.append((total, _solution(search, chosen, total)))
        if not finished:
            break
    found.sort(key=lambda item: -item[0])
    result_stats = {k: round(v, 4) if isinstance(v, float) else v for k, v in stats.items()}
    result_stats["seconds"] = round(time.perf_counter() - started, 4)
    notes = motif_notes(motifs, hand_given=True, round_given=opponents is not None)
    if not found:  # out of time before any play was scored: the empty play
        search = _Search(lexicon, motifs, hand, pool, rules, escaped, opponents, top, None)
        empty = search.evaluate([])[0]
        found.append((empty, _solution(search, (), empty)))
    return SolveResult(tuple(s for _, s in found[:top]), optimal, result_stats, tuple(notes))


def _solution(search: _Search, chosen: Sequence[_Group], total: int) -> Solution:
    """Return the play the groups make, scored by the engine, checking it agrees with the search."""
    _, awards, laconic = search.evaluate(chosen)
    words = [g.best(a, search.score)[1] for g, a in zip(chosen, awards, strict=True)]
    round_awards = {i: {m: v for m, v in a.items() if m != "grandiloquent"} for i, a in enumerate(awards)}
    play = Play(tuple(words))
    scored = score_play(play, None, search.motifs, hand=search.hand, pool=search.pool, rules=search.rules,
                        escaped=search.escaped, round_awards={i: a for i, a in round_awards.items() if a},
                        round_given=search.round_given)
    solution = Solution(play, scored, tuple(_physical_unused(play, search.hand, search.pool)),
                        search.escaped if ESCAPED in search.active else None, laconic)
    if solution.total != total:  # pragma: no cover - a solver bug, never a user error
        raise NoveltyError(f"internal error: solver scored {play} as {total}, the engine as {solution.total}")
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
                return [Card(kind, a + b, True, copy_of=copy_of) for a in _LETTERS for b in _LETTERS]
            return [Card(kind, c, True, copy_of=copy_of) for c in _LETTERS if kind.wild.allows(c)]
        assert kind.letters is not None
        if ESCAPED in motifs and escaped and kind.letters == escaped:
            return [Card(kind, c, c != escaped, copy_of=copy_of) for c in _LETTERS]
        return [Card(kind, kind.letters, False, copy_of=copy_of)]

    base = [faces(catalog.kinds[k], None) for k in sorted(have.elements())]
    for motif, wild in FREE_WILDS.items():
        if motif in motifs:
            base.append([Card(None, c, True, free=motif) for c in _LETTERS if wild.allows(c)])
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
            for r in range(len(tokens) // 2 + 1):
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
