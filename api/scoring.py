"""Scoring endpoints: a play, a round, a game, a challenge. The same inputs and answers as the CLI's JSON."""

from __future__ import annotations

from typing import Any

from flask_openapi3 import APIBlueprint, Tag
from pydantic import Field

from novelty.api.schemas import (
    BODY_PROBLEMS,
    BestResponse,
    ChallengeResponse,
    DictField,
    DictName,
    GameResponse,
    RoundResponse,
    ScoreResponse,
    problem_responses,
)
from novelty.api.timing import time_left
from novelty.inputs import (
    BestInput,
    ChallengeRequest,
    GameInput,
    RoundInput,
    ScoreInput,
    best_input,
    game_input,
    round_input,
    score_input,
)
from novelty.lexicon import open_lexicon
from novelty.rounds import settle_challenge
from novelty.scoring import Rules

scoring = APIBlueprint("scoring", __name__, url_prefix="/v1", abp_tags=[Tag(name="scoring")],
                       abp_responses=problem_responses(*BODY_PROBLEMS))


class ScoreBody(ScoreInput):
    dictionary: DictName = DictField


class RoundBody(RoundInput):
    dictionary: DictName | None = Field(None, alias="dict", description="Word list (default twl).")


class GameBody(GameInput):
    dictionary: DictName = DictField
    rounds: list[RoundBody] = Field(..., min_length=1, max_length=10)  # type: ignore[assignment]


class BestBody(BestInput):
    dictionary: DictName = DictField
    time_limit: float = Field(10.0, gt=0, le=30, description="Seconds (at most 30); the best play found so far "
                                                             "is returned, marked not optimal.")


class ChallengeBody(ChallengeRequest):
    dictionary: DictName = DictField


@scoring.post("/score", responses={200: ScoreResponse})
def post_score(body: ScoreBody) -> dict[str, Any]:
    """Score one player's play, with each word's breakdown (`novelty score --json`)."""
    lexicon, result = score_input(body)
    return {"dictionary": lexicon.info.to_dict(), "motifs": body.motifs, **result.to_dict()}


@scoring.post("/round", responses={200: RoundResponse})
def post_round(body: RoundBody) -> dict[str, Any]:
    """Score a round: every player's play, round-level motifs and challenges (`novelty round --json`)."""
    lexicon = open_lexicon(body.dictionary)
    return {"dictionary": lexicon.info.to_dict(), **round_input(body, lexicon).to_dict()}


@scoring.post("/game", responses={200: GameResponse})
def post_game(body: GameBody) -> dict[str, Any]:
    """Score a game: rounds summed, winner(s) with ties shared (`novelty game --json`)."""
    lexicon = open_lexicon(body.dictionary)
    return {"dictionary": lexicon.info.to_dict(), **game_input(body, lexicon).to_dict()}


@scoring.post("/challenge", responses={200: ChallengeResponse})
def post_challenge(body: ChallengeBody) -> dict[str, Any]:
    """Settle one challenge: is the word playable, and who scores what (`novelty challenge --json`)."""
    lexicon = open_lexicon(body.dictionary)
    outcome = settle_challenge(body.word, lexicon, Rules(challenges_as_printed=body.as_printed))
    return {"dictionary": lexicon.info.to_dict(), "by": body.by, "player": body.player, **outcome.to_dict()}


@scoring.post("/best", responses={200: BestResponse})
def post_best(body: BestBody) -> dict[str, Any]:
    """Find the best plays of a hand plus the pool under the motifs (`novelty best --json`)."""
    lexicon, result = best_input(body.model_copy(update={"time_limit": time_left(body.time_limit)}))
    return {"dictionary": lexicon.info.to_dict(), "motifs": body.motifs, **result.to_dict()}
