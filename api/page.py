"""The table companion page: ``/`` (one HTML page), its files under ``/static/``, and its service worker.

The page is plain HTML, CSS and JavaScript modules shipped inside the package (``api/static/``, no build
step, nothing fetched from elsewhere); it talks to the JSON API under ``/v1`` like any other client. None
of these routes is in the OpenAPI document: they serve files, not the API.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, send_from_directory

STATIC = Path(__file__).parent / "static"

POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
          "connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
          "frame-ancestors 'none'")
"""Everything the page loads comes from this server: no inline script, no CDN, no other host."""

page = Blueprint("page", __name__, static_folder=None)


def _file(name: str, mimetype: str | None = None) -> Response:
    response = send_from_directory(STATIC, name, mimetype=mimetype, max_age=0)
    response.headers["Content-Security-Policy"] = POLICY
    return response


@page.get("/")
def index() -> Response:
    """Return the page."""
    return _file("index.html")


@page.get("/sw.js")
def service_worker() -> Response:
    """Return the service worker from the root, so that it may keep the whole page for offline use."""
    response = _file("sw.js", "text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


def register(app: Flask) -> None:
    """Serve the page and its files (``/static/...``) from ``app``."""
    app.register_blueprint(page)
