"""The scoring engine: every card effect and word-level motif, applied in the order that scores most.

How a word is scored (see ``docs/rulings.md`` for each reading):

1. Each card starts at its printed points (0 for free wilds, minor copies and escaped cards).
2. Card effects and motifs become *events*: a card event adds to or multiplies card scores or the
   word score; a motif event is everything one motif does to this word. Events act on a running
   state (one value per card plus word-level points); multiplying the word multiplies every part of it.
3. Motif events keep their flip order; card events may go anywhere among them. Every addition is
   non-negative and every factor is at least 2, so the best order puts all card additions first and
   all card multiplications last (:func:`best_order`). :func:`brute_force_total` tries every allowed
   order and is the oracle the tests hold the fast version to.
4. Y is a vowel or a consonant, chosen per Y for the whole word, to the player's best, except that a
   Wild Vowel standing for Y is a vowel and a Wild Consonant (or Qfwfq's free wild) a consonant.
"""

from __future__ import annotations

import itertools
from collections import Counter as CardCounts
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from novelty.catalog import VOWELS, CardKind, Colour, WildKind, load_catalog
from novelty.effects import Condition, Counter, Effect, Op, Target
from novelty.errors import NotationError, RuleError
from novelty.lexicon import Lexicon
from novelty.play import ESCAPED, FREE_WILDS, REPEATS, Card, Play, Word, cards_used, check_play, copy_motif
from novelty.words import MIN_WORD_LENGTH, is_playable, not_ascii

WORD = -1
"""Event target meaning the whole word."""

AWARD_POINTS = 5
"""What a round-level award is worth: Sesquipedalian and Pangram to each word they reward, Laconic to each player it
rewards (:mod:`novelty.rounds`). The compiled search reads it too (the ``award_points`` of its params)."""

#: Motifs whose bonus goes to words chosen from the whole play or round, not decided by the word alone (Grandiloquent's
#: is the longest word's length).
AWARDED = {"sesquipedalian": AWARD_POINTS, "pangram": AWARD_POINTS, "grandiloquent": 0}

COLOUR_MOTIFS = frozenset({"red-symbolism", "blue-symbolism", "red-pill-blue-pill", "red-eyes-blue-eyes"})
"""Motifs that read a card's colour: without one in play, a red card and a blue card of the same letters, points and
effect score alike."""

# What each word motif adds or multiplies by (:func:`motif_event` reads these; so does the search's relaxed bound,
# :meth:`novelty.search.Tables.relaxed_bound`, which must know the most any motif can do).

WORD_POINTS = {"uncopyrightable": 1, "hermit": 1, "red-pill-blue-pill": 2, "red-eyes-blue-eyes": 2}
"""Word motifs that add a fixed number of points to a word meeting their condition."""

LENGTH_POINTS = frozenset({"chekhovs-gun", "bookkeeper", "strengths", "lipogram"})
"""Word motifs that add the word's length to a word meeting their condition."""

CARD_POINTS = {"wild-child": 2, "red-symbolism": 1, "blue-symbolism": 1}
"""Word motifs that add points to each card meeting their condition (a wild, a red card, a blue card)."""

LETTER_POINTS = frozenset({"consonance", "assonance"})
"""Word motifs that add a point to a card per letter of it meeting their condition (a consonant, a vowel)."""

DOUBLING = frozenset({"utopia", "trilogy", "fight-back-to-back", "first-letter", "epistolary-novel", "adventure-duo"})
"""Word motifs that double a word, or cards of it, meeting their condition."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Switches between readings of the rulebook where more than one is reasonable (docs/rulings.md)."""

    motifs_after_card_effects: bool = False
    """E1: when True, all card effects are applied before any motif, instead of interleaving."""
    my_name_is_counts_extra_copies: bool = False
    """M2: when True, My Name is counts every extra occurrence (BOOKKEEPER +4), not each repeated letter (+3)."""
    challenges_as_printed: bool = False
    """C1: when True, challenges are settled by the printed text rather than its evident intent."""
    escaped_own_letter_keeps_card: bool = False
    """M8: when True, a card of the Escaped letter played as that letter (``e1``) keeps its points and effect
    and is no wild; only one standing for a letter (``e1=x``) is a wild worth 0 with no effect."""
    one_word: bool = False
    """V1, a house rule (:mod:`novelty.variant`): each player plays one word at most; a play of more is refused,
    and the solver finds the best plays of one word."""


class Change(NamedTuple):
    """One operation of an event on one target."""

    target: int
    """Index of the card in the word, or :data:`WORD`."""
    op: Op
    amount: int
    note: str = ""
    """Why, for self bonuses: ``per vowel in word``, ``first letter``."""


class Event(NamedTuple):
    """One card effect or one motif, as applied to one word."""

    source: str
    """The card (``k3``) or motif id (``assonance``) it comes from."""
    changes: tuple[Change, ...]
    motif: bool = False
    """Motif events keep their flip order; card events are ordered freely."""

    @property
    def multiplies(self) -> bool:
        """Return whether this event multiplies (else it adds)."""
        return any(c.op is Op.MULTIPLY for c in self.changes)


class Step(NamedTuple):
    """A line of a breakdown: one change and the value it changed."""

    source: str
    target: str
    op: Op
    amount: int
    before: int
    after: int
    note: str = ""

    def __str__(self) -> str:
        verb = f"+{self.amount}" if self.op is Op.ADD else {2: "doubles", 3: "triples"}.get(self.amount,
                                                                                          f"×{self.amount}")
        how = f" ({self.note})" if self.note else ""
        target = "" if self.target == self.source else f" {self.target}"
        if self.op is Op.ADD and target:
            target = f" to{target}"
        return f"{self.source} {verb}{target}{how}: {self.before}→{self.after}"

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form."""
        return {"source": self.source, "target": self.target, "op": self.op.value, "amount": self.amount,
                "from": self.before, "to": self.after, "note": self.note or None, "text": str(self)}


class Placed(NamedTuple):
    """A card as scored in a word: where it sits, what it is worth and what it does."""

    card: Card
    label: str
    start: int
    """Index of its first letter in the word."""
    points: int
    effect: Effect | None
    colour: Colour | None
    wild: bool
    y_vowel: bool | None = None
    """For a Wild Vowel or Wild Consonant (or Qfwfq's free wild) standing for Y: whether that Y is a vowel
    (ruling R5: the card says what it is). None when the card holds no Y or its Y may be either (R4)."""


def place(word: Word, motifs: Sequence[str], escaped: str | None = None, rules: Rules = Rules()) -> list[Placed]:
    """Return the word's cards with their positions, points, effects and colours under the motifs.

    Every fact the engine (and the compiled scorer) knows of a card in a word comes from here.
    """
    active = set(motifs)
    labels = [str(c) for c in word.cards]
    placed = []
    start = 0
    for i, card in enumerate(word.cards):
        label = labels[i] if labels.count(labels[i]) == 1 else f"{labels[i]}@{i + 1}"
        minor = False
        wild = card.is_wild
        if card.free or card.copy_of is not None and not REPEATS[copy_motif(card, active)][2]:
            minor = True
        elif ESCAPED in active and escaped and card.kind and card.kind.letters == escaped:
            if card.wild_letters or not rules.escaped_own_letter_keeps_card:  # ruling M8: a wild worth 0, no effect
                minor, wild = True, True
        kind = card.kind
        wild_kind = FREE_WILDS[card.free] if card.free else kind.wild if kind else None
        y_vowel = None
        if card.letters == "y" and wild_kind in (WildKind.VOWEL, WildKind.CONSONANT):
            y_vowel = wild_kind is WildKind.VOWEL
        placed.append(Placed(
            card=card, label=label, start=start,
            points=0 if minor or kind is None else kind.points,
            effect=None if minor or kind is None else kind.effect,
            colour=None if kind is None or card.free else kind.colour,
            wild=wild, y_vowel=y_vowel,
        ))
        start += card.width
    return placed


class Reading(NamedTuple):
    """One way the engine may read a card in a word (:func:`card_readings`)."""

    letters: str
    """The letters the card spells in this reading ("" when it stands for a letter: a wild, or a card of the
    Escaped from Captivity letter standing for another)."""
    placed: Placed
    """The card as scored: points, effect, colour, whether it is wild (placed standing for ``a`` when it may stand
    for a letter)."""
    as_y: Placed | None = None
    """For a one-letter wild, the card standing for Y: whether its Y is a vowel is the card's to say (ruling R5)."""


@lru_cache(maxsize=4096)
def card_readings(kind: CardKind, copy_of: str | None, motifs: tuple[str, ...], escaped: str | None,
                  rules: Rules) -> tuple[Reading, ...]:
    """Return each way a card of ``kind`` (a copy when ``copy_of`` names a repeat motif) may be read in a word under
    the motifs: one, or two for a card of the Escaped from Captivity letter (standing for another letter, and as
    its printed letter). Cached: many searches under the same motifs read the same cards."""

    def placed(letters: str, wild_letters: bool) -> Placed:
        return place(Word((Card(kind, letters, wild_letters, copy_of=copy_of),)), motifs, escaped, rules)[0]

    if kind.wild is WildKind.DOUBLE:
        return (Reading("", placed("aa", True)),)
    if kind.wild is not None:
        return (Reading("", placed("a", True), placed("y", True)),)
    assert kind.letters is not None
    if escaped and kind.letters == escaped:
        other = "b" if kind.letters == "a" else "a"
        return Reading("", placed(other, True)), Reading(kind.letters, placed(kind.letters, False))
    return (Reading(kind.letters, placed(kind.letters, False)),)


def score_signature(kind: CardKind, motifs: Sequence[str], escaped: str | None = None, rules: Rules = Rules()
                    ) -> tuple[Any, ...]:
    """Return what decides a card kind's score under the motifs: kinds with equal signatures score exactly alike, in
    any word and any play, so either may stand for the other.

    It is the engine's own reading of the kind (:func:`card_readings`), as itself and as each repeat motif's copy:
    its letters and wild kind, and per reading its points, effect, being wild, how its Y counts, and its colour when
    a colour motif (:data:`COLOUR_MOTIFS`) is in play. With ``escaped``, the Escaped from Captivity letter named,
    every card of that letter reads as the same minor wild, so kinds printed differently may be alike (the search's
    classes, :class:`novelty.search.Tables`); with none, kinds alike are kinds printed alike but for a colour no
    motif reads (decision help's choices, which name printed cards: :func:`novelty.advise.signatures`)."""
    return _signature(kind, tuple(motifs), escaped, rules)


@lru_cache(maxsize=4096)
def _signature(kind: CardKind, motifs: tuple[str, ...], escaped: str | None, rules: Rules) -> tuple[Any, ...]:
    colours = bool(COLOUR_MOTIFS.intersection(motifs))
    roles = [None, *(m for m in REPEATS if m in motifs)]
    return (kind.letters, kind.wild, tuple(
        tuple((r.placed.points, r.placed.effect, r.placed.colour if colours else None, r.placed.wild,
               None if r.as_y is None else r.as_y.y_vowel)
              for r in card_readings(kind, role, motifs, escaped, rules))
        for role in roles))


class WordView:
    """The facts effects and motifs test: letters, vowels under one Y choice, cards and positions."""

    def __init__(self, cards: list[Placed], text: str, y_vowel: frozenset[int]) -> None:
        self.cards = cards
        self.text = text
        self.n = len(text)
        self.vowel = [c in VOWELS or (c == "y" and i in y_vowel) for i, c in enumerate(text)]

    def span(self, i: int) -> range:
        """Return the letter positions card ``i`` holds."""
        return range(self.cards[i].start, self.cards[i].start + self.cards[i].card.width)

    def touching(self, i: int) -> list[int]:
        """Return the letter positions touching card ``i`` (one or two)."""
        span = self.span(i)
        return [p for p in (span.start - 1, span.stop) if 0 <= p < self.n]

    @property
    def vowels(self) -> int:
        return sum(self.vowel)

    @property
    def consonants(self) -> int:
        return self.n - self.vowels

    def coloured_letters(self, colour: Colour) -> int:
        """Return how many letters sit on cards of ``colour``."""
        return sum(c.card.width for c in self.cards if c.colour is colour)


_POSITION = {
    Condition.FIRST_LETTER: (0, "first letter"),
    Condition.SECOND_LETTER: (1, "second letter"),
    Condition.THIRD_LETTER: (2, "third letter"),
    Condition.LAST_LETTER: (-1, "last letter"),
    Condition.SECOND_TO_LAST_LETTER: (-2, "second to last letter"),
    Condition.THIRD_TO_LAST_LETTER: (-3, "third to last letter"),
}


def _condition_holds(effect: Effect, i: int, view: WordView) -> tuple[bool, str]:
    """Return whether card ``i``'s self-bonus condition holds, and how to say so."""
    cond = effect.condition
    if cond in _POSITION:
        pos, name = _POSITION[cond]  # type: ignore[index]
        return (pos % view.n) in view.span(i), name
    if cond is Condition.NOT_LAST_LETTER:
        return (view.n - 1) not in view.span(i), "not last letter"
    if cond is Condition.MIN_LENGTH:
        return view.n >= effect.length, f"word of {effect.length}+ letters"
    if cond is Condition.NO_WILDS:
        return not any(c.wild for c in view.cards), "no wilds in word"
    if cond is Condition.ADJACENT_VOWEL:
        return any(view.vowel[p] for p in view.touching(i)), "adjacent to a vowel"
    if cond is Condition.ADJACENT_CONSONANT:
        return any(not view.vowel[p] for p in view.touching(i)), "adjacent to a consonant"
    raise RuleError(f"unknown condition {cond}")  # pragma: no cover - the catalog refuses these


def _count(per: Counter, i: int, view: WordView) -> tuple[int, str]:
    """Return what a "+N per ..." bonus of card ``i`` counts, and how to say so."""
    span = view.span(i)
    if per is Counter.VOWEL_IN_WORD:
        return view.vowels, "per vowel in word"
    if per is Counter.LETTER_IN_WORD:
        return view.n, "per letter in word"
    if per is Counter.LETTER_TO_LEFT:
        return span.start, "per letter to the left"
    if per is Counter.LETTER_TO_RIGHT:
        return view.n - span.stop, "per letter to the right"
    if per is Counter.ADJACENT_VOWEL:
        return sum(view.vowel[p] for p in view.touching(i)), "per adjacent vowel"
    if per is Counter.ADJACENT_CONSONANT:
        return sum(not view.vowel[p] for p in view.touching(i)), "per adjacent consonant"
    raise RuleError(f"unknown counter {per}")  # pragma: no cover


def _targets(target: Target, i: int, m: int) -> list[int]:
    """Return the card indexes (or WORD) an effect of card ``i`` in a word of ``m`` cards acts on."""
    if target is Target.WORD:
        return [WORD]
    candidates = {
        Target.SELF: [i], Target.LEFT: [i - 1], Target.LEFT2: [i - 2], Target.RIGHT: [i + 1],
        Target.RIGHT2: [i + 2], Target.ADJACENT: [i - 1, i + 1], Target.FIRST: [0], Target.LAST: [m - 1],
        Target.ALL: list(range(m)),
    }[target]
    return [t for t in candidates if 0 <= t < m]  # an effect with no target does nothing


def card_events(view: WordView) -> list[Event]:
    """Return the events of the word's card effects (a shorter-word double is a play-level effect)."""
    events = []
    m = len(view.cards)
    for i, placed in enumerate(view.cards):
        effect = placed.effect
        if effect is None or effect.target is Target.SHORTER_WORD:
            continue
        if effect.target is Target.SELF:
            amount, note = effect.amount, ""
            if effect.condition is not None:
                holds, note = _condition_holds(effect, i, view)
                amount = amount if holds else 0
            elif effect.per is not None:
                count, note = _count(effect.per, i, view)
                amount *= count
            changes = [Change(i, Op.ADD, amount, note)] if amount else []
        else:
            changes = [Change(t, effect.op, effect.amount) for t in _targets(effect.target, i, m)]
        if changes:
            events.append(Event(placed.label, tuple(changes)))
    return events


def _word_change(op: Op, amount: int, note: str = "") -> tuple[Change, ...]:
    return (Change(WORD, op, amount, note),)


def motif_event(motif: str, view: WordView, rules: Rules, award: int | None = None) -> Event | None:
    """Return what one motif does to this word, or None when it does nothing here."""
    cards, text, n = view.cards, view.text, view.n
    changes: tuple[Change, ...] = ()

    def per_card(amount_of) -> tuple[Change, ...]:  # type: ignore[no-untyped-def]
        return tuple(Change(i, Op.ADD, a) for i in range(len(cards)) if (a := amount_of(i)))

    def doubles(pred) -> tuple[Change, ...]:  # type: ignore[no-untyped-def]
        return tuple(Change(i, Op.MULTIPLY, 2) for i in range(len(cards)) if pred(i))

    if motif in AWARDED:
        if award:
            changes = _word_change(Op.ADD, award)
    elif motif == "consonance":
        changes = per_card(lambda i: sum(not view.vowel[p] for p in view.span(i)))
    elif motif == "assonance":
        changes = per_card(lambda i: sum(view.vowel[p] for p in view.span(i)))
    elif motif == "wild-child":
        changes = per_card(lambda i: CARD_POINTS[motif] if cards[i].wild else 0)
    elif motif == "red-symbolism":
        changes = per_card(lambda i: CARD_POINTS[motif] if cards[i].colour is Colour.RED else 0)
    elif motif == "blue-symbolism":
        changes = per_card(lambda i: CARD_POINTS[motif] if cards[i].colour is Colour.BLUE else 0)
    elif motif == "epistolary-novel":
        changes = doubles(lambda i: i == len(cards) - 1)
    elif motif == "first-letter":
        changes = doubles(lambda i: i == 0)
    elif motif == "adventure-duo":
        changes = doubles(lambda i: cards[i].card.width == 2)
    elif motif == "chekhovs-gun":
        if text[0] == text[-1]:
            changes = _word_change(Op.ADD, n, "begins and ends with the same letter")
    elif motif == "bookkeeper":
        if any(a == b for a, b in itertools.pairwise(text)):
            changes = _word_change(Op.ADD, n, "doubled letters")
    elif motif == "uncopyrightable":
        if len(set(text)) == n:
            changes = _word_change(Op.ADD, WORD_POINTS[motif], "no repeated letters")
    elif motif == "strengths":
        if view.vowels == 1:
            changes = _word_change(Op.ADD, n, "only one vowel")
    elif motif == "lipogram":
        if not set(text) & set("ante"):
            changes = _word_change(Op.ADD, n, "no A, N, T or E")
    elif motif == "utopia":
        if view.vowels > view.consonants:
            changes = _word_change(Op.MULTIPLY, 2, "more vowels than consonants")
    elif motif == "trilogy":
        if any(text.count(c) >= 3 for c in set(text)):
            changes = _word_change(Op.MULTIPLY, 2, "three of the same letter")
    elif motif == "fight-back-to-back":
        if any(text[p] == text[p + 1] and view.vowel[p] and view.vowel[p + 1] for p in range(n - 1)):
            changes = _word_change(Op.MULTIPLY, 2, "doubled vowels")
    elif motif == "hermit":
        if not any(c.wild for c in cards):
            changes = _word_change(Op.ADD, WORD_POINTS[motif], "no wilds")
    elif motif == "my-name-is":
        counts = [text.count(c) for c in set(text)]
        extra = sum(k - 1 for k in counts) if rules.my_name_is_counts_extra_copies else sum(k > 1 for k in counts)
        if extra:
            changes = _word_change(Op.ADD, extra, "repeated letters")
    elif motif == "red-pill-blue-pill":
        if view.coloured_letters(Colour.RED) > view.coloured_letters(Colour.BLUE):
            changes = _word_change(Op.ADD, WORD_POINTS[motif], "more red letters than blue")
    elif motif == "red-eyes-blue-eyes":
        if view.coloured_letters(Colour.BLUE) > view.coloured_letters(Colour.RED):
            changes = _word_change(Op.ADD, WORD_POINTS[motif], "more blue letters than red")
    return Event(motif, changes, motif=True) if changes else None


def events_for(view: WordView, motifs: Sequence[str], rules: Rules,
               awards: dict[str, int] | None = None) -> tuple[list[Event], list[Event]]:
    """Return (card events, motif events in flip order) for one Y choice of the word."""
    motif_events = [e for m in motifs if (e := motif_event(m, view, rules, (awards or {}).get(m)))]
    return card_events(view), motif_events


def best_order(card: list[Event], motif: list[Event], rules: Rules) -> list[Event]:
    """Return the order that scores most: card additions, then motifs (flip order), then card multiplications."""
    adds = [e for e in card if not e.multiplies]
    muls = [e for e in card if e.multiplies]
    return adds + muls + motif if rules.motifs_after_card_effects else adds + motif + muls


def simulate(cards: list[Placed], order: Sequence[Event]) -> tuple[int, list[int], list[Step]]:
    """Apply events in order; return (word total, final card values, breakdown steps)."""
    values = [c.points for c in cards]
    extra = 0
    steps = []
    for event in order:
        for ch in event.changes:
            if ch.target == WORD:
                before = sum(values) + extra
                if ch.op is Op.ADD:
                    extra += ch.amount
                else:
                    values = [v * ch.amount for v in values]
                    extra *= ch.amount
                after = sum(values) + extra
                steps.append(Step(event.source, "word", ch.op, ch.amount, before, after, ch.note))
            else:
                before = values[ch.target]
                values[ch.target] = before + ch.amount if ch.op is Op.ADD else before * ch.amount
                steps.append(Step(event.source, cards[ch.target].label, ch.op, ch.amount, before,
                                  values[ch.target], ch.note))
    return sum(values) + extra, values, steps


def motif_ids(motifs: Sequence[str]) -> list[str]:
    """Return the catalog ids of the motifs (names accepted), refusing unknown ones and any given twice."""
    catalog = load_catalog()
    ids: list[str] = []
    for m in motifs:
        if (odd := not_ascii(m)) is not None:
            raise NotationError(f"unknown motif: {m!r}: {odd} is not a-z")
        ident = catalog.motif(m).id
        if ident in ids:
            raise RuleError(f"motif {ident!r} is given twice: the deck has one of each motif")
        ids.append(ident)
    return ids


def y_choices(text: str, cards: Sequence[Placed] = ()) -> Iterator[frozenset[int]]:
    """Yield every choice of which Y letters are vowels; a Y on a Wild Vowel or Wild Consonant is fixed."""
    fixed = {c.start: c.y_vowel for c in cards if c.y_vowel is not None}
    ys = [i for i, c in enumerate(text) if c == "y" and i not in fixed]
    always = frozenset(i for i, vowel in fixed.items() if vowel)
    for r in range(len(ys) + 1):
        for chosen in itertools.combinations(ys, r):
            yield always.union(chosen)


@dataclass(frozen=True, slots=True)
class WordScore:
    """A scored word: its total before play-level effects, and the arithmetic."""

    word: Word
    valid: bool
    reason: str | None
    score: int
    cards: tuple[tuple[str, str, int, int], ...] = ()
    """Per card: (label, letters, printed points as scored, final value)."""
    steps: tuple[Step, ...] = ()
    y_vowels: tuple[int, ...] = ()
    """Letter positions of Y chosen as vowels."""
    shorter_doublers: tuple[str, ...] = ()
    """Labels of the cards whose "double score of a word shorter than this one" effect is live here."""

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form (before play-level effects): the breakdown lists printed points, then steps."""
        points = [{"source": c[0], "target": c[0], "op": "points", "amount": c[2], "from": None, "to": c[2],
                   "note": None, "text": f"{c[0]} ({c[1]}) {c[2]} point{'' if abs(c[2]) == 1 else 's'}"}
                  for c in self.cards]
        return {
            "word": self.word.text.upper(), "cards": [str(c) for c in self.word.cards], "score": self.score,
            "valid": self.valid, "reason": self.reason,
            "breakdown": points + [s.to_dict() for s in self.steps],
            "card_values": [{"card": c[0], "letters": c[1], "points": c[2], "value": c[3]} for c in self.cards],
            "y_as_vowel": list(self.y_vowels),
        }


def invalid_reason(word: Word, lexicon: Lexicon) -> str | None:
    """Return why the word is not playable, or None when it is."""
    text = word.text
    if len(text) < MIN_WORD_LENGTH:
        return "too short"
    if not is_playable(lexicon, text):
        return f"not in {lexicon.info.label}"
    return None


def score_word(word: Word, lexicon: Lexicon | None, motifs: Sequence[str] = (), *, rules: Rules = Rules(),
               escaped: str | None = None, awards: dict[str, int] | None = None,
               force_valid: bool = False) -> WordScore:
    """Return the best score of one word under the motifs (0, with the reason, when it is not playable).

    ``lexicon`` None (or ``force_valid``) scores the word whatever the list says.
    """
    motifs = motif_ids(motifs)
    reason = None if lexicon is None or force_valid else invalid_reason(word, lexicon)
    if reason:
        return WordScore(word, False, reason, 0)
    return score_checked_word(word, motifs, rules=rules, escaped=escaped, awards=awards)


def score_checked_word(word: Word, motifs: Sequence[str], *, rules: Rules = Rules(), escaped: str | None = None,
                       awards: dict[str, int] | None = None) -> WordScore:
    """Return :func:`score_word` of a word already known playable, with motifs already catalog ids."""
    cards = place(word, motifs, escaped, rules)
    best: tuple[int, list[int], list[Step], frozenset[int]] | None = None
    for ys in y_choices(word.text, cards):
        view = WordView(cards, word.text, ys)
        card, motif = events_for(view, motifs, rules, awards)
        total, values, steps = simulate(cards, best_order(card, motif, rules))
        if best is None or total > best[0]:
            best = (total, values, steps, ys)
    assert best is not None
    total, values, steps, ys = best
    doublers = tuple(c.label for c in cards if c.effect is not None and c.effect.target is Target.SHORTER_WORD)
    return WordScore(word, True, None, total,
                     tuple((c.label, c.card.letters, c.points, v) for c, v in zip(cards, values, strict=True)),
                     tuple(steps), tuple(sorted(ys)), doublers)


def brute_force_total(word: Word, motifs: Sequence[str] = (), *, rules: Rules = Rules(),
                      escaped: str | None = None, awards: dict[str, int] | None = None) -> int:
    """Return the word's best total by trying every allowed order of events (the oracle; slow)."""
    motifs = motif_ids(motifs)
    cards = place(word, motifs, escaped, rules)
    best = None
    for ys in y_choices(word.text, cards):
        view = WordView(cards, word.text, ys)
        card, motif = events_for(view, motifs, rules, awards)
        for order in _allowed_orders(card, motif, rules):
            total = simulate(cards, order)[0]
            best = total if best is None else max(best, total)
    assert best is not None
    return best


def _allowed_orders(card: list[Event], motif: list[Event], rules: Rules) -> Iterator[list[Event]]:
    """Yield every order of the events in which motifs keep their flip order."""
    if rules.motifs_after_card_effects:
        for perm in itertools.permutations(card):
            yield [*perm, *motif]
        return
    everything = card + motif
    for indexes in itertools.permutations(range(len(everything))):
        motif_positions = [p for p in indexes if p >= len(card)]
        if motif_positions == sorted(motif_positions):
            yield [everything[p] for p in indexes]


class Adjustment(NamedTuple):
    """A play- or round-level change to a player's score, with its source."""

    source: str
    points: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "points": self.points, "text": self.text}


@dataclass(frozen=True, slots=True)
class PlayScore:
    """A scored play: each word, play-level effects, and the total."""

    words: tuple[WordScore, ...]
    finals: tuple[int, ...]
    """Each word's score after play-level effects (shorter-word doubles, forfeits)."""
    doubled_by: tuple[tuple[str, ...], ...]
    """For each word, the cards whose "double score of a word shorter" effect chose it."""
    adjustments: tuple[Adjustment, ...]
    notes: tuple[str, ...]
    total: int
    forfeited: frozenset[int] = field(default_factory=frozenset)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: total, words with breakdowns, adjustments and notes."""
        words = []
        for i, (ws, final) in enumerate(zip(self.words, self.finals, strict=True)):
            data = ws.to_dict()
            data["word_score"] = ws.score
            data["doubled_by"] = list(self.doubled_by[i])
            value = ws.score if ws.valid else 0
            for label in self.doubled_by[i]:
                data["breakdown"].append(Step(label, "word", Op.MULTIPLY, 2, value, value * 2,
                                              "a word shorter than this one").to_dict())
                value *= 2
            if i in self.forfeited:
                data["forfeited"] = True
                data["breakdown"].append({"source": "challenge", "target": "word", "op": "forfeit", "amount": 0,
                                          "from": value, "to": 0, "note": None,
                                          "text": f"challenge: word scores nothing: {value}→0"})
            data["score"] = final
            words.append(data)
        return {"total": self.total, "words": words, "adjustments": [a.to_dict() for a in self.adjustments],
                "notes": list(self.notes)}


def motif_notes(motifs: Sequence[str], *, hand_given: bool, round_given: bool) -> list[str]:
    """Return notes for motifs that do not change this score, or could not be counted."""
    catalog = load_catalog()
    notes = []
    for ident in motifs:
        motif = catalog.motif(ident)
        if motif.scope.value == "draft":
            notes.append(f"{motif.id} changes drafting or the pool, not the score")
        elif motif.scope.value == "round" and not round_given:
            notes.append(f"{motif.id} needs every player's play: not counted (score the round instead)")
        elif motif.id == "unseen-character" and not hand_given:
            notes.append("unseen-character needs the hand: not counted (give --hand)")
    return notes


def score_play(play: Play, lexicon: Lexicon | None, motifs: Sequence[str] = (), *, hand: CardCounts | None = None,
               pool: CardCounts | None = None, rules: Rules = Rules(), escaped: str | None = None,
               round_awards: dict[int, dict[str, int]] | None = None, forfeit: frozenset[int] = frozenset(),
               force_valid: frozenset[int] = frozenset(), round_given: bool = False) -> PlayScore:
    """Return the best score of one player's play under the motifs (in flip order).

    Play-level effects are chosen to the player's best: which shorter word each "double score of a
    word shorter than this one" doubles, and which longest word Grandiloquent rewards.
    ``round_awards`` gives, per word index, round-level motif bonuses (Sesquipedalian, Pangram);
    ``forfeit`` lists words that score nothing (lost challenges); ``force_valid`` words that score
    as if valid (challenges as printed).
    """
    motifs = motif_ids(motifs)
    check_one_word(play, rules)
    escaped = check_play(play, motifs, hand, pool, escaped)
    round_awards = round_awards or {}

    def word_score(i: int, grand: bool) -> WordScore:
        awards = dict(round_awards.get(i, {}))
        if grand:
            awards["grandiloquent"] = len(play.words[i])
        return score_word(play.words[i], lexicon, motifs, rules=rules, escaped=escaped, awards=awards,
                          force_valid=i in force_valid)

    plain = [word_score(i, False) for i in range(len(play.words))]
    scoring = [i for i, ws in enumerate(plain) if ws.valid and i not in forfeit]
    candidates: list[int | None] = [None]
    if "grandiloquent" in motifs and scoring:
        longest = max(len(play.words[i]) for i in scoring)
        candidates = [i for i in scoring if len(play.words[i]) == longest]
    best: tuple[int, list[WordScore], list[int], list[list[str]]] | None = None
    for grand in candidates:
        scores = [word_score(i, True) if i == grand else ws for i, ws in enumerate(plain)]
        values = [ws.score if i in scoring else 0 for i, ws in enumerate(scores)]
        total, finals, doubled = best_doubling([len(w) for w in play.words], values,
                                               [ws.shorter_doublers for ws in scores], scoring)
        if best is None or total > best[0]:
            best = (total, scores, finals, doubled)
    assert best is not None
    total, scores, finals, doubled = best
    adjustments = []
    notes = motif_notes(motifs, hand_given=hand is not None, round_given=round_given)
    if "unseen-character" in motifs and hand is not None:
        unused = _unused_hand_cards(play, hand)
        if unused:
            adjustments.append(Adjustment("unseen-character", -2 * unused, f"{unused} unused hand cards × -2"))
    return PlayScore(tuple(scores), tuple(finals), tuple(tuple(d) for d in doubled), tuple(adjustments),
                     tuple(notes), total + sum(a.points for a in adjustments), frozenset(forfeit))


def check_one_word(play: Play, rules: Rules) -> None:
    """Refuse a play of more than one word under the one-word house rule (ruling V1)."""
    if rules.one_word and len(play.words) > 1:
        words = ", ".join(w.text.upper() for w in play.words)
        raise RuleError(f"the one-word rule is in play: a play is one word, not {len(play.words)} ({words})")


def best_doubling(lengths: Sequence[int], values: Sequence[int], doublers: Sequence[Sequence[str]],
                  scoring: Sequence[int]) -> tuple[int, list[int], list[list[str]]]:
    """Return the best total, final word scores and doubling sources over every choice of shorter word.

    ``lengths``/``values`` are per word; ``doublers[i]`` names word ``i``'s live "double score of a word
    shorter than this one" cards; only words in ``scoring`` use their effects. Every such card whose
    word has a shorter word must double one (ruling E2), so values may fall (a -1 wild doubled is -2).

    A card in a word of length L may double any word shorter than L, so the choices are nested by
    length: going from the longest words to the shortest, the cards that may double the current word
    are those of every longer word not yet spent. A dynamic program over (word, cards still unspent)
    choosing how many to spend on each word (worth ``value * 2**k``) is exact, and takes
    O(words * cards**2) steps where trying every choice took cards**words.
    """
    hosted: dict[int, list[str]] = {}  # length -> the live doubler cards of words of that length
    for i in scoring:
        if doublers[i] and any(n < lengths[i] for n in lengths):  # with no shorter word the effect does nothing
            hosted.setdefault(lengths[i], []).extend(doublers[i])
    if not hosted:
        return sum(values), list(values), [[] for _ in values]
    order = sorted(range(len(lengths)), key=lambda j: (-lengths[j], -j))  # of equal words, the first gains ties
    # best[r]: the best sum of the words so far with r cards unspent; back[t][r]: (r before word t, k it took).
    best: dict[int, int] = {0: 0}
    back: list[dict[int, tuple[int, int]]] = []
    previous: int | None = None
    for j in order:
        arrived = 0
        if previous is not None and lengths[j] < previous:  # the cards of the longer words may now be spent
            arrived = len(hosted.get(previous, ()))
        previous = lengths[j]
        step: dict[int, int] = {}
        choice: dict[int, tuple[int, int]] = {}
        for before, v in best.items():
            r = before + arrived
            for k in range(r + 1):
                total = v + values[j] * 2 ** k
                if r - k not in step or total > step[r - k]:
                    step[r - k], choice[r - k] = total, (before, k)
        best = step
        back.append(choice)
    total = best[0]  # every card spent: the last words may always take what is left
    spent = [0] * len(lengths)
    r = 0
    for t in reversed(range(len(order))):
        r, spent[order[t]] = back[t][r]
    finals = [v * 2 ** k for v, k in zip(values, spent, strict=True)]
    doubled: list[list[str]] = [[] for _ in values]
    free: list[str] = []
    previous = None
    for j in order:  # hand out the cards themselves: any unspent card of a longer word may take word j
        if previous is not None and lengths[j] < previous:
            free.extend(hosted.get(previous, ()))
        previous = lengths[j]
        doubled[j], free = free[:spent[j]], free[spent[j]:]
    return total, finals, doubled


def _unused_hand_cards(play: Play, hand: CardCounts) -> int:
    """Return how many hand cards the play leaves unused (uses are counted against the hand first)."""
    used = cards_used(play)
    return sum(max(0, n - used[k]) for k, n in hand.items())
