"""Whole games of Novelty played by engine players (issue 22): the game as data, deterministic from its seed.

A game follows the rulebook's round: flip three motifs, deal each player three cards and eight to draft, draft
one card at a time passing the packs left (rounds 1 and 3) or right (round 2) (players sit in the order given,
so the player on one's left is the next one in the list, the last player's is the first), then each player plays
words from their hand and the common pool, and the round is scored by :func:`novelty.rounds.score_round`.
Three rounds make a game. A :class:`~novelty.variant.Variant` may change the numbers (its ``shape``).

The drafting motifs act when the rulings in ``docs/rulings.md`` (D1-D6) say: Chaotic Neutral and It May Help
You on Your Quest when flipped; Noah's Ark, Dramatic Irony and Open Secret while drafting; Picked Last as
drafting ends; the "after drafting" motifs then, in flip order (Cliffhanger's two motifs after every motif
flipped before them); Recurring Character, No One Gets Left Behind and Befriending the Enemy once the round is
scored, for the next round. Every card they move is an :class:`Event` of the round, so a round replays from its
record alone (:func:`replay_round`).

Every choice is a :class:`~novelty.policies.Policy`'s. The record of a finished game (:class:`GameRecord`) holds
the shuffled decks, each round's motifs, deals, every pick with its direction, the events, hands, pool, plays
and scores; :meth:`GameRecord.to_game_input` is what ``novelty game`` reads, and it scores to the same totals.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from novelty.errors import RuleError
from novelty.lexicon import Lexicon
from novelty.play import Play
from novelty.policies import Choice, Decision, Policy, View, policy, unused_hand
from novelty.rounds import Player, score_round
from novelty.scoring import Rules
from novelty.variant import STANDARD, Variant, check_players

__all__ = ["Choice", "Event", "GameRecord", "Pick", "RoundRecord", "play_game", "policy", "record_from_dict",
           "replay_round", "game_seed"]

POOL_CARDS = {"chaotic-neutral": 3}
EXTRA_DRAWS = {"it-may-help-you-on-your-quest": 2}
CLIFFHANGER_FLIPS = 2


def passes(rounds: int) -> tuple[str, ...]:
    """Return the direction packs pass in each round: left, right, left, and so on."""
    return tuple("left" if n % 2 == 0 else "right" for n in range(rounds))


def game_seed(study_seed: int, index: int) -> int:
    """Return the seed of game ``index`` of a study: each game its own, whatever order games are played in."""
    return random.Random(f"novelty study {study_seed} game {index}").randrange(2**63)


# -- the record ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pick:
    """One card drafted: by whom, which pick of the round (from 1), and where the pack went next."""

    player: str
    number: int
    card: str
    passed: str


@dataclass(frozen=True, slots=True)
class Event:
    """Cards a motif (or a house rule) moved, or motifs it flipped.

    ``action`` says where the cards went: ``pool`` (from the deck to the common pool), ``draw`` (from the deck
    to ``player``), ``discard`` (from ``player``'s hand, set aside), ``to-pool`` (from ``player``'s hand to the
    pool), ``pass`` (from ``player``'s hand to ``to``'s), ``flip`` (motifs added to the round), ``carry`` and
    ``carry-pool`` (kept for the next round: its start has ``carried`` and ``carried-pool``), ``reshuffle``
    (the cards set aside became the deck, in this order)."""

    motif: str
    action: str
    phase: str
    """``start`` (before drafting), ``after`` (after drafting) or ``end`` (after scoring)."""
    player: str | None = None
    cards: tuple[str, ...] = ()
    to: str | None = None


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round as it was played."""

    motifs: tuple[str, ...]
    """In flip order, Cliffhanger's among them."""
    dealt: dict[str, tuple[str, ...]]
    packs: dict[str, tuple[str, ...]]
    """Each player's drafting cards as dealt, before the first pick."""
    picks: tuple[Pick, ...]
    hands: dict[str, tuple[str, ...]]
    """Each hand as played from."""
    plays: dict[str, Choice]
    scores: dict[str, int]
    pool: tuple[str, ...] = ()
    """The common pool as played from."""
    events: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: who played with which policy, the seed, the decks as shuffled, and every round."""

    seed: int
    players: tuple[str, ...]
    policies: tuple[str, ...]
    letter_deck: tuple[str, ...]
    motif_deck: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    left_out: tuple[str, ...] = ()
    """Motifs left out of the motif deck."""
    variant: dict[str, Any] | None = None
    """The house rules played by (None: the rulebook's)."""

    @property
    def totals(self) -> dict[str, int]:
        return {p: sum(r.scores[p] for r in self.rounds) for p in self.players}

    @property
    def winners(self) -> tuple[str, ...]:
        """The players with the highest total (ties share the win, ruling G1)."""
        best = max(self.totals.values())
        return tuple(p for p, t in self.totals.items() if t == best)

    def to_dict(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (:func:`record_from_dict` reads it back)."""
        return {"record": RECORD_KIND, "seed": self.seed, "players": list(self.players),
                "policies": list(self.policies), "variant": self.variant, "letter_deck": list(self.letter_deck),
                "motif_deck": list(self.motif_deck), "left_out": list(self.left_out),
                "rounds": [_round_dict(r) for r in self.rounds], "totals": self.totals}

    def to_game_input(self, dictionary: str = "twl") -> dict[str, Any]:
        """Return the game as ``novelty game`` reads it (each player's hand, words and Escaped letter)."""
        return {"dict": dictionary, **({"variant": self.variant} if self.variant else {}), "rounds": [
            {"motifs": list(r.motifs), **({"pool": " ".join(r.pool)} if r.pool else {}), "players": [
                {"name": p, "hand": list(r.hands[p]), "words": list(r.plays[p].words),
                 **({"escaped": r.plays[p].escaped} if r.plays[p].escaped else {})} for p in self.players]}
            for r in self.rounds]}


RECORD_KIND = "novelty self-play game 1"
"""The ``record`` field of a game record's JSON: what it is, and the version of its layout."""


def _round_dict(r: RoundRecord) -> dict[str, Any]:
    """Return one round of a record as JSON-ready data."""
    return {"motifs": list(r.motifs), "dealt": {p: list(c) for p, c in r.dealt.items()},
            "packs": {p: list(c) for p, c in r.packs.items()},
            "picks": [[p.player, p.number, p.card, p.passed] for p in r.picks],
            "events": [{"motif": e.motif, "action": e.action, "phase": e.phase, "player": e.player,
                        "cards": list(e.cards), "to": e.to} for e in r.events],
            "hands": {p: list(c) for p, c in r.hands.items()}, "pool": list(r.pool),
            "plays": {p: {"words": list(c.words), "escaped": c.escaped} for p, c in r.plays.items()},
            "scores": dict(r.scores)}


def _round_from_dict(r: dict[str, Any]) -> RoundRecord:
    return RoundRecord(
        tuple(r["motifs"]), {p: tuple(c) for p, c in r["dealt"].items()},
        {p: tuple(c) for p, c in r["packs"].items()},
        tuple(Pick(player, int(number), card, passed) for player, number, card, passed in r["picks"]),
        {p: tuple(c) for p, c in r["hands"].items()},
        {p: Choice(tuple(c["words"]), c["escaped"]) for p, c in r["plays"].items()},
        {p: int(n) for p, n in r["scores"].items()}, tuple(r.get("pool", ())),
        tuple(Event(e["motif"], e["action"], e["phase"], e["player"], tuple(e["cards"]), e["to"])
              for e in r.get("events", ())))


def record_from_dict(data: Any) -> GameRecord:
    """Return the game record ``data`` holds (from :meth:`GameRecord.to_dict`), refusing anything else by name."""
    if not isinstance(data, dict) or data.get("record") != RECORD_KIND:
        raise RuleError(f"not a game record: its 'record' field must be {RECORD_KIND!r}")
    try:
        return GameRecord(int(data["seed"]), tuple(data["players"]), tuple(data["policies"]),
                          tuple(data["letter_deck"]), tuple(data["motif_deck"]),
                          tuple(_round_from_dict(r) for r in data["rounds"]), tuple(data.get("left_out", ())),
                          data.get("variant"))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RuleError(f"game record is malformed: {type(exc).__name__}: {exc}") from None


def replay_round(r: RoundRecord) -> tuple[dict[str, Counter[str]], Counter[str]]:
    """Return the hands and pool a round was played from, rebuilt from its deals, picks and events alone."""
    hands = {p: Counter(c) for p, c in r.dealt.items()}
    pool: Counter[str] = Counter()

    def apply(e: Event) -> None:
        cards = Counter(e.cards)
        source = hands[e.player] if e.player is not None else None
        if e.action in ("discard", "to-pool", "pass", "carry") and source is not None:
            if cards - source:
                raise RuleError(f"{e.motif}: {e.player} does not hold {' '.join(e.cards)}")
            source.subtract(cards)
        if e.action in ("pool", "to-pool", "carried-pool"):
            pool.update(cards)
        elif e.action in ("draw", "carried") and source is not None:
            source.update(cards)
        elif e.action == "pass" and e.to is not None:
            hands[e.to].update(cards)

    for e in r.events:
        if e.phase == "start":
            apply(e)
    for pick in r.picks:
        hands[pick.player][pick.card] += 1
    for e in r.events:
        if e.phase == "after":
            apply(e)
    return {p: +c for p, c in hands.items()}, pool


# -- playing --------------------------------------------------------------------------------------------


class Deck:
    """Cards face down, drawn from the end; when they run out, the cards set aside are shuffled to form a new
    deck (ruling D6)."""

    def __init__(self, cards: list[str], rng: random.Random, what: str) -> None:
        self.cards, self.rng, self.what = cards, rng, what
        self.aside: list[str] = []
        self.reshuffled: list[tuple[str, ...]] = []

    def draw(self, n: int = 1) -> list[str]:
        if n > len(self.cards):
            self.aside.sort()
            self.rng.shuffle(self.aside)
            self.cards[:0] = self.aside  # beneath what is left
            self.reshuffled.append(tuple(self.aside))
            self.aside = []
            if n > len(self.cards):
                raise RuleError(f"the {self.what} deck has {len(self.cards)} cards left; {n} are needed")
        return [self.cards.pop() for _ in range(n)]


@dataclass
class _Game:
    """A game in play: who sits where, the decks, and what passes from one round to the next."""

    players: list[str]
    policies: list[Policy]
    lexicon: Lexicon
    rng: random.Random
    letters: Deck
    motifs: Deck
    variant: Variant
    rules: Rules
    totals: dict[str, int]
    carried: dict[str, list[str]] = field(default_factory=dict)
    carried_pool: list[str] = field(default_factory=list)

    def seat(self, player: str, step: int) -> str:
        """Return the player ``step`` seats to the left (negative: to the right)."""
        return self.players[(self.players.index(player) + step) % len(self.players)]


class _Round:
    """One round in play: hands, packs, the pool and what happened to them."""

    def __init__(self, game: _Game, number: int, motifs: list[str]) -> None:
        self.game, self.number, self.motifs = game, number, motifs
        self.hands: dict[str, list[str]] = {p: [] for p in game.players}
        self.pool: list[str] = []
        self.events: list[Event] = []
        self.phase = "start"
        self.last_picks: dict[str, str] = {}

    def event(self, motif: str, action: str, player: str | None = None, cards: Sequence[str] = (),
              to: str | None = None) -> None:
        self.events.append(Event(motif, action, self.phase, player, tuple(cards), to))

    def draw(self, motif: str, n: int) -> list[str]:
        before = len(self.game.letters.reshuffled)
        cards = self.game.letters.draw(n)
        for order in self.game.letters.reshuffled[before:]:
            self.event(motif, "reshuffle", cards=order)
        return cards

    def move(self, motif: str, action: str, player: str, cards: Sequence[str], to: str | None = None) -> None:
        """Take ``cards`` from ``player``'s hand: set aside, into the pool, or to ``to``'s hand."""
        for card in cards:
            self.hands[player].remove(card)
        if action == "discard":
            self.game.letters.aside += cards
        elif action == "to-pool":
            self.pool += cards
        elif to is not None:
            self.hands[to] += cards
        self.event(motif, action, player, cards, to)

    def view(self, player: str, pack: Sequence[str] = (), seen: Sequence[str] = (), picks_left: int = 0) -> View:
        game = self.game
        return View(player, tuple(self.hands[player]), game.lexicon, tuple(self.motifs), tuple(self.pool),
                    tuple(pack), tuple(seen), picks_left, dict(game.totals), game.rules, self.number,
                    game.variant.shape.rounds)

    def ask(self, player: str, decision: Decision) -> tuple[str, ...]:
        """Return a policy's answer to a decision, refusing one the decision does not allow."""
        chosen = self.game.policies[self.game.players.index(player)].decide(decision, self.view(player),
                                                                            self.game.rng)
        chosen = tuple(chosen)
        fits = len(chosen) <= decision.count if decision.up_to else len(chosen) == decision.count
        if not fits or Counter(chosen) - Counter(decision.cards):
            name = self.game.policies[self.game.players.index(player)].name
            raise RuleError(f"policy {name!r} answered {decision.kind} with {' '.join(chosen) or 'nothing'}, "
                            f"which {player} may not choose")
        return chosen


def play_game(players: Sequence[str], policies: Sequence[Policy], lexicon: Lexicon, seed: int,
              variant: Variant = STANDARD) -> GameRecord:
    """Play a whole game between ``players`` (each with the policy at the same place) and return its record."""
    if len(players) != len(policies) or not 2 <= len(players) <= 6 or len(set(players)) != len(players):
        raise RuleError("a game needs 2 to 6 players with different names, each with a policy")
    check_players(variant, len(players))  # one round's deal (later rounds reshuffle what was set aside, D6)
    with variant.active():  # the policies' searches and the scoring read the variant's cards
        return _play_game(list(players), list(policies), lexicon, seed, variant)


def _play_game(players: list[str], policies: list[Policy], lexicon: Lexicon, seed: int, variant: Variant
               ) -> GameRecord:
    shape = variant.shape
    catalog = variant.catalog()
    rng = random.Random(seed)
    letters = sorted(k.id for k in catalog.kinds.values() for _ in range(k.count))
    motifs = sorted(catalog.motifs)
    rng.shuffle(letters)
    rng.shuffle(motifs)
    letter_deck, motif_deck = tuple(letters), tuple(motifs)
    game = _Game(players, policies, lexicon, rng, Deck(letters, rng, "letter"), Deck(motifs, rng, "motif"), variant,
                 variant.rules(), {p: 0 for p in players})
    rounds = []
    for number, direction in enumerate(passes(shape.rounds), start=1):
        record = _play_round(game, number, direction)
        rounds.append(record)
        for p in players:
            game.totals[p] += record.scores[p]
    return GameRecord(seed, tuple(players), tuple(p.name for p in policies), letter_deck, motif_deck, tuple(rounds),
                      (), None if variant == STANDARD else variant.to_dict())


def _play_round(game: _Game, number: int, direction: str) -> RoundRecord:
    shape = game.variant.shape
    r = _Round(game, number, game.motifs.draw(shape.motifs))
    for p in game.players:
        r.hands[p] += game.carried.get(p, [])
        if game.carried.get(p):
            r.event("carried", "carried", p, game.carried[p])
    if game.carried_pool:
        r.pool += game.carried_pool
        r.event("carried", "carried-pool", cards=game.carried_pool)
    game.carried, game.carried_pool = {}, []
    dealt = {p: r.draw("deal", shape.dealt) for p in game.players}
    for p in game.players:
        r.hands[p] += dealt[p]
    if shape.pool:
        cards = r.draw("deal", shape.pool)
        r.pool += cards
        r.event("variant", "pool", cards=cards)
    for motif in list(r.motifs):
        _on_flip(r, motif)
    packs = [r.draw("deal", shape.drafted) for _ in game.players]
    first_packs = {p: tuple(packs[i]) for i, p in enumerate(game.players)}
    picks = _draft(r, packs, direction)
    r.phase = "after"
    if "picked-last" in r.motifs:
        _picked_last(r)
    if shape.trade_hands:
        a, b = game.players
        hand_a, hand_b = list(r.hands[a]), list(r.hands[b])
        r.move("trade-hands", "pass", a, hand_a, b)
        r.move("trade-hands", "pass", b, hand_b, a)
    done = 0
    while done < len(r.motifs):  # Cliffhanger adds motifs as it goes: they act after those flipped before them
        motif = r.motifs[done]
        if done >= shape.motifs:  # flipped by Cliffhanger: it acts at once if it acts when flipped or after drafting
            _on_flip(r, motif)
            if motif == "picked-last":  # drafting has ended, and the last card drafted is still known (D1)
                _picked_last(r)
        if motif in AFTER:
            AFTER[motif](r, motif)
        done += 1
    plays = {p: game.policies[i].play(r.view(p), game.rng) for i, p in enumerate(game.players)}
    result = score_round([Player(p, Play.parse(plays[p].words), Counter(r.hands[p])) for p in game.players],
                         game.lexicon, r.motifs, pool=Counter(r.pool), rules=game.rules,
                         escaped={p: c.escaped for p, c in plays.items() if c.escaped})
    hands = {p: tuple(sorted(r.hands[p])) for p in game.players}
    pool = tuple(sorted(r.pool))
    r.phase = "end"
    _round_end(r, plays, number == shape.rounds)
    return RoundRecord(tuple(r.motifs), {p: tuple(c) for p, c in dealt.items()}, first_packs, picks, hands, plays,
                       result.scores, pool, tuple(r.events))


def _on_flip(r: _Round, motif: str) -> None:
    """Chaotic Neutral puts cards in the pool, It May Help You on Your Quest draws cards, when flipped (D1)."""
    if motif in POOL_CARDS:
        cards = r.draw(motif, POOL_CARDS[motif])
        r.pool += cards
        r.event(motif, "pool", cards=cards)
    if motif in EXTRA_DRAWS:
        for p in r.game.players:
            cards = r.draw(motif, EXTRA_DRAWS[motif])
            r.hands[p] += cards
            r.event(motif, "draw", p, cards)


def _draft(r: _Round, packs: list[list[str]], direction: str) -> tuple[Pick, ...]:
    """Draft every pack: one card a turn (two under Noah's Ark), then pass each pack on (D2)."""
    game = r.game
    per_turn = 2 if "noahs-ark" in r.motifs else 1
    step = 1 if direction == "left" else -1
    picks: list[Pick] = []
    shown = {p: list(r.hands[p]) for p in game.players}  # revealed hands; drafted cards join them unless hidden
    turn = 0
    while any(packs):
        turn += 1
        taken: list[list[str]] = []
        for i, (name, player) in enumerate(zip(game.players, game.policies, strict=True)):
            chosen: list[str] = []
            for _ in range(min(per_turn, len(packs[i]))):
                # every card of every pack is drafted, the packs shrinking alike: this player drafts as many
                # cards after this one as this pack holds besides it
                view = r.view(name, packs[i], _seen(r, name, packs, shown), len(packs[i]) - 1)
                card = player.pick(view, game.rng)
                if card not in packs[i]:
                    raise RuleError(f"policy {player.name!r} drafted {card!r}, which is not in {name}'s pack")
                packs[i].remove(card)
                r.hands[name].append(card)  # (the view of the second card of a pair holds the first)
                chosen.append(card)
            taken.append(chosen)
        for name, chosen in zip(game.players, taken, strict=True):  # revealed together
            picks += [Pick(name, turn, card, direction) for card in chosen]
            if chosen:
                r.last_picks[name] = chosen[-1]
            if "dramatic-irony" not in r.motifs:
                shown[name] += chosen
        packs[:] = [packs[(i - step) % len(packs)] for i in range(len(packs))]  # each pack moves one seat
    return tuple(picks)


def _seen(r: _Round, player: str, packs: list[list[str]], shown: dict[str, list[str]]) -> list[str]:
    """Return the cards ``player`` can see besides their hand, pack and the pool."""
    seen = [c for p, cards in shown.items() if p != player for c in cards]
    if "open-secret" in r.motifs:
        mine = r.game.players.index(player)
        seen += [c for i, pack in enumerate(packs) if i != mine for c in pack]
    return seen


def _picked_last(r: _Round) -> None:
    """Picked Last: each player's last card drafted goes to the pool, if they still hold it (D3)."""
    for p in r.game.players:
        card = r.last_picks.get(p)
        if card is not None and card in r.hands[p]:
            r.move("picked-last", "to-pool", p, [card])


def _simultaneous(r: _Round, motif: str, kind: str, count: int, action: str, to: int = 0,
                  up_to: bool = False) -> dict[str, tuple[str, ...]]:
    """Ask every player the same decision on their own hand, then move every answer at once."""
    answers = {p: r.ask(p, Decision(kind, tuple(r.hands[p]), min(count, len(r.hands[p])), up_to))
               for p in r.game.players}
    for p, cards in answers.items():
        if cards:
            r.move(motif, action, p, cards, r.game.seat(p, to) if to else None)
    return answers


def _kill_off(r: _Round, motif: str) -> None:
    _simultaneous(r, motif, "kill-off", 1, "discard")


def _heroic_sacrifice(r: _Round, motif: str) -> None:
    _simultaneous(r, motif, "heroic-sacrifice", 1, "to-pool")


def _merchant_city(r: _Round, motif: str) -> None:
    _simultaneous(r, motif, "merchant-city", 3, "pass", to=-1)


def _second_chances(r: _Round, motif: str) -> None:
    answers = _simultaneous(r, motif, "second-chances", 3, "discard", up_to=True)
    for p, cards in answers.items():  # each draws as many, in seat order
        if cards:
            drawn = r.draw(motif, len(cards))
            r.hands[p] += drawn
            r.event(motif, "draw", p, drawn)


def _random_from_left(r: _Round, motif: str, action: str) -> None:
    """Each player picks a card at random from the hand of the player on their left, as the hands stood."""
    taken = {p: r.game.rng.choice(sorted(r.hands[r.game.seat(p, 1)])) if r.hands[r.game.seat(p, 1)] else None
             for p in r.game.players}
    for p, card in taken.items():
        if card is not None:
            r.move(motif, action, r.game.seat(p, 1), [card], p if action == "pass" else None)


def _borrowed_words(r: _Round, motif: str) -> None:
    _random_from_left(r, motif, "pass")


def _needs_of_the_many(r: _Round, motif: str) -> None:
    _random_from_left(r, motif, "to-pool")


def _ghostwriter(r: _Round, motif: str) -> None:
    hands = {p: list(r.hands[p]) for p in r.game.players}
    for p in r.game.players:
        r.move(motif, "pass", p, hands[p], r.game.seat(p, -1))


def _rags_to_riches(r: _Round, motif: str) -> None:
    """The lowest scorer takes a card from the highest and gives one back (D4: ties drawn at random; nothing
    when every player has the same score)."""
    totals = r.game.totals
    low, high = min(totals.values()), max(totals.values())
    if low == high:
        return
    poor = r.game.rng.choice([p for p in r.game.players if totals[p] == low])
    rich = r.game.rng.choice([p for p in r.game.players if totals[p] == high])
    if not r.hands[rich]:
        return
    take = r.ask(poor, Decision("rags-to-riches-take", tuple(r.hands[rich]), 1))
    r.move(motif, "pass", rich, take, poor)
    give = r.ask(poor, Decision("rags-to-riches", tuple(r.hands[poor]), 1))
    r.move(motif, "pass", poor, give, rich)


def _cliffhanger(r: _Round, motif: str) -> None:
    flipped = r.game.motifs.draw(CLIFFHANGER_FLIPS)
    r.motifs += flipped
    r.event(motif, "flip", cards=flipped)


AFTER: dict[str, Callable[[_Round, str], None]] = {
    "cliffhanger": _cliffhanger, "rags-to-riches": _rags_to_riches, "second-chances": _second_chances,
    "borrowed-words": _borrowed_words, "heroic-sacrifice": _heroic_sacrifice,
    "the-needs-of-the-many": _needs_of_the_many, "merchant-city": _merchant_city, "kill-off": _kill_off,
    "ghostwriter": _ghostwriter,
}
"""The motifs that act after drafting (Picked Last acts as drafting ends: :func:`_picked_last`)."""


def _round_end(r: _Round, plays: dict[str, Choice], last: bool) -> None:
    """After scoring: set every card aside but those Recurring Character and No One Gets Left Behind keep in a
    hand, and Befriending the Enemy puts in the next pool, each in flip order, a card claimed once (D5);
    nothing is kept after the last round."""
    game = r.game
    kept: dict[str, Counter[str]] = {p: Counter() for p in game.players}
    pooled: dict[str, Counter[str]] = {p: Counter() for p in game.players}
    unused = {p: unused_hand(r.hands[p], plays[p].words) for p in game.players} if not last else {}
    for motif in [] if last else r.motifs:
        for p in game.players:
            free = Counter(r.hands[p]) - kept[p] - pooled[p]
            spare = unused[p] - kept[p] - pooled[p]
            if motif == "recurring-character" and free:
                cards = r.ask(p, Decision("recurring-character", tuple(sorted(free.elements())), 1))
                kept[p].update(cards)
                r.event(motif, "carry", p, cards)
            elif motif == "no-one-gets-left-behind" and spare:
                kept[p] += spare
                r.event(motif, "carry", p, sorted(spare.elements()))
            elif motif == "befriending-the-enemy" and spare:
                pooled[p] += spare
                game.carried_pool += sorted(spare.elements())
                r.event(motif, "carry-pool", p, sorted(spare.elements()))
    for p in game.players:
        if kept[p]:
            game.carried[p] = sorted(kept[p].elements())
        game.letters.aside += list((Counter(r.hands[p]) - kept[p] - pooled[p]).elements())
    game.letters.aside += r.pool
    game.motifs.aside += r.motifs
