"""Under the heaviest allowed requests, `novelty serve` still answers `/v1/health` promptly and never 5xx.

The test starts the server on a free loopback port, saturates it for a few seconds with concurrent
`POST /v1/best` (a heavy hand with three wild cards under Alliteration and Clones, 2 s limit) and the
heaviest `POST /v1/anagram` (20 letters, 3 blanks, min 1), and meanwhile times `/v1/health`. Bounded in
time (SATURATE seconds of load, each request with a timeout) and in count (CLIENTS client threads).
"""

from __future__ import annotations

import os
import statistics
import threading
import time
import urllib.error
import urllib.request

import pytest

pytest.importorskip("gunicorn")

from tests.serving import post, serving  # noqa: E402

SATURATE = 6.0
"""Seconds of load."""
CLIENTS = 12
"""Concurrent heavy clients: more than the server's threads (2 workers x 4 by default)."""
HEALTH_EVERY = 0.1
"""Seconds between health probes."""
HEALTH_P95 = 0.25
"""Generous bound on the p95 health latency under load (seconds); unloaded it is about 2 ms."""

BEST = {"hand": "a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2 doublewild1", "motifs": ["alliteration", "clones"],
        "time_limit": 2}
ANAGRAM = {"letters": "etaoinshrdlucmfwy???", "min": 1}


def test_health_stays_fast_and_nothing_fails_under_the_heaviest_requests(tmp_path) -> None:  # type: ignore[no-untyped-def]
    extra = os.environ.get("NOVELTY_LOAD_SERVE_ARGS", "").split()  # for measuring other setups by hand
    statuses: list[int | str] = []
    health: list[float] = []
    lock = threading.Lock()
    with serving(tmp_path, *extra) as base:
        stop = time.monotonic() + SATURATE

        def heavy(n: int) -> None:
            url, body = (f"{base}/v1/anagram", ANAGRAM) if n % 3 == 2 else (f"{base}/v1/best", BEST)
            while time.monotonic() < stop:
                try:
                    status: int | str = post(url, body, timeout=30)
                except (urllib.error.URLError, OSError) as error:
                    status = f"{type(error).__name__}: {error}"
                with lock:
                    statuses.append(status)
                if status == 429:  # busy: a polite client waits as Retry-After says
                    time.sleep(1)

        def probe() -> None:
            while time.monotonic() < stop:
                started = time.monotonic()
                try:
                    with urllib.request.urlopen(f"{base}/v1/health", timeout=10) as response:
                        response.read()
                        assert response.status == 200
                    health.append(time.monotonic() - started)
                except (urllib.error.URLError, OSError):
                    health.append(10.0)
                time.sleep(HEALTH_EVERY)

        threads = [threading.Thread(target=heavy, args=(n,), daemon=True) for n in range(CLIENTS)]
        threads.append(threading.Thread(target=probe, daemon=True))
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=SATURATE + 35)
        assert not any(t.is_alive() for t in threads), "a client thread never finished"

    p95 = statistics.quantiles(health, n=20)[-1] if len(health) > 1 else health[0]
    print(f"\nhealth: {len(health)} probes, median {statistics.median(health) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, max {max(health) * 1000:.1f} ms; heavy requests: "
          f"{ {s: statuses.count(s) for s in set(statuses)} }")
    assert statuses, "no heavy request finished"
    failed = [s for s in statuses if not isinstance(s, int) or s >= 500]
    assert not failed, f"heavy requests failed: {failed[:5]}"
    assert p95 < HEALTH_P95, f"p95 health latency {p95 * 1000:.0f} ms under load"
