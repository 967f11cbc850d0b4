"""How far one search may go: its time, its work and what it may hold (:class:`Limit`, like python-chess's
``chess.engine.Limit``).

This module imports nothing of the compiled core, so whoever only names a limit (the command line, the API, a
self-play policy) loads no search. :func:`novelty.solver.solve` builds one :class:`Limit` from its keyword
arguments and hands it down to :meth:`novelty.search.Tables.run`, which turns it into the core's request.

A search meeting any limit stops and answers with the best plays it found: unproved (``optimal`` False), with a
bound that holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_GROUPS = 1_000_000
"""Groups one search's walk may keep (about 180 bytes each with the table that finds them and what the packing
builds from them: a search meeting this cap peaks near 250 MB) before it stops and answers with what it has: its
words are then not all known, so no play is proved best and the bound is the priced one (``novelty/csrc/price.c``)
when there is time for it, else :meth:`~novelty.search.Tables.relaxed_bound`, which ignores the word list."""

MAX_OPTIONS = 500_000
"""Options (ways of taking a group's cards: held, or granted as copies) one packing may lay out (up to 200 bytes each
at the peak, with the lists built from them: 100 MB). A packing of every group that would need more packs the best
groups instead (:data:`ANYTIME_GROUPS`) and proves nothing."""

MAX_STATES = 1_000_000
"""States the packing's bound may remember (up to 64 bytes each, 64 MB) before the search stops with the best play
found. A bound computed before stands (it covers every option); otherwise the relaxed bound is given."""

ANYTIME_GROUPS = 65_536
"""Groups a packing that cannot prove its play best takes, the best at their best: when the walk stopped (time,
work or :data:`MAX_GROUPS`), or every option could not be laid out within :data:`MAX_OPTIONS` or 40 % of the time
left. Its time and memory then do not grow with the words found."""


@dataclass(frozen=True, slots=True)
class Caps:
    """What one search may hold in memory: the defaults are :data:`MAX_GROUPS`, :data:`MAX_OPTIONS`,
    :data:`MAX_STATES` and :data:`ANYTIME_GROUPS` (smaller ones let tests reach them on small hands)."""

    groups: int = MAX_GROUPS
    """Groups the walk may keep."""
    options: int = MAX_OPTIONS
    """Options the packing may lay out."""
    states: int = MAX_STATES
    """States the packing's bound may remember."""
    anytime_groups: int = ANYTIME_GROUPS
    """Groups a packing that cannot prove its play best takes."""

    @classmethod
    def of(cls, limits: Caps | tuple[int, int, int, int] | None) -> Caps:
        """Return the caps given as caps, as a tuple (groups, options, states, anytime groups), or the defaults
        (None)."""
        if limits is None:
            return cls()
        if isinstance(limits, Caps):
            return limits
        return cls(*limits)


@dataclass(frozen=True, slots=True)
class Limit:
    """How far one search may go. Any of them may stop it; none given (the default), it runs to the end."""

    time: float | None = None
    """Seconds (None: no time limit)."""
    work: int | None = None
    """Steps of search: a walk node, a packing node, a few steps of the bound's dynamic program (about 2 M a second).
    The same answer every time, however busy the machine, unless the time limit cuts it first (None: no limit)."""
    caps: Caps = field(default_factory=Caps)
    """What the search may hold in memory."""
