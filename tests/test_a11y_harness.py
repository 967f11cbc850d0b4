"""The accessibility helpers of tests/a11y.py, checked on small pages served on loopback with the companion
page's own Content-Security-Policy, and axe-core once on the real page.

axe-core comes from ``node_modules/`` (``npm ci``); the axe tests are skipped without it, except in CI. Every
request a page makes is checked to go to the loopback server: nothing comes from the network.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from novelty.api import create_app
from novelty.api.page import POLICY
from tests import a11y
from tests.a11y import Loopback, axe_violations, describe, inject_axe, small_targets, tab_stops, tabs_between

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = a11y.chromium()

CSS = """
body { font: 16px sans-serif; color: #111; background: #fff; }
.faint { color: #c8c8c8; }
button, a, input { box-sizing: border-box; margin: 4px; padding: 0; }
.s30 { width: 30px; height: 30px; }
.s48 { width: 48px; height: 48px; }
.wide { display: inline-block; width: 120px; height: 24px; }
label.big { display: inline-flex; align-items: center; min-width: 48px; min-height: 48px; }
.gone { display: none; }
.skip { position: absolute; left: -999px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
"""


def html(body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>a11y harness</title>'
            f'<link rel="stylesheet" href="/t.css"></head><body><main>{body}</main></body></html>')


PAGES = {
    "/clean": html('<h1>Clean</h1><p>Plain text, <a href="/clean">a link</a>.</p>'
                   '<label for="n">Name</label> <input id="n"> <button type="button">Go</button>'),
    "/broken": html('<h1>Broken</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'
                    '<button type="button" class="s48"></button><p class="faint">Hard to read</p>'),
    "/sizes": html('<a class="skip" id="skip" href="#b30">Skip</a><h1>Sizes</h1>'
                   '<button type="button" id="b30" class="s30">S</button>'
                   '<button type="button" id="b48" class="s48">L</button>'
                   '<p>Read <a id="inline" href="/x">the rules</a> first.</p>'
                   '<nav><a id="alone" href="/y">Y</a></nav>'
                   '<label class="big"><input type="checkbox" id="cbig"> Keep</label>'
                   '<label><input type="checkbox" id="csmall">x</label>'
                   '<input type="file" id="fbig" class="sr-only"><label class="big" for="fbig">Import</label>'
                   '<button type="button" id="hidden30" class="s30 gone">H</button>'
                   '<input type="hidden" name="h" value="1">'),
    "/tabs": html('<h1>Tabs</h1>'
                  '<button type="button" id="first">First</button>'
                  '<div role="radiogroup" aria-label="Colour" id="group">'
                  '<button type="button" role="radio" aria-checked="true" tabindex="0">Red</button>'
                  '<button type="button" role="radio" aria-checked="false" tabindex="-1">Green</button>'
                  '<button type="button" role="radio" aria-checked="false" tabindex="-1">Blue</button></div>'
                  '<button type="button" class="gone">Not shown</button>'
                  '<div tabindex="-1">Not a stop</div>'
                  '<a id="more" href="/more">More</a> <input id="last" aria-label="Last">'),
}


def tiny_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
    """Serve PAGES and their style sheet with the companion page's Content-Security-Policy."""
    path = environ.get("PATH_INFO", "/")
    if path == "/t.css":
        body, kind = CSS, "text/css"
    elif path in PAGES:
        body, kind = PAGES[path], "text/html; charset=utf-8"
    else:
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"not found"]
    start_response("200 OK", [("Content-Type", kind), ("Content-Security-Policy", POLICY)])
    return [body.encode()]


@pytest.fixture(scope="module")
def tiny() -> Iterator[Loopback]:
    running = Loopback(tiny_app)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def companion() -> Iterator[Loopback]:
    running = Loopback(create_app())
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def fresh_page(browser: Any, errors: list[str], elsewhere: list[str]) -> tuple[Any, Any]:
    """A desktop-sized page in a fresh context that collects script errors and aborts (and collects) every request
    to anywhere but loopback."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})

    def guard(route: Any) -> None:
        if route.request.url.startswith(("http://127.0.0.1:", "data:")):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.set_default_timeout(15_000)
    return context, tab


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page for the small test pages: a script error, or a request to anywhere but loopback, fails the test."""
    errors: list[str] = []
    elsewhere: list[str] = []
    context, tab = fresh_page(browser, errors, elsewhere)
    yield tab
    context.close()
    assert errors == [], f"script errors on the page: {errors}"
    assert elsewhere == [], f"requests beyond loopback: {elsewhere}"


@pytest.fixture
def companion_page(browser: Any) -> Iterator[Any]:
    """A page for the companion page: a request to anywhere but loopback fails the test; its script errors are
    for tests/test_page.py to find."""
    elsewhere: list[str] = []
    context, tab = fresh_page(browser, [], elsewhere)
    yield tab
    context.close()
    assert elsewhere == [], f"requests beyond loopback: {elsewhere}"


def watch_csp(page: Any) -> None:
    """Start collecting the page's Content-Security-Policy violations afresh (the listener goes in once)."""
    page.evaluate("""() => {
      if (!window.__cspReports) document.addEventListener('securitypolicyviolation',
                                                          e => window.__cspReports.push(e.blockedURI));
      window.__cspReports = [];
    }""")


def csp_reports(page: Any) -> list[str]:
    """What the page's Content-Security-Policy blocked since ``watch_csp``: "inline", "eval" or an address."""
    page.wait_for_timeout(100)  # the events come in a task of their own
    reports: list[str] = page.evaluate("() => window.__cspReports.slice()")
    return reports


def test_axe_runs_under_the_pages_policy_which_stays_in_force(page: Any, tiny: Loopback) -> None:
    response = page.goto(f"{tiny.url}/broken")
    assert response.headers["content-security-policy"] == POLICY
    watch_csp(page)
    # The policy is in force: a script tag (how add_script_tag injects) is refused ...
    with pytest.raises(playwright_api.Error, match="Content Security Policy"):
        page.add_script_tag(content="window.__inline = true")
    assert page.evaluate("() => window.__inline") is None
    assert csp_reports(page) == ["inline"]
    watch_csp(page)

    version = inject_axe(page)
    assert version == "4.14.1"
    violations = axe_violations(page)
    # ... and still is for the page's own code after axe went in over the DevTools protocol: eval from a timer
    # (as the page's code would run it) is refused.
    page.evaluate("""() => new Promise(done => setTimeout(() => {
      try { eval('1'); window.__evalRan = true; } catch (e) { window.__evalRan = String(e.name); }
      done();
    }, 0))""")
    assert page.evaluate("() => window.__evalRan") == "EvalError"
    assert csp_reports(page) == ["eval"]  # that eval, and nothing of axe's

    found = {violation["id"]: violation for violation in violations}
    assert {"image-alt", "button-name", "color-contrast"} <= set(found), describe(violations)
    assert found["image-alt"]["impact"] == "critical"
    assert found["button-name"]["nodes"][0]["target"] == ["button"]
    assert found["color-contrast"]["impact"] == "serious"


def test_impacts_choose_which_violations_come_back(page: Any, tiny: Loopback) -> None:
    page.goto(f"{tiny.url}/broken")
    critical = {violation["id"] for violation in axe_violations(page, impacts=("critical",))}
    assert {"image-alt", "button-name"} <= critical
    assert "color-contrast" not in critical
    assert axe_violations(page, impacts=()) == []


def test_a_clean_page_has_no_violations(page: Any, tiny: Loopback) -> None:
    page.goto(f"{tiny.url}/clean")
    violations = axe_violations(page, impacts=("critical", "serious", "moderate", "minor"))
    assert violations == [], describe(violations)
    assert describe(violations) == "no violations"


def test_without_node_modules_axe_is_skipped_except_in_ci(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setattr(a11y, "AXE", tmp_path / "node_modules/axe-core/axe.min.js")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="npm ci"):
        a11y.axe_source()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(RuntimeError, match="npm ci"):
        a11y.axe_source()


def test_describe_names_rule_impact_count_targets_and_first_summary() -> None:
    nodes = [{"target": [f"#b{i}"], "html": "<button>", "failureSummary": f"Fix any of the following:\n  {i}"}
             for i in range(5)]
    text = describe([{"id": "button-name", "impact": "critical", "nodes": nodes}])
    assert text.splitlines() == ["button-name [critical] on 5 node(s): #b0, #b1, #b2 (+2 more)",
                                 "    Fix any of the following:", "    0"]


def test_small_targets_lists_what_is_under_the_minimum(page: Any, tiny: Loopback) -> None:
    page.goto(f"{tiny.url}/sizes")
    small = small_targets(page)
    text = "\n".join(small)
    assert any(line.startswith('button#b30 "S" 30×30') for line in small), text
    assert "#b48" not in text
    assert "#inline" not in text  # a link in running text is exempt
    assert "a#alone" in text  # a link on its own is not
    assert "#cbig" not in text  # its label is the target, and it is big enough
    assert "input#csmall[checkbox]" in text
    assert "#fbig" not in text  # a visually hidden file input: its label is the target
    assert "#hidden30" not in text and "[hidden]" not in text
    assert "#skip" not in text  # off the page until it has focus
    assert not any("#b48" in line for line in small_targets(page, minimum=48))
    assert any("#b48" in line for line in small_targets(page, minimum=49))


def test_tab_stops_press_tab_from_the_top(page: Any, tiny: Loopback) -> None:
    page.goto(f"{tiny.url}/tabs")
    page.focus("#more")  # wherever focus is, the walk starts at the top
    stops = tab_stops(page)
    assert stops == ['button#first "First"', 'button[role=radio] "Red"', 'a#more "More"', 'input#last[text] "Last"']
    assert page.evaluate("() => document.body.hasAttribute('tabindex')") is False
    assert tabs_between(page, "#first", "#last") == 3
    assert tabs_between(page, "#group", "#more") == 1  # the roving group is one stop
    assert tabs_between(page, "#last", "#first") == -3
    with pytest.raises(ValueError, match="never reaches"):
        tabs_between(page, "#first", "[tabindex='-1']:not([role])")
    with pytest.raises(ValueError, match="no element"):
        tabs_between(page, "#first", "#nowhere")


def test_axe_runs_on_the_companion_page(companion_page: Any, companion: Loopback) -> None:
    """Only that axe runs there, under the page's real policy, and answers: what it finds is for the page's own
    tests to judge (tests/test_page.py), so this waits for no more than the page's load event."""
    response = companion_page.goto(f"{companion.url}/")
    assert response.headers["content-security-policy"] == POLICY
    violations = axe_violations(companion_page, impacts=("critical", "serious", "moderate", "minor"))
    assert isinstance(violations, list)
    assert all({"id", "impact", "nodes"} <= set(violation) for violation in violations)
    print(describe(violations))
