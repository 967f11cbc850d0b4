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

The core does no I/O beyond reading its own data file and word lists (and caching their compiled
index), and never imports click or flask: the CLI (``cli``) and the API (``api``) are thin layers.
"""

from novelty.catalog import CardKind, Catalog, Colour, Motif, MotifScope, WildKind, load_catalog
from novelty.effects import Effect
from novelty.errors import CatalogError, LexiconError, NotationError, NoveltyError, RuleError
from novelty.lexicon import Lexicon, LexiconInfo, MarisaLexicon, SetLexicon, open_lexicon
from novelty.words import WordCheck, anagrams, check_word

__all__ = [
    "CardKind", "Catalog", "CatalogError", "Colour", "Effect", "Lexicon", "LexiconError", "LexiconInfo",
    "MarisaLexicon", "Motif", "MotifScope", "NotationError", "NoveltyError", "RuleError", "SetLexicon",
    "WildKind", "WordCheck", "anagrams", "check_word", "load_catalog", "open_lexicon",
]
