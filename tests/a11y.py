"""Accessibility checks for the Playwright page tests: axe-core's rules, target sizes and the Tab order; and what
those tests share: the system's chromium, and a server on loopback.

axe-core comes from npm (``package.json`` pins it; ``npm ci`` puts it in ``node_modules/``) and is read from
there: nothing is fetched from the network at run time. It goes into the live page with ``page.evaluate``,
which Playwright sends over the DevTools protocol. Chromium does not hold code run that way to the page's
Content-Security-Policy (``script-src 'self'``: no inline script, no eval), so axe loads, and compiles its
message templates with ``new Function``, while the policy stays exactly as served: the browser context is
not made with ``bypass_csp``, a ``<script>`` tag (``page.add_script_tag``) is still refused, and the page's
own code (a timer, an event handler) still may not eval. tests/test_a11y_harness.py checks all of that, and
that axe's run sets off no policy violation.

This is a helper module, not a test file: the page tests import it.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules/axe-core/axe.min.js"
TAB_LIMIT = 600
"""Most Tab presses ``tab_stops`` makes before it gives up on focus coming back to the start."""

_DESCRIBE_JS = """
const describe = el => {
  const tag = el.tagName.toLowerCase();
  let text = tag;
  if (el.id) text += '#' + el.id;
  else if (typeof el.className === 'string' && el.className.trim())
    text += '.' + el.className.trim().split(/\\s+/).join('.');
  if (tag === 'input') text += '[' + (el.getAttribute('type') || 'text') + ']';
  const role = el.getAttribute('role');
  if (role) text += '[role=' + role + ']';
  const byIds = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
    .map(id => document.getElementById(id)).filter(Boolean).map(n => n.textContent).join(' ');
  const labels = el.labels ? Array.from(el.labels).map(n => n.textContent).join(' ') : '';
  const name = (el.getAttribute('aria-label') || byIds || labels || el.getAttribute('alt') ||
                (tag === 'input' || tag === 'select' || tag === 'textarea' ? '' : el.textContent) ||
                el.getAttribute('title') || el.getAttribute('placeholder') || '').replace(/\\s+/g, ' ').trim();
  if (name) text += ' "' + (name.length > 40 ? name.slice(0, 39) + '…' : name) + '"';
  return text;
};
"""
"""Inside a page function: ``describe(el)``, an element as ``tag#id.class[type][role=...] "name"``."""


def chromium() -> str:
    """Return the system's chromium; without it fail in CI (.ci/run installs it) and skip the calling module
    elsewhere. Playwright never downloads a browser of its own."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            raise RuntimeError("the browser tests need Debian's chromium package: .ci/run installs it")
        pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)
    return found


@cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def axe_source() -> str:
    """Return axe-core's script; without ``node_modules/`` fail in CI (.ci/run installs it) and skip elsewhere."""
    if not AXE.is_file():
        if os.environ.get("CI"):
            raise RuntimeError("the accessibility checks need axe-core in node_modules/: .ci/run runs `npm ci`")
        pytest.skip("no axe-core in node_modules/ (run `npm ci` in the repository)")
    return _axe_source()


def inject_axe(page: Any) -> str:
    """Put axe-core into the page's main frame, once per document; return its version."""
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(axe_source())
    version: str = page.evaluate("() => window.axe.version")
    return version


def axe_violations(page: Any, impacts: Iterable[str] = ("critical", "serious")) -> list[dict[str, Any]]:
    """Run axe-core's rules on the page as it is now; return the violations of the given impacts.

    Each is ``{"id", "impact", "help", "helpUrl", "tags", "nodes": [{"target", "html", "failureSummary"}]}``.
    """
    inject_axe(page)
    violations: list[dict[str, Any]] = page.evaluate(
        """async (impacts) => {
             const result = await window.axe.run(document, {resultTypes: ['violations']});
             return result.violations.filter(v => impacts.includes(v.impact)).map(v => ({
               id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, tags: v.tags,
               nodes: v.nodes.map(n => ({target: n.target, html: n.html, failureSummary: n.failureSummary})),
             }));
           }""",
        list(impacts),
    )
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    """Describe violations for an assertion message: one paragraph a rule, its first three targets and the first
    node's failure summary."""
    lines = []
    for violation in violations:
        nodes = violation["nodes"]
        targets = ", ".join(" ".join(str(part) for part in node["target"]) for node in nodes[:3])
        more = f" (+{len(nodes) - 3} more)" if len(nodes) > 3 else ""
        lines.append(f"{violation['id']} [{violation['impact']}] on {len(nodes)} node(s): {targets}{more}")
        summary = (nodes[0].get("failureSummary") or "").strip() if nodes else ""
        if summary:
            lines.extend("    " + line.strip() for line in summary.splitlines() if line.strip())
    return "\n".join(lines) if lines else "no violations"


def small_targets(page: Any, minimum: float = 44) -> list[str]:
    """Visible interactive elements whose box is under ``minimum`` CSS px wide or high (WCAG 2.5.5/2.5.8).

    Left out, as WCAG 2.5.8 allows: a link inside running text (an ``a`` whose parent ``p`` or ``li`` has text of
    its own), and a radio button or checkbox whose label is at least ``minimum`` px both ways (the label is then
    the target; likewise a file input, often visually hidden behind its label). So is what lies wholly off the
    page, such as a skip link parked at ``left: -999px`` until it has focus (no pointer reaches it there). Each
    is described as ``tag#id "name" W×H``.
    """
    found: list[str] = page.evaluate(
        """(minimum) => {""" + _DESCRIBE_JS + """
          const selector = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], ' +
                           '[tabindex]:not([tabindex="-1"])';
          const visible = el => el.checkVisibility({visibilityProperty: true, checkVisibilityCSS: true});
          const big = box => box.width >= minimum && box.height >= minimum;
          const inline = el => {
            const parent = el.parentElement;
            if (el.tagName !== 'A' || !parent || !['P', 'LI'].includes(parent.tagName)) return false;
            let text = '';
            for (const node of parent.childNodes) if (node !== el) text += node.textContent;
            return text.trim() !== '';
          };
          const labelled = el => el.tagName === 'INPUT' && ['radio', 'checkbox', 'file'].includes(el.type) &&
            Array.from(el.labels || []).some(label => visible(label) && big(label.getBoundingClientRect()));
          const out = [];
          for (const el of document.querySelectorAll(selector)) {
            if (!visible(el) || inline(el) || labelled(el)) continue;
            const box = el.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;
            if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) continue;  // off the page
            if (!big(box)) out.push(describe(el) + ' ' + Math.round(box.width * 10) / 10 + '×' +
                                    Math.round(box.height * 10) / 10);
          }
          return out;
        }""",
        minimum,
    )
    return found


def _walk_tabs(page: Any) -> list[str]:
    """Press Tab from the top of the document until focus leaves the document (it is on the body then) or comes
    back to an element it has been on (the first stop, or the start of a focus trap; an iframe is one stop). The
    stops stay in the page (``window.__a11yTabStops``) for ``tabs_between``."""
    page.evaluate("""() => {
      window.__a11yTabStops = [];
      // Start sequential focus navigation at the top: focus the body for a moment (it takes focus only with a
      // tabindex), then put the attribute back as it was.
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
      const had = document.body.getAttribute('tabindex');
      document.body.setAttribute('tabindex', '-1');
      document.body.focus({preventScroll: true});
      if (had === null) document.body.removeAttribute('tabindex'); else document.body.setAttribute('tabindex', had);
    }""")
    stops: list[str] = []
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        step: str | None = page.evaluate(
            """() => {""" + _DESCRIBE_JS + """
              let el = document.activeElement;
              while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
              const stops = window.__a11yTabStops;
              if (!el || el === document.body || el === document.documentElement || stops.includes(el)) return null;
              stops.push(el);
              return describe(el);
            }""")
        if step is None:
            return stops
        stops.append(step)
    raise AssertionError(f"focus did not come back to the start in {TAB_LIMIT} Tab presses: {stops[:10]} ...")


def tab_stops(page: Any) -> list[str]:
    """Every element the Tab key reaches, in order, found by pressing Tab from the top of the document (at most
    ``TAB_LIMIT`` times); focus is left where the walk ended. A roving-tabindex group is one stop."""
    return _walk_tabs(page)


def tabs_between(page: Any, start_selector: str, end_selector: str) -> int:
    """How many Tab presses take focus from the first stop at or inside ``start_selector`` to the first stop at or
    inside ``end_selector`` (negative when the end comes first)."""
    _walk_tabs(page)
    where: list[int] = page.evaluate(
        """([start, end]) => [start, end].map(selector => {
             const el = document.querySelector(selector);
             return el ? window.__a11yTabStops.findIndex(stop => el === stop || el.contains(stop)) : -2;
           })""",
        [start_selector, end_selector],
    )
    for selector, index in zip((start_selector, end_selector), where, strict=True):
        if index == -2:
            raise ValueError(f"no element matches {selector!r}")
        if index == -1:
            raise ValueError(f"the Tab key never reaches {selector!r}")
    return where[1] - where[0]


class Loopback:
    """A WSGI app served by werkzeug on 127.0.0.1, on a port the system picks, in a thread."""

    def __init__(self, app: Any) -> None:
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
