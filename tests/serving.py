"""Starting `novelty serve` for a test: on a free loopback port, with the word lists the suite started with."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

OUTER_CACHE = os.environ.get("NOVELTY_CACHE_DIR")
"""The cache the suite was started with (read at import, before conftest points it at a private one),
so a server finds the word lists compiled."""


def free_port() -> int:
    """Return a TCP port that is free on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any], timeout: float) -> int:
    """Send one JSON POST and return its status, an HTTP error's too (a connection that fails raises)."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as error:
        with error:
            error.read()
            return int(error.code)


def wait_for_health(base: str, server: subprocess.Popen[bytes], seconds: float) -> None:
    """Wait until ``base``/v1/health answers ok, failing if the server exits or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/v1/health", timeout=2) as response:
                assert json.load(response)["status"] == "ok"
                return
        except (urllib.error.URLError, ConnectionError):
            assert server.poll() is None, "server exited"
            assert time.monotonic() < deadline, f"server did not answer in {seconds:g} s"
            time.sleep(0.2)


@contextlib.contextmanager
def serving(folder: Path, *args: str, outer_cache: bool = True) -> Iterator[str]:
    """Run ``novelty serve --port PORT *args`` in ``folder`` and yield its base URL; stop it afterwards."""
    port = free_port()
    found = shutil.which("novelty")
    command = [found] if found else [sys.executable, "-m", "novelty.cli.main"]
    env = dict(os.environ)
    if outer_cache and OUTER_CACHE:
        env["NOVELTY_CACHE_DIR"] = OUTER_CACHE
    server = subprocess.Popen([*command, "serve", "--port", str(port), *args], cwd=folder, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_health(base, server, 60)
        yield base
    finally:
        stop(server)


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop a server and wait for it (killed if it has not ended after 30 s)."""
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
