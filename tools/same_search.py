"""Prove a change to the compiled search core changes nothing: the same answers, proofs and search figures, one process.

    python tools/same_search.py [--before-site DIR | --before REV] [--quick] [--cpu-rounds N] [--cpu-repeats N]
    python tools/same_search.py --after-only [--quick] [--objects]

What it proves (issue 24's bar for the core's refactor): on the benchmark's 40 typical hands (``benchmarks/solver.py``
``typical``, seeds 0-19 x twl, sowpods, no limit), its heavy hands (``heavy``, seeds 0-4 x both lists) under a work
limit of :data:`HEAVY_WORK` steps, and some 60 more situations that reach other parts of the core (the 5 best plays,
round motifs with the other players' words, Unseen Character, Escaped from Captivity, shorter-word doublers, repeat
motifs and free wilds, the house rules, the memory caps, a progress report, a 40-card hand, :func:`solve_choosing` and
:func:`best_total`), the package BEFORE the change and the package AFTER it return

- the same plays (``str(play)`` and the whole ``Solution.to_dict()``: words, cards, letters, scores, unused cards),
  the same totals, ``optimal``, ``bound`` and notes;
- the same search figures in ``result.stats``: every key that is not a time (``*_s``, ``seconds``): sequences, groups,
  kept, nodes, evaluated, states, group_limit, option_limit, state_limit ... A key only one side has is a difference.

A work limit counts search steps, not seconds, so these answers do not depend on the machine or its load. Both
packages run in this one process, each situation once in each (their order alternating), on the same inputs.

Then the CPU time (``time.process_time``) of ``solve`` on the typical hands, interleaved: every hand is solved by both
packages one after the other, the order alternating from hand to hand and round to round, ``--cpu-rounds`` rounds
(each solving every hand ``--cpu-repeats`` times per package). The figure is total CPU after / before (issue 24: within
3 %), with the spread of the per-round ratios as the measurement's own noise.

The packages:

- AFTER is ``novelty`` from the repository holding this script, with the ``_core`` built in it
  (``/tmp/tools/buildcore.sh REPO`` or ``pip install -e .``). A warning is printed when that ``_core`` is older than a
  file of ``novelty/csrc``: the sources changed since it was built, and the answers are not theirs.
- BEFORE is an installed copy of the package (``--before-site DIR``: ``DIR/novelty``, as ``pip install --no-deps
  --target DIR CHECKOUT`` makes; a source checkout works too), or a commit built here (``--before REV``: a temporary
  ``git worktree`` installed with pip, then removed). It is copied to a temporary folder as the package
  ``novelty_before`` (its imports and module-name strings rewritten to that name; its data, word lists and cached word
  indexes are found as before), and imported beside ``novelty``. Its ``_core`` is rebuilt there from its own
  ``csrc/`` with the same compiler command as the AFTER one (:data:`CORE_FLAGS`, as ``buildcore.sh`` does), so that
  the CPU comparison measures the sources, not two builds' flags (pip's build adds ``-fwrapv -O3``);
  ``--before-core installed`` keeps the installed one (right when AFTER too was built by pip).

``--quick`` runs a subset (10 typical hands, 2 heavy ones, one situation of each other kind). ``--after-only`` runs
the situations in AFTER alone and compares nothing; with ``--objects`` it runs each situation four more times and
counts, by type, the objects Python's collector tracks before and after the last two: a Python object the core
never releases shows there (``tools/sanitize.py`` runs ``--quick --after-only --objects`` under ASan and UBSan).

Default (``--before-site /tmp/before_site``): about 40 s on a 2-core machine; ``--quick`` about 8 s. Two identical
builds (A/A) read 0.98-1.00 per round with the machine otherwise busy (load 1.8 of 2 cores), 0.995-1.000 idle.

Exit status: 0 when every situation is the same in both, 1 when any differs or raised (with ``--after-only``: 1
when any raised or left objects behind).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BEFORE_NAME = "novelty_before"
"""The top-level name the BEFORE package is imported under."""

LISTS = ("twl", "sowpods")
TYPICAL_SEEDS = range(20)
HEAVY_SEEDS = range(5)
HEAVY_WORK = 4_000_000
"""Work limit (search steps) of the heavy hands: 0.65-0.95 s each on the 2-core machine this was written on (1 M
steps take 0.2 s, 2 M 0.35-0.5 s); no heavy hand finishes its walk within it, so each answers unproved with the
relaxed bound, its figures those of a search cut mid-walk."""

CORE_FLAGS = ["-O2", "-std=gnu11", "-pthread", "-Wall", "-Wextra", "-Wno-unused-parameter", "-fPIC", "-shared"]
"""The compiler flags of ``/tmp/tools/buildcore.sh`` (pyproject.toml's extra-compile-args, -fPIC -shared)."""

TIMING = re.compile(r"(_s|seconds|_ms)$")
"""Stats keys that are times (compared never: they differ from run to run)."""

CLI_HAND = ("r5 g5 ti1 e2 er1 z2 a1 b3 u2 n2 w4 z1 o2 h4 u3 d6 g3 ed1 wildconsonant2 ed2 en2 s4 r3 a3 i2 e3 t1 m4 a4 "
            "s3 f4 e1 d2 te1")
"""tests/test_limits.py's 34-card hand (one wild) of the stale-total report."""
FORTY = ("doublewild1 doublewild1 wild1 wild1 wild2 wild2 wild3 wild3 wild4 wild4 wildconsonant1 wildconsonant1 "
         "wildconsonant2 wildconsonant2 wildconsonant3 wildconsonant3 wildvowel1 wildvowel1 wildvowel2 wildvowel2 "
         "wildvowel3 wildvowel3 e1 e1 e2 a1 a2 o1 i1 s1 s2 t1 r1 n1 l1 d1 er1 th2 ed1 u1")
"""tests/test_limits.py's 40 cards: every wild of the deck and 18 common letters."""
HARD_MOTIFS = ("alliteration", "clones", "bookkeeper", "chekhovs-gun", "my-name-is", "choices-choices", "qfwfq",
               "wild-child", "grandiloquent")
"""tests/test_limits.py's hard motifs less Escaped from Captivity (whose letters would each get all the work)."""
OPPONENTS = [["quixotic", "jazz", "stone"], ["overthinking"], ["tone", "note", "dote", "toad", "zzzz"]]
"""The other players' words for round motifs (Sesquipedalian, Pangram, Laconic); ``zzzz`` is no word: not counted."""
CAPS = {"group": (2, 10**6, 10**6, 65_536), "option": (10**6, 2, 10**6, 65_536), "state": (10**6, 10**6, 1, 65_536)}
"""``solve``'s ``limits`` (groups, options, states, anytime groups) meeting one memory cap each (test_limits)."""


# -- situations -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """One call to make in both packages: ``call`` is ``solve``, ``solve_choosing`` or ``best_total``."""

    name: str
    lst: str
    hand: Counter[str]
    pool: Counter[str]
    motifs: tuple[str, ...]
    call: str = "solve"
    kwargs: dict[str, Any] = field(default_factory=dict)
    """Plain keyword arguments (top, work, escaped, opponents, limits, offered, most)."""
    rules: dict[str, bool] = field(default_factory=dict)
    """Fields of ``novelty.scoring.Rules`` to set (the class is built in each package)."""
    progress: bool = False
    """Give ``solve`` a progress callback (it does nothing)."""
    quick: bool = False
    group: str = "extra"


def bench() -> ModuleType:
    """Return benchmarks/solver.py as a module (by path: ``benchmarks`` is no package); importing it runs no main."""
    spec = importlib.util.spec_from_file_location("novelty_bench_solver", ROOT / "benchmarks" / "solver.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def situations(quick: bool) -> list[Situation]:
    """Return every situation, deterministic (or the ``--quick`` subset)."""
    from novelty.solver import can_choose

    b = bench()
    typical: Callable[[int], tuple[Counter[str], Counter[str], list[str]]] = b.typical
    heavy: Callable[[int], tuple[Counter[str], Counter[str], list[str]]] = b.heavy
    out: list[Situation] = []

    def plus(base: Sequence[str], motifs: Sequence[str]) -> list[str]:
        """Return ``base`` and the first of ``motifs`` not in it (a motif is in the deck once)."""
        return [*base, next(m for m in motifs if m not in base)]

    def add(name: str, lst: str, deal: tuple[Counter[str], Counter[str], Sequence[str]], quick_: bool = False,
            **rest: Any) -> None:
        hand, pool, motifs = deal
        out.append(Situation(name, lst, Counter(hand), Counter(pool), tuple(motifs), quick=quick_, **rest))

    for lst in LISTS:
        for s in TYPICAL_SEEDS:
            add(f"typical s{s}", lst, typical(s), s < 5, group="typical")
    for lst in LISTS:
        for s in HEAVY_SEEDS:
            add(f"heavy s{s} work {HEAVY_WORK / 1e6:g}M", lst, heavy(s), s == 0, group="heavy",
                kwargs={"work": HEAVY_WORK})
    # the 5 best plays
    for lst in LISTS:
        for s in range(4):
            add(f"top 5, typical s{s}", lst, typical(s), s == 0 and lst == "twl", kwargs={"top": 5})
    # round motifs, with the other players' words and without
    for s in range(3):
        hand, pool, motifs = typical(s)
        rounds = plus(["sesquipedalian", "pangram", "laconic"], motifs)
        add(f"round motifs + opponents s{s}", "twl", (hand, pool, rounds), s == 0,
            kwargs={"opponents": OPPONENTS, "top": 3})
        add(f"round motifs, no opponents s{s}", "sowpods", (hand, pool, rounds), s == 0)
    add("laconic + opponents (1 word each)", "sowpods", (typical(7)[0], typical(7)[1], ["laconic", "utopia"]),
        kwargs={"opponents": [["quixotic"], ["stone"]], "top": 2})
    # Unseen Character (with a play-level award)
    for s in range(3):
        hand, pool, motifs = typical(s)
        add(f"unseen-character s{s}", LISTS[s % 2], (hand, pool, plus(["unseen-character", "grandiloquent"], motifs)),
            s == 0, kwargs={"top": 3})
    # Escaped from Captivity: every letter, one letter, one letter under rule M8
    for s in range(3):
        hand, pool, motifs = typical(s)
        add(f"escaped, every letter s{s}", LISTS[s % 2], (hand, pool, ["escaped-from-captivity", "hermit"]), s == 0,
            kwargs={"top": 2})
    hand, pool, motifs = typical(3)
    add("escaped 'e'", "twl", (hand, pool, plus(["escaped-from-captivity"], motifs)), kwargs={"escaped": "e"})
    add("escaped 'e', rule M8", "twl", (hand, pool, plus(["escaped-from-captivity"], motifs)), True,
        kwargs={"escaped": "e"}, rules={"escaped_own_letter_keeps_card": True})
    # shorter-word doublers (x1, z2: "Double score of a word shorter than this one")
    for s in range(4):
        hand, pool, motifs = typical(s)
        hand, pool = hand | Counter({"x1": 1, "z2": 1}), pool - Counter({"x1": 1, "z2": 1})  # one of each in the deck
        add(f"shorter-word doublers x1 z2 s{s}", LISTS[s % 2], (hand, pool, motifs), s == 0, kwargs={"top": 3})
    # repeat motifs and free wilds
    for s, ms in enumerate([("my-name-is", "qfwfq", "fight-back-to-back"), ("choices-choices", "bookkeeper",
                                                                            "chekhovs-gun"),
                            ("alliteration", "wild-child", "first-letter"), ("clones", "epistolary-novel", "qfwfq")]):
        hand, pool, _ = typical(10 + s)
        add(f"{', '.join(ms)} s{10 + s}", LISTS[s % 2], (hand, pool, ms), s == 0)
    # house rules
    hand, pool, motifs = typical(4)
    add("rule: one word", "twl", (hand, pool, motifs), True, kwargs={"top": 3}, rules={"one_word": True})
    add("rule: motifs after card effects", "sowpods", (hand, pool, ["first-letter", "utopia", "consonance"]),
        rules={"motifs_after_card_effects": True})
    add("rule: my-name-is counts extra copies", "twl", (hand, pool, ["my-name-is", "bookkeeper"]),
        rules={"my_name_is_counts_extra_copies": True})
    # memory caps met: each answers unproved, its flag set
    for cap, limits in CAPS.items():
        add(f"{cap} cap met, typical s1", "twl", typical(1), cap == "group", kwargs={"limits": limits})
    add("anytime groups 1, typical s2", "sowpods", typical(2), kwargs={"limits": (10**6, 500_000, 10**6, 1)})
    # work limits cutting a typical search, a 34-card and a 40-card hand
    for lst in LISTS:
        for s in range(3):
            add(f"typical s{s} work 30k", lst, typical(s), s == 0 and lst == "twl", kwargs={"work": 30_000})
    add("34 cards top 10 work 400k anytime 1", "twl", (Counter(CLI_HAND.split()), Counter(), ()), True,
        kwargs={"top": 10, "work": 400_000, "limits": (10**6, 500_000, 10**6, 1)})
    add("40 cards, 9 hard motifs, work 1M", "sowpods", (Counter(FORTY.split()), Counter(), HARD_MOTIFS),
        kwargs={"work": 1_000_000})
    # a progress report (the core writes the best total so far)
    add(f"heavy s1 work {HEAVY_WORK / 1e6:g}M + progress", "twl", heavy(1), kwargs={"work": HEAVY_WORK},
        progress=True)
    # solve_choosing: which card to draft, which to keep
    for s in range(3):
        hand, pool, motifs = typical(20 + s)
        chosen = [m for m in motifs if can_choose([m])]
        cards = list(hand.elements())
        add(f"solve_choosing draft 1 of 3 s{20 + s}", LISTS[s % 2], (Counter(cards[:8]), pool, chosen), s == 0,
            call="solve_choosing", kwargs={"offered": Counter(cards[8:]), "most": 1})
        kinds = Counter(set(cards))
        add(f"solve_choosing keep all but 1 s{20 + s}", LISTS[s % 2], (hand - kinds, pool, chosen),
            call="solve_choosing", kwargs={"offered": kinds, "most": len(kinds) - 1})
    hand, pool, motifs = typical(23)
    add("solve_choosing escaped, work 200k", "twl",
        (Counter(list(hand.elements())[:8]), pool, ["escaped-from-captivity", "red-symbolism"]),
        call="solve_choosing", kwargs={"offered": Counter(list(hand.elements())[8:]), "most": 2, "work": 200_000})
    # best_total: a self-play policy's valuation
    for s in range(3):
        add(f"best_total s{30 + s}", LISTS[s % 2], typical(30 + s), s == 0, call="best_total")
    add("best_total heavy s2 work 1M", "twl", heavy(2), True, call="best_total", kwargs={"work": 1_000_000})
    hand, pool, motifs = typical(33)
    add("best_total escaped, work 100k", "sowpods", (hand, pool, plus(["escaped-from-captivity"], motifs)),
        call="best_total", kwargs={"work": 100_000})
    return [s for s in out if s.quick] if quick else out


# -- the two packages -------------------------------------------------------------------------------


class Package:
    """One package's solver entry points and its own open word lists."""

    def __init__(self, name: str, label: str) -> None:
        self.name, self.label = name, label
        self.solver = importlib.import_module(f"{name}.solver")
        self.lexicon_module = importlib.import_module(f"{name}.lexicon")
        self.scoring = importlib.import_module(f"{name}.scoring")
        self.core = importlib.import_module(f"{name}._core")
        self.lexicons: dict[str, Any] = {}

    def lexicon(self, lst: str) -> Any:
        if lst not in self.lexicons:
            self.lexicons[lst] = self.lexicon_module.open_lexicon(lst)
            self.lexicons[lst].step_index()
        return self.lexicons[lst]

    def call(self, sit: Situation) -> Any:
        """Make the situation's call in this package (the one place that knows the entry points' signatures)."""
        lexicon = self.lexicon(sit.lst)
        kwargs = dict(sit.kwargs)
        if sit.rules:
            kwargs["rules"] = self.scoring.Rules(**sit.rules)
        hand, pool = Counter(sit.hand), Counter(sit.pool)
        if sit.call == "solve":
            if sit.progress:
                kwargs["progress"] = lambda best, bound, seconds: None
            return self.solver.solve(lexicon, hand, pool, list(sit.motifs), **kwargs)
        if sit.call == "solve_choosing":
            offered, most = Counter(kwargs.pop("offered")), kwargs.pop("most")
            return self.solver.solve_choosing(lexicon, hand, pool, list(sit.motifs), offered, most, **kwargs)
        if sit.call == "best_total":
            return self.solver.best_total(lexicon, hand, pool, list(sit.motifs), **kwargs)
        raise ValueError(sit.call)


def plain(value: Any) -> Any:
    """Return ``value`` as JSON data (tuples as lists, anything else unknown as its repr)."""
    return json.loads(json.dumps(value, default=repr))


def as_dict(value: Any) -> dict[str, Any]:
    """Return a stats value as a dict (a dict, a dataclass or an object with attributes)."""
    import dataclasses

    if isinstance(value, dict):
        return dict(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return dict(vars(value))


def fingerprint(sit: Situation, answer: Any) -> dict[str, Any]:
    """Return what is compared of an answer: everything but times."""
    if sit.call == "best_total":
        return {"total": plain(answer)}
    if sit.call == "solve_choosing":
        return plain({"play": str(answer.play), "total": answer.total, "escaped": answer.escaped,
                      "taken": sorted(answer.taken.items()), "optimal": answer.optimal})
    stats = as_dict(answer.stats)
    return plain({
        "optimal": answer.optimal, "bound": answer.bound, "notes": list(answer.notes),
        "plays": [{"play": str(s.play), "total": s.total, **s.to_dict()} for s in answer.plays],
        "stats": {k: v for k, v in sorted(stats.items()) if not TIMING.search(k)},
    })


def summary(sit: Situation, fp: dict[str, Any]) -> str:
    """Return a short reading of an answer for the table."""
    if "error" in fp:
        return "raised " + fp["error"][:80]
    if sit.call == "best_total":
        return f"total {fp['total']}"
    if sit.call == "solve_choosing":
        return f"total {fp['total']} optimal {fp['optimal']} taken {' '.join(k for k, _ in fp['taken']) or '-'}"
    st = fp["stats"]
    best = fp["plays"][0]["total"] if fp["plays"] else None
    figures = " ".join(f"{k[:4]} {st[k]}" for k in ("sequences", "groups", "kept", "nodes", "states") if k in st)
    flags = ",".join(k.split("_")[0] for k in ("group_limit", "option_limit", "state_limit") if st.get(k))
    return (f"best {best} bound {fp['bound']} {'proved' if fp['optimal'] else 'unproved'} {figures}"
            + (f" caps {flags}" if flags else ""))


def run(pkg: Package, sit: Situation) -> tuple[dict[str, Any], float]:
    """Return the situation's fingerprint in one package and the CPU seconds it took (an exception is an answer)."""
    started = time.process_time()
    try:
        fp = fingerprint(sit, pkg.call(sit))
    except Exception as exc:  # an answer too: the same error in both is the same behaviour
        message = f"{type(exc).__name__}: {exc}".replace(BEFORE_NAME, "novelty")
        fp = {"error": message, TRACEBACK: traceback.format_exc(limit=-4)}
    return fp, time.process_time() - started


TRACEBACK = "traceback (not compared)"


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Return a nested value as {path: leaf}."""
    if isinstance(value, dict) and value:
        return {k: v for key, item in value.items() for k, v in flatten(item, f"{prefix}.{key}" if prefix
                                                                           else str(key)).items()}
    if isinstance(value, list) and value:
        return {k: v for i, item in enumerate(value) for k, v in flatten(item, f"{prefix}[{i}]").items()}
    return {prefix: value}


MISSING = object()


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """Return (path, before, after) for every leaf that differs (MISSING where one side has no such path)."""
    a, b = (flatten({k: v for k, v in fp.items() if k != TRACEBACK}) for fp in (before, after))
    return [(k, a.get(k, MISSING), b.get(k, MISSING)) for k in sorted(a.keys() | b.keys(), key=_path_key)
            if a.get(k, MISSING) != b.get(k, MISSING)]


def _path_key(path: str) -> tuple[Any, ...]:
    """Order paths shallow first (a play's text and total before its words' breakdowns), then as written."""
    parts = tuple(int(p) if p.isdigit() else p for p in re.split(r"[.\[\]]+", path) if p)
    return len(re.findall(r"[.\[]", path)), tuple(str(p).zfill(6) if isinstance(p, int) else p for p in parts)


def field_names(diffs: list[tuple[str, Any, Any]]) -> list[str]:
    """Return the fields that differ, indices dropped, two levels deep (``plays[].words[]``, ``stats.nodes``)."""
    return sorted({".".join(re.sub(r"\[\d+\]", "[]", path).split(".")[:2]) for path, _, _ in diffs})


def show(value: Any) -> str:
    return "(absent)" if value is MISSING else json.dumps(value)[:100]


# -- loading BEFORE under another name ----------------------------------------------------------------

IMPORT_LINE = re.compile(r"^([ \t]*)(from|import)([ \t]+)novelty(?=[ \t.]|$)", re.M)
BARE_IMPORT = re.compile(r"^[ \t]*import[ \t]+novelty_before(\.[\w.]+)?[ \t]*(#.*)?$", re.M)
MODULE_STRING = re.compile(r"""(?<=["'])novelty(?=\.[A-Za-z_{])""")
"""``"novelty.catalog"``, ``f"novelty.{name}"``: module paths in strings. Not ``"novelty"`` alone (the cache
folder's name, the distribution's name for importlib.metadata), which stay."""


def rename_package(package: Path) -> int:
    """Rewrite every module of ``package`` (a copy) to import itself as :data:`BEFORE_NAME`; return files changed."""
    changed = 0
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        new = IMPORT_LINE.sub(rf"\1\2\3{BEFORE_NAME}", text)
        new = MODULE_STRING.sub(BEFORE_NAME, new)
        for bare in BARE_IMPORT.finditer(new):  # `import novelty.x` binds `novelty`: the copy would use AFTER's
            sys.exit(f"{path}: {bare.group(0).strip()!r} binds a name this renaming does not follow; "
                     "write `from novelty import x` (or `import novelty.x as x`)")
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed += 1
    return changed


def core_command(package: Path, extra: Sequence[str] = ()) -> list[str]:
    """Return the gcc command building ``package/_core<suffix>`` from ``package/csrc/*.c`` (as buildcore.sh does)."""
    include = sysconfig.get_paths()["include"]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    sources = sorted(str(p) for p in (package / "csrc").glob("*.c"))
    if not sources:
        sys.exit(f"no C sources in {package / 'csrc'}")
    return ["gcc", *CORE_FLAGS, *extra, f"-I{include}", *sources, "-o", str(package / f"_core{suffix}")]


def build_core(package: Path, extra: Sequence[str] = ()) -> list[str]:
    """Build ``package``'s ``_core`` in place (its old builds removed first); return the command."""
    for old in package.glob("_core*.so"):
        old.unlink()
    command = core_command(package, extra)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"building {package.name}'s core failed:\n$ {' '.join(command)}\n{done.stderr}")
    return command


def install_rev(rev: str, where: Path) -> Path:
    """Build commit ``rev`` of this repository into ``where/site`` (pip, from a temporary worktree); return it."""
    source, site = where / "src", where / "site"
    add = ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(source), rev]
    print("$", " ".join(add), flush=True)
    subprocess.run(add, check=True)
    try:
        pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(source)]
        print("$", " ".join(pip), flush=True)
        subprocess.run(pip, check=True)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(source)], check=False)
    return site


def copy_before(site: Path, where: Path) -> Path:
    """Copy ``site/novelty`` to ``where/novelty_before`` with the folders a checkout keeps beside it; return it."""
    source = site / "novelty"
    if not (source / "solver.py").is_file():
        sys.exit(f"no novelty package in {site} (expected {source / 'solver.py'})")
    package = where / BEFORE_NAME
    shutil.copytree(source, package, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in ("wordlists", "cli", "api", "examples"):  # a source checkout: its folders install as subpackages
        if not (package / folder).exists() and (site / folder / "__init__.py").is_file():
            shutil.copytree(site / folder, package / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return package


def load_before(site: Path, where: Path, core: str) -> Package:
    """Import the BEFORE package from ``site`` as :data:`BEFORE_NAME` (before any AFTER module is imported)."""
    package = copy_before(site, where)
    changed = rename_package(package)
    print(f"BEFORE: {site / 'novelty'} copied to {package} ({changed} modules renamed to {BEFORE_NAME})")
    if core == "rebuild" and (package / "csrc").is_dir():
        command = build_core(package)
        print(f"        its _core rebuilt from its csrc/: {' '.join(command[:len(CORE_FLAGS) + 1])} ...")
    elif not list(package.glob("_core*.so")):
        sys.exit(f"no compiled _core in {site / 'novelty'}")
    else:
        print("        its _core as installed" + (" (no csrc/ to rebuild from)" if core == "rebuild" else ""))
    sys.path.append(str(where))
    loaded = Package(BEFORE_NAME, "before")
    for module in ("search", "rounds", "play", "catalog", "words"):  # what solve imports lazily, now
        importlib.import_module(f"{BEFORE_NAME}.{module}")
    leaked = sorted(m for m in sys.modules if m == "novelty" or m.startswith("novelty."))
    if leaked:
        sys.exit(f"the BEFORE copy imported AFTER modules: {leaked[:5]} (a module name the renaming missed)")
    return loaded


def check_isolation(before_dir: Path) -> tuple[list[str], Counter[str]]:
    """Return the modules loaded from the wrong package's files (none, or the comparison proves nothing), and how
    many modules of each package were loaded."""
    wrong, loaded = [], Counter[str]()
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path is None:
            continue
        if name == BEFORE_NAME or name.startswith(BEFORE_NAME + "."):
            loaded["before"] += 1
            if not Path(path).resolve().is_relative_to(before_dir.resolve()):
                wrong.append(f"{name} from {path}")
        elif name == "novelty" or name.startswith("novelty."):
            loaded["after"] += 1
            if not Path(path).resolve().is_relative_to(ROOT):
                wrong.append(f"{name} from {path}")
    return wrong, loaded


def stale_core() -> str | None:
    """Return a warning when AFTER's compiled core is older than one of its C sources."""
    built = list((ROOT / "novelty").glob("_core*.so"))
    if not built:
        return f"no compiled _core in {ROOT / 'novelty'}: build it (/tmp/tools/buildcore.sh {ROOT})"
    newest = max((ROOT / "novelty" / "csrc").glob("*.[ch]"), key=lambda p: p.stat().st_mtime)
    if newest.stat().st_mtime > built[0].stat().st_mtime:
        return (f"AFTER's {built[0].name} is older than {newest.relative_to(ROOT)}: the answers below are those of "
                f"the sources as they were when it was built (rebuild: /tmp/tools/buildcore.sh {ROOT})")
    return None


def describe(path: str | None) -> str:
    """Return a compiled core's path, size and build time."""
    if path is None:
        return "(no file)"
    stat = os.stat(path)
    return f"{path} ({stat.st_size:,} bytes, built {time.strftime('%H:%M:%S', time.localtime(stat.st_mtime))})"


# -- the runs ---------------------------------------------------------------------------------------


def compare(before: Package, after: Package, sits: list[Situation]) -> tuple[int, int, dict[str, list[float]]]:
    """Run every situation in both packages, print the table; return (differing, raised, CPU seconds per group)."""
    print(f"\n{'situation':<44} {'list':<8} {'verdict':<7} {'cpu ms b':>9} {'a':>8}  answer (after)")
    differing = raised = 0
    cpu: dict[str, list[float]] = {}
    for i, sit in enumerate(sits):
        order = (before, after) if i % 2 == 0 else (after, before)
        answers = {}
        for pkg in order:
            answers[pkg.label] = run(pkg, sit)
        (fb, tb), (fa, ta) = answers["before"], answers["after"]
        diffs = differences(fb, fa)
        verdict = "DIFF" if diffs else "ERROR" if "error" in fa else "same"
        differing += bool(diffs)
        raised += not diffs and "error" in fa
        totals = cpu.setdefault(sit.group, [0.0, 0.0])
        totals[0] += tb
        totals[1] += ta
        print(f"{sit.name:<44} {sit.lst:<8} {verdict:<7} {tb * 1e3:>9.1f} {ta * 1e3:>8.1f}  {summary(sit, fa)}",
              flush=True)
        if diffs:
            print(f"    differ: {', '.join(field_names(diffs))}")
            for path, b, a in diffs[:12]:
                print(f"    {path}: before {show(b)}  after {show(a)}")
            if len(diffs) > 12:
                print(f"    ... {len(diffs) - 12} more")
        for label, (fp, _) in answers.items():
            if "error" in fp:
                print(f"    {label} raised:\n" + "\n".join("      " + line for line in fp[TRACEBACK].splitlines()))
    return differing, raised, cpu


def cpu_ab(before: Package, after: Package, sits: list[Situation], rounds: int, repeats: int) -> None:
    """Print the interleaved CPU comparison of ``solve`` over ``sits`` (solved once already: warm)."""
    if rounds < 1 or not sits:
        return
    print(f"\nCPU A/B: solve() on the {len(sits)} typical hands, {rounds} rounds x {repeats} solves per hand and "
          "package, interleaved (the order alternating by hand and round), time.process_time(); the core's own "
          "CPU is the sum of stats walk_cpu_s + pack_cpu_s (rounded to 0.1 ms a solve)")
    ratios, core_ratios = [], []
    totals = {"before": 0.0, "after": 0.0}
    core = {"before": 0.0, "after": 0.0}
    for r in range(rounds):
        spent = {"before": 0.0, "after": 0.0}
        inside = {"before": 0.0, "after": 0.0}
        gc.collect()
        for i, sit in enumerate(sits):
            for pkg in (before, after) if (i + r) % 2 == 0 else (after, before):
                for _ in range(repeats):
                    gc.disable()
                    started = time.process_time()
                    answer = pkg.call(sit)
                    spent[pkg.label] += time.process_time() - started
                    gc.enable()
                    stats = as_dict(answer.stats)
                    inside[pkg.label] += stats.get("walk_cpu_s", 0.0) + stats.get("pack_cpu_s", 0.0)
        ratios.append(spent["after"] / spent["before"])
        core_ratios.append(inside["after"] / inside["before"] if inside["before"] else float("nan"))
        for label in spent:
            totals[label] += spent[label]
            core[label] += inside[label]
        print(f"  round {r + 1}: before {spent['before']:.3f} s  after {spent['after']:.3f} s  ratio "
              f"{ratios[-1]:.4f}   core {inside['before']:.3f} / {inside['after']:.3f} s  ratio {core_ratios[-1]:.4f}",
              flush=True)
    ratio = totals["after"] / totals["before"]
    print(f"  total CPU: before {totals['before']:.3f} s, after {totals['after']:.3f} s, after/before {ratio:.4f} "
          f"({(ratio - 1) * 100:+.2f} %); per-round ratios {min(ratios):.4f} .. {max(ratios):.4f} "
          f"(median {statistics.median(ratios):.4f}, spread {(max(ratios) - min(ratios)) * 100:.2f} points)")
    if core["before"]:
        cr = core["after"] / core["before"]
        print(f"  core CPU:  before {core['before']:.3f} s, after {core['after']:.3f} s, after/before {cr:.4f} "
              f"({(cr - 1) * 100:+.2f} %); per-round {min(core_ratios):.4f} .. {max(core_ratios):.4f}")
    verdict = "within" if abs(ratio - 1) <= 0.03 else "OUTSIDE"
    print(f"  issue 24: total CPU {verdict} 3 % of before")


def object_growth(pkg: Package, sit: Situation, runs: int = 2) -> int:
    """Return how many more objects the collector tracks after ``runs`` more calls of a situation (run again first).

    A container object (list, dict, tuple ...) the core creates and never releases stays linked in the collector's
    lists, where LeakSanitizer sees it as reachable: counted here instead. The same call again fills no cache."""
    for _ in range(2):  # what the previous situation left for the collector is gone after this one's runs
        pkg.call(sit)
    held = tracked()
    for _ in range(runs):
        pkg.call(sit)
    now = tracked()
    # by type: the collector stops tracking some tuples and dicts of earlier runs late (fewer of them is no leak)
    return sum(max(0, n - held.get(kind, 0)) for kind, n in now.items())


def tracked() -> dict[str, int]:
    """Return how many objects of each type the collector tracks, after a full collection (a plain dict of str to
    int, which the collector does not track itself)."""
    gc.collect()
    counts: dict[str, int] = {}
    for obj in gc.get_objects():
        kind = type(obj).__qualname__
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def after_only(after: Package, sits: list[Situation], objects: bool) -> int:
    """Run every situation in AFTER alone (with ``objects``, then twice more, counting objects); return how many
    raised or grew."""
    print(f"\n{'situation':<44} {'list':<8} {'cpu ms':>8}  " + ("objects+ " if objects else "") + "answer")
    bad = 0
    for sit in sits:
        fp, spent = run(after, sit)
        grew = object_growth(after, sit) if objects and "error" not in fp else 0
        print(f"{sit.name:<44} {sit.lst:<8} {spent * 1e3:>8.1f}  " + (f"{grew:>8} " if objects else "")
              + summary(sit, fp), flush=True)
        if "error" in fp:
            print("\n".join("    " + line for line in fp[TRACEBACK].splitlines()))
        if grew > 0:
            print(f"    LEFT BEHIND: {grew} more objects tracked by the collector after 2 more runs")
        bad += "error" in fp or grew > 0
    return bad


@contextlib.contextmanager
def workspace() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="same-search-") as where:
        yield Path(where)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--before-site", type=Path, metavar="DIR",
                       help="a folder holding the BEFORE package as DIR/novelty (default /tmp/before_site)")
    which.add_argument("--before", metavar="REV", help="build this commit of the repository as BEFORE")
    parser.add_argument("--before-core", choices=("rebuild", "installed"), default="rebuild",
                        help="rebuild BEFORE's _core with AFTER's compiler command (default) or keep the installed")
    parser.add_argument("--quick", action="store_true", help="a subset: 10 typical hands, 2 heavy, one of each other")
    parser.add_argument("--cpu-rounds", type=int, default=3, metavar="N", help="CPU A/B rounds (default 3; 0: none)")
    parser.add_argument("--cpu-repeats", type=int, default=3, metavar="N",
                        help="solves of each hand per package and round (default 3)")
    parser.add_argument("--after-only", action="store_true", help="run the situations in AFTER only, compare nothing")
    parser.add_argument("--objects", action="store_true",
                        help="with --after-only: run each situation twice more and count the objects left behind")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"Machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; Python {sys.version.split()[0]}")
    warning = stale_core()
    if warning:
        print(f"WARNING: {warning}")
    if args.after_only:
        after = Package("novelty", "after")
        print(f"AFTER:  {describe(after.core.__file__)}")
        sits = situations(args.quick)
        bad = after_only(after, sits, args.objects)
        print(f"\n{len(sits)} situations, {bad} raised" + (" or left objects behind" if args.objects else "")
              + f"; {time.perf_counter() - started:.0f} s")
        return 1 if bad else 0
    with workspace() as where:
        site = install_rev(args.before, where) if args.before else args.before_site or Path("/tmp/before_site")
        before = load_before(site, where / "pkg", args.before_core)
        after = Package("novelty", "after")
        print(f"BEFORE: {describe(before.core.__file__)}")
        print(f"AFTER:  {describe(after.core.__file__)}")
        sits = situations(args.quick)
        differing, raised, cpu = compare(before, after, sits)
        wrong, loaded = check_isolation(where / "pkg")
        print(f"\nIsolation: {loaded['before']} {BEFORE_NAME} modules loaded, all from the copy; {loaded['after']} "
              f"novelty modules, all from {ROOT}" if not wrong else
              "\nNOT ISOLATED (the comparison proves nothing): " + "; ".join(wrong))
        groups = Counter(s.group for s in sits)
        print(f"\n{len(sits)} situations ({', '.join(f'{n} {g}' for g, n in groups.items())}): "
              f"{len(sits) - differing - raised} same, {differing} differ, {raised} raised in both")
        for group, (b, a) in cpu.items():
            print(f"  CPU of the comparison runs, {group}: before {b:.2f} s, after {a:.2f} s, ratio {a / b:.3f}")
        cpu_ab(before, after, [s for s in sits if s.group == "typical"], args.cpu_rounds, args.cpu_repeats)
        print(f"\n{'ALL SAME' if not differing and not raised and not wrong else 'DIFFERENT'}; "
              f"{time.perf_counter() - started:.0f} s")
        return 1 if differing or raised or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
