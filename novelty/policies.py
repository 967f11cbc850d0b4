"""Engine players for self-play (issue 22): one small interface, three players, and room for a user's own.

A :class:`Policy` answers the three kinds of question a game asks a player: which card of the pack to draft
(:meth:`~Policy.pick`), which cards to give up, keep or take when a motif asks (:meth:`~Policy.decide`, a
:class:`Decision`), and which words to play (:meth:`~Policy.play`). It sees a :class:`View`: what that player
knows at that moment, no more. Every random choice a policy makes must come from the ``rng`` it is handed,
and every search must be limited by work, not time, so that the same seed plays the same game on any machine.

- ``random`` drafts and decides at random and plays the best play it finds;
- ``greedy`` drafts the card whose best play now is highest, gives up the cards its best play does not use,
  and plays the best play;
- ``engine`` drafts and decides by decision help's rankings (:mod:`novelty.advise`, Monte Carlo where the
  future matters) and plays the best play.

A user's own policy is any object with the three methods and a ``name``: pass it to
:func:`novelty.selfplay.play_game`, or name it ``module:attribute`` to :func:`policy` (``novelty autoplay
--policy mypolicies:Cautious``), where the attribute is a class or a function returning the policy.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from novelty import advise
from novelty.catalog import load_catalog
from novelty.errors import RuleError
from novelty.lexicon import Lexicon
from novelty.options import ADVISE_MAX_SECONDS
from novelty.play import Play, cards_used
from novelty.scoring import Rules
from novelty.solver import best_total, can_choose, solve, solve_choosing

SEARCH_WORK = 200_000
"""Steps the search for a play may take (about 0.1 s): the same play on any machine."""

VALUE_WORK = 30_000
"""Steps a search that only values a choice may take (a greedy pick or decision), about a seventh of a play's. On 209
greedy draft positions of six cards or more, its pick's best play is 0.12 points below the best pick's on average
(50,000 steps: 0.08), for about a fifth less time a game."""

ENGINE_SAMPLES = 8
"""Deals the engine player samples per choice when the future matters (drafting, Second Chances, Recurring
Character): few, as a game asks some 100 such questions; decision help's own default is 100."""


@dataclass(frozen=True, slots=True)
class View:
    """What a player knows when choosing."""

    player: str
    hand: tuple[str, ...]
    lexicon: Lexicon
    motifs: tuple[str, ...]
    """The round's motifs in flip order."""
    pool: tuple[str, ...] = ()
    pack: tuple[str, ...] = ()
    """The cards in front of the player to draft from (empty outside drafting)."""
    seen: tuple[str, ...] = ()
    """Every other card the player can see: the other players' revealed hands (their drafted cards are hidden
    under Dramatic Irony), and under Open Secret the other packs."""
    picks_left: int = 0
    """Cards this player will still draft after this pick."""
    scores: Mapping[str, int] = field(default_factory=dict)
    """Every player's game total before this round."""
    rules: Rules = Rules()
    round: int = 1
    rounds: int = 3


@dataclass(frozen=True, slots=True)
class Choice:
    """A play chosen: its words in card notation and the Escaped from Captivity letter, if one was named."""

    words: tuple[str, ...]
    escaped: str | None = None


DECISIONS = {
    "kill-off": "discard",
    "second-chances": "discard and draw as many",
    "heroic-sacrifice": "add to the common pool",
    "merchant-city": "pass to the player on the right",
    "rags-to-riches-take": "take from the highest scorer",
    "rags-to-riches": "give back to the highest scorer",
    "recurring-character": "carry over to the next round",
}
"""Every question a motif asks a player, and what happens to the cards chosen."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A motif's question: choose ``count`` of ``cards`` (or fewer, down to none, when ``up_to``)."""

    kind: str
    """One of :data:`DECISIONS`."""
    cards: tuple[str, ...]
    """What to choose from: the player's hand, or for ``rags-to-riches-take`` the highest scorer's."""
    count: int
    up_to: bool = False


@runtime_checkable
class Policy(Protocol):
    """An engine player."""

    name: str

    def pick(self, view: View, rng: random.Random) -> str:
        """Return the card of ``view.pack`` to draft."""
        ...

    def decide(self, decision: Decision, view: View, rng: random.Random) -> tuple[str, ...]:
        """Return the cards of ``decision.cards`` chosen."""
        ...

    def play(self, view: View, rng: random.Random) -> Choice:
        """Return the play to make from ``view.hand`` and ``view.pool``."""
        ...


# -- helpers every player uses ------------------------------------------------------------------------


def best_choice(view: View, hand: Sequence[str], pool: Sequence[str] | None = None, work: int = SEARCH_WORK
                ) -> tuple[int, Choice]:
    """Return the best play of ``hand`` and the pool under the view's motifs (work-limited) and its total."""
    pool = view.pool if pool is None else pool
    result = solve(view.lexicon, Counter(hand), Counter(pool), view.motifs, rules=view.rules, top=1, work=work)
    if not result.plays:
        return 0, Choice(())
    best = result.plays[0]
    return best.total, Choice(tuple(str(word) for word in best.play.words), best.escaped)


def unused_hand(hand: Sequence[str], words: Sequence[str]) -> Counter[str]:
    """Return the hand cards a play leaves unused (cards used count against the hand before the pool, ruling M4)."""
    return Counter(hand) - cards_used(Play.parse(words))


def _by_value(cards: Sequence[str]) -> list[str]:
    """Return the cards lowest printed points first (then by id): the order a player gives cards up in."""
    kinds = load_catalog().kinds
    return sorted(cards, key=lambda c: (kinds[c].points, kinds[c].wild is not None, c))


def _sample(decision: Decision, rng: random.Random) -> tuple[str, ...]:
    size = rng.randint(0, decision.count) if decision.up_to else decision.count
    return tuple(rng.sample(sorted(decision.cards), size))


# -- the players -------------------------------------------------------------------------------------


class RandomPolicy:
    """Drafts and decides at random; plays the best play it finds (a random play would rarely spell a word)."""

    name = "random"

    def pick(self, view: View, rng: random.Random) -> str:
        return rng.choice(sorted(view.pack))

    def decide(self, decision: Decision, view: View, rng: random.Random) -> tuple[str, ...]:
        return _sample(decision, rng)

    def play(self, view: View, rng: random.Random) -> Choice:
        return best_choice(view, view.hand)[1]


class GreedyPolicy:
    """Looks no further than the play it could make now.

    Drafts the card whose best play now is highest (ties: the card that play takes, or the first by id when the
    hand plays as well without one). Asked to give cards up, it gives the ones its best play does not use, lowest
    points first, and when every card is used, the one whose loss costs least (ties: lowest points first); Second
    Chances discards the unused cards (up to three); it takes the card that raises its best play most; it carries
    over its highest-scoring card. Plays the best play.

    Its choices are valued by searches of :data:`VALUE_WORK` steps (the letters Escaped from Captivity tries share
    them), and one search answers for a whole pack (or for every card it might give up:
    :func:`~novelty.solver.solve_choosing`) unless a repeat motif or Unseen Character is in play, when each card
    gets its own."""

    name = "greedy"

    def pick(self, view: View, rng: random.Random) -> str:
        # cards that score alike under the motifs make the same best play: one search for each kind of card
        firsts = sorted(group[0] for group in advise.classes(view.pack, view.motifs))
        if len(firsts) == 1:
            return firsts[0]
        if can_choose(view.motifs):  # one search for the whole pack: the card the best play found takes
            chosen = solve_choosing(view.lexicon, Counter(view.hand), Counter(view.pool), view.motifs,
                                    Counter(firsts), 1, rules=view.rules, work=VALUE_WORK).taken
            return min(chosen) if chosen else firsts[0]
        return max(firsts, key=lambda card: _value(view, [*view.hand, card], view.pool))

    def decide(self, decision: Decision, view: View, rng: random.Random) -> tuple[str, ...]:
        if decision.kind == "rags-to-riches-take":
            return (self.pick(View(view.player, view.hand, view.lexicon, view.motifs, view.pool,
                                   decision.cards, rules=view.rules), rng),)
        if decision.kind == "recurring-character":
            return tuple(reversed(_by_value(decision.cards)))[:decision.count]
        if decision.kind == "second-chances":
            spare = _by_value(list(unused_hand(view.hand, best_choice(view, view.hand, work=VALUE_WORK)[1].words)
                                   .elements()))
            return tuple(spare[:decision.count])
        return self._give_up(decision, view)

    def _give_up(self, decision: Decision, view: View) -> tuple[str, ...]:
        """Give up ``count`` cards one at a time, each the one whose loss costs the best play least."""
        to_pool = decision.kind == "heroic-sacrifice"
        hand, pool, given = list(view.hand), list(view.pool), []
        for _ in range(decision.count):
            spare = _by_value(list(unused_hand(hand, best_choice(view, hand, pool, VALUE_WORK)[1].words).elements()))
            card = spare[0] if spare else _costing_least(view, hand, pool, to_pool)
            hand.remove(card)
            pool += [card] if to_pool else []
            given.append(card)
        return tuple(given)

    def play(self, view: View, rng: random.Random) -> Choice:
        return best_choice(view, view.hand)[1]


def _costing_least(view: View, hand: list[str], pool: list[str], to_pool: bool) -> str:
    """Return the card whose loss costs the best play least (ties: the lowest points first), when every card of
    the hand is used."""
    kinds = _by_value(sorted(set(hand)))
    if len(kinds) == 1:
        return kinds[0]
    if can_choose(view.motifs):
        if to_pool:  # a card given to the pool is still the player's to play: nothing is lost
            return kinds[0]
        # one search: the hand less one card of each kind, keeping all those cards but one
        kept = solve_choosing(view.lexicon, Counter(hand) - Counter(kinds), Counter(pool), view.motifs,
                              Counter(kinds), len(kinds) - 1, rules=view.rules, work=VALUE_WORK).taken
        return next(kind for kind in kinds if not kept[kind])
    return max(kinds, key=lambda c: _value_without(view, hand, pool, c, to_pool))


def _value_without(view: View, hand: list[str], pool: list[str], card: str, to_pool: bool) -> int:
    """Return the best play once ``card`` leaves the hand (for the pool, when ``to_pool``)."""
    rest = list(hand)
    rest.remove(card)
    return _value(view, rest, [*pool, card] if to_pool else pool)


def _value(view: View, hand: Sequence[str], pool: Sequence[str]) -> int:
    """Return the total of the best play found for ``hand`` and ``pool`` in :data:`VALUE_WORK` steps."""
    return best_total(view.lexicon, Counter(hand), Counter(pool), view.motifs, rules=view.rules, work=VALUE_WORK)


class EnginePolicy:
    """Drafts and decides by decision help's rankings (Monte Carlo on ``samples`` deals where the future matters,
    exact otherwise), every search work-limited; plays the best play the solver finds."""

    name = "engine"

    def __init__(self, samples: int = ENGINE_SAMPLES) -> None:
        self.samples = samples

    def setting(self, view: View) -> advise.Setting:
        # One thread (self-play runs games side by side instead) and a time limit the work limits stay far from.
        return advise.Setting(view.lexicon, view.motifs, view.rules, time_limit=ADVISE_MAX_SECONDS, workers=1,
                              work=SEARCH_WORK)

    def pick(self, view: View, rng: random.Random) -> str:
        if len(set(view.pack)) == 1:
            return view.pack[0]
        answer = advise.draft_pick(self.setting(view), Counter(view.hand), Counter(view.pack), Counter(view.pool),
                                   seen=Counter(view.seen), picks_left=view.picks_left, samples=self.samples,
                                   seed=rng.randrange(2**31), players=max(2, len(view.scores)))
        return answer.choices[0].cards[0]

    def decide(self, decision: Decision, view: View, rng: random.Random) -> tuple[str, ...]:
        hand, pool, setting = Counter(view.hand), Counter(view.pool), self.setting(view)
        kind = decision.kind
        if kind == "rags-to-riches-take":  # taking is drafting from the highest scorer's hand, with nothing to come
            return (advise.draft_pick(setting, hand, Counter(decision.cards), pool, picks_left=0, samples=1
                                      ).choices[0].cards[0],)
        if kind == "second-chances":
            answer = advise.second_chances(setting, hand, pool, seen=Counter(view.seen), samples=self.samples,
                                           seed=rng.randrange(2**31), most=decision.count)
        elif kind == "recurring-character":
            answer = advise.recurring_character(setting, hand, pool, seen=Counter(view.seen), samples=self.samples,
                                                seed=rng.randrange(2**31))
        else:
            exact = {"kill-off": advise.kill_off, "heroic-sacrifice": advise.heroic_sacrifice,
                     "merchant-city": advise.merchant_city, "rags-to-riches": advise.rags_to_riches}
            answer = exact[kind](setting, hand, pool)
        return answer.choices[0].cards

    def play(self, view: View, rng: random.Random) -> Choice:
        return best_choice(view, view.hand)[1]


POLICIES: dict[str, Any] = {"random": RandomPolicy, "greedy": GreedyPolicy, "engine": EnginePolicy}
"""The engine players by name."""


def policy(name: str) -> Policy:
    """Return the engine player named ``name``: one of :data:`POLICIES`, or ``module:attribute`` for a user's own
    (the attribute a class or function returning it)."""
    if name in POLICIES:
        made: Any = POLICIES[name]()
    elif ":" in name:
        made = _import_policy(name)
    else:
        raise RuleError(f"unknown policy {name!r}: one of {', '.join(POLICIES)}, or module:attribute for your own")
    if not isinstance(made, Policy):
        raise RuleError(f"policy {name!r} lacks one of name, pick, decide, play")
    return made  # type: ignore[no-any-return]


def _import_policy(name: str) -> Any:
    module, _, attribute = name.partition(":")
    try:
        found = getattr(importlib.import_module(module), attribute)
        return found()
    except Exception as exc:  # a user's code: whatever it raises, the answer names the policy
        raise RuleError(f"cannot load policy {name!r}: {type(exc).__name__}: {exc}") from None
