"""The random player: uniformly among the listed legal actions (melds included)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.actions import Action
from ..engine.views import SeatView


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
