"""Plays fixed matches and prints a hash of their records, and whether the engine it ran
was compiled: ``tests/test_compiled.py`` runs it on the sources and on a compiled wheel, and
the two hashes must be equal.

Every preset: two matches of uniform random play, one of 2 players and one of the most up
to 4 (every listing, every rule path random play reaches). Then ``amerikaans``, 2 players:
one match of the strong against the basic player (the bots' search and hand analysis).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from jokeren import compiled
from jokeren.bots import make_player
from jokeren.presets import PRESETS
from jokeren.simulate import play_match

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
    print(digest.hexdigest()[:16], "compiled" if compiled() else "pure")


if __name__ == "__main__":
    main()
