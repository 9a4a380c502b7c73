"""Side-by-side measurements of the engine against RLCard's and OpenSpiel's gin rummy.

    python benchmarks/run.py [--seconds 2] [--rules amerikaans] [--json]

Measurements, not tests: nothing here passes or fails. Each figure runs for ``--seconds``
of wall time in this one process, so the ratios compare runs on the same machine at the same
moment; random play runs 2 x ``--seconds`` per engine, in 12 turns taken in rotation, so a
shared machine's slow and fast moments fall on every engine alike. RLCard (``rlcard``) and
OpenSpiel (``open_spiel``) are optional: ``pip install .[anchors]``; a missing one is
reported and skipped.

It measures the ``jokeren`` that Python imports: after ``pip install .`` the wheel, whose
hot modules are compiled with mypyc (``hatch_build.py``); after ``pip install -e .`` the
sources, pure Python. The first line of the report says which.

- decisions/s: random play through whole rounds; one decision = the legal actions of the
  player to act + a uniform random choice + applying it (chance nodes are not decisions).
  Ours twice: 2 players, like for like with the two 2-player gin games, and 4 players
  (buying and fuller tables); each anchor's one figure is the ratio's base for both.
- solver: our ``analysis.arrange`` on 14-card hands with 2-4 jokers (cache cleared, a fresh
  hand every call); RLCard ``get_best_meld_clusters`` and OpenSpiel ``min_deadwood`` on
  10-card (RLCard) and 11-card (OpenSpiel) gin hands (their nearest equivalent).
- copies/s: ours ``state.evolve(state, ...)``, the engine's own copy (the frozen state
  shares its unchanged parts); RLCard ``copy.deepcopy(game)`` (what its step-back does); OpenSpiel
  ``state.clone()``.
- bytes/state: recursive ``sys.getsizeof`` over everything the state reaches, each object
  counted once (by id); left out: our ``Rules`` (one object shared by every state of a
  match, as OpenSpiel's Game) and what is shared process-wide (see ``deep_size``).
  OpenSpiel's state lives in C++: its figure is the length of ``state.serialize()``,
  marked "serialized".
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from pathlib import Path
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import Any

try:  # the installed package (compiled by `pip install .`); else the tree beside this file
    import jokeren  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from jokeren import compiled
from jokeren.analysis import hands as analysis
from jokeren.analysis.legal import legal_actions
from jokeren.engine import apply, deal_round, new_match
from jokeren.engine import core as engine
from jokeren.engine.actions import Verb
from jokeren.engine.state import Phase, State, evolve
from jokeren.rules import patterns
from jokeren.rules.cards import JOKER, NATURALS, Card
from jokeren.rules.house import Rules

PLAYERS = ["Ann", "Bob", "Cas", "Dirk"]
BUILD = ("compiled with mypyc" if compiled() else "pure Python") + \
    f" ({Path(engine.__file__ or '?').parent})"


# --- helpers -----------------------------------------------------------------------------

def deep_size(obj: object, skip: tuple[object, ...] = ()) -> int:
    """Bytes reachable from ``obj``: sys.getsizeof summed, each object once (by id).

    Not counted: objects in ``skip``, and what the interpreter or a module shares with every
    state: None, booleans, small ints, enum members, classes, functions, and our 53 card
    flyweights (``cards.NATURALS`` and ``JOKER``).
    """
    seen = {id(s) for s in (*skip, *NATURALS, JOKER)}
    stack = [obj]
    total = 0
    while stack:
        o = stack.pop()
        if id(o) in seen or o is None or isinstance(o, bool | Enum | type | ModuleType |
                                                    FunctionType | BuiltinFunctionType) \
                or (type(o) is int and -5 <= o <= 256):
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, list | tuple | set | frozenset):
            stack.extend(o)
        if hasattr(o, "__dict__"):
            stack.append(vars(o))
        for cls in type(o).__mro__:  # a class compiled by mypyc lists its fields apart
            for name in (*getattr(cls, "__slots__", ()), *getattr(cls, "__mypyc_attrs__", ())):
                if hasattr(o, name):
                    stack.append(getattr(o, name))
    return total


def rate(fn: Callable[[], int], seconds: float) -> float:
    """Units of work per second: ``fn`` returns how many units it did."""
    done = 0
    start = time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def interleaved(plays: dict[str, Callable[[], int]], seconds: float,
                slices: int = 12) -> dict[str, float]:
    """Units per second of each of ``plays``, measured in turns of ``seconds / slices``
    each: a shared machine that slows down or speeds up mid-run does so for all of them."""
    done = dict.fromkeys(plays, 0)
    spent = dict.fromkeys(plays, 0.0)
    for _ in range(slices):
        for name, fn in plays.items():
            start = time.perf_counter()
            while time.perf_counter() - start < seconds / slices:
                done[name] += fn()
            spent[name] += time.perf_counter() - start
    return {name: done[name] / spent[name] for name in plays}


def latencies(fn: Callable[[], object], seconds: float) -> tuple[float, float, float, float]:
    """Calls/s, p50 and p99 in milliseconds (wall), and p99 of the process's CPU time.

    The CPU-time p99 leaves out time the process spent preempted on a busy machine.
    """
    wall: list[float] = []
    cpu: list[float] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or len(wall) < 100:
        t, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    wall.sort()
    cpu.sort()
    p99 = min(len(wall) - 1, int(len(wall) * 0.99))
    return (len(wall) / sum(wall), wall[len(wall) // 2] * 1e3, wall[p99] * 1e3,
            cpu[p99] * 1e3)


# --- ours --------------------------------------------------------------------------------

def random_play(rules: Rules, players: int) -> Callable[[], int]:
    """Uniform random play through whole matches: each call plays 200 decisions."""
    names = PLAYERS[:players]
    rng = random.Random(1)
    seeds = iter(range(10**9))
    state: list[State] = [new_match(rules, names, next(seeds))]

    def play(n: int = 200) -> int:
        s = state[0]
        for _ in range(n):
            if s.phase is Phase.MATCH_OVER:
                s = new_match(rules, names, next(seeds))
            if s.phase is Phase.ROUND_OVER:
                s = deal_round(s)
            legal = legal_actions(s)
            s, _ = apply(s, s.to_act, legal[rng.randrange(len(legal))])
        state[0] = s
        return n

    return play


def our_rules(name: str) -> Rules:
    return replace(Rules.load(name), max_reshuffles=1)  # rounds end when the stock runs dry


def ours(rules_name: str, seconds: float) -> dict[str, Any]:
    rules = our_rules(rules_name)
    mid = mid_round_state(rules)
    copies = rate(lambda: _copies(mid), seconds / 2)
    hands = solver_hands(random.Random(7))
    it = iter(range(10**9))

    def solve() -> None:
        patterns._CACHE.clear()
        analysis.arrange(hands[next(it) % len(hands)], rules, 1)

    calls, p50, p99, cpu99 = latencies(solve, seconds)
    return {"build": BUILD, "solver": calls, "p50": p50, "p99": p99, "cpu99": cpu99,
            "copies": copies, "bytes": deep_size(mid, skip=(mid.rules,)),
            "bytes_note": f"4 players, {len(mid.table)} table melds, "
                          f"{sum(map(len, mid.hands))} cards in hands"}


def _copies(state: State) -> int:
    for i in range(100):
        evolve(state, turns_done=i)
    return 100


def mid_round_state(rules: Rules) -> State:
    """A 4-player state in the middle of round 1, with melds on the table."""
    rng = random.Random(3)
    s = new_match(rules, PLAYERS, 11)
    while s.turns_done < 24 and s.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        legal = legal_actions(s)
        table = [a for a in legal if a.verb in (Verb.MELD, Verb.LAY)]
        s, _ = apply(s, s.to_act, (table or legal)[rng.randrange(len(table or legal))])
    return s


def solver_hands(rng: random.Random, n: int = 500) -> list[tuple[Card, ...]]:
    deck = [Card(r, s) for s in range(4) for r in range(1, 14)] * 2
    out = []
    for _ in range(n):
        jokers = rng.randrange(2, 5)
        out.append((*rng.sample(deck, 14 - jokers), *[JOKER] * jokers))
    return out


# --- RLCard ------------------------------------------------------------------------------

def rlcard_game() -> tuple[Any, Callable[..., int]] | str:
    """RLCard's raw gin rummy game, and its random play (200 decisions a call)."""
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError as exc:
        return f"not installed ({exc.name})"
    game = GinRummyGame()
    rng = random.Random(1)
    episodes = iter(range(10**9))

    def new() -> None:
        game.np_random = np.random.RandomState(next(episodes))
        game.init_game()

    new()

    def play(n: int = 200) -> int:
        for _ in range(n):
            if game.is_over():
                new()
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
        return n

    return game, play


def rlcard_play() -> Callable[..., int] | str:
    made = rlcard_game()
    return made if isinstance(made, str) else made[1]


def rlcard_figures(seconds: float) -> dict[str, Any] | str:
    made = rlcard_game()
    if isinstance(made, str):
        return made
    from rlcard.games.base import Card as RLCard
    from rlcard.games.gin_rummy.utils import melding

    game, play = made
    play(20)  # mid-round
    snapshot = copy.deepcopy(game)
    copies = rate(lambda: (copy.deepcopy(snapshot), 1)[1], seconds / 2)
    size = deep_size(snapshot, skip=(snapshot.np_random,))
    deck = [RLCard(s, r) for s in "SHDC" for r in "A23456789TJQK"]
    hrng = random.Random(7)
    hands = [hrng.sample(deck, 10) for _ in range(500)]
    it = iter(range(10**9))
    calls, p50, p99, cpu99 = latencies(
        lambda: melding.get_best_meld_clusters(hands[next(it) % 500]), seconds)
    return {"solver": calls, "p50": p50,
            "p99": p99, "cpu99": cpu99, "copies": copies, "bytes": size,
            "bytes_note": "game object, deep"}


# --- OpenSpiel ---------------------------------------------------------------------------

def openspiel_play() -> Callable[[], int] | str:
    """Random play of OpenSpiel's gin_rummy, 200 decisions a call (chance nodes not
    counted)."""
    try:
        import pyspiel
    except ImportError as exc:
        return f"not installed ({exc.name})"
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    state = [game.new_initial_state()]

    def play(n: int = 200) -> int:
        s = state[0]
        done = 0
        while done < n:
            if s.is_terminal():
                s = game.new_initial_state()
            done += _openspiel_step(s, rng)
        state[0] = s
        return n

    return play


def _openspiel_step(s: Any, rng: random.Random) -> bool:
    """One step of uniform random play: a chance outcome (False) or a decision (True)."""
    if s.is_chance_node():
        outcomes = s.chance_outcomes()
        s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        return False
    legal = s.legal_actions()
    s.apply_action(legal[rng.randrange(len(legal))])
    return True


def openspiel_figures(seconds: float) -> dict[str, Any] | str:
    try:
        import pyspiel
    except ImportError as exc:
        return f"not installed ({exc.name})"
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    s = game.new_initial_state()
    decided = 0
    while s.is_chance_node() or decided < 20:  # mid-round, at a decision
        decided += _openspiel_step(s, rng)
    copies = rate(lambda: (s.clone(), 1)[1], seconds / 2)
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    hrng = random.Random(7)
    hands = [hrng.sample(range(52), 11) for _ in range(500)]
    it = iter(range(10**9))
    calls, p50, p99, cpu99 = latencies(lambda: utils.min_deadwood(hands[next(it) % 500]), seconds)
    return {"solver": calls, "p50": p50,
            "p99": p99, "cpu99": cpu99, "copies": copies, "bytes": len(s.serialize()),
            "bytes_note": "serialized"}


# --- report ------------------------------------------------------------------------------

ROWS = [
    ("decisions2", "random play/s, 2 players", "{:,.0f}"),
    ("decisions", "random play/s, 4 players", "{:,.0f}"),
    ("solver", "solver calls/s", "{:,.0f}"),
    ("p50", "solver p50 (ms)", "{:.3f}"),
    ("p99", "solver p99 (ms)", "{:.3f}"),
    ("cpu99", "solver p99 CPU (ms)", "{:.3f}"),
    ("copies", "state copies/s", "{:,.0f}"),
    ("bytes", "bytes per state", "{:,.0f}"),
]


def report(results: dict[str, dict[str, Any] | str]) -> str:
    names = list(results)
    lines = []
    header = f"{'':26}" + "".join(f"{n:>16}" for n in names)
    others = [n for n in names[1:] if isinstance(results[n], dict)]
    header += "".join(f"{'ours/' + n:>18}" for n in others)
    lines.append(header)
    base = results[names[0]]
    assert isinstance(base, dict)
    for key, label, fmt in ROWS:
        row = f"{label:26}"
        for n in names:
            r = results[n]
            row += f"{fmt.format(r[key]) if isinstance(r, dict) else '-':>16}"
        for n in others:
            r = results[n]
            assert isinstance(r, dict)
            row += f"{base[key] / r[key]:>17.2f}x" if r[key] else f"{'-':>18}"
        lines.append(row)
    for n in names:
        r = results[n]
        lines.append(f"  {n}: " + (r["bytes_note"] if isinstance(r, dict) else r))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time per figure")
    parser.add_argument("--rules", default="amerikaans", help="our preset (4 players)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    gc.collect()
    rules = our_rules(args.rules)
    plays: dict[str, Callable[[], int] | str] = {
        "jokeren2": random_play(rules, 2), "jokeren4": random_play(rules, 4),
        "rlcard": rlcard_play(), "openspiel": openspiel_play()}
    rates = interleaved({k: p for k, p in plays.items() if not isinstance(p, str)},
                        args.seconds * 2)
    results: dict[str, dict[str, Any] | str] = {
        "jokeren": ours(args.rules, args.seconds),
        "rlcard": rlcard_figures(args.seconds),
        "openspiel": openspiel_figures(args.seconds),
    }
    for name, r in results.items():  # an anchor's one figure is the base of both rows
        if isinstance(r, dict):
            r["decisions2"] = rates["jokeren2" if name == "jokeren" else name]
            r["decisions"] = rates["jokeren4" if name == "jokeren" else name]
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(f"python {sys.version.split()[0]}, rules {args.rules}, "
              f"{args.seconds:g} s per figure; jokeren {BUILD}")
        print(report(results))


if __name__ == "__main__":
    main()
