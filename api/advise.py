"""Decision help: ``POST /v1/advise/{decision}``, the answers of ``novelty advise ... --json``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

from flask_openapi3 import APIBlueprint, Tag
from pydantic import ConfigDict, Field, TypeAdapter

from novelty import advise as core
from novelty.api import refusals
from novelty.api.fields import (
    Cards,
    Motifs,
    OneCard,
    OneCardOrMore,
    ThreeCardsOrMore,
    VariantBody,
    printed_unless_variant,
)
from novelty.api.refusals import post_problems
from novelty.api.schemas import AdviceResponse, DictField, DictName
from novelty.api.timing import time_left
from novelty.errors import RuleError
from novelty.inputs import Letter, RulesInput, Strict, VariantField, input_variant
from novelty.lexicon import open_lexicon
from novelty.options import ADVISE_MAX_SECONDS, ADVISE_SECONDS, ADVISE_TIME_HELP, ESCAPED_HELP
from novelty.play import parse_cards
from novelty.variant import activate

advise_api = APIBlueprint("advise", __name__, url_prefix="/v1/advise", abp_tags=[Tag(name="advise")])

EXACT = (refusals.DECK, refusals.SOLVER, *refusals.VARIANTS)
"""What can refuse a decision body that fits the schema: more of a card than the deck has, too many cards, a variant
that cannot be played or cards it does not have."""
SAMPLED = (*EXACT, refusals.UNSEEN)
HAND = "The hand's card ids: \"a1 b2 th2\" or a list"


class AdviceBody(Strict):
    """What every decision takes: the hand, the pool, the motifs in flip order, the list and a time limit."""

    model_config = ConfigDict(json_schema_extra=printed_unless_variant())

    hand: Cards = Field(..., description=f"{HAND}.")
    pool: Cards | None = Field(None, description="Common pool card ids.")
    motifs: Motifs = Field([], description="Motif ids in flip order.")
    escaped: Letter | None = Field(None, description=ESCAPED_HELP)
    time_limit: float = Field(ADVISE_SECONDS, gt=0, le=ADVISE_MAX_SECONDS,
                              description=f"{ADVISE_TIME_HELP} Counted from the request's arrival.")
    dictionary: DictName = DictField
    rules: RulesInput = RulesInput()
    variant: VariantBody | None = VariantField


@contextmanager
def played(body: AdviceBody) -> Iterator[core.Setting]:
    """Play by the body's variant (its catalog in use, its house rules) while the decision is answered; yield the
    decision's setting."""
    variant = input_variant(body)
    rules = body.rules.to_rules()
    with activate(variant):
        yield core.Setting(open_lexicon(body.dictionary), tuple(body.motifs),
                           variant.rules(rules) if variant is not None else rules,
                           body.escaped.lower() if body.escaped else None, time_left(body.time_limit))


class OneCardBody(AdviceBody):
    """A decision about the hand's cards: the hand holds one at least."""

    hand: OneCardOrMore = Field(..., description=f"{HAND}: one card at least.")


class ThreeCardBody(AdviceBody):
    """Merchant City passes three cards: the hand holds three at least."""

    hand: ThreeCardsOrMore = Field(..., description=f"{HAND}: three cards at least.")


class SampledBody(AdviceBody):
    samples: int = Field(30, ge=1, le=200, description="Deals of unseen cards to sample.")
    seed: int = Field(0, ge=0, le=2**32 - 1, description="Seed of the deals: the same seed gives the same deals.")
    seen: Cards | None = Field(None, description="Other cards the player can see (other players' revealed "
                                                 "hands): not counted unseen.")
    prune: bool = Field(True, description="Stop sampling a choice once it trails the leader (racing).")


class DraftBody(SampledBody):
    model_config = ConfigDict(json_schema_extra=printed_unless_variant(extra={"examples": [
        {"hand": "th2 e4 a1", "pack": "j1 q1 e1 s1", "motifs": ["assonance"], "samples": 10, "seed": 1}]}))

    pack: OneCardOrMore = Field(..., description="The cards of the pack being drafted from.")
    picks_left: int | None = Field(None, ge=0, le=30, description="Picks still to come after this one (default: "
                                                                  "one fewer than the pack holds).")
    samples: int = Field(100, ge=1, le=200, description="Deals of unseen cards to sample.")
    players: int = Field(4, ge=2, le=6, description="Players drafting (the table model deals each other player a "
                                                    "pack).")
    model: Literal["table", "random"] = Field(
        "table", description="The picks to come: every player drafts by the learned draft values (table), or they "
                             "are unseen cards at random (random). The answer's assumed.table_pick is the table's "
                             "own pick.")


class RagsBody(AdviceBody):
    """Rags to Riches gives a card of the hand, the one taken included: without ``take``, the hand holds one."""

    model_config = ConfigDict(json_schema_extra=printed_unless_variant(extra={
        "if": {"anyOf": [{"not": {"required": ["take"]}}, {"properties": {"take": {"type": "null"}}}]},
        "then": {"required": ["hand"], "properties": {"hand": TypeAdapter(OneCardOrMore).json_schema()}}}))

    take: OneCard | None = Field(
        None, description="The card taken from the highest scorer, added to the hand before giving one.")


class RecurringBody(SampledBody):
    hand: OneCardOrMore = Field(..., description=f"{HAND}: one card at least.")
    next_motifs: Motifs = Field([], description="The next round's motifs, when known.")
    next_cards: int = Field(11, ge=0, le=30, description="Cards of the next round's hand besides the one kept.")
    samples: int = Field(20, ge=1, le=200, description="Deals of unseen cards to sample.")


def _answer(body: AdviceBody, setting: core.Setting, advice: core.Advice) -> dict[str, Any]:
    named = {"variant": body.variant.name} if body.variant is not None else {}
    return {"dictionary": setting.lexicon.info.to_dict(), **named, **advice.to_dict()}


def _exact(body: AdviceBody, decide: Any) -> dict[str, Any]:
    with played(body) as setting:
        return _answer(body, setting, decide(setting, parse_cards(body.hand), parse_cards(body.pool)))


@advise_api.post("/draft", responses={200: AdviceResponse, **post_problems(*SAMPLED)})
def post_draft(body: DraftBody) -> dict[str, Any]:
    """Rank each card of the pack: the best play now, and the expected best play after the picks to come."""
    with played(body) as setting:
        return _answer(body, setting, core.draft_pick(
            setting, parse_cards(body.hand), parse_cards(body.pack), parse_cards(body.pool),
            seen=parse_cards(body.seen), picks_left=body.picks_left, samples=body.samples, seed=body.seed,
            prune=body.prune, players=body.players, model=body.model))


@advise_api.post("/kill-off", responses={200: AdviceResponse, **post_problems(*EXACT)})
def post_kill_off(body: OneCardBody) -> dict[str, Any]:
    """Kill Off: rank each card to discard by the best play of the cards left."""
    return _exact(body, core.kill_off)


@advise_api.post("/heroic-sacrifice", responses={200: AdviceResponse, **post_problems(*EXACT)})
def post_heroic_sacrifice(body: OneCardBody) -> dict[str, Any]:
    """Heroic Sacrifice: rank each card to add to the pool by the player's best play after."""
    return _exact(body, core.heroic_sacrifice)


@advise_api.post("/merchant-city", responses={200: AdviceResponse, **post_problems(*EXACT)})
def post_merchant_city(body: ThreeCardBody) -> dict[str, Any]:
    """Merchant City: rank each three cards to pass right by the best play of the cards kept."""
    return _exact(body, core.merchant_city)


@advise_api.post("/escaped", responses={200: AdviceResponse, **post_problems(*EXACT)})
def post_escaped(body: AdviceBody) -> dict[str, Any]:
    """Escaped from Captivity: rank each letter to name by the best play it allows."""
    return _exact(body, core.escaped_letter)


@advise_api.post("/rags-to-riches", responses={200: AdviceResponse, **post_problems(*EXACT)})
def post_rags_to_riches(body: RagsBody) -> dict[str, Any]:
    """Rags to Riches: rank each card to give the highest scorer by the best play of the cards kept."""
    with played(body) as setting:
        take = None
        if body.take is not None:
            taken = parse_cards(body.take)
            if sum(taken.values()) != 1:
                raise RuleError(f"take one card, not {body.take!r}")
            (take,) = taken
        return _answer(body, setting, core.rags_to_riches(setting, parse_cards(body.hand), parse_cards(body.pool),
                                                          take))


@advise_api.post("/second-chances", responses={200: AdviceResponse, **post_problems(*SAMPLED)})
def post_second_chances(body: SampledBody) -> dict[str, Any]:
    """Second Chances: rank each way to discard up to three cards and draw as many, by the expected best play."""
    with played(body) as setting:
        return _answer(body, setting, core.second_chances(
            setting, parse_cards(body.hand), parse_cards(body.pool), seen=parse_cards(body.seen),
            samples=body.samples, seed=body.seed, prune=body.prune))


@advise_api.post("/recurring-character",  # the next hand is the card kept and at most 30 more: never too many
                  responses={200: AdviceResponse, **post_problems(refusals.DECK, refusals.UNSEEN, *refusals.VARIANTS)})
def post_recurring_character(body: RecurringBody) -> dict[str, Any]:
    """Recurring Character: rank each card to keep by the expected best play of the next round's hand with it."""
    with played(body) as setting:
        return _answer(body, setting, core.recurring_character(
            setting, parse_cards(body.hand), parse_cards(body.pool), seen=parse_cards(body.seen),
            next_motifs=body.next_motifs, next_cards=body.next_cards, samples=body.samples, seed=body.seed,
            prune=body.prune))
