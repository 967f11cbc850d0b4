"""Random words for holding the compiled scorer to the engine (used by tests and benchmarks/solver.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from novelty.catalog import WildKind, load_catalog
from novelty.play import ESCAPED, FREE_WILDS, REPEATS, Card, Word
from novelty.scoring import AWARD_POINTS, AWARDED, Rules
from novelty.search import MOTIFS, Tables

LETTERS = "abcdefghijklmnopqrstuvwxyz"
WORD_MOTIFS = sorted(m for m in MOTIFS if m not in AWARDED)
EXTRA_MOTIFS = [*AWARDED, *REPEATS, *FREE_WILDS, ESCAPED]


def _letters_for(wild: WildKind, rng: random.Random) -> str:
    if wild is WildKind.DOUBLE:
        return rng.choice(LETTERS) + rng.choice("aeyy" + LETTERS)
    pool = [c for c in LETTERS + "yyyaeo" if wild.allows(c)]
    return rng.choice(pool)


def deal(rng: random.Random) -> tuple[Counter[str], list[str], Rules, str | None]:
    """Return a hand of 6-12 kinds, 0-4 motifs (word motifs, awards, copies, free wilds, Escaped), rules."""
    catalog = load_catalog()
    kinds = rng.sample(sorted(catalog.kinds), rng.randint(6, 12))
    motifs = rng.sample(WORD_MOTIFS, rng.choice([0, 1, 1, 2, 2, 3]))
    motifs += rng.sample(EXTRA_MOTIFS, rng.choice([0, 0, 1, 2]))
    rng.shuffle(motifs)
    rules = Rules(motifs_after_card_effects=rng.random() < 0.3, my_name_is_counts_extra_copies=rng.random() < 0.5)
    letters = sorted({catalog.kinds[k].letters for k in kinds if len(catalog.kinds[k].letters or "") == 1})
    escaped = rng.choice(letters) if ESCAPED in motifs and letters else None
    return Counter(kinds), motifs, rules, escaped


def words(tables: Tables, rng: random.Random, n: int) -> Iterator[Word]:
    """Yield n random words of 1-8 cards from the tables' classes, copies and free wilds."""
    catalog = tables.catalog
    for _ in range(n):
        cards = []
        for _ in range(rng.randint(1, 8)):
            info = tables.info[rng.randrange(len(tables.info))]
            if info.free:
                cards.append(Card(None, _letters_for(FREE_WILDS[info.free], rng), True, free=info.free))
                continue
            kind = catalog.kinds[rng.choice(tables.classes[info.cls])]
            if kind.wild is not None:
                cards.append(Card(kind, _letters_for(kind.wild, rng), True, copy_of=info.copy_of))
            elif info.printed is not None:
                letter = rng.choice([info.printed, rng.choice(LETTERS)])
                cards.append(Card(kind, letter, letter != info.printed, copy_of=info.copy_of))
            else:
                assert kind.letters is not None
                cards.append(Card(kind, kind.letters, False, copy_of=info.copy_of))
        yield Word(tuple(cards))


def awards(tables: Tables, word: Word, rng: random.Random) -> dict[str, int]:
    """Return random awards for the award motifs in play."""
    out = {}
    for motif in AWARDED:
        if motif in tables.active and rng.random() < 0.5:
            out[motif] = len(word) if motif == "grandiloquent" else AWARD_POINTS
    return out


SEQUENCES = 20_000
"""Sequences the test suite compares (``tests/test_core_scorer.py``); the benchmark's run starts past them."""


def compiled_score(tables: Tables, faces, word, awards: dict[str, int]) -> int:  # type: ignore[no-untyped-def]
    """Return the compiled scorer's total for one word (``faces``: the tables' face table)."""
    cards = [tables.face_of(card) for card in word.cards]
    amounts = (awards.get("grandiloquent", 0), awards.get("sesquipedalian", 0), awards.get("pangram", 0))
    return tables.score_word(cards, amounts, faces)
