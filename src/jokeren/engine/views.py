"""The ONE function that makes what a seat (or a spectator) may see.

Other hands appear only as counts (all of them under ``open_hands``), the stock only as its
size, the seed never. Every screen, message and computer player gets a ``SeatView``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..rules.cards import Card
from ..rules.house import Rules
from ..rules.melds import Meld
from ..rules.requirements import Requirement
from .events import Event
from .phase import Phase
from .state import Blank, RoundResult, State


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int | None  # None: a spectator
    rules: Rules
    players: tuple[str, ...]
    round_index: int
    requirement: Requirement
    dealer: int
    phase: Phase
    turn: int
    to_act: int
    offer: tuple[int, ...]
    hand: tuple[Card, ...]  # this seat's own hand (empty for a spectator)
    open_hands: tuple[tuple[Card, ...], ...] | None  # every hand, under open_hands only
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]  # cards seen going into each hand (taken, bought)
    come_out: tuple[bool, ...]
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    turns_done: int
    drawn: tuple[Card, ...]  # what this seat took this turn
    pending: tuple[Card, ...]  # cards this seat must still use this turn
    came_out_now: bool
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    eliminated: tuple[int, ...]
    pot: int
    winner: int | None
    discard_pile: tuple[Card, ...] = ()  # the whole pile, top last: public (every discard
    #                                       was seen); computer players count cards with it
    rebuilds: int = 0  # times the stock was rebuilt this round (public)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.to_act == self.seat

    def __reduce__(self) -> tuple[type[SeatView], tuple[object, ...]]:
        """Pickled as its fields (a computer player's turn goes to a worker process); see
        State.__reduce__."""
        return SeatView, tuple(getattr(self, f) for f in _VIEW_FIELDS)


_VIEW_FIELDS = tuple(SeatView.__dataclass_fields__)
# ``view`` stores the fields into a blank (compiled, a call of SeatView's __init__ with its
# 31 fields named took 13 us a view, the stores 1.2 us)
_VIEWS: Final = Blank(SeatView)


def view(state: State, seat: int | None) -> SeatView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    own = seat is not None and state.turn == seat
    new = _VIEWS.new()
    new.seat = seat  # type: ignore[misc]
    new.rules = state.rules  # type: ignore[misc]
    new.players = state.players  # type: ignore[misc]
    new.round_index = state.round_index  # type: ignore[misc]
    new.requirement = state.requirement  # type: ignore[misc]
    new.dealer = state.dealer  # type: ignore[misc]
    new.phase = state.phase  # type: ignore[misc]
    new.turn = state.turn  # type: ignore[misc]
    new.to_act = state.to_act  # type: ignore[misc]
    new.offer = state.offer  # type: ignore[misc]
    new.hand = state.hands[seat] if seat is not None and state.hands else ()  # type: ignore[misc]
    new.open_hands = state.hands if state.rules.open_hands else None  # type: ignore[misc]
    new.hand_sizes = tuple(len(h) for h in state.hands)  # type: ignore[misc]
    new.known = state.known  # type: ignore[misc]
    new.come_out = state.come_out  # type: ignore[misc]
    new.table = state.table  # type: ignore[misc]
    new.owners = state.owners  # type: ignore[misc]
    new.discard_top = state.discard[-1] if state.discard else None  # type: ignore[misc]
    new.discard_size = len(state.discard)  # type: ignore[misc]
    new.stock_size = len(state.stock)  # type: ignore[misc]
    new.turns_done = state.turns_done  # type: ignore[misc]
    new.drawn = state.drawn if own else ()  # type: ignore[misc]
    new.pending = state.pending if own else ()  # type: ignore[misc]
    new.came_out_now = state.came_out_now  # type: ignore[misc]
    new.totals = state.totals  # type: ignore[misc]
    new.results = state.results  # type: ignore[misc]
    new.eliminated = state.eliminated  # type: ignore[misc]
    new.pot = state.pot  # type: ignore[misc]
    new.winner = state.winner  # type: ignore[misc]
    new.discard_pile = state.discard  # type: ignore[misc]
    new.rebuilds = state.rebuilds  # type: ignore[misc]
    return _VIEWS.done(new)


def event_for(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it: private cards stripped for everyone else. Where a
    duplicate went stays public (the givers pass it clockwise); the card does not."""
    if event.public or (seat is not None and seat in event.audience):
        return event
    return event.without_cards(event.to)
