"""The scoring commands: score, round, game, challenge."""

from __future__ import annotations

from collections import Counter
from typing import Any

import click

from cli.common import describe_dictionary, dict_option, emit_json, fail, json_option, lexicon_for, read_json
from novelty.errors import NoveltyError
from novelty.inputs import (
    BestInput,
    ChallengeRequest,
    GameInput,
    RoundInput,
    ScoreInput,
    best_input,
    game_input,
    round_input,
    score_input,
    validate,
)
from novelty.play import parse_cards
from novelty.rounds import settle_challenge
from novelty.scoring import Rules


class CardsType(click.ParamType):
    """Card ids separated by spaces or commas (``"a1 b2 th2"``), as a multiset."""

    name = "IDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Counter[str]:
        if isinstance(value, Counter):
            return value
        try:
            return parse_cards(str(value))
        except NoveltyError as exc:
            self.fail(str(exc), param, ctx)


def print_play(play: dict[str, Any], indent: str = "") -> None:
    """Print a scored play with each word's arithmetic."""
    for word in play["words"]:
        status = "" if word["valid"] else f"  ({word['reason']})"
        click.echo(f"{indent}{word['word']:<12} {word['score']:>4}{status}   [{' '.join(word['cards'])}]")
        for line in word["breakdown"]:
            click.echo(f"{indent}    {line['text']}")
        if word["y_as_vowel"]:
            click.echo(f"{indent}    Y as a vowel at letter {', '.join(str(p + 1) for p in word['y_as_vowel'])}")
    for adj in play["adjustments"]:
        click.echo(f"{indent}{adj['source']:<12} {adj['points']:>+4}   {adj['text']}")
    for note in play["notes"]:
        click.echo(f"{indent}note: {note}", err=True)


rules_options = [
    click.option("--motifs-after-cards", is_flag=True, help="Apply every card effect before any motif (E2)."),
    click.option("--my-name-is-extra", is_flag=True, help="My Name is counts every extra copy of a letter (M5)."),
]


def with_rules(f):  # type: ignore[no-untyped-def]
    for option in reversed(rules_options):
        f = option(f)
    return f


@click.command()
@click.argument("words", nargs=-1, required=True, metavar="WORD...")
@click.option("--motif", "motifs", multiple=True, metavar="ID", help="A motif in play, in flip order (repeatable).")
@click.option("--hand", type=CardsType(), help="The hand's card ids, so unused-card motifs count.")
@click.option("--pool", type=CardsType(), help="The common pool's card ids.")
@click.option("--escaped", metavar="LETTER", help="The letter chosen under Escaped from Captivity.")
@with_rules
@dict_option
@json_option
def score(words: tuple[str, ...], motifs: tuple[str, ...], hand: Counter[str] | None, pool: Counter[str] | None,
          escaped: str | None, motifs_after_cards: bool, my_name_is_extra: bool, dict_spec: str | None,
          as_json: bool) -> None:
    """Score one player's play: each WORD is its cards, e.g. "th2 e4 wild4=m e1"."""
    data = validate(ScoreInput, {
        "words": list(words), "motifs": list(motifs), "escaped": escaped,
        "rules": {"motifs_after_card_effects": motifs_after_cards, "my_name_is_counts_extra_copies": my_name_is_extra},
    })
    data.hand, data.pool = (list(hand.elements()) if hand is not None else None,
                            list(pool.elements()) if pool is not None else None)
    lexicon, result = score_input(data, lexicon_for(dict_spec))
    out = {"dictionary": lexicon.info.to_dict(), "motifs": list(motifs), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    print_play(out)
    click.echo(f"{'TOTAL':<12} {out['total']:>4}")


@click.command("round")
@click.argument("file", metavar="FILE.json")
@dict_option
@json_option
def round_command(file: str, dict_spec: str | None, as_json: bool) -> None:
    """Score a round from FILE.json (players' plays and hands, motifs, pool, challenges); '-' reads stdin."""
    data = validate(RoundInput, read_json(file))
    lexicon = lexicon_for(dict_spec or data.dictionary)
    result = round_input(data, lexicon)
    out = {"dictionary": lexicon.info.to_dict(), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    print_round(out)


def print_round(out: dict[str, Any], indent: str = "") -> None:
    """Print a scored round: challenges, then each player's words and total."""
    if out["motifs"]:
        click.echo(f"{indent}Motifs: {', '.join(out['motifs'])}")
    for ch in out["challenges"]:
        click.echo(f"{indent}Challenge by {ch['by']} of {ch['player']}'s {ch['text']}")
    for player in out["players"]:
        click.echo(f"{indent}{player['name']}: {player['total']}")
        print_play(player["play"], indent + "  ")
        for adj in player["round_adjustments"]:
            click.echo(f"{indent}  {adj['source']:<12} {adj['points']:>+4}   {adj['text']}")


@click.command()
@click.argument("file", metavar="FILE.json")
@dict_option
@json_option
def game(file: str, dict_spec: str | None, as_json: bool) -> None:
    """Score a whole game from FILE.json: its rounds summed, winner(s) with ties shared."""
    data = validate(GameInput, read_json(file))
    lexicon = lexicon_for(dict_spec or data.dictionary)
    result = game_input(data, lexicon)
    out = {"dictionary": lexicon.info.to_dict(), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    for n, r in enumerate(out["rounds"], 1):
        click.echo(f"Round {n}: " + ", ".join(f"{k} {v}" for k, v in r["scores"].items()))
    for row in out["ranking"]:
        click.echo(f"{row['rank']}. {row['name']:<16} {row['total']:>5}")
    click.echo(f"Winner{'s' if len(out['winners']) > 1 else ''}: {', '.join(out['winners'])}")


@click.command()
@click.argument("word")
@click.option("--by", required=True, help="Who challenges.")
@click.option("--player", default=None, help="Whose word it is.")
@click.option("--as-printed", is_flag=True, help="Settle by the rulebook's printed text, not its intent (C1).")
@dict_option
@json_option
def challenge(word: str, by: str, player: str | None, as_printed: bool, dict_spec: str | None, as_json: bool) -> None:
    """Settle a challenge of WORD: look it up and say who scores what."""
    validate(ChallengeRequest, {"word": word, "by": by, "player": player, "as_printed": as_printed})
    if player == by:
        fail(f"{by!r} cannot challenge their own word")  # as `novelty round` refuses it
    lexicon = lexicon_for(dict_spec)
    outcome = settle_challenge(word, lexicon, Rules(challenges_as_printed=as_printed))
    out = {"dictionary": lexicon.info.to_dict(), "by": by, "player": player, **outcome.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    click.echo(outcome.text.replace("the challenger", by).replace("its player", player or "its player"))


@click.command()
@click.option("--hand", type=CardsType(), required=True, help='The hand\'s card ids: "a1 e4 th2 wild4".')
@click.option("--pool", type=CardsType(), help="The common pool's card ids.")
@click.option("--motif", "motifs", multiple=True, metavar="ID", help="A motif in play, in flip order (repeatable).")
@click.option("--escaped", metavar="LETTER", help="The Escaped from Captivity letter (default: try every one).")
@click.option("--opponent", "opponents", multiple=True, metavar="WORDS",
              help="One opponent's words this round, comma-separated (repeatable), for round-level motifs.")
@click.option("--top", type=int, default=3, show_default=True, help="How many plays to show, best first.")
@click.option("--time-limit", type=float, metavar="S", help="Stop after S seconds with the best play found so far.")
@with_rules
@dict_option
@json_option
def best(hand: Counter[str], pool: Counter[str] | None, motifs: tuple[str, ...], escaped: str | None,
         opponents: tuple[str, ...], top: int, time_limit: float | None, motifs_after_cards: bool,
         my_name_is_extra: bool, dict_spec: str | None, as_json: bool) -> None:
    """Find the best-scoring play of a hand plus the pool, and the runners-up."""
    data = validate(BestInput, {
        "hand": list(hand.elements()), "pool": list(pool.elements()) if pool else None, "motifs": list(motifs),
        "escaped": escaped, "top": top, "time_limit": time_limit,
        "opponents": [[w.strip() for w in o.split(",") if w.strip()] for o in opponents] if opponents else None,
        "rules": {"motifs_after_card_effects": motifs_after_cards, "my_name_is_counts_extra_copies": my_name_is_extra},
    })
    lexicon, result = best_input(data, lexicon_for(dict_spec))
    out = {"dictionary": lexicon.info.to_dict(), "motifs": list(motifs), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    proof = "best possible" if result.optimal else "best found before the time limit (not proved best)"
    for n, play in enumerate(out["plays"], 1):
        title = proof if n == 1 else f"runner-up {n - 1}"
        click.echo(f"Play {n}: {play['total']} points ({title})")
        if n == 1:
            print_play(play, "  ")
        else:
            for word in play["words"]:
                click.echo(f"  {word['word']:<12} {word['score']:>4}   [{' '.join(word['cards'])}]")
            for adj in play["adjustments"]:
                click.echo(f"  {adj['source']:<12} {adj['points']:>+4}   {adj['text']}")
        if play["escaped"]:
            click.echo(f"  escaped letter: {play['escaped']}")
        click.echo(f"  unused: {' '.join(play['unused']) or 'none'}")
    for note in out["notes"]:
        click.echo(f"note: {note}", err=True)
