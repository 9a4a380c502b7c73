"""``analysis.Pool`` (the strong player's look-ahead) answers as brute force does, on any
sub-hand of its pool: the fewest cards left outside melds, whether a budget is met, which
leftover counts some arrangement gives, and whether the sub-hand can come out."""

from __future__ import annotations

import random

import pytest

from jokeren.analysis.hands import Pool, can_come_out
from jokeren.rules.cards import JOKER, Card
from jokeren.rules.house import PRESETS
from test_analysis import Brute, meld_rich_hand, random_hand


def sub_hands(rng: random.Random, pool: tuple[Card, ...], n: int) -> list[tuple[Card, ...]]:
    naturals = [c for c in pool if c.natural]
    jokers = sum(1 for c in pool if c.joker)
    out = []
    for _ in range(n):
        size = rng.randrange(0, min(8, len(naturals)) + 1)
        out.append(tuple(sorted([*rng.sample(naturals, size),
                                 *[JOKER] * rng.randrange(0, min(jokers, 2) + 1)])))
    return out


@pytest.mark.parametrize("preset,round_index", [("amerikaans", 0), ("amerikaans", 3),
                                                ("amerikaans", 5), ("jokeren", 0),
                                                ("jokeren-13", 1)])
def test_pool_answers_as_brute_force(preset: str, round_index: int) -> None:
    rules = PRESETS[preset]
    rng = random.Random(round_index * 31 + len(preset))
    checked = layable = 0
    for k in range(40):
        jokers = rng.randrange(0, 3)
        pool_cards = meld_rich_hand(rng, 14, jokers) if k % 2 else random_hand(rng, 14, jokers)
        pool = Pool(pool_cards, rules, round_index)
        for hand in sub_hands(rng, pool_cards, 6):
            j = sum(1 for c in hand if c.joker)
            mask = pool.mask(hand)
            brute = Brute(hand, rules, round_index)
            lefts = {len(hand) - sum(brute.size(i) for i in pack) for pack in brute.packs}
            assert pool.left(mask, j) == min(lefts), hand
            for budget in range(0, 4):
                assert pool.fits(mask, j, budget) == (min(lefts) <= budget), (hand, budget)
            for lo, hi in ((1, 1), (0, 1), (2, 3), (0, 0)):
                assert pool.leaves(mask, j, lo, hi) == any(lo <= n <= hi for n in lefts), \
                    (hand, lo, hi)
            ok = can_come_out(hand, rules, round_index) is not None
            assert pool.can_come_out(mask, j) == ok, hand
            checked += 1
            layable += min(lefts) == 0
    assert checked == 240 and layable > 10
