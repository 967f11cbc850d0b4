"""The scoring commands: score, round, game, challenge."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import click

from novelty.cli.common import (
    describe_dictionary,
    describe_variant,
    dict_option,
    emit_json,
    fail,
    json_option,
    lexicon_for,
    read_json,
    variant_answer,
    variant_option,
)
from novelty.cli.examples import example_hint
from novelty.cli.plays import CardsType, print_play, rule_switches, with_rules
from novelty.inputs import (
    ChallengeRequest,
    GameInput,
    RoundInput,
    ScoreInput,
    game_input,
    round_input,
    score_input,
    validate,
)
from novelty.rounds import settle_challenge
from novelty.scoring import Rules
from novelty.tally import ranking, winners

if TYPE_CHECKING:
    from novelty.variant import Variant


@click.command()
@click.argument("words", nargs=-1, required=True, metavar="WORD...")
@click.option("--motif", "motifs", multiple=True, metavar="ID", help="A motif in play, in flip order (repeatable).")
@click.option("--hand", type=CardsType(), help="The hand's card ids, so unused-card motifs count.")
@click.option("--pool", type=CardsType(), help="The common pool's card ids.")
@click.option("--escaped", metavar="LETTER", help="The letter chosen under Escaped from Captivity.")
@with_rules
@variant_option
@dict_option
@json_option
def score(words: tuple[str, ...], motifs: tuple[str, ...], hand: Counter[str] | None, pool: Counter[str] | None,
          escaped: str | None, motifs_after_cards: bool, my_name_is_extra: bool, escaped_keeps_own_letter: bool,
          variant: Variant | None, dict_spec: str | None, as_json: bool) -> None:
    """Score one player's play: each WORD is its cards by id, as in "th2 e4 wild4=m e1"."""
    data = validate(ScoreInput, {
        "words": list(words), "motifs": list(motifs), "escaped": escaped,
        "rules": rule_switches(motifs_after_cards, my_name_is_extra, escaped_keeps_own_letter),
    })
    data.hand, data.pool = (list(hand.elements()) if hand is not None else None,
                            list(pool.elements()) if pool is not None else None)
    lexicon, result = score_input(data, lexicon_for(dict_spec), variant)
    out = {"dictionary": lexicon.info.to_dict(), **variant_answer(variant.name if variant else None),
           "motifs": list(motifs), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    describe_variant(out.get("variant"))
    print_play(out)
    click.echo(f"{'TOTAL':<12} {out['total']:>4}")


@click.command("round", epilog=example_hint("novelty round"))
@click.argument("file", metavar="FILE.json")
@variant_option
@dict_option
@json_option
def round_command(file: str, variant: Variant | None, dict_spec: str | None, as_json: bool) -> None:
    """Score a round from FILE.json (players' plays and hands, motifs, pool, challenges); '-' reads stdin."""
    data = validate(RoundInput, read_json(file))
    lexicon = lexicon_for(dict_spec or data.dictionary)
    result = round_input(data, lexicon, variant=variant)
    out = {"dictionary": lexicon.info.to_dict(), **variant_answer(played_by(data, variant)), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    describe_variant(out.get("variant"))
    print_round(out)
    print_standings(out["scores"])


def played_by(data: RoundInput | GameInput, variant: Variant | None) -> str | None:
    """Return the name of the variant a file's input was scored by: its own, or the --variant file's."""
    return data.variant.name if data.variant is not None else variant.name if variant is not None else None


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


@click.command(epilog=example_hint("novelty game"))
@click.argument("file", metavar="FILE.json")
@variant_option
@dict_option
@json_option
def game(file: str, variant: Variant | None, dict_spec: str | None, as_json: bool) -> None:
    """Score a whole game from FILE.json: its rounds summed, winner(s) with ties shared.

    FILE.json may also be a game the engine played (a self-play record): its plays are scored again.
    """
    raw = read_json(file)
    if isinstance(raw, dict) and "record" in raw:
        from novelty.selfplay import record_from_dict

        raw = record_from_dict(raw).to_game_input()
    data = validate(GameInput, raw)
    lexicon = lexicon_for(dict_spec or data.dictionary)
    result = game_input(data, lexicon, variant)
    out = {"dictionary": lexicon.info.to_dict(), **variant_answer(played_by(data, variant)), **result.to_dict()}
    if as_json:
        emit_json(out)
        return
    click.echo(describe_dictionary(out["dictionary"]))
    describe_variant(out.get("variant"))
    for n, r in enumerate(out["rounds"], 1):
        click.echo(f"Round {n}: " + ", ".join(f"{k} {v}" for k, v in r["scores"].items()))
    print_standings(out["totals"])


def print_standings(scores: dict[str, int]) -> None:
    """Print the players ranked by ``scores`` (ties share a rank) and the winner(s), as round and game do."""
    for rank, name, total in ranking(scores):
        click.echo(f"{rank}. {name:<16} {total:>5}")
    best = winners(scores)
    click.echo(f"Winner{'s' if len(best) > 1 else ''}: {', '.join(best)}")


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
