"""Hostile clients against `novelty serve`: a body far over the limit, and clients that send slowly and stall.

Each server runs on a free loopback port; every client socket has a timeout and is closed at the end, so
the tests are bounded in count (STALLED connections, PROBES health checks) and in time.
"""

from __future__ import annotations

import io
import json
import os
import re
import socket
import statistics
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("gunicorn")

from novelty.cli import server as serve_module  # noqa: E402
from novelty.cli.main import main  # noqa: E402
from tests.serving import serving  # noqa: E402

NGINX = serve_module.find_nginx()
needs_nginx = pytest.mark.skipif(NGINX is None and not os.environ.get("NOVELTY_REQUIRE_NGINX"),
                                 reason="nginx is not installed (.ci/run installs it and sets NOVELTY_REQUIRE_NGINX)")

BIG = 5 * 1024 * 1024
"""A body twenty times the API's 256 KiB limit."""
STALLED = 24
"""Connections that send part of a request and wait: half stop inside the headers, half inside the body."""
PROBES = 20
"""Health checks made while they wait."""
HEALTH_MS = 100.0
"""Issue 10: /v1/health answers within this while clients stall."""


@pytest.fixture(scope="module")
def direct(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`novelty serve` alone (gunicorn): its base URL."""
    with serving(tmp_path_factory.mktemp("direct"), "--workers", "1") as base:
        yield base


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`novelty serve --proxy` (nginx in front of gunicorn): its base URL."""
    with serving(tmp_path_factory.mktemp("proxied"), "--proxy", "--workers", "1") as base:
        yield base


def post_big_body(base: str) -> urllib.error.HTTPError:
    """POST a 5 MB JSON body to /v1/check with urllib (which sends it all before reading); return the error."""
    body = b'{"words": ["' + b"a" * BIG + b'"]}'
    request = urllib.request.Request(f"{base}/v1/check", data=body, headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(request, timeout=30).close()
    return caught.value


def test_a_body_over_the_limit_is_answered_413_even_to_urllib(direct: str) -> None:
    # It used to be a broken pipe: gunicorn closed the connection on the unread body.
    for _ in range(3):
        with post_big_body(direct) as error:
            assert error.code == 413
            assert error.headers["Content-Type"] == "application/problem+json"
            assert "request body too large: the limit is 262144 bytes" in json.load(error)["detail"]


@needs_nginx
def test_behind_the_proxy_nginx_answers_413_as_problem_json_too(proxied: str) -> None:
    for _ in range(3):
        with post_big_body(proxied) as error:
            assert error.code == 413
            assert error.headers["Content-Type"] == "application/problem+json"
            problem = json.load(error)
            assert problem["status"] == 413 and problem["detail"] == "request body too large: the limit is 262144 bytes"


def stall(port: int, n: int) -> socket.socket:
    """Open a connection that sends part of a POST and then waits: inside the headers or inside the body."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    head = b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    sock.sendall(head + b"Content-Length: 1000\r\n\r\n{\"words\": [" if n % 2 else head[:30])
    return sock


def health_latencies(base: str) -> list[float]:
    """Return the time in ms of each of PROBES health checks, 50 ms apart (10 s for one that never answers)."""
    times = []
    for _ in range(PROBES):
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(f"{base}/v1/health", timeout=3) as response:
                assert json.load(response)["status"] == "ok"
            times.append((time.perf_counter() - started) * 1000)
        except (urllib.error.URLError, OSError):
            times.append(10_000.0)
        time.sleep(0.05)
    return times


@needs_nginx
def test_behind_the_proxy_stalled_clients_do_not_hold_up_health_or_work(proxied: str) -> None:
    port = int(proxied.rsplit(":", 1)[1])
    sockets = [stall(port, n) for n in range(STALLED)]  # more than the worker's 8 threads, twice over
    try:
        time.sleep(0.3)
        times = health_latencies(proxied)
        request = urllib.request.Request(f"{proxied}/v1/check", data=b'{"words": ["quixotic"]}',
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:  # real work still gets done
            assert json.load(response)["results"][0]["valid"] is True
    finally:
        for sock in sockets:
            sock.close()
    print(f"\n{STALLED} stalled clients: health p50 {statistics.median(times):.1f} ms, "
          f"p95 {statistics.quantiles(times, n=20)[-1]:.1f} ms, max {max(times):.1f} ms")
    assert max(times) < 3000, f"a health check timed out: {times}"
    assert statistics.median(times) < HEALTH_MS, f"health p50 {statistics.median(times):.0f} ms: {times}"


def test_serve_proxy_without_nginx_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve_module, "NGINX_PLACES", ("/nonexistent/nginx",))
    result = CliRunner().invoke(main, ["serve", "--proxy"])
    assert result.exit_code == 2
    assert "--proxy needs nginx, which is not installed" in result.stderr


def test_the_shipped_nginx_config_is_filled_in_whole(tmp_path: Path) -> None:
    text = serve_module.nginx_conf(str(tmp_path), "127.0.0.1:8000", str(tmp_path / "api.sock"), 262144)
    settings = "\n".join(line.split("#")[0] for line in text.splitlines())
    assert re.search(r"@\w+@", settings) is None  # every field filled in
    assert "client_max_body_size 262144;" in text and f"server unix:{tmp_path}/api.sock;" in text
    assert "return 413 '" + json.dumps({"type": "about:blank", "title": "Request Entity Too Large", "status": 413,
                                        "detail": "request body too large: the limit is 262144 bytes"}) + "';" in text


@needs_nginx
def test_nginx_accepts_the_shipped_config(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    conf = tmp_path / "nginx.conf"
    conf.write_text(serve_module.nginx_conf(str(tmp_path), "127.0.0.1:8000", str(tmp_path / "api.sock"), 262144))
    done = subprocess.run([NGINX or "nginx", "-t", "-p", str(tmp_path), "-c", str(conf), "-e", "stderr"],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr


class Hasty:
    """A WSGI app that answers 413 without reading the body, as Flask does for a body over its limit."""

    def __call__(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("413 Request Entity Too Large", [("Content-Type", "application/problem+json")])
        return [b"{}"]


def drained(body: bytes, headers: dict[str, str], **bounds: Any) -> int:
    """Return how many bytes of ``body`` Drain read before answering."""
    stream = io.BytesIO(body)
    seen: list[str] = []
    answer = serve_module.Drain(Hasty(), **bounds)({"wsgi.input": stream, **headers},
                                                   lambda status, headers: seen.append(status))
    assert b"".join(answer) == b"{}" and seen == ["413 Request Entity Too Large"]
    return stream.tell()


def test_the_unread_body_is_read_before_the_answer_goes_out() -> None:
    assert drained(b"x" * 300_000, {"CONTENT_LENGTH": "300000"}) == 300_000
    assert drained(b"x" * 300_000, {"HTTP_TRANSFER_ENCODING": "chunked"}) == 300_000


def test_reading_the_unread_body_is_bounded() -> None:
    assert drained(b"x" * 300_000, {"CONTENT_LENGTH": "300000"}, limit=100_000) == 100_000
    assert drained(b"x" * 300_000, {"CONTENT_LENGTH": "300000"}, seconds=0) == 0
    assert drained(b"x" * 300_000, {}) == 0  # no body announced: nothing is read
