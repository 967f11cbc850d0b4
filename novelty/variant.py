"""House rules as data (issue 22): a variant changes the cards, the motifs and the shape of a game.

The rulebook invites it: "If you believe that certain cards are too strong, feel free to change them or add
entirely new ones", more drafting cards, more motifs, a common pool by default, a one-word rule, trading
hands with two players. A :class:`Variant` is a value: its :class:`Shape` (how a game is dealt and played)
and, in later parts, the catalog changes it makes. :data:`STANDARD` is the game as printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from novelty.catalog import Catalog, load_catalog


@dataclass(frozen=True, slots=True)
class Shape:
    """How a game is dealt and played: the rulebook's numbers, which a variant may change."""

    rounds: int = 3
    motifs: int = 3
    """Motif cards flipped at the start of each round."""
    dealt: int = 3
    """Cards each player draws to start a hand."""
    drafted: int = 8
    """Cards each player is dealt to draft from."""
    pool: int = 0
    """Cards dealt face up to the common pool at the start of each round."""
    one_word: bool = False
    """Each player may submit one word only."""
    trade_hands: bool = False
    """With two players, the players trade hands after drafting."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A set of house rules: a name, the game's shape and the catalog it plays with."""

    name: str = "standard"
    shape: Shape = field(default_factory=Shape)

    def catalog(self) -> Catalog:
        """Return the cards and motifs this variant plays with."""
        return load_catalog()


STANDARD = Variant()
"""The game as the rulebook prints it."""
