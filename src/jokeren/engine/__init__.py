"""The engine: ``apply(state, seat, action) -> (state, events)``; pure, no I/O, no clock.

Its public API is re-exported here from ``core`` (``from jokeren.engine import apply``);
beside it: actions, state and phase, events, views (the one seat view), records and the
wire format. It imports the rules layer only (docs/architecture.md, "Layout").
"""

from .core import (
    Deal,
    DealError,
    IllegalMoveError,
    allowed,
    apply,
    check,
    check_players,
    deal_events,
    deal_round,
    legal_lays,
    legal_melds,
    meld_joker_lays,
    new_match,
    ways_to_use,
)

__all__ = [
    "Deal",
    "DealError",
    "IllegalMoveError",
    "allowed",
    "apply",
    "check",
    "check_players",
    "deal_events",
    "deal_round",
    "legal_lays",
    "legal_melds",
    "meld_joker_lays",
    "new_match",
    "ways_to_use",
]
