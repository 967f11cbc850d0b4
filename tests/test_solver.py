"""The best-play solver: exact (held to the brute-force reference), scored by the engine, bounded in time."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from novelty.catalog import load_catalog
from novelty.errors import RuleError
from novelty.lexicon import SetLexicon, open_lexicon
from novelty.play import REPEATS, Play, parse_cards
from novelty.scoring import score_play
from novelty.solver import reference_best, solve

WORDS = ["note", "tone", "stone", "onset", "toad", "dote", "date", "rate", "tear", "star", "rats", "arts",
         "seat", "east", "teas", "dear", "read", "dare", "node", "done", "then", "them", "theme", "there",
         "these", "ease", "tree", "rest", "nest", "sent", "tens", "dent", "tend", "rend", "nerd", "ends",
         "sand", "hand", "than", "oath", "heat", "hate", "thee", "edit", "tide", "diet", "tied", "site",
         "ties", "quiz", "quit", "exit", "text", "next", "jinx", "yeti", "zest", "stye", "eyes", "dyes"]
SMALL = SetLexicon(WORDS)
SCORING_MOTIFS = ["consonance", "assonance", "utopia", "first-letter", "epistolary-novel", "strengths",
                  "lipogram", "hermit", "wild-child", "red-symbolism", "blue-symbolism", "my-name-is",
                  "uncopyrightable", "trilogy", "adventure-duo", "grandiloquent", "unseen-character",
                  "chekhovs-gun", "bookkeeper", "red-pill-blue-pill"]
RESOURCE_MOTIFS = ["choices-choices", "qfwfq", "bookkeeper", "chekhovs-gun", "escaped-from-captivity", "alliteration",
                   "clones", "fight-back-to-back", "my-name-is"]


def kinds_for(letters: str, rng: random.Random) -> list[str]:
    """Return card ids spelling ``letters``, one single-letter card per letter."""
    catalog = load_catalog()
    out = []
    for letter in letters:
        options = [k.id for k in catalog.kinds.values() if k.letters == letter]
        out.append(rng.choice(options))
    return out


@st.composite
def small_deals(draw):  # type: ignore[no-untyped-def]
    """A hand and pool of at most six cards holding one or two small words, and up to two motifs."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    word = rng.choice(WORDS)
    cards = kinds_for(word, rng)
    extra_wild = draw(st.sampled_from([None, None, None, "wild1", "wildvowel1", "wildconsonant2"]))
    if extra_wild:
        cards[rng.randrange(len(cards))] = extra_wild
    while len(cards) < draw(st.integers(4, 6)):
        cards.append(rng.choice(kinds_for("aetsrndoh", rng)))
    rng.shuffle(cards)
    split = draw(st.integers(0, min(2, len(cards))))
    counts = Counter(cards)
    catalog = load_catalog()
    if any(n > catalog.kinds[k].count for k, n in counts.items()):
        cards = list(dict.fromkeys(cards))
        split = min(split, len(cards))
    motifs = draw(st.lists(st.sampled_from(SCORING_MOTIFS), max_size=2, unique=True))
    if extra_wild or len(cards) + sum(REPEATS[m][0] for m in motifs if m in REPEATS) > 6:
        # Bookkeeper and My Name is grant copies too: with a wild or six cards the brute force would try every
        # combination of the copies' words for many minutes
        motifs = [m for m in motifs if m not in REPEATS]
    if draw(st.booleans()) and len(cards) <= 5 and not extra_wild:
        extra = draw(st.sampled_from(RESOURCE_MOTIFS))
        copies = sum(REPEATS[m][0] for m in {*motifs, extra} if m in REPEATS)
        # one of each motif; the brute force stays small (it tries every letter Escaped from Captivity may name,
        # so not with copies as well: 5 cards, My Name is and Escaped took it 46 s)
        escaping = "escaped-from-captivity" in {*motifs, extra}
        if extra not in motifs and len(cards) + copies <= 6 and not (escaping and copies):
            motifs.append(extra)
    return Counter(cards[split:]), Counter(cards[:split]), motifs


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_deals())
def test_solver_matches_the_brute_force_reference(deal):
    hand, pool, motifs = deal
    result = solve(SMALL, hand, pool, motifs)
    assert result.optimal
    assert result.plays[0].total == reference_best(SMALL, hand, pool, motifs)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_deals(), st.lists(st.sampled_from(WORDS), min_size=1, max_size=2))
def test_solver_matches_the_reference_with_opponents(deal, opponent):
    hand, pool, motifs = deal
    motifs = [*motifs[:1], random.Random(len(opponent)).choice(["sesquipedalian", "pangram", "laconic"])]
    result = solve(SMALL, hand, pool, motifs, opponents=[opponent])
    assert result.plays[0].total == reference_best(SMALL, hand, pool, motifs, opponents=[opponent])


@pytest.fixture(scope="module")
def twl():  # type: ignore[no-untyped-def]
    lexicon = open_lexicon("twl")
    lexicon.step_index()  # built once per cache, before any timed search (a server has it ready)
    return lexicon


def test_best_play_of_a_real_hand_is_scored_as_novelty_score_would(twl):
    hand = parse_cards("th2 e4 m1 e1 s1 a1 r1 t1 o1 n1 i1")
    result = solve(twl, hand, parse_cards("l1 d1"), ["assonance", "first-letter"], top=3)
    assert result.optimal and len(result.plays) == 3
    best = result.plays[0]
    again = score_play(Play.parse(best.play.texts), twl, ["assonance", "first-letter"], hand=hand,
                       pool=parse_cards("l1 d1"))
    assert again.total == best.total
    assert [p.total for p in result.plays] == sorted((p.total for p in result.plays), reverse=True)
    assert all(p.total <= best.total for p in result.plays)


def test_a_word_holding_a_shorter_word_double_is_searched_with_its_double(twl):
    """x1: "Double score of a word shorter than this one". COXED holds it and doubles WEND (9 -> 18): 24 in all,
    more than the best play without a double (COZEN 13 + UNWED 10). A bound that forgot the double of the
    word just taken once proved 23 best."""
    hand, pool = parse_cards("en1 x1 z1 c2 d3 w2 e1 o1"), parse_cards("wildconsonant1 c4 u1")
    doubled = score_play(Play.parse(["c2 o1 x1 e1 wildconsonant1=d", "w2 en1 d3"]), twl, ["assonance"], hand=hand,
                         pool=pool)
    assert doubled.total == 24
    result = solve(twl, hand, pool, ["assonance"])
    assert result.optimal and result.plays[0].total == 24


@pytest.mark.parametrize("hand, motifs", [
    ("t3 e1 e3 wild2", ["my-name-is", "red-symbolism"]),
    ("t3 e1 e3 wild2", ["chekhovs-gun", "blue-symbolism"]),
    ("d1 e2 e4 wild4", ["my-name-is", "hermit"]),
])
def test_a_single_minor_copy_may_copy_any_card(hand, motifs):
    """My Name is and Chekhov's Gun repeat one card, worth 0 with no effect: the wild or either E. Which card it
    copies is no limit's business, so the solver keeps one group per word and its best copy (THEE: t3, the red
    wild as H, then a copy for the second E: of the red wild under Red Symbolism)."""
    cards = parse_cards(hand)
    result = solve(SMALL, cards, None, motifs)
    assert result.optimal
    assert result.plays[0].total == reference_best(SMALL, cards, None, motifs)


def copies_laid_out(hand: str, motifs: list[str]) -> list[str]:
    """Return the cards whose My Name is copies the solver lays out, after checking they share one unit."""
    from novelty.scoring import Rules
    from novelty.search import Tables

    tables = Tables(parse_cards(hand), Counter(), motifs, Rules(), None)
    copies = [(f, info) for f, info in zip(tables.faces, tables.info, strict=True) if info.copy_of == "my-name-is"]
    assert len({f["unit"] for f, _ in copies}) == 1
    return [tables.classes[info.cls][0] for _, info in copies]


def test_a_single_minor_copy_is_laid_out_once_for_each_way_it_can_read():
    # a copy of e3 and one of e4 both read as a plain E worth 0: one of them is enough
    assert copies_laid_out("t3 e3 e4 d1", ["my-name-is"]) == ["d1", "e3", "t3"]
    # and a copy of the wild, worth 0, stands for any of them as well when nothing asks whether a card is wild
    assert copies_laid_out("t3 e3 e4 wild2", ["my-name-is"]) == ["wild2"]
    assert copies_laid_out("t3 e3 e4 wild2", ["my-name-is", "hermit"]) == ["e3", "t3", "wild2"]
    # under a colour motif a copy keeps its card's colour: the red wild stands in for the red E only
    assert copies_laid_out("t3 e1 e3 wild2", ["my-name-is", "red-symbolism"]) == ["e3", "t3", "wild2"]


@pytest.mark.parametrize("hand, motifs", [
    ("e1 e3 wildconsonant1 d1", ["chekhovs-gun"]),
    ("e1 e3 wildconsonant1 d1", ["chekhovs-gun", "consonance"]),
    ("e1 e3 wildconsonant1 s1", ["my-name-is", "epistolary-novel"]),
])
def test_a_wild_and_its_copy_reading_alike_are_laid_in_one_order_only(hand, motifs, monkeypatch):
    """A consonant wild worth 0 and its minor copy (worth 0, no effect) read exactly alike: THEE with the wild as T
    and the copy as H is THEE with the copy as T and the wild as H, the same cards to the same score. The walk never
    lays the copy before the wild, so it walks fewer sequences, and the answers stay the brute force's."""
    from novelty.scoring import Rules
    from novelty.search import Tables

    cards = parse_cards(hand)
    tables = Tables(cards, Counter(), motifs, Rules(), None)
    wild = next(f for f, info in zip(tables.faces, tables.info, strict=True)
                if info.copy_of is None and f["wild"] and info.cls >= 0)
    assert tables.faces[wild["later_twin"]]["copy_motif"] >= 0  # the wild's twin is its copy
    twinned = solve(SMALL, cards, None, motifs, top=3)
    monkeypatch.setattr(Tables, "_twins", lambda self: [f.__setitem__("later_twin", -1) for f in self.faces])
    untwinned = solve(SMALL, cards, None, motifs, top=3)
    assert twinned.stats["sequences"] < untwinned.stats["sequences"]
    assert [p.total for p in twinned.plays] == [p.total for p in untwinned.plays]
    assert twinned.plays[0].total == reference_best(SMALL, cards, None, motifs)


def test_runners_up_use_cards_differently(twl):
    result = solve(twl, parse_cards("s1 t1 o1 n1 e1 r1"), None, [], top=4)
    layouts = [tuple(sorted(tuple(sorted(c.id for c in w.cards)) for w in p.play.words)) for p in result.plays]
    assert len(set(layouts)) == len(layouts)


def test_unused_cards_are_listed_and_unseen_character_charges_them():
    result = solve(SMALL, parse_cards("n1 o1 t1 e1 q1"), None, ["unseen-character"])
    best = result.plays[0]
    assert best.unused == ("q1",)
    assert best.total == best.score.words[0].score - 2  # NOTE 4 points, q1 unused: -2


def test_a_hand_with_no_word_plays_nothing():
    result = solve(SMALL, parse_cards("q1 x1 z1"), None, [])
    assert result.optimal and result.plays[0].total == 0 and result.plays[0].play.words == ()


def test_escaped_letter_is_searched_when_not_given():
    # Under Escaped from Captivity the player picks the letter: naming "q" turns q1 into any letter.
    result = solve(SMALL, parse_cards("q1 o1 t1 e1"), None, ["escaped-from-captivity"])
    assert result.plays[0].escaped == "q"
    assert [w.text for w in result.plays[0].play.words] in (["note"], ["tone"], ["dote"])
    assert result.plays[0].play.words[0].cards[0].kind.id == "q1" or "q1=" in str(result.plays[0].play)


def test_time_limit_returns_the_best_found_and_says_it_is_not_proved(twl):
    hand = parse_cards("a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2 doublewild1")
    result = solve(twl, hand, None, ["alliteration"], time_limit=0.05)
    assert result.optimal is False
    best = result.plays[0]
    assert best.total > 0 and best.play.words  # a real play, found before the limit, never the empty play
    assert result.bound is not None and result.bound >= best.total  # and a score no play can beat


def test_a_work_limit_cuts_the_search_the_same_way_every_time(twl):
    # A work limit counts search steps, not seconds: a search too big for it stops with the same play and bound
    # however busy the machine (decision help samples thousands of hands this way).
    hand = parse_cards("a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2 doublewild1")
    first, again = (solve(twl, hand, None, ["alliteration"], work=150_000) for _ in range(2))
    assert first.optimal is False and first.plays[0].total > 0
    assert [p.play.texts for p in first.plays] == [p.play.texts for p in again.plays]
    assert first.bound == again.bound >= first.plays[0].total
    small = solve(twl, parse_cards("q1 u1 i1 t1"), None, [], work=150_000)
    assert small.optimal and small.plays[0].play.texts == ["q1 u1 i1 t1"]  # room enough: proved as usual
    for bad in (0, -5, True, 2.5):
        with pytest.raises(RuleError, match="work limit"):
            solve(twl, hand, None, [], work=bad)  # type: ignore[arg-type]


def test_progress_reports_the_best_so_far_and_a_bound_while_searching(twl):
    hand = parse_cards("a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2 doublewild1")
    seen = []
    result = solve(twl, hand, None, ["alliteration", "clones"], time_limit=0.9,
                   progress=lambda best, bound, seconds: seen.append((best, bound, seconds)))
    assert seen and all(seconds >= 0.5 for _, _, seconds in seen)
    assert all(best is None or best <= bound for best, bound, _ in seen)
    assert seen[-1][0] is not None and seen[-1][0] <= result.plays[0].total


@pytest.mark.parametrize(("hand", "top", "limit", "message"), [
    (Counter({"a1": 3}), 1, None, "the deck has 2 of a1"),
    (Counter({"a1": 1}), 0, None, "top must be at least 1"),
    (Counter({"a1": 1}), 1, 0, "time limit must be a positive"),
])
def test_runaway_searches_are_refused(hand, top, limit, message):
    with pytest.raises(RuleError, match=message):
        solve(SMALL, hand, None, [], top=top, time_limit=limit)


def test_more_than_forty_cards_are_refused():
    catalog = load_catalog()
    hand = Counter({k: v.count for k, v in list(catalog.kinds.items())[:30]})
    with pytest.raises(RuleError, match="at most 40"):
        solve(SMALL, hand, None, [])


def test_cli_best_prints_the_best_play_and_json(runner):
    from novelty.cli.main import main
    result = runner.invoke(main, ["best", "--hand", "s1 t1 o1 n1 e1", "--top", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["optimal"] is True
    # every anagram of the five cards scores 5 (one point each); the word is one of them
    assert data["plays"][0]["total"] == 5
    assert sorted(data["plays"][0]["words"][0]["word"]) == sorted("STONE")
    assert set(data["plays"][0]) >= {"total", "words", "unused"}
    text = runner.invoke(main, ["best", "--hand", "s1 t1 o1 n1 e1"])
    assert text.exit_code == 0 and "best possible" in text.output


def test_cli_best_refuses_bad_input(runner):
    from novelty.cli.main import main
    result = runner.invoke(main, ["best", "--hand", "zz9"])
    assert result.exit_code == 2 and "unknown card id" in result.output
    result = runner.invoke(main, ["best", "--hand", "a1", "--time-limit", "-1"])
    assert result.exit_code == 2 and "--time-limit" in result.output
    result = runner.invoke(main, ["best", "--hand", "a1", "--opponent", "ok,n0t"])
    assert result.exit_code == 2 and "not a word of letters: 'n0t'" in result.output


def test_cli_best_says_what_bounds_an_unproved_answer(runner):
    from novelty.cli.main import main
    result = runner.invoke(main, ["best", "--hand", "a1 e1 i1 o1 r1 s1 t1 n1 l1 d1 wild1 wild2 doublewild1",
                                  "--motif", "alliteration", "--time-limit", "0.05", "--top", "1"])
    assert result.exit_code == 0, result.output
    assert "not proved best: no play scores more than" in result.output


def test_progress_line_reads_like_a_sentence():
    from novelty.cli.best import progress_line
    assert progress_line(None, 900, 0.5) == "searching: no play yet, no play beats 900, 0.5 s"
    assert progress_line(42, 900, 1.25) == "searching: best so far 42, no play beats 900, 1.2 s"


def test_api_best_answers_and_refuses_runaway_requests(client):
    ok = client.post("/v1/best", json={"hand": "s1 t1 o1 n1 e1", "top": 1})
    assert ok.status_code == 200 and ok.json["optimal"] is True and ok.json["plays"][0]["total"] == 5
    catalog = load_catalog()
    big = [k for k, v in catalog.kinds.items() for _ in range(v.count)][:41]
    for body, word in [({"hand": big}, "at most 40"), ({"hand": "a1", "time_limit": 3600}, "time_limit"),
                       ({"hand": "a1", "top": 0}, "top"), ({"hand": "qq"}, "unknown card id")]:
        response = client.post("/v1/best", json=body)
        assert response.status_code == 400, body
        assert word in response.get_data(as_text=True)


def test_a_step_index_pointing_outside_itself_is_refused_every_time(twl):
    """The walk checks each step it takes, so a broken index (a damaged cache file) is refused, not read past."""
    from array import array

    from novelty.limits import Limit
    from novelty.scoring import Rules
    from novelty.search import Tables, list_words

    steps = twl.step_index()
    tables = Tables(Counter(parse_cards("th2 e4 m1 e1 s1")), Counter(), [], Rules(), None)
    for broken in ("", "them"):  # the root, and a step deep in a word the hand spells
        mask, first = array("I", steps.mask), array("I", steps.first)
        first[steps.walk(broken)] = len(first) + 5
        for _ in range(2):
            with pytest.raises(ValueError, match="points outside itself"):
                tables.run(type(steps)(mask, first), False, [], 1, Limit())
        th_e_e_m_s = array("i", [0, 19, 7, 1, 0, 4, -1, 2, 0, 12, -1, 1, 0, 18, -1, 1])  # the benchmark's listing
        with pytest.raises(ValueError, match="points outside itself"):
            list_words(type(steps)(mask, first), th_e_e_m_s)
        assert list_words(steps, th_e_e_m_s)[1]
    assert tables.run(steps, False, [], 1, Limit()).walk_done  # the real one
    assert tables.run(steps, False, [], 1, Limit()).walk_done


def test_a_group_holds_words_of_one_length():
    """My Name is lays its minor copies out as one unit: a copy of a Double Wild spells two letters, a copy of a letter
    card one. A group of both lengths kept the first one's, and the play-level rules read it: x1 (doubles a shorter
    word) doubled GEEKSPEAKS beside PRETEXTING, both ten letters (the core said 75, the engine 52: refused)."""
    cards = ["x1", "n2", "wildvowel2", "v3", "wild1", "doublewild1", "ee2", "g3", "k2", "p3", "te1", "g2", "re2", "i3",
             "t2", "k1", "t4", "m5"]
    result = solve(open_lexicon("sowpods"), Counter(cards), motifs=["my-name-is", "consonance"], work=20_000)
    assert result.plays[0].total >= 52 and result.optimal is False  # re-scored by the engine, and equal
