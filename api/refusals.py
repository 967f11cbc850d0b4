"""Every problem an operation can answer, as flask-openapi3 ``responses``: the 400s and the rules behind them, 413,
415, and the 429 of a busy server.

A body can fit its JSON Schema and still be refused: a JSON Schema cannot say that two fields name different
players, or that a card is used no more often than the hand holds. Each such rule is a :class:`Rule`; an
operation names the rules that can refuse its bodies, and its 400's description lists them, so a client knows
every reason a schema-valid body may get a 400.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from novelty.api.problems import PROBLEM_JSON
from novelty.solver import MAX_CARDS

PROBLEM = {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule a schema-valid body can break: what it asks (for the document), and how the problem's detail reads."""

    text: str
    detail: str
    """A regular expression found in the detail of the 400 that refuses a body for this rule."""

    def refused(self, detail: str) -> bool:
        """Return whether a problem's detail is this rule's refusal."""
        return re.search(self.detail, detail) is not None


# -- cards and plays ------------------------------------------------------------------------------------

NOTATION = Rule(
    "every word is card notation the catalog can read: known card ids, a wild with the letters it stands for "
    "(`wild4=m`, a Wild Vowel a vowel, a Double Wild two letters), a card turned wild for one letter, a copy "
    "naming a repeat motif (`k3+alliteration`), a free wild with its letter (`qfwfq=t`)",
    r"^(bad card: |unknown card id: |empty word: |a free wild |a wild needs |a card turned wild |\S+'s free wild "
    r"cannot |\S+ stands for |'[^']*' is not a repeat-a-card motif)")
PLAY = Rule(
    "the play keeps the rules: no card used more often than the hand and pool hold, a copy or a free wild only "
    "under the motif that gives it (one free wild), only a wild names its letters, no wild for the escaped letter",
    r"( used \d+ times? but the | is not in the hand or pool|^no free wild without |^only a wild may name |"
    r"^the escaped letter is | gives one free wild| does not allow these copies|^fight-back-to-back repeats |"
    r" is not in play: |^name the repeat motif )")
DECK = Rule("no card more often than the deck holds it (`GET /v1/cards` gives each kind's count), all the cards "
            "given counted together", r"^the deck has \d+ of ")
SOLVER = Rule(f"the hand and pool hold at most {MAX_CARDS} cards together", r"^hand and pool hold \d+ cards")

# -- house variants -------------------------------------------------------------------------------------

VARIANT = Rule(
    "a `variant` can be played: a name that is not blank; each card it changes is a printed one, or a new one "
    "numbered on from its letter's printed rows (`q3` after `q1` and `q2`; a new letter's from 1) giving its count "
    "and points; each effect is from the cards' vocabulary, adds at most 10 and names words of at most 20 letters "
    "(`GET /v1/cards` shows the printed ones; a colour is `colour`, not an effect); no card is both changed and "
    "removed; a player holds a card at least, and a hand and the pool at most 40 together; and the cards and motifs "
    "left deal a round to two players and flip each round's motifs",
    r"^variant\.")
VARIANT_IDS = Rule("under a `variant`, the printed cards and motifs it removes, and card ids it does not add, are "
                   "unknown", r"^unknown (card id|motif): ")
ONE_WORD = Rule("under a `variant` with `one_word`, a play is one word at most", r"^the one-word rule is in play")
VARIANTS = (VARIANT, VARIANT_IDS)
"""What can refuse a body that plays by a variant."""

# -- rounds and challenges ------------------------------------------------------------------------------

NAMES = Rule("player names differ", r"^player names must differ")
CHALLENGES = Rule(
    "a challenge names two different players of the round and a word the challenged player played (its number "
    "or its letters), and no word is challenged twice by the same player",
    r"(^unknown player in challenge: | cannot challenge their own word$| has no word number | played no word |"
    r"'s word \d+ \(\w+\) twice$)")
OWN_WORD = Rule("`by` and `player` differ: no one challenges their own word", r" cannot challenge their own word")

# -- decisions ------------------------------------------------------------------------------------------

UNSEEN = Rule("enough cards are left unseen (the deck less every card given) to deal each sample",
              r"^only \d+ cards are unseen; cannot deal ")

# -- theatre games --------------------------------------------------------------------------------------

GAME_NAMES = Rule("player names differ, and every name given elsewhere in the body (a choice, a Crush, an "
                  "actor's player...) is one of the players", r"(^player names must differ|^unknown player in )")
OTHELLO = (
    Rule("no player holds a script card from after `after_act`, or one card twice",
         r"( holds .+, from after act | holds a script card twice)"),
    Rule("when players tie for fewest points, `previous_lead` breaks the tie",
         r"^players tie for fewest points: give previous_lead"),
)
THESPIANAGE = (
    Rule("each player plays a different character (the schema keeps a player's Crush and Nemesis apart and from "
         "their own character)", r"^each player plays a different character"),
)
STAGE_BLOOD_SCORE: tuple[Rule, ...] = ()
STAGE_BLOOD_RESOLVE = (
    Rule("the table's play ids differ, and each actor is sent to a play on the table",
         r"(play ids must differ| is sent to .+, which is not on the table)"),
    Rule("each player sends one actor a round, and spends no more gold than they have",
         r"( sent \d+ actors; each player chooses one| spends \d+ gold on .+ but has \d+)"),
)
MOOD_X = (
    Rule("every player chooses a mood, one on the dial (`moods`, whose eight moods differ)",
         r"(^no mood for |^the dial's moods must differ| chose .+, which is not a mood on the dial)"),
)
MOOD_X_GAME = (*MOOD_X, Rule("no turn comes after the one that ended the game (`target` reached)",
                             r"^turn \d+ comes after the game ended"))


# -- responses ------------------------------------------------------------------------------------------

def problem(status: int, description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return one problem-details response, as flask-openapi3 takes it."""
    response: dict[str, Any] = {"description": f"{HTTPStatus(status).phrase}: {description}", "content": PROBLEM}
    if headers:
        response["headers"] = headers
    return response


def bad_request(rules: tuple[Rule, ...], body: bool = True) -> dict[str, Any]:
    """Return the 400: what the request must be, and each rule beyond its schema that can refuse it."""
    what = ("the body is not a JSON object, is nested too deeply, or does not fit the schema (`errors` names each "
            "field)" if body else "a parameter does not fit the schema (`errors` names each one)")
    if not rules:
        return problem(400, f"{what}. Every request that fits the schema is answered.")
    listed = "\n".join(f"- {rule.text}" for rule in rules)
    return problem(400, f"{what}; or it fits the schema but breaks a rule the schema cannot state:\n\n{listed}")


BUSY = problem(429, "the server is full (under `novelty serve`): every compute slot of the worker that took the "
                    "request stayed busy while it waited, or every thread but the one kept for GETs holds a POST. "
                    "Send it again after the seconds in `Retry-After`.",
               headers={"Retry-After": {"description": "Seconds to wait before sending the request again.",
                                        "schema": {"type": "integer", "minimum": 0}}})


def post_problems(*rules: Rule) -> dict[Any, Any]:
    """Return a POST's problem responses: 400 (with ``rules``), 413, 415, and 429 when the server is busy."""
    return {400: bad_request(rules),
            413: problem(413, "the body is over the size limit."),
            415: problem(415, "the body is not sent as JSON (`Content-Type: application/json`)."),
            429: BUSY}


def get_problems(*statuses: int) -> dict[Any, Any]:
    """Return a GET's problem responses: 400 for a parameter that does not fit the schema, and ``statuses``."""
    described = {404: "the path names no endpoint (a word that holds `/`, or none)."}
    return {400: bad_request((), body=False), **{s: problem(s, described[s]) for s in statuses}}
