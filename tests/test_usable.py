"""Exact legality: "can this card still go on the table this turn" and Turbo's "can the seat
meld now" (engine/usable.py) against a brute force over every action the engine accepts.

The brute force tries, from a position in the play phase, every meld action (any disjoint
groups of hand cards, jokers written for every card they could stand for, or not written),
every lay-off (any cards onto any meld), and every joker swap, one after the other, and
says whether some sequence puts the card on the table. The engine judges each action; where
it asks whether a freed joker can be used, it asks the brute force too (patched in), so the
answer owes nothing to engine/usable.py. Positions are random: small hands, meld-rich and
joker-rich, many melds on the table, random house rules (every key that bears on melding).
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from itertools import combinations, combinations_with_replacement

import pytest

from jokeren.engine import core as engine
from jokeren.engine.actions import Action, Verb
from jokeren.engine.core import _tried, allowed, apply, new_match
from jokeren.engine.phase import Phase
from jokeren.engine.state import State, evolve
from jokeren.engine.usable import can_meld_now, can_use
from jokeren.rules.cards import JOKER, NATURALS, Card, parse_cards, to_hand
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.melds import Meld, MeldError, read_meld
from jokeren.rules.requirements import Requirement

Group = tuple[Card, ...]

# --- the brute force --------------------------------------------------------------------------


def _forms(cards: Group, kind: str, rank_or_suit: int, span: tuple[int, int],
           extra: int) -> list[Group]:
    """``cards`` with their jokers unwritten, or written as every card they could stand for
    in a ``kind`` of that rank or suit: a set's four suits, a run's places within ``extra``
    of ``span``. The engine refuses any other card (not this rank, not this suit, not
    joined, one place twice), so no other is tried."""
    naturals = tuple(c for c in cards if c.natural)
    wild = len(cards) - len(naturals)
    if not wild:
        return [cards]
    out = [cards]
    if kind == "set":
        faces = [NATURALS[s * 13 + rank_or_suit - 1] for s in range(4)]
        combos = list(combinations_with_replacement(faces, wild))
    else:
        lo, hi = span
        faces = [NATURALS[rank_or_suit * 13 + (p - 1) % 13]
                 for p in range(max(1, lo - extra), min(14, hi + extra) + 1)]
        combos = list(combinations(faces, wild))
    for combo in combos:
        out.append((*naturals, *(f.as_joker() for f in combo)))
    return out


def _written(cards: Group) -> list[Group]:
    """A new meld's cards in every form: as a set of their rank, as a run of their suit."""
    naturals = [c for c in cards if c.natural]
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    out: dict[Group, None] = {}
    if len(ranks) == 1:
        out.update(dict.fromkeys(_forms(cards, "set", naturals[0].rank, (0, 0), 0)))
    if len(suits) == 1:
        places = [p for c in naturals for p in ((1, 14) if c.rank == 1 else (c.rank,))]
        out.update(dict.fromkeys(_forms(cards, "run", naturals[0].suit,
                                        (min(places), max(places)), len(cards))))
    return list(out)


def _submultisets(hand: Group, least: int) -> list[Group]:
    found = set()
    for k in range(least, len(hand) + 1):
        found.update(combinations(hand, k))
    return sorted(found)


_GROUPS: dict[tuple[object, ...], list[Group]] = {}


def _groups(hand: Group, state: State) -> list[Group]:
    """Every valid meld of hand cards, jokers in every form."""
    key = (hand, repr(state.rules), state.round_index)
    found = _GROUPS.get(key)
    if found is not None:
        return found
    out = []
    for sub in _submultisets(hand, 3):
        if all(c.joker for c in sub):
            continue
        for form in _written(sub):
            try:
                read_meld(form, state.rules, state.round_index)
            except MeldError:
                continue
            out.append(form)
    if len(_GROUPS) > 20_000:
        _GROUPS.clear()
    _GROUPS[key] = out
    return out


def _meld_actions(hand: Group, state: State) -> list[Action]:
    groups = _groups(hand, state)
    actions = [Action(Verb.MELD, melds=(g,)) for g in groups]
    have = Counter(hand)
    for a, b in combinations(groups, 2):
        need = Counter(to_hand(c) for c in (*a, *b))
        if all(have[c] >= k for c, k in need.items()):
            actions.append(Action(Verb.MELD, melds=(a, b)))
    return actions


def _lay_actions(hand: Group, table: tuple[Meld, ...]) -> list[Action]:
    actions = []
    for n, meld in enumerate(table, 1):
        for sub in _submultisets(hand, 1):
            if meld.kind == "set" and any(c.natural and c.rank != meld.rank for c in sub):
                continue  # not this set's rank: refused
            if meld.kind == "run" and any(c.natural and c.suit != meld.suit for c in sub):
                continue  # not this run's suit: refused
            which = meld.rank if meld.kind == "set" else meld.suit
            for form in _forms(sub, meld.kind, which, (meld.start, meld.end), len(sub)):
                actions.append(Action(Verb.LAY, form, (), n))
    return actions


def _swap_actions(hand: Group, table: tuple[Meld, ...]) -> list[Action]:
    return [Action(Verb.SWAP, (c,), (), n) for n in range(1, len(table) + 1)
            for c in sorted(set(hand)) if c.natural]


def _table_actions(hand: Group, state: State) -> list[Action]:
    """Every rearrangement (``table``, where the rules allow it): each way to split the
    table's cards and some hand cards into valid melds (jokers in every form) that keeps
    every table card and adds a hand card."""
    if not state.rules.rearrange or not state.table:
        return []
    on_table = Counter(to_hand(c) for m in state.table for c in m.cards)
    pool = tuple(sorted((*on_table.elements(), *hand)))
    groups = _groups(pool, state)
    faces = [Counter(to_hand(c) for c in g) for g in groups]
    size = sum(on_table.values())
    out: list[Action] = []

    def rec(left: Counter[Card], need: Counter[Card], chosen: tuple[Group, ...],
            start: int) -> None:
        if not need:
            if sum(map(len, chosen)) > size:
                out.append(Action(Verb.TABLE, melds=chosen))
            for i in range(start, len(groups)):  # more melds of hand cards alone
                if all(left[c] >= k for c, k in faces[i].items()):
                    rec(left - faces[i], need, (*chosen, groups[i]), i)
            return
        first = min(need)  # the lowest table card still to place
        for g, f in zip(groups, faces, strict=True):
            if f[first] and all(left[c] >= k for c, k in f.items()):
                rec(left - f, need - f, (*chosen, g), 0)

    rec(Counter(pool), on_table, (), 0)
    return out


def _places(action: Action, card: Card, table: tuple[Meld, ...] = ()) -> bool:
    if action.verb is Verb.TABLE:
        def count(melds: object) -> int:
            return sum(1 for g in melds for c in g if to_hand(c) == card)  # type: ignore[attr-defined]
        return count(action.melds) > count(m.cards for m in table)
    if action.verb is Verb.MELD:
        return any(to_hand(c) == card for g in action.melds for c in g)
    return any(to_hand(c) == card for c in action.cards)


_KNOWN: dict[tuple[object, ...], bool] = {}


def brute_usable(state: State, seat: int, card: Card, lay: bool = True) -> bool:
    """Whether some sequence of accepted actions puts ``card`` on the table (without
    ``lay``: in a meld, not by a lay-off). Answers are kept: the engine asks again and
    again whether a freed joker can be used."""
    key = (state.hands[seat], state.table, state.come_out[seat], state.came_out_now,
           state.acted, state.swapped, state.turns_done, card, lay, repr(state.rules))
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) > 50_000:
            _KNOWN.clear()
        known = _KNOWN[key] = _brute_usable(state, seat, card, lay)
    return known


def _brute_usable(state: State, seat: int, card: Card, lay: bool) -> bool:
    seen: set[tuple[object, ...]] = set()

    def reach(s: State) -> bool:
        if s.phase is not Phase.PLAY:
            return False
        # swapped: the same hand and table after a swap is another position (lay * as 4s,
        # swap 4s for it: no coming out and going out this turn)
        key = (s.hands[seat], s.table, s.come_out[seat], s.came_out_now, s.swapped)
        if key in seen:
            return False
        seen.add(key)
        hand = s.hands[seat]
        for action in (*_swap_actions(hand, s.table), *_lay_actions(hand, s.table),
                       *_meld_actions(hand, s), *_table_actions(hand, s)):
            try:
                after, _ = apply(s, seat, action)
            except engine.IllegalMoveError:
                continue
            if (_places(action, card, s.table) and (lay or action.verb is Verb.MELD)) \
                    or reach(after):
                return True
        return False

    return card in state.hands[seat] and reach(state)


def brute_meld_now(state: State, seat: int) -> bool:
    return any(allowed(state, seat, a) for a in _meld_actions(state.hands[seat], state))


@pytest.fixture
def brute_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine asks the brute force, not engine/usable.py, whether a freed joker can be used.
    Compiled, the engine's own calls would not see the patch: its tests are marked
    ``sources`` (tests/conftest.py)."""
    def patched(state: State, seat: int, card: Card, tried: object,
                extra: Card | None = None, lay: bool = True) -> bool:
        assert extra is None
        return brute_usable(evolve(state, pending=()), seat, to_hand(card), lay)

    monkeypatch.setattr(engine, "can_use", patched)


# --- random positions ----------------------------------------------------------------------

SCHEDULES = ("none", "set 3", "run 3", "set 3 | run 3", "set 3 + run 3", "points 25",
             "points 40", "all", "run 4")


def random_rules(rng: random.Random) -> Rules:
    base = PRESETS[rng.choice(["amerikaans-40", "jokeren", "jokeren-30", "jokeren-13"])]
    return replace(
        base, packs=rng.choice([1, 2, 2]), jokers=4, players=(2, 4), upcard=False,
        schedule=(Requirement.parse(rng.choice(SCHEDULES)),), rounds=1, eliminate_at=None,
        opening_only_contract=rng.random() < 0.5, act_before_out=rng.random() < 0.4,
        wait_first_turn=rng.random() < 0.1,
        set_distinct_suits=rng.choice([False, True]), set_max=rng.choice([None, 4, 5]),
        ace_high=rng.random() < 0.8, joker_gap=rng.choice([0, 1, 1, 2]),
        joker_copies_limit=rng.random() < 0.7, freed_joker=rng.choice(["use", "hand", "new-meld"]),
        joker_in_first_meld=rng.random() < 0.7, take_discard="always",
        going_out=rng.choice(["discard", "discard-or-meld"]), set_joker_fixed=rng.random() < 0.8,
        swap_in_all_round=rng.random() < 0.5, rearrange=False, turbo=False)


def random_meld(rng: random.Random, rules: Rules) -> Meld | None:
    """A meld for the table, often with a joker."""
    if rng.random() < 0.5:
        rank = rng.randint(1, 13)
        suits = rng.sample(range(4), rng.randint(3, 4))
        cards = [NATURALS[s * 13 + rank - 1] for s in suits]
    else:
        suit = rng.randrange(4)
        lo = rng.randint(1, 11)
        cards = [NATURALS[suit * 13 + (p - 1) % 13] for p in range(lo, lo + rng.randint(3, 5))
                 if p <= 14]
    if rng.random() < 0.5:
        i = rng.randrange(len(cards))
        cards[i] = cards[i].as_joker()
    try:
        return read_meld(cards, rules, 0)
    except MeldError:
        return None


def random_position(rng: random.Random) -> tuple[State, Card]:
    """A play-phase position of seat 0, and a card in its hand."""
    rules = random_rules(rng)
    state = new_match(rules, ["Ann", "Bob"], rng.randrange(1000))
    table = []
    for _ in range(rng.randint(0, 8)):
        meld = random_meld(rng, rules)
        if meld is not None:
            table.append(meld)
    # meld-rich: hand cards near the table's cards and each other
    pool = [c.face for m in table for c in m.cards]
    hand: list[Card] = []
    size = rng.randint(3, 5) if rng.random() < 0.9 else 6
    while len(hand) < size:
        r = rng.random()
        if r < 0.22:
            hand.append(JOKER)
        elif r < 0.6 and (pool or hand):
            base = rng.choice(pool + [c for c in hand if c.natural] or NATURALS)
            if rng.random() < 0.5:
                hand.append(NATURALS[rng.randrange(4) * 13 + base.rank - 1])
            else:
                p = max(1, min(13, base.rank + rng.choice([-2, -1, 1, 2])))
                hand.append(NATURALS[base.suit * 13 + p - 1])
        else:
            hand.append(rng.choice(NATURALS))
    out = rng.random() < 0.6
    swapped = rng.random() < 0.15  # a joker swapped earlier this turn (000: then no going
    #                                 out at once)
    state = evolve(state, hands=(tuple(sorted(hand)), state.hands[1]), table=tuple(table),
                   owners=(1,) * len(table), come_out=(out, True),
                   came_out_now=out and rng.random() < 0.2, turns_done=rng.choice([0, 2, 2]),
                   phase=Phase.PLAY, to_act=0, turn=0, pending=(), acted=swapped,
                   swapped=swapped)
    return state, to_hand(rng.choice(hand))


# --- the tests ---------------------------------------------------------------------------------

def test_the_false_refusal_of_issue_27_is_gone() -> None:
    """Preset ``jokeren``: 5h 6h 7h on the table, 8h in hand, 9h on the pile. Taking 9h
    was refused, yet with 9h in hand ``lay 1 8h 9h`` is legal."""
    rules = PRESETS["jokeren"]
    state = new_match(rules, ["Ann", "Bob", "Cas"], 1)
    table = (read_meld(parse_cards("5h 6h 7h"), rules, 0),)
    state = evolve(state, hands=(tuple(sorted(parse_cards("8h 2c 4d 9s Jc Kd 3s"))),
                                 *state.hands[1:]),
                   table=table, owners=(1,), come_out=(True, False, False),
                   discard=parse_cards("9h"), turns_done=3, to_act=0, turn=0)
    take = Action.parse("take")
    assert allowed(state, 0, take)
    taken, _ = apply(state, 0, take)
    assert allowed(taken, 0, Action.parse("lay 1 8h 9h"))
    assert not allowed(taken, 0, Action.parse("discard 2c"))  # 9h must be used first


def test_a_lay_off_of_another_card_before_coming_out_all_at_once() -> None:
    """Requirement ``all``, lay-offs allowed before coming out: with * 4s 4c Ks Kc in hand
    and Kd Ks *Kc on the table, ``lay 1 Ks`` then ``meld * 4s 4c`` (Kc discarded) puts 4c
    down. The search tried only lay-offs near 4c (found by the brute force's parts)."""
    rules = replace(PRESETS["jokeren-13"], schedule=(Requirement.parse("all"),),
                    act_before_out=True, set_max=4, upcard=False)
    state = new_match(rules, ["Ann", "Bob"], 1)
    table = (read_meld(parse_cards("Kd Ks *Kc"), rules, 0),)
    state = evolve(state, hands=(tuple(sorted(parse_cards("* 4s 4c Ks Kc"))), state.hands[1]),
                   table=table, owners=(1,), come_out=(False, True), turns_done=2,
                   phase=Phase.PLAY, to_act=0, turn=0, pending=(), acted=False)
    assert can_use(state, 0, Card.parse("4c"), _tried)
    laid, _ = apply(state, 0, Action.parse("lay 1 Ks"))
    assert allowed(laid, 0, Action.parse("meld * 4s 4c"))


@pytest.mark.slow
@pytest.mark.sources  # the patch reaches only the pure engine
@pytest.mark.usefixtures("brute_engine")
@pytest.mark.parametrize("part", range(10))
def test_usable_agrees_with_the_brute_force_on_10000_positions(part: int) -> None:
    """10,000 positions in ten parts of 1,000 (each its own seed), so pytest-xdist shares
    them out."""
    rng = random.Random(f"27-{part}")
    yes = no = 0
    for i in range(1000):
        state, card = random_position(rng)
        want = _agree(i, state, card)
        yes += want
        no += not want
    assert yes > 200 and no > 200  # both answers well tested


@pytest.mark.slow
@pytest.mark.sources  # the patch reaches only the pure engine
@pytest.mark.usefixtures("brute_engine")
def test_can_meld_now_agrees_with_the_brute_force() -> None:
    rng = random.Random(28)
    for i in range(2_000):
        state, _ = random_position(rng)
        state = evolve(state, came_out_now=False)
        assert can_meld_now(state, 0, _tried) == brute_meld_now(state, 0), (
            i, state.rules.to_obj(), state.hands[0], [str(m) for m in state.table])


def test_the_engine_imports_no_search_analysis_or_players() -> None:
    code = ("import sys, jokeren.engine; "
            "print(sorted(m for m in sys.modules if m.startswith(('jokeren.analysis', "
            "'jokeren.bots'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"



def _agree(i: int, state: State, card: Card) -> bool:
    """The brute force's answer for ``card`` of seat 0, checked against engine/usable.py."""
    want = brute_usable(state, 0, card)
    got = can_use(state, 0, card, _tried)
    assert got == want, (i, card, state.rules.to_obj(), state.hands[0],
                         [str(m) for m in state.table], state.come_out[0],
                         state.came_out_now)
    return want


def _small_table_position(rng: random.Random) -> tuple[State, Card]:
    """A position where the table may be rearranged (004, ``table``): one meld on the
    table, two or three cards in hand, near it (a brute force over every rearrangement of
    more cards, with jokers, takes minutes a position)."""
    while True:
        state, _ = random_position(rng)
        table = state.table[:1]
        if not table:
            continue
        hand = state.hands[0][:rng.randint(2, 3)]
        rules = replace(state.rules, rearrange=True)
        state = evolve(state, rules=rules, table=table, owners=state.owners[:len(table)],
                       hands=(hand, state.hands[1]))
        return state, to_hand(rng.choice(hand))


@pytest.mark.sources  # the patch reaches only the pure engine
@pytest.mark.usefixtures("brute_engine")
def test_usable_counts_a_rearrangement_of_the_table_quick() -> None:
    """Where the rules allow rearranging the table, a card is usable when some sequence
    with ``table`` actions puts it on the table: engine/usable.py agrees with the brute force,
    which tries every rearrangement as well."""
    rng = random.Random(45)
    only_by_table = 0
    for i in range(60):
        state, card = _small_table_position(rng)
        want = _agree(i, state, card)
        if want and not brute_usable(evolve(state, rules=replace(state.rules,
                                                                 rearrange=False)), 0, card):
            only_by_table += 1
    assert only_by_table >= 3  # positions where only a rearrangement uses the card


@pytest.mark.sources  # the patch reaches only the pure engine
@pytest.mark.usefixtures("brute_engine")
def test_a_rearrangement_reads_a_set_joker_as_a_suit_not_used_up() -> None:
    """Two packs, the table may be rearranged, a joker in a set stands for its rank only:
    8h and a joker can go on the table only as ``8s 8h *8c`` (8s taken off a run). The
    first missing suit, diamonds, is out: both 8d lie in the runs, and the copies limit
    refuses a third. engine/usable.py tries the other suits too, as the brute force does."""
    rules = replace(PRESETS["jokeren"], packs=2, rearrange=True, joker_copies_limit=True,
                    set_joker_fixed=False)
    state = new_match(rules, ["Ann", "Bob", "Cas"], 1)
    table = tuple(read_meld(parse_cards(t), rules, 0)
                  for t in ("5s 6s 7s 8s", "7d 8d 9d", "7d 8d 9d"))
    state = evolve(state, hands=(tuple(sorted(parse_cards("8h * Kc"))), *state.hands[1:]),
                   table=table, owners=(1, 1, 1), come_out=(True, True, True),
                   came_out_now=False, turns_done=2, phase=Phase.PLAY, to_act=0, turn=0,
                   pending=(), acted=False)
    assert allowed(state, 0, Action.parse("table 5s 6s 7s / 8s 8h *8c / 7d 8d 9d / 7d 8d 9d"))
    assert not allowed(state, 0,
                       Action.parse("table 5s 6s 7s / 8s 8h *8d / 7d 8d 9d / 7d 8d 9d"))
    assert _agree(0, state, parse_cards("8h")[0])
