"""The race (bots/race.py): own turns to go out, in hindsight over sampled stock orders."""

from __future__ import annotations

import random
from collections import Counter

from jokeren.bots.race import Race, win_chance
from jokeren.rules.cards import parse_cards
from jokeren.rules.house import PRESETS

RULES = PRESETS["amerikaans"]


def race(hand: str, live: str, extra: str = "", come_out: bool = True,
         horizon: int = 6) -> Race:
    r = Race(RULES, 0, RULES.requirement(0), come_out, horizon)
    r.sample(parse_cards(hand), parse_cards(extra), Counter(parse_cards(live)), 5,
             random.Random(1))
    return r


def test_a_hand_in_melds_goes_out_next_turn_whatever_comes() -> None:
    r = race("5h 6h 7h 8h", "Kc Kc 2d 9s 9h Qd Js 4c")
    assert r.turns(parse_cards("5h 6h 7h 8h")) == 1


def test_a_card_that_never_comes_keeps_the_hand_past_the_horizon() -> None:
    r = race("5h 6h 9s", "Kc Kc 2d 2d Qd Qd Js Js 4c 4c", extra="7h")
    hand = parse_cards("5h 6h 9s")
    assert r.turns(hand) > 6
    # the same card as the discard to take: out in the first turn (5h 6h 7h, throw 9s)
    assert r.turns(hand, lead=parse_cards("7h")[0]) == 1


def test_coming_out_first_then_going_out() -> None:
    """Not out yet (set of 3): the 9s come first, then the hand must still go down."""
    r = race("9s 9d 2c", "9h 9h 9h 9h 9h 9h", come_out=False)
    each = r.each(parse_cards("9s 9d 2c"))
    assert all(out == 1 for _, out in each)  # 9s 9d 9h after one draw
    assert all(go >= 2 for go, _ in each)  # going out takes a later turn


def test_win_chance_counts_who_goes_out_first() -> None:
    assert win_chance([2, 2], [5, 5], ties_win=False) == 1.0
    assert win_chance([5], [2], ties_win=False) == 0.0
    assert win_chance([3], [3], ties_win=True) == 1.0
    assert win_chance([3], [3], ties_win=False) == 0.0
