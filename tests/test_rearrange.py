"""The Rummikub-style ``table`` action (004): the exact check and the engine's handler.

004: "Jokeren op Rummikub-stijl: Staat toe om meldingen op tafel te herschikken (reeksen
splitsen, combinaties hergroeperen) met kaarten uit de hand, zoals in Rummikub."
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jokeren.analysis.legal import legal_actions
from jokeren.engine import Deal, IllegalMoveError, apply, check, new_match
from jokeren.engine.actions import Action, Verb
from jokeren.engine.rearrange import RearrangeError, check_table, new_owners, table_candidates
from jokeren.engine.state import Phase, State
from jokeren.rules.cards import JOKER, Card, parse_cards, to_hand
from jokeren.rules.house import PRESETS
from jokeren.rules.melds import Meld, read_meld
from jokeren.words.rules import describe

from conftest import check_invariants

RUMMIKUB = PRESETS["rummikub"]


def melds(*texts: str) -> tuple[Meld, ...]:
    return tuple(read_meld(parse_cards(t), RUMMIKUB, 0) for t in texts)


def groups(text: str) -> tuple[tuple[Card, ...], ...]:
    return Action.parse("table " + text).melds


def table(old: tuple[Meld, ...], text: str, hand: str, come_out: bool = True):
    return check_table(old, groups(text), parse_cards(hand), RUMMIKUB, 0, come_out=come_out)


# --- the exact check -----------------------------------------------------------------------

def test_split_a_run_with_a_second_copy() -> None:
    old = melds("3h 4h 5h 6h 7h 8h")
    new = table(old, "3h 4h 5h / 5h 6h 7h 8h", "5h 9c")
    assert [str(m) for m in new.melds] == ["3h 4h 5h", "5h 6h 7h 8h"]
    assert new.from_hand == (Card.parse("5h"),)


def test_merge_two_runs_with_the_card_between() -> None:
    old = melds("3h 4h 5h", "7h 8h 9h")
    new = table(old, "3h 4h 5h 6h 7h 8h 9h", "6h")
    assert len(new.melds) == 1 and new.from_hand == (Card.parse("6h"),)


def test_regroup_sets_and_runs() -> None:
    # Two sets of four give up a card each to a new run with the hand's 10s.
    old = melds("8s 8h 8d 8c", "9s 9h 9d 9c")
    new = table(old, "8h 8d 8c / 9h 9d 9c / 8s 9s 10s", "10s")
    assert [m.kind for m in new.melds] == ["set", "set", "run"]


def test_new_melds_are_numbered_in_the_order_written() -> None:
    old = melds("Kh Kd Kc", "3h 4h 5h 6h 7h 8h")
    new = table(old, "5h 6h 7h 8h / Kh Kd Kc / 3h 4h 5h", "5h")
    assert [str(m) for m in new.melds] == ["5h 6h 7h 8h", "Kh Kd Kc", "3h 4h 5h"]


def test_every_table_card_stays_on_the_table() -> None:
    old = melds("3h 4h 5h 6h 7h 8h")
    with pytest.raises(RearrangeError, match="8h was on the table"):
        table(old, "3h 4h 5h / 5h 6h 7h", "5h")


def test_copies_are_counted_by_face() -> None:
    # One 7s on the table; an arrangement with two 7s needs the second from the hand.
    old = melds("7s 7h 7d")
    with pytest.raises(RearrangeError, match="7s is not on the table and not in your hand"):
        table(old, "7s 7h 7d 7s", "7c")
    assert table(old, "7s 7h 7d 7s", "7s").from_hand == (Card.parse("7s"),)


def test_cards_added_come_from_the_hand() -> None:
    old = melds("3h 4h 5h")
    with pytest.raises(RearrangeError, match="6h is not on the table"):
        table(old, "3h 4h 5h 6h", "7h")


def test_something_must_be_added() -> None:
    old = melds("3h 4h 5h 6h 7h 8h", "Kh Kd Kc")
    with pytest.raises(RearrangeError, match="at least one card from your hand"):
        table(old, "Kh Kd Kc / 3h 4h 5h / 6h 7h 8h", "5h")


def test_every_meld_stays_valid() -> None:
    old = melds("3h 4h 5h 6h 7h 8h")
    with pytest.raises(RearrangeError, match="new meld 1"):
        table(old, "3h 4h / 5h 5h 6h 7h 8h", "5h")
    with pytest.raises(RearrangeError, match="new meld 2"):
        table(old, "3h 4h 5h / 5h 6h 8h 7h 9c", "5h 9c")


def test_jokers_move_and_are_declared_again() -> None:
    old = melds("4s *5s 6s", "Kh Kd Kc")
    new = table(old, "4s 5s 6s / Kh Kd Kc *Ks", "5s")
    assert new.melds[1].cards[-1] == Card.parse("*Ks")
    # A joker written without its card is read as usual (here the missing suit).
    new = table(old, "4s 5s 6s / Kh Kd Kc *", "5s")
    assert new.melds[1].cards[-1] == Card.parse("*Ks")


def test_a_joker_never_leaves_the_table() -> None:
    old = melds("4s *5s 6s", "Kh Kd Kc")
    with pytest.raises(RearrangeError, match="a joker was on the table"):
        table(old, "4s 5s 6s / Kh Kd Kc", "5s")


def test_a_joker_from_the_hand_is_a_card_added() -> None:
    old = melds("4s 5s 6s")
    new = table(old, "4s 5s 6s *7s", "*")
    assert new.from_hand == (JOKER,)
    with pytest.raises(RearrangeError, match=r"\* is not on the table"):
        table(old, "4s 5s 6s *7s", "7s")


def test_before_coming_out_no_meld_of_hand_cards_alone() -> None:
    old = melds("3h 4h 5h 6h 7h 8h")
    with pytest.raises(RearrangeError, match="hand cards alone"):
        table(old, "3h 4h 5h 6h 7h 8h / 9c 10c Jc", "9c 10c Jc", come_out=False)
    # ...a copy already on the table makes it no new meld of the hand alone
    assert table(old, "3h 4h 5h / 5h 6h 7h 8h", "5h", come_out=False)
    # ...and after coming out a new meld from the hand is part of a rearrangement.
    assert len(table(old, "3h 4h 5h 6h 7h 8h / 9c 10c Jc", "9c 10c Jc").melds) == 2


def test_owners_stay_with_melds_left_as_they_were() -> None:
    old = melds("3h 4h 5h 6h 7h 8h", "Kh Kd Kc")
    new = table(old, "Kh Kd Kc / 3h 4h 5h / 5h 6h 7h 8h", "5h")
    assert new_owners(old, (0, 1), new.melds, 2) == (1, 2, 2)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_check_is_exact(data: st.DataObject) -> None:
    """Against a plain multiset oracle: legal iff old table <= new table, the difference is
    in the hand and not empty (every meld valid by construction)."""
    pool = ["3h 4h 5h", "6h 7h 8h", "3h 4h 5h 6h", "Kh Kd Kc", "Ks Kh Kd", "9c 10c Jc Qc",
            "2s 3s *4s", "7d 7c *7h", "Ac 2c 3c", "Qd Kd Ad"]
    old_texts = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6))
    new_texts = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=7))
    hand = data.draw(st.lists(st.sampled_from(parse_cards("3h 6h Kd Kh 9c 4s * 7c Ac Ad")),
                              max_size=6))
    old, new = melds(*old_texts), melds(*new_texts)
    before = Counter(to_hand(c) for m in old for c in m.cards)
    after = Counter(to_hand(c) for m in new for c in m.cards)
    added = after - before
    legal = not (before - after) and bool(added) and not (added - Counter(hand))
    try:
        got = check_table(old, [m.cards for m in new], tuple(hand), RUMMIKUB, 0)
    except RearrangeError:
        assert not legal
    else:
        assert legal and Counter(got.from_hand) == added and got.melds == new


# --- the engine's handler ------------------------------------------------------------------

def position(rules=RUMMIKUB) -> State:
    """Ann has come out with a run 3h-8h and holds 6h, 9h; Bob holds 5h, has not come out."""
    hands = (parse_cards("3h 4h 5h 6h 7h 8h 6h 9h 2c 4d 9s Jc Qd"),
             parse_cards("5h 9c 10c Jc 2s 4s 6s 3d 5d 7d Kc Ac 6c"))
    s = new_match(rules, ["Ann", "Bob"], 1,
                  Deal(hands, Card.parse("Qc"), parse_cards("10d 2d Ks 7s")))
    for seat, text in [(0, "draw"), (0, "meld 3h 4h 5h 6h 7h 8h"), (0, "discard 10d"),
                       (1, "draw")]:
        s, _ = apply(s, seat, Action.parse(text))
    return s


def test_table_in_the_engine() -> None:
    s = position()
    s, _ = apply(s, 1, Action.parse("discard 2d"))
    s, _ = apply(s, 0, Action.parse("draw"))
    s, events = apply(s, 0, Action.parse("table 3h 4h 5h 6h / 6h 7h 8h"))
    assert [str(m) for m in s.table] == ["3h 4h 5h 6h", "6h 7h 8h"]
    assert s.owners == (0, 0) and s.acted
    assert events[0].kind == "table" and events[0].cards == (Card.parse("6h"),)
    assert Card.parse("6h") not in s.hands[0]
    check_invariants(s)
    s, _ = apply(s, 0, Action.parse("lay 2 9h"))  # meld 2 is the new 6h-8h
    assert str(s.table[1]) == "6h 7h 8h 9h"


def test_table_needs_the_variant() -> None:
    s = position(PRESETS["jokeren-30"])
    assert "Rummikub" in str(check(s, 1, Action.parse("table 3h 4h 5h / 5h 6h 7h 8h")) or "")
    assert "Rummikub" in describe(RUMMIKUB, "en")


def test_table_before_coming_out_follows_act_before_out() -> None:
    s = position()
    assert check(s, 1, Action.parse("table 3h 4h 5h / 5h 6h 7h 8h")) is None
    s = position(replace(RUMMIKUB, act_before_out=False))
    assert "has not come out" in str(check(s, 1, Action.parse("table 3h 4h 5h / 5h 6h 7h 8h"))
                                  or "")


def test_table_in_the_coming_out_turn_with_only_the_requirement() -> None:
    rules = replace(RUMMIKUB, opening_only_contract=True)
    hands = (parse_cards("3h 4h 5h 6h 7h 8h 6h 9h 2c 4d 9s Jc Qd"),
             parse_cards("5h 9c 10c Jc 2s 4s 6s 3d 5d 7d Kc Ac 6c"))
    s = new_match(rules, ["Ann", "Bob"], 1, Deal(hands, Card.parse("Qc"), parse_cards("10d")))
    s, _ = apply(s, 0, Action.parse("draw"))
    s, _ = apply(s, 0, Action.parse("meld 3h 4h 5h 6h 7h 8h"))
    refusal = check(s, 0, Action.parse("table 3h 4h 5h 6h / 6h 7h 8h"))
    assert "only the melds of the requirement" in str(refusal or "")


def test_going_out_by_rearranging_needs_going_out_by_melding() -> None:
    hands = (parse_cards("3h 4h 5h 6h 7h 8h Kh Kd Kc 2s 3s 4s 5h"),
             parse_cards("2h 9c 10c Jc 6s 8s 3d 5d 7d Qd Ac 6c *"))
    moves = ["draw", "meld 3h 4h 5h 6h 7h 8h / Kh Kd Kc / 2s 3s 4s", "discard Qc", "draw",
             "discard 2d", "draw"]
    for going_out, ends in (("discard-or-meld", True), ("discard", False)):
        rules = replace(RUMMIKUB, going_out=going_out)
        s = new_match(rules, ["Ann", "Bob"], 1,
                      Deal(hands, Card.parse("Js"), parse_cards("Qc 2d 5s")))
        for i, text in enumerate(moves):
            s, _ = apply(s, 0 if i not in (3, 4) else 1, Action.parse(text))
        last = Action.parse("table 3h 4h 5h / 5h 6h 7h 8h / Kh Kd Kc / 2s 3s 4s 5s")
        if ends:
            s, _ = apply(s, 0, last)
            assert s.phase is Phase.ROUND_OVER and s.results[-1].winner == 0
        else:
            assert "keep a card to discard" in str(check(s, 0, last) or "")


def test_a_declared_joker_respects_the_copies_limit() -> None:
    # Both 7s are on the table: a joker moved to 8s-9s may not be declared a third 7s.
    s = position()
    s = replace(s, table=melds("3h 4h 5h 6h 7h 8h", "7s 7h 7d", "5s 6s 7s", "*10s Js Qs"),
                owners=(0, 0, 0, 0), hands=(s.hands[0], (*s.hands[1], Card.parse("8s"),
                                                         Card.parse("9s"))))
    ok = Action.parse("table 3h 4h 5h 6h 7h 8h / 7s 7h 7d / 5s 6s 7s / 8s 9s *10s Js Qs")
    assert check(s, 1, ok) is None
    bad = Action.parse("table 3h 4h 5h 6h 7h 8h / 7s 7h 7d / 5s 6s 7s / 10s Js Qs / *7s 8s 9s")
    assert "10s is not on the table and not in your hand" in str(check(s, 1, bad) or "")
    s = replace(s, hands=(s.hands[0], (*s.hands[1], Card.parse("10s"))))
    with pytest.raises(IllegalMoveError, match="every copy"):
        apply(s, 1, bad)


def test_a_freed_joker_may_be_used_by_rearranging() -> None:
    rules = replace(RUMMIKUB, freed_joker="use")
    s = position(rules)
    s = replace(s, table=melds("4s *5s 6s", "Kh Kd Kc"), owners=(0, 0),
                hands=(s.hands[0], (*s.hands[1], Card.parse("5s"))),
                come_out=(True, True))
    s, _ = apply(s, 1, Action.parse("swap 1 5s"))
    assert s.pending == (JOKER,)
    s, _ = apply(s, 1, Action.parse("table 4s 5s 6s / Kh Kd Kc *Ks"))
    assert s.pending == ()


def test_table_round_trips_as_notation() -> None:
    text = "table 3h 4h 5h / 5h 6h 7h 8h / *Ks Kh Kd"
    a = Action.parse(text)
    assert a.verb is Verb.TABLE and str(a) == text and Action.parse(str(a)) == a


def test_legal_actions_list_some_rearrangements() -> None:
    s = position()
    s, _ = apply(s, 1, Action.parse("discard 2d"))
    s, _ = apply(s, 0, Action.parse("draw"))
    tables = [a for a in legal_actions(s) if a.verb is Verb.TABLE]
    assert Action.parse("table 3h 4h 5h 6h / 6h 7h 8h") in tables
    assert all(check(s, 0, a) is None for a in tables)
    assert table_candidates(s.table, s.hands[0], s.rules, s.round_index, limit=1) == tables[:1]


def test_refusals_are_worded_in_dutch_too() -> None:
    old = melds("3h 4h 5h 6h 7h 8h")
    with pytest.raises(RearrangeError) as info:
        table(old, "3h 4h / 5h 5h 6h 7h 8h", "5h")
    assert info.value.text("nl") == ("nieuwe combinatie 1 (3♥ 4♥): een combinatie heeft "
                                     "minstens 3 kaarten")
    s = position()
    with pytest.raises(IllegalMoveError) as refused:
        apply(s, 1, Action.parse("table 3h 4h 5h / 5h 6h 7h"))
    assert "elke tafelkaart blijft op tafel" in refused.value.text("nl")
