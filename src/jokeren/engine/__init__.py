"""The engine: ``apply(state, seat, action) -> (state, events)``; pure, no I/O, no clock.

Its public API is re-exported here (``from jokeren.engine import apply``): from ``core``
(apply, check, the fast listing), ``dealing`` and ``errors``; the handlers' parts are
``checks``, ``copies``, ``stock`` and ``roundend``. Beside them: actions, state and phase,
events, views (the one seat view), records and the wire format. It imports the rules layer
only (docs/architecture.md, "Layout").
"""

from .core import allowed, apply, check, legal_lays, legal_melds, meld_joker_lays, ways_to_use
from .dealing import Deal, check_players, deal_events, deal_round, new_match
from .errors import DealError, IllegalMoveError

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
