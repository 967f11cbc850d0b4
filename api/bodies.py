"""Checks on a request body before any view sees it: present, JSON, an object, and not nested too deeply.

Every POST body the API takes is a JSON object a few levels deep. Refusing anything else here, before the
body is parsed into Python objects, keeps a hostile body (say ``[[[[...]]]]`` 1,000 levels deep, which makes
the JSON parser raise RecursionError) from reaching the parser, pydantic or a view.
"""

from __future__ import annotations

import json

from flask import Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from novelty.api.problems import problem
from novelty.inputs import MAX_DEPTH, nesting_depth


def check_body() -> Response | None:
    """Return a problem response when a POST body is not a JSON object of sane depth, else None (go on)."""
    environ = request.environ  # read directly: this runs on every request (issue 26's throughput)
    if environ["REQUEST_METHOD"] != "POST" or request.routing_exception is not None:
        return None  # a 404 or 405 is answered as such, whatever the body
    raw = request.get_data(cache=True)  # a Content-Length over MAX_CONTENT_LENGTH: 413, by the error handler
    if runs_past_the_limit(raw):
        raise RequestEntityTooLarge()
    if not raw.strip():
        return problem(400, "request body is empty: send a JSON object")
    if not request.is_json:
        return problem(415, "request body must be JSON (Content-Type: application/json)")
    if nesting_depth(raw) > MAX_DEPTH:
        return problem(400, f"request body is nested too deeply: at most {MAX_DEPTH} levels of arrays and objects")
    data = request.get_json(silent=True)  # parsed once: flask-openapi3 takes it from the request's cache
    if data is None:  # not JSON (or a JSON null): parse again only to say why
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as err:
            return problem(400, f"request body is not valid JSON: {err}")
    if not isinstance(data, dict):
        return problem(400, f"request body must be a JSON object, not {type(data).__name__}")
    return None


def runs_past_the_limit(raw: bytes) -> bool:
    """Return whether a body sent without a Content-Length (chunked) goes on past MAX_CONTENT_LENGTH.

    werkzeug reads such a body (when the server ends it, ``wsgi.input_terminated``: gunicorn does) up to the
    limit and stops there without a word, so a longer body would reach the JSON parser cut short. One more
    byte from the server's stream tells a body of exactly the limit from a longer one.
    """
    limit = request.max_content_length
    if limit is None or len(raw) < limit or request.content_length is not None:
        return False
    return bool(request.environ["wsgi.input"].read(1))
