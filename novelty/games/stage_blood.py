"""Stage Blood (2-6 players): end-of-game scoring, and the round resolver.

Rulebook (``stage-blood.md``): per household the most favours score 10 and the second-most 5, ties for
first dividing 15 and ties for second dividing 5 (two players: 5 for first only); 5 per set of a
Comedy, a Tragedy and a History; each play's point value; 1 per unspent gold coin. A round sends the
revealed actors to their plays in ascending rank, ties by first name, each collecting a matching
favour, finishing the play, both, or else a gold coin.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StringConstraints, model_validator

from novelty.errors import NotationError
from novelty.games import Action, Game, GameScore, check_players, known_player
from novelty.inputs import Strict
from novelty.tally import Tally, all_max, majority_awards

PLAYERS = (2, 6)
HOUSEHOLDS = ("cooper", "fletcher", "hughes", "nash", "payne", "walker")
Household = Literal["cooper", "fletcher", "hughes", "nash", "payne", "walker"]
PlayType = Literal["comedy", "tragedy", "history"]
FAVOUR_AWARDS = (10, 5)
TWO_PLAYER_AWARDS = (5,)
SET_BONUS = 5
GOLD_VALUE = 1
GOLD_PER_COIN_SPENT = 2

Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Favours = dict[Household, Annotated[int, Field(ge=0, le=72)]]


class FinishedPlay(Strict):
    """A play card a player collected."""

    type: PlayType
    points: int = Field(..., ge=0, le=20, description="The point value in the lower right.")
    favours: Favours = Field({}, description="Favours printed on the card, by household.")
    title: str | None = Field(None, max_length=80)


class StageBloodPlayer(Strict):
    name: Name
    favours: Favours = Field({}, description="Favour tokens collected, by household.")
    plays: list[FinishedPlay] = Field([], max_length=32)
    gold: int = Field(0, ge=0, le=24, description="Unspent gold coins.")


class StageBloodInput(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "players": [
            {"name": "Ann", "favours": {"cooper": 3, "nash": 2}, "gold": 2,
             "plays": [{"type": "comedy", "points": 3, "favours": {"nash": 1}}, {"type": "tragedy", "points": 4},
                       {"type": "history", "points": 2}]},
            {"name": "Bob", "favours": {"cooper": 3, "hughes": 4}, "plays": [{"type": "tragedy", "points": 3}]}]}]})

    players: list[StageBloodPlayer] = Field(..., json_schema_extra={"minItems": PLAYERS[0], "maxItems": PLAYERS[1]},
                                            description="2-6 players with different names.")


def score(data: StageBloodInput) -> GameScore:
    """Return every player's end-of-game score and the winner(s)."""
    names = [p.name for p in data.players]
    check_players(names, "Stage Blood", *PLAYERS)
    awards = TWO_PLAYER_AWARDS if len(names) == 2 else FAVOUR_AWARDS
    rulings = ["S1: tied players divide the points as evenly as possible; the odd points are dropped"]
    if len(names) == 2:
        rulings.append("S2: two players: 5 for the most favours only; a tie for first divides those 5")
    totals: dict[str, Counter[str]] = {}
    for p in data.players:
        counts: Counter[str] = Counter(p.favours)
        for play in p.plays:
            counts.update(play.favours)
        totals[p.name] = counts
    tallies = {n: Tally(n) for n in names}
    for household in HOUSEHOLDS:
        held = {n: totals[n][household] for n in names}
        for n, points in majority_awards(held, awards).items():
            if points:
                tallies[n].add(f"{household.title()} favours", points, f"{held[n]} favours")
    for p in data.players:
        t = tallies[p.name]
        kinds = Counter(play.type for play in p.plays)
        sets = min(kinds["comedy"], kinds["tragedy"], kinds["history"])
        t.add("play sets", SET_BONUS * sets, f"{sets} × Comedy + Tragedy + History")
        t.add("play values", sum(play.points for play in p.plays), f"{len(p.plays)} plays")
        t.add("gold", GOLD_VALUE * p.gold, f"{p.gold} unspent coins")
    out = [tallies[n] for n in names]
    winners = all_max(names, key=lambda n: tallies[n].total)
    return GameScore("stage-blood", tuple(out), tuple(winners), tuple(rulings),
                     {"favours": {n: {h: totals[n][h] for h in HOUSEHOLDS} for n in names}})


# -- the round resolver ---------------------------------------------------------------------------


class Working(Strict):
    """An actor already rehearsing at a play."""

    name: Name
    value: int = Field(..., ge=1, le=60, description="Rank plus 2 per gold coin spent when sent.")


class TablePlay(Strict):
    """A play on the table: what it needs, what it is worth, and what is still there."""

    id: Name
    type: PlayType
    value: int = Field(..., ge=1, le=60, description="Theatrical value: the total rank needed to finish it.")
    points: int = Field(..., ge=0, le=20)
    favours: list[Household] = Field([], max_length=20, description="Favour tokens still beside the play.")
    printed_favours: Favours = Field({}, description="Favours printed on the card (the finisher takes them).")
    working: list[Working] = Field([], max_length=20)


class ActorPlay(Strict):
    """An actor revealed this round, the play it is sent to, and the gold spent on it."""

    player: Name
    name: Name = Field(..., description="The actor's name; ties in rank go by first name.")
    rank: int = Field(..., ge=1, le=9)
    household: Household
    target: Name | None = Field(None, description="The play's id; null when there is nowhere to go.")
    gold: int = Field(0, ge=0, le=24, description="Gold coins spent: +2 value each.")


class RoundInput(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "players": ["Ann", "Bob"], "gold": {"Ann": 1},
        "table": [{"id": "Hamlet", "type": "tragedy", "value": 15, "points": 3, "favours": ["nash", "cooper"],
                   "printed_favours": {"nash": 1}, "working": [{"name": "Edmund", "value": 7}]},
                  {"id": "Henry V", "type": "history", "value": 10, "points": 2, "favours": ["hughes"]}],
        "actors": [{"player": "Ann", "name": "Mortimer", "rank": 4, "household": "nash", "target": "Hamlet", "gold": 1},
                   {"player": "Bob", "name": "Viola", "rank": 9, "household": "hughes", "target": "Henry V"}]}]})

    players: list[Name] = Field(..., json_schema_extra={"minItems": PLAYERS[0], "maxItems": PLAYERS[1],
                                                        "uniqueItems": True},
                                description="2-6 players, in seating order.")
    gold: dict[str, Annotated[int, Field(ge=0, le=24)]] = Field({}, description="Each player's gold before "
                                                                              "the round.")
    table: list[TablePlay] = Field(..., max_length=32)
    actors: list[ActorPlay] = Field(..., max_length=6)

    @model_validator(mode="after")
    def _unique(self) -> RoundInput:
        ids = [p.id for p in self.table]
        if len(set(ids)) != len(ids):
            raise ValueError(f"play ids must differ: {ids}")
        return self


@dataclass
class _Gains:
    """What one player's actor brings in during a round."""

    gold_before: int
    favours: Counter[str] = field(default_factory=Counter)
    plays: list[dict[str, Any]] = field(default_factory=list)
    gold_earned: int = 0
    gold_spent: int = 0

    @property
    def gold_now(self) -> int:
        return self.gold_before + self.gold_earned - self.gold_spent

    def to_dict(self) -> dict[str, Any]:
        return {"favours": dict(self.favours), "plays": self.plays, "gold_earned": self.gold_earned,
                "gold_spent": self.gold_spent, "gold_now": self.gold_now}


def resolve(data: RoundInput) -> GameScore:
    """Send the actors to their plays in ascending rank (ties by first name); return gains and the new table."""
    names = list(data.players)
    check_players(names, "Stage Blood", *PLAYERS)
    table = {p.id: p.model_copy(deep=True) for p in data.table}
    gold = {n: data.gold.get(n, 0) for n in names}
    for n in data.gold:
        known_player(n, names, "gold")
    seen = Counter(a.player for a in data.actors)
    for a in data.actors:
        known_player(a.player, names, "actors")
        if seen[a.player] > 1:
            raise NotationError(f"{a.player} sent {seen[a.player]} actors; each player chooses one per round")
        if a.target is not None and a.target not in table:
            raise NotationError(f"{a.name} is sent to {a.target!r}, which is not on the table")
        if a.gold > gold[a.player]:
            raise NotationError(f"{a.player} spends {a.gold} gold on {a.name} but has {gold[a.player]}")
    gains = {n: _Gains(gold[n]) for n in names}
    log = []
    rulings = ["S3: an actor sent to a play finished earlier in the round has nowhere to go and earns a gold coin"]
    order = sorted(data.actors, key=lambda a: (a.rank, a.name.split()[0].lower(), a.name.lower()))
    finished_ids: list[str] = []
    for a in order:
        g = gains[a.player]
        value = a.rank + GOLD_PER_COIN_SPENT * a.gold
        g.gold_spent += a.gold
        play = table.get(a.target) if a.target else None
        if play is None:
            g.gold_earned += 1
            where = "its play was finished earlier" if a.target else "there is nowhere to go"
            log.append(f"{a.name} ({a.player}, rank {a.rank}): {where}: 1 gold")
            continue
        took = []
        if a.household in play.favours:
            play.favours.remove(a.household)
            g.favours[a.household] += 1
            took.append(f"a {a.household.title()} favour")
        working = sum(w.value for w in play.working)
        if value + working >= play.value:  # finished: the card is taken, the actors and favours cleared
            del table[play.id]
            finished_ids.append(play.id)
            g.plays.append({"id": play.id, "type": play.type, "points": play.points,
                            "favours": dict(play.printed_favours)})
            took.append(f"finished {play.id} ({value} + {working} working ≥ {play.value})")
        else:  # actors who did not complete their play stay on the table, rehearsing
            play.working.append(Working(name=a.name, value=value))
        if not took:
            g.gold_earned += 1
            took.append("neither a favour nor the play: 1 gold")
        spent = f", {a.gold} gold spent" if a.gold else ""
        log.append(f"{a.name} ({a.player}, rank {a.rank}{spent}) at {play.id}: {'; '.join(took)}")
    tallies = []
    for n in names:
        g = gains[n]
        t = Tally(n)
        for household, k in sorted(g.favours.items()):
            t.add(f"{household.title()} favour", 0, f"{k} token{'s' * (k > 1)}")
        for won in g.plays:
            t.add(f"play {won['id']}", won["points"], won["type"])
        if g.gold_earned or g.gold_spent:  # coins are points only at the end: shown, not counted here
            t.add("gold coins", 0, f"+{g.gold_earned} earned, -{g.gold_spent} spent, {g.gold_now} held")
        tallies.append(t)
    extra = {
        "order": [a.name for a in order], "log": log, "finished": finished_ids,
        "table": [p.model_dump() for p in table.values()],
        "gains": {n: gains[n].to_dict() for n in names},
        "season_over": len(table) <= 1,
    }
    return GameScore("stage-blood", tuple(tallies), (), tuple(rulings), extra)


GAME = Game("stage-blood", "Stage Blood", ("stageblood", "blood"), PLAYERS, "stage-blood.md", {
    "score": Action("score", StageBloodInput, score,
                    "End-of-game scoring: favour majorities per household, play sets, play values, gold."),
    "resolve": Action("resolve", RoundInput, resolve,
                      "Resolve a round: actors in ascending rank take favours, finish plays or earn gold."),
})
