"""The game's part of a server's action, step by step, with no socket and no store
(docs/server-load.md, "Where an action's CPU goes").

    python benchmarks/action_steps.py [--seconds 10] [--rules amerikaans] [--seed 1]

Random 4-seat matches played through a ``Table`` as ``TableRunner._commit`` does it for an
action: the action's notation (stored), ``Table.act``, the four seats' views, their changes
from the last version's (protocol 2), the moves of the seat to act (``frames.listing``), the
four events frames and their JSON. Each step's wall time over the run, in microseconds an
action: what the server's CPU an action (``server_load.py``) spends in the engine and the
wire, so the rest is the socket, the store and the layers between. Measurements, not
tests: the figures are read against the same run's total.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from itertools import pairwise

import orjson

from jokeren.engine.actions import DEAL
from jokeren.engine.state import Phase
from jokeren.engine.wire import view_changes
from jokeren.play.table import Seat, Table
from jokeren.rules.house import RulesError, find_preset
from jokeren.server.frames import events_frame, listing

SEATS = 4


STEPS = ("notation (stored)", "Table.act", "4 views", "4 views' changes",
         "moves of the seat to act", "4 events frames", "4 frames' JSON")


def measure(seconds: float, rules: str, seed: int) -> tuple[int, Counter[str]]:
    """Actions played in ``seconds`` of matches, and nanoseconds spent by step."""
    clock = time.perf_counter_ns
    spent: Counter[str] = Counter()
    rng = random.Random(seed)
    actions = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        table = Table(find_preset(rules), [Seat(f"p{i}") for i in range(SEATS)],
                      rng.getrandbits(64))
        views = {s: table.view(s) for s in range(SEATS)}
        while not table.finished and time.perf_counter() < end:
            seat = table.to_act
            assert seat is not None
            action = DEAL if table.phase is Phase.ROUND_OVER else rng.choice(table.legal())
            marks = [clock()]
            str(action)
            marks.append(clock())
            done = table.act(seat, action, table.version)
            marks.append(clock())
            now = {s: table.view(s) for s in range(SEATS)}
            marks.append(clock())
            changes = {s: view_changes(views[s], now[s]) for s in range(SEATS)}
            marks.append(clock())
            moves = listing(table, table.to_act)
            marks.append(clock())
            frames = [events_frame(table, s, done.events, view=None, changes=changes[s],
                                   moves=moves if s == table.to_act else {"moves": []})
                      for s in range(SEATS)]
            marks.append(clock())
            for frame in frames:
                orjson.dumps(frame)
            marks.append(clock())
            for step, (a, b) in zip(STEPS, pairwise(marks), strict=True):
                spent[step] += b - a
            views = now
            actions += 1
    return actions, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="seconds of play measured (default 10)")
    parser.add_argument("--rules", default="amerikaans", help="a preset (default amerikaans)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("seconds must be positive")
    try:
        find_preset(args.rules)
    except RulesError as exc:
        parser.error(str(exc))
    actions, spent = measure(args.seconds, args.rules, args.seed)
    print(f"{actions:,} actions of random 4-seat {args.rules} matches; microseconds an action")
    for step in STEPS:
        ns = spent[step]
        print(f"{step:26s} {ns / 1000 / max(1, actions):7.1f}")
    print(f"{'the game in all':26s} {sum(spent.values()) / 1000 / max(1, actions):7.1f}")


if __name__ == "__main__":
    main()
