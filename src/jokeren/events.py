"""What happened, as data: the engine returns events; screens and logs word them.

An event with ``public=False`` (a card drawn from the stock, a card passed in the duplicate
exchange) shows its cards only to its seat (and, for an exchange, the seat it went to);
``views.event_for`` strips them for everyone else.
"""

from __future__ import annotations

from typing import Final

from .cards import Card
from .melds import Meld


class Event:
    """One thing that happened. Read-only, compared and hashed by value, as a frozen
    dataclass would be; written out because the engine makes one or more per action, and
    compiled (mypyc) a frozen dataclass is built through an interpreted ``__init__``,
    about 20 times dearer than this one."""

    __slots__ = ("cards", "kind", "melds", "public", "seat", "to")

    def __init__(self, kind: str, seat: int | None, cards: tuple[Card, ...] = (),
                 to: int | None = None, melds: tuple[Meld, ...] = (),
                 public: bool = True) -> None:
        # kind: draw take for-sale buy pass give exchanged come-out meld lay swap table
        #       discard out rebuild stock-out turn-limit round-over match-over
        self.kind: Final = kind
        self.seat: Final = seat
        self.cards: Final = cards
        self.to: Final = to  # a table meld number, or the seat a card went to
        self.melds: Final = melds
        self.public: Final = public

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.seat, self.cards, self.to, self.melds, self.public)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[Event], tuple[object, ...]]:
        return Event, self._fields()  # pickled as its fields (compiled, it has no state dict)

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, seat={self.seat!r}, cards={self.cards!r}, "
                f"to={self.to!r}, melds={self.melds!r}, public={self.public!r})")

    def without_cards(self, to: int | None) -> Event:
        """The same event with its cards left out (``to`` as given)."""
        return Event(self.kind, self.seat, (), to, self.melds, self.public)
