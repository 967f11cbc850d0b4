"""The page's printed names (api/static/names.js) and result views (results.js), tested by node's own runner.

The JavaScript tests (tests/js/*.test.mjs) read tests/js/fixtures/answers.json: the card and motif catalogs and
answers of the real engine (plays scored through the API covering every card effect and every motif that scores,
a round with challenges, a game, an unfinished best-play search). This module checks that file is what the engine
answers today and runs ``node --test tests/js/``. Write the file again after an engine change with::

    python -m tests.test_page_names
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = ROOT / "tests" / "js"
FIXTURE = JS_TESTS / "fixtures" / "answers.json"

#: One word for each printed card effect, the effect acting (found in TWL06 with plain cards around the card).
EFFECT_WORDS = [
    "a4 a3 h1 s3", "a3 b2 a3 s3", "a3 b3 a3 s3", "a3 c4 e3 d1", "a3 c5 e3 d1", "a3 b1 e3 d3", "a3 d4 d1 s3",
    "a3 b1 e3 d5", "a3 d6 d1 s3", "e4 a3 c3 h1", "a3 f2 a3 r3", "a3 l3 e3 f3", "a3 f4 a3 r3", "a3 a3 h1 i3 n3 g3",
    "g4 a3 b1 s3", "a3 g5 a3 r3", "h3 a3 a3 f1", "a3 m3 a3 h4", "a3 a3 h5 s3", "a3 b1 r3 i4", "a3 j2 a3 r3",
    "a3 k2 e3 e3", "a3 k3 e3 e3", "a3 a3 l4 i3 i3", "a3 a3 l5 s3", "a3 a3 l6 s3", "a3 c3 m4 e3", "a3 c3 m5 e3",
    "a3 n4 a3 l3", "a3 b1 o3 s3", "a3 l3 p2 s3", "a3 l3 p3 s3", "a3 q1 u1 a3", "a3 q2 u1 a3", "a3 b1 r4 i3",
    "a3 b1 r5 i3", "a3 l3 s4 o1", "a3 c3 t4 a3", "a3 g1 u3 e3", "a3 r3 v2 o1", "a3 r3 v3 o1", "a3 w3 a3 y1",
    "a3 l3 o1 w4", "a3 p1 e3 x2", "a3 b1 a3 y2 a1", "a3 b1 l3 y3", "a3 b1 y4 e3",
]


def deck_plays(words: list[str]) -> list[list[str]]:
    """Pack the words into as few plays as the deck allows (no kind used more often than it has copies)."""
    from novelty.catalog import load_catalog

    kinds = load_catalog().kinds
    plays: list[tuple[list[str], dict[str, int]]] = []
    for word in words:
        ids = [t.split("=")[0] for t in word.split() if "+" not in t and t.split("=")[0] in kinds]
        for play, used in plays:
            if len(play) < 4 and all(used.get(i, 0) + ids.count(i) <= kinds[i].count for i in set(ids)):
                break
        else:
            play, used = [], {}
            plays.append((play, used))
        play.append(word)
        for i in ids:
            used[i] = used.get(i, 0) + 1
    return [play for play, _ in plays]


#: Plays scored by ``POST /v1/score``: (name, body). Between them every printed card effect acts in some step
#: (tests/js/names.test.mjs checks it) and every motif that changes a word's or a play's score is in play.
SCORES: list[tuple[str, dict[str, Any]]] = [
    *((f"effects-{i + 1}", {"words": words}) for i, words in enumerate(deck_plays(EFFECT_WORDS))),
    ("shorter-word-doubles", {"words": ["z2 o1 n1 e2 s1", "d1 a3 t3 e3", "t1 a1 x1 e1 s3", "m1 a2 t1 e3"]}),
    ("wilds", {"words": ["wild1=s t3 o1 n3 e3", "doublewild1=th e1 n1", "wildvowel1=a n2 d1 s3",
                         "wildconsonant2=p e2 n2 s1"]}),
    ("vowels-and-first-letters", {"words": ["e4 a3 s3 t3", "q1 u2 i3 t1"],
                                  "motifs": ["assonance", "first-letter", "epistolary-novel"]}),
    ("consonance-hermit-wild-child", {"words": ["th2 e4 wild4=m e1", "s3 t2 o2 r3 k3"],
                                      "motifs": ["consonance", "hermit", "wild-child"]}),
    ("colours", {"words": ["r1 e1 d1 s1", "b1 l2 u2 e2"],
                 "motifs": ["red-symbolism", "blue-symbolism", "red-pill-blue-pill", "red-eyes-blue-eyes"]}),
    ("letter-counts", {"words": ["s3 t3 r3 e3 n3 g1 th1 s1", "w1 o1 r1 l1 d1", "o1 b3 o2 e3"],
                       "motifs": ["strengths", "lipogram", "utopia", "uncopyrightable"]}),
    ("repeated-letters", {"words": ["g1 e1 e2 s3 e3", "s1 e1 e1 d1", "th2 e2 m3 e3"],
                          "motifs": ["trilogy", "fight-back-to-back", "adventure-duo", "red-symbolism"]}),
    ("alliteration-copies", {"words": ["k3 o1 o2 k3+alliteration", "k3+alliteration i1 t3 e3"],
                             "motifs": ["alliteration"]}),
    ("clones-copies", {"words": ["s3 e1 e1+clones d1", "t3 o1 o1+clones t1"], "motifs": ["clones", "assonance"]}),
    ("chekhovs-gun-copy", {"words": ["t3 e3 n3 t3+chekhovs-gun"], "motifs": ["chekhovs-gun"]}),
    ("my-name-is-copy", {"words": ["d1 e1 e1+my-name-is d2"], "motifs": ["my-name-is"]}),
    ("bookkeeper-copy", {"words": ["b1 o1 o1+bookkeeper k1"], "motifs": ["bookkeeper"]}),
    ("free-wilds", {"words": ["qfwfq=t e1 n3 s1", "choices-choices=m a1 t3 e3"],
                    "motifs": ["qfwfq", "choices-choices", "wild-child"]}),
    ("grandiloquent", {"words": ["s3 t3 o1 n3 e3", "g1 a1 t1 e1"], "motifs": ["grandiloquent"]}),
    ("unseen-character", {"words": ["k3 o1 t3 o2"], "hand": "k3 o1 t3 o2 a1 e1", "motifs": ["unseen-character"]}),
    ("escaped", {"words": ["t3 a1 e1=x i3", "th2 e2 n3"], "escaped": "e",
                "motifs": ["escaped-from-captivity", "wild-child"]}),
    ("draft-motif-notes", {"words": ["d1 a3 t3 e3"], "motifs": ["chaotic-neutral", "sesquipedalian"]}),
    ("not-playable", {"words": ["x2 q1 z1 v1", "a1 t1"]}),
]

#: A round (``POST /v1/round``): round motifs, a forfeit won by the challenger, a challenger who loses a word.
ROUND: dict[str, Any] = {
    "motifs": ["assonance", "sesquipedalian", "laconic", "pangram"],
    "players": [
        {"name": "Ann", "words": ["th2 e4 wild4=m e1", "z2 o1 n1 e2 s1"]},
        {"name": "Bob", "words": ["d1 a3 t3 e3", "q1 u2 i3 t1", "s3 t2 o2 r3 k3"]},
        {"name": "Cy", "words": ["x2 q2 z1 v1", "j1 o2 k1 e3"]},
    ],
    "challenges": [{"by": "Ann", "player": "Bob", "word": 2}, {"by": "Bob", "player": "Cy", "word": 1}],
}


def game_body() -> dict[str, Any]:
    """The README's example game (examples/game.json), with a fourth round the players tie."""
    body = json.loads((ROOT / "examples" / "game.json").read_text())
    body["rounds"].append({"motifs": ["hermit"], "players": [{"name": "Ann", "words": ["d1 a3 t3 e3"]},
                                                             {"name": "Bob", "words": ["d1 a3 t3 e3"]}]})
    return body


#: A best-play search stopped by its time limit: 26 cards with seven wilds cannot be searched in 0.2 s.
BEST = {"hand": "a1 e1 i1 o1 u1 s1 t1 r1 n1 l1 d1 wild1 wild2 doublewild1 wildvowel1 e2 a2 th2 er1 es1 wild3 "
                "wildconsonant1 o2 i2 s2 wild4", "top": 2, "time_limit": 0.2}


def post(client: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == 200, (path, body, response.get_json())
    return response.get_json()  # type: ignore[no-any-return]


def scored(client: Any) -> dict[str, Any]:
    """The answers that depend only on the engine: catalogs, scored plays, the round and the game."""
    cards = client.get("/v1/cards").get_json()
    motifs = [{k: m[k] for k in ("id", "name", "scope", "effect")} for m in client.get("/v1/motifs").get_json()]
    return {
        "cards": cards, "motifs": motifs,
        "scores": [{"name": name, "body": body, "answer": post(client, "/v1/score", body)} for name, body in SCORES],
        "round": {"body": ROUND, "answer": post(client, "/v1/round", ROUND)},
        "game": {"body": game_body(), "answer": post(client, "/v1/game", game_body())},
    }


def build(client: Any) -> dict[str, Any]:
    """Everything the JavaScript tests read, the unfinished search included (its plays vary from run to run)."""
    data = scored(client)
    best = post(client, "/v1/best", BEST)
    best.pop("stats", None)
    data["best"] = {"body": BEST, "answer": best}
    return data


def test_the_fixture_is_what_the_engine_answers_today(client: Any) -> None:
    saved = json.loads(FIXTURE.read_text())
    fresh = scored(client)
    for key, value in fresh.items():
        assert saved[key] == value, f"{FIXTURE.name} is stale at {key!r}: python -m tests.test_page_names"
    assert saved["best"]["answer"]["optimal"] is False and saved["best"]["answer"]["plays"]
    assert FIXTURE.stat().st_size < 200_000


def node_flags(node: str) -> list[str]:
    """Node's flags for the page's plain ``.js`` ES modules: they load by syntax detection (default in 20.19, 22.7)."""
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    major, minor = (int(part) for part in version.lstrip("v").split(".")[:2])
    if (major, minor) < (20, 10):
        pytest.skip(f"node {version} cannot load the page's modules (20.10 or later can)")
    detects = (major == 20 and minor >= 19) or (major, minor) >= (22, 7)
    return [] if detects else ["--experimental-detect-module"]


def test_node_runs_the_page_tests() -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("the page's JavaScript tests need node (apt-get install nodejs)")
        pytest.skip("no node on this machine")
    tests = sorted(str(p.relative_to(ROOT)) for p in JS_TESTS.glob("*.test.mjs"))
    assert tests, "no tests/js/*.test.mjs"
    run = subprocess.run([node, *node_flags(node), "--test", *tests], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, f"node --test {' '.join(tests)} failed:\n{run.stdout}\n{run.stderr}"


def main() -> None:
    """Write tests/js/fixtures/answers.json from the engine (the API's test client)."""
    from novelty.api import create_app

    data = build(create_app({"TESTING": True}).test_client())
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE.relative_to(ROOT)} ({FIXTURE.stat().st_size:,} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
