"""novelty advise: decision help, one subcommand per decision. Imports no pydantic: it starts as fast as best."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from novelty import advise as core
from novelty import options
from novelty.cli.common import (
    describe_dictionary,
    describe_variant,
    dict_option,
    emit_json,
    fail,
    human,
    json_option,
    lexicon_for,
    plural,
    time_left,
    variant_answer,
    variant_option,
)
from novelty.cli.plays import CardsType, rule_switches, situation, time_limit_option, top_option, with_rules
from novelty.scoring import Rules


def _common(f: Callable[..., Any]) -> Callable[..., Any]:
    """Add the options every decision takes, after its own: time limit, top, rule switches, list, JSON.

    The situation's options (hand, pool, motifs, escaped letter) come first on the help page: ``situation``.
    """
    f = with_rules(variant_option(dict_option(json_option(f))))
    return time_limit_option(options.ADVISE_SECONDS, options.ADVISE_MAX_SECONDS, options.ADVISE_TIME_HELP)(
        top_option(f))


def _sampling(default: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add the Monte Carlo options: samples, seed, cards seen, pruning."""
    def wrap(f: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed([
            click.option("--samples", type=click.IntRange(1, core.MAX_SAMPLES), default=default, show_default=True,
                         help="Deals of unseen cards to sample."),
            click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deals (same seed, "
                                                                                 "same answer)."),
            click.option("--seen", type=CardsType(), help="Other cards you can see (other players' revealed hands): "
                                                          "not counted unseen."),
            click.option("--no-prune", "full", is_flag=True,
                         help="Sample every choice to the end (no racing)."),
        ]):
            f = option(f)
        return f
    return wrap


def _setting(kw: dict[str, Any]) -> tuple[core.Setting, dict[str, Any]]:
    """Return the decision's setting from the common options, and the options left."""
    lexicon = lexicon_for(kw.pop("dict_spec"))
    rules = Rules(**rule_switches(kw.pop("motifs_after_cards"), kw.pop("my_name_is_extra"),
                                  kw.pop("escaped_keeps_own_letter")))
    if kw["variant"] is not None:  # (its catalog is in use: --variant is read first)
        rules = kw["variant"].rules(rules)
    escaped = kw.pop("escaped")
    kw["asked"] = kw.pop("time_limit")
    setting = core.Setting(lexicon, tuple(kw.pop("motifs")), rules, escaped.lower() if escaped else None,
                           time_left(kw["asked"]))
    return setting, kw


def _show(advice: core.Advice, setting: core.Setting, kw: dict[str, Any]) -> None:
    """Print an answer: JSON, or the ranked choices with the play each leads to (``kw``: the options)."""
    as_json, top, variant = kw["as_json"], kw["top"], kw["variant"]
    out = {"dictionary": setting.lexicon.info.to_dict(), **variant_answer(variant.name if variant else None),
           **advice.to_dict()}
    out["assumed"] = {**out["assumed"], "time_limit": kw["asked"]}  # the limit asked for, not what was left
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    describe_variant(out.get("variant"))
    if out["motif_text"]:
        click.echo(f'{advice.decision}: "{out["motif_text"]}"')
    for choice in out["choices"][:top]:
        click.echo(_line(choice))
        play = choice["play"]
        if play is not None:
            words = " ".join(f"{w['word']}({w['score']})" for w in play["words"]) or "no word"
            extra = "".join(f" {a['source']} {a['points']:+d}" for a in play["adjustments"])
            what = "play now" if choice["now"] is not None else "play"
            escaped = f" [escaped {play['escaped']}]" if play["escaped"] and choice["letter"] else ""
            click.echo(f"      {what}: {words}{extra}{escaped}")
    hidden = len(out["choices"]) - top
    if hidden > 0:
        click.echo(f"  … and {hidden} more (--top {len(out['choices'])}, or --json)")
    assumed = out["assumed"]
    click.echo("Assumed: " + "; ".join(f"{k.replace('_', ' ')} {_brief(v)}" for k, v in assumed.items()
                                       if k != "unseen_cards" and v not in (None, [], ())))
    click.echo(f"Took {advice.seconds:.2f} s ({plural(advice.stats.get('searches', 0), 'search', 'searches')}"
               f"{', ' + str(advice.stats['derived']) + ' derived' if advice.stats.get('derived') else ''})"
               + ("" if advice.proved else ", not every value proved"))
    for note in out["notes"]:
        click.echo(f"note: {note}")


def _brief(value: Any) -> str:
    """Return one assumed value as a person reads it: a list spaced out, yes/no, seconds with their unit."""
    if isinstance(value, list):
        return " ".join(map(str, value)) if value else "none"
    if isinstance(value, float):
        return f"{value:g} s"
    return human(value)


def _line(choice: dict[str, Any]) -> str:
    """Return one ranked choice: its rank, what it does, and its value or estimates."""
    head = f"{choice['rank']:>3}. {choice['label']:<24}"
    parts = []
    if choice["now"] is not None:
        parts.append(f"now {choice['now']:>3}")
    if choice["expected"] is not None and (choice["value"] is None or choice["expected"]["samples"] > 1):
        e = choice["expected"]
        ci = f" [{e['low']:.1f}, {e['high']:.1f}]" if e["low"] is not None else ""
        flags = ", dropped" if e["dropped"] else ""
        flags += f", {e['unproved']} unproved" if e["unproved"] else ""
        parts.append(f"expected {e['mean']:.2f}{ci} ({e['samples']} samples{flags})")
    elif choice["value"] is not None:
        unproved = "" if choice["proved"] else f" (not proved; at most {choice['bound']})"
        parts.append(f"{choice['value']:>4}{unproved}")
    else:
        parts.append("not searched (time limit)")
    alike = f"  (same as {' '.join(choice['same_as'])})" if choice["same_as"] else ""
    return head + "  ".join(parts) + alike


@click.group()
def advise() -> None:
    """Help with a decision: which card to draft, discard, pass, give or keep, or which letter to name."""


@advise.command()
@situation
@click.option("--pack", type=CardsType(), required=True, help="The cards of the pack you are drafting from.")
@click.option("--picks-left", type=click.IntRange(0, 30), help="Picks still to come after this one "
                                                               "(default: one fewer than the pack holds).")
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True,
              help="Players drafting (the table model deals each other player a pack).")
@click.option("--model", type=click.Choice(core.DRAFT_MODELS), default="table", show_default=True,
              help="The picks to come: every player drafts by the learned draft values (table), or they are "
                   "unseen cards at random (random).")
@_sampling(100)
@_common
def draft(**kw: Any) -> None:
    """Rank each card of the pack: the best play now, and the expected best play after the picks to come."""
    from novelty.draftvalues import table_pick

    setting, kw = _setting(kw)
    if not kw["as_json"] and kw["pack"]:  # the instant first answer, while the samples are played
        click.echo(f"Table pick: {table_pick(kw['pack'].elements())} (learned draft values; the ranking follows)")
    advice = core.draft_pick(setting, kw["hand"], kw["pack"], kw["pool"], seen=kw["seen"], picks_left=kw["picks_left"],
                             samples=kw["samples"], seed=kw["seed"], prune=not kw["full"], players=kw["players"],
                             model=kw["model"])
    _show(advice, setting, kw)


def _exact(name: str, fn: Callable[..., core.Advice], summary: str) -> click.Command:
    def command(**kw: Any) -> None:
        setting, kw = _setting(kw)
        advice = fn(setting, kw["hand"], kw["pool"])
        _show(advice, setting, kw)

    command.__doc__ = summary
    return advise.command(name)(situation(_common(command)))


_exact("kill-off", core.kill_off, "Kill Off: rank each card to discard by the best play of the cards left.")
_exact("heroic-sacrifice", core.heroic_sacrifice,
       "Heroic Sacrifice: rank each card to add to the pool by your best play after.")
_exact("merchant-city", core.merchant_city,
       "Merchant City: rank each three cards to pass right by the best play of the cards kept.")
_exact("escaped", core.escaped_letter,
       "Escaped from Captivity: rank each letter to name by the best play it allows.")


@advise.command("rags-to-riches")
@situation
@click.option("--take", type=CardsType(), metavar="ID",
              help="The card you take from the highest scorer (added to your hand first).")
@_common
def rags_to_riches(**kw: Any) -> None:
    """Rags to Riches: rank each card to give the highest scorer by the best play of the cards kept."""
    setting, kw = _setting(kw)
    take: str | None = None
    if kw["take"]:
        if sum(kw["take"].values()) != 1:
            fail(f"--take: one card id, not {' '.join(kw['take'].elements())!r}")
        (take,) = kw["take"]
    advice = core.rags_to_riches(setting, kw["hand"], kw["pool"], take)
    _show(advice, setting, kw)


@advise.command("second-chances")
@situation
@_sampling(30)
@_common
def second_chances(**kw: Any) -> None:
    """Second Chances: rank each way to discard up to three cards and draw as many, by the expected best play."""
    setting, kw = _setting(kw)
    advice = core.second_chances(setting, kw["hand"], kw["pool"], seen=kw["seen"], samples=kw["samples"],
                                 seed=kw["seed"], prune=not kw["full"])
    _show(advice, setting, kw)


@advise.command("recurring-character")
@situation
@click.option("--next-motif", "next_motifs", multiple=True, metavar="ID",
              help="A motif of the next round, when known (repeatable).")
@click.option("--next-cards", type=click.IntRange(0, 30), default=11, show_default=True,
              help="Cards of the next round's hand besides the one kept (3 drawn and 8 drafted).")
@_sampling(30)
@_common
def recurring_character(**kw: Any) -> None:
    """Recurring Character: rank each card to keep by the expected best play of the next round's hand with it."""
    setting, kw = _setting(kw)
    advice = core.recurring_character(setting, kw["hand"], kw["pool"], seen=kw["seen"],
                                      next_motifs=kw["next_motifs"], next_cards=kw["next_cards"],
                                      samples=kw["samples"], seed=kw["seed"], prune=not kw["full"])
    _show(advice, setting, kw)
