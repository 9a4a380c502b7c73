"""Hand analysis checked against brute force: every meld by read_meld, every packing listed.

The brute force knows nothing of analysis/hands.py: it tries every sub-multiset of the hand and
every way to declare its jokers, asks ``read_meld`` (the engine's own rule) whether that is a
meld, then lists every set of disjoint melds.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations, combinations_with_replacement, permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jokeren.analysis.hands import (
    BIG_HAND,
    _all_at_once,
    arrange,
    arrange_penalty,
    can_come_out,
    outs,
)
from jokeren.engine.checks import requirement_met
from jokeren.rules.cards import JOKER, Card, full_deck, parse_cards, to_hand
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.melds import Meld, MeldError, card_value, read_meld
from jokeren.rules.patterns import CompiledHand, compile_hand, meld_params
from jokeren.rules.requirements import Requirement

GAP0_LOW_ACE = replace(PRESETS["amerikaans-40"], preset="amerikaans-40", joker_gap=0,
                       ace_high=False, set_max=None)
NO_JOKER_FIRST = replace(PRESETS["jokeren-13"], joker_in_first_meld=False)
RULESETS: list[tuple[str, Rules, int]] = [
    ("amerikaans r1", PRESETS["amerikaans"], 0),     # same card twice in a set, gap 1
    ("amerikaans r2", PRESETS["amerikaans"], 1),     # distinct suits
    ("amerikaans-40", PRESETS["amerikaans-40"], 2),  # sets of any size, joker 10 before out
    ("jokeren", PRESETS["jokeren"], 0),              # gap 2, distinct suits, ace penalty 1
    ("jokeren-30", PRESETS["jokeren-30"], 0),        # go out by melding
    ("gap0-low-ace", GAP0_LOW_ACE, 0),
    ("no-joker-first", NO_JOKER_FIRST, 0),
]
REQUIREMENTS = [Requirement.parse(t) for t in (
    "set 3", "run 3", "run 4", "set 3 | run 3", "set 3 + run 3", "set 3 + set 3",
    "points 30", "points 40", "all", "none")]


# --- brute force ------------------------------------------------------------------------

def _declarations(naturals: list[Card], jokers: int, rules: Rules) -> list[list[Card]]:
    """Every way to write these cards with declared jokers that could be a meld."""
    out: list[list[Card]] = []
    if len({c.rank for c in naturals}) == 1:
        rank = naturals[0].rank
        for suits in combinations_with_replacement(range(4), jokers):
            out.append([*naturals, *(Card(rank, s, True) for s in suits)])
    if len({c.suit for c in naturals}) == 1:
        suit = naturals[0].suit
        top = 14 if rules.ace_high else 13
        choices = [(1, 14) if c.rank == 1 and rules.ace_high else (c.rank,) for c in naturals]
        for places in product(*choices):
            if len(set(places)) < len(places):
                continue
            lo, hi = max(1, min(places) - jokers), min(top, max(places) + jokers)
            free = [q for q in range(lo, hi + 1) if q not in places]  # a run is unbroken
            for wild in combinations(free, jokers):
                cards = [(q, c) for q, c in zip(places, naturals, strict=True)]
                cards += [(q, Card(q if q <= 13 else 1, suit, True)) for q in wild]
                out.append([c for _, c in sorted(cards)])
    return out


def brute_melds(hand: tuple[Card, ...], rules: Rules, round_index: int,
                blocked: frozenset[Card]) -> dict[tuple[int, ...], dict[str, int]]:
    """Sub-multiset (counts per hand card type) -> {kind: best meld value}."""
    types = sorted(set(hand))
    have = Counter(hand)
    found: dict[tuple[int, ...], dict[str, int]] = {}
    for take in product(*(range(have[t] + 1) for t in types)):
        if sum(take) < 3:
            continue
        naturals = [t for t, k in zip(types, take, strict=True) for _ in range(k) if t.natural]
        jokers = sum(k for t, k in zip(types, take, strict=True) if t.joker)
        if not naturals:
            continue
        for cards in _declarations(naturals, jokers, rules):
            try:
                meld = read_meld(cards, rules, round_index)
            except MeldError:
                continue
            if any(c.joker and c.face in blocked for c in meld.cards):
                continue
            kinds = found.setdefault(take, {})
            kinds[meld.kind] = max(kinds.get(meld.kind, 0), meld.value())
    return found


def packings(melds: list[tuple[int, ...]], have: tuple[int, ...]) -> list[list[int]]:
    """Every set of disjoint melds (indices into ``melds``; a meld may be made twice)."""
    out: list[list[int]] = []

    def rec(start: int, left: tuple[int, ...], chosen: list[int]) -> None:
        out.append(chosen)
        for i in range(start, len(melds)):
            m = melds[i]
            if all(a >= b for a, b in zip(left, m, strict=True)):
                rec(i, tuple(a - b for a, b in zip(left, m, strict=True)), [*chosen, i])

    rec(0, have, [])
    return out


class Brute:
    def __init__(self, hand: tuple[Card, ...], rules: Rules, round_index: int,
                 blocked: frozenset[Card] = frozenset()) -> None:
        self.hand, self.rules = hand, rules
        self.types = sorted(set(hand))
        self.have = tuple(Counter(hand)[t] for t in self.types)
        found = brute_melds(hand, rules, round_index, blocked)
        self.keys = list(found)
        self.kinds = [found[k] for k in self.keys]
        self.packs = packings(self.keys, self.have)

    def jokers(self, i: int) -> int:
        return sum(k for t, k in zip(self.types, self.keys[i], strict=True) if t.joker)

    def size(self, i: int) -> int:
        return sum(self.keys[i])

    def min_penalty(self, come_out: bool) -> int:
        best = None
        for pack in self.packs:
            used = [sum(self.keys[i][n] for i in pack) for n in range(len(self.types))]
            pen = sum((k - u) * self.rules.penalty_of(t.rank, t.joker, come_out)
                      for t, k, u in zip(self.types, self.have, used, strict=True))
            best = pen if best is None else min(best, pen)
        assert best is not None
        return best

    def come_out_jokers(self, req: Requirement) -> int | None:
        """The fewest jokers any coming-out option uses, or None when there is none."""
        rules = self.rules
        total = len(self.hand)
        keep = 1 if rules.going_out == "discard" else 0
        best = None
        for pack in self.packs:
            if not rules.joker_in_first_meld and any(self.jokers(i) for i in pack):
                continue
            laid = sum(self.size(i) for i in pack)
            if req.all_at_once:
                ok = bool(pack) and (total - laid == 1 if keep else total - laid <= 1)
            elif laid > total - keep or not pack:
                ok = False
            elif req.points:
                ok = sum(max(self.kinds[i].values()) for i in pack) >= req.points
            elif req.none:
                ok = True
            else:
                ok = any(len(alt) == len(pack) and any(
                    all(kind in self.kinds[i] and self.size(i) >= n
                        for i, (kind, n) in zip(order, alt, strict=True))
                    for order in permutations(pack)) for alt in req.alternatives)
            if ok:
                used = sum(self.jokers(i) for i in pack)
                best = used if best is None else min(best, used)
        return best


# --- hands --------------------------------------------------------------------------------

DECK = [Card(r, s) for s in range(4) for r in range(1, 14)]


def random_hand(rng: random.Random, size: int, jokers: int, packs: int = 2) -> tuple[Card, ...]:
    pool = DECK * packs
    return tuple(sorted([*rng.sample(pool, size - jokers), *[JOKER] * jokers]))


def meld_rich_hand(rng: random.Random, size: int, jokers: int) -> tuple[Card, ...]:
    """Cards clustered in runs and sets, so that melds overlap and compete."""
    cards: list[Card] = []
    while len(cards) < size - jokers:
        if rng.random() < 0.5:
            suit, lo = rng.randrange(4), rng.randrange(1, 12)
            cards.extend(Card(r, suit) for r in range(lo, min(lo + rng.randrange(2, 5), 14)))
        else:
            rank = rng.randrange(1, 14)
            cards.extend(Card(rank, s) for s in rng.sample(range(4), rng.randrange(2, 4)))
    counts = Counter(cards[: size - jokers])
    hand = [c for c, k in counts.items() for _ in range(min(k, 2))]
    while len(hand) < size - jokers:
        hand.append(rng.choice(DECK))
        hand = [c for c, k in Counter(hand).items() for _ in range(min(k, 2))]
    return tuple(sorted([*hand, *[JOKER] * jokers]))


def joker_rich_hand(rng: random.Random, size: int) -> tuple[Card, ...]:
    jokers = rng.randrange(2, 5)
    suits = rng.sample(range(4), 2)
    lo = rng.randrange(1, 8)
    pool = [Card(r, s) for s in suits for r in range(lo, lo + 6) if r <= 13] * 2
    return tuple(sorted([*rng.sample(pool, size - jokers), *[JOKER] * jokers]))


def generated_hands(n: int, seed: int) -> list[tuple[tuple[Card, ...], int]]:
    rng = random.Random(seed)
    hands = []
    for k in range(n):
        size = rng.randrange(4, 10)
        kind = k % 3
        if kind == 0:
            hand = random_hand(rng, size, rng.randrange(0, 3))
        elif kind == 1:
            hand = meld_rich_hand(rng, size, rng.randrange(0, 3))
        else:
            hand = joker_rich_hand(rng, size)
        hands.append((hand, rng.randrange(len(RULESETS))))
    return hands


def blocked_for(rng: random.Random, hand: tuple[Card, ...]) -> frozenset[Card]:
    near = [Card(c.rank, s) for c in hand if c.natural for s in range(4)]
    near += [Card(r, c.suit) for c in hand if c.natural for r in range(1, 14)]
    return frozenset(rng.sample(near, min(len(near), rng.randrange(0, 4))))


# --- checks -------------------------------------------------------------------------------

def check_melds(hand: tuple[Card, ...], melds: tuple[Meld, ...], rules: Rules,
                round_index: int, blocked: frozenset[Card]) -> list[Card]:
    """Each meld is what read_meld makes of its cards; together they come from the hand."""
    left = Counter(hand)
    for m in melds:
        assert read_meld(m.cards, rules, round_index) == m
        assert all(c.declared for c in m.cards)
        assert not any(c.joker and c.face in blocked for c in m.cards)
        for c in m.cards:
            left[to_hand(c)] -= 1
            assert left[to_hand(c)] >= 0, f"{c} used more often than held"
    return list(left.elements())


def check_hand(hand: tuple[Card, ...], rules: Rules, round_index: int,
               blocked: frozenset[Card], reqs: list[Requirement]) -> None:
    brute = Brute(hand, rules, round_index, blocked)
    for come_out in (True, False):
        got = arrange(hand, rules, round_index, blocked, come_out=come_out)
        assert got.penalty == brute.min_penalty(come_out), (hand, come_out)
        left = check_melds(hand, got.melds, rules, round_index, blocked)
        assert Counter(left) == Counter(got.left)
        assert got.penalty == sum(rules.penalty_of(c.rank, c.joker, come_out) for c in left)
        assert arrange_penalty(hand, rules, round_index, blocked,
                               come_out=come_out) == got.penalty
    for req in reqs:
        option = can_come_out(hand, rules, round_index, req, blocked)
        fewest = brute.come_out_jokers(req)
        assert (option is None) == (fewest is None), (hand, str(req), option)
        if option is None:
            continue
        left = check_melds(hand, option, rules, round_index, blocked)
        keep = 1 if rules.going_out == "discard" else 0
        if req.all_at_once:
            assert len(left) == 1 if keep else len(left) <= 1
        else:
            assert len(left) >= keep
            assert requirement_met(req, option, exact=True)
        if not rules.joker_in_first_meld:
            assert not any(c.joker for m in option for c in m.cards)
        if req.alternatives or req.points:
            assert sum(len(m.jokers()) for m in option) == fewest, (hand, str(req))


def _check_many(n: int, seed: int) -> None:
    rng = random.Random(seed)
    for hand, which in generated_hands(n, seed):
        _, rules, round_index = RULESETS[which]
        blocked = blocked_for(rng, hand) if rng.random() < 0.3 else frozenset()
        check_hand(hand, rules, round_index, blocked, rng.sample(REQUIREMENTS, 3))


def test_against_brute_force_quick() -> None:
    _check_many(1000, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(10))
def test_against_brute_force_10000_hands(part: int) -> None:
    """10,000 hands in ten parts of 1,000 (each its own seed), so pytest-xdist shares them
    out."""
    _check_many(1000, seed=2024 + part)


# --- examples -----------------------------------------------------------------------------

AM = PRESETS["amerikaans"]


def test_arrange_uses_joker_for_a_card_held_elsewhere() -> None:
    # 5h 6h *7h as a run and 7h *7s *7d as a set leave nothing (gap 1 forbids *8h *9h).
    hand = parse_cards("5h 6h 7h * * *")
    got = arrange(hand, AM, 0)
    assert got.penalty == 0 and got.left == ()


def test_arrange_keeps_what_cannot_be_melded() -> None:
    got = arrange(parse_cards("2s 7h Kd"), AM, 0)
    assert got.melds == () and got.penalty == 5 + 5 + 10


def test_blocked_card_is_never_a_joker() -> None:
    hand = parse_cards("5h 6h *")
    assert arrange(hand, AM, 1).penalty == 0
    both = frozenset({Card(4, 1), Card(7, 1)})
    assert arrange(hand, AM, 1, both).penalty == 5 + 5 + 20


def test_points_use_meld_values() -> None:
    forty = PRESETS["amerikaans-40"]
    hand = parse_cards("Qh Kh Ah 2c 3c 4c 9s")
    melds = can_come_out(hand, forty, 2)
    assert melds is not None and sum(m.value() for m in melds) >= 40
    assert can_come_out(parse_cards("Ah 2h 3h 9s 9d 9c 2d"), forty, 2) is None  # 6 + 27


def test_two_melds_needed_together() -> None:
    req = Requirement.parse("set 3 + run 3")
    assert can_come_out(parse_cards("7s 7h 7d 4c 5c 6c Kd"), AM, 1, req) is not None
    assert can_come_out(parse_cards("7s 7h 7d 4c 5c 9c Kd"), AM, 1, req) is None


def test_all_at_once_keeps_one_card_to_discard() -> None:
    req = Requirement.parse("all")
    assert can_come_out(parse_cards("7s 7h 7d 4c 5c 6c Kd"), AM, 1, req) is not None
    assert can_come_out(parse_cards("7s 7h 7d 4c 5c 6c"), AM, 1, req) is None
    meld_out = PRESETS["jokeren-30"]
    assert can_come_out(parse_cards("7s 7h 7d 4c 5c 6c"), meld_out, 0, req) is not None


def test_no_joker_in_first_meld() -> None:
    hand = parse_cards("7s 7h * 2c 9d")
    assert can_come_out(hand, AM, 0, Requirement.parse("set 3")) is not None
    assert can_come_out(hand, NO_JOKER_FIRST, 0, Requirement.parse("set 3")) is None


def test_outs_are_the_cards_that_complete() -> None:
    hand = parse_cards("7s 7h 2c 9d Kd")
    got = outs(hand, AM, 0, Requirement.parse("set 3"))
    assert got == {Card(7, s) for s in range(4)}
    assert outs(parse_cards("7s 7h 7d 2c"), AM, 0, Requirement.parse("set 3")) == set(DECK)


def test_outs_match_can_come_out() -> None:
    rng = random.Random(5)
    for _ in range(30):
        hand = random_hand(rng, 9, rng.randrange(0, 2))
        req = rng.choice(REQUIREMENTS)
        got = outs(hand, AM, 1, req)
        assert got == {c for c in DECK if can_come_out((*hand, c), AM, 1, req) is not None}


# --- properties ---------------------------------------------------------------------------

cards = st.builds(lambda r, s: Card(r, s), st.integers(1, 13), st.integers(0, 3))
hands = st.lists(st.one_of(cards, st.just(JOKER)), min_size=0, max_size=16).map(
    lambda cs: tuple(sorted(c for c, k in Counter(cs).items() for _ in range(min(k, 2)))))


@settings(max_examples=150, deadline=None)
@given(hands, st.sampled_from(range(len(RULESETS))))
def test_arrangement_is_valid_disjoint_and_from_the_hand(hand: tuple[Card, ...],
                                                         which: int) -> None:
    _, rules, round_index = RULESETS[which]
    got = arrange(hand, rules, round_index)
    left = check_melds(hand, got.melds, rules, round_index, frozenset())
    assert Counter(left) == Counter(got.left)
    assert got.penalty <= sum(rules.penalty_of(c.rank, c.joker, True) for c in hand)
    for m in got.melds:
        assert m.value() == (len(m.cards) * card_value(m.rank, False) if m.kind == "set"
                             else m.value())


@settings(max_examples=100, deadline=None)
@given(hands, st.sampled_from(REQUIREMENTS))
def test_coming_out_melds_meet_the_requirement(hand: tuple[Card, ...],
                                               req: Requirement) -> None:
    option = can_come_out(hand, AM, 1, req)
    if option is not None:
        check_melds(hand, option, AM, 1, frozenset())
        if not req.all_at_once:
            assert requirement_met(req, option, exact=True)


def _meld_cards(h: CompiledHand) -> Counter[tuple[tuple[Card, ...], int, str]]:
    return Counter((tuple(sorted(h.naturals(pt.need))), pt.jokers, pt.kind)
                   for pt in h.patterns)


def test_big_hands_all_at_once_hardest_cards_first_same_answers() -> None:
    """Hands over ``BIG_HAND`` cards ("all at once" after much buying) search the cards
    fewest melds take first; the answer is the same as the (suit, rank) order's, and the
    melds it returns lay the hand but one card."""
    rules = PRESETS["amerikaans"]
    rng = random.Random(11)
    deck = full_deck(2, 4)
    answers: Counter[bool] = Counter()
    for _ in range(120):
        size = rng.randrange(BIG_HAND + 1, 29)
        if rng.random() < 0.5:  # meld-rich: a few runs and sets of one window of ranks
            low = rng.randrange(1, 9)
            window = [c for c in deck if c.joker or low <= c.rank < low + 5]
            hand = rng.sample(window, size)
        else:
            hand = rng.sample(deck, size)
        p = meld_params(rules, 5, False)
        plain = _all_at_once(compile_hand(hand, p, frozenset()), rules, hand.count(JOKER))
        assert _meld_cards(compile_hand(hand, p, frozenset(), hard_first=True)) == _meld_cards(
            compile_hand(hand, p, frozenset()))  # the reordered fields name the same cards
        got = can_come_out(hand, rules, 5)
        assert (got is None) == (plain is None), " ".join(map(str, sorted(hand)))
        if got is not None:
            assert len(check_melds(tuple(sorted(hand)), got, rules, 5, frozenset())) == 1
        answers[got is None] += 1
    assert answers[True] > 10 and answers[False] > 10, answers  # both answers exercised
