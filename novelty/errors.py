"""One family of exceptions: every error the core raises is a :class:`NoveltyError`.

All are subclasses of :class:`ValueError`, so callers that only care that input was bad can
catch that. Messages are short, lower-case and quote the offending input.
"""


class NoveltyError(ValueError):
    """Base class of every error raised by the novelty core."""


class NotationError(NoveltyError):
    """Text that does not parse: a bad card id, a malformed play, a bad wild assignment."""


class RuleError(NoveltyError):
    """Input that parses but breaks the rules: a card used too often, a wild standing for a bad letter."""


class CatalogError(NoveltyError):
    """The card catalog data file is inconsistent (an unknown effect text, a duplicate id)."""


class LexiconError(NoveltyError):
    """A word list that cannot be found, read or compiled, or an unknown dictionary name."""


class StoreError(NoveltyError):
    """A self-play results store that cannot be opened, written or reported on: missing, foreign, damaged, newer,
    another study's, empty, or without the packages of the ``study`` extra (DuckDB, matplotlib)."""


class VariantError(NoveltyError):
    """A house variant that cannot be played: a bad field, an unknown card or motif, a deck too small to deal."""
