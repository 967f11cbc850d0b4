"""Thespianage (3-6 players): final scoring at Showtime.

Rulebook (``thespianage.md``, "Final Scoring"): discard every lowest tile of the top aspect and every
highest tile of the bottom aspect, add up the sheet, +5 per Prop without a Broken Prop and -5 per
matched pair, special-tile and event bonuses; the play succeeds when all scores plus event bonuses
reach 5 × players. Bombed: the lowest score wins. Success: +5 to whoever's Crush scores highest, +3 to
whoever's Nemesis scores lowest, then the highest score wins. All ties are shared.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StringConstraints

from novelty.errors import NotationError
from novelty.games import Action, Game, GameScore, check_players
from novelty.inputs import Strict
from novelty.tally import Tally, all_max, all_min, meets_threshold

PLAYERS = (3, 6)
CHARACTERS = ("Annabelle", "Betsy", "Bob", "Frisco", "Mona", "Randolph")
PROP, BROKEN_PROP_PAIR = 5, -5
SUCCESS_PER_PLAYER = 5
CRUSH_BONUS, NEMESIS_BONUS = 5, 3

Character = Literal["Annabelle", "Betsy", "Bob", "Frisco", "Mona", "Randolph"]
Tile = Annotated[int, Field(ge=-5, le=5)]
Label = Annotated[str, StringConstraints(min_length=1, max_length=80)]


class Sheet(Strict):
    """The Intrigue Tiles on a Character Sheet, by aspect position (top, middle, bottom)."""

    top: list[Tile] = Field([], max_length=62, description="Tiles on the aspect at the top of the sheet.")
    middle: list[Tile] = Field([], max_length=62)
    bottom: list[Tile] = Field([], max_length=62, description="Tiles on the aspect at the bottom of the sheet.")


class Bonus(Strict):
    label: Label
    points: int = Field(..., ge=-50, le=50)


def _three_different(schema: dict[str, Any]) -> None:
    """Add to a player's JSON Schema that their character, Crush and Nemesis all differ (in a form that
    schema-driven generators handle: one branch per character, then Crush and Nemesis not the same)."""
    schema["anyOf"] = [{"properties": {"character": {"const": c}, "crush": {"enum": others},
                                       "nemesis": {"enum": others}}}
                       for c in CHARACTERS for others in [[o for o in CHARACTERS if o != c]]]
    schema["not"] = {"anyOf": [{"properties": {"crush": {"const": c}, "nemesis": {"const": c}}} for c in CHARACTERS]}


class ThespianagePlayer(Strict):
    """A player: the character they play, their sheet, and their Crush and Nemesis (three different characters)."""

    model_config = ConfigDict(json_schema_extra=_three_different)

    name: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    character: Character
    sheet: Sheet
    props: int = Field(0, ge=0, le=13, description="Prop special tiles anywhere on the sheet.")
    broken_props: int = Field(0, ge=0, le=13, description="Broken Prop special tiles anywhere on the sheet.")
    bonuses: list[Bonus] = Field([], max_length=20, description="Other special-tile and event bonuses or "
                                                                "penalties to this player.")
    crush: Character
    nemesis: Character


class ThespianageInput(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "players": [
            {"name": "Ann", "character": "Frisco", "crush": "Mona", "nemesis": "Bob",
             "sheet": {"top": [4, -2, -2], "middle": [3, 1], "bottom": [5, 5, 2]}, "props": 3, "broken_props": 2},
            {"name": "Ben", "character": "Bob", "crush": "Frisco", "nemesis": "Mona",
             "sheet": {"top": [5, 3], "middle": [2], "bottom": [1, -1]}, "props": 1},
            {"name": "Cy", "character": "Mona", "crush": "Bob", "nemesis": "Frisco",
             "sheet": {"top": [2], "middle": [4, 4], "bottom": [3, 0]}}],
        "events": [{"label": "Standing ovation", "points": 2}]}]})

    players: list[ThespianagePlayer] = Field(..., json_schema_extra={"minItems": PLAYERS[0], "maxItems": PLAYERS[1]},
                                             description="3-6 players with different names and characters.")
    events: list[Bonus] = Field([], max_length=12, description="Event bonuses or penalties to the whole "
                                                               "play's total (for the success check).")
    crush_reading: Literal["crush-is-top-scorer", "highest-crush"] = Field(
        "crush-is-top-scorer", description="T2: who gets the Crush / Nemesis bonus (docs/rulings.md).")


def score(data: ThespianageInput) -> GameScore:
    """Return every player's final score, whether the play succeeded, and the winner(s)."""
    names = [p.name for p in data.players]
    check_players(names, "Thespianage", *PLAYERS)
    characters = [p.character for p in data.players]
    if len(set(characters)) != len(characters):
        raise NotationError(f"each player plays a different character: {characters}")
    for p in data.players:
        if len({p.character, p.crush, p.nemesis}) != 3:
            raise NotationError(f"{p.name}'s character, Crush and Nemesis must all differ")
    rulings = []
    tallies = []
    for p in data.players:
        t = Tally(p.name)
        top, bottom = p.sheet.top, p.sheet.bottom
        kept_top = [v for v in top if v != min(top)] if top else []
        kept_bottom = [v for v in bottom if v != max(bottom)] if bottom else []
        t.add("top aspect", sum(kept_top), _discarded(top, kept_top, "lowest"))
        t.add("middle aspect", sum(p.sheet.middle), f"{_tiles(len(p.sheet.middle))}, none discarded")
        t.add("bottom aspect", sum(kept_bottom), _discarded(bottom, kept_bottom, "highest"))
        pairs = min(p.props, p.broken_props)
        if pairs:
            t.add("Prop / Broken Prop pairs", BROKEN_PROP_PAIR * pairs, f"{pairs} matched pair{'s' * (pairs > 1)}")
        if p.props - pairs:
            t.add("Props", PROP * (p.props - pairs), f"{p.props - pairs} without a Broken Prop")
        for bonus in p.bonuses:
            t.add(bonus.label, bonus.points)
        tallies.append(t)
    initial = {t.name: t.total for t in tallies}
    event_total = sum(e.points for e in data.events)
    play_total = sum(initial.values()) + event_total
    needed = SUCCESS_PER_PLAYER * len(names)
    success = meets_threshold(play_total, needed)
    extra: dict[str, object] = {"play_total": play_total, "needed": needed, "success": success,
                                "initial_scores": initial}
    if not success:
        rulings.append("T1: the play bombed; the lowest score wins, ties shared")
        winners = all_min(names, key=lambda n: initial[n])
        return GameScore("thespianage", tuple(tallies), tuple(winners), tuple(rulings), extra)
    by_character = {p.character: p.name for p in data.players}
    played = [c for c in CHARACTERS if c in by_character]
    if data.crush_reading == "crush-is-top-scorer":
        top_chars = set(all_max(played, key=lambda c: initial[by_character[c]]))
        low_chars = set(all_min(played, key=lambda c: initial[by_character[c]]))
        crush_winners = [p.name for p in data.players if p.crush in top_chars]
        nemesis_winners = [p.name for p in data.players if p.nemesis in low_chars]
    else:
        with_crush = [p for p in data.players if p.crush in by_character]
        with_nemesis = [p for p in data.players if p.nemesis in by_character]
        crush_winners = [p.name for p in all_max(with_crush, key=lambda p: initial[by_character[p.crush]])]
        nemesis_winners = [p.name for p in all_min(with_nemesis, key=lambda p: initial[by_character[p.nemesis]])]
    unplayed = sorted({c for p in data.players for c in (p.crush, p.nemesis) if c not in by_character})
    if unplayed:
        rulings.append(f"T3: {', '.join(unplayed)} played by no one, so a Crush or Nemesis naming them earns nothing")
    for t, p in zip(tallies, data.players, strict=True):
        if p.name in crush_winners:
            t.add("Crush bonus", CRUSH_BONUS, f"Crush {p.crush} ({by_character[p.crush]}) scored highest")
        if p.name in nemesis_winners:
            t.add("Nemesis bonus", NEMESIS_BONUS, f"Nemesis {p.nemesis} ({by_character[p.nemesis]}) scored lowest")
    final = {t.name: t.total for t in tallies}
    winners = all_max(names, key=lambda n: final[n])
    return GameScore("thespianage", tuple(tallies), tuple(winners), tuple(rulings), extra)


def _discarded(tiles: list[int], kept: list[int], which: str) -> str:
    gone = len(tiles) - len(kept)
    if not tiles:
        return "no tiles"
    return f"{_tiles(len(tiles))}; {gone} {which} ({max(tiles) if which == 'highest' else min(tiles)}) discarded"


def _tiles(n: int) -> str:
    """Return ``n`` tiles, with the noun's number: ``1 tile``, ``3 tiles``."""
    return f"{n} tile{'' if n == 1 else 's'}"


GAME = Game("thespianage", "Thespianage", ("thespian",), PLAYERS, "thespianage.md",
            {"score": Action("score", ThespianageInput, score,
                             "Final scoring: discards, Props, bonuses, success check, Crush and Nemesis.")})
