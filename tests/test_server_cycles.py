"""What the server does for each action leaves no reference cycles behind (docs/server-load.md,
"Pauses"): applying the move, every seat's view, the listing of the seat to act's moves.
Garbage in cycles is freed only by the gc, whose collections pause every table of the
process; compiled, a function nested in another and the frame it reads refer to each other,
so each call of one left a cycle (the listing's coming-out search and joker readings did:
30 MiB a minute at 250 tables x 1 action/s with the gc off)."""

from __future__ import annotations

import gc
import random

import pytest

from jokeren.play.table import Seat, Table
from jokeren.rules.house import PRESETS
from jokeren.server.frames import listing

from conftest import EagerPlayer, capped


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_an_action_leaves_no_cycles(preset: str) -> None:
    rules = capped(PRESETS[preset])
    players = ["A", "B", "C", "D"][:min(4, rules.players[1])]
    rng = random.Random(7)
    bots = {s: EagerPlayer(rng.randrange(2**30)) for s in range(len(players))}
    table = Table(rules, [Seat(name, "random") for name in players], 7, players=bots)
    listed = steps = 0
    # What the worker holds already (the caches, the other tests' leftovers) is frozen, so
    # each collection below walks only what the steps made: the whole heap of a worker
    # late in the suite took a second a collection, 400 of them a preset
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        while not table.finished and steps < 400:
            listed += len(listing(table, table.to_act)["moves"])  # what the seat is sent
            for seat in (*range(len(players)), None):
                table.view(seat)
            done = table.play_bot()  # the move (an eager random player's, or the deal)
            assert done is not None
            steps += 1
            gc.set_debug(gc.DEBUG_SAVEALL)
            left = gc.collect()
            gc.set_debug(0)
            kinds = sorted({type(o).__name__ for o in gc.garbage})
            gc.garbage.clear()
            assert left == 0, (preset, steps, str(done.action), left, kinds)
    finally:
        gc.enable()
        gc.unfreeze()
    assert listed > 0 and steps > 20
