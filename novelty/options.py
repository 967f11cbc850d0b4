"""What the options of a search mean, the same from the command line and the API: defaults, limits and help.

``novelty best`` and ``POST /v1/best``, ``novelty advise`` and ``POST /v1/advise/...`` take these fields; each
has one meaning, one default and one limit everywhere (issue 27). So does a house variant, from a file or inline
in a body (:mod:`novelty.variant`). A light module: the command line imports it.
"""

from __future__ import annotations

TOP = 3
"""How many plays (best) or choices (advise) are shown unless asked otherwise."""
TOP_HELP = "How many to show, best first."

BEST_SECONDS = 10.0
"""Seconds a best-play search takes when it names no limit: a huge hand is answered in time, not never."""
BEST_MAX_SECONDS = 30.0
"""The longest limit a best-play search accepts."""
BEST_TIME_HELP = ("Seconds for the search; when they run out, the best play found so far is answered, marked not "
                  "proved best, with a bound no play beats.")

ADVISE_SECONDS = 5.0
"""Seconds a decision takes when it names no limit."""
ADVISE_MAX_SECONDS = 20.0
"""The longest limit a decision accepts."""
ADVISE_TIME_HELP = ("Seconds for the whole answer; searches still running then answer with the best play found, "
                    "marked not proved.")

HAND_HELP = 'The hand\'s card ids: "a1 e4 th2 wild4".'
POOL_HELP = "The common pool's card ids."
MOTIF_HELP = "A motif in play, by id, in flip order."
ESCAPED_HELP = "The letter named for Escaped from Captivity, when known (otherwise every letter is tried)."

# -- house variants (novelty.variant): what a variant may set, (least, most) --------------------------------------

VARIANT_ROUNDS = (1, 10)
"""Rounds a game may have."""
VARIANT_MOTIFS = (0, 8)
"""Motifs flipped each round."""
VARIANT_DEALT = (0, 20)
"""Cards each player draws to start a hand."""
VARIANT_DRAFTED = (0, 20)
"""Cards each player is dealt to draft from."""
VARIANT_POOL = (0, 20)
"""Cards dealt to the common pool each round."""
VARIANT_COUNT = (0, 20)
"""Copies of one card kind in the deck."""
VARIANT_POINTS = (-10, 20)
"""A card's printed points."""
VARIANT_KINDS = 100
"""Card kinds a variant may change or add, at most."""
VARIANT_NAME_LENGTH = 60
"""A variant's name, at most (characters)."""
