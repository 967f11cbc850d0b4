"""`novelty serve` runs the API under gunicorn, reachable on loopback."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

pytest.importorskip("gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_answers_health_and_errors_as_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    port = free_port()
    command = [shutil.which("novelty") or "novelty"] if shutil.which("novelty") else [
        sys.executable, "-m", "cli.main"]
    server = subprocess.Popen([*command, "serve", "--port", str(port), "--workers", "1"], cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/v1/health", timeout=2) as response:
                    assert json.load(response)["status"] == "ok"
                    break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, "server exited"
                assert time.monotonic() < deadline, "server did not answer in 30 s"
                time.sleep(0.2)
        request = urllib.request.Request(f"{base}/v1/check", data=b"{bad",
                                         headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=5).close()
            pytest.fail("malformed JSON was accepted")
        except urllib.error.HTTPError as error:
            with error:
                assert error.code == 400
                assert error.headers["Content-Type"] == "application/problem+json"
                assert "not valid JSON" in json.load(error)["detail"]
    finally:
        server.terminate()
        server.wait(timeout=10)
