"""The table companion page in a real browser: Debian's headless Chromium driven by Playwright, against the app
served on loopback. A player judges words, builds a hand by tapping cards, gets the same best play as
`novelty best --json`, scores a round with a challenge, and reads errors beside the field they concern.

Screenshots go to pytest's temporary directory (never the repository). Chromium is the system's
(`apt-get install chromium`, done by .ci/run); Playwright never downloads a browser of its own.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from novelty.api import create_app
from novelty.cli.main import main

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    if os.environ.get("CI"):
        raise RuntimeError("the browser tests need Debian's chromium package: .ci/run installs it")
    pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}

README_HAND = ["th2", "e4", "m1", "e1", "s1", "a1", "r1", "t1", "o1", "n1", "i1"]
README_POOL = ["l1", "d1"]
HEAVY_HAND = ("a1 e1 i1 o1 u1 s1 t1 r1 n1 l1 d1 wild1 wild2 doublewild1 wildvowel1 e2 a2 th2 er1 es1 wild3 "
              "wildconsonant1 o2 i2 s2 wild4")
"""Twenty-six cards with seven wilds: the search cannot finish in a second (1 point short of its bound then)."""


class Server:
    """The API app served by werkzeug on 127.0.0.1, on a port the system picks, in a thread."""

    def __init__(self) -> None:
        self.server = make_server("127.0.0.1", 0, create_app(), threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def wait_until(page: Any, expression: str, seconds: float = 10.0) -> None:
    """Poll ``expression`` in the page until it is true. (Playwright's wait_for_function evaluates a string with
    eval inside the page once its first try fails, which the page's Content-Security-Policy rightly refuses.)"""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {expression}"
        page.wait_for_timeout(50)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A phone-sized page in a fresh browser context; any script error fails the test."""
    context = browser.new_context(viewport=PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.set_default_timeout(15_000)
    yield tab
    context.close()
    assert errors == [], f"script errors on the page: {errors}"


def open_page(page: Any, server: Server, query: str = "") -> Any:
    page.goto(f"{server.url}/{query}")
    page.wait_for_selector("body[data-ready]")
    return page


def tap(page: Any, picker: str, *card_ids: str) -> None:
    for card in card_ids:
        page.click(f"#{picker} [data-id='{card}']")


def add_motif(page: Any, tab: str, motif: str) -> None:
    page.select_option(f"#{tab} [data-motifs] select", motif)
    page.click(f"#{tab} [data-motifs] button:has-text('Add motif')")


def cli_json(args: list[str]) -> dict[str, Any]:
    from click.testing import CliRunner

    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def shown_play(play: Any) -> list[tuple[str, list[str], str]]:
    """Each word of a play as the page shows it: letters, its cards' tokens, its score."""
    return [(w.locator(".w-text").inner_text(), [c.get_attribute("title") for c in w.locator(".tile").all()],
             w.locator(".w-score").inner_text()) for w in play.locator(".word").all()]


def points(n: int) -> str:
    return f"{n} point{'' if abs(n) == 1 else 's'}"


# -- Judge ------------------------------------------------------------------------------------------------


def test_a_player_judges_quixotic_and_reads_the_verdicts(page: Any, server: Server) -> None:
    open_page(page, server)
    page.fill("#judge-words", "quixotic qi xqzv")
    page.click("#judge-form button[type=submit]")
    verdicts = page.locator("#judge-out .verdict")
    verdicts.first.wait_for()
    assert [v.inner_text().split("\n") for v in verdicts.all()] == [
        ["QUIXOTIC", "✓ Playable"], ["QI", "✗ Not playable", "too short"], ["XQZV", "✗ Not playable", "not in TWL06"]]
    assert "TWL06 · 178,691 words · sha256 ea06931e05aa" in page.inner_text("#judge-out .dictionary")
    assert "w=quixotic+qi+xqzv" in page.url  # the position can be shared


def test_the_word_list_is_chosen_and_named_in_the_answer(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=judge&w=ch")
    page.select_option("#dict", "sowpods")
    page.click("#judge-form button[type=submit]")
    page.wait_for_selector("#judge-out .verdict")
    assert "SOWPODS" in page.inner_text("#judge-out .dictionary")
    assert "dict=sowpods" in page.url


def test_an_api_error_shows_beside_the_field_it_concerns(page: Any, server: Server) -> None:
    open_page(page, server)
    page.fill("#judge-words", "q" * 70)
    page.click("#judge-form button[type=submit]")
    error = page.locator("#judge-words-error")
    error.wait_for()
    assert "at most 64 characters" in error.inner_text()
    assert page.get_attribute("#judge-words", "aria-invalid") == "true"
    assert page.get_attribute("#judge-words", "aria-describedby") == "judge-words-error"


def test_a_challenge_is_settled_by_the_rulebook(page: Any, server: Server) -> None:
    open_page(page, server)
    page.fill("#challenge-word", "xqzv")
    page.fill("#challenge-by", "Ann")
    page.fill("#challenge-player", "Bob")
    page.click("#challenge-form button[type=submit]")
    page.wait_for_selector("#challenge-out .verdict")
    assert "XQZV is not playable: its player scores nothing for it; the challenger gains 5" in page.inner_text(
        "#challenge-out")
    page.fill("#challenge-player", "Ann")  # nobody challenges their own word: said beside the player's name
    page.click("#challenge-form button[type=submit]")
    page.wait_for_selector("#challenge-player-error")
    assert "cannot challenge their own word" in page.inner_text("#challenge-player-error")


# -- Best play --------------------------------------------------------------------------------------------


def test_a_hand_built_by_tapping_gets_the_same_best_play_as_the_cli(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best")
    tap(page, "best-picker", *README_HAND)
    page.check("input[name=best-target][value=pool]")
    tap(page, "best-picker", *README_POOL)
    add_motif(page, "best", "assonance")
    add_motif(page, "best", "first-letter")
    assert page.inner_text("#hand-count") == "11 cards"
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")

    cli = cli_json(["best", "--hand", " ".join(README_HAND), "--pool", " ".join(README_POOL), "--motif", "assonance",
                    "--motif", "first-letter", "--top", "3", "--json"])
    assert cli["optimal"] is True
    plays = page.locator("#best-out .play").all()
    assert len(plays) == len(cli["plays"])
    for shown, expected in zip(plays, cli["plays"], strict=True):
        assert shown_play(shown) == [(w["word"], w["cards"], points(w["score"])) for w in expected["words"]]
        assert points(expected["total"]) in shown.locator("h3").inner_text()
    assert "✓ Proved best" in page.inner_text("#best-out .best-head")
    first_word = page.locator("#best-out .play").first.locator(".word").first
    steps = first_word.locator(".arith li").all_inner_texts()
    assert steps == [s["text"] for s in cli["plays"][0]["words"][0]["breakdown"]]  # the arithmetic, as the CLI's


def test_the_deck_limits_the_cards_and_the_keyboard_can_tap(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best")
    page.fill("#best-picker-search", "a")
    a1 = page.locator("#best-picker [data-id='a1']")
    assert a1.is_visible() and not page.locator("#best-picker [data-id='b1']").is_visible()
    a1.focus()
    for _ in range(3):  # the deck has two a1
        page.keyboard.press("Enter")
    assert page.locator("#hand .tile").count() == 2
    assert a1.get_attribute("aria-disabled") == "true"
    assert "0 of 2 left" in (a1.get_attribute("aria-label") or "")
    page.locator("#hand .tile").first.click()  # tapping a card in the hand puts it back
    assert page.locator("#hand .tile").count() == 1
    assert a1.get_attribute("aria-disabled") == "false"


def test_wilds_choose_nothing_until_the_answer_and_the_url_keeps_the_hand(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best&h=wild4+a1+t1+c1+s1+e1")
    assert [t.inner_text().split("\n")[0] for t in page.locator("#hand .tile").all()] == ["★", "A", "T", "C", "S", "E"]
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    cli = cli_json(["best", "--hand", "wild4 a1 t1 c1 s1 e1", "--json"])
    assert shown_play(page.locator("#best-out .play").first) == [
        (w["word"], w["cards"], points(w["score"])) for w in cli["plays"][0]["words"]]
    unused = page.locator("#best-out .play").first.locator(".unused .tile")
    assert [u.get_attribute("title") for u in unused.all()] == cli["plays"][0]["unused"]


def test_a_long_search_shows_its_progress_and_can_be_cancelled(page: Any, server: Server) -> None:
    open_page(page, server, f"?tab=best&tl=5&h={HEAVY_HAND.replace(' ', '+')}")
    page.click("#best-go")
    status = page.locator("#best-status")
    wait_until(page, "document.querySelector('#best-bar').value > 0")
    assert "of at most 5 s" in status.inner_text()
    page.click("#best-cancel")
    page.wait_for_selector("#best-cancel", state="hidden")
    assert status.inner_text() == "Search cancelled."
    assert page.locator("#best-out .play").count() == 0
    assert page.is_enabled("#best-go")


def test_an_unfinished_search_says_it_is_not_proved_and_gives_the_bound(page: Any, server: Server) -> None:
    open_page(page, server, f"?tab=best&tl=1&top=1&h={HEAVY_HAND.replace(' ', '+')}")
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    head = page.inner_text("#best-out .best-head")
    assert "Best found in the time" in head and "no play can score more than" in head


# -- Scoring ----------------------------------------------------------------------------------------------


def test_a_round_is_scored_with_its_challenge_and_winner(page: Any, server: Server, tmp_path: Path) -> None:
    open_page(page, server, "?tab=score")
    for motif in ("assonance", "sesquipedalian", "laconic"):
        add_motif(page, "score", motif)
    page.fill("#player-0-name", "Ann")
    tap(page, "score-picker", "th2", "e4", "wild4", "e1")
    page.fill("#wild-0-0-2", "m")
    page.click("#players button:has-text('Add a word')")
    tap(page, "score-picker", "z2", "o1", "n1", "e2", "s1")
    page.click("#add-player")
    page.fill("#player-1-name", "Bob")
    tap(page, "score-picker", "d1", "a3", "t3", "e3")
    for word in (["q1", "u2", "i3", "t1"], ["s3", "t2", "o2", "r3", "k3"]):
        page.click("#players [data-player='1'] button:has-text('Add a word')")
        tap(page, "score-picker", *word)
    page.click("#add-challenge")
    page.select_option("#ch-0-by", "Ann")
    page.select_option("#ch-0-player", "Bob")
    page.select_option("#ch-0-word", "2")
    page.click("#score-go")
    page.wait_for_selector("#score-out .play")

    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps({"motifs": ["assonance", "sesquipedalian", "laconic"], "players": [
        {"name": "Ann", "words": ["th2 e4 wild4=m e1", "z2 o1 n1 e2 s1"]},
        {"name": "Bob", "words": ["d1 a3 t3 e3", "q1 u2 i3 t1", "s3 t2 o2 r3 k3"]}],
        "challenges": [{"by": "Ann", "player": "Bob", "word": 2}]}))
    cli = cli_json(["round", str(round_file), "--json"])
    rows = page.locator("#score-out .totals tbody tr").all()
    assert {r.locator("th").inner_text(): int(r.locator("td").inner_text()) for r in rows} == cli["scores"]
    best = max(cli["scores"].values())
    winners = [n for n, s in cli["scores"].items() if s == best]
    assert page.inner_text("#score-out .winner .v-word") == " & ".join(winners)
    assert cli["challenges"][0]["text"] in page.inner_text("#score-out")
    assert "p=Ann%7Cth2+e4+wild4%3Dm+e1%7Cz2+o1+n1+e2+s1" in page.url


def test_a_wild_without_its_letter_is_pointed_out_before_scoring(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=score")
    tap(page, "score-picker", "th2", "e4", "wild4", "e1")
    page.click("#score-go")
    page.wait_for_selector("#player-0-error")
    assert "type the letter the Wild stands for" in page.inner_text("#player-0-error")
    assert page.get_attribute("#wild-0-0-2", "aria-invalid") == "true"
    page.fill("#wild-0-0-2", "m")
    page.click("#score-go")
    page.wait_for_selector("#score-out .play")
    assert page.inner_text("#score-out .w-text") == "THEME"


# -- The page as a whole ----------------------------------------------------------------------------------


def test_every_control_is_labelled_and_nothing_overflows_a_phone(page: Any, server: Server, tmp_path: Path) -> None:
    for tab in ("judge", "best", "score"):
        open_page(page, server, f"?tab=score&p=Ann%7Cth2+e4+wild4&p=Bob%7Cd1&c=Ann%7CBob%7C1&m=hermit&tab={tab}")
        unlabelled = page.evaluate("""() => [...document.querySelectorAll('input, select, textarea, button')]
            .filter(e => e.offsetParent !== null)
            .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
            .map(e => e.outerHTML.slice(0, 80))""")
        assert unlabelled == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(tmp_path / f"phone-{tab}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(tmp_path / "desktop-score.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]


def test_tabs_follow_the_arrow_keys(page: Any, server: Server) -> None:
    open_page(page, server)
    page.focus("#tab-judge")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#tab-best", "aria-selected") == "true"
    assert page.evaluate("document.activeElement.id") == "tab-best"
    assert page.is_visible("#best") and not page.is_visible("#judge")
    assert "tab=best" in page.url


def test_once_loaded_the_page_opens_without_the_server(browser: Any) -> None:
    own = Server()
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_page(page, own, "?tab=best&h=th2+e4")
        wait_until(page, "navigator.serviceWorker.controller !== null")  # installed, and controls the page
        own.stop()
        page.reload()
        page.wait_for_selector("body[data-ready]")  # the page, its scripts and the card catalog came from the cache
        assert page.locator("#hand .tile").count() == 2
        page.click("#tab-judge")
        page.fill("#judge-words", "quixotic")
        page.click("#judge-form button[type=submit]")
        page.wait_for_selector("#judge-words-error")
        assert "server" in page.inner_text("#judge-words-error")
    finally:
        context.close()
        if own.thread.is_alive():
            own.stop()


def test_unseen_character_counts_the_cards_left_in_hand(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=score")
    add_motif(page, "score", "unseen-character")
    tap(page, "score-picker", "k3", "o1", "t3", "o2")
    page.click("#players [data-word='0-u'] .w-target")
    tap(page, "score-picker", "a1")
    page.click("#score-go")
    page.wait_for_selector("#score-out .play")
    cli = cli_json(["score", "k3 o1 t3 o2", "--motif", "unseen-character", "--hand", "k3 o1 t3 o2 a1", "--json"])
    assert cli["adjustments"][0]["points"] == -2
    assert page.inner_text("#score-out .winner .v-word") == points(cli["total"])
    assert "-2 unseen-character: 1 unused hand cards × -2" in page.inner_text("#score-out .adjust")
    assert "%7Ea1" in page.url  # the cards left in hand are part of the shared position
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#players [data-word='0-u'] .tile").count() == 1
