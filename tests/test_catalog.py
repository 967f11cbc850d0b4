"""The card catalog matches the rulebook's tables ("Letter card distribution", "Motif cards")."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from importlib import resources

import pytest

from novelty.catalog import Colour, WildKind, card_kind_id, catalog_from_data, load_catalog, motif_id
from novelty.effects import Condition, Op, Target
from novelty.effects import Counter as Per
from novelty.errors import CatalogError, NotationError

CATALOG = load_catalog()


def raw_data() -> dict:
    return json.loads(resources.files("novelty").joinpath("data/catalog.json").read_text(encoding="utf-8"))


def test_game_components_168_letter_cards_in_134_kinds_and_48_motifs() -> None:
    # "168 letter cards (breakdown found below)", "48 motif cards (breakdown found below)"
    assert CATALOG.card_count == 168
    assert len(CATALOG.kinds) == 134
    assert len(CATALOG.motifs) == 48


# Copies of each Letter column, summed from the rulebook table by hand.
PER_LETTER = {
    "a": 8, "b": 3, "c": 5, "d": 6, "doublewild": 2, "e": 10, "ed": 2, "ee": 2, "en": 2, "er": 2, "es": 2,
    "f": 4, "g": 5, "h": 5, "i": 8, "j": 2, "k": 3, "l": 6, "m": 5, "n": 6, "nd": 2, "ng": 2, "o": 6,
    "ou": 2, "p": 3, "q": 2, "r": 6, "re": 2, "s": 4, "t": 6, "te": 2, "th": 2, "ti": 2, "u": 4, "v": 3,
    "w": 4, "wild": 8, "wildconsonant": 6, "wildvowel": 6, "x": 2, "y": 4, "z": 2,
}


def test_per_letter_counts() -> None:
    counts: Counter[str] = Counter()
    for kind in CATALOG.kinds.values():
        counts[kind.letter_label.lower().replace(" ", "")] += kind.count
    assert dict(counts) == PER_LETTER
    assert sum(PER_LETTER.values()) == 168


@pytest.mark.parametrize(
    ("card_id", "letters", "count", "points", "colour", "text"),
    [
        ("a1", "a", 2, 1, Colour.RED, "Red"),
        ("a4", "a", 2, 0, None, "+1 per vowel in word"),
        ("th2", "th", 1, 2, None, ""),
        ("j1", "j", 1, 6, None, ""),
        ("j2", "j", 1, 0, None, "Triple score of word"),
        ("x1", "x", 1, 0, None, "Double score of a word shorter than this one"),
        ("z2", "z", 1, 0, None, "Double score of a word shorter than this one"),
        ("e1", "e", 3, 1, Colour.RED, "Red"),
        ("n4", "n", 2, 1, None, "+1 if second letter in word"),
        ("r5", "r", 2, 1, None, "+1 if second to last letter in word"),
        ("wild1", None, 2, -1, None, "+1 if word is five letters or longer"),
        ("wildconsonant2", None, 2, 0, Colour.BLUE, "Blue"),
        ("wildvowel3", None, 2, 0, None, ""),
        ("doublewild1", None, 2, -2, None, ""),
    ],
)
def test_sample_rows(card_id: str, letters: str | None, count: int, points: int, colour: Colour | None,
                     text: str) -> None:
    kind = CATALOG.kind(card_id)
    assert (kind.letters, kind.count, kind.points, kind.colour, kind.effect_text) == (
        letters, count, points, colour, text)


def test_wild_kinds() -> None:
    # Wild = any letter; Wild Consonant = any consonant incl. Y; Wild Vowel = A E I O U or Y; Double = two.
    assert CATALOG.kind("wild4").wild is WildKind.ANY
    assert CATALOG.kind("wildconsonant1").wild.allows("y")
    assert not CATALOG.kind("wildconsonant1").wild.allows("a")
    assert CATALOG.kind("wildvowel1").wild.allows("y")
    assert not CATALOG.kind("wildvowel1").wild.allows("t")
    assert CATALOG.kind("doublewild1").wild.allows("st")
    assert not CATALOG.kind("doublewild1").wild.allows("s")
    assert CATALOG.kind("doublewild1").width == 2 and CATALOG.kind("th1").width == 2


def test_card_ids_follow_the_letter_column_and_row_position() -> None:
    assert card_kind_id("Wild Consonant", 2) == "wildconsonant2"
    assert card_kind_id("Double Wild", 1) == "doublewild1"
    assert [k.id for k in CATALOG.kinds_with_letter("d")] == ["d1", "d2", "d3", "d4", "d5", "d6"]
    for expected in ["a1", "a4", "th2", "wild1", "wildconsonant2", "wildvowel3", "doublewild1", "x1", "z2"]:
        assert expected in CATALOG.kinds


def test_motif_ids() -> None:
    assert motif_id("Chekhov's Gun") == "chekhovs-gun"
    assert motif_id("Choices, Choices") == "choices-choices"
    for expected in ["chekhovs-gun", "the-needs-of-the-many", "choices-choices", "qfwfq", "noahs-ark",
                     "red-pill-blue-pill", "my-name-is", "fight-back-to-back"]:
        assert expected in CATALOG.motifs
    assert CATALOG.motif("Chekhov's Gun").id == "chekhovs-gun"
    with pytest.raises(NotationError, match="unknown motif: 'nope'"):
        CATALOG.motif("nope")


def test_unknown_card_id_is_a_clear_error() -> None:
    with pytest.raises(NotationError, match="unknown card id: 'zz9'"):
        CATALOG.kind("zz9")


def test_every_printed_effect_text_has_a_structured_effect() -> None:
    texts = {k.effect_text for k in CATALOG.kinds.values()}
    # 46 effect texts as printed (some differ only in wording), plus "Red", "Blue" and blank.
    assert len(texts) == 49
    for kind in CATALOG.kinds.values():
        assert (kind.effect is None) == (kind.effect_text in ("", "Red", "Blue"))


def test_structured_effects_sample() -> None:
    assert CATALOG.kind("k2").effect.target is Target.ALL
    assert CATALOG.kind("q1").effect.op is Op.MULTIPLY and CATALOG.kind("q1").effect.amount == 3
    assert CATALOG.kind("q1").effect.target is Target.ADJACENT
    assert CATALOG.kind("g3").effect.condition is Condition.MIN_LENGTH and CATALOG.kind("g3").effect.length == 6
    assert CATALOG.kind("h3").effect.condition is Condition.FIRST_LETTER  # "+2, if first letter in word"
    assert CATALOG.kind("y4").effect.per is Per.LETTER_TO_RIGHT  # "+1 per letter to right"
    assert CATALOG.kind("x1").effect.target is Target.SHORTER_WORD


def test_an_unknown_effect_text_is_a_load_error_not_a_no_op() -> None:
    data = raw_data()
    data["cards"][0] = {**data["cards"][0], "effect": "Steal a card from the player on your left"}
    with pytest.raises(CatalogError, match="unknown effect text"):
        catalog_from_data(data)


def test_a_misnumbered_id_is_a_load_error() -> None:
    data = raw_data()
    data["cards"][1] = {**data["cards"][1], "id": "a7"}
    with pytest.raises(CatalogError, match="should be 'a2'"):
        catalog_from_data(data)


def test_values_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CATALOG.kind("a1").points = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        CATALOG.kinds["a1"] = CATALOG.kind("a2")  # type: ignore[index]


def test_motif_scopes() -> None:
    scopes = Counter(m.scope.value for m in CATALOG.motifs.values())
    assert scopes == {"word": 20, "player": 2, "round": 3, "cards": 5, "draft": 18}
