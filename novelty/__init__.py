"""novelty: the reference rules engine for the Novelty card-drafting word game.

Vocabulary (and the variable names used for each throughout the code):

- **card** (``card``): one letter card. Its **kind** (``kind``, :class:`~novelty.catalog.CardKind`) is a
  row of the rulebook's letter table, named by an id such as ``a4``, ``th2`` or ``wildvowel3``.
- **wild** (``wild``): a card with no printed letter that stands for a letter (or two) chosen when played.
- **hand** (``hand``): the cards a player holds after drafting. **pool** (``pool``): common cards every
  player may use once each.
- **word** (``word``): an ordered run of cards spelling a word of four or more letters.
- **play** (``play``): one player's words for a round.
- **motif** (``motif``, :class:`~novelty.catalog.Motif`): a round card that changes scoring or drafting.
- **effect** (``effect``, :class:`~novelty.effects.Effect`): what a card does to scores.
- **score** (``score``): points for a card, word, play, round or game.
- **lexicon** (``lexicon``, :class:`~novelty.lexicon.Lexicon`): the agreed word list (TWL06, SOWPODS).
- **variant** (``variant``, :class:`~novelty.variant.Variant`): house rules: cards changed, added or removed, the
  game's shape, the one-word rule.

The core does no I/O beyond reading its own data file and word lists (and caching their compiled
index), and never imports click or flask: the CLI (``novelty.cli``) and the API (``novelty.api``) are thin layers.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

# novelty.cli, novelty.api, novelty.wordlists and novelty.examples install as folders of this package
# (pyproject.toml's package-dir). In a source checkout they are the folders cli/, api/, ... beside this one
# (the design fixes them there), and an editable install puts that root on sys.path: look for them there too.
_checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.path.isdir(os.path.join(__path__[0], "cli")) and os.path.isfile(os.path.join(_checkout, "cli", "main.py")):
    __path__.append(_checkout)

if TYPE_CHECKING:
    from novelty.catalog import CardKind, Catalog, Colour, Motif, MotifScope, WildKind, load_catalog
    from novelty.effects import Effect
    from novelty.errors import (
        CatalogError,
        LexiconError,
        NotationError,
        NoveltyError,
        RuleError,
        StoreError,
        VariantError,
    )
    from novelty.lexicon import Lexicon, LexiconInfo, MarisaLexicon, SetLexicon, open_lexicon
    from novelty.words import WordCheck, anagrams, check_word

#: Where each public name lives. They are imported on first use (PEP 562), so that ``import novelty.words``
#: (a command line's word check) does not also load the catalog, or anything else it does not use.
_EXPORTS = {
    **dict.fromkeys(["CardKind", "Catalog", "Colour", "Motif", "MotifScope", "WildKind", "load_catalog"],
                    "novelty.catalog"),
    "Effect": "novelty.effects",
    **dict.fromkeys(["CatalogError", "LexiconError", "NotationError", "NoveltyError", "RuleError", "StoreError",
                     "VariantError"], "novelty.errors"),
    **dict.fromkeys(["Lexicon", "LexiconInfo", "MarisaLexicon", "SetLexicon", "open_lexicon"], "novelty.lexicon"),
    **dict.fromkeys(["WordCheck", "anagrams", "check_word"], "novelty.words"),
}

__all__ = [
    "CardKind", "Catalog", "CatalogError", "Colour", "Effect", "Lexicon", "LexiconError", "LexiconInfo",
    "MarisaLexicon", "Motif", "MotifScope", "NotationError", "NoveltyError", "RuleError", "SetLexicon",
    "StoreError", "VariantError", "WildKind", "WordCheck", "anagrams", "check_word", "load_catalog", "open_lexicon",
]


_SUBMODULES = set(_EXPORTS.values())
"""Modules ``import novelty`` used to load eagerly: ``novelty.lexicon.open_lexicon`` still works after it."""


def __getattr__(name: str) -> Any:
    """Return a public name from the module it lives in, importing that module on first use."""
    if f"novelty.{name}" in _SUBMODULES:
        return importlib.import_module(f"novelty.{name}")
    if name not in _EXPORTS:
        raise AttributeError(f"module 'novelty' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
