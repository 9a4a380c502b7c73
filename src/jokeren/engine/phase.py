"""The moments of a round, one for each kind of decision (and the two pauses).

A module of its own so that it can be compiled with the engine (``hatch_build.py``):
compiled code reads a member of an enum defined in an interpreted module through
``EnumType.__getattr__`` (about a thousand machine instructions), and the engine reads
``Phase.PLAY`` and its like a dozen times an action. ``state`` re-exports both names.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["OFFER_PHASES", "Phase"]


class Phase(StrEnum):
    """Every moment someone must act, plus the two pauses between rounds and at the end."""

    EXCHANGE = "exchange"  # duplicate exchange after the deal (000): give or pass
    UPCARD_OFFER = "upcard-offer"  # 001: take the upcard in exchange for a hand card, or pass
    UPCARD_SWAP = "upcard-swap"  # 001: the taker puts a hand card on the pile
    DRAW = "draw"  # the player to move draws or takes
    BUYING = "buying"  # "te koop" (000): the others may buy the discard, in seat order
    PLAY = "play"  # meld, lay off, swap, discard
    ROUND_OVER = "round-over"
    MATCH_OVER = "match-over"


OFFER_PHASES = (Phase.EXCHANGE, Phase.UPCARD_OFFER, Phase.BUYING)
