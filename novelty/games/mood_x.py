"""Mood X (Planplay 2014, 4-8 players): scoring a turn, and a game of turns to 24.

Rulebook (``mood-x.md``): each Reader scores by how close their mood is to the Protagonist's on the
eight-mood dial (1-3-5-3-1: 5 for the same mood, 3 one step away, 1 two steps away, else 0); the
Protagonist scores the single highest Reader score; when all players chose the same mood the
Storyteller (the third player to the Protagonist's left, also a Reader) scores 0. The first to 24
wins; a tie shares the victory.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field, StringConstraints

from novelty.errors import NotationError
from novelty.games import Action, Game, GameScore, check_players, known_player
from novelty.inputs import Strict
from novelty.tally import Tally, all_max

PLAYERS = (4, 8)
DEFAULT_MOODS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink")
"""The dial's eight moods in circle order (ruling X1: the rulebook does not print the order)."""
POINTS_BY_STEPS = {0: 5, 1: 3, 2: 1}
"""The Victory Point Guide: 1-3-5-3-1 around the Protagonist's mood."""
TARGET = 24
STORYTELLER_SEAT = 3
"""The third player to the left of the Protagonist tells the story."""

Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Mood = Annotated[str, StringConstraints(min_length=1, max_length=30)]


class Turn(Strict):
    protagonist: Name | None = Field(None, description="The Protagonist; by default the player to the left of "
                                                       "the previous one (the first player on the first turn).")
    choices: dict[str, Mood] = Field(..., description="Each player's mood (the Protagonist's is the one set "
                                                      "at 5 on the Protagonist Dial); a name or its number 1-8.")


Players = Field(..., json_schema_extra={"minItems": PLAYERS[0], "maxItems": PLAYERS[1], "uniqueItems": True},
                description="4-8 players in seating order: each player's left is the next one.")


class TurnInput(Turn):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "players": ["Ann", "Bob", "Cat", "Dan"], "protagonist": "Ann",
        "choices": {"Ann": "red", "Bob": "yellow", "Cat": "blue", "Dan": "red"}}]})

    players: list[Name] = Players
    moods: list[Mood] | None = Field(None, min_length=8, max_length=8, json_schema_extra={"uniqueItems": True},
                                     description="The dial's eight different moods in circle order (default: X1).")


class GameInput(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "players": ["Ann", "Bob", "Cat", "Dan"], "target": 8,
        "turns": [{"choices": {"Ann": "red", "Bob": "orange", "Cat": "red", "Dan": "yellow"}},
                  {"choices": {"Ann": "orange", "Bob": "orange", "Cat": "red", "Dan": "red"}}]}]})

    players: list[Name] = Players
    turns: list[Turn] = Field(..., min_length=1, max_length=500)
    moods: list[Mood] | None = Field(None, min_length=8, max_length=8, json_schema_extra={"uniqueItems": True},
                                     description="The dial's eight different moods in circle order (default: X1).")
    target: int = Field(TARGET, ge=1, le=200, description="Victory points that end the game (24).")


def _circle(moods: list[str] | None) -> list[str]:
    circle = [m.strip().lower() for m in (moods or DEFAULT_MOODS)]
    if len(set(circle)) != len(circle):
        raise NotationError(f"the dial's moods must differ: {circle}")
    return circle


def _mood(value: str, circle: list[str], who: str) -> int:
    text = value.strip().lower()
    if text.isdigit() and 1 <= int(text) <= len(circle):
        return int(text) - 1
    if text not in circle:
        raise NotationError(f"{who} chose {value!r}, which is not a mood on the dial: {', '.join(circle)}")
    return circle.index(text)


def steps(a: int, b: int, size: int = 8) -> int:
    """Return how many steps apart two moods are around the dial."""
    d = abs(a - b) % size
    return min(d, size - d)


def turn_points(players: list[str], protagonist: str, choices: dict[str, str], circle: list[str]
                ) -> tuple[dict[str, int], dict[str, str], str]:
    """Return each player's points for one turn, how each was earned, and the Storyteller."""
    for name in choices:
        known_player(name, players, "choices")
    missing = [n for n in players if n not in choices]
    if missing:
        raise NotationError(f"no mood for {', '.join(missing)}")
    picked = {n: _mood(choices[n], circle, n) for n in players}
    seat = players.index(protagonist)
    storyteller = players[(seat + STORYTELLER_SEAT) % len(players)]
    points, how = {}, {}
    for n in players:
        if n == protagonist:
            continue
        d = steps(picked[n], picked[protagonist], len(circle))
        points[n] = POINTS_BY_STEPS.get(d, 0)
        how[n] = f"reader: {circle[picked[n]]}, {d} step{'s' * (d != 1)} from {circle[picked[protagonist]]}"
    if len(set(picked.values())) == 1:
        points[storyteller] = 0
        how[storyteller] = "storyteller: everyone chose the same mood, so 0"
    points[protagonist] = max(points[n] for n in players if n != protagonist)
    how[protagonist] = "protagonist: the highest reader score"
    return {n: points[n] for n in players}, how, storyteller


def turn(data: TurnInput) -> GameScore:
    """Return each player's points for one turn."""
    check_players(data.players, "Mood X", *PLAYERS)
    protagonist = known_player(data.protagonist or data.players[0], data.players, "protagonist")
    points, how, storyteller = turn_points(data.players, protagonist, data.choices, _circle(data.moods))
    tallies = []
    for n in data.players:
        t = Tally(n)
        t.add("this turn", points[n], how[n])
        tallies.append(t)
    best = all_max(data.players, key=lambda n: points[n])
    return GameScore("mood-x", tuple(tallies), (), ("X1: default dial order " + ", ".join(_circle(data.moods)),),
                     {"protagonist": protagonist, "storyteller": storyteller, "top_this_turn": best})


def game(data: GameInput) -> GameScore:
    """Return running totals turn by turn and the winner(s): the first to the target, ties shared."""
    check_players(data.players, "Mood X", *PLAYERS)
    circle = _circle(data.moods)
    tallies = {n: Tally(n) for n in data.players}
    totals = dict.fromkeys(data.players, 0)
    running = []
    protagonist = data.players[-1]  # so that the first turn's default is the first player
    winners: list[str] = []
    for number, t in enumerate(data.turns, 1):
        if winners:
            raise NotationError(f"turn {number} comes after the game ended on turn {number - 1}")
        default = data.players[(data.players.index(protagonist) + 1) % len(data.players)]
        protagonist = known_player(t.protagonist or default, data.players, f"turn {number} protagonist")
        points, how, _ = turn_points(data.players, protagonist, t.choices, circle)
        for n in data.players:
            if points[n]:
                tallies[n].add(f"turn {number}", points[n], how[n])
            totals[n] += points[n]
        running.append({"turn": number, "protagonist": protagonist, "points": points, "totals": dict(totals)})
        reached = [n for n in data.players if totals[n] >= data.target]
        winners = reached
    rulings = ["X2: players who reach the target on the same turn share the victory"]
    extra = {"turns": running, "finished": bool(winners), "target": data.target}
    return GameScore("mood-x", tuple(tallies[n] for n in data.players), tuple(winners), tuple(rulings), extra)


GAME = Game("mood-x", "Mood X", ("moodx", "mood"), PLAYERS, "mood-x.md", {
    "turn": Action("turn", TurnInput, turn, "Score one turn: readers by distance, protagonist, storyteller."),
    "game": Action("game", GameInput, game, "Score a game turn by turn to 24; ties share the victory."),
})
