"""Computer players. Each sees only its seat's view and the legal actions, never the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..actions import Action
from ..views import SeatView


class Player(Protocol):
    """A computer player: chooses one of ``legal`` from what its seat may see."""

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action: ...


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player by level name."""
    from .random_player import RandomPlayer

    kinds = {"random": RandomPlayer}
    try:
        from .basic import BasicPlayer

        kinds["basic"] = BasicPlayer  # type: ignore[assignment]
    except ImportError:  # pragma: no cover - the basic player arrives later
        pass
    key = kind.strip().lower()
    if key not in kinds:
        raise ValueError(f"unknown computer player {kind!r}; players: {', '.join(kinds)}")
    return kinds[key](seed)
