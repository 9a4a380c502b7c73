"""The state of a match: frozen, so undo, replay and bot search are safe."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import Card
from .melds import Meld
from .phase import OFFER_PHASES, Phase
from .requirements import Requirement
from .rules import Rules

__all__ = ["OFFER_PHASES", "Phase", "RoundResult", "State", "evolve"]


@dataclass(frozen=True, slots=True)
class RoundResult:
    winner: int | None  # None: the round ended without anyone going out (stock cap)
    penalties: tuple[int, ...]
    requirement: str
    dealer: int
    hands_left: tuple[tuple[Card, ...], ...]
    all_at_once: bool = False


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
    # --- the turn ---
    drawn: tuple[Card, ...] = ()  # what the player to move took this turn (for marking)
    came_out_now: bool = False
    pending: tuple[Card, ...] = ()  # cards that must be used before the discard
    turn_draws: int = 0
    acted: bool = False  # melded, laid off or swapped this turn
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


_FIELDS = tuple(State.__dataclass_fields__)
_KEEP = object()


class _Draft:
    """A mutable twin of State: the same slots in the same order, so a copy is built in it
    with plain attribute stores and then becomes a State (``__class__`` assignment)."""

    __slots__ = State.__slots__


def _make_evolve() -> Callable[..., State]:
    """Build ``evolve``, because the engine copies a state at least once per action and
    ``dataclasses.replace`` costs ~10 us. Each field is stored in a ``_Draft`` (a store
    into a slot is one fast bytecode; the frozen State refuses stores and a slot's
    ``__set__`` is a call), then the draft becomes a State. The keywords are not
    keyword-only: a keyword-only default is looked up in a dict, a plain one is not."""
    params = ", ".join(f"{f}=_KEEP" for f in _FIELDS)
    body = "\n".join(f"    new.{f} = state.{f} if {f} is _KEEP else {f}" for f in _FIELDS)
    source = (f"def evolve(state, {params}):\n    new = _new(_Draft)\n{body}\n"
              "    new.__class__ = State\n    return new\n")
    scope: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "State": State,
                             "_Draft": _Draft}
    exec(source, scope)  # the source is built from the field names above, nothing else
    fn: Callable[..., State] = scope["evolve"]
    fn.__doc__ = "``dataclasses.replace`` for State, without its per-call overhead."
    return fn


if TYPE_CHECKING:  # mypy checks every field name and type as for ``dataclasses.replace``
    from dataclasses import replace as evolve
else:
    evolve = _make_evolve()
