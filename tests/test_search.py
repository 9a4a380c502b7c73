"""Move-listing shortcuts in search.py never hide a legal option."""

from __future__ import annotations

import random

import pytest

from jokeren.analysis import can_come_out
from jokeren.cards import JOKER, NATURALS, Card
from jokeren.rules import PRESETS
from jokeren.search import _could_lay_all


def meld_rich_hand(rng: random.Random, size: int) -> list[Card]:
    """Runs and sets, some cards replaced by jokers, and a stray card or two."""
    strays = rng.randrange(0, 5)
    hand: list[Card] = []
    while len(hand) < size - strays:
        if rng.random() < 0.5:
            suit, length = rng.randrange(4), rng.randrange(3, 6)
            low = rng.randrange(1, 15 - length)
            cards = [NATURALS[suit * 13 + (r - 1) % 13] for r in range(low, low + length)]
        else:
            rank = rng.randrange(1, 14)
            cards = [NATURALS[s * 13 + rank - 1] for s in rng.sample(range(4), rng.randrange(3, 5))]
        hand.extend(JOKER if rng.random() < 0.1 else c for c in cards)
    hand = hand[: size - strays] + [rng.choice(NATURALS) for _ in range(strays)]
    return hand[:size]


@pytest.mark.parametrize("preset", ["amerikaans", "jokeren-13", "jokeren-7"])
def test_the_quick_all_at_once_test_never_refuses_a_hand_the_solver_lays(preset: str) -> None:
    rules = PRESETS[preset]
    rounds = [i for i in range(len(rules.schedule)) if rules.requirement(i).all_at_once]
    assert rounds
    rng = random.Random(7)
    layable = refused = 0
    for _ in range(3000):
        hand = meld_rich_hand(rng, rng.choice((13, 14)))
        ok = can_come_out(hand, rules, rounds[0]) is not None
        quick = _could_lay_all(hand, rules, rounds[0])
        assert quick or not ok, " ".join(map(str, hand))
        layable += ok
        refused += not quick
    assert layable > 500 and refused > 500  # both sides of the test were exercised
