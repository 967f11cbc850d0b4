"""A worker's memory after heavy requests: freed blocks go back to the system, and a worker that still
holds too much retires. The figures are measured by ``python benchmarks/serve_memory.py``."""

from __future__ import annotations

import gc
import logging
from typing import Any

import pytest

pytest.importorskip("gunicorn")

from novelty.cli import server  # noqa: E402
from novelty.lexicon import SetLexicon  # noqa: E402
from novelty.words import search_anagrams  # noqa: E402


class Worker:
    """What post_request uses of a gunicorn worker."""

    def __init__(self) -> None:
        self.alive = True
        self.log = logging.getLogger("test-worker")


def test_a_worker_over_its_memory_ceiling_retires_after_a_post(monkeypatch: pytest.MonkeyPatch) -> None:
    worker = Worker()
    monkeypatch.setattr(server, "own_memory", lambda: server.MEMORY_CEILING)
    server.post_request(worker, None, {"REQUEST_METHOD": "POST"}, None)
    assert worker.alive  # at the ceiling, not over it
    monkeypatch.setattr(server, "own_memory", lambda: server.MEMORY_CEILING + 1)
    server.post_request(worker, None, {"REQUEST_METHOD": "GET"}, None)
    assert worker.alive  # a GET is cheap: no check
    server.post_request(worker, None, {"REQUEST_METHOD": "POST"}, None)
    assert not worker.alive  # gunicorn replaces it once its requests in flight are answered


def test_the_heap_is_trimmed_when_it_grew_not_after_every_post(monkeypatch: pytest.MonkeyPatch) -> None:
    trims: list[int] = []
    memory = [100 << 20]

    class Libc:
        def malloc_trim(self, pad: int) -> int:
            trims.append(memory[0])
            memory[0] -= 4 << 20  # the trim gives 4 MiB back
            return 1

    monkeypatch.setattr(server, "glibc", Libc)
    monkeypatch.setattr(server, "own_memory", lambda: memory[0])
    worker = Worker()
    post = {"REQUEST_METHOD": "POST"}
    server.post_request(worker, None, post, None)
    assert trims == [100 << 20]  # the first POST: nothing to compare with
    server.post_request(worker, None, post, None)
    assert len(trims) == 1  # a light POST: no growth, no trim
    memory[0] += server.TRIM_STEP  # a heavy one
    server.post_request(worker, None, post, None)
    assert len(trims) == 1  # grown by TRIM_STEP exactly: not past it
    memory[0] += 1
    server.post_request(worker, None, post, None)
    assert len(trims) == 2
    memory[0] -= 50 << 20  # its level follows the memory down
    server.post_request(worker, None, post, None)
    memory[0] += server.TRIM_STEP + 1
    server.post_request(worker, None, post, None)
    assert len(trims) == 3


def test_workers_retire_on_memory_not_on_a_request_count() -> None:
    # Recycling every 500 requests re-imported the app twice a second at 1,000 requests/s (issue 26).
    settings = server.gunicorn_settings("127.0.0.1:8000", workers=2, threads=8)
    assert settings.get("max_requests", 0) == 0  # gunicorn's default: never
    assert settings["post_request"] is server.post_request  # the memory ceiling
    assert settings["preload_app"] is True  # a replacement worker is a fork of the loaded app, not a new import
    assert settings["when_ready"] is server.freeze  # and the app's objects are out of its collections


def test_what_the_master_made_before_the_fork_is_left_out_of_collections() -> None:
    held = [[n] for n in range(1000)]  # containers the collector tracks
    server.freeze(None)
    try:
        assert gc.get_freeze_count() >= len(held)
    finally:
        gc.unfreeze()


def test_own_memory_is_read_from_the_system() -> None:
    held = server.own_memory()
    block = bytearray(64 * 1024 * 1024)  # touched: resident
    try:
        assert server.own_memory() - held >= 60 * 1024 * 1024
    finally:
        del block


def test_a_worker_maps_large_blocks_on_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []

    class Libc:
        def mallopt(self, option: int, value: int) -> int:
            calls.append(("mallopt", (option, value)))
            return 1

        def malloc_trim(self, pad: int) -> int:
            calls.append(("malloc_trim", pad))
            return 1

    monkeypatch.setattr(server, "glibc", Libc)
    monkeypatch.setattr(server.sys, "setswitchinterval", lambda seconds: calls.append(("switch", seconds)))
    server.post_fork(None, Worker())
    server.post_request(Worker(), None, {"REQUEST_METHOD": "POST"}, None)
    assert calls == [("switch", server.SWITCH_INTERVAL), ("mallopt", (-3, 128 * 1024)), ("malloc_trim", 0)]


def test_an_anagram_search_leaves_nothing_for_the_cycle_collector() -> None:
    # Its recursive walk was a closure that referred to itself, so every search's list of words stayed
    # in memory until the cyclic garbage collector ran: a busy server grew by megabytes per heavy request.
    lexicon = SetLexicon(["stone", "notes", "tones", "onset", "seton", "steno", "ones", "note", "tone"])
    gc.collect()
    gc.disable()
    try:
        result = search_anagrams(lexicon, "stone?", 4)
        assert result.found > 0
        assert gc.collect() == 0
    finally:
        gc.enable()
