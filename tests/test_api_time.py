"""POST /v1/best: the time limit counts from the request's arrival, and the answer is always a real play."""

from __future__ import annotations

import time

import pytest

from novelty.api.timing import MAX_QUEUED, queued
from novelty.lexicon import open_lexicon

HEAVY = "a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2 doublewild1"


@pytest.mark.parametrize(("stamp", "waited"), [
    (None, 0.0), ("", 0.0), ("t=990.5", 9.5), ("990.5", 9.5), ("t=soon", 0.0),
    ("t=1010", 0.0),                      # from the future: a clock problem, ignored
    (f"t={1000 - MAX_QUEUED - 1}", 0.0),  # queued past any sane wait: ignored
])
def test_a_proxy_stamp_says_how_long_the_request_waited(stamp, waited):
    assert queued(stamp, 1000.0) == pytest.approx(waited)


def test_a_request_that_waited_past_its_limit_still_answers_with_a_real_play(client):
    open_lexicon("twl").step_index()  # built once per cache: a server has it ready before requests come
    response = client.post("/v1/best", json={"hand": HEAVY, "motifs": ["alliteration"], "time_limit": 1},
                           headers={"X-Request-Start": f"t={time.time() - 5:.3f}"})
    assert response.status_code == 200
    data = response.json
    assert data["optimal"] is False and data["plays"][0]["total"] > 0 and data["plays"][0]["words"]
    assert data["bound"] >= data["plays"][0]["total"]
    assert data["stats"]["seconds"] < 0.5  # the solver had only what was left of the limit: a millisecond


def test_the_answer_carries_its_bound(client):
    data = client.post("/v1/best", json={"hand": "s1 t1 o1 n1 e1"}).json
    assert data["optimal"] is True and data["bound"] == data["plays"][0]["total"] == 5
