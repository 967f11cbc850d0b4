"""Documented JSON inputs for scoring a play, a round, a game and a challenge.

The same pydantic models validate the CLI's files and the API's bodies, and give the API its
OpenAPI schemas. ``to_*`` methods turn a validated input into core values, raising the project's
errors for anything the rules refuse.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator, model_validator

from novelty.catalog import use_catalog
from novelty.errors import NotationError, VariantError
from novelty.lexicon import Lexicon, open_lexicon
from novelty.options import (
    BEST_MAX_SECONDS,
    BEST_SECONDS,
    BEST_TIME_HELP,
    ESCAPED_HELP,
    TOP,
    TOP_HELP,
    VARIANT_KINDS,
    VARIANT_NAME_LENGTH,
)
from novelty.options import VARIANT_COUNT as COUNT
from novelty.options import VARIANT_DEALT as DEALT
from novelty.options import VARIANT_DRAFTED as DRAFTED
from novelty.options import VARIANT_MOTIFS as MOTIFS
from novelty.options import VARIANT_POINTS as POINTS
from novelty.options import VARIANT_POOL as POOL
from novelty.options import VARIANT_ROUNDS as ROUNDS
from novelty.play import Play, parse_cards
from novelty.rounds import Challenge, GameResult, Player, RoundResult, score_game, score_round
from novelty.scoring import PlayScore, Rules, score_play
from novelty.solver import SolveResult, solve

if TYPE_CHECKING:
    from novelty.variant import Variant

MAX_WORDS = 20
MAX_PLAYERS = 12

WordText = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Cards = Annotated[str, StringConstraints(max_length=600)] | list[Annotated[str, StringConstraints(max_length=40)]]
Letter = Annotated[str, StringConstraints(pattern=r"^[a-zA-Z]$")]


MAX_DEPTH = 32
"""The deepest nesting of arrays and objects an input may have (the deepest documented input has 6 levels);
check it with :func:`nesting_depth` before parsing, as Python's JSON parser raises RecursionError near 1,000."""

_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*(?:"|\Z)|[\[\]{}]', re.DOTALL)
"""A JSON string (skipped whole, so brackets inside strings do not count; an unclosed one runs to the end, so
that the scan stays linear) or a bracket."""


def nesting_depth(raw: bytes | str, limit: int = MAX_DEPTH) -> int:
    """Return how deeply the JSON text ``raw``'s arrays and objects nest, counting no further than ``limit + 1``."""
    depth = deepest = 0
    for m in _TOKENS.finditer(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw):
        token = m.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


class Strict(BaseModel):
    """An input model: unknown fields are refused, and so are values of the wrong JSON type (``true`` is not the
    number 1, ``"3"`` is not 3). A whole number written ``3.0`` is the integer 3, as JSON Schema reads it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _whole_numbers(cls, data: Any) -> Any:
        return whole_numbers(data)


def whole_numbers(data: Any) -> Any:
    """Return ``data`` with every float that is a whole number (``3.0``) made an int, in lists and objects too."""
    if isinstance(data, float) and data.is_integer():
        return int(data)
    if isinstance(data, dict):
        return {k: whole_numbers(v) for k, v in data.items()}
    if isinstance(data, list):
        return [whole_numbers(v) for v in data]
    return data


class RulesInput(Strict):
    """Switches between readings of the rulebook (docs/rulings.md)."""

    motifs_after_card_effects: bool = False
    my_name_is_counts_extra_copies: bool = False
    challenges_as_printed: bool = False
    escaped_own_letter_keeps_card: bool = False

    def to_rules(self) -> Rules:
        return Rules(**self.model_dump())


# -- house variants (novelty.variant): the file's structure, inline in every input that scores or solves -----

CARD_KEY = r"^[a-z]+[1-9][0-9]*$"
CardKey = Annotated[str, StringConstraints(pattern=CARD_KEY, max_length=20)]
"""A card kind's id, lower-case: a printed one (``q2``) or a new one numbered on from its letter's rows (``q3``)."""
MotifKey = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=40)]


class VariantShape(Strict):
    """How a game of the variant is dealt and played (the ``[game]`` table); each field the rulebook's by default."""

    rounds: int = Field(default=3, ge=ROUNDS[0], le=ROUNDS[1], description="Rounds in a game.")
    motifs: int = Field(default=3, ge=MOTIFS[0], le=MOTIFS[1], description="Motifs flipped each round.")
    dealt: int = Field(default=3, ge=DEALT[0], le=DEALT[1], description="Cards each player draws to start a hand.")
    drafted: int = Field(default=8, ge=DRAFTED[0], le=DRAFTED[1], description="Cards each player drafts from.")
    pool: int = Field(default=0, ge=POOL[0], le=POOL[1], description="Cards dealt to the common pool each round.")
    one_word: bool = Field(default=False, description="Each player plays one word at most (ruling V1).")
    trade_hands: bool = Field(default=False, description="With two players, the players trade hands after drafting.")


class VariantCard(Strict):
    """A printed card kind changed (the fields given), or a new kind (count and points required; its letters, or
    its wild kind, are its id's: ``qu1``, ``wild9``)."""

    count: int | None = Field(default=None, ge=COUNT[0], le=COUNT[1], description="Copies in the deck.")
    points: int | None = Field(default=None, ge=POINTS[0], le=POINTS[1], description="Printed points.")
    effect: Annotated[str, StringConstraints(max_length=80)] | None = Field(
        None, description='The effect as printed on a card, from the cards\' vocabulary ("Double score of word", '
                          '"+2 per vowel in word"); "" for none.')
    colour: Literal["red", "blue", "none"] | None = Field(default=None, description="The card's colour.")


class VariantRemovals(Strict):
    """Printed cards and motifs taken out of the game: their ids are unknown under the variant."""

    cards: list[CardKey] = Field(default=[], max_length=200, description="Card kind ids.")
    motifs: list[MotifKey] = Field(default=[], max_length=60, description="Motif ids.")


class VariantInput(Strict):
    """A house variant (novelty.variant): its name, the game's shape, card kinds changed or added, and removals."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"name": "short q", "game": {"drafted": 6, "one_word": True}, "cards": {"q2": {"points": 3},
                                                                               "qu1": {"count": 2, "points": 3}},
         "remove": {"cards": ["x1"]}}]})

    name: Annotated[str, StringConstraints(min_length=1, max_length=VARIANT_NAME_LENGTH)] = Field(
        ..., description="The variant's name, given back in answers.")
    game: VariantShape = Field(default=VariantShape(), description="How a game is dealt and played.")
    cards: dict[CardKey, VariantCard] = Field(
        {}, max_length=VARIANT_KINDS, description="Card kinds changed or added, by id.",
        json_schema_extra={"propertyNames": {"pattern": CARD_KEY, "maxLength": 20}})
    remove: VariantRemovals = Field(default=VariantRemovals(), description="Cards and motifs taken out.")

    def to_variant(self, where: str = "") -> Variant:
        """Return the variant, checked (a VariantError names the field, after ``where``: ``variant.``)."""
        from novelty.variant import CardChange, Shape, Variant  # (scoring without a variant never loads it)

        try:
            return Variant(self.name, Shape(**self.game.model_dump()),
                           tuple(CardChange(ident, **card.model_dump()) for ident, card in self.cards.items()),
                           tuple(self.remove.cards), tuple(self.remove.motifs))
        except VariantError as exc:
            raise VariantError(f"{where}{exc}") from None


VariantField: Any = Field(None, description="House rules to play by (novelty.variant; the same structure as a "
                                            "variant file); the answer names it.")


def input_variant(data: BaseModel, variant: Variant | None = None) -> Variant | None:
    """Return the variant an input plays by: its own ``variant``, or ``variant`` (a file's), refusing both."""
    inline = getattr(data, "variant", None)
    if inline is None:
        return variant
    if variant is not None:
        raise VariantError("a variant is given twice: in the input and as a file; give one")
    return inline.to_variant("variant.")


def playing(variant: Variant | None) -> use_catalog:
    """Return a context manager putting ``variant``'s catalog in use (None: the printed one)."""
    return use_catalog(variant.catalog() if variant is not None else None)


class PlayInput(Strict):
    """One player's play: words in card notation, and optionally the hand."""

    words: list[WordText] = Field(..., max_length=MAX_WORDS, description='One string per word: "th2 e4 wild4=m e1".')
    hand: Cards | None = Field(None, description='The hand\'s card ids: "a1 b2 th2" or a list.')
    escaped: Letter | None = Field(None, description="The letter chosen under Escaped from Captivity.")

    @field_validator("escaped")
    @classmethod
    def _lower(cls, v: str | None) -> str | None:
        return v.lower() if v else v


class ScoreInput(PlayInput):
    """Score one player's play (`novelty score`, `POST /v1/score`)."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"words": ["th2 e4 wild4=m e1", "k3 o1 t3 o2"], "motifs": ["assonance", "hermit"], "dict": "twl"}]})

    motifs: list[str] = Field([], max_length=10, description="Motif ids in flip order.")
    pool: Cards | None = Field(None, description="Common pool card ids.")
    dictionary: str = Field("twl", alias="dict", description="Word list name.")
    rules: RulesInput = RulesInput()
    variant: VariantInput | None = VariantField


class PlayerInput(PlayInput):
    name: Annotated[str, StringConstraints(min_length=1, max_length=40)]


class ChallengeInput(Strict):
    by: str = Field(..., description="The challenger's name.")
    player: str = Field(..., description="The name of the player whose word is challenged.")
    word: int | str = Field(..., description="The challenged word: its number in that player's play (from 1) "
                                             "or its letters.")


class GameRoundInput(Strict):
    """One round: every player's play, the motifs in flip order, the pool and challenges made (a game's rounds play
    by the game's variant)."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"motifs": ["assonance", "laconic"], "pool": "s3 t2",
         "players": [{"name": "Ann", "hand": "th2 e4 wild4 e1 z2 o1 n1 e2 s1", "words": ["th2 e4 wild4=m e1"]},
                     {"name": "Bob", "words": ["d1 a3 t3 e3", "q1 u2 i3 t1"]}],
         "challenges": [{"by": "Ann", "player": "Bob", "word": "quit"}]}]})

    players: list[PlayerInput] = Field(..., min_length=1, max_length=MAX_PLAYERS)
    motifs: list[str] = Field([], max_length=10)
    pool: Cards | None = None
    challenges: list[ChallengeInput] = Field([], max_length=50)
    dictionary: str | None = Field(None, alias="dict", description="Word list name (default twl).")
    rules: RulesInput | None = None


class RoundInput(GameRoundInput):
    """One round: every player's play, the motifs in flip order, the pool and challenges made."""

    variant: VariantInput | None = VariantField


class GameInput(Strict):
    """A whole game: its rounds (usually three), scored and summed."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"rounds": [{"motifs": ["hermit"], "players": [{"name": "Ann", "words": ["d1 a3 t3 e3"]},
                                                       {"name": "Bob", "words": ["th2 e4 wild4=m e1"]}]},
                    {"motifs": [], "players": [{"name": "Ann", "words": ["b1 o1 o2 k1"]},
                                               {"name": "Bob", "words": ["j1 o1 k1 e3"]}]}]}]})

    rounds: list[GameRoundInput] = Field(..., min_length=1, max_length=10)
    dictionary: str = Field("twl", alias="dict")
    rules: RulesInput = RulesInput()
    variant: VariantInput | None = VariantField


class ChallengeRequest(Strict):
    """Settle one challenge (`novelty challenge`, `POST /v1/challenge`)."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"word": "quixotic", "by": "Ann", "player": "Bob"}]})

    word: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    by: Annotated[str, StringConstraints(min_length=1, max_length=40)] = "challenger"
    player: Annotated[str, StringConstraints(min_length=1, max_length=40)] | None = None
    dictionary: str = Field("twl", alias="dict")
    as_printed: bool = False

    @model_validator(mode="after")
    def _not_their_own(self) -> ChallengeRequest:
        if self.player is not None and self.player == self.by:
            raise ValueError(f"{self.by!r} cannot challenge their own word")  # as a round refuses it
        return self


class BestInput(Strict):
    """Find the best plays of a hand plus the pool (`novelty best`, `POST /v1/best`)."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hand": "th2 e4 m1 e1 s1 a1 r1", "pool": "l1 d1", "motifs": ["assonance"], "top": 2}]})

    hand: Cards = Field(..., description='The hand\'s card ids: "a1 b2 th2" or a list.')
    pool: Cards | None = Field(None, description="Common pool card ids.")
    motifs: list[str] = Field([], max_length=10, description="Motif ids in flip order.")
    escaped: Letter | None = Field(None, description=ESCAPED_HELP)
    opponents: list[list[WordText]] | None = Field(
        None, max_length=MAX_PLAYERS, description="The other players' words this round (letters), for "
                                                  "Sesquipedalian, Pangram and Laconic.")
    top: int = Field(TOP, ge=1, le=20, description=TOP_HELP)
    time_limit: float = Field(BEST_SECONDS, gt=0, le=BEST_MAX_SECONDS, description=BEST_TIME_HELP)
    dictionary: str = Field("twl", alias="dict", description="Word list name.")
    rules: RulesInput = RulesInput()
    variant: VariantInput | None = VariantField

    @field_validator("escaped")
    @classmethod
    def _lower(cls, v: str | None) -> str | None:
        return v.lower() if v else v


def field_problems(exc: ValidationError, where: str = "") -> str:
    """Return pydantic's errors as one line: each field's path (after ``where``) and what is wrong with it."""
    return "; ".join(f"{where}{'.'.join(str(p) for p in e['loc']) or 'input'}: {e['msg']}" for e in exc.errors())


def validate(model: type[BaseModel], data: Any) -> Any:
    """Return ``data`` validated as ``model``, or raise NotationError naming each bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = field_problems(exc)
        raise NotationError(f"invalid {model.__name__.removesuffix('Input').lower()} input: {problems}") from None


def _counts(cards: Any) -> Counter[str] | None:
    return None if cards is None else parse_cards(cards)


def _rules(rules: RulesInput | None, variant: Variant | None, default: Rules | None = None) -> Rules:
    """Return the rules an input asks for, with its variant's house rules."""
    chosen = rules.to_rules() if rules is not None else default or Rules()
    return variant.rules(chosen) if variant is not None else chosen


def score_input(data: ScoreInput, lexicon: Lexicon | None = None, variant: Variant | None = None
                ) -> tuple[Lexicon, PlayScore]:
    """Return the lexicon used and the play's score; ``variant`` (a file's) when the input names none."""
    variant = input_variant(data, variant)
    lexicon = lexicon or open_lexicon(data.dictionary)
    with playing(variant):
        play = Play.parse(data.words)
        return lexicon, score_play(play, lexicon, data.motifs, hand=_counts(data.hand), pool=_counts(data.pool),
                                   rules=_rules(data.rules, variant), escaped=data.escaped)


def round_input(data: GameRoundInput, lexicon: Lexicon | None = None, rules: Rules | None = None,
                variant: Variant | None = None) -> RoundResult:
    """Return the round's result; ``variant`` (a file's, or the game's) when the input names none."""
    variant = input_variant(data, variant)
    lexicon = lexicon or open_lexicon(data.dictionary)
    with playing(variant):
        players = [Player(p.name, Play.parse(p.words), _counts(p.hand)) for p in data.players]
        by_name = {p.name: p for p in players}
        challenges = []
        for ch in data.challenges:
            if ch.player not in by_name:
                raise NotationError(f"unknown player in challenge: {ch.player!r}")
            words = by_name[ch.player].play.words
            if isinstance(ch.word, int):
                index = ch.word - 1
            else:
                matches = [i for i, w in enumerate(words) if w.text == ch.word.strip().lower()]
                if not matches:
                    raise NotationError(f"{ch.player!r} played no word {ch.word!r}")
                index = matches[0]
            challenges.append(Challenge(ch.by, ch.player, index))
        escaped = {p.name: p.escaped for p in data.players if p.escaped}
        return score_round(players, lexicon, data.motifs, pool=_counts(data.pool), challenges=challenges,
                           rules=_rules(data.rules, variant, rules), escaped=escaped)


def best_input(data: BestInput, lexicon: Lexicon | None = None, variant: Variant | None = None
               ) -> tuple[Lexicon, SolveResult]:
    """Return the lexicon used and the solver's best plays; ``variant`` (a file's) when the input names none."""
    variant = input_variant(data, variant)
    lexicon = lexicon or open_lexicon(data.dictionary)
    with playing(variant):
        return lexicon, solve(lexicon, parse_cards(data.hand), _counts(data.pool), data.motifs,
                              rules=_rules(data.rules, variant), escaped=data.escaped, opponents=data.opponents,
                              top=data.top, time_limit=data.time_limit)


def game_input(data: GameInput, lexicon: Lexicon | None = None, variant: Variant | None = None) -> GameResult:
    """Return the game's result; a round naming its own list is judged by that list. ``variant`` (a file's) when
    the input names none."""
    variant = input_variant(data, variant)
    lexicon = lexicon or open_lexicon(data.dictionary)
    rules = data.rules.to_rules()
    return score_game([round_input(r, open_lexicon(r.dictionary) if r.dictionary else lexicon, rules, variant)
                       for r in data.rounds])
