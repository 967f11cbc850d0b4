"""Scoring endpoints: a play, a round, a game, a challenge. The same inputs and answers as the CLI's JSON."""

from __future__ import annotations

from typing import Annotated, Any

from flask_openapi3 import APIBlueprint, Tag
from pydantic import ConfigDict, Field, StringConstraints

from novelty.api import refusals
from novelty.api.fields import PRINTED_CARDS, Cards, Motifs, VariantBody, printed_unless_variant
from novelty.api.refusals import post_problems
from novelty.api.schemas import (
    BestResponse,
    ChallengeResponse,
    DictField,
    DictName,
    GameResponse,
    RoundResponse,
    ScoreResponse,
)
from novelty.api.timing import time_left
from novelty.inputs import (
    MAX_PLAYERS,
    BestInput,
    ChallengeInput,
    ChallengeRequest,
    GameInput,
    GameRoundInput,
    PlayerInput,
    RoundInput,
    ScoreInput,
    VariantField,
    best_input,
    game_input,
    round_input,
    score_input,
)
from novelty.lexicon import open_lexicon
from novelty.rounds import settle_challenge
from novelty.scoring import Rules

scoring = APIBlueprint("scoring", __name__, url_prefix="/v1", abp_tags=[Tag(name="scoring")])

HandField: Any = Field(None, description='The hand\'s card ids: "a1 b2 th2" or a list.')
PoolField: Any = Field(None, description="Common pool card ids.")
MotifsField: Any = Field([], description="Motif ids in flip order.")
PLAY_RULES = (refusals.NOTATION, refusals.PLAY, refusals.DECK, *refusals.VARIANTS, refusals.ONE_WORD)
"""What can refuse a play that fits the schema."""
ROUND_RULES = (*PLAY_RULES, refusals.NAMES, refusals.CHALLENGES)


def _examples(model: type[Any]) -> dict[str, Any]:
    """Return the examples a core input model gives its schema (a body's schema keeps them)."""
    return {"examples": model.model_config["json_schema_extra"]["examples"]}


class ScoreBody(ScoreInput):
    model_config = ConfigDict(json_schema_extra=printed_unless_variant(extra=_examples(ScoreInput)))

    hand: Cards | None = HandField
    pool: Cards | None = PoolField
    motifs: Motifs = MotifsField
    dictionary: DictName = DictField
    variant: VariantBody | None = VariantField


class PlayerBody(PlayerInput):
    hand: Cards | None = HandField


Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]


class RoundChallenge(ChallengeInput):
    """A challenge in a round: both names are players' (a player's name is 1 to 40 characters)."""

    by: Name = Field(..., description="The challenger's name.")
    player: Name = Field(..., description="The name of the player whose word is challenged.")
    word: Annotated[int, Field(ge=1)] | Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        ..., description="The challenged word: its number in that player's play (from 1) or its letters.")


class GameRoundBody(GameRoundInput):
    """One round of a game (it plays by the game's variant)."""

    players: list[PlayerBody] = Field(..., min_length=1, max_length=MAX_PLAYERS)  # type: ignore[assignment]
    challenges: list[RoundChallenge] = Field([], max_length=50)  # type: ignore[assignment]
    pool: Cards | None = PoolField
    motifs: Motifs = MotifsField
    dictionary: DictName | None = Field(None, alias="dict", description="Word list (default twl).")


PRINTED_PLAYERS = {"items": {"properties": {"hand": PRINTED_CARDS}}}
"""Without a variant, every player's hand holds printed cards only."""


class RoundBody(GameRoundBody):
    """One round: every player's play, the motifs in flip order, the pool and challenges made."""

    model_config = ConfigDict(json_schema_extra=printed_unless_variant({"players": PRINTED_PLAYERS},
                                                                       extra=_examples(RoundInput)))

    variant: VariantBody | None = VariantField


class GameBody(GameInput):
    model_config = ConfigDict(json_schema_extra=printed_unless_variant(
        {"rounds": {"items": {"properties": {"pool": PRINTED_CARDS, "players": PRINTED_PLAYERS}}}},
        extra=_examples(GameInput)))

    dictionary: DictName = DictField
    variant: VariantBody | None = VariantField
    rounds: list[GameRoundBody] = Field(..., min_length=1, max_length=10)  # type: ignore[assignment]


class BestBody(BestInput):
    model_config = ConfigDict(json_schema_extra=printed_unless_variant(extra=_examples(BestInput)))

    hand: Cards = Field(..., description='The hand\'s card ids: "a1 b2 th2" or a list.')
    pool: Cards | None = PoolField
    motifs: Motifs = MotifsField
    dictionary: DictName = DictField
    variant: VariantBody | None = VariantField


class ChallengeBody(ChallengeRequest):
    dictionary: DictName = DictField


def played_by(body: Any) -> dict[str, str]:
    """Return the answer's ``variant``: the name of the body's variant, when it has one."""
    return {"variant": body.variant.name} if body.variant is not None else {}


@scoring.post("/score", responses={200: ScoreResponse, **post_problems(*PLAY_RULES)})
def post_score(body: ScoreBody) -> dict[str, Any]:
    """Score one player's play, with each word's breakdown (`novelty score --json`)."""
    lexicon, result = score_input(body)
    return {"dictionary": lexicon.info.to_dict(), **played_by(body), "motifs": body.motifs, **result.to_dict()}


@scoring.post("/round", responses={200: RoundResponse, **post_problems(*ROUND_RULES)})
def post_round(body: RoundBody) -> dict[str, Any]:
    """Score a round: every player's play, round-level motifs and challenges (`novelty round --json`)."""
    lexicon = open_lexicon(body.dictionary)
    return {"dictionary": lexicon.info.to_dict(), **played_by(body), **round_input(body, lexicon).to_dict()}


@scoring.post("/game", responses={200: GameResponse, **post_problems(*ROUND_RULES)})
def post_game(body: GameBody) -> dict[str, Any]:
    """Score a game: rounds summed, winner(s) with ties shared (`novelty game --json`)."""
    lexicon = open_lexicon(body.dictionary)
    return {"dictionary": lexicon.info.to_dict(), **played_by(body), **game_input(body, lexicon).to_dict()}


@scoring.post("/challenge", responses={200: ChallengeResponse, **post_problems(refusals.OWN_WORD)})
def post_challenge(body: ChallengeBody) -> dict[str, Any]:
    """Settle one challenge: is the word playable, and who scores what (`novelty challenge --json`)."""
    lexicon = open_lexicon(body.dictionary)
    outcome = settle_challenge(body.word, lexicon, Rules(challenges_as_printed=body.as_printed))
    return {"dictionary": lexicon.info.to_dict(), "by": body.by, "player": body.player, **outcome.to_dict()}


@scoring.post("/best", responses={200: BestResponse,
                                      **post_problems(refusals.DECK, refusals.SOLVER, *refusals.VARIANTS)})
def post_best(body: BestBody) -> dict[str, Any]:
    """Find the best plays of a hand plus the pool under the motifs (`novelty best --json`)."""
    lexicon, result = best_input(body.model_copy(update={"time_limit": time_left(body.time_limit)}))
    return {"dictionary": lexicon.info.to_dict(), **played_by(body), "motifs": body.motifs, **result.to_dict()}
