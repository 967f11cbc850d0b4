"""Every error the API returns is an RFC 9457 problem-details JSON body, never HTML and never a 500 page."""

from __future__ import annotations

import json
import logging
from http import HTTPStatus
from typing import Any, cast

from flask import Flask, Response, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from novelty.errors import NoveltyError

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"


def problem_json(status: int, detail: str, *, title: str | None = None, instance: str | None = None,
                 errors: list[dict[str, Any]] | None = None) -> str:
    """Return a problem-details body (RFC 9457), compact as every answer of the API is; the one writer of them
    for the app, gunicorn's own errors, the admission's 429 and nginx's error pages."""
    body: dict[str, Any] = {"type": "about:blank", "title": HTTPStatus(status).phrase if title is None else title,
                            "status": status, "detail": detail}
    if instance is not None:
        body["instance"] = instance
    if errors:
        body["errors"] = errors
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False) + "\n"


def problem(status: int, detail: str, errors: list[dict[str, Any]] | None = None) -> Response:
    """Return a problem-details response."""
    return Response(problem_json(status, detail, instance=request.path, errors=errors), status=status,
                    mimetype=PROBLEM_JSON)


def _field_errors(exc: ValidationError) -> list[dict[str, Any]]:
    """Return the pydantic errors as location, message and pydantic's error type."""
    return [{"loc": ".".join(str(p) for p in err["loc"]) or "body", "msg": err["msg"], "type": err["type"]}
            for err in exc.errors()]


def validation_problem(exc: ValidationError) -> Response:
    """Turn a request validation failure into a 400 problem naming each wrong field.

    The body is already known to be a JSON object (``novelty.api.bodies.check_body``); this reports what in it
    does not fit the documented schema, or breaks a rule the schema cannot state (``type`` "value_error").
    """
    errors = _field_errors(exc)
    detail = "; ".join(f"{e['loc']}: {e['msg']}" for e in errors)
    return problem(400, f"invalid request: {detail}", errors)


def register(app: Flask) -> None:
    """Install the handlers that turn every error into problem-details JSON."""

    @app.errorhandler(NoveltyError)
    def novelty_error(exc: NoveltyError) -> Response:
        return problem(400, str(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        if exc.response is not None and exc.response.mimetype in (PROBLEM_JSON, "application/json"):
            return cast(Response, exc.response)  # already a JSON answer (a validation problem)
        status = exc.code or 500
        detail = {
            404: f"no such endpoint: {request.path}",
            405: f"method {request.method} is not allowed on {request.path}",
            413: f"request body too large: the limit is {app.config.get('MAX_CONTENT_LENGTH')} bytes",
        }.get(status, exc.description or HTTPStatus(status).phrase)
        response = problem(status, detail)
        for name, value in exc.get_headers():  # Allow on a 405 (RFC 9110), Retry-After...
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Response:
        log.exception("unhandled error on %s", request.path)
        return problem(500, "internal error: the server could not answer this request")
