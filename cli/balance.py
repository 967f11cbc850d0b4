"""``novelty balance``: the balance report of a self-play study, from its results store (issue 22).

``--json`` writes one object (the statistics are defined in :mod:`novelty.balance`):

- ``report``: ``"novelty balance 1"``; ``study``: players, policies, seed, games (requested), dictionary, variant;
  ``games`` (stored), ``players``, ``alpha`` (0.05: every interval is 95%, every family's false discovery rate 5%);
- ``findings``: what stands out, a sentence each; ``flagged``: ``{"cards": [ids], "motifs": [ids]}``;
- ``cards``: per card kind ``card``, ``pick_rate`` (``n`` offers, ``rate``, ``ci``), ``pick_position``, ``picks``,
  ``points`` (``n``, ``mean``, ``sd``, ``ci``), ``win_rate_drafted`` and ``win_rate_not_drafted`` (``n``
  player-games, ``rate``, ``ci``), ``win_rate_difference`` (``difference``, ``ci``, ``statistic`` z, ``p``,
  ``p_adjusted``, ``flagged``), ``flagged``;
- ``motifs``: per motif ``motif``, ``rounds``, ``with`` and ``without`` (``n`` player-rounds, ``mean``, ``sd``),
  ``difference`` (as a card's, ``statistic`` Welch's t on round means), ``flagged``;
- ``seats``: per seat ``seat`` (from 1) and ``win_rate``; ``policies``: when the study mixes them, per policy
  ``policy`` and ``win_rate`` over the seats it played;
- ``scores``: ``game_totals`` and ``round_scores``, and ``margins``: each ``n``, ``mean``, ``sd``, ``min``,
  ``p10``, ``p25``, ``median``, ``p75``, ``p90``, ``max`` and ``histogram`` ([value, count] pairs).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from novelty.cli.common import emit_json, fail, json_option, plural, read_text
from novelty.variant import Variant, activate

if TYPE_CHECKING:
    from novelty.balance import Analysis
    from novelty.store import Study


def default_output(results: str) -> str:
    """Return where the report goes when no ``-o`` is given: beside the store, named after it."""
    return os.path.splitext(results)[0] + ".html"


@click.command()
@click.argument("results", metavar="RESULTS")
@click.option("-o", "--output", metavar="FILE.html",
              help="Write the HTML report here (default: RESULTS with .html for its extension; with --json, "
                   "no report unless this is given).")
@click.option("--variant", "variant_file", metavar="FILE", default=None,
              help="The house rules the study was played by (checked against the store's; the store's by default).")
@json_option
def balance(results: str, output: str | None, variant_file: str | None, as_json: bool) -> None:
    """Report a study's balance from its RESULTS store: cards, motifs, seats and scores, what stands out first.

    The report is one HTML page that opens offline (figures inline). With --json, the figures are written to
    stdout as JSON instead. Needs the study extra: pip install 'novelty[study]'.
    """
    from novelty.balance import analyse
    from novelty.store import Store

    with Store.open(results) as store:
        store.verify()
        if not len(store):
            fail(f"{results!r} holds no games yet")
        study, analysis = store.study, analyse(store.tallies())
    variant = _variant(study.variant, variant_file, results)
    with activate(variant):  # cards are named as the study's deck prints them
        _report(results, output, as_json, study, analysis)


def _variant(stored: Any, variant_file: str | None, results: str) -> Variant | None:
    """Return the variant the study was played by, refusing a --variant file that is not it."""
    from novelty.variant import parse_variant, variant_from_data

    variant = variant_from_data(dict(stored)) if stored is not None else None
    if variant_file is not None:
        given = parse_variant(read_text(variant_file), variant_file)
        if variant is None or given.to_dict() != variant.to_dict():
            fail(f"{results!r} was played {'by ' + repr(variant.name) if variant else 'by the printed rules'}, "
                 f"not by {variant_file!r} ({given.name!r})")
    return variant


def _report(results: str, output: str | None, as_json: bool, study: Study, analysis: Analysis) -> None:
    path = output if output is not None or as_json else default_output(results)
    if path is not None:
        from novelty.report import render

        page = render(analysis, study)
        try:
            with open(path, "w", encoding="utf-8") as file:
                file.write(page)
        except OSError as exc:
            fail(f"cannot write {path!r}: {exc.strerror}")
    if as_json:
        from novelty.report import to_json

        emit_json(to_json(analysis, study))
        if path is not None:
            click.echo(f"novelty: report written to {path}", err=True)
        return
    flagged = (plural(len(analysis.flagged_cards), "card"), plural(len(analysis.flagged_motifs), "motif"))
    click.echo(f"{plural(analysis.games, 'game')} of {analysis.players} players; flagged: {flagged[0]}, {flagged[1]}")
    for line in analysis.findings():
        click.echo(f"  {line}")
    click.echo(f"Report: {path}")
