"""Which cards in each hand are new: drawn, taken, bought or received in the exchange since
the seat's last turn ended. Marked on the screen until the turn ends or the card leaves."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.events import Event
from ..rules.cards import Card


class NewCards:
    """Kept from the engine's own events (with their cards), one list per seat."""

    def __init__(self) -> None:
        self.cards: dict[int, list[Card]] = {}

    def see(self, e: Event) -> None:
        if e.kind in ("draw", "take", "buy") and e.seat is not None:
            self.cards.setdefault(e.seat, []).extend(e.cards)
        elif e.kind == "exchanged" and e.to is not None:
            self.cards.setdefault(e.to, []).extend(e.cards)
        elif e.kind == "discard" and e.seat is not None:
            self.cards[e.seat] = []

    def of(self, seat: int, hand: Sequence[Card]) -> list[Card]:
        """The new cards still in ``hand`` (those that left it are forgotten)."""
        left = list(hand)
        kept = []
        for card in self.cards.get(seat, []):
            if card in left:
                left.remove(card)
                kept.append(card)
        self.cards[seat] = kept
        return kept

    def clear(self) -> None:
        self.cards.clear()
