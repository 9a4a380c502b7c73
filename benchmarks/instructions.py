"""Machine instructions per random-play decision, counted by valgrind: a figure that a busy,
shared machine does not move (the clock-based figures of run.py move by 10-20%).

    python benchmarks/instructions.py [--states 3000] [--loop 15000] [--players 4]

It plays 90,000 decisions of random 4-player ``amerikaans`` (seeded), keeps every 30th
state (all six rounds about equally), and counts with ``valgrind --tool=callgrind`` the
instructions of ``legal_actions`` + one random ``apply`` on each kept state, less the same
run with no states (starting Python and importing). Each kept state is met once, so the
memos start cold. ``--loop N`` also counts the N decisions of that same random play in a
row (rounded to a multiple of 30), as run.py plays them (the same seeds and choices as its
``random_play``): the memos warm up as they go. ``--players 2``: the same with 2 players.
Needs valgrind (``apt-get install valgrind``); the count is the same from run to run within
a fraction of a percent. It counts the sources (pure Python); ``JOKEREN_COUNT=DIR`` counts a
wheel installed in DIR (``pip install --no-deps --target DIR``), compiled.

It also prints a fingerprint of the kept states: a speed change that must not change the
play has to leave it as it was (a shortcut that looked safe once changed it at state 1,500
where a shorter check of 3,000 decisions saw nothing).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

# the jokeren counted: the sources, or (JOKEREN_COUNT=DIR) a wheel installed with
# ``pip install --no-deps --target DIR``, compiled as users run it
sys.path.insert(0, os.environ.get("JOKEREN_COUNT")
                or str(Path(__file__).resolve().parents[1] / "src"))

from jokeren.analysis.legal import legal_actions
from jokeren.engine import apply, deal_round, new_match
from jokeren.engine.state import Phase, State
from jokeren.rules.house import Rules

SRC = Path(sys.path[0])  # what the insert above put first

PLAYERS = ["Ann", "Bob", "Cas", "Dirk"]
EVERY = 30

_WORK = """
import pickle, random, sys
sys.path.insert(0, {src!r})
from jokeren.engine import apply
from jokeren.analysis.legal import legal_actions
states = pickle.load(open({path!r}, "rb"))[: int(sys.argv[1])]
rng = random.Random(5)
for s in states:
    legal = legal_actions(s)
    apply(s, s.to_act, legal[rng.randrange(len(legal))])
"""


_LOOP = """
import sys
sys.path.insert(0, {here!r})
from instructions import sample_states
sample_states(int(sys.argv[1]) // {every}, {players})
"""


def sample_states(count: int, players: int = 4) -> list[State]:
    rules = replace(Rules.load("amerikaans"), max_reshuffles=1)
    rng, seed = random.Random(1), 0
    names = PLAYERS[:players]
    state = new_match(rules, names, seed)
    kept: list[State] = []
    for i in range(count * EVERY):
        if state.phase is Phase.MATCH_OVER:
            seed += 1
            state = new_match(rules, names, seed)
        if state.phase is Phase.ROUND_OVER:
            state = deal_round(state)
        if i % EVERY == 0:
            kept.append(state)
        legal = legal_actions(state)
        state, _ = apply(state, state.to_act, legal[rng.randrange(len(legal))])
    return kept


def count(script: Path, n: int) -> int:
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, str(script), str(n)],
                         capture_output=True, text=True, check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit("valgrind gave no count:\n" + out[-500:])
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=3000, help="states to measure")
    parser.add_argument("--loop", type=int, default=0,
                        help="also count this many consecutive decisions (0: do not)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                        help="players in the random matches")
    args = parser.parse_args()
    if args.states < 1 or args.loop < 0:
        raise SystemExit("--states must be at least 1 and --loop at least 0.")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind).")
    states = sample_states(args.states, args.players)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "states.pkl"
        path.write_bytes(pickle.dumps(states))
        script = Path(tmp) / "work.py"
        script.write_text(_WORK.format(src=str(SRC), path=str(path)))
        per = (count(script, args.states) - count(script, 0)) / args.states
        print(f"{per:,.0f} instructions per decision ({args.states} states, "
              f"legal_actions + apply, random {args.players}-player amerikaans)")
        if args.loop:
            # The same play as the kept states', counted whole: every decision, not every
            # EVERY-th (keeping the states costs nothing next to playing them).
            decisions = max(1, args.loop // EVERY) * EVERY
            loop = Path(tmp) / "loop.py"
            loop.write_text(_LOOP.format(here=str(Path(__file__).resolve().parent),
                                         every=EVERY, players=args.players))
            per = (count(loop, decisions) - count(loop, 0)) / decisions
            print(f"{per:,.0f} instructions per decision ({decisions} decisions in a row)")
    print(f"fingerprint of the states: {fingerprint(states)}")


def fingerprint(states: list[State]) -> str:
    """A hash of what the kept states hold: equal for equal play."""
    digest = hashlib.sha256()
    for s in states:
        digest.update(repr((s.phase, s.to_act, s.hands, s.table, s.stock, s.discard,
                            s.totals)).encode())
    return digest.hexdigest()[:16]


if __name__ == "__main__":
    main()
