"""The table companion page in a real browser: Debian's headless Chromium driven by Playwright, against the app
served on loopback. A player judges words, builds a hand by tapping cards, gets the same best play as
`novelty best --json`, scores a round with a challenge, and reads errors beside the field they concern.

Screenshots go to pytest's temporary directory (never the repository). Chromium is the system's
(`apt-get install chromium`, done by .ci/run); Playwright never downloads a browser of its own.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from novelty.api import create_app
from novelty.cli.main import main
from tests import a11y

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = a11y.chromium()

PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parent.parent
DESKTOP = {"width": 1280, "height": 900}

README_HAND = ["th2", "e4", "m1", "e1", "s1", "a1", "r1", "t1", "o1", "n1", "i1"]
README_POOL = ["l1", "d1", "c1"]
HEAVY_HAND = ("a1 e1 i1 o1 u1 s1 t1 r1 n1 l1 d1 wild1 wild2 doublewild1 wildvowel1 e2 a2 th2 er1 es1 wild3 "
              "wildconsonant1 o2 i2 s2 wild4")
"""Twenty-six cards with seven wilds: the search cannot finish in a second (1 point short of its bound then)."""


class Server(a11y.Loopback):
    """The API app served by werkzeug on 127.0.0.1, on a port the system picks, in a thread."""

    def __init__(self) -> None:
        super().__init__(create_app())


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


def cli_json(args: list[str]) -> dict[str, Any]:
    from click.testing import CliRunner

    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def shown_play(play: Any) -> list[tuple[str, list[str], str]]:
    """Each word of a play as the page shows it: letters, its cards' tokens, its score."""
    return [(w.locator(".w-text").inner_text(), [c.get_attribute("data-token") for c in w.locator(".tile").all()],
             w.locator(".w-score").inner_text()) for w in play.locator(".word").all()]


def points(n: int) -> str:
    return f"{n} point{'' if abs(n) == 1 else 's'}"


def shots(tmp_path: Path) -> Path:
    """Where screenshots go: ``$NOVELTY_SHOTS`` when set (to look at them), else pytest's temporary directory."""
    where = Path(os.environ.get("NOVELTY_SHOTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


class Taps:
    """A player's hands on the page: every tap and every key press is counted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1

    def keys(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def choose(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.count += 1


def in_view(page: Any, selector: str) -> bool:
    """Whether the element's top is on the screen, below the sticky tab bar and above the action bar."""
    return bool(page.evaluate("""sel => {
        const box = document.querySelector(sel).getBoundingClientRect();
        const bar = document.querySelector('#actions').getBoundingClientRect();
        return box.top >= 0 && box.top < bar.top - 40;
    }""", selector))


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id || document.activeElement.className"))


def add_motif(page: Any, name: str, motif: str) -> None:
    page.select_option(f"#motif-add-{name}", motif)


def no_serious_violations(page: Any, where: str) -> None:
    found = a11y.axe_violations(page)
    assert found == [], f"{where}: {a11y.describe(found)}"


# -- Judge ------------------------------------------------------------------------------------------------


def test_a_player_judges_quixotic_and_the_verdict_comes_to_them(page: Any, server: Server) -> None:
    open_page(page, server)
    page.set_viewport_size(DESKTOP)
    page.fill("#judge-words", "quixotic qi xqzv")
    page.press("#judge-words", "Enter")
    verdicts = page.locator("#judge-out .verdict")
    verdicts.first.wait_for()
    assert [v.inner_text().split("\n") for v in verdicts.all()] == [
        ["QUIXOTIC", "✓ Playable"], ["QI", "✗ Not playable", "too short"], ["XQZV", "✗ Not playable", "not in TWL06"]]
    assert "TWL06 · 178,691 words · sha256 ea06931e05aa" in page.inner_text("#judge-out .dictionary")
    assert "w=quixotic+qi+xqzv" in page.url  # the position can be shared
    assert focused(page) == "judge-out" and in_view(page, "#judge-out")


def test_the_word_list_is_chosen_and_named_in_the_answer(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=judge&w=ch")
    page.select_option("#dict", "sowpods")
    page.click("#actions [form=judge-form]")
    page.wait_for_selector("#judge-out .verdict")
    assert "SOWPODS" in page.inner_text("#judge-out .dictionary")
    assert "dict=sowpods" in page.url


def test_errors_are_in_players_words_beside_their_field_and_go_when_it_changes(page: Any, server: Server) -> None:
    open_page(page, server)
    page.fill("#judge-words", "q" * 70)
    page.press("#judge-words", "Enter")
    error = page.locator("#judge-words-error")
    error.wait_for()
    assert error.inner_text() == "⚠ QQQQQQQQQQQQ… is 70 letters: no word in the list is longer than 64." or \
        "no word in the list is longer than 64" in error.inner_text()
    assert page.get_attribute("#judge-words", "aria-invalid") == "true"
    assert page.get_attribute("#judge-words", "aria-describedby") == "judge-words-error"
    page.type("#judge-words", "x")
    assert not error.is_visible() and page.get_attribute("#judge-words", "aria-invalid") is None
    # An error of one form does not stay while the other is used.
    page.fill("#challenge-word", "quixotic")
    page.fill("#challenge-by", "Ann")
    page.fill("#challenge-player", "Ann")
    page.click("#challenge-form button[type=submit]")
    assert "Ann cannot challenge their own word" in page.inner_text("#challenge-player-error")
    page.fill("#judge-words", "quixotic")
    page.press("#judge-words", "Enter")
    page.wait_for_selector("#judge-out .verdict")
    assert not page.is_visible("#challenge-player-error")


def test_a_challenge_is_settled_by_the_rulebook(page: Any, server: Server) -> None:
    open_page(page, server)
    page.set_viewport_size(DESKTOP)
    page.fill("#challenge-word", "xqzv")
    page.fill("#challenge-by", "Ann")
    page.fill("#challenge-player", "Bob")
    page.click("#challenge-form button[type=submit]")
    page.wait_for_selector("#challenge-out .verdict")
    assert "XQZV is not playable: its player scores nothing for it; the challenger gains 5" in page.inner_text(
        "#challenge-out")
    assert focused(page) == "challenge-out" and in_view(page, "#challenge-out")


# -- Best play --------------------------------------------------------------------------------------------


def test_an_11_plus_3_hand_is_entered_in_15_taps_and_gets_the_cli_best_play(page: Any, server: Server,
                                                                             tmp_path: Path) -> None:
    open_page(page, server, "?tab=best")
    hands = Taps(page)
    for card in README_HAND:  # the card grid is part of the page: one tap a card, wherever it is
        hands.tap(f"#best-picker [data-id='{card}']")
    hands.tap("#best .seg[data-target=pool]")
    for card in README_POOL:
        hands.tap(f"#best-picker [data-id='{card}']")
    assert hands.count <= 15, hands.count
    assert page.inner_text("#hand-count") == "11 cards" and page.inner_text("#pool-count") == "3 cards"
    add_motif(page, "best", "assonance")
    add_motif(page, "best", "first-letter")
    page.screenshot(path=str(shots(tmp_path) / "phone-best-hand.png"))
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    assert focused(page) == "best-out" and in_view(page, "#best-out")
    page.screenshot(path=str(shots(tmp_path) / "phone-best-answer.png"))

    cli = cli_json(["best", "--hand", " ".join(README_HAND), "--pool", " ".join(README_POOL), "--motif", "assonance",
                    "--motif", "first-letter", "--top", "3", "--json"])
    assert cli["optimal"] is True
    plays = page.locator("#best-out .play").all()
    assert len(plays) == len(cli["plays"])
    for shown, expected in zip(plays, cli["plays"], strict=True):
        assert shown_play(shown) == [(w["word"], w["cards"], points(w["score"])) for w in expected["words"]]
        assert points(expected["total"]) in shown.locator("h3").inner_text()
    assert "✓ Proved best" in page.inner_text("#best-out .best-head")


def test_a_hand_typed_as_letters_and_a_card_changed_by_tapping_it(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best")
    keys = Taps(page)
    keys.tap("#hand-type")
    keys.keys("themseartoni")  # each letter a card: the first kind of that letter with a copy left
    tokens = page.eval_on_selector_all("#hand .chosen > .tile", "cards => cards.map(c => c.dataset.token)")
    assert tokens == ["t1", "h1", "e1", "m1", "s1", "e1", "a1", "r1", "t1", "o1", "n1", "i1"]
    keys.tap("#hand .chosen > .tile:nth-child(3)")  # the first E: it offers the other E cards
    options = page.locator("#hand .choices .option")
    assert [o.get_attribute("data-id") for o in options.all()] == ["e2", "e3", "e4"] + [
        o.get_attribute("data-id") for o in options.all()][3:]
    keys.tap("#hand .choices .option[data-id='e4']")
    assert page.get_attribute("#hand .chosen > .tile:nth-child(3)", "data-token") == "e4"
    keys.tap("#hand .chosen > .tile:nth-child(2)")
    assert page.locator("#hand .choices .option[data-id='h2']").count() == 1
    keys.tap("#hand .choices button:has-text('Remove this card')")
    assert page.locator("#hand .chosen > .tile").count() == 11
    page.focus("#hand-type")
    keys.press("Backspace")  # Backspace in the empty box takes the last card back
    assert page.locator("#hand .chosen > .tile").count() == 10
    assert "h=t1+e4+m1" in page.url
    print(f"typed hand: {keys.count} taps and keys for 12 letters, one card changed, one removed, one taken back")


def test_the_deck_limits_the_cards_and_the_card_grid_is_one_tab_stop(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best")
    page.fill("#best-picker-search", "a")
    a1 = page.locator("#best-picker [data-id='a1']")
    assert a1.is_visible() and not page.locator("#best-picker [data-id='b1']").is_visible()
    page.focus("#best-picker-search")
    page.keyboard.press("Tab")  # into the grid: its first card
    assert page.evaluate("document.activeElement.dataset.id") == "a1"
    for _ in range(3):  # the deck has two a1
        page.keyboard.press("Enter")
    assert page.locator("#hand .chosen > .tile").count() == 2
    assert a1.get_attribute("aria-disabled") == "true" and "0 of 2 left" in a1.inner_text()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.id") == "a2"
    page.keyboard.press("Tab")  # out of the grid in one press
    assert page.evaluate("document.activeElement.closest('#best-picker .grid')") is None


def test_a_hand_over_the_deck_from_the_address_is_pointed_out(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best&h=j1+j1+j1")
    assert "The deck has 1 of that card" in page.inner_text("#hand-error")
    assert page.inner_text("#best-picker [data-id='j1'] .t-count") == "0/1"


def test_wilds_stand_for_what_the_answer_says_and_the_url_keeps_the_hand(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best&h=wild4+a1+t1+c1+s1+e1")
    assert [t.inner_text().split("\n")[0] for t in page.locator("#hand .chosen > .tile").all()] == [
        "★", "A", "T", "C", "S", "E"]
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    cli = cli_json(["best", "--hand", "wild4 a1 t1 c1 s1 e1", "--json"])
    assert shown_play(page.locator("#best-out .play").first) == [
        (w["word"], w["cards"], points(w["score"])) for w in cli["plays"][0]["words"]]
    unused = page.locator("#best-out .play").first.locator(".unused .tile")
    assert [u.get_attribute("data-token") for u in unused.all()] == cli["plays"][0]["unused"]


def test_the_arithmetic_names_cards_as_printed(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best&h=th2+e4+m1+e1&m=assonance")
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    steps = page.locator("#best-out .play").first.locator(".arith li").all_inner_texts()
    assert steps and not [s for s in steps if re.search(r"\b(?:[a-z]+\d+|assonance)\b", s)], steps
    assert any("E (+1 if first letter in word)" in s for s in steps), steps
    assert any(s.startswith("Assonance") for s in steps), steps
    effects = page.locator("#best-picker [data-id='e4'] .t-effect").inner_text()
    assert effects and effects != page.locator("#best-picker [data-id='e3']").inner_text()


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


def test_an_unproved_answer_explains_its_bound_and_searches_longer(page: Any, server: Server) -> None:
    open_page(page, server, f"?tab=best&tl=1&top=1&h={HEAVY_HAND.replace(' ', '+')}")
    assert page.input_value("#best-limit") == "1"
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    head = page.inner_text("#best-out")
    assert "ceiling" in head and "not points" in head, head
    assert "scores at most" in head and " more (no play can score more than" in head, head  # the gap, in points
    longer = page.locator("#best-out button:has-text('Search longer')")
    assert "3 s" in longer.inner_text()
    longer.click()
    wait_until(page, "document.querySelector('#best-status').textContent.includes('of at most 3 s')")
    page.wait_for_selector("#best-out .play", timeout=30_000)
    assert "tl=3" in page.url and page.input_value("#best-limit") == "3"


def test_searching_longer_never_shows_a_worse_play_than_the_last_search(page: Any, server: Server) -> None:
    """A longer search cut short may miss a play a shorter one found (here: its answer loses every play and gets a
    higher bound): the page keeps the last search's play, with the lower of the two bounds, and says so."""
    open_page(page, server, f"?tab=best&tl=1&top=1&h={HEAVY_HAND.replace(' ', '+')}")
    with page.expect_response("**/v1/best") as first:
        page.click("#best-go")
    shown = first.value.json()
    page.wait_for_selector("#best-out .play")
    best, bound = shown["plays"][0]["total"], shown["bound"]
    assert not shown["optimal"] and bound > best

    def worse(route: Any) -> None:
        longer = route.fetch().json()
        route.fulfill(json={**longer, "optimal": False, "plays": [], "bound": bound + 7})

    page.route("**/v1/best", worse)
    page.click("#best-out button:has-text('Search longer')")
    wait_until(page, "document.querySelector('#best-status').textContent.includes('of at most 3 s')")
    page.wait_for_selector("#best-out .play", timeout=30_000)
    text = page.inner_text("#best-out")
    assert f"Best play · {best} points" in text, text
    assert f"no play can score more than {bound:,} points" in text, text
    assert "found no better play than the last search’s" in text, text


def test_any_time_limit_the_api_takes_can_be_chosen(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best&tl=3&h=c1+a1+t1+s1")
    assert page.input_value("#best-limit") == "3"  # not a blank menu
    page.fill("#best-limit", "45")
    page.click("#best-go")
    assert "at most 30 seconds" in page.inner_text("#best-limit-error")
    page.fill("#best-limit", "2.5")
    assert not page.is_visible("#best-limit-error")
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    assert "tl=2.5" in page.url


# -- The scoresheet ---------------------------------------------------------------------------------------

GAME = [  # three rounds of three players: (motifs, pool letters, {player: words}, challenges)
    (["assonance"], "cde", {"Ann": ["cads", "time"], "Bob": ["code", "bean"], "Cy": ["dice", "wolf"]}, []),
    (["laconic", "hermit"], "", {"Ann": ["quiz"], "Bob": ["jerk", "plot"], "Cy": ["gravy"]}, [("Ann", "Cy", 1)]),
    ([], "s", {"Ann": ["fish", "host"], "Bob": ["vexs"], "Cy": ["maps", "king"]}, [("Cy", "Bob", 1)]),
]


def name_players(page: Any, names: list[str]) -> None:
    while page.locator("#players li").count() < len(names):
        page.click("#add-player")
    while page.locator("#players li").count() > len(names):
        page.click("#players li:last-child button")
    for i, name in enumerate(names):
        page.fill(f"#player-{i}-name", name)
        page.press(f"#player-{i}-name", "Tab")


def enter_round(page: Any, hands: Taps, number: int, motifs: list[str], pool: str, words: dict[str, list[str]],
                challenges: list[tuple[str, str, int]]) -> None:
    """Enter one round as a scorekeeper would: the round, its motifs, the pool, then each player's words typed,
    Enter after each word and Enter on the empty box to go on to the next player."""
    names = list(words)
    if number > 1:
        hands.tap(f"#round-pick button:nth-child({number})")
    for motif in motifs:
        hands.choose("#motif-add-game", motif)
    if pool:
        hands.tap("#round-pool-type")
        hands.keys(pool)
    hands.tap("#word-0")
    for p, name in enumerate(names):
        for word in words[name]:
            hands.keys(word)
            hands.press("Enter")
        if p < len(names) - 1:
            hands.press("Enter")
    for by, player, number in challenges:
        hands.tap("#add-challenge")
        i = page.locator("#challenges .challenge").count() - 1
        hands.choose(f"#ch-{i}-by", str(names.index(by)))
        hands.choose(f"#ch-{i}-player", str(names.index(player)))
        hands.choose(f"#ch-{i}-word", str(number))


def game_totals(page: Any) -> dict[str, str]:
    """The game's totals as the scoresheet shows them: each player's name and last column."""
    return {row.locator("th").inner_text().split("\n")[0].replace("♛", "").strip(): row.locator("td").last.inner_text()
            for row in page.locator("#game-out table tbody tr").all()}


def test_a_whole_game_is_typed_in_and_its_totals_are_the_clis(page: Any, server: Server, tmp_path: Path) -> None:
    open_page(page, server, "?tab=game")
    name_players(page, ["Ann", "Bob", "Cy"])
    counts = []
    for number, (motifs, pool, words, challenges) in enumerate(GAME, start=1):
        hands = Taps(page)
        enter_round(page, hands, number, motifs, pool, words, challenges)
        hands.tap("#game-go")
        page.wait_for_selector("#game-out table")
        counts.append(hands.count)
        page.screenshot(path=str(shots(tmp_path) / f"phone-game-round-{number}.png"))
    print(f"taps and keys per round (6 words, 3 players, motifs, pool, challenges): {counts}")
    assert counts[0] <= 40, counts
    assert focused(page) == "game-out" and in_view(page, "#game-out")

    with page.expect_download() as download:
        page.click("#game-export")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert [r.get("pool") for r in data["rounds"]] == ["c1 d1 e1", None, "s1"]
    ann = data["rounds"][0]["players"][0]
    assert ann["words"][0] == "c1 a1 d1 s1"  # CADS took C and D from the pool
    assert data["rounds"][0]["players"][1]["words"][0].split()[0] == "c1"  # Bob's CODE used the same pool card
    cli = cli_json(["game", str(exported), "--json"])
    shown = game_totals(page)
    assert shown == {name: str(total) for name, total in cli["totals"].items()}
    assert " & ".join(cli["winners"]) in page.inner_text("#game-out")

    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(shots(tmp_path) / "desktop-game.png"), full_page=True)


def test_the_sheet_survives_a_reload_and_a_closed_tab_and_undoes_changes(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=game")
    name_players(page, ["Ann", "Bob"])
    page.fill("#word-0", "cats")
    page.press("#word-0", "Enter")
    page.fill("#word-1", "dogs")
    page.press("#word-1", "Enter")
    assert page.locator("#round-players .word-row").count() == 2
    page.click("#game-undo")
    assert page.locator("#round-players .word-row").count() == 1
    assert "Undone: Bob played DOGS" in page.inner_text("#game-status")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.input_value("#player-1-name") == "Bob"
    assert page.locator("#round-players .w-text").all_inner_texts() == ["CATS"]
    again = page.context.new_page()  # the tab closed and opened again
    page.close()
    open_page(again, server, "?tab=game")
    assert again.locator("#round-players .w-text").all_inner_texts() == ["CATS"]
    again.close()


def test_a_game_file_is_imported_and_scored_as_novelty_game_scores_it(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=game")
    page.set_input_files("#game-import", str(ROOT / "examples" / "game.json"))
    page.wait_for_selector("#round-players .w-text")
    assert [page.input_value(f"#player-{i}-name") for i in range(2)] == ["Ann", "Bob"]
    page.click("#game-go")
    page.wait_for_selector("#game-out table")
    cli = cli_json(["game", str(ROOT / "examples" / "game.json"), "--json"])
    shown = game_totals(page)
    assert shown == {name: str(total) for name, total in cli["totals"].items()}
    page.set_input_files("#game-import", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{}"}])
    page.wait_for_selector("#game-import-error", state="visible")  # the file is read without blocking the page
    assert "not a game" in page.inner_text("#game-import-error")


def test_a_typed_word_asks_only_when_the_hand_holds_a_choice(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=game")
    name_players(page, ["Ann", "Bob"])
    page.click("#round-players [data-player='0'] summary")
    page.fill("#hand-0-type", "")
    page.locator("#hand-0-type").focus()
    page.keyboard.type("thmez")  # t1 h1 m1 e1 z1: then one E changed to e4 by tapping it
    page.click("#hand-0 .chosen > .tile:nth-child(4)")
    page.click("#hand-0 .choices .option[data-id='e4']")
    page.locator("#hand-0-type").focus()
    page.keyboard.type("e")
    page.fill("#word-0", "theme")
    page.press("#word-0", "Enter")
    question = page.locator("#round-players [data-player='0'] .choices .q")
    assert "Which E did Ann play" in question.inner_text()
    tokens = page.eval_on_selector_all("[data-word='0-0'] .chosen > .tile", "t => t.map(c => c.dataset.token)")
    assert tokens == ["t1", "h1", "e1", "m1", "e4"]  # the page's pick: the hand's E cards in the catalog's order
    page.click("#round-players [data-player='0'] .choices .option[data-id='e4']")  # the answer: E (+1…) came first
    tokens = page.eval_on_selector_all("[data-word='0-0'] .chosen > .tile", "t => t.map(c => c.dataset.token)")
    assert tokens == ["t1", "h1", "e4", "m1", "e1"]  # swapped: the hand holds one of each
    # Bob has no hand typed: his cards come from the deck, nothing is asked
    page.fill("#word-1", "zone")
    page.press("#word-1", "Enter")
    assert page.locator("#round-players [data-player='1'] .choices:not([hidden])").count() == 0
    page.fill("#word-0", "zzzz")  # THEME took all of Ann's hand but a Z: said beside the box, nothing added
    page.press("#word-0", "Enter")
    assert page.inner_text("#word-0-error") == "Ann's hand and the pool have no card left for the 2nd letter, Z."
    assert page.locator("[data-player='0'] .word-row").count() == 1
    page.type("#word-0", "s")
    assert not page.is_visible("#word-0-error")  # gone once the box changes


def test_unseen_character_needs_the_hand_and_counts_what_is_left(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=game")
    name_players(page, ["Ann"])
    add_motif(page, "game", "unseen-character")
    page.fill("#word-0", "koto")
    page.press("#word-0", "Enter")
    page.click("#game-go")
    assert "Unseen Character counts the cards left in hand" in page.inner_text("#hand-0-error")
    page.locator("#hand-0-type").focus()
    page.keyboard.type("kotoa")
    page.click("#game-go")
    page.wait_for_selector("#game-out table")
    hand = page.eval_on_selector_all("#hand-0 .chosen > .tile", "t => t.map(c => c.dataset.token)")
    words = page.eval_on_selector_all("[data-word='0-0'] .chosen > .tile", "t => t.map(c => c.dataset.token)")
    cli = cli_json(["score", " ".join(words), "--motif", "unseen-character", "--hand", " ".join(hand), "--json"])
    assert cli["adjustments"][0]["points"] == -2
    assert game_totals(page) == {"Ann": str(cli["total"])}, page.inner_text("#game-out")


# -- The page as a whole ----------------------------------------------------------------------------------


def test_no_serious_accessibility_problem_on_any_tab_or_answer(page: Any, server: Server, tmp_path: Path) -> None:
    open_page(page, server)
    no_serious_violations(page, "judge")
    page.fill("#judge-words", "quixotic xqzv")
    page.press("#judge-words", "Enter")
    page.wait_for_selector("#judge-out .verdict")
    page.fill("#challenge-word", "xqzv")
    page.click("#challenge-form button[type=submit]")
    page.wait_for_selector("#challenge-out .verdict")
    no_serious_violations(page, "judge answers")
    page.click("#tab-best")
    no_serious_violations(page, "best play")
    open_page(page, server, "?tab=best&h=th2+e4+m1+e1+s1+a1&pl=c1+d1&m=assonance")
    page.click("#hand .chosen > .tile")
    no_serious_violations(page, "a card's choices")
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    no_serious_violations(page, "best play answer")
    page.click("#tab-game")
    name_players(page, ["Ann", "Bob"])
    page.fill("#word-0", "cats")
    page.press("#word-0", "Enter")
    page.fill("#word-1", "dogs")
    page.press("#word-1", "Enter")
    page.click("#add-challenge")
    page.click("#round-players [data-player='0'] summary")
    no_serious_violations(page, "scoresheet")
    page.click("#game-go")
    page.wait_for_selector("#game-out table")
    page.click("#game-out details summary >> nth=0")
    no_serious_violations(page, "scoresheet answer")


def test_touch_targets_are_44_px_and_nothing_overflows_a_phone(page: Any, server: Server, tmp_path: Path) -> None:
    for tab in ("judge", "best", "game"):
        open_page(page, server, f"?tab={tab}&h=th2+e4+wild4&pl=c1")
        if tab == "game":
            page.fill("#word-0", "cats")
            page.press("#word-0", "Enter")
            page.click("#game-cards summary")
        small = a11y.small_targets(page)
        assert small == [], f"{tab}: {small}"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(shots(tmp_path) / f"phone-{tab}.png"), full_page=True)
        page.set_viewport_size(DESKTOP)
        assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
        page.screenshot(path=str(shots(tmp_path) / f"desktop-{tab}.png"))
        page.set_viewport_size(PHONE)


def test_few_tab_stops_between_the_cards_and_the_action(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=best&h=th2+e4")
    between = a11y.tabs_between(page, "#best-picker-search", "#best-go")
    assert between <= 20, between  # the grid of 134 kinds is one stop
    page.focus("#best-go")
    page.click("#best-go")
    page.wait_for_selector("#best-out .play")
    assert focused(page) == "best-out"  # the focus is on the answer, not dropped to the page


def test_the_focused_control_is_never_hidden_under_the_bars(page: Any, server: Server) -> None:
    open_page(page, server, "?tab=game")
    name_players(page, ["Ann", "Bob", "Cy"])
    for selector in ("#word-2", "#add-challenge", "#player-0-name", "#round-pool-type"):
        page.focus(selector)
        assert page.evaluate("""sel => {
            const box = document.querySelector(sel).getBoundingClientRect();
            const tabs = document.querySelector('.tabs').getBoundingClientRect();
            const bar = document.querySelector('#actions').getBoundingClientRect();
            return box.top >= tabs.bottom - 1 && box.bottom <= bar.top + 1;
        }""", selector), selector


def test_tabs_follow_the_arrow_keys_inside_a_navigation_landmark(page: Any, server: Server) -> None:
    open_page(page, server)
    assert page.locator("nav .tabs, nav[aria-label=Tools] [role=tablist]").count() == 1
    page.focus("#tab-judge")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#tab-best", "aria-selected") == "true"
    assert page.evaluate("document.activeElement.id") == "tab-best"
    assert page.is_visible("#best") and not page.is_visible("#judge")
    assert "tab=best" in page.url
    assert page.is_visible("#best-go") and not page.is_visible("#game-go")  # the bar shows the open tab's action


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
        assert page.locator("#hand .chosen > .tile").count() == 2
        page.click("#tab-judge")
        page.fill("#judge-words", "quixotic")
        page.press("#judge-words", "Enter")
        page.wait_for_selector("#judge-words-error")
        assert "server" in page.inner_text("#judge-words-error")
    finally:
        context.close()
        if own.thread.is_alive():
            own.stop()
