"""`novelty serve`'s admission: at most BUSY POSTs compute per worker, a thread stays free for GETs."""

from __future__ import annotations

import threading
from typing import Any

import pytest

pytest.importorskip("gunicorn")

from novelty.cli.server import Admission  # noqa: E402


class Slow:
    """A WSGI app whose POSTs wait until released; records the X-Request-Start it saw."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.stamps: list[str] = []

    def __call__(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        if environ["REQUEST_METHOD"] == "POST":
            self.stamps.append(environ["HTTP_X_REQUEST_START"])
            self.release.wait(5)
        start_response("200 OK", [("Content-Type", "application/json")])
        return [b"{}"]


def call(app: Admission, method: str) -> tuple[str, dict[str, str]]:
    seen: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        seen["status"], seen["headers"] = status, dict(headers)

    b"".join(app({"REQUEST_METHOD": method, "PATH_INFO": "/v1/best"}, start_response))
    return seen["status"], seen["headers"]


def test_posts_past_the_room_are_told_to_retry_while_gets_pass() -> None:
    slow = Slow()
    app = Admission(slow, threads=4, busy=2, wait=0.2)  # room for 3 POSTs: 2 computing, 1 waiting
    answers: list[str] = []
    held = [threading.Thread(target=lambda: answers.append(call(app, "POST")[0])) for _ in range(3)]
    for t in held:
        t.start()
    for _ in range(100):
        if app.holding == 3:
            break
        threading.Event().wait(0.01)
    assert app.holding == 3
    status, headers = call(app, "POST")  # no room: at once
    assert status.startswith("429") and headers["Retry-After"] == "1"
    assert headers["Content-Type"] == "application/problem+json"
    assert call(app, "GET")[0] == "200 OK"  # health is never held up
    for _ in range(200):  # the one waiting gives up after 0.2 s without a slot
        if answers:
            break
        threading.Event().wait(0.01)
    assert answers == ["429 Too Many Requests"]
    slow.release.set()
    for t in held:
        t.join(5)
    assert sorted(answers) == ["200 OK", "200 OK", "429 Too Many Requests"]
    assert app.holding == 0
    assert all(s.startswith("t=") for s in slow.stamps)  # the wait counts against the time limit
