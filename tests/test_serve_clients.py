"""Hostile clients against `novelty serve`: a body far over the limit, clients that send slowly and stall,
requests that are not HTTP/1.1 at all, and a flood of idle connections.

Every error, the API's, gunicorn's or nginx's, is problem-details JSON whose status is the status line's.
Each server runs on a free loopback port; every client socket has a timeout and is closed at the end, so
the tests are bounded in count (STALLED and FLOOD connections, PROBES health checks) and in time.
"""

from __future__ import annotations

import http.client
import io
import json
import os
import re
import resource
import socket
import statistics
import struct
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("gunicorn")

from novelty.cli import server as serve_module  # noqa: E402
from novelty.cli.main import main  # noqa: E402
from tests.serving import free_port, serving  # noqa: E402

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
FLOOD = 10_000
"""Connections a flood opens and holds: a third say nothing, a third stop inside their headers, a third
inside their body (issue 26)."""
LONG_LINE = b"GET /v1/words/" + b"q" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
"""A request line over 8 KB: nginx's limit (8 KiB) and gunicorn's (4094 bytes)."""
LONG_HEADER = b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + b"f" * 9000 + b"\r\n\r\n"
"""A header line over 8 KB."""
MANY_HEADERS = (b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + b"".join(b"X-Filler-%d: f\r\n" % n for n in range(120)) + b"\r\n")
"""120 header fields: more than gunicorn's 100 (nginx passes them on)."""
GARBAGE = b"GARBAGE\r\n\r\n"
"""A request line with no method, target or version."""
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
"""What an HTTP/2 client sends first (prior knowledge): neither server speaks HTTP/2 here."""
TLS_HELLO = bytes.fromhex("16030100a5010000a10303") + bytes(32) + bytes.fromhex("000004130113020100")
"""The start of a TLS ClientHello: an https:// client talking to a plain HTTP port."""
BAD_CHUNK = (b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
"""A chunked body whose chunk size is not hexadecimal."""


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
                                        "detail": "request body too large: the limit is 262144 bytes"},
                                       separators=(",", ":")) + "';" in text  # compact, as the app's problems


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


class Reader:
    """A WSGI app that reads ``size`` bytes of the body (all of it for None), then answers 200."""

    def __init__(self, size: int | None) -> None:
        self.size = size

    def __call__(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        environ["wsgi.input"].read(*([] if self.size is None else [self.size]))
        start_response("200 OK", [("Content-Type", "application/json")])
        return [b"{}"]


class CountedDrain(serve_module.Drain):
    """Drain, counting its drains."""

    drains = 0

    def drain(self, environ: dict[str, Any]) -> None:
        self.drains += 1
        super().drain(environ)


def drains(app: Any, body: bytes, headers: dict[str, str]) -> tuple[int, int]:
    """Return how far BodyErrors(Drain(app)) read ``body`` in all, and how many times Drain went to read the rest."""
    stream = io.BytesIO(body)
    drain = CountedDrain(app)
    b"".join(serve_module.BodyErrors(drain)({"wsgi.input": stream, **headers}, lambda status, headers: None))
    return stream.tell(), drain.drains


def test_a_body_the_app_read_to_its_end_is_not_drained_again() -> None:
    # Each drain sets the socket's timeout twice and reads once more: 3 % of a light POST's time.
    assert drains(Reader(10), b"x" * 10, {"CONTENT_LENGTH": "10"}) == (10, 0)
    assert drains(Reader(None), b"x" * 10, {"HTTP_TRANSFER_ENCODING": "chunked"}) == (10, 0)
    assert drains(Reader(4), b"x" * 10, {"CONTENT_LENGTH": "10"}) == (10, 1)
    assert drains(Hasty(), b"x" * 10, {"CONTENT_LENGTH": "10"}) == (10, 1)
    assert drains(Reader(4), b"x" * 10, {"HTTP_TRANSFER_ENCODING": "chunked"}) == (10, 1)


def test_reading_the_unread_body_is_bounded() -> None:
    assert drained(b"x" * 300_000, {"CONTENT_LENGTH": "300000"}, limit=100_000) == 100_000
    assert drained(b"x" * 300_000, {"CONTENT_LENGTH": "300000"}, seconds=0) == 0
    assert drained(b"x" * 300_000, {}) == 0  # no body announced: nothing is read


def exchange(base: str, request: bytes, close_write: bool = False) -> tuple[int, http.client.HTTPMessage, bytes] | None:
    """Send raw bytes to ``base``; return the answer's status, headers and body, or None if it closed without one."""
    with socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=5) as sock:
        sock.sendall(request)
        if close_write:
            sock.shutdown(socket.SHUT_WR)
        response = http.client.HTTPResponse(sock)
        try:
            response.begin()
        except (http.client.RemoteDisconnected, ConnectionResetError):
            return None
        with response:
            return response.status, response.headers, response.read()


def assert_problem(answer: tuple[int, http.client.HTTPMessage, bytes] | None, status: int) -> dict[str, Any]:
    """Check that ``answer`` is a problem-details body whose status is the status line's, ``status``; return it."""
    assert answer is not None, "the server closed the connection without an answer"
    got, headers, body = answer
    assert (got, headers["Content-Type"]) == (status, "application/problem+json"), body[:300]
    problem = json.loads(body)
    assert problem["type"] == "about:blank" and problem["status"] == status, problem
    assert problem["title"] == HTTPStatus(status).phrase and problem["detail"], problem
    return dict(problem)


ODD_REQUESTS = {"request line over 8 KB": (LONG_LINE, 414), "header line over 8 KB": (LONG_HEADER, 431),
                "120 header fields": (MANY_HEADERS, 431), "garbage": (GARBAGE, 400),
                "HTTP/2 preface": (HTTP2_PREFACE, 400), "bad chunk size": (BAD_CHUNK, 400)}
"""Requests neither server can read, and the status each answers (gunicorn's HTML pages before; a 500 for
the bad chunk, which gunicorn finds while the app reads the body)."""
NGINX_ODD_REQUESTS = {**ODD_REQUESTS, "TLS bytes": (TLS_HELLO, 400),
                      "HTTP/3.0": (b"GET /v1/health HTTP/3.0\r\nHost: 127.0.0.1\r\n\r\n", 505),
                      "TRACE": (b"TRACE /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
                      "gzip transfer coding": (b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                               b"Transfer-Encoding: gzip\r\n\r\n", 501),
                      "an error page's own address": (b"GET /_problem/502 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 404)}
"""Requests nginx does not pass on, and its status for each (its own HTML 500 page before, for most)."""


@pytest.mark.parametrize(("request_bytes", "status"), ODD_REQUESTS.values(), ids=ODD_REQUESTS.keys())
def test_gunicorn_answers_a_request_it_cannot_read_with_problem_json(direct: str, request_bytes: bytes,
                                                                     status: int) -> None:
    assert_problem(exchange(direct, request_bytes), status)


def test_the_status_of_gunicorns_error_page_is_read_from_what_it_writes() -> None:
    from gunicorn import util
    from gunicorn.http.errors import InvalidChunkSize, LimitRequestLine

    recorder = serve_module.Recorder()
    util.write_error(recorder, 431, "Request Header Fields Too Large", "limit request headers fields")
    assert recorder.status() == 431  # the worker answers that status with a problem body instead
    assert serve_module.Recorder().status() is None
    assert serve_module.fallback_status(InvalidChunkSize(b"zz")) == 400  # when nothing readable was written
    assert serve_module.fallback_status(LimitRequestLine(9000, 4094)) == 400
    assert serve_module.fallback_status(RuntimeError("bug")) == 500


def test_gunicorn_sends_no_html_to_tls_bytes(direct: str) -> None:
    answer = exchange(direct, TLS_HELLO, close_write=True)  # no line end: it waits, then sees the end of input
    assert answer is None or assert_problem(answer, 400)


@needs_nginx
@pytest.mark.parametrize(("request_bytes", "status"), NGINX_ODD_REQUESTS.values(), ids=NGINX_ODD_REQUESTS.keys())
def test_behind_the_proxy_a_request_nginx_cannot_read_gets_problem_json(proxied: str, request_bytes: bytes,
                                                                        status: int) -> None:
    assert_problem(exchange(proxied, request_bytes), status)


def test_each_nginx_error_page_answers_the_status_it_stands_for(tmp_path: Path) -> None:
    text = serve_module.nginx_conf(str(tmp_path), "127.0.0.1:8000", str(tmp_path / "api.sock"), 262144)
    pages = re.findall(r"error_page (\d+) (?:=(\d+) )?(\S+);", text)
    answers = {uri: (int(status), body.replace("\\'", "'").replace("\\\\", "\\")) for uri, status, body in
               re.findall(r"location = (\S+) \{[^}]*?return (\d+) '((?:[^'\\]|\\.)*)';", text)}
    assert {int(code) for code, _, _ in pages} >= {400, 404, 405, 408, 413, 414, 494, 500, 501, 502, 503, 504, 505}
    for code, replaced, uri in pages:
        shown = int(replaced or code)  # the status line: error_page keeps the status unless it says =NNN
        status, body = answers[uri]
        assert status == shown and json.loads(body)["status"] == shown, (code, uri)  # a 502 said 503 before


@needs_nginx
def test_behind_the_proxy_an_unreachable_api_is_a_502_problem(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    port = free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(serve_module.nginx_conf(str(tmp_path), f"127.0.0.1:{port}", str(tmp_path / "gone.sock"), 262144))
    web = subprocess.Popen([NGINX or "nginx", "-p", str(tmp_path), "-c", str(conf), "-e", "stderr"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                answer = exchange(f"http://127.0.0.1:{port}", b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                break
            except ConnectionRefusedError:
                assert web.poll() is None and time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.1)
        problem = assert_problem(answer, 502)
        assert answer is not None and answer[1]["Retry-After"] == "1"
        assert problem["detail"] == "the API is not answering (bad gateway): retry after 1 s"
    finally:
        web.terminate()
        web.wait(timeout=30)


FLOOD_SENDS = (b"", b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n",
               b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               b"Content-Length: 200000\r\n\r\n{\"words\": [")
"""What each connection of a flood sends before it stalls, in turn: nothing, part of its headers, part of its body."""


def flood_connection(port: int, n: int) -> socket.socket:
    """Open the ``n``th connection of a flood, send what it sends (:data:`FLOOD_SENDS`); closing resets it."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # no TIME_WAIT left behind
    sock.sendall(FLOOD_SENDS[n % len(FLOOD_SENDS)])
    return sock


@needs_nginx
def test_behind_the_proxy_health_answers_through_a_flood_of_idle_connections(proxied: str) -> None:
    # With nginx's default 1024 worker_connections, every health check was reset during this flood.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FLOOD + 256
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"this process may open {hard} files, the flood needs {wanted} (ulimit -Hn)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    port = int(proxied.rsplit(":", 1)[1])
    sockets: list[socket.socket] = []
    started = time.monotonic()
    try:
        sockets += (flood_connection(port, n) for n in range(FLOOD))
        opened = time.monotonic() - started
        times = health_latencies(proxied)
        answer = exchange(proxied, b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                   b"Content-Length: 23\r\n\r\n{\"words\": [\"quixotic\"]}")
    finally:
        for sock in sockets:
            sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    print(f"\n{FLOOD} silent and stalled connections opened in {opened:.2f} s: health p50 "
          f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms")
    assert max(times) < 3000, f"a health check failed during the flood: {times}"
    assert answer is not None and answer[0] == 200 and json.loads(answer[2])["results"][0]["valid"] is True
