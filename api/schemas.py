"""Request and response models of the JSON API; they validate input and feed the OpenAPI document."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

DictName = Literal["twl", "twl06", "sowpods", "collins", "csw"]
"""Word lists the API serves. Paths to files are a CLI-only feature."""

DictField: Any = Field("twl", alias="dict", description="Word list: twl (default), sowpods, or an alias.")

Word = Annotated[str, StringConstraints(min_length=1, max_length=64)]

MAX_WORDS = 500


class Strict(BaseModel):
    """A request model that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class DictQuery(Strict):
    dictionary: DictName = DictField


class WordPath(BaseModel):
    word: Word = Field(..., description="The word to check, any case.")


class CheckBody(Strict):
    words: list[Word] = Field(..., min_length=1, max_length=MAX_WORDS, description="Words to check.")
    dictionary: DictName = DictField


class AnagramBody(Strict):
    letters: Annotated[str, StringConstraints(min_length=1, max_length=20, pattern=r"^[A-Za-z?]+$")] = Field(
        ..., description="Letters to use; '?' stands for any one letter (at most 3).")
    min: int = Field(4, ge=1, le=20, description="Shortest word to list.")
    dictionary: DictName = DictField


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
    count: int
    words: list[str]


class Health(BaseModel):
    status: Literal["ok"]
    version: str


class Problem(BaseModel):
    """An RFC 9457 problem-details body; every error the API returns has this shape."""

    type: str = "about:blank"
    title: str
    status: int
    detail: str
    instance: str | None = None
    errors: list[dict] | None = Field(None, description="Each invalid field, for validation errors.")
