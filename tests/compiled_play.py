"""Plays fixed matches and prints a hash of their records, and whether the engine it ran
was compiled: ``tests/test_compiled.py`` runs it on the sources and on a compiled wheel, and
the two hashes must be equal.

Every preset: two matches of uniform random play, one of 2 players and one of the most up
to 4 (every listing, every rule path random play reaches). Then ``amerikaans``, 2 players:
one match of the strong against the basic player (the bots' search and hand analysis).
Last, a state with melds and round results on the table must survive pickling (the
tournament's workers send states back) and ``evolve`` must copy it as ``dataclasses.replace``
does: a compiled frozen dataclass needs its own ``__reduce__`` and a native ``evolve``.
"""

from __future__ import annotations

import hashlib
import pickle
import random
from dataclasses import replace

from jokeren import compiled
from jokeren.analysis.legal import legal_actions
from jokeren.bots import make_player
from jokeren.engine import apply, deal_round, new_match
from jokeren.engine.state import Phase, State, evolve
from jokeren.play.simulate import play_match
from jokeren.rules.house import PRESETS

NAMES = ["Ann", "Bob", "Cas", "Dirk"]


def main() -> None:
    digest = hashlib.sha256()
    for name in sorted(PRESETS):
        rules = replace(PRESETS[name], max_reshuffles=1)
        lo, hi = rules.players
        for seed, n in enumerate(sorted({max(lo, 2), min(hi, 4)})):
            bots = [make_player("random", seed * 10 + i) for i in range(n)]
            game = play_match(rules, NAMES[:n], seed, bots)
            digest.update(game.record.dumps().encode())
    bots = [make_player("strong:4", 1), make_player("basic", 2)]
    game = play_match(PRESETS["amerikaans"], NAMES[:2], 7, bots)
    digest.update(game.record.dumps().encode())
    state = with_melds_and_results(3)
    assert pickle.loads(pickle.dumps(state)) == state
    assert evolve(state, turn=1, winner=None) == replace(state, turn=1, winner=None)
    print(digest.hexdigest()[:16], "compiled" if compiled() else "pure")


def with_melds_and_results(seed: int) -> State:
    """Random play of ``amerikaans`` (3 players) until melds are on the table in a round
    after the first (also used by tests/test_engine.py)."""
    rng = random.Random(seed)
    state = new_match(PRESETS["amerikaans"], NAMES[:3], seed)
    for _ in range(5000):
        if state.phase is Phase.ROUND_OVER:
            state = deal_round(state)
        if state.results and state.table:
            return state
        legal = legal_actions(state)
        state, _ = apply(state, state.to_act, legal[rng.randrange(len(legal))])
    raise AssertionError("no melds on the table after the first round")


if __name__ == "__main__":
    main()
