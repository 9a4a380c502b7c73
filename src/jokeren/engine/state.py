"""The state of a match: frozen, so undo, replay and bot search are safe."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Final, Generic, Literal, TypeVar, cast

from ..rules.cards import Card
from ..rules.house import Rules
from ..rules.melds import Meld
from ..rules.requirements import Requirement
from .phase import OFFER_PHASES, Phase

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["OFFER_PHASES", "Blank", "Phase", "RoundResult", "State", "evolve"]


@dataclass(frozen=True, slots=True)
class RoundResult:
    winner: int | None  # None: the round ended without anyone going out (stock cap)
    penalties: tuple[int, ...]
    requirement: str
    dealer: int
    hands_left: tuple[tuple[Card, ...], ...]
    all_at_once: bool = False

    def __reduce__(self) -> tuple[type[RoundResult], tuple[object, ...]]:
        return RoundResult, (self.winner, self.penalties, self.requirement, self.dealer,
                             self.hands_left, self.all_at_once)  # see State.__reduce__


@dataclass(frozen=True, slots=True)
class State:
    rules: Rules
    players: tuple[str, ...]
    seed: int
    # --- the match ---
    round_index: int = 0
    dealer: int = 0
    totals: tuple[int, ...] = ()
    results: tuple[RoundResult, ...] = ()
    eliminated: tuple[int, ...] = ()
    pot: int = 0
    pot_winner: int | None = None
    winner: int | None = None  # of the match, once it is over
    # --- the round ---
    phase: Phase = Phase.DRAW
    turn: int = 0  # the player to move
    to_act: int = 0  # who must answer now (the player to move, or the seat offered to)
    offer: tuple[int, ...] = ()  # seats still to answer the open offer, to_act first
    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()  # top card last
    discard: tuple[Card, ...] = ()  # top card last
    table: tuple[Meld, ...] = ()
    owners: tuple[int, ...] = ()  # who laid each table meld
    come_out: tuple[bool, ...] = ()
    turns_done: int = 0
    rebuilds: int = 0
    gives: tuple[Card | None, ...] = ()  # duplicate exchange offers so far
    played: tuple[bool, ...] = ()  # put a card on the table in an earlier turn (() = none)
    # --- the turn ---
    drawn: tuple[Card, ...] = ()  # what the player to move took this turn (for marking)
    came_out_now: bool = False
    pending: tuple[Card, ...] = ()  # cards that must be used before the discard
    turn_draws: int = 0
    acted: bool = False  # melded, laid off or swapped this turn
    swapped: bool = False  # swapped a joker this turn (then no coming out and going out)
    # --- public knowledge: cards seen going into a hand (taken, bought) ---
    known: tuple[tuple[Card, ...], ...] = field(default=())

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def requirement(self) -> Requirement:
        return self.rules.requirement(self.round_index)

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the match (elimination)."""
        return tuple(s for s in range(self.n) if s not in self.eliminated)

    @property
    def live(self) -> bool:
        return self.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    def next_seat(self, seat: int) -> int:
        """The next active seat to the left (clockwise)."""
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if s not in self.eliminated:
                return s
        return seat

    def seats_after(self, seat: int) -> tuple[int, ...]:
        """Every other active seat, in seat order starting left of ``seat``."""
        order = []
        s = self.next_seat(seat)
        while s != seat:
            order.append(s)
            s = self.next_seat(s)
        return tuple(order)

    def __reduce__(self) -> tuple[type[State], tuple[object, ...]]:
        """Pickled as its fields, rebuilt by ``__init__``: compiled by mypyc, a frozen
        dataclass cannot be unpickled by setting its fields (the tournament's worker
        processes send states back)."""
        return State, tuple(getattr(self, f) for f in _FIELDS)


_FIELDS = tuple(State.__dataclass_fields__)


class _Keep(Enum):
    """The default of every ``evolve`` keyword: keep the field as it is."""

    KEEP = 0


_KEEP: Final = _Keep.KEEP  # a Final enum member: ``x is _KEEP`` narrows x for mypy
T = TypeVar("T", bound="DataclassInstance")


class Blank(Generic[T]):
    """Instances of a frozen dataclass with slots, built by storing each field (``new``,
    the stores, ``done``) rather than by a call of its ``__init__`` with every field named:
    the engine copies a State at every action and the server makes a SeatView for every
    seat. Compiled by mypyc, the class is native and compiled code stores into its fields
    (the frozen dataclass refuses stores from Python, not from compiled code), where its
    ``__init__`` would be the one dataclasses writes, interpreted. Interpreted, a mutable
    twin with the same slots is filled (a store into a slot is one fast bytecode), which
    then becomes the class by ``__class__`` assignment. The caller must store every field
    (``tests/test_engine.py`` checks ``evolve`` and ``views.view``)."""

    def __init__(self, cls: type[T]) -> None:
        self.cls = cls
        native = hasattr(cls, "__mypyc_attrs__")
        slots = tuple(f.name for f in fields(cls))
        self.draft: type | None = None if native else type(
            f"_{cls.__name__}Draft", (), {"__slots__": slots})

    def new(self) -> T:
        if self.draft is None:
            return self.cls.__new__(self.cls)
        return cast(T, object.__new__(self.draft))

    def done(self, new: T) -> T:
        if self.draft is not None:
            new.__class__ = self.cls
        return new


_STATES: Final = Blank(State)


def evolve(old: State,
           rules: Rules | Literal[_Keep.KEEP] = _KEEP,
           players: tuple[str, ...] | Literal[_Keep.KEEP] = _KEEP,
           seed: int | Literal[_Keep.KEEP] = _KEEP,
           round_index: int | Literal[_Keep.KEEP] = _KEEP,
           dealer: int | Literal[_Keep.KEEP] = _KEEP,
           totals: tuple[int, ...] | Literal[_Keep.KEEP] = _KEEP,
           results: tuple[RoundResult, ...] | Literal[_Keep.KEEP] = _KEEP,
           eliminated: tuple[int, ...] | Literal[_Keep.KEEP] = _KEEP,
           pot: int | Literal[_Keep.KEEP] = _KEEP,
           pot_winner: int | Literal[_Keep.KEEP] | None = _KEEP,
           winner: int | Literal[_Keep.KEEP] | None = _KEEP,
           phase: Phase | Literal[_Keep.KEEP] = _KEEP,
           turn: int | Literal[_Keep.KEEP] = _KEEP,
           to_act: int | Literal[_Keep.KEEP] = _KEEP,
           offer: tuple[int, ...] | Literal[_Keep.KEEP] = _KEEP,
           hands: tuple[tuple[Card, ...], ...] | Literal[_Keep.KEEP] = _KEEP,
           stock: tuple[Card, ...] | Literal[_Keep.KEEP] = _KEEP,
           discard: tuple[Card, ...] | Literal[_Keep.KEEP] = _KEEP,
           table: tuple[Meld, ...] | Literal[_Keep.KEEP] = _KEEP,
           owners: tuple[int, ...] | Literal[_Keep.KEEP] = _KEEP,
           come_out: tuple[bool, ...] | Literal[_Keep.KEEP] = _KEEP,
           turns_done: int | Literal[_Keep.KEEP] = _KEEP,
           rebuilds: int | Literal[_Keep.KEEP] = _KEEP,
           gives: tuple[Card | None, ...] | Literal[_Keep.KEEP] = _KEEP,
           played: tuple[bool, ...] | Literal[_Keep.KEEP] = _KEEP,
           drawn: tuple[Card, ...] | Literal[_Keep.KEEP] = _KEEP,
           came_out_now: bool | Literal[_Keep.KEEP] = _KEEP,
           pending: tuple[Card, ...] | Literal[_Keep.KEEP] = _KEEP,
           turn_draws: int | Literal[_Keep.KEEP] = _KEEP,
           acted: bool | Literal[_Keep.KEEP] = _KEEP,
           swapped: bool | Literal[_Keep.KEEP] = _KEEP,
           known: tuple[tuple[Card, ...], ...] | Literal[_Keep.KEEP] = _KEEP,
           ) -> State:
    """``dataclasses.replace`` for State, at a fraction of its cost: the engine copies a
    state at least once per action. The copy is stored field by field into a blank
    (``Blank``). The keywords are not keyword-only: interpreted, a keyword-only default is looked
    up in a dict, a plain one is not. A new field must be added here too
    (``tests/test_engine.py`` checks)."""
    new = _STATES.new()
    new.rules = old.rules if rules is _KEEP else rules  # type: ignore[misc]
    new.players = old.players if players is _KEEP else players  # type: ignore[misc]
    new.seed = old.seed if seed is _KEEP else seed  # type: ignore[misc]
    new.round_index = old.round_index if round_index is _KEEP else round_index  # type: ignore[misc]
    new.dealer = old.dealer if dealer is _KEEP else dealer  # type: ignore[misc]
    new.totals = old.totals if totals is _KEEP else totals  # type: ignore[misc]
    new.results = old.results if results is _KEEP else results  # type: ignore[misc]
    new.eliminated = old.eliminated if eliminated is _KEEP else eliminated  # type: ignore[misc]
    new.pot = old.pot if pot is _KEEP else pot  # type: ignore[misc]
    new.pot_winner = old.pot_winner if pot_winner is _KEEP else pot_winner  # type: ignore[misc]
    new.winner = old.winner if winner is _KEEP else winner  # type: ignore[misc]
    new.phase = old.phase if phase is _KEEP else phase  # type: ignore[misc]
    new.turn = old.turn if turn is _KEEP else turn  # type: ignore[misc]
    new.to_act = old.to_act if to_act is _KEEP else to_act  # type: ignore[misc]
    new.offer = old.offer if offer is _KEEP else offer  # type: ignore[misc]
    new.hands = old.hands if hands is _KEEP else hands  # type: ignore[misc]
    new.stock = old.stock if stock is _KEEP else stock  # type: ignore[misc]
    new.discard = old.discard if discard is _KEEP else discard  # type: ignore[misc]
    new.table = old.table if table is _KEEP else table  # type: ignore[misc]
    new.owners = old.owners if owners is _KEEP else owners  # type: ignore[misc]
    new.come_out = old.come_out if come_out is _KEEP else come_out  # type: ignore[misc]
    new.turns_done = old.turns_done if turns_done is _KEEP else turns_done  # type: ignore[misc]
    new.rebuilds = old.rebuilds if rebuilds is _KEEP else rebuilds  # type: ignore[misc]
    new.gives = old.gives if gives is _KEEP else gives  # type: ignore[misc]
    new.played = old.played if played is _KEEP else played  # type: ignore[misc]
    new.drawn = old.drawn if drawn is _KEEP else drawn  # type: ignore[misc]
    new.came_out_now = old.came_out_now if came_out_now is _KEEP else came_out_now  # type: ignore[misc]
    new.pending = old.pending if pending is _KEEP else pending  # type: ignore[misc]
    new.turn_draws = old.turn_draws if turn_draws is _KEEP else turn_draws  # type: ignore[misc]
    new.acted = old.acted if acted is _KEEP else acted  # type: ignore[misc]
    new.swapped = old.swapped if swapped is _KEEP else swapped  # type: ignore[misc]
    new.known = old.known if known is _KEEP else known  # type: ignore[misc]
    return _STATES.done(new)
