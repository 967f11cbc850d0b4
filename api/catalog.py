"""Catalog endpoints: the letter card kinds and the motifs, as `novelty cards --json` and `novelty motifs --json`."""

from __future__ import annotations

from typing import Any

from flask_openapi3 import APIBlueprint, Tag

from novelty.api.schemas import CardKindList, MotifList
from novelty.catalog import load_catalog

catalog = APIBlueprint("catalog", __name__, url_prefix="/v1", abp_tags=[Tag(name="catalog")])


@catalog.get("/cards", responses={200: CardKindList})
def get_cards() -> Any:
    """List every letter card kind in rulebook order: id, letter, copies in the deck, points, colour, effect."""
    return [kind.to_dict() for kind in load_catalog().kinds.values()]


@catalog.get("/motifs", responses={200: MotifList})
def get_motifs() -> Any:
    """List the motif cards in rulebook order: id, name, where it acts, effect, and the quote it carries."""
    return [motif.to_dict() for motif in load_catalog().motifs.values()]
