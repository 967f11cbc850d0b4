"""The Tragedy of Othello (2-6 players): end-of-game and intermission scoring, and the next act's lead.

Rulebook (``tragedy-of-othello.md``, "Scoring"): script cards are worth their printed value (Act End
and Prerequisite Act End cards by who played them), Iago tokens +1, intrigue tokens 1 per three,
spotlight and wound tokens 1 each, the handkerchief 3, the Lead Character bonus (Table 3), and 2 per
character (Othello, Cassio, Emilia, Desdemona, Roderigo) with three or more cards played as Character 1.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StringConstraints, model_validator

from novelty.errors import NotationError
from novelty.games import Action, Game, GameScore, check_players, known_player
from novelty.inputs import Strict
from novelty.tally import Tally, all_max, all_min, first_to_the_left

PLAYERS = (2, 6)
ACTS = ("I", "II", "III", "IV", "V")
CARDS_PER_ACT = {"I": 11, "II": 12, "III": 15, "IV": 15, "V": 16}
"""The number of script cards in each act."""
CAST = {
    "I": {"Othello", "Iago", "Cassio", "Roderigo", "Brabantio", "Desdemona"},
    "II": {"Othello", "Iago", "Cassio", "Roderigo", "Montano"},
    "III": {"Othello", "Iago", "Cassio", "Desdemona", "Bianca", "Emilia"},
    "IV": {"Othello", "Iago", "Cassio", "Desdemona", "Bianca", "Emilia", "Roderigo", "Lodovico"},
    "V": {"Othello", "Iago", "Cassio", "Desdemona", "Bianca", "Roderigo", "Emilia"},
}
"""Characters appearing in each act ("They appear in the following acts")."""
CHARACTERS = sorted(set().union(*CAST.values()) | {"Montano", "Brabantio", "Lodovico", "Bianca"})
LEAD = {"I": "Iago", "II": "Iago", "III": "Iago", "IV": "Iago", "V": "Othello"}
"""Iago is the lead character in Acts I-IV. Othello is the lead in Act V."""
ACT_END_CARDS = {"I.9", "I.11", "II.10", "II.12", "III.7", "III.15", "IV.8", "IV.5", "V.13", "V.16"}
"""Table 2: the Prerequisite Act End and Act End cards, worth more when played by their character."""
LEAD_BONUS = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 7}
"""Table 3: acts with at least one Lead Character script card -> bonus points."""
CHARACTER_BONUS = ("Othello", "Cassio", "Emilia", "Desdemona", "Roderigo")
CHARACTER_BONUS_CARDS, CHARACTER_BONUS_POINTS = 3, 2
HANDKERCHIEF = 3
INTRIGUE_PER_POINT = 3

Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
CARD_ID = "^(" + "|".join(
    rf"{act}\.(0?[1-9]|1[0-{CARDS_PER_ACT[act] - 10}])" for act in ACTS) + ")$"
"""A script card id: the act, a dot and a position the act has (``I.1``-``I.11`` ... ``V.1``-``V.16``)."""
_CARD_ID = re.compile(r"^(I|II|III|IV|V)\.(\d{1,2})$")


def _script_card_rules(schema: dict[str, Any]) -> None:
    """Add to a script card's JSON Schema what its validator checks: the character is in the card's act, and
    a card played by another character is an Act End card with a ``points_otherwise``."""
    schema["allOf"] = [
        *({"if": {"properties": {"id": {"pattern": rf"^{act}\."}}},
           "then": {"properties": {"character": {"enum": sorted(CAST[act])}}}} for act in ACTS),
        {"if": {"properties": {"by_its_character": {"const": False}}, "required": ["by_its_character"]},
         "then": {"properties": {"id": {"enum": sorted(ACT_END_CARDS)}, "points_otherwise": {"type": "integer"}},
                  "required": ["points_otherwise"]}},
    ]


class ScriptCard(Strict):
    """A script card in a player's pile of successfully played (or seized) cards."""

    model_config = ConfigDict(json_schema_extra=_script_card_rules)

    id: Annotated[str, StringConstraints(pattern=_CARD_ID.pattern)] = Field(
        ..., json_schema_extra={"pattern": CARD_ID},  # the validator says which positions the act has
        description='Act and position, as the rulebook writes them: "I.11", "V.16".')
    character: Literal[tuple(CHARACTERS)] = Field(  # type: ignore[valid-type]
        ..., description="Character 1 on the card (the character who acts).")
    points: int = Field(..., ge=0, le=20, description="The value in the card's upper right corner.")
    points_otherwise: int | None = Field(
        None, ge=0, le=20, description="Act End and Prerequisite Act End cards: the value when played by a "
                                       "character other than the one specified.")
    by_its_character: bool = Field(
        True, description="Act End cards: whether the corresponding character played it (false: kept sideways).")
    as_lead: bool = Field(True, description="Whether it was played as the Lead (a crown card played by the Lead).")

    @model_validator(mode="after")
    def _check(self) -> ScriptCard:
        m = _CARD_ID.match(self.id)
        assert m is not None
        act, position = m[1], int(m[2])
        if not 1 <= position <= CARDS_PER_ACT[act]:
            raise ValueError(f"act {act} has script cards 1 to {CARDS_PER_ACT[act]}, not {self.id}")
        if self.character not in CAST[act]:
            raise ValueError(f"{self.character} does not appear in act {act} ({self.id})")
        if not self.by_its_character:
            if self.id not in ACT_END_CARDS:
                raise ValueError(f"only Act End cards score by who played them, and {self.id} is not one")
            if self.points_otherwise is None:
                raise ValueError(f"{self.id} was played by another character: give points_otherwise")
        return self

    @property
    def act(self) -> str:
        return self.id.split(".")[0]

    @property
    def value(self) -> int:
        """Return what the card scores for its holder."""
        return self.points if self.by_its_character or self.points_otherwise is None else self.points_otherwise


class OthelloPlayer(Strict):
    name: Name
    script_cards: list[ScriptCard] = Field([], max_length=69)
    iago_tokens: int = Field(0, ge=0, le=24, description="Iago tokens scored (turned to their +1 side).")
    intrigue: int = Field(0, ge=0, le=200, description="Intrigue tokens held.")
    spotlight: int = Field(0, ge=0, le=100, description="Spotlight tokens held.")
    wounds: int = Field(0, ge=0, le=4, description="Wound tokens taken.")
    handkerchief: bool = Field(False, description="Whether the player holds the handkerchief.")


class OthelloInput(Strict):
    """The state at the end of the game, or at an intermission (after act ``after_act``)."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "players": [{"name": "Ann", "script_cards": [{"id": "I.1", "character": "Iago", "points": 2}], "intrigue": 3},
                    {"name": "Bob", "script_cards": [{"id": "I.4", "character": "Cassio", "points": 1,
                                                      "as_lead": False}], "intrigue": 3}],
        "after_act": "I", "previous_lead": "Ann"}]})

    players: list[OthelloPlayer] = Field(..., json_schema_extra={"minItems": PLAYERS[0], "maxItems": PLAYERS[1]},
                                         description="2-6 players with different names, in seating order, clockwise "
                                                     "(each player's left is the next one).")
    after_act: Literal["I", "II", "III", "IV", "V"] = Field("V", description='"V" scores the end of the game; '
                                                                            "I-IV an intermission tally.")
    previous_lead: Name | None = Field(None, description="Who was the Lead Player in the act just ended "
                                                         "(needed to find the next lead at an intermission).")
    controls_othello: Name | None = Field(None, description="Who controls Othello at the end (the tiebreaker).")


def score(data: OthelloInput) -> GameScore:
    """Return every player's points, the winner(s) (or the next act's lead at an intermission)."""
    names = [p.name for p in data.players]
    check_players(names, "The Tragedy of Othello", *PLAYERS)
    last = ACTS.index(data.after_act)
    tallies = []
    rulings = ["O1: every card in a player's pile (played or seized) counts for the character bonus"]
    for p in data.players:
        later = [c.id for c in p.script_cards if ACTS.index(c.act) > last]
        if later:
            raise NotationError(f"{p.name} holds {', '.join(later)}, from after act {data.after_act}")
        seen = Counter(c.id for c in p.script_cards)
        if any(n > 1 for n in seen.values()):
            raise NotationError(f"{p.name} holds a script card twice: {[k for k, n in seen.items() if n > 1]}")
        t = Tally(p.name)
        for card in p.script_cards:
            sideways = "" if card.by_its_character else " (played by another character)"
            t.add(f"script card {card.id}", card.value, f"{card.character}{sideways}")
        t.add("Iago tokens", p.iago_tokens, f"{p.iago_tokens} × 1")
        t.add("intrigue tokens", p.intrigue // INTRIGUE_PER_POINT, f"{p.intrigue} tokens, 1 per {INTRIGUE_PER_POINT}")
        t.add("spotlight tokens", p.spotlight, f"{p.spotlight} × 1")
        t.add("wound tokens", p.wounds, f"{p.wounds} × 1")
        t.add("handkerchief", HANDKERCHIEF if p.handkerchief else 0)
        lead_acts = sorted({c.act for c in p.script_cards if c.as_lead and c.character == LEAD[c.act]},
                           key=ACTS.index)
        t.add("Lead Character bonus", LEAD_BONUS[len(lead_acts)],
              f"lead cards in {len(lead_acts)} act{'s' if len(lead_acts) != 1 else ''}"
              + (f" ({', '.join(lead_acts)})" if lead_acts else ""))
        as_first = Counter(c.character for c in p.script_cards)
        for character in CHARACTER_BONUS:
            if as_first[character] >= CHARACTER_BONUS_CARDS:
                t.add(f"{character} bonus", CHARACTER_BONUS_POINTS, f"{as_first[character]} cards as Character 1")
        tallies.append(t)
    totals = {t.name: t.total for t in tallies}
    extra: dict[str, object] = {"after_act": data.after_act}
    if data.after_act == "V":
        best = all_max(names, key=lambda n: totals[n])
        winners = best
        if len(best) > 1:
            holder = known_player(data.controls_othello, names, "controls_othello") if data.controls_othello \
                else None
            if holder in best:
                winners = [holder]
                rulings.append(f"tiebreaker: {holder} controls Othello and wins the tie")
            else:
                rulings.append("tiebreaker: no tied player controls Othello, so they share the win")
        return GameScore("tragedy-of-othello", tuple(tallies), tuple(winners), tuple(rulings), extra)
    fewest = all_min(names, key=lambda n: totals[n])
    if len(fewest) == 1:
        lead = fewest[0]
    else:
        if data.previous_lead is None:
            raise NotationError("players tie for fewest points: give previous_lead to find the next lead")
        lead = first_to_the_left(names, known_player(data.previous_lead, names, "previous_lead"), fewest)
        rulings.append(f"O2: {', '.join(fewest)} tie for fewest points; the first of them to the left of "
                       f"{data.previous_lead} (going on round the table) leads")
    if data.after_act == "IV":
        rulings.append("O3: the rulebook states the fewest-points lead rule for Acts II-IV; it is applied to "
                       "Act V (Othello's act) too")
    extra["next_act"] = ACTS[last + 1]
    extra["next_lead"] = lead
    extra["next_lead_character"] = LEAD[ACTS[last + 1]]
    return GameScore("tragedy-of-othello", tuple(tallies), (), tuple(rulings), extra)


GAME = Game("tragedy-of-othello", "The Tragedy of Othello", ("othello", "tragedy"), PLAYERS,
            "tragedy-of-othello.md",
            {"score": Action("score", OthelloInput, score,
                             "End-of-game scoring with the Othello tiebreaker, or an intermission tally with "
                             "the next act's lead.")})
