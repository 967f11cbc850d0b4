"""The novelty JSON API: a thin Flask layer (flask-openapi3 + pydantic) over the :mod:`novelty` core."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from flask import jsonify
from flask_openapi3 import APIBlueprint, Info, OpenAPI, Tag

from novelty.api import problems
from novelty.api.bodies import MAX_DEPTH, check_body
from novelty.api.openapi import NoveltyAPI
from novelty.api.schemas import Health, Problem
from novelty.api.timing import note_arrival

try:
    VERSION = version("novelty")
except PackageNotFoundError:  # running from a source tree
    VERSION = "0.0.0"

MAX_BODY_BYTES = 256 * 1024

DESCRIPTION = (
    "Rules engine and scoring service for the Novelty word game and four theatre games. Every error is an "
    f"RFC 9457 problem-details body (`application/problem+json`) with a 4xx status. A POST body is a JSON object "
    f"of at most {MAX_BODY_BYTES // 1024} KiB, nested at most {MAX_DEPTH} levels deep."
)

meta = APIBlueprint("meta", __name__, url_prefix="/v1", abp_tags=[Tag(name="meta")])


@meta.get("/health", responses={200: Health})
def health() -> dict[str, Any]:
    """Say the service is up."""
    return {"status": "ok", "version": VERSION}


def create_app(config: dict[str, Any] | None = None) -> OpenAPI:
    """Return the API application; ``config`` overrides Flask settings (``MAX_CONTENT_LENGTH``...)."""
    from novelty.api import page
    from novelty.api.advise import advise_api
    from novelty.api.catalog import catalog
    from novelty.api.games import games_api
    from novelty.api.scoring import scoring
    from novelty.api.words import words

    app = NoveltyAPI(
        __name__,
        info=Info(title="novelty", version=VERSION, description=DESCRIPTION),
        doc_ui=False,
        validation_error_status=400,
        validation_error_callback=problems.validation_problem,
        validation_error_model=Problem,
    )
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY_BYTES)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.config.update(config or {})
    app.register_api(meta)
    app.register_api(words)
    app.register_api(scoring)
    app.register_api(games_api)
    app.register_api(advise_api)
    app.register_api(catalog)
    page.register(app)
    problems.register(app)
    app.before_request(note_arrival)
    app.before_request(check_body)

    @app.get("/v1/openapi.json", doc_ui=False)
    def openapi_document() -> Any:
        """Return the OpenAPI document describing every endpoint."""
        return jsonify(app.api_doc)

    return app
