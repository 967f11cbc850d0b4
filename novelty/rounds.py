"""Rounds, challenges and games: every player's play scored together, with cross-player motifs.

Round-level motifs compare all plays: Sesquipedalian (+5 to the longest words of the round),
Pangram (+5 to the words with the most different letters), Laconic (+5 to the players with the
fewest words). Challenges are settled by :func:`settle_challenge`; a game is three rounds summed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from novelty.errors import RuleError
from novelty.lexicon import Lexicon, fold
from novelty.play import Play
from novelty.scoring import AWARD_POINTS, Adjustment, PlayScore, Rules, invalid_reason, motif_ids, score_play
from novelty.tally import all_max, all_min, ranking, winners
from novelty.words import is_playable

CHALLENGE_REWARD = 5
ROUND_BONUS = dict.fromkeys(("sesquipedalian", "pangram", "laconic"), AWARD_POINTS)
"""What each round-level motif awards (:data:`novelty.scoring.AWARD_POINTS`)."""


@dataclass(frozen=True, slots=True)
class Player:
    """One player's part of a round: name, play, and (optionally) hand."""

    name: str
    play: Play
    hand: Counter[str] | None = None


@dataclass(frozen=True, slots=True)
class Challenge:
    """One player challenging another player's word (by index in that player's play)."""

    by: str
    player: str
    word: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a challenge ends."""

    word: str
    in_list: bool
    """Whether the challenged word is playable under the agreed list."""
    word_scores: bool
    """Whether the challenged word's player scores it."""
    challenger_points: int
    """Points the challenger gains."""
    challenger_loses_shortest: bool
    """Whether the challenger loses the score of their own shortest word."""
    reading: str
    """``intent`` (default) or ``as-printed``."""

    @property
    def text(self) -> str:
        """Return the outcome in words."""
        verdict = "is playable" if self.in_list else "is not playable"
        owner = "scores it" if self.word_scores else "scores nothing for it"
        challenger = (f"gains {self.challenger_points}" if self.challenger_points
                      else "loses their shortest word" if self.challenger_loses_shortest else "gains nothing")
        return f"{self.word.upper()} {verdict}: its player {owner}; the challenger {challenger}"

    def to_dict(self) -> dict[str, Any]:
        return {"word": self.word.upper(), "valid": self.in_list, "word_scores": self.word_scores,
                "challenger_points": self.challenger_points,
                "challenger_loses_shortest_word": self.challenger_loses_shortest, "reading": self.reading,
                "text": self.text}


def settle_challenge(word: str, lexicon: Lexicon, rules: Rules = Rules()) -> Settlement:
    """Return the outcome of challenging ``word`` (ruling C1: the evident intent unless as printed).

    Intent: an invalid word scores nothing and the challenger gains 5; a valid word scores and the
    challenger loses their shortest word. As printed: a valid word scores nothing and the challenger
    gains 5; an invalid word scores as usual and the challenger loses their shortest word.
    """
    text = fold(word)  # the Kelvin sign is not a k: a word holding it is not a word of letters (W1)
    valid = is_playable(lexicon, text)
    upheld = valid if rules.challenges_as_printed else not valid
    return Settlement(text, valid, word_scores=not upheld, challenger_points=CHALLENGE_REWARD if upheld else 0,
                      challenger_loses_shortest=not upheld,
                      reading="as-printed" if rules.challenges_as_printed else "intent")


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One player's result for a round."""

    name: str
    play: PlayScore
    adjustments: tuple[Adjustment, ...]
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "total": self.total, "play": self.play.to_dict(),
                "round_adjustments": [a.to_dict() for a in self.adjustments]}


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Every player's score for a round, with challenge outcomes."""

    players: tuple[PlayerRound, ...]
    challenges: tuple[tuple[Challenge, Settlement], ...]
    motifs: tuple[str, ...]

    @property
    def scores(self) -> dict[str, int]:
        return {p.name: p.total for p in self.players}

    def to_dict(self) -> dict[str, Any]:
        return {
            "motifs": list(self.motifs),
            "players": [p.to_dict() for p in self.players],
            "challenges": [{"by": c.by, "player": c.player, "word_number": c.word + 1, **s.to_dict()}
                           for c, s in self.challenges],
            "scores": self.scores,
        }


def score_round(players: Sequence[Player], lexicon: Lexicon, motifs: Sequence[str] = (), *,
                pool: Counter[str] | None = None, challenges: Sequence[Challenge] = (),
                rules: Rules = Rules(), escaped: Mapping[str, str] | None = None) -> RoundResult:
    """Return every player's round score: plays, round-level motifs and challenges."""
    motifs = motif_ids(motifs)
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise RuleError(f"player names must differ: {names}")
    by_name = {p.name: p for p in players}
    forfeit: dict[str, set[int]] = {n: set() for n in names}
    force_valid: dict[str, set[int]] = {n: set() for n in names}
    gains: dict[str, list[Adjustment]] = {n: [] for n in names}
    settled = []
    losers: list[str] = []
    seen: set[Challenge] = set()
    for ch in challenges:
        for who in (ch.by, ch.player):
            if who not in by_name:
                raise RuleError(f"unknown player in challenge: {who!r}")
        if ch.by == ch.player:
            raise RuleError(f"{ch.by!r} cannot challenge their own word")
        words = by_name[ch.player].play.words
        if not 0 <= ch.word < len(words):
            raise RuleError(f"{ch.player!r} has no word number {ch.word + 1}")
        if ch in seen:  # a word is looked up once: a second identical challenge would pay or cost twice
            raise RuleError(f"{ch.by!r} challenges {ch.player!r}'s word {ch.word + 1} "
                            f"({words[ch.word].text.upper()}) twice")
        seen.add(ch)
        word = words[ch.word]
        outcome = settle_challenge(word.text, lexicon, rules)
        settled.append((ch, outcome))
        if not outcome.word_scores:
            forfeit[ch.player].add(ch.word)
        elif not outcome.in_list:
            force_valid[ch.player].add(ch.word)
        if outcome.challenger_points:
            gains[ch.by].append(Adjustment("challenge", outcome.challenger_points,
                                           f"challenged {word.text.upper()} ({ch.player})"))
        if outcome.challenger_loses_shortest:
            losers.append(ch.by)
    def scores(name: str, i: int) -> bool:
        """Return whether word ``i`` of ``name`` still scores: valid (or taken as valid) and not forfeited."""
        word = by_name[name].play.words[i]
        valid = i in force_valid[name] or invalid_reason(word, lexicon) is None
        return valid and i not in forfeit[name]

    for name in losers:  # ruling C2: each lost challenge costs the challenger's shortest word still scoring
        words = by_name[name].play.words
        left = [i for i in range(len(words)) if scores(name, i)]
        if left:
            shortest = all_min(left, key=lambda i: len(words[i]))
            if len(shortest) > 1:  # ruling C2: of tied shortest words, the one scoring least goes
                p = by_name[name]
                finals = score_play(p.play, lexicon, motifs, hand=p.hand, pool=pool, rules=rules,
                                    escaped=(escaped or {}).get(name), forfeit=frozenset(forfeit[name]),
                                    force_valid=frozenset(force_valid[name]), round_given=True).finals
                shortest = [min(shortest, key=lambda i: finals[i])]
            forfeit[name].add(shortest[0])
    # Which words score, for round-level comparisons.
    scoring = [(p.name, i, word.text) for p in players for i, word in enumerate(p.play.words) if scores(p.name, i)]
    awards, laconic = round_bonuses(scoring, names, motifs)
    for name, adjustment in laconic.items():
        gains[name].append(adjustment)
    results = []
    for p in players:
        play = score_play(p.play, lexicon, motifs, hand=p.hand, pool=pool, rules=rules,
                          escaped=(escaped or {}).get(p.name), round_awards=awards[p.name],
                          forfeit=frozenset(forfeit[p.name]), force_valid=frozenset(force_valid[p.name]),
                          round_given=True)
        adj = tuple(gains[p.name])
        results.append(PlayerRound(p.name, play, adj, play.total + sum(a.points for a in adj)))
    return RoundResult(tuple(results), tuple(settled), tuple(motifs))


def round_bonuses(scoring: Sequence[tuple[str, int, str]], names: Sequence[str], motifs: Sequence[str]
                  ) -> tuple[dict[str, dict[int, dict[str, int]]], dict[str, Adjustment]]:
    """Return the round-level motif bonuses (ruling M5) from every player's scoring words.

    ``scoring`` lists (player, word index, word text) for each word that scores (valid, not lost to a
    challenge). Returns per player and word index the Sesquipedalian / Pangram bonus of that word,
    and per player the Laconic adjustment of those who earn it.
    """
    awards: dict[str, dict[int, dict[str, int]]] = {n: {} for n in names}
    for motif, measure in (("sesquipedalian", len), ("pangram", lambda t: len(set(t)))):
        if motif in motifs:
            for name, i, _ in all_max(scoring, key=lambda s, f=measure: f(s[2])):  # type: ignore[misc]
                awards[name].setdefault(i, {})[motif] = ROUND_BONUS[motif]
    laconic = {}
    if "laconic" in motifs:
        counts = Counter(name for name, _, _ in scoring)
        for name in all_min([n for n in names if counts[n]], key=lambda n: counts[n]):
            laconic[name] = Adjustment("laconic", ROUND_BONUS["laconic"], f"fewest words ({counts[name]})")
    return awards, laconic


@dataclass(frozen=True, slots=True)
class GameResult:
    """A whole game: each round's scores, the totals, and the winner(s)."""

    rounds: tuple[RoundResult, ...]
    totals: dict[str, int]
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "rounds": [r.to_dict() for r in self.rounds],
            "totals": self.totals,
            "ranking": [{"rank": r, "name": n, "total": t} for r, n, t in ranking(self.totals)],
            "winners": list(self.winners),
        }


def score_game(rounds: Sequence[RoundResult]) -> GameResult:
    """Return the game's totals over its rounds and the winner(s); ties share the win."""
    totals: Counter[str] = Counter()
    names: list[str] = []
    for r in rounds:
        for name, score in r.scores.items():
            if name not in names:
                names.append(name)
            totals[name] += score
    result = {n: totals[n] for n in names}
    return GameResult(tuple(rounds), result, tuple(winners(result)))
