"""When a request arrived: its time limit counts from then, not from when a worker got to it."""

from __future__ import annotations

import time

from flask import g, request

HEADER = "X-Request-Start"
"""Set by a proxy in front of the API (nginx: ``proxy_set_header X-Request-Start "t=${msec}";``)."""

ENVIRON_KEY = "HTTP_" + HEADER.upper().replace("-", "_")
"""Where the WSGI server puts the header: read there, not through werkzeug's header view, on every request."""

MAX_QUEUED = 60.0
"""A stamp further in the past (or in the future) than this is a clock problem, and ignored."""


def note_arrival() -> None:
    """Record the request's arrival (``g.arrived``, a ``time.monotonic()`` time), before any view runs."""
    now = time.monotonic()
    g.arrived = now - queued(request.environ.get(ENVIRON_KEY), time.time())


def queued(stamp: str | None, now: float) -> float:
    """Return the seconds a request waited since the proxy stamped it (``t=1700000000.123``), or 0."""
    if not stamp:
        return 0.0
    try:
        seconds = float(stamp.strip().removeprefix("t="))
    except ValueError:
        return 0.0
    waited = now - seconds
    return waited if 0 <= waited <= MAX_QUEUED else 0.0


def time_left(limit: float) -> float:
    """Return what is left of ``limit`` seconds counted from the request's arrival (at least a millisecond)."""
    arrived = getattr(g, "arrived", time.monotonic())
    return max(0.001, limit - (time.monotonic() - arrived))
