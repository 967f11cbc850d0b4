"""Request and response models of the JSON API; they validate input and feed the OpenAPI document."""

from __future__ import annotations

import functools
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints, field_validator

from novelty.inputs import Strict

DictName = Literal["twl", "twl06", "sowpods", "collins", "csw"]
"""Word lists the API serves. Paths to files are a CLI-only feature."""

DictField: Any = Field("twl", alias="dict", description="Word list: twl (default), sowpods, or an alias.")

Word = Annotated[str, StringConstraints(min_length=1, max_length=64)]

MAX_WORDS = 500
MAX_BLANKS = 3


class Query(Strict):
    """A query string's model."""

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:  # type: ignore[override]
        """Return the model's JSON Schema; the plain form once built, as flask-openapi3 asks for it per request.

        Rebuilding it was about 30 % of a GET /v1/words (the serve profile, issue 26). The document's forms
        (with a ref_template) are built each time, as before: the generator may change what it is given.
        """
        if args or kwargs:
            return super().model_json_schema(*args, **kwargs)
        return _plain_schema(cls)


@functools.cache
def _plain_schema(model: type[Query]) -> dict[str, Any]:
    """Return ``model``'s JSON Schema with pydantic's defaults, built once per model."""
    return super(Query, model).model_json_schema()


class DictQuery(Query):
    dictionary: DictName = DictField


class WordPath(BaseModel):
    word: Word = Field(..., description="The word to check, any case.")


class CheckBody(Strict):
    words: list[Word] = Field(..., min_length=1, max_length=MAX_WORDS, description="Words to check.")
    dictionary: DictName = DictField


class AnagramBody(Strict):
    letters: Annotated[str, StringConstraints(min_length=1, max_length=20, pattern=r"^[A-Za-z?]+$")] = Field(
        ..., description=f"Letters to use; '?' stands for any one letter (at most {MAX_BLANKS}).",
        json_schema_extra={"pattern": rf"^[A-Za-z]*(\?[A-Za-z]*){{0,{MAX_BLANKS}}}$"})
    min: int = Field(4, ge=1, le=20, description="Shortest word to list.")
    dictionary: DictName = DictField

    @field_validator("letters")
    @classmethod
    def _blanks(cls, letters: str) -> str:
        if letters.count("?") > MAX_BLANKS:
            raise ValueError(f"at most {MAX_BLANKS} '?' blanks: {letters!r}")
        return letters


class Dictionary(BaseModel):
    name: str
    label: str = Field(..., description="How the list is named in answers: TWL06, SOWPODS.")
    words: int = Field(..., description="Number of words in the list.")
    sha256: str = Field(..., description="SHA-256 of the source word list.")


class WordResult(BaseModel):
    word: str
    in_list: bool
    valid: bool = Field(..., description="Playable in Novelty: in the list, letters only, longer than 3 letters.")
    reason: str | None = Field(None, description="Why the word is not playable: too short, not in LIST, ...")


class CheckResponse(BaseModel):
    dictionary: Dictionary
    results: list[WordResult]


class WordResponse(WordResult):
    dictionary: Dictionary


class AnagramResponse(BaseModel):
    dictionary: Dictionary
    letters: str
    min: int
    count: int = Field(..., description="Words listed: at most 1000, the longest first.")
    found: int = Field(..., description="Words found; more than `count` when the list was cut.")
    truncated: bool = Field(..., description="Whether words found were left out of `words` (over 1000 found).")
    timed_out: bool = Field(..., description="Whether the search stopped at its 2 s limit, so formable words "
                            "may be missing.")
    words: list[str]


class Health(BaseModel):
    status: Literal["ok"]
    version: str


class FieldError(BaseModel):
    loc: str = Field(..., description='Where in the request: "words.0", "body".')
    msg: str
    type: str = Field(..., description='pydantic\'s error type: "missing", "int_type", "value_error" (a rule the '
                                       "schema cannot state)...")


class Problem(BaseModel):
    """An RFC 9457 problem-details body (``application/problem+json``); every error the API returns has this shape."""

    type: str = "about:blank"
    title: str
    status: int = Field(..., ge=400, le=599)
    detail: str
    instance: str | None = None
    errors: list[FieldError] | None = Field(None, description="Each invalid field, for validation errors.")


# -- answers ------------------------------------------------------------------------------------------
# Answers allow fields beyond those listed (pydantic's default): a client reads what it knows.


class Step(BaseModel):
    """One step of a word's arithmetic: printed points, then each effect in the order applied."""

    source: str = Field(..., description="The card or motif that acts.")
    target: str = Field(..., description="The card or the word acted on.")
    op: str = Field(..., description='"points", "add", "multiply", "forfeit"...')
    amount: int
    from_: int | None = Field(..., alias="from")
    to: int
    note: str | None
    text: str


class CardValue(BaseModel):
    card: str
    letters: str
    points: int = Field(..., description="Printed points.")
    value: int = Field(..., description="Worth after effects.")


class ScoredWord(BaseModel):
    word: str
    cards: list[str]
    score: int = Field(..., description="The word's final score (after play-level effects and forfeits).")
    valid: bool
    reason: str | None
    breakdown: list[Step]
    card_values: list[CardValue]
    y_as_vowel: list[int] = Field(..., description="Positions of the Ys scored as vowels.")
    word_score: int = Field(..., description="The word's own score, before play-level effects.")
    doubled_by: list[str]
    forfeited: bool = False


class Adjustment(BaseModel):
    source: str
    points: int
    text: str


class PlayResult(BaseModel):
    total: int
    words: list[ScoredWord]
    adjustments: list[Adjustment]
    notes: list[str]


VariantName: Any = Field(None, description="The name of the house variant played by, when the request gave one.")


class ScoreResponse(PlayResult):
    dictionary: Dictionary
    variant: str | None = VariantName
    motifs: list[str]


class PlayerRound(BaseModel):
    name: str
    total: int
    play: PlayResult
    round_adjustments: list[Adjustment]


class Settlement(BaseModel):
    word: str
    valid: bool = Field(..., description="Whether the word is playable.")
    word_scores: bool
    challenger_points: int
    challenger_loses_shortest_word: bool
    reading: Literal["intent", "as-printed"]
    text: str


class ChallengeOutcome(Settlement):
    by: str
    player: str
    word_number: int


class RoundResult(BaseModel):
    motifs: list[str]
    players: list[PlayerRound]
    challenges: list[ChallengeOutcome]
    scores: dict[str, int]


class RoundResponse(RoundResult):
    dictionary: Dictionary
    variant: str | None = VariantName


class Ranked(BaseModel):
    rank: int
    name: str
    total: int


class GameResponse(BaseModel):
    dictionary: Dictionary
    variant: str | None = VariantName
    rounds: list[RoundResult]
    totals: dict[str, int]
    ranking: list[Ranked]
    winners: list[str]


class ChallengeResponse(Settlement):
    dictionary: Dictionary
    by: str
    player: str | None


class BestPlay(BaseModel):
    total: int
    words: list[ScoredWord]
    unused: list[str]
    adjustments: list[Adjustment]
    escaped: str | None
    notes: list[str]


class BestResponse(BaseModel):
    dictionary: Dictionary
    variant: str | None = VariantName
    motifs: list[str]
    optimal: bool = Field(..., description="Whether the first play is proved the best (false: the time ran out).")
    bound: int | None = Field(..., description="No play scores more than this (the first play's total when "
                                               "optimal; from a relaxation that ignores the word list when the "
                                               "search could not list every word).")
    plays: list[BestPlay]
    notes: list[str]
    stats: dict[str, Any]


class LineItem(BaseModel):
    label: str
    points: int
    detail: str | None


class PlayerTally(BaseModel):
    name: str
    items: list[LineItem]
    total: int


class GameScoreResponse(BaseModel):
    """A theatre game's answer: line items, totals, winner(s), rulings applied, and game-specific results."""

    model_config = ConfigDict(extra="allow")

    game: str
    players: list[PlayerTally]
    totals: dict[str, int]
    winners: list[str]
    rulings: list[str]


class AdviceEstimate(BaseModel):
    mean: float = Field(..., description="The mean best total over the samples.")
    low: float | None = Field(..., description="95% confidence interval (normal approximation); null with one "
                                               "sample.")
    high: float | None
    samples: int
    unproved: int = Field(..., description="Samples whose search stopped at its time limit (a lower bound).")
    dropped: bool = Field(..., description="Whether racing stopped sampling this choice as it trailed the leader.")


class AdviceChoice(BaseModel):
    rank: int
    label: str = Field(..., description='What the player does: "draft j1", "discard q1", "name e".')
    cards: list[str]
    same_as: list[str] = Field(..., description="Other cards that score exactly alike: the same answer.")
    value: int | None = Field(..., description="The best total the choice leads to (exact decisions).")
    proved: bool
    bound: int | None
    now: int | None = Field(..., description="Draft pick: the best total of hand + card (+ pool) if drafting ended.")
    expected: AdviceEstimate | None
    letter: str | None
    play: BestPlay | None = Field(..., description="The best play the choice leads to (for a draft pick, now).")


class AdviceResponse(BaseModel):
    dictionary: Dictionary
    variant: str | None = VariantName
    decision: str
    motif_text: str | None = Field(..., description="The motif's text this decision answers.")
    choices: list[AdviceChoice] = Field(..., description="Every choice, best first.")
    assumed: dict[str, Any] = Field(..., description="What the answer rests on: motifs, hand, pool, the cards "
                                                     "counted unseen, samples, seed, time limit.")
    seconds: float = Field(..., description="How long the answer took.")
    proved: bool = Field(..., description="Whether every value (or every sample's search) is proved best.")
    notes: list[str]
    stats: dict[str, Any]


def _keys_asked(schema: dict[str, Any]) -> None:
    """Require no key of a catalog list's item: it has the keys the request's ``fields`` names (all by default)."""
    schema.pop("required", None)


class CardKindOut(BaseModel):
    """One row of the rulebook's letter card table (`novelty cards --json`); with `fields`, the keys it names."""

    model_config = ConfigDict(json_schema_extra=_keys_asked)

    id: str = Field(..., description='The card id used in plays: "a1", "th2", "wildvowel3".')
    letter: str = Field(..., description='The Letter column as printed: "a", "th", "Wild Vowel".')
    letters: str | None = Field(..., description="The printed letters, or null for a wild.")
    wild: Literal["any", "consonant", "vowel", "double"] | None = Field(
        ..., description="What a wild may stand for (double: two letters); null for a printed letter card.")
    count: int = Field(..., ge=1, description="Copies of this kind in the deck.")
    points: int = Field(..., description="Printed points.")
    colour: Literal["red", "blue"] | None
    effect: str = Field(..., description='The effect as printed ("" for none; "Red"/"Blue" name the colour).')


class CardKindList(RootModel[list[CardKindOut]]):
    """Every letter card kind, in rulebook order."""


class MotifOut(BaseModel):
    """One motif card (`novelty motifs --json`); with `fields`, the keys it names."""

    model_config = ConfigDict(json_schema_extra=_keys_asked)

    id: str = Field(..., description='The motif id used in plays and rounds: "assonance", "first-letter".')
    name: str
    scope: Literal["word", "player", "round", "cards", "draft"] = Field(
        ..., description="Where it acts: cards or words, a player's whole play, across players, which cards may be "
                         "used, or the draft (no effect on scoring).")
    effect: str
    quote: str
    work: str
    year: str
    author: str


class MotifList(RootModel[list[MotifOut]]):
    """Every motif card, in rulebook order."""


def fields_parameter(item: type[BaseModel], example: str) -> Any:
    """Return the ``fields`` parameter of a list of ``item``: the keys of each item to send, comma-separated."""
    name = f"(?:{'|'.join(item.model_fields)})"
    return Field(",".join(item.model_fields), json_schema_extra={"pattern": f"^{name}(?:,{name})*$"},
                 description=f"The keys of each item to send, comma-separated (`{example}`); all of them by default.")


def known_fields(fields: str, item: type[BaseModel]) -> str:
    """Return ``fields`` if it names keys of ``item`` only; else refuse it, naming the unknown ones and the keys."""
    unknown = [name for name in fields.split(",") if name not in item.model_fields]
    if unknown:
        raise ValueError(f"unknown field {', '.join(map(repr, unknown))}: the fields are "
                         f"{', '.join(item.model_fields)}")
    return fields


class FieldsQuery(Query):
    """The query of a list whose items are ``listed``: ``fields`` names the keys of each item to send."""

    listed: ClassVar[type[BaseModel]]
    fields: str

    @field_validator("fields")
    @classmethod
    def _known(cls, fields: str) -> str:
        return known_fields(fields, cls.listed)


class CardsQuery(FieldsQuery):
    listed = CardKindOut
    fields: str = fields_parameter(CardKindOut, "id,letter,points")


class MotifsQuery(FieldsQuery):
    listed = MotifOut
    fields: str = fields_parameter(MotifOut, "id,name,scope,effect")
