"""What happened, as data: the engine returns events; screens and logs word them.

Every event says who may see its cards (``audience``): everyone, or the seats it names. An
event with ``public=False`` (a dealt hand, a card drawn from the stock, a card passed in the
duplicate exchange) shows its cards only to its seat (and, for an exchange, the seat it went
to); ``views.event_for`` strips them for everyone else, who still see how many there were.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from ..rules.cards import Card
from ..rules.melds import Meld


class EventKind(StrEnum):
    """Every kind of event (``Event.kind`` holds the value: the engine builds many events
    an action and compares kinds as strings)."""

    DEAL = "deal"  # a seat's dealt hand (private)
    UPCARD = "upcard"  # the card turned up on the discard pile at the deal
    DRAW = "draw"  # cards from the stock (private)
    TAKE = "take"
    FOR_SALE = "for-sale"
    BUY = "buy"
    PASS = "pass"
    GIVE = "give"
    EXCHANGED = "exchanged"  # a card passed in the duplicate exchange (private to both)
    COME_OUT = "come-out"
    MELD = "meld"
    LAY = "lay"
    SWAP = "swap"
    TABLE = "table"
    DISCARD = "discard"
    OUT = "out"
    REBUILD = "rebuild"
    STOCK_OUT = "stock-out"
    TURN_LIMIT = "turn-limit"
    ROUND_OVER = "round-over"
    MATCH_OVER = "match-over"


EVERYONE: Final[tuple[int, ...]] = ()


class Event:
    """One thing that happened. Read-only, compared and hashed by value, as a frozen
    dataclass would be; written out because the engine makes one or more per action, and
    compiled (mypyc) a frozen dataclass is built through an interpreted ``__init__``,
    about 20 times dearer than this one."""

    __slots__ = ("cards", "hidden", "kind", "melds", "public", "seat", "to")

    def __init__(self, kind: str, seat: int | None, cards: tuple[Card, ...] = (),
                 to: int | None = None, melds: tuple[Meld, ...] = (),
                 public: bool = True, hidden: int = 0) -> None:
        self.kind: Final = kind  # an EventKind value
        self.seat: Final = seat
        self.cards: Final = cards
        self.to: Final = to  # a table meld number, or the seat a card went to
        self.melds: Final = melds
        self.public: Final = public
        self.hidden: Final = hidden  # how many cards were left out (``without_cards``)

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.seat, self.cards, self.to, self.melds, self.public,
                self.hidden)

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
                f"to={self.to!r}, melds={self.melds!r}, public={self.public!r}, "
                f"hidden={self.hidden!r})")

    @property
    def audience(self) -> tuple[int, ...]:
        """The seats that may see this event's cards; ``EVERYONE`` (empty) for all."""
        if self.public:
            return EVERYONE
        if self.kind == "exchanged" and self.to is not None:
            return (self.seat, self.to) if self.seat is not None else (self.to,)
        return (self.seat,) if self.seat is not None else EVERYONE

    def without_cards(self, to: int | None) -> Event:
        """The same event with its cards left out, but not their number (``to`` as given).
        Stripping twice keeps the number (``events_since`` strips, ``wire`` strips again)."""
        hidden = len(self.cards) if self.cards else self.hidden
        return Event(self.kind, self.seat, (), to, self.melds, self.public, hidden)
