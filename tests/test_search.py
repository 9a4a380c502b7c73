"""Move-listing shortcuts in analysis/search.py never hide a legal option."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from jokeren.analysis.hands import can_come_out
from jokeren.analysis.search import _could_lay_all, candidate_melds
from jokeren.rules.cards import JOKER, NATURALS, Card
from jokeren.rules.house import PRESETS
from jokeren.rules.melds import MeldError, read_meld


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


def test_the_quick_test_with_three_jokers_never_refuses_a_big_hand_the_solver_lays() -> None:
    """Three jokers: up to three melds with jokers must hold the lonely cards (``_cover``).
    Big hands, as buying makes them in the "all at once" round of 3-4 players."""
    rules = PRESETS["amerikaans"]
    final = len(rules.schedule) - 1
    assert rules.requirement(final).all_at_once
    rng = random.Random(11)
    layable = refused = 0
    for _ in range(300):
        size = rng.randrange(14, 27)
        naturals = [c for c in meld_rich_hand(rng, size) if c.natural]
        strays = rng.randrange(1, 8)
        naturals = naturals[: size - 3 - strays] + [rng.choice(NATURALS) for _ in range(strays)]
        hand = [*naturals, JOKER, JOKER, JOKER]
        ok = can_come_out(hand, rules, final) is not None
        quick = _could_lay_all(hand, rules, final)
        assert quick or not ok, " ".join(map(str, hand))
        layable += ok
        refused += not quick
    assert layable > 30 and refused > 30, (layable, refused)


def _written_runs(suit: int, held: set[int], jokers: int, ace_high: bool) -> set[tuple[Card, ...]]:
    """Every written run of ``suit`` of 3+ cards: a held rank as its natural card, any other
    rank as a joker standing for it, at most ``jokers`` jokers, at least one natural card
    (brute force over every start and length, the high ace included)."""
    top = 14 if ace_high else 13
    runs = set()
    for lo in range(1, top + 1):
        for hi in range(lo + 2, top + 1):
            ranks = [1 if r == 14 else r for r in range(lo, hi + 1)]
            if len(set(ranks)) < len(ranks):
                continue  # the ace twice
            cards = tuple(NATURALS[suit * 13 + r - 1] if r in held
                          else NATURALS[suit * 13 + r - 1].as_joker() for r in ranks)
            naturals = sum(1 for c in cards if not c.joker)
            if naturals and len(cards) - naturals <= jokers:
                runs.add(cards)
    return runs


@pytest.mark.parametrize("preset,gap", [("amerikaans", 1), ("jokeren", 2),
                                        ("amerikaans", 0), ("jokeren-13", 1)])
def test_candidate_runs_are_exactly_the_runs_read_meld_accepts(preset: str, gap: int) -> None:
    """The run search grows runs incrementally and stops early (too many jokers, jokers too
    close): it lists every run ``read_meld`` accepts from a hand, and nothing else."""
    rules = replace(PRESETS[preset], joker_gap=gap)
    rng = random.Random(gap * 100 + len(preset))
    checked = 0
    for _ in range(250):
        suit = rng.randrange(4)
        held = set(rng.sample(range(1, 14), rng.randrange(1, 9)))
        jokers = rng.randrange(0, 4)
        hand = [NATURALS[suit * 13 + r - 1] for r in held] + [JOKER] * jokers
        listed = set(candidate_melds(hand, rules, 1, max_jokers=jokers, sets=False))
        accepted = set()
        for run in _written_runs(suit, held, jokers, rules.ace_high):
            try:
                read_meld(run, rules, 1)
            except MeldError:
                continue
            accepted.add(run)
        assert listed == accepted, (sorted(held), jokers)
        checked += len(accepted)
    assert checked > 1000  # the hands had runs to find
