"""A game record as the rows a balance study counts (issue 22): who sat where, scored what, drafted which card.

A :class:`~novelty.selfplay.GameRecord` keeps everything that happened; a study of thousands of games asks the same
few questions of each (which cards were picked early, what a card was worth in a word, who won), so each record is
flattened once, when it is stored, into the rows of :class:`FlatGame`. The flattening is a pure function of the
record and the word list, so a worker process can do it and the process that owns the store only writes.

The record is read through its JSON form (:meth:`GameRecord.to_dict`) with defaults for the keys later records
add (``variant``; a round's ``pool``, the cards in the common pool at play time, which plays may use; its ``events``,
which this does not replay), so records of every layout flatten.

Seats are numbered from 0 in the record's player order; a pick's ``number`` and a round from 1, as the record
counts them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from novelty.lexicon import Lexicon
from novelty.play import Play
from novelty.rounds import Player, score_round
from novelty.selfplay import GameRecord


@dataclass(frozen=True, slots=True)
class FlatGame:
    """One game's rows, a tuple per row, the columns in the order of the store's tables (``novelty.store``).

    The game's index is not here: the store adds it as it writes.
    """

    game: tuple[int, int, int, int]
    """(seed, players, margin, winners): the winner's total less the runner-up's (0 when the win is shared),
    and how many players share the win."""
    players: tuple[tuple[int, str, str, int, bool], ...]
    """(seat, player, policy, total, won) per player; ``won`` is True for each player sharing the win."""
    rounds: tuple[tuple[int, int, int], ...]
    """(round, seat, score) per player and round, the score as the record has it."""
    motifs: tuple[tuple[int, int, str], ...]
    """(round, position, motif) per motif in play, position from 1 in flip order."""
    picks: tuple[tuple[int, int, int, str, int | None], ...]
    """(round, seat, number, card, pack size) per pick; the pack size counts the picked card, and is None in a round
    whose draft the plain replay cannot account for (:func:`replay_draft`)."""
    offers: tuple[tuple[str, int, int], ...]
    """(card, offered, picked) per card kind: how often a copy of it lay in a pack a player chose from (a pack of
    two cards or more: the last card of a pack is no choice), and how often such a copy was the one picked."""
    cards: tuple[tuple[int, int, int, str, int, int], ...]
    """(round, seat, word, card, printed, points) per card of the player's own in a word: its printed points and
    its points in the word after card effects and motifs (before a "double a shorter word" of the whole play).
    A motif's free wild and a repeat motif's extra copy are left out: neither was drafted."""
    hands: tuple[tuple[int, int, str], ...]
    """(round, seat, card) per card in a player's hand at play time."""


def flatten(record: GameRecord | Mapping[str, Any], lexicon: Lexicon) -> FlatGame:
    """Return the rows of ``record`` (or of its JSON form), its plays scored again under ``lexicon``."""
    data = record if isinstance(record, Mapping) else record.to_dict()
    names: list[str] = list(data["players"])
    seat = {name: i for i, name in enumerate(names)}
    totals = {name: int(data["totals"][name]) for name in names}
    best = sorted(totals.values(), reverse=True)
    winners = [name for name in names if totals[name] == best[0]]
    margin = best[0] - best[1] if len(best) > 1 else 0
    game = (int(data["seed"]), len(names), margin, len(winners))
    players = tuple((seat[n], n, str(p), totals[n], n in winners)
                    for n, p in zip(names, data["policies"], strict=True))
    rounds, motifs, picks, cards, hands = [], [], [], [], []
    offers: dict[str, list[int]] = {}
    for number, r in enumerate(data["rounds"], start=1):
        rounds += [(number, seat[n], int(r["scores"][n])) for n in names]
        motifs += [(number, position, m) for position, m in enumerate(r["motifs"], start=1)]
        sizes, seen = replay_draft(names, r["packs"], r["picks"])
        picks += [(number, seat[p], int(n), card, size)
                  for (p, n, card, _), size in zip(r["picks"], sizes, strict=True)]
        for card, (offered, picked) in seen.items():
            counts = offers.setdefault(card, [0, 0])
            counts[0] += offered
            counts[1] += picked
        hands += [(number, seat[n], card) for n in names for card in r["hands"][n]]
        cards += card_points(number, names, r, lexicon)
    return FlatGame(game, players, tuple(rounds), tuple(motifs), tuple(picks),
                    tuple((card, o, p) for card, (o, p) in sorted(offers.items())), tuple(cards), tuple(hands))


def replay_draft(names: Sequence[str], packs: Mapping[str, Sequence[str]], picks: Sequence[Sequence[Any]]
                 ) -> tuple[list[int | None], dict[str, tuple[int, int]]]:
    """Return each pick's pack size and, per card kind, (offered, picked) at real choices, by replaying the draft.

    The packs start as dealt in front of each player; after everyone's pick of one number each pack moves one seat
    the way that pick's ``passed`` says. When a picked card is not in the pack the replay has in front of that
    player (a drafting motif moved cards, which the record's ``events`` tell but this replay does not follow),
    the round's pack sizes are None and it offers nothing: no guess is counted.
    """
    in_front = [list(packs.get(name, ())) for name in names]
    seat = {name: i for i, name in enumerate(names)}
    sizes: list[int | None] = []
    seen: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    for i, (player, number, card, passed) in enumerate(picks):
        pack = in_front[seat[player]]
        if card not in pack:
            return [None] * len(picks), {}
        sizes.append(len(pack))
        if len(pack) > 1:
            seen.update(pack)
            taken[card] += 1
        pack.remove(card)
        if i + 1 == len(picks) or picks[i + 1][1] != number:  # everyone has made this pick: the packs move
            step = 1 if passed == "left" else -1
            in_front = [in_front[(j - step) % len(names)] for j in range(len(names))]
    return sizes, {card: (seen[card], taken[card]) for card in seen}


def card_points(number: int, names: Sequence[str], r: Mapping[str, Any], lexicon: Lexicon
                ) -> list[tuple[int, int, int, str, int, int]]:
    """Return the (round, seat, word, card, printed, points) rows of one round's plays, scored again."""
    plays = {n: Play.parse(r["plays"][n]["words"]) for n in names}
    escaped = {n: r["plays"][n]["escaped"] for n in names if r["plays"][n].get("escaped")}
    pool = Counter(r.get("pool") or ()) or None
    result = score_round([Player(n, plays[n], Counter(r["hands"][n])) for n in names], lexicon, r["motifs"],
                         pool=pool, escaped=escaped)
    rows = []
    for seat, player in enumerate(result.players):
        for w, (word, scored) in enumerate(zip(plays[player.name].words, player.play.words, strict=True), start=1):
            if not scored.cards:  # a word that does not score has no card values
                continue
            for card, (_, _, printed, points) in zip(word.cards, scored.cards, strict=True):
                if card.kind is not None and card.free is None and card.copy_of is None:
                    rows.append((number, seat, w, card.kind.id, printed, points))
    return rows
