"""Catalog endpoints: the letter card kinds and the motifs, as `novelty cards --json` and `novelty motifs --json`.

Each list sends the keys of each item its ``fields`` names (all by default), and an ETag of its body with
``Cache-Control: no-cache``: a client keeps the list and asks again with ``If-None-Match``, answered ``304 Not
Modified`` with no body while the catalog is unchanged.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request
from flask_openapi3 import APIBlueprint, Tag

from novelty.api.refusals import get_problems
from novelty.api.schemas import CardKindList, CardsQuery, MotifList, MotifsQuery
from novelty.catalog import load_catalog

catalog = APIBlueprint("catalog", __name__, url_prefix="/v1", abp_tags=[Tag(name="catalog")])

REVALIDATE = "no-cache"
"""The lists' Cache-Control: keep the answer, and ask whether it changed (If-None-Match) before using it again."""

NOT_MODIFIED: dict[Any, Any] = {304: {"description": "Not Modified: the list is the one whose `ETag` the request's "
                                                     "`If-None-Match` holds; no body is sent."}}


@catalog.get("/cards", responses={200: CardKindList, **NOT_MODIFIED, **get_problems()})
def get_cards(query: CardsQuery) -> Any:
    """List every letter card kind in rulebook order: id, letter, copies in the deck, points, colour, effect.

    `fields` names the keys to send (`?fields=id,letter,points`). The answer carries an ETag: sent back in
    `If-None-Match`, it is answered 304 with no body while the list is unchanged.
    """
    return listing([kind.to_dict() for kind in load_catalog().kinds.values()], query.fields)


@catalog.get("/motifs", responses={200: MotifList, **NOT_MODIFIED, **get_problems()})
def get_motifs(query: MotifsQuery) -> Any:
    """List the motif cards in rulebook order: id, name, where it acts, effect, and the quote it carries.

    `fields` names the keys to send (`?fields=id,name,scope,effect` leaves the quote out). The answer carries an
    ETag: sent back in `If-None-Match`, it is answered 304 with no body while the list is unchanged.
    """
    return listing([motif.to_dict() for motif in load_catalog().motifs.values()], query.fields)


def listing(items: list[dict[str, Any]], fields: str) -> Any:
    """Return ``items``, each with the keys ``fields`` names (comma-separated), as JSON with a strong ETag of the
    body; ``304 Not Modified`` with no body when the request's If-None-Match holds that ETag."""
    keep = set(fields.split(","))
    response = jsonify([{key: value for key, value in item.items() if key in keep} for item in items])
    response.headers["Cache-Control"] = REVALIDATE
    response.add_etag()
    return response.make_conditional(request)
