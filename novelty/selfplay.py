"""Whole games of Novelty played by engine players (issue 22): the game as data, deterministic from its seed.

A game follows the rulebook's round: flip three motifs, deal each player three cards and eight to draft, draft
one card at a time passing the packs left (rounds 1 and 3) or right (round 2) (players sit in the order given,
so the player on one's left is the next one in the list, the last player's is the first), then each player plays words
from the eleven cards, and the round is scored by :func:`novelty.rounds.score_round`. Three rounds make a game.

Every choice is a :class:`Policy`'s: which card to draft, which play to make. The record of a finished game
(:class:`GameRecord`) holds the shuffled decks, each round's motifs, deals, every pick with its direction,
the plays and the scores; :meth:`GameRecord.to_game_input` is what ``novelty game`` reads, and it scores to
the same totals. Searches use a work limit, not a time limit, so the same seed plays the same game on any
machine.

This first part plays the motifs that act at scoring (word, cards, player and round motifs). The motifs
that change drafting or the pool (``MotifScope.DRAFT``: 18 of the 48) and the decisions they ask for are the
next part; until then they are left out of the motif deck, and each record says so.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from novelty.catalog import MotifScope, load_catalog
from novelty.errors import RuleError
from novelty.lexicon import Lexicon
from novelty.play import Play
from novelty.rounds import Player, score_round
from novelty.solver import solve

ROUNDS = 3
MOTIFS_PER_ROUND = 3
DEALT = 3
"""Cards each player draws to start a hand."""
DRAFTED = 8
"""Cards each player is dealt to draft from."""
PASSES = ("left", "right", "left")
"""The direction packs pass in each round."""
PLAYED_SCOPES = frozenset({MotifScope.WORD, MotifScope.CARDS, MotifScope.PLAYER, MotifScope.ROUND})
"""The motifs this part plays; the others are left out of the deck (module docstring)."""
SEARCH_WORK = 200_000
"""Steps a player's search may take (about 0.1 s): the same play on any machine."""


@dataclass(frozen=True, slots=True)
class View:
    """What a player knows when choosing: their hand, the pack in front of them (when drafting), the motifs."""

    player: str
    hand: tuple[str, ...]
    pack: tuple[str, ...]
    motifs: tuple[str, ...]
    lexicon: Lexicon


@dataclass(frozen=True, slots=True)
class Choice:
    """A play chosen: its words in card notation and the Escaped from Captivity letter, if one was named."""

    words: tuple[str, ...]
    escaped: str | None = None


class Policy(Protocol):
    """An engine player: chooses the card to draft and the play to make."""

    name: str

    def pick(self, view: View, rng: random.Random) -> str:
        """Return the card of ``view.pack`` to draft."""
        ...

    def play(self, view: View, rng: random.Random) -> Choice:
        """Return the play to make from ``view.hand``."""
        ...


def best_choice(view: View, hand: Sequence[str]) -> tuple[int, Choice]:
    """Return the best play of ``hand`` under the view's motifs (work-limited) and its total."""
    result = solve(view.lexicon, Counter(hand), None, view.motifs, top=1, work=SEARCH_WORK)
    if not result.plays:
        return 0, Choice(())
    best = result.plays[0]
    return best.total, Choice(tuple(str(word) for word in best.play.words), best.escaped)


class RandomPolicy:
    """Drafts a card at random; plays the best play it finds (a random play would rarely spell a word)."""

    name = "random"

    def pick(self, view: View, rng: random.Random) -> str:
        return rng.choice(sorted(view.pack))

    def play(self, view: View, rng: random.Random) -> Choice:
        return best_choice(view, view.hand)[1]


class GreedyPolicy:
    """Drafts the card whose best play now is highest (ties: the first by id); plays the best play."""

    name = "greedy"

    def pick(self, view: View, rng: random.Random) -> str:
        return max(sorted(set(view.pack)), key=lambda card: best_choice(view, (*view.hand, card))[0])

    def play(self, view: View, rng: random.Random) -> Choice:
        return best_choice(view, view.hand)[1]


POLICIES: dict[str, type] = {"random": RandomPolicy, "greedy": GreedyPolicy}


def policy(name: str) -> Policy:
    """Return the engine player named ``name``."""
    try:
        return POLICIES[name]()  # type: ignore[no-any-return]
    except KeyError:
        raise RuleError(f"unknown policy {name!r}: one of {', '.join(POLICIES)}") from None


@dataclass(frozen=True, slots=True)
class Pick:
    """One card drafted: by whom, which pick of the round (from 1), and where the pack went next."""

    player: str
    number: int
    card: str
    passed: str


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round as it was played."""

    motifs: tuple[str, ...]
    dealt: dict[str, tuple[str, ...]]
    packs: dict[str, tuple[str, ...]]
    """Each player's eight drafting cards as dealt, before the first pick."""
    picks: tuple[Pick, ...]
    hands: dict[str, tuple[str, ...]]
    plays: dict[str, Choice]
    scores: dict[str, int]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: who played with which policy, the seed, the decks as shuffled, and every round."""

    seed: int
    players: tuple[str, ...]
    policies: tuple[str, ...]
    letter_deck: tuple[str, ...]
    motif_deck: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    left_out: tuple[str, ...]
    """Motifs left out of the motif deck (not yet played by the engine: module docstring)."""

    @property
    def totals(self) -> dict[str, int]:
        return {p: sum(r.scores[p] for r in self.rounds) for p in self.players}

    def to_dict(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (:func:`record_from_dict` reads it back)."""
        return {"record": RECORD_KIND, "seed": self.seed, "players": list(self.players),
                "policies": list(self.policies), "letter_deck": list(self.letter_deck),
                "motif_deck": list(self.motif_deck), "left_out": list(self.left_out),
                "rounds": [_round_dict(r) for r in self.rounds], "totals": self.totals}

    def to_game_input(self, dictionary: str = "twl") -> dict[str, Any]:
        """Return the game as ``novelty game`` reads it (each player's hand, words and Escaped letter)."""
        return {"dict": dictionary, "rounds": [
            {"motifs": list(r.motifs), "players": [
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
            "hands": {p: list(c) for p, c in r.hands.items()},
            "plays": {p: {"words": list(c.words), "escaped": c.escaped} for p, c in r.plays.items()},
            "scores": dict(r.scores)}


def record_from_dict(data: Any) -> GameRecord:
    """Return the game record ``data`` holds (from :meth:`GameRecord.to_dict`), refusing anything else by name."""
    if not isinstance(data, dict) or data.get("record") != RECORD_KIND:
        raise RuleError(f"not a game record: its 'record' field must be {RECORD_KIND!r}")
    try:
        rounds = tuple(RoundRecord(
            tuple(r["motifs"]), {p: tuple(c) for p, c in r["dealt"].items()},
            {p: tuple(c) for p, c in r["packs"].items()},
            tuple(Pick(player, int(number), card, passed) for player, number, card, passed in r["picks"]),
            {p: tuple(c) for p, c in r["hands"].items()},
            {p: Choice(tuple(c["words"]), c["escaped"]) for p, c in r["plays"].items()},
            {p: int(n) for p, n in r["scores"].items()}) for r in data["rounds"])
        return GameRecord(int(data["seed"]), tuple(data["players"]), tuple(data["policies"]),
                          tuple(data["letter_deck"]), tuple(data["motif_deck"]), rounds, tuple(data["left_out"]))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RuleError(f"game record is malformed: {type(exc).__name__}: {exc}") from None


def decks(rng: random.Random) -> tuple[list[str], list[str], tuple[str, ...]]:
    """Return the letter deck and the motif deck, shuffled, and the motifs left out of it."""
    catalog = load_catalog()
    letters = sorted(k.id for k in catalog.kinds.values() for _ in range(k.count))
    motifs = sorted(m.id for m in catalog.motifs.values() if m.scope in PLAYED_SCOPES)
    left_out = tuple(sorted(m.id for m in catalog.motifs.values() if m.scope not in PLAYED_SCOPES))
    rng.shuffle(letters)
    rng.shuffle(motifs)
    return letters, motifs, left_out


def play_game(players: Sequence[str], policies: Sequence[Policy], lexicon: Lexicon, seed: int) -> GameRecord:
    """Play a whole game between ``players`` (each with the policy at the same place) and return its record."""
    if len(players) != len(policies) or not 2 <= len(players) <= 6 or len(set(players)) != len(players):
        raise RuleError("a game needs 2 to 6 players with different names, each with a policy")
    rng = random.Random(seed)
    letters, motif_deck, left_out = decks(rng)
    letter_deck, shown = tuple(letters), tuple(motif_deck)
    rounds = []
    for number in range(ROUNDS):
        motifs = tuple(motif_deck.pop() for _ in range(MOTIFS_PER_ROUND))
        rounds.append(play_round(list(players), list(policies), lexicon, motifs, letters, PASSES[number], rng))
    return GameRecord(seed, tuple(players), tuple(p.name for p in policies), letter_deck, shown, tuple(rounds),
                      left_out)


def play_round(players: list[str], policies: list[Policy], lexicon: Lexicon, motifs: tuple[str, ...],
               deck: list[str], direction: str, rng: random.Random) -> RoundRecord:
    """Deal, draft and play one round from ``deck`` (cards are taken from its end), and score it."""
    if len(deck) < len(players) * (DEALT + DRAFTED):
        raise RuleError(f"the letter deck has {len(deck)} cards left; a round needs {len(players) * 11}")
    hands = {p: [deck.pop() for _ in range(DEALT)] for p in players}
    packs = [[deck.pop() for _ in range(DRAFTED)] for _ in players]
    dealt = {p: tuple(hands[p]) for p in players}
    first_packs = {p: tuple(packs[i]) for i, p in enumerate(players)}
    picks = []
    step = 1 if direction == "left" else -1
    for number in range(1, DRAFTED + 1):
        for i, (name, player) in enumerate(zip(players, policies, strict=True)):
            card = player.pick(View(name, tuple(hands[name]), tuple(packs[i]), motifs, lexicon), rng)
            if card not in packs[i]:
                raise RuleError(f"policy {player.name!r} drafted {card!r}, which is not in {name}'s pack")
            packs[i].remove(card)
            hands[name].append(card)
            picks.append(Pick(name, number, card, direction))
        packs = [packs[(i - step) % len(players)] for i in range(len(players))]  # each pack moves one seat
    plays = {name: player.play(View(name, tuple(hands[name]), (), motifs, lexicon), rng)
             for name, player in zip(players, policies, strict=True)}
    result = score_round([Player(name, Play.parse(plays[name].words), Counter(hands[name])) for name in players],
                         lexicon, motifs,
                         escaped={name: c.escaped for name, c in plays.items() if c.escaped})
    return RoundRecord(motifs, dealt, first_packs, tuple(picks), {p: tuple(sorted(hands[p])) for p in players},
                       plays, result.scores)
