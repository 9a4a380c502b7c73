"""What happened, as data: the engine returns events; screens and logs word them.

An event with ``public=False`` (a card drawn from the stock, a card passed in the duplicate
exchange) shows its cards only to its seat (and, for an exchange, the seat it went to);
``views.event_for`` strips them for everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .melds import Meld


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # draw take for-sale buy pass give exchanged come-out meld lay swap table discard
    #            out rebuild stock-out round-over match-over
    seat: int | None
    cards: tuple[Card, ...] = ()
    to: int | None = None  # a table meld number, or the seat a card went to
    melds: tuple[Meld, ...] = ()
    public: bool = True
