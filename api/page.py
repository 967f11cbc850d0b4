"""The table companion page: ``/`` (one HTML page), its files under ``/static/``, and its service worker.

The page is plain HTML, CSS and JavaScript modules shipped inside the package (``api/static/``, no build
step, nothing fetched from elsewhere); it talks to the JSON API under ``/v1`` like any other client. None
of these routes is in the OpenAPI document: they serve files, not the API.

Every file is sent with a strong ETag of its content and ``Cache-Control: no-cache``: a browser keeps it and
asks again with ``If-None-Match`` on the next visit, answered ``304 Not Modified`` with no body while the file
is unchanged. The URLs stay unversioned: the modules import each other by relative URL (``./cards.js``), which
a version in the page's own URLs would not reach, so a long-lived cache of them could pair old and new modules.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from flask import Blueprint, Flask, Response, send_file
from werkzeug.exceptions import NotFound
from werkzeug.http import generate_etag
from werkzeug.security import safe_join

STATIC = Path(__file__).parent / "static"

POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
          "connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
          "frame-ancestors 'none'")
"""Everything the page loads comes from this server: no inline script, no CDN, no other host."""

REVALIDATE = "no-cache"
"""Every file's Cache-Control: keep it, and ask whether it changed (If-None-Match) before using it again."""

page = Blueprint("page", __name__, static_folder=None)


def _file(name: str, mimetype: str | None = None) -> Response:
    """Return the file ``name`` of :data:`STATIC` with a strong ETag of its content (304 when If-None-Match holds
    it), or raise NotFound."""
    path = safe_join(os.fspath(STATIC), name)
    if path is None or not os.path.isfile(path):
        raise NotFound()
    data = Path(path).read_bytes()
    response = send_file(io.BytesIO(data), mimetype=mimetype, download_name=os.path.basename(path),
                         etag=generate_etag(data))  # from memory: no Last-Modified, the content is the validator
    response.headers["Cache-Control"] = REVALIDATE
    response.headers.pop("Expires", None)
    return response


@page.get("/")
def index() -> Response:
    """Return the page."""
    response = _file("index.html")
    response.headers["Content-Security-Policy"] = POLICY
    return response


@page.get("/sw.js")
def service_worker() -> Response:
    """Return the service worker from the root, so that it may keep the whole page for offline use."""
    response = _file("sw.js", "text/javascript")
    response.headers["Content-Security-Policy"] = POLICY
    return response


def static_file(filename: str) -> Response:
    """Return a file of the page (``/static/<filename>``)."""
    return _file(filename)


def register(app: Flask) -> None:
    """Serve the page and its files from ``app``: ``/static/...`` is the app's own static route (``url_for("static",
    ...)``), answered by :func:`static_file` instead of Flask's, whose ETag is the file's time and size."""
    app.register_blueprint(page)
    if "static" in app.view_functions:
        app.view_functions["static"] = static_file
    else:
        app.add_url_rule("/static/<path:filename>", "static", static_file)
