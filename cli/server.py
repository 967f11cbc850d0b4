"""``novelty serve``: the API under gunicorn."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import click

MAX_REQUESTS = 500
"""Requests a worker serves before gunicorn replaces it with a fresh one (memory back to baseline)."""
MAX_REQUESTS_JITTER = 100
"""Up to this many more, chosen per worker, so workers do not all restart at once."""
BUSY = 2
"""POST requests a worker computes at once; more wait for a slot (the GIL lets one thread compute at a
time, so more at once only slows every one of them and the health check)."""
WAIT = 5.0
"""Seconds a POST waits for a slot before it is answered 429 with Retry-After."""
SWITCH_INTERVAL = 0.001
"""Seconds between the GIL's offers to other threads in a worker (Python's default is 0.005)."""


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="Worker processes.")
@click.option("--threads", type=click.IntRange(3, 64), default=8, show_default=True, help="Threads per worker.")
def serve(host: str, port: int, workers: int, threads: int) -> None:
    """Serve the JSON API under gunicorn (a production WSGI server).

    Each worker computes at most 2 POST requests at once; others wait up to 5 s for a slot, then
    answer 429 with Retry-After. A POST arriving while all but one of a worker's threads hold POSTs
    answers 429 at once, so a thread is always free for GET /v1/health. Workers are replaced after
    500 to 600 requests (max_requests 500, jitter 100), so memory a heavy request took is returned.
    """
    run(host=host, port=port, workers=workers, threads=threads)


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Admission:
    """WSGI middleware: at most ``busy`` POSTs compute at once, at most ``threads - 1`` hold a thread.

    GETs (health, a word check, the OpenAPI document) pass straight through; they are cheap, and the
    thread kept free for them means ``/v1/health`` answers while the worker is saturated.
    """

    def __init__(self, app: WSGIApp, threads: int, busy: int = BUSY, wait: float = WAIT) -> None:
        self.app = app
        self.slots = threading.BoundedSemaphore(busy)
        self.wait = wait
        self.room = threads - 1
        self.holding = 0
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "POST":
            return self.app(environ, start_response)
        # A time limit counts from arrival, so the wait for a slot counts too (unless a proxy stamped it).
        environ.setdefault("HTTP_X_REQUEST_START", f"t={time.time():.3f}")
        with self.lock:
            admitted = self.holding < self.room
            if admitted:
                self.holding += 1
        try:
            if not admitted or not self.slots.acquire(timeout=self.wait):
                return self.busy(environ, start_response)
            try:
                answer = self.app(environ, start_response)
                try:
                    return list(answer)  # the body is computed inside the slot
                finally:
                    if hasattr(answer, "close"):
                        answer.close()
            finally:
                self.slots.release()
        finally:
            if admitted:
                with self.lock:
                    self.holding -= 1

    @staticmethod
    def busy(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        body = json.dumps({"type": "about:blank", "title": "Too Many Requests", "status": 429,
                           "detail": "the server is busy with other requests: retry after 1 s",
                           "instance": environ.get("PATH_INFO", "")}).encode()
        start_response("429 Too Many Requests", [("Content-Type", "application/problem+json"),
                                                 ("Content-Length", str(len(body))), ("Retry-After", "1")])
        return [body]


def run(host: str, port: int, workers: int, threads: int) -> None:
    """Serve ``api.create_app()`` with gunicorn until interrupted."""
    from gunicorn.app.base import BaseApplication

    from api import create_app
    from novelty.lexicon import BUILTIN, open_lexicon

    for name in BUILTIN:  # compile each list and its step index once, before workers fork: they share the
        open_lexicon(name).step_index()  # memory-mapped pages, and no request pays for building them

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            settings: dict[str, Any] = {"bind": f"{host}:{port}", "workers": workers, "threads": threads,
                                        "worker_class": "gthread", "accesslog": "-",
                                        "max_requests": MAX_REQUESTS, "max_requests_jitter": MAX_REQUESTS_JITTER,
                                        "post_fork": lambda server, worker: sys.setswitchinterval(SWITCH_INTERVAL)}
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return Admission(create_app(), threads)

    Server().run()
