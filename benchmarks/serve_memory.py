"""Worker memory of `novelty serve` before and after a burst of the heaviest allowed requests, then idle.

    python benchmarks/serve_memory.py [--rounds N] [--idle SECONDS] [--proxy] [-- SERVE ARGS...]

Starts ``novelty serve`` on a free loopback port, waits for it, and reads each worker's memory from
``/proc/PID/smaps_rollup``: RSS, and the part of it that is the worker's own (private: not shared with
the other workers, such as the memory-mapped word lists and their step index). Then sends ``--rounds``
rounds of the heaviest requests the API allows, from as many clients as the server computes at once:
``POST /v1/best`` on a 13-card hand with three wilds under Alliteration and Clones (``time_limit`` 5 s),
``POST /v1/score`` of the issue's 13 words with 7 "double a shorter word" cards, and ``POST
/v1/anagram`` of 20 letters with 3 blanks. It reads the workers right after the burst and again after
``--idle`` seconds with no requests, and prints each figure and its growth over the baseline.

Workers that were replaced meanwhile (gunicorn replaces a worker that retired past its memory ceiling:
see ``cli/server.py``) are shown as new process ids.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serving import free_port, wait_for_health  # noqa: E402
from tests.serving import post as post_json  # noqa: E402

BEST = {"hand": "a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2 doublewild1", "motifs": ["alliteration", "clones"],
        "time_limit": 5}
SCORE = {"words": ["z2 o1 o1 m1 e1 d1", "x1 e1 n1 o2 n2", "z2+alliteration o2 n2 a1 t1 e1",
                   "z2+alliteration i1 n3 c1 i1 c2", "x1+clones e2 r1 i2 c3", "z2+clones i2 g1 g2 e2 d2",
                   "z2+bookkeeper i3 l1 l2 a1 h1", "s1 u1 b1 s2", "s3 u2 p1 e2", "a2 l3 i3 t1", "a2 r2 t2 y1",
                   "a3 r3 a3 k1", "m2 e3 t3 h2"], "motifs": ["alliteration", "clones", "bookkeeper"]}
ANAGRAM = {"letters": "etaoinshrdlucmfwy???", "min": 1}
HEAVY = [("/v1/best", BEST), ("/v1/score", SCORE), ("/v1/anagram", ANAGRAM)]


def post(url: str, body: dict[str, Any]) -> int | str:
    """Send one POST and return its status (or what went wrong)."""
    try:
        return post_json(url, body, timeout=60)
    except (urllib.error.URLError, OSError) as error:
        return type(error).__name__


def children(pid: int) -> list[int]:
    """Return the process ids of ``pid``'s children."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def workers(server: int) -> list[int]:
    """Return the gunicorn worker processes under ``server`` (itself gunicorn's arbiter, or the --proxy parent)."""
    arbiters = [server]
    for child in children(server):
        if "--unix-socket" in Path(f"/proc/{child}/cmdline").read_text().replace("\0", " "):
            arbiters = [child]  # --proxy: the workers are under the gunicorn it started
    return sorted(w for a in arbiters for w in children(a))


def memory(pid: int) -> tuple[float, float]:
    """Return the RSS and the private memory (MiB) of process ``pid``."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0])
    return fields["Rss"] / 1024, fields["Anonymous"] / 1024


def snapshot(server: int) -> dict[int, tuple[float, float]]:
    """Return each worker's (RSS, private) in MiB."""
    return {pid: memory(pid) for pid in workers(server)}


def show(label: str, now: dict[int, tuple[float, float]], base: dict[int, tuple[float, float]]) -> None:
    """Print one snapshot, each worker against the baseline's mean."""
    base_rss = sum(r for r, _ in base.values()) / len(base)
    base_own = sum(p for _, p in base.values()) / len(base)
    rows = ", ".join(f"pid {pid}: RSS {rss:.0f} MiB ({rss - base_rss:+.0f}), heap {own:.0f} MiB ({own - base_own:+.0f})"
                     for pid, (rss, own) in sorted(now.items()))
    print(f"{label:<14}{rows}")


def run_burst(base_url: str, rounds: int) -> str:
    """Send ``rounds`` heavy requests from each of 4 clients at once; return the time taken and the statuses."""
    statuses: list[int | str] = []
    started = time.monotonic()

    def client(n: int) -> None:
        for r in range(rounds):
            path, body = HEAVY[(n + r) % len(HEAVY)]
            statuses.append(post(base_url + path, body))

    clients = [threading.Thread(target=client, args=(n,)) for n in range(4)]
    for t in clients:
        t.start()
    for t in clients:
        t.join()
    counts = {s: statuses.count(s) for s in sorted(set(statuses), key=str)}
    return f"{len(statuses)} requests in {time.monotonic() - started:.1f} s, statuses {counts}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="rounds of heavy requests per client (default 4)")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds idle before the last reading (default 3)")
    parser.add_argument("--proxy", action="store_true", help="serve with --proxy (nginx in front)")
    parser.add_argument("serve_args", nargs="*", help="more arguments for novelty serve")
    args = parser.parse_args()

    port = free_port()
    script = Path(sys.executable).parent / "novelty"
    command = [str(script)] if script.is_file() else [shutil.which("novelty") or "novelty"]
    command += ["serve", "--port", str(port), *(["--proxy"] if args.proxy else []), *args.serve_args]
    base_url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            try:
                wait_for_health(base_url, server, 60)
            except AssertionError as error:
                sys.exit(f"novelty serve did not start: {error}")
            for _ in range(8):  # touch every worker with light requests first: its baseline is a used worker
                post(f"{base_url}/v1/check", {"words": ["quixotic"]})
            time.sleep(0.5)
            base = snapshot(server.pid)
            print(f"{' '.join(command[1:])}: {len(base)} workers, {args.rounds} rounds of "
                  f"{', '.join(path for path, _ in HEAVY)} from 4 clients")
            show("baseline", base, base)

            for burst in (1, 2):  # a second burst shows whether memory keeps growing or stays at a plateau
                statuses = run_burst(base_url, args.rounds)
                print(f"burst {burst}: {statuses}")
                show("after burst", snapshot(server.pid), base)
                time.sleep(args.idle)
                show(f"idle {args.idle:g} s", snapshot(server.pid), base)
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
