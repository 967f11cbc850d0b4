"""The balance report as one HTML page (issue 22): what stands out first, then the plots that show it, then tables.

A designer should rather look at it than read it. The page carries everything it shows: its style inline, its
figures as inline SVG drawn by matplotlib (no script, no font, no stylesheet or image fetched from anywhere), so it
opens offline and can be mailed as one file; it reflows to a phone's width. Flagged cards and motifs (their
difference stands after the correction for comparing many at once, :mod:`novelty.balance`) are drawn and listed in
the highlight colour.

matplotlib (``pip install 'novelty[study]'``) is imported when a report is drawn, not with this module.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from novelty.balance import ALPHA, Analysis, CardBalance, Distribution, Interval, MotifBalance, p_text
from novelty.catalog import load_catalog
from novelty.errors import StoreError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from novelty.store import Study

FLAGGED = "#d1495b"
"""The highlight colour of a flagged card or motif."""
PLAIN = "#5b7083"
FAIR = "#2e8b57"
SHOWN_CARDS = 15
"""The cards the card plot shows at each end (the largest differences either way), besides every flagged one."""


def _pyplot_free_figure(width: float, height: float) -> Figure:
    """Return a matplotlib figure that draws without pyplot (no GUI backend, no global state)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise StoreError("the balance report needs matplotlib: pip install 'novelty[study]'") from None
    return Figure(figsize=(width, height), layout="constrained")


def svg(figure: Figure, label: str) -> str:
    """Return ``figure`` as an inline ``<svg>`` element: text kept as text, no metadata, scaling to its box."""
    from matplotlib import rc_context

    buffer = io.StringIO()
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "novelty-balance"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.DOTALL)
    # Inline SVG in HTML needs no namespace declarations (the parser supplies them): the page names no address.
    text = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", text)
    text = re.sub(r'<svg([^>]*?)\s+width="[^"]*"\s+height="[^"]*"', r"<svg\1", text, count=1)
    return text.replace("<svg", f'<svg role="img" aria-label="{html.escape(label)}"', 1)


def _style(ax: Axes) -> None:
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.tick_params(labelsize=10)


def forest(rows: Sequence[tuple[str, float, Interval | None, bool]], xlabel: str, label: str,
           percent: bool = False) -> str:
    """Return a forest plot: each row's estimate as a dot with its interval as a bar, flagged rows highlighted."""
    figure = _pyplot_free_figure(7.5, 0.9 + 0.26 * len(rows))  # wide enough for a card named as printed
    ax = figure.add_subplot()
    scale = 100 if percent else 1
    for y, (_, value, interval, flagged) in enumerate(reversed(rows)):
        colour = FLAGGED if flagged else PLAIN
        if interval is not None:
            ax.plot([interval.low * scale, interval.high * scale], [y, y], color=colour, linewidth=2, alpha=0.6)
        ax.plot([value * scale], [y], "o", color=colour, markersize=5)
    ax.axvline(0, color="#999999", linewidth=1, linestyle="--")
    ax.set_yticks(range(len(rows)), [name for name, *_ in reversed(rows)])
    for tick, (*_, flagged) in zip(ax.get_yticklabels(), reversed(rows), strict=True):
        if flagged:
            tick.set_color(FLAGGED)
            tick.set_fontweight("bold")
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel(xlabel, fontsize=11)
    _style(ax)
    return svg(figure, label)


def card_plot(cards: Sequence[CardBalance]) -> str:
    """Return the forest plot of the cards' win-rate differences: the largest either way, and every flagged card."""
    tested = sorted((c for c in cards if c.win.difference is not None), key=lambda c: -(c.win.difference or 0))
    if len(tested) > 2 * SHOWN_CARDS:
        ends = tested[:SHOWN_CARDS] + tested[-SHOWN_CARDS:]
        keep = {c.card for c in ends} | {c.card for c in tested if c.win.flagged}
        tested = [c for c in tested if c.card in keep]
    rows = [(card_label(c.card), c.win.difference or 0.0, c.win.interval, c.win.flagged) for c in tested]
    return forest(rows, "win rate: drafted minus not (% points)",
                  "Win rate difference by card", percent=True)


def motif_plot(motifs: Sequence[MotifBalance]) -> str:
    """Return the forest plot of each motif's effect on a player's round score."""
    tested = sorted((m for m in motifs if m.score.difference is not None), key=lambda m: -(m.score.difference or 0))
    rows = [(motif_label(m.motif), m.score.difference or 0.0, m.score.interval, m.score.flagged) for m in tested]
    return forest(rows, "round score: with it minus without", "Round score difference by motif")


def points_plot(cards: Sequence[CardBalance]) -> str:
    """Return a scatter of each card's mean points in a word against its win-rate difference."""
    figure = _pyplot_free_figure(5, 4)
    ax = figure.add_subplot()
    for c in cards:
        if c.points.mean is None or c.win.difference is None:
            continue
        colour = FLAGGED if c.win.flagged else PLAIN
        ax.plot([c.points.mean], [c.win.difference * 100], "o", color=colour, alpha=0.9 if c.win.flagged else 0.5,
                markersize=6 if c.win.flagged else 4)
        if c.win.flagged:
            ax.annotate(c.card, (c.points.mean, c.win.difference * 100), textcoords="offset points", xytext=(4, 3),
                        fontsize=8, color=FLAGGED)
    ax.axhline(0, color="#999999", linewidth=1, linestyle="--")
    ax.set_xlabel("mean points of the card in a word", fontsize=11)
    ax.set_ylabel("win rate difference (points)", fontsize=11)
    _style(ax)
    return svg(figure, "Points in a word against win rate difference")


def seat_plot(analysis: Analysis) -> str:
    """Return the seats' win rates with their intervals, and the fair share."""
    figure = _pyplot_free_figure(5, 3.2)
    ax = figure.add_subplot()
    fair = 100 / analysis.players if analysis.players else 0
    for i, rate in enumerate(analysis.seats):
        if rate.rate is None or rate.interval is None:
            continue
        outside = fair / 100 not in rate.interval
        ax.bar([i + 1], [rate.rate * 100], color=FLAGGED if outside else PLAIN, alpha=0.8, width=0.6)
        ax.errorbar([i + 1], [rate.rate * 100], yerr=[[(rate.rate - rate.interval.low) * 100],
                                                      [(rate.interval.high - rate.rate) * 100]],
                    color="#222222", capsize=4, linewidth=1)
    ax.axhline(fair, color=FAIR, linestyle="--", linewidth=1.5, label=f"a fair seat: {fair:.1f}%")
    ax.set_xticks(range(1, len(analysis.seats) + 1), [f"seat {i}" for i in range(1, len(analysis.seats) + 1)])
    ax.set_ylabel("win rate (%)", fontsize=11)
    top = max([r.interval.high * 100 for r in analysis.seats if r.interval is not None] + [fair])
    ax.set_ylim(0, top * 1.3)
    ax.legend(fontsize=10, loc="upper right")
    _style(ax)
    return svg(figure, "Win rate by seat")


def histogram_plot(panels: Sequence[tuple[Distribution, str]], label: str) -> str:
    """Return histograms of whole-number samples side by side, each with its mean and median marked."""
    figure = _pyplot_free_figure(5, 3.2 if len(panels) > 1 else 2.8)
    axes = figure.subplots(1, len(panels), squeeze=False)[0]
    for ax, (dist, xlabel) in zip(axes, panels, strict=True):
        if dist.histogram:
            values, counts = zip(*dist.histogram, strict=True)
            ax.bar(values, counts, width=1.0, color=PLAIN, alpha=0.8, linewidth=0)
            if dist.mean is not None:
                ax.axvline(dist.mean, color=FLAGGED, linewidth=1.5, label=f"mean {dist.mean:.1f}")
            ax.axvline(dist.quantiles[3], color=FAIR, linewidth=1.5, linestyle="--",
                       label=f"median {dist.quantiles[3]}")
            ax.legend(fontsize=8)
        ax.set_xlabel(xlabel, fontsize=11)
        ax.set_ylabel("count", fontsize=11)
        _style(ax)
    return svg(figure, label)


# --- The page ------------------------------------------------------------------------------------------------

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1d2731;
       background: #fafafa; line-height: 1.45; }
main { max-width: 56rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
.study { color: #555; font-size: 0.9rem; }
.findings { background: #fff4f5; border-left: 4px solid #d1495b; padding: 0.5rem 1rem; }
.findings li { margin: 0.3rem 0; }
h3 { font-size: 1rem; margin: 1rem 0 0.3rem; }
.what { color: #666; font-size: 0.85rem; }
.chip { display: inline-block; margin: 0.15rem; padding: 0.1rem 0.5rem; border-radius: 1rem; background: #fff0f1;
        border: 1px solid #f0c4ca; font-size: 0.85rem; white-space: nowrap; }
.none { background: #f1f8f4; border-left: 4px solid #2e8b57; padding: 0.5rem 1rem; }
figure { margin: 1rem 0; background: #fff; border: 1px solid #e3e3e3; border-radius: 6px; padding: 0.5rem; }
figure svg { width: 100%; max-width: 48rem; height: auto; display: block; margin: 0 auto; }
figure svg text { font-family: "DejaVu Sans", Verdana, sans-serif; } /* the font matplotlib measured the text in */
figcaption { font-size: 0.9rem; color: #333; padding: 0.25rem 0.5rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85rem; background: #fff; }
th, td { padding: 0.25rem 0.5rem; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap; }
th { position: sticky; top: 0; background: #f0f0f0; }
td.name, th.name, td.text { text-align: left; } td.text { white-space: normal; min-width: 12rem; }
tr.flagged td { background: #fff0f1; } tr.flagged td.name { color: #d1495b; font-weight: bold; }
details summary { cursor: pointer; font-weight: bold; margin: 0.5rem 0; }
.defs { font-size: 0.85rem; color: #444; }
"""


def _pct(value: float | None, digits: int = 0) -> str:
    return "–" if value is None else f"{value * 100:.{digits}f}%"


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _range(interval: Interval | None, percent: bool = False, digits: int = 1) -> str:
    if interval is None:
        return "–"
    if percent:
        return f"{interval.low * 100:+.{digits}f} to {interval.high * 100:+.{digits}f}"
    return f"{interval.low:+.{digits}f} to {interval.high:+.{digits}f}"


def _p(value: float | None) -> str:
    return p_text(value)


def _figure(svg_text: str, caption: str) -> str:
    return f"<figure>{svg_text}<figcaption>{caption}</figcaption></figure>"


LABEL_WIDTH = 36
"""Characters of a card's or motif's name on a plot's axis."""


def card_label(card: str) -> str:
    """Return a card as a player knows it, for a plot: its id, letter, points and effect (or colour), shortened."""
    kind = load_catalog().kinds.get(card)
    if kind is None:
        return card
    what = kind.effect_text if kind.effect else (kind.colour.value if kind.colour else "plain")
    text = f"{card}: {kind.letter_label.upper() if kind.letters else kind.letter_label} {kind.points}, {what}"
    return text if len(text) <= LABEL_WIDTH else text[:LABEL_WIDTH - 1] + "…"


def motif_label(motif: str) -> str:
    """Return a motif's printed name."""
    found = load_catalog().motifs.get(motif)
    return found.name if found is not None else motif


def card_text(card: str) -> str:
    """Return what a card kind is, as the rulebook's table says: letter, points, colour, effect."""
    kind = load_catalog().kinds.get(card)
    if kind is None:
        return ""
    return ", ".join(filter(None, [kind.letter_label, f"{kind.points} pt", kind.colour.value if kind.colour else "",
                                   kind.effect_text if kind.effect else ""]))


def glance(analysis: Analysis) -> str:
    """Return what stands out, for a quick look: flagged cards, motifs by which way they move scores, seats."""
    parts = []
    if cards := analysis.flagged_cards:
        items = "".join(
            f"<li><b>{html.escape(c.card)}</b> <span class='what'>({html.escape(card_text(c.card))})</span>: "
            f"its drafters win {_pct(c.drafted.rate)} of their games, the others {_pct(c.not_drafted.rate)}</li>"
            for c in cards)
        parts.append(f"<h3>Cards that change who wins ({len(cards)})</h3><ul class='findings'>{items}</ul>")
    motifs = analysis.flagged_motifs
    for sign, heading in ((1, "Motifs that raise round scores"), (-1, "Motifs that lower round scores")):
        chosen = [m for m in motifs if (m.score.difference or 0) * sign > 0]
        if chosen:
            chips = "".join(f"<span class='chip'>{html.escape(m.motif)} <b>{m.score.difference:+.1f}</b></span>"
                            for m in chosen)
            parts.append(f"<h3>{heading} ({len(chosen)}), points a player a round</h3><p>{chips}</p>")
    if analysis.policies:
        items = "".join(f"<li><b>{html.escape(policy)}</b> wins {_pct(rate.rate, 1)} of the seats it plays "
                        + (f" <span class='what'>(95% interval {_pct(rate.interval.low, 1)} to "
                           f"{_pct(rate.interval.high, 1)})</span>" if rate.interval else "") + "</li>"
                        for policy, rate in analysis.policies)
        parts.insert(0, f"<h3>Policies (a fair seat wins {_pct(1 / analysis.players, 1)})</h3>"
                        f"<ul class='findings'>{items}</ul>")
    if seats := analysis.unfair_seats:
        items = "".join(f"<li>seat {seat} wins {_pct(rate.rate, 1)} of its games</li>" for seat, rate in seats)
        parts.append(f"<h3>Seats off a fair share ({_pct(1 / analysis.players, 1)})</h3>"
                     f"<ul class='findings'>{items}</ul>")
    else:
        parts.append("<p class='none'>No seat wins more or less often than chance allows.</p>")
    if not cards and not motifs:
        parts.insert(0, "<p class='none'>No card's or motif's difference survives the correction for comparing "
                        "many at once.</p>")
    return "\n".join(parts)


def card_rows(cards: Sequence[CardBalance]) -> str:
    """Return the table rows of ``cards``: what each card is, and its figures."""
    rows = []
    for c in cards:
        what = card_text(c.card)
        rows.append(
            f'<tr class="{"flagged" if c.win.flagged else ""}"><td class="name">{html.escape(c.card)}</td>'
            f'<td class="text">{html.escape(what)}</td><td>{_pct(c.pick_rate.rate)}</td>'
            f"<td>{_num(c.pick_position)}</td><td>{_num(c.points.mean)}</td><td>{c.drafted.n:,}</td>"
            f"<td>{_pct(c.drafted.rate, 1)}</td><td>{_pct(c.not_drafted.rate, 1)}</td>"
            f"<td>{_range(c.win.interval, percent=True)}</td><td>{_p(c.win.p_adjusted)}</td></tr>")
    head = ("<tr><th class='name'>card</th><th class='name'>what it is</th><th>pick rate</th><th>pick position</th>"
            "<th>points</th><th>drafted</th><th>win rate drafted</th><th>not drafted</th>"
            "<th>difference (95%)</th><th>adjusted p</th></tr>")
    return f"<div class='scroll'><table>{head}{''.join(rows)}</table></div>"


def motif_rows(motifs: Sequence[MotifBalance]) -> str:
    """Return the table rows of ``motifs``: name, effect, and the round scores with and without it."""
    catalog = load_catalog().motifs
    rows = []
    for m in motifs:
        motif = catalog.get(m.motif)
        what = "" if motif is None else f"{motif.name}: {motif.effect_text}"
        rows.append(
            f'<tr class="{"flagged" if m.score.flagged else ""}"><td class="name">{html.escape(m.motif)}</td>'
            f'<td class="text">{html.escape(what)}</td><td>{m.rounds:,}</td>'
            f"<td>{_num(m.with_.mean)} ± {_num(m.with_.sd)}</td><td>{_num(m.without.mean)} ± {_num(m.without.sd)}</td>"
            f"<td>{_num(m.score.difference, 1)}</td><td>{_range(m.score.interval)}</td>"
            f"<td>{_p(m.score.p_adjusted)}</td></tr>")
    head = ("<tr><th class='name'>motif</th><th class='name'>what it does</th><th>rounds</th>"
            "<th>with: mean ± sd</th><th>without</th><th>difference</th><th>95% interval</th>"
            "<th>adjusted p</th></tr>")
    return f"<div class='scroll'><table>{head}{''.join(rows)}</table></div>"


def describe_study(study: Study | None) -> str:
    """Return one line naming what the study played."""
    if study is None:
        return ""
    seats = ", ".join(f"{html.escape(p)} ({html.escape(q)})" for p, q in zip(study.players, study.policies,
                                                                              strict=True))
    variant = "the game as printed" if study.variant is None else \
        f"variant {html.escape(str(study.variant.get('name', 'unnamed')))}"
    return (f"Players: {seats}. Word list: {html.escape(study.dictionary)}. Seed {study.seed}, "
            f"{study.games:,} games requested. {variant.capitalize()}.")


def render(analysis: Analysis, study: Study | None = None, title: str = "Novelty balance report") -> str:
    """Return the report page: findings, key plots with a plain explanation each, then the tables."""
    flagged_cards = analysis.flagged_cards
    sections = [
        f"<h1>{html.escape(title)}</h1>",
        f"<p class='study'>{analysis.games:,} games of {analysis.players} players. {describe_study(study)}</p>",
        "<h2>What stands out</h2>", glance(analysis),
        "<h2>Cards: does drafting it win games?</h2>",
        _figure(card_plot(analysis.cards),
                "Each dot is how much more often (in percentage points) the players who drafted the card won than "
                "those who did not; the bar is its 95% interval. A bar that crosses the dashed zero line may be "
                "chance. <b style='color:#d1495b'>Red</b> cards stand out even after allowing for testing "
                f"{len(analysis.cards)} cards at once. Shown: the {SHOWN_CARDS} largest differences each way and "
                "every flagged card; all cards are in the table below."),
    ]
    if flagged_cards:
        sections += ["<p>Flagged cards:</p>", card_rows(flagged_cards)]
    sections += [
        "<h2>Motifs: which rounds score more?</h2>",
        _figure(motif_plot(analysis.motifs),
                "Each dot is how many more points a player scores in a round with the motif than in rounds without "
                "it; the bar is its 95% interval (Welch's, with the round as the unit). <b style='color:#d1495b'>"
                "Red</b> motifs stand out after allowing for testing every motif at once. A motif that adds points "
                "to everyone is not unfair in itself, but it makes its rounds count for more of the game."),
    ]
    sections += [
        "<h2>Seats: does it matter where you sit?</h2>",
        _figure(seat_plot(analysis),
                "The share of games each seat won (a shared win split between its winners), with its 95% interval. "
                "The dashed line is a fair share. A seat drawn red lies outside chance of it; seat 1 is the first "
                "player of the record, and packs pass to the next seat first."),
        "<h2>Scores and margins</h2>",
        _figure(histogram_plot([(analysis.game_totals, "a player's game total"),
                                (analysis.round_scores, "a player's round score")], "Score distributions"),
                "How many times each score occurred: a player's total for the game (left) and for one round "
                "(right). A long right tail means a few plays decide many games."),
        _figure(histogram_plot([(analysis.margins, "winner's total minus runner-up's")], "Margins of victory"),
                "How close games are: the winner's total less the runner-up's (0 when the win is shared). "
                f"Median margin {analysis.margins.quantiles[3] if analysis.margins.quantiles else '–'} points."),
        _figure(points_plot(analysis.cards),
                "Each dot is a card: what it is worth in a word on average (across) against how much it raises "
                "its drafter's win rate (up). A card far above the others at the same points wins games in a way "
                "its points do not show (a word multiplier, say)."),
        "<h2>Every card</h2>",
        f"<details><summary>All {len(analysis.cards)} card kinds</summary>{card_rows(analysis.cards)}</details>",
        "<h2>Every motif</h2>",
        f"<details><summary>All {len(analysis.motifs)} motifs</summary>{motif_rows(analysis.motifs)}</details>",
        "<h2>How to read the figures</h2>", DEFINITIONS,
    ]
    body = "\n".join(sections)
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
            f"<body><main>\n{body}\n</main></body></html>\n")


DEFINITIONS = f"""<div class='defs'><ul>
<li><b>Win rate</b>: a game won counts 1, a win shared by k players 1/k to each, so a fair seat wins 1 game in
the number of players.</li>
<li><b>Drafted</b>: the player took at least one copy of the card while drafting, in any round (a dealt copy is not
drafted). With the random policy, who drafts a card is chance, so a difference in win rate is the card's doing.</li>
<li><b>Pick rate</b>: of the times a copy lay in a pack a player chose from (two cards or more), the share in which
it was taken. <b>Pick position</b>: the mean pick number (1 first) at which it was drafted.</li>
<li><b>Points</b>: the card's value in a scoring word after card effects and motifs.</li>
<li><b>Intervals</b> are 95%: Wilson's for a rate, Newcombe's for a difference of rates, Welch's for a difference
of means. <b>Adjusted p</b> is Benjamini and Hochberg's; a card or motif is flagged when it is below {ALPHA}, which
keeps the expected share of false alarms among the flagged at {ALPHA:.0%}.</li>
<li>The players of one game are not independent (their win rates sum to 1): read a card's interval as a little
narrower than it should be.</li>
</ul></div>"""


def to_json(analysis: Analysis, study: Study | None) -> dict[str, Any]:
    """Return the JSON answer of ``novelty balance --json``: the study, then the analysis."""
    data = analysis.to_dict()
    return {"report": data.pop("report"), "study": study.to_dict() if study is not None else None, **data}
