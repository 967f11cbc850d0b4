"""Requests/s of `novelty serve` against a hello-world Flask route under the same gunicorn settings, side by side.

    python benchmarks/serve_throughput.py [--connections 8] [--seconds 3] [--rounds 3] [--workers 2] [--threads 8]

Starts two servers on free loopback ports: ``novelty serve`` (gunicorn with ``cli/server.py``'s settings) and
a Flask app with one route, ``GET /hello`` answering ``{"hello": "world"}``, under the very same settings
(``cli.server.run`` with that app instead of the API). Then drives, in turn, ``GET /hello``,
``GET /v1/words/quixotic`` and ``POST /v1/check`` (``{"words": ["quixotic"]}``) with ``--connections``
keep-alive connections for ``--seconds`` each, ``--rounds`` times, one after another, so that a machine busy
with other work slows each alike. It prints each round's requests/s (2xx answers only: a POST turned away
with 429 is counted apart), the median, and the median of each round's ratio to hello-world.

The client is wrk when it is installed (Debian: ``apt-get install wrk``); otherwise a Python client, one
process per connection, which takes more of the CPU the servers share and so reads lower for all of them.
The first line says which was used. Every request goes to 127.0.0.1 and each run stops after its time.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serving import free_port, wait_for_health  # noqa: E402

CHECK_BODY = b'{"words": ["quixotic"]}'
"""The body of each ``POST /v1/check``."""
WARM_UP = 1.0
"""Seconds each route is driven before the rounds, not counted (the first requests fill caches)."""
HEAD_END = b"\r\n\r\n"
"""Where an HTTP head ends."""


class Route:
    """One route driven by the benchmark: a name to print, the server's port, the request."""

    def __init__(self, name: str, port: int, method: str, path: str, body: bytes = b"") -> None:
        self.name, self.port, self.method, self.path, self.body = name, port, method, path, body

    def request(self) -> bytes:
        """Return the whole request, as sent on a keep-alive connection."""
        head = f"{self.method} {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
        if self.body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(self.body)}\r\n"
        return (head + "\r\n").encode() + self.body


def hello_app() -> Any:
    """Return the baseline: a Flask app with one JSON route, and the health route the start-up waits for."""
    from flask import Flask

    app = Flask("hello")
    app.add_url_rule("/hello", "hello", lambda: {"hello": "world"})
    app.add_url_rule("/v1/health", "health", lambda: {"status": "ok"})
    return app


def serve_hello(bind: str, workers: int, threads: int) -> None:
    """Serve :func:`hello_app` with ``novelty serve``'s gunicorn settings (this script with ``--serve-hello``)."""
    from cli.server import run

    run(bind, workers, threads, load=hello_app)


def wrk_rate(route: Route, connections: int, seconds: float, folder: str) -> tuple[float, int]:
    """Drive ``route`` with wrk; return its 2xx requests/s and its count of other answers."""
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s"]
    if route.body:
        script = Path(folder) / "post.lua"
        script.write_text(f"wrk.method = {route.method!r}\nwrk.body = {route.body.decode()!r}\n"
                          'wrk.headers["Content-Type"] = "application/json"\n')
        command += ["-s", str(script)]
    out = subprocess.run([*command, f"http://127.0.0.1:{route.port}{route.path}"], capture_output=True,
                         text=True, timeout=seconds + 30, check=True).stdout
    done = re.search(r"(\d+) requests in ([\d.]+)(m?s)", out)
    if done is None:
        raise RuntimeError(f"cannot read wrk's output:\n{out}")
    other = int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", out)) else 0
    elapsed = float(done.group(2)) / (1000 if done.group(3) == "ms" else 1)
    return (int(done.group(1)) - other) / elapsed, other


def read_answer(sock: socket.socket, buffer: bytes) -> tuple[int, bytes]:
    """Read one whole answer (with a Content-Length) from ``sock``; return its status and the bytes after it."""
    while HEAD_END not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        buffer += chunk
    head, rest = buffer.split(HEAD_END, 1)
    found = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
    length = int(found.group(1)) if found else 0
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        rest += chunk
    return int(head[9:12]), rest[length:]


def drive_one(port: int, request: bytes, seconds: float) -> tuple[int, int]:
    """Send ``request`` again and again on one keep-alive connection for ``seconds``; return (2xx, other) counts."""
    ok = other = 0
    buffer = b""
    deadline = time.monotonic() + seconds
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        while time.monotonic() < deadline:
            sock.sendall(request)
            status, buffer = read_answer(sock, buffer)
            if 200 <= status < 300:
                ok += 1
            else:
                other += 1
    return ok, other


def python_rate(route: Route, connections: int, seconds: float) -> tuple[float, int]:
    """Drive ``route`` with one process per connection; return its 2xx requests/s and its count of other answers."""
    with multiprocessing.Pool(connections) as pool:
        started = time.monotonic()
        counts = pool.starmap(drive_one, [(route.port, route.request(), seconds)] * connections)
        elapsed = time.monotonic() - started
    return sum(ok for ok, _ in counts) / elapsed, sum(other for _, other in counts)


def start(command: list[str], port: int) -> subprocess.Popen[bytes]:
    """Start a server and wait until it answers its health route."""
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        wait_for_health(f"http://127.0.0.1:{port}", server, 60)
    except AssertionError as error:
        server.terminate()
        sys.exit(f"{' '.join(command)} did not start: {error}")
    return server


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop a server and wait for it."""
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=8, help="keep-alive connections (default 8)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per route and round (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers of both servers (default 2)")
    parser.add_argument("--threads", type=int, default=8, help="threads per worker of both servers (default 8)")
    parser.add_argument("--python-client", action="store_true", help="use the Python client even if wrk is installed")
    parser.add_argument("--serve-hello", metavar="BIND", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_hello:
        serve_hello(args.serve_hello, args.workers, args.threads)
        return

    use_wrk = shutil.which("wrk") is not None and not args.python_client
    sizes = ["--workers", str(args.workers), "--threads", str(args.threads)]
    hello_port, api_port = free_port(), free_port()
    novelty = Path(sys.executable).with_name("novelty")
    api_command = [str(novelty)] if novelty.is_file() else [sys.executable, "-m", "cli.main"]
    routes = [Route("GET /hello (hello-world)", hello_port, "GET", "/hello"),
              Route("GET /v1/words/quixotic", api_port, "GET", "/v1/words/quixotic"),
              Route("POST /v1/check", api_port, "POST", "/v1/check", CHECK_BODY)]
    client = "wrk (1 thread)" if use_wrk else "the Python client (wrk is not installed)" if not args.python_client \
        else "the Python client"
    print(f"{args.workers} workers x {args.threads} threads each; {client}, {args.connections} keep-alive "
          f"connections; {args.rounds} rounds of {args.seconds:g} s per route; {os.cpu_count()} CPUs")
    servers = [start([sys.executable, __file__, "--serve-hello", f"127.0.0.1:{hello_port}", *sizes], hello_port),
               start([*api_command, "serve", "--port", str(api_port), *sizes], api_port)]
    rates: dict[str, list[float]] = {route.name: [] for route in routes}
    turned_away: dict[str, int] = {route.name: 0 for route in routes}
    try:
        with tempfile.TemporaryDirectory() as folder:
            def measure(route: Route, seconds: float) -> tuple[float, int]:
                if use_wrk:
                    return wrk_rate(route, args.connections, seconds, folder)
                return python_rate(route, args.connections, seconds)

            for route in routes:
                measure(route, WARM_UP)
            for _ in range(args.rounds):
                for route in routes:
                    rate, other = measure(route, args.seconds)
                    rates[route.name].append(rate)
                    turned_away[route.name] += other
    finally:
        for server in servers:
            stop(server)
    report(routes, rates, turned_away)


def report(routes: list[Route], rates: dict[str, list[float]], turned_away: dict[str, int]) -> None:
    """Print each route's requests/s per round, the median and the median ratio to hello-world."""
    hello = rates[routes[0].name]
    print(f"{'route':<26}{'requests/s per round':>30}{'median':>9}{'vs hello':>10}  non-2xx")
    for route in routes:
        got = rates[route.name]
        ratio = statistics.median(r / h for r, h in zip(got, hello, strict=True))
        rounds = " ".join(f"{r:>7,.0f}" for r in got)
        print(f"{route.name:<26}{rounds:>30}{statistics.median(got):>9,.0f}{ratio:>10.2f}  {turned_away[route.name]}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
