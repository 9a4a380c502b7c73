"""One meld enumerator (issue 27, point 2): what a set or run may hold is written once, in
rules/patterns.py, and move listing (search), the hints and the computer players' hand estimate
(bots/heuristic.py) list exactly what it lists, under any house rules; one edit there changes
all of them. Search and bots/heuristic.py call ``meld_cards`` itself; what it lists is checked here
against the engine's ``read_meld`` (and in full against a brute force in tests/test_analysis.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

import pytest

from jokeren.analysis.legal import legal_actions
from jokeren.analysis.search import candidate_melds
from jokeren.bots.heuristic import HandEval
from jokeren.engine import allowed, new_match
from jokeren.engine.actions import Action, Verb
from jokeren.engine.phase import Phase
from jokeren.engine.state import State, evolve
from jokeren.engine.views import view
from jokeren.rules import patterns
from jokeren.rules.cards import JOKER, NATURALS, Card, parse_cards, to_hand
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.melds import MeldError, read_meld
from jokeren.rules.patterns import meld_cards, set_limit
from jokeren.support.memo import clear_all
from jokeren.tui.hints import hints

Group = tuple[Card, ...]


def _position(rules: Rules, hand: Group) -> State:
    """Seat 0 to play, come out, holding ``hand``; an empty table."""
    state = new_match(rules, ["Ann", "Bob", "Cas"], 1)
    return evolve(state, hands=(tuple(sorted(hand)), *state.hands[1:]), table=(), owners=(),
                  come_out=(True, True, True), came_out_now=False, turns_done=4, phase=Phase.PLAY,
                  to_act=0, turn=0, pending=(), acted=False)


def _key(group: Group) -> Group:
    return tuple(sorted(group))


def _listed(rules: Rules, hand: Group) -> dict[str, set[Group]]:
    """The natural melds of ``hand`` as each consumer lists them (round 1)."""
    naturals = Counter(c for c in hand if c.natural)
    state = _position(rules, hand)
    legal = legal_actions(state)
    shown = hints(view(state, 0), legal)
    every = {_key(g) for g in meld_cards(hand, rules, 0, max_jokers=0)}
    evaluator = HandEval(rules, 0, rules.requirement(0), come_out=True)
    return {
        "patterns": every,
        "search": {_key(g) for g in candidate_melds(hand, rules, 0, max_jokers=0)},
        "bots/heuristic": {_key(m) for m in evaluator._candidates(naturals)},
        # hints show the engine's listed legal melds: the patterns' melds the engine takes
        "hints": {_key(g) for option in shown.melds for g in option
                  if not any(c.joker for c in g)},
        "accepted": {g for g in every
                     if allowed(state, 0, Action(Verb.MELD, melds=(g,)))},
    }


def _rule_variants() -> Iterator[Rules]:
    base = PRESETS["amerikaans"]
    for set_max in (3, 4, 5, None):
        for distinct in (True, False):
            for gap in (0, 1):
                yield replace(base, set_max=set_max, set_distinct_suits=distinct,
                              joker_gap=gap, ace_high=gap == 0)


def _meld_rich_hand(rng: random.Random) -> Group:
    """A hand of 8-12 cards from two packs, rich in one rank and in one suit's neighbours."""
    rank, suit = rng.randint(1, 13), rng.randrange(4)
    hand = [NATURALS[s * 13 + rank - 1] for s in rng.choices(range(4), k=rng.randint(2, 6))]
    hand += [NATURALS[suit * 13 + (rank + d - 1) % 13] for d in rng.sample(range(-3, 4), 4)]
    hand += rng.choices(NATURALS, k=rng.randint(1, 4))
    hand += [JOKER] * rng.randint(0, 2)
    return tuple(sorted(Counter(hand).elements()))[:12]


def _accepted_natural_melds(hand: Group, rules: Rules) -> set[Group]:
    """Every group of three to five of the hand's natural cards that the engine's
    ``read_meld`` takes as a meld (round 1), brute force."""
    naturals = sorted(c for c in hand if c.natural)
    out = set()
    for size in range(3, 6):
        for g in set(combinations(naturals, size)):
            try:
                read_meld(g, rules, 0)
            except MeldError:
                continue
            out.add(g)
    return out


def test_every_consumer_lists_the_patterns_melds_under_any_set_rules() -> None:
    rng = random.Random(2)
    sizes: Counter[int] = Counter()
    for rules in _rule_variants():
        for _ in range(6):
            hand = _meld_rich_hand(rng)
            if sum(1 for c in hand if c.natural) < 5:
                continue
            got = _listed(rules, hand)
            every = got["patterns"]
            for g in every:
                read_meld(g, rules, 0)  # the engine takes each (MeldError otherwise)
            assert {g for g in every if len(g) <= 5} == _accepted_natural_melds(hand, rules), (
                rules.set_max, rules.set_distinct_suits, hand)
            assert got["hints"] == got["accepted"], (rules.set_max, hand)
            limit = set_limit(rules, 0)
            for g in every:
                if len({c.rank for c in g}) == 1:
                    assert len(g) <= limit
                    sizes[len(g)] += 1
    assert sizes[3] and sizes[4] and sizes[5]  # the limits were reached, not only met


def test_with_jokers_move_listing_lists_the_patterns_melds() -> None:
    """With jokers, move listing lists the patterns' melds whose jokers stand for cards the
    hand lacks (a run needing a held card takes it)."""
    rng = random.Random(3)
    for rules in _rule_variants():
        for _ in range(4):
            hand = _meld_rich_hand(rng)
            listed = Counter(candidate_melds(hand, rules, 0, max_jokers=2))
            every = set(meld_cards(hand, rules, 0, max_jokers=2))
            assert set(listed) <= every
            have = Counter(hand)
            for g in listed:
                meld = read_meld(g, rules, 0)  # the engine takes it (MeldError otherwise)
                assert not Counter(to_hand(c) for c in g) - have, g  # from the hand
                assert sum(c.joker for c in g) <= 2, g
                if meld.kind == "run":  # a joker stands only for a card the hand lacks
                    assert not any(c.joker and have[c.face] for c in g), g


@pytest.mark.sources
def test_one_edit_in_patterns_changes_what_every_consumer_lists(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Sets of at most three cards, written once in rules/patterns.py: move listing, the hints and
    the computer players then list no set of four, and still list the sets of three."""
    rules = PRESETS["jokeren"]
    hand = tuple(parse_cards("7s 7h 7d 7c 2c 3c 4c 9d Jh"))
    clear_all()
    before = _listed(rules, hand)
    four = _key(parse_cards("7s 7h 7d 7c"))
    three = _key(parse_cards("7s 7h 7d"))
    for who in ("search", "bots/heuristic", "hints"):
        assert four in before[who] and three in before[who], who

    monkeypatch.setattr(patterns, "_set_top", lambda distinct, set_max: 3)
    clear_all()  # the melds listed under the old limit are memoised
    try:
        after = _listed(rules, hand)
    finally:
        monkeypatch.undo()
        clear_all()
    for who in ("search", "bots/heuristic", "hints"):
        assert four not in after[who] and three in after[who], who
        assert after[who] == before[who] - {four}, who
