"""How fast a Rummikub-style rearrangement is checked: a table of 20 melds, rearranged.

    python benchmarks/bench_rearrange.py

The target (issue 3) is under 5 ms per check on the project's 2-core machine. This is a
benchmark, not a timed test: it prints the numbers and exits 0 either way.

The table: 12 runs (some with jokers) and 8 sets, 74 cards. Two rearrangements are timed:
the exact check alone (``rearrange.check_table``: read every meld, compare the multisets)
and the engine's whole ``table`` action (the check plus the hand, the copies limit and the
new state).
"""

from __future__ import annotations

import sys
import timeit
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from jokeren.engine import Deal, apply, new_match
from jokeren.engine.actions import Action
from jokeren.engine.rearrange import check_table
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import find_preset
from jokeren.rules.melds import read_meld

RULES = find_preset("rummikub")
TABLE = [
    "Ah 2h 3h 4h 5h 6h", "7h 8h *9h 10h", "Js Qs Ks As", "2s 3s *4s 5s 6s", "7s 8s 9s",
    "2d 3d 4d 5d 6d 7d 8d", "10d Jd *Qd Kd", "Ac 2c 3c", "4c *5c 6c 7c", "8c 9c 10c Jc Qc",
    "9d 10d Jd", "3h 4h 5h",
    "Kh Kd Kc", "Qh Qd Qc Qs", "Jh Jd Jc", "10h 10s 10c", "9s 9c 9h", "8h 8d 8s",
    "7c 7d 7s", "6h 6s 6c",
]
# Ann holds 4d, Kc and 6h: she splits the long diamond run on a second 4d and adds a king
# and a six to their sets; every meld is written again, as the notation asks.
HAND = "4d Kc 6h 2c 9c"
NEW = [
    "Ah 2h 3h 4h 5h 6h", "7h 8h *9h 10h", "Js Qs Ks As", "2s 3s *4s 5s 6s", "7s 8s 9s",
    "2d 3d 4d", "4d 5d 6d 7d 8d", "10d Jd *Qd Kd", "Ac 2c 3c", "4c *5c 6c 7c",
    "8c 9c 10c Jc Qc", "9d 10d Jd", "3h 4h 5h", "Kh Kd Kc Kc", "Qh Qd Qc Qs", "Jh Jd Jc",
    "10h 10s 10c", "9s 9c 9h", "8h 8d 8s", "7c 7d 7s", "6h 6s 6c 6h",
]


def main() -> None:
    old = tuple(read_meld(parse_cards(t), RULES, 0) for t in TABLE)
    assert len(old) == 20
    groups = Action.parse("table " + " / ".join(NEW)).melds
    hand = parse_cards(HAND)
    result = check_table(old, groups, hand, RULES, 0)
    assert len(result.melds) == 21 and len(result.from_hand) == 3

    # The engine's whole action: Ann has come out and it is her turn to play.
    deal = Deal((parse_cards("Kc 4d 6h 2c 9c 2d 3d 4d Qs 7h 8d 9s 10c"),
                 parse_cards("Ah 2h 3h 4h 5h 6h 7c 8c 9c 10h Jh Qh Kh")),
                Card.parse("Qd"), parse_cards("Ks"))
    state = new_match(RULES, ["Ann", "Bob"], 1, deal)
    state, _ = apply(state, 0, Action.parse("draw"))
    state = replace(state, table=old, owners=(1,) * 20, come_out=(True, True),
                    hands=((*sorted(hand), Card.parse("Ks")), state.hands[1]))
    action = Action.parse("table " + " / ".join(NEW))
    apply(state, 0, action)

    rounds = 2000
    check_s = min(timeit.repeat(lambda: check_table(old, groups, hand, RULES, 0),
                                number=rounds, repeat=5)) / rounds
    engine_s = min(timeit.repeat(lambda: apply(state, 0, action), number=rounds,
                                 repeat=5)) / rounds
    print(f"table of {len(old)} melds ({sum(len(m.cards) for m in old)} cards), "
          f"rearranged into {len(result.melds)} melds with {len(result.from_hand)} hand cards")
    print(f"check_table (the exact check):   {check_s * 1000:.3f} ms per rearrangement")
    print(f"engine table action (all of it): {engine_s * 1000:.3f} ms per rearrangement")
    verdict = "under" if max(check_s, engine_s) < 0.005 else "OVER"
    print(f"target 5 ms: {verdict}")


if __name__ == "__main__":
    main()
