"""Limits kept on extreme but valid input (issue 26): an answer within its time limit + 10 % (or + 50 ms), and a
search whose memory stays capped; either way an honest answer: the best play found, unproved, with a bound that holds.
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import time
from collections import Counter
from functools import cache

import pytest

from novelty.catalog import load_catalog
from novelty.cli.main import main
from novelty.lexicon import SetLexicon, open_lexicon, resolve
from novelty.scoring import Rules
from novelty.search import Tables
from novelty.solver import Solution, reference_best, solve
from tests.test_solver import SMALL

CLI_HAND = ("r5 g5 ti1 e2 er1 z2 a1 b3 u2 n2 w4 z1 o2 h4 u3 d6 g3 ed1 wildconsonant2 ed2 en2 s4 r3 a3 i2 e3 t1 m4 a4 "
            "s3 f4 e1 d2 te1")
"""The hand of the report: 34 cards, one wild; its walk finds some 800,000 groups a second."""

WILDS = ("doublewild1 doublewild1 wild1 wild1 wild2 wild2 wild3 wild3 wild4 wild4 wildconsonant1 wildconsonant1 "
         "wildconsonant2 wildconsonant2 wildconsonant3 wildconsonant3 wildvowel1 wildvowel1 wildvowel2 wildvowel2 "
         "wildvowel3 wildvowel3")
"""Every wild of the deck: 22 cards."""

FORTY = f"{WILDS} e1 e1 e2 a1 a2 o1 i1 s1 s2 t1 r1 n1 l1 d1 er1 th2 ed1 u1"
"""40 cards, the most a search takes: the 22 wilds and 18 common letters."""

HARD_MOTIFS = ["alliteration", "clones", "bookkeeper", "chekhovs-gun", "my-name-is", "choices-choices", "qfwfq",
               "wild-child", "grandiloquent", "escaped-from-captivity"]
"""Ten motifs that make the search hard: every repeat motif that keeps a card's score (their copies multiply the
ways of taking a word's cards), two minor copies, both free wilds, a wild bonus, a play-level award, and Escaped from
Captivity (a search per letter)."""


def kept(limit: float, took: float) -> bool:
    """Return whether an answer taking ``took`` seconds kept a ``limit``: within 10 %, or 50 ms, whichever is more."""
    return took <= limit + max(0.1 * limit, 0.05)


def ready(name: str) -> None:
    """Build a word list's step index (once per cache) and collect the garbage earlier tests left, before a search is
    timed: a full collection after the hypothesis tests takes 150 ms, no part of the search."""
    open_lexicon(name).step_index()
    gc.collect()


def test_the_forty_card_hand_is_what_the_report_describes():
    hand = Counter(FORTY.split())
    assert sum(hand.values()) == 40 and len(HARD_MOTIFS) == 10
    assert sum(n for k, n in hand.items() if k.startswith(("wild", "doublewild"))) == 22


def test_the_cli_reproducer_answers_within_its_one_second_limit(runner):
    ready("twl")
    started = time.perf_counter()
    result = runner.invoke(main, ["best", "--hand", CLI_HAND, "--time-limit", "1", "--json"])
    took = time.perf_counter() - started
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert kept(1.0, took), took  # it took 1.36-1.59 s: the packing ran on past the limit
    top = data["plays"][0]
    assert data["optimal"] is False and top["words"] and data["bound"] >= top["total"] > 0


def test_forty_cards_twenty_two_wilds_ten_motifs_keep_the_api_limit(client):
    ready("sowpods")
    body = {"hand": FORTY, "motifs": HARD_MOTIFS, "dict": "sowpods", "time_limit": 2}
    started = time.perf_counter()
    response = client.post("/v1/best", json=body)
    took = time.perf_counter() - started
    assert response.status_code == 200, response.json
    data = response.json
    assert kept(2.0, took), (took, data["stats"])  # 2.58 s before; at 30 s, 44.5 s
    top = data["plays"][0]
    assert data["optimal"] is False and top["words"] and data["bound"] >= top["total"] > 0


@pytest.mark.parametrize("limit", [0.02, 0.3])
def test_short_limits_are_kept_and_still_answer_with_a_real_play(limit):
    ready("twl")
    lexicon = open_lexicon("twl")
    started = time.perf_counter()
    result = solve(lexicon, Counter(CLI_HAND.split()), time_limit=limit)
    took = time.perf_counter() - started
    assert kept(limit, took), (took, result.stats)
    assert result.plays[0].play.words and result.bound is not None and result.bound >= result.plays[0].total


def test_the_forty_card_search_keeps_its_memory_capped():
    """Peak RSS of a process answering the 40-card request with 3 s, counted from the search's start (the peak is
    reset once the word list is loaded: a process that builds its step index first peaks higher). The packing took
    2.2 GB in 30 s before (a million options and more); now its groups, options and states are capped (30 s: 113-200
    MB for the whole process)."""
    ready("sowpods")
    script = (
        "import json, sys\n"
        "from collections import Counter\n"
        "from novelty.lexicon import open_lexicon\n"
        "from novelty.solver import solve\n"
        "lexicon = open_lexicon('sowpods')\n"
        "lexicon.step_index()\n"
        "def peak():\n"
        "    with open('/proc/self/status') as f:\n"
        "        return next(int(line.split()[1]) for line in f if line.startswith('VmHWM')) / 1024\n"
        "loaded = peak()\n"
        "with open('/proc/self/clear_refs', 'w') as f:\n"
        "    f.write('5')  # the peak starts again from what the process holds now\n"
        f"result = solve(lexicon, Counter({FORTY!r}.split()), motifs={HARD_MOTIFS!r}, time_limit=3)\n"
        "print(json.dumps({'loaded_mib': loaded, 'search_peak_mib': peak(), 'optimal': result.optimal,\n"
        "                  'stats': result.stats}))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    data = json.loads(done.stdout)
    assert data["optimal"] is False
    assert data["search_peak_mib"] < 250, data  # about 40 MB of it is Python, the catalog and the word list's index


@cache
def reference(hand: str, motifs: tuple[str, ...]) -> int:
    return reference_best(SMALL, Counter(hand.split()), motifs=motifs)


CAPS = {"group_limit": (2, 10**6, 10**6, 65_536), "option_limit": (10**6, 2, 10**6, 65_536),
        "state_limit": (10**6, 10**6, 1, 65_536)}


@pytest.mark.parametrize(("hand", "motifs"), [("s1 t1 o1 n1 e1", ("alliteration",)), ("t1 e1 a1 r1 s1 wild1", ())])
@pytest.mark.parametrize("cap", sorted(CAPS))
def test_a_search_meeting_a_cap_answers_unproved_with_a_bound_that_holds(hand, motifs, cap):
    best = reference(hand, motifs)
    assert solve(SMALL, Counter(hand.split()), motifs=motifs).plays[0].total == best  # the caps are far away
    result = solve(SMALL, Counter(hand.split()), motifs=motifs, limits=CAPS[cap])
    assert result.stats[cap] == 1 and result.optimal is False
    assert result.bound is not None and result.bound >= best >= result.plays[0].total  # the play is real (re-scored)


def test_an_unprovable_packing_takes_only_the_best_groups():
    hand = Counter(["t1", "e1", "a1", "r1", "s1", "wild1"])
    result = solve(SMALL, hand, limits=(3, 10**6, 10**6, 1))  # the walk stops at 3 groups; the packing takes 1
    assert result.stats["group_limit"] == 1 and result.stats["kept"] <= 1 and result.optimal is False
    assert result.bound is not None and result.bound >= reference("t1 e1 a1 r1 s1 wild1", ())


@pytest.mark.parametrize("seed", range(3))
def test_an_unprovable_packing_keeps_the_short_words_of_printed_cards_beside_its_best_groups(seed):
    """Packing only its 5 best groups by worth, a search would answer a big word or two and leave cards a short
    word could take; every class's best words of printed cards alone are packed too, so it answers what packing
    every group found answers."""
    rng = random.Random(seed)
    hand = Counter(rng.sample([k.id for k in load_catalog().kinds.values() if k.wild is None for _ in range(k.count)],
                              14))
    every = solve(open_lexicon("twl"), hand, limits=(150, 10**6, 10**6, 65_536))  # the walk stops at 150 groups
    best = solve(open_lexicon("twl"), hand, limits=(150, 10**6, 10**6, 5))
    assert every.stats["group_limit"] == 1 and best.stats["group_limit"] == 1
    assert best.plays[0].total == every.plays[0].total


def test_a_search_cut_short_finds_the_play_where_a_short_word_is_doubled():
    """x1 doubles the score of a shorter word: HOAXING (x1) doubles PAJAMA, the Alliteration's two a4 copies in it,
    for 97. Alone the word holding the double is worth little, so greedy plays by worth and the local search from them
    miss it when the search is cut short (79 at this work limit); plays built round each good word and the best longer
    words holding a double that fit beside it find it."""
    hand = Counter(["a1", "a4", "f4", "g4", "h3", "i1", "j2", "k1", "m1", "o1", "p1", "q1", "wild2", "x1"])
    exact = solve(open_lexicon("twl"), hand, motifs=["alliteration"])
    cut = solve(open_lexicon("twl"), hand, motifs=["alliteration"], work=300_000)
    assert exact.optimal and exact.plays[0].total == 97 and exact.plays[0].score.doubled_by[1] == ("x1",)
    assert cut.optimal is False and cut.plays[0].total == 97
    assert sorted(word.text for word in cut.plays[0].play.words) == ["hoaxing", "pajama"]


DOUBLING_HAND = ("er1 r5 wildvowel3 u3 doublewild1 p1 wildvowel2 i1 i1 re1 h2 b3 g5 es2 wild3 x1", "f2 ti2 o3 a1",
                 ["alliteration", "clones", "red-eyes-blue-eyes"])
"""The benchmark's big hand 2: x1, repeated by Alliteration and Clones, may double one shorter word four times."""


def doubled_at_three_seconds(deal: tuple[str, str, list[str]]) -> Solution:
    """The best play a 3 s search of a big hand (hand, pool, motifs) finds, TWL."""
    hand, pool, motifs = deal
    return solve(open_lexicon("twl"), Counter(hand.split()), Counter(pool.split()), motifs, time_limit=3.0).plays[0]


def test_a_big_hand_under_a_clock_finds_the_words_holding_two_doubles():
    """A word holding two x's (XEROXES, EXECUTRIXES) is worth little alone, so the walks by value do not reach it in
    seconds, and plays built round a good word took the doublers worth most first: 250 at 3 s, HUBBUB doubled twice
    (271) at 10 s. The walk for the words holding two doubles, then one, finds them, and the doublers adding most to
    each good word go first: two x's in one word, doubling a word worth 80 or more."""
    play = doubled_at_three_seconds(DOUBLING_HAND)
    assert play.total >= 300
    assert any(len(word.shorter_doublers) >= 2 for word in play.score.words)


def test_a_big_hand_under_a_clock_holds_its_doubles_in_words_whose_cards_are_worth_least_elsewhere():
    """Ranked by worth, the words holding x's that came first were EXECUTRIXES-like words taking r5, u3 and es2, the
    cards the rest of the play is worth most with: 334 at 2 s and at 60 s. Ranked by their worth less what their cards
    could earn in other words, two XEROXes of wilds and x's hold the four doubles: BOOB doubled four times beside
    PUGH, FIRER and TIES, 364 at 3 s."""
    play = doubled_at_three_seconds(DOUBLING_HAND)
    assert play.total >= 350
    assert max(len(doubled) for doubled in play.score.doubled_by) == 4


XEROX_HAND = ("c2 f4 nd2 wildconsonant1 q2 wild2 m4 t3 wild1 th2 x1 doublewild1 o3 x2 m3 h5", "p1 ed1 ou1 i4",
              ["alliteration", "clones", "trilogy"])
"""A held-out big hand (seed 28): x1, repeated by Alliteration twice and by Clones, may double one shorter word four
times, but only a word of two x's holds two of them, and the shortest, XEROX, takes three or four wilds."""


def test_a_big_hand_under_a_clock_puts_its_doubles_in_the_shortest_words_holding_most():
    """The doublers adding most to a good word alone are long words holding one x (worth some points each), so plays
    built round a good word took them first and spent the x's one to a word: 134 at 2 s, PFFT doubled once. Taking
    the words holding most doubles, shortest first, puts the four x's in two words of five or six letters, doubling a
    word four times (293 at 30 s); or, better (346 at 3 s on a machine half as fast), two of them in SAXITOXINS,
    doubling POUF twice beside EXCHEQUER."""
    play = doubled_at_three_seconds(XEROX_HAND)
    assert play.total >= 280
    assert max(len(doubled) for doubled in play.score.doubled_by) >= 2


VOWEL_V_HAND = ("wild2 wildvowel1 v2 doublewild1 e2 e3 ng2 v1 v3 i1 h2 p2 o2 wildconsonant3 s2 ti2", "c2 ti1 y1 r5",
                ["alliteration", "clones", "chekhovs-gun"])
"""A held-out big hand (seed 21): v2 adds a point per letter of its word and v3 triples the card to its left, each up
to three times with the copies; every long word holding v's keeps the ceilings up."""


def test_a_big_hand_whose_first_priced_walk_is_slow_still_answers_a_bound_from_prices():
    """The first round of prices walked at its lift until the clock ran out, so no round finished and the answer fell
    back on the bound that ignores the word list (114,696 against a play of 99 at 2 s). The first round now tries
    its lift with part of its time and four times the lift after each try that does not finish (a walk that leaves
    more words, sooner): a bound from prices, far below that one."""
    hand, pool, motifs = VOWEL_V_HAND
    cards, common = Counter(hand.split()), Counter(pool.split())
    lexicon = open_lexicon("twl")
    lexicon.step_index().facts()  # (built once per list and cached: not in this search's 2 s)
    answer = solve(lexicon, cards, common, motifs, time_limit=2.0)
    word_list_free = Tables(cards, common, motifs, Rules(), None).relaxed_bound(False)
    assert answer.bound is not None and answer.bound < word_list_free / 10, (answer.bound, word_list_free)
    assert answer.bound >= answer.plays[0].total


def test_a_search_cut_short_packs_the_cards_of_its_best_plays_words_again_exactly():
    """Packing only its 50 best groups and cut short by its work, a search answers from greedy plays and local search:
    dropping one or two words of the best play and refilling greedily ends at 38 here. Packing the cards freed by
    one, two or three dropped words exactly (branch and bound under the DP's bound) reaches 40, the exact best."""
    hand = Counter(["a1", "d4", "e2", "ed1", "es1", "f1", "i1", "j1", "m1", "s2", "th2", "ti1", "u3", "w2", "wild2"])
    exact = solve(open_lexicon("twl"), hand, motifs=["alliteration"])
    cut = solve(open_lexicon("twl"), hand, motifs=["alliteration"], work=300_000,
                limits=(10**6, 10**6, 10**6, 50))
    assert exact.optimal and exact.plays[0].total == 40
    assert cut.optimal is False and cut.plays[0].total == 40


def test_a_long_search_whose_scout_proves_its_play_answers_with_the_scouts_words():
    """Under a limit of 5 s or more a big hand is first searched with a fifth of the limit (a scout: a longer search
    then never answers worse than a short one would). A scout that proves its play is the answer: its groups and plays
    replace the search's, and the engine scores them again (a play written out from the wrong groups would differ)."""
    hand = Counter(["s1", "t1", "r1", "a1", "n1", "e1", "d1", "l1", "o1", "c1", "i1", "g1", "e1", "m1", "u1", "p1",
                    "wild1"])
    exact = solve(open_lexicon("twl"), hand, top=3)
    scouted = solve(open_lexicon("twl"), hand, time_limit=6.0, top=3)
    assert exact.optimal and scouted.optimal
    assert [p.total for p in scouted.plays] == [p.total for p in exact.plays]


@pytest.mark.parametrize(("decision", "extra"), [
    ("escaped", {}),  # 27 s at its 20 s maximum: every letter's search, and each ran on past its limit
    ("recurring-character", {"next_motifs": HARD_MOTIFS[:9], "next_cards": 30, "samples": 30}),  # 23.5 s of 20
])
def test_decision_help_on_the_forty_card_hand_keeps_its_limit(client, decision, extra):
    ready("sowpods")
    body = {"hand": FORTY, "motifs": HARD_MOTIFS[:9], "dict": "sowpods", "time_limit": 2, **extra}
    started = time.perf_counter()
    response = client.post(f"/v1/advise/{decision}", json=body)
    took = time.perf_counter() - started
    assert response.status_code == 200, response.json
    data = response.json
    assert kept(2.0, took), (took, data["stats"])
    for choice in data["choices"]:  # each choice searched answers with a real play and a bound that holds
        if choice["value"] is not None:
            assert choice["proved"] is False and choice["bound"] >= choice["value"] == choice["play"]["total"]


def test_a_play_found_before_the_walk_ended_is_not_answered_with_a_stale_total():
    """The printed cards' words are walked and packed first; when that walk is cut short, the full walk may spell a
    group of theirs better, and the early play's total is then not what its words (written from their groups' best
    sequences) score: the engine's re-scoring refused it ("internal error: the compiled solver scored ... as 30, the
    engine as 34") when the last packing, reduced to the best group, did not find the same words again. (A work
    limit: the same walk every time.)"""
    lexicon = open_lexicon("twl")
    result = solve(lexicon, Counter(CLI_HAND.split()), top=10, work=400_000, limits=(10**6, 500_000, 10**6, 1))
    assert result.plays[0].play.words and result.optimal is False  # every play re-scored by the engine, and equal


def test_a_lists_first_search_keeps_its_time_limit_for_the_search():
    """The first search of a word list builds its step index (4 s for TWL06 on a fresh install, once: it is cached
    then). That is not the search's time: a twelve-card hand proved in some 20 ms over a quarter of TWL06's words is
    proved with half a second on that list's first use too (its index took a second and a half, and had left the
    search a millisecond)."""
    words = resolve("twl")[2].read_text().split()[::4]
    hand = Counter(["s1", "t1", "o1", "n1", "e1", "a1", "r1", "wild1", "l1", "i1", "d1", "c1"])
    lexicon = SetLexicon(words)
    answer = solve(lexicon, hand, time_limit=0.5)
    assert answer.optimal, (answer.plays[0].total, answer.bound, answer.stats["seconds"])  # (seconds: with the index)
    assert answer.plays[0].total == solve(lexicon, hand).plays[0].total
