"""Requests/s of `novelty serve` against a hello-world Flask route under the same gunicorn settings, side by side.

    python benchmarks/serve_throughput.py [--connections 8] [--seconds 3] [--rounds 3] [--workers 2] [--threads 8]

Starts two servers on free loopback ports: ``novelty serve`` (gunicorn with ``cli/server.py``'s settings) and
a hello-world Flask app under the very same settings (``novelty.cli.server.run`` with that app instead of the API):
``GET /hello`` answers ``{"hello": "world"}``, ``POST /hello`` parses its JSON body and answers the same.
Then drives, in turn, ``GET /hello``, ``GET /v1/words/quixotic``, ``POST /hello`` and ``POST /v1/check``
(both with ``{"words": ["quixotic"]}``) with ``--connections`` keep-alive connections for ``--seconds`` each,
``--rounds`` times, one after another, so that a machine busy with other work slows each alike. It prints
each round's requests/s (2xx answers only: a POST turned away with 429 is counted apart), the median, and
the median of each round's ratio to the hello-world route of the same method (its baseline); and the CPU
time the server's processes (gunicorn's arbiter and workers, read from /proc) spent per request, with its
ratio to the baseline's: requests/s move with whatever else the machine runs, CPU time per request much less.

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

from tests.serving import free_port, stop, wait_for_health  # noqa: E402

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
    """Return the baseline: a Flask app with GET and POST hello-world routes, and the health route start-up awaits."""
    from flask import Flask, request

    def hello() -> dict[str, str]:
        if request.method == "POST":
            request.get_json()
        return {"hello": "world"}

    app = Flask("hello")
    app.add_url_rule("/hello", "hello", hello, methods=["GET", "POST"])
    app.add_url_rule("/v1/health", "health", lambda: {"status": "ok"})
    return app


def serve_hello(bind: str, workers: int, threads: int) -> None:
    """Serve :func:`hello_app` with ``novelty serve``'s gunicorn settings (this script with ``--serve-hello``)."""
    from novelty.cli.server import run

    run(bind, workers, threads, load=hello_app)


def wrk_counts(route: Route, connections: int, seconds: float, folder: str) -> tuple[int, int, float]:
    """Drive ``route`` with wrk; return its count of 2xx answers, of other answers, and the seconds taken."""
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
    return int(done.group(1)) - other, other, elapsed


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


def python_counts(route: Route, connections: int, seconds: float) -> tuple[int, int, float]:
    """Drive ``route`` with one process per connection; return its count of 2xx answers, of others, and the time."""
    with multiprocessing.Pool(connections) as pool:
        started = time.monotonic()
        counts = pool.starmap(drive_one, [(route.port, route.request(), seconds)] * connections)
        elapsed = time.monotonic() - started
    return sum(ok for ok, _ in counts), sum(other for _, other in counts), elapsed


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user and system) used so far by process ``pid`` and its children: gunicorn's workers."""
    pids = {pid}
    for task in Path(f"/proc/{pid}/task").iterdir():
        pids.update(int(child) for child in (task / "children").read_text().split())
    total = 0
    for each in pids:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        total += int(fields[11]) + int(fields[12])  # utime and stime, in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def start(command: list[str], port: int) -> subprocess.Popen[bytes]:
    """Start a server and wait until it answers its health route."""
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        wait_for_health(f"http://127.0.0.1:{port}", server, 60)
    except AssertionError as error:
        server.terminate()
        sys.exit(f"{' '.join(command)} did not start: {error}")
    return server


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
    api_command = [str(novelty)] if novelty.is_file() else [sys.executable, "-m", "novelty.cli.main"]
    routes = [Route("GET /hello (hello-world)", hello_port, "GET", "/hello"),
              Route("GET /v1/words/quixotic", api_port, "GET", "/v1/words/quixotic"),
              Route("POST /hello (hello-world)", hello_port, "POST", "/hello", CHECK_BODY),
              Route("POST /v1/check", api_port, "POST", "/v1/check", CHECK_BODY)]
    client = "wrk (1 thread)" if use_wrk else "the Python client (wrk is not installed)" if not args.python_client \
        else "the Python client"
    print(f"{args.workers} workers x {args.threads} threads each; {client}, {args.connections} keep-alive "
          f"connections; {args.rounds} rounds of {args.seconds:g} s per route; {os.cpu_count()} CPUs")
    servers = [start([sys.executable, __file__, "--serve-hello", f"127.0.0.1:{hello_port}", *sizes], hello_port),
               start([*api_command, "serve", "--port", str(api_port), *sizes], api_port)]
    server_of = {hello_port: servers[0].pid, api_port: servers[1].pid}
    results: dict[str, list[Result]] = {route.name: [] for route in routes}
    try:
        with tempfile.TemporaryDirectory() as folder:
            def measure(route: Route, seconds: float) -> Result:
                used = cpu_seconds(server_of[route.port])
                if use_wrk:
                    ok, other, elapsed = wrk_counts(route, args.connections, seconds, folder)
                else:
                    ok, other, elapsed = python_counts(route, args.connections, seconds)
                used = cpu_seconds(server_of[route.port]) - used
                return Result(ok / elapsed, other, used / max(ok + other, 1))

            for route in routes:
                measure(route, WARM_UP)
            for _ in range(args.rounds):
                for route in routes:
                    results[route.name].append(measure(route, args.seconds))
    finally:
        for server in servers:
            stop(server)
    report(routes, results)


class Result:
    """One route's round: 2xx answers per second, other answers (429s), server CPU seconds per answer."""

    def __init__(self, rate: float, other: int, cpu: float) -> None:
        self.rate, self.other, self.cpu = rate, other, cpu


def report(routes: list[Route], results: dict[str, list[Result]]) -> None:
    """Print each route's requests/s per round, the median and the median of the rounds' ratios to its baseline
    (the hello-world route of its method).

    Requests/s move with whatever else the machine runs; the server's CPU time per request much less, so
    its ratio (the baseline's CPU per request / the route's) is printed too: the throughput ratio on an idle
    machine.
    """
    print(f"{'route':<27}{'requests/s per round':>30}{'median':>9}{'vs hello':>10}"
          f"{'CPU us/req':>12}{'vs hello':>10}  non-2xx")
    for route in routes:
        got = results[route.name]
        hello = results[next(r.name for r in routes if r.method == route.method)]
        rounds = " ".join(f"{r.rate:>7,.0f}" for r in got)
        rate = statistics.median(r.rate for r in got)
        ratio = statistics.median(r.rate / h.rate for r, h in zip(got, hello, strict=True))
        cpu = statistics.median(r.cpu for r in got)
        cpu_ratio = statistics.median(h.cpu / r.cpu for r, h in zip(got, hello, strict=True))
        print(f"{route.name:<27}{rounds:>30}{rate:>9,.0f}{ratio:>10.2f}{cpu * 1e6:>12,.0f}{cpu_ratio:>10.2f}  "
              f"{sum(r.other for r in got)}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
