"""Sets and runs with jokers under every option (docs/rules.md "Melds", "Definitions")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jokeren.rules.cards import JOKER, Card, format_cards, parse_cards
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.melds import MeldError, extend_meld, read_meld, replace_joker

AM = PRESETS["amerikaans"]
CLUB = PRESETS["jokeren"]
FAM = PRESETS["jokeren-30"]


def meld(text: str, rules: Rules = AM, round_index: int = 1) -> str:
    return format_cards(read_meld(parse_cards(text), rules, round_index).cards)


@pytest.mark.parametrize(("text", "out"), [
    ("* 3d 4d", "*2d 3d 4d"),          # 000: "joker, ruiten 3, ruiten 4 ... = ruiten 2"
    ("3d * 5d", "3d *4d 5d"),
    ("5h 6h *", "5h 6h *7h"),
    ("Qh Kh *", "Qh Kh *Ah"),
    ("Kh Ah *", "*Qh Kh Ah"),           # no room above the high ace: the joker goes below
    ("Jc Qc Kc Ac", "Jc Qc Kc Ac"),     # 000: boer, vrouw, heer, aas
    ("Ac 2c 3c", "Ac 2c 3c"),
    ("7d 5d 6d", "5d 6d 7d"),
    ("3h 3s *", "3h 3s *3d"),           # first missing suit in ♠♥♦♣ order
    ("3h 3h *", "3h 3h *3h"),           # 000: "2x harten 3, joker (duidelijk: harten 3)"
])
def test_joker_cards_are_inferred(text: str, out: str) -> None:
    assert meld(text, AM, 0) == out


@pytest.mark.parametrize(("text", "rules", "why"), [
    ("Kh Ah 2h", AM, "round the corner"),
    ("5h *6h *7h 8h", AM, "side by side"),
    ("5h * * 8h", AM, "side by side"),
    ("5h *6h 7h *8h 9h", CLUB, "2 natural cards between"),
    ("7h 7h 7d", AM, "same card twice"),
    ("7h 7s 7d 7c 7h", replace(AM, set_distinct_suits=False), "at most 4"),
    ("7h 8h", AM, "at least 3"),
    ("* * *", AM, "natural card"),
    ("7h 8s 9h", AM, "set"),
    ("Qh Kh Ah", replace(AM, ace_high=False), "ace is low only"),
])
def test_invalid_melds_say_why(text: str, rules: Rules, why: str) -> None:
    with pytest.raises(MeldError, match=why):
        read_meld(parse_cards(text), rules, 1)


def test_same_card_twice_only_in_round_1_of_000() -> None:
    assert meld("7h 7h 7d", AM, 0) == "7h 7h 7d"
    with pytest.raises(MeldError):
        read_meld(parse_cards("7h 7h 7d"), AM, 1)
    assert meld("7s 7s 7d", FAM, 3) == "7s 7s 7d"  # 004: two 7♠ allowed


def test_jokers_in_a_set_need_naturals_to_stand_apart() -> None:
    # docs/rules.md: naturals >= (jokers - 1) x gap
    assert meld("Kh Kd * *", CLUB) == "Kh Kd *Ks *Kc"
    with pytest.raises(MeldError):
        read_meld(parse_cards("Kh * *"), CLUB, 1)
    assert meld("Kh * *", AM) == "*Qh Kh *Ah"  # a run reads first: jokers apart


@pytest.mark.parametrize(("text", "value"), [
    ("Ad 2d 3d", 6), ("Qh Kh Ah", 31), ("Ah As Ad", 33), ("Qh Qs Qd", 30), ("*2d 3d 4d", 9),
    ("9c 10c Jc Qc", 39), ("7h *7s 7d", 21),
])
def test_meld_value(text: str, value: int) -> None:
    assert read_meld(parse_cards(text), AM, 1).value() == value


def test_lay_off_extends_either_end_and_sets() -> None:
    run = read_meld(parse_cards("5c 6c 7c"), AM, 1)
    assert format_cards(extend_meld(run, parse_cards("4c"), AM, 1).cards) == "4c 5c 6c 7c"
    assert format_cards(extend_meld(run, parse_cards("8c 9c"), AM, 1).cards) == "5c 6c 7c 8c 9c"
    assert format_cards(extend_meld(run, (JOKER,), AM, 1).cards) == "5c 6c 7c *8c"
    with pytest.raises(MeldError):
        extend_meld(run, parse_cards("10c"), AM, 1)
    s = read_meld(parse_cards("9c 9d 9h"), AM, 1)
    assert format_cards(extend_meld(s, parse_cards("9s"), AM, 1).cards) == "9c 9d 9h 9s"
    with pytest.raises(MeldError, match="at most 4"):
        extend_meld(extend_meld(s, parse_cards("9s"), AM, 1), (JOKER,), AM, 1)


def test_a_joker_that_may_not_lie_at_the_high_end_goes_to_the_low_end() -> None:
    # docs/rules.md: jokers fill the gaps, then the high end, then the low end; beside the
    # joker at the high end a second one may not lie (a terminal tester's refused lay-off)
    run = read_meld(parse_cards("6s 7s 8s 9s *10s"), AM, 1)
    assert format_cards(extend_meld(run, (JOKER,), AM, 1).cards) == "*5s 6s 7s 8s 9s *10s"
    assert meld("7h * *") == "7h *7s *7d"  # a meld laid reads as it always has: a set
    assert format_cards(extend_meld(read_meld(parse_cards("5c 6c 7c"), AM, 1), (JOKER,), AM,
                                    1).cards) == "5c 6c 7c *8c"  # the high end, where it may
    with pytest.raises(MeldError, match="side by side"):  # neither end: the high end's reason
        extend_meld(read_meld(parse_cards("*2s 3s 4s *5s"), AM, 1), (JOKER,), AM, 1)


def test_swap_replaces_the_joker_for_its_card() -> None:
    m = read_meld(parse_cards("8d * 10d"), AM, 1)
    swapped, i = replace_joker(m, Card(9, 2), AM, 1) or (None, -1)
    assert swapped is not None and format_cards(swapped.cards) == "8d 9d 10d" and i == 1
    assert replace_joker(m, Card(9, 1), AM, 1) is None
    s = read_meld(parse_cards("7h 7s *7d"), AM, 1)
    assert replace_joker(s, Card(7, 3), AM, 1) is None
    loose = replace(AM, set_joker_fixed=False)  # 001 variant: no fixed card in a set
    assert replace_joker(s, Card(7, 3), loose, 1) is not None


@given(st.integers(0, 3), st.integers(1, 12), st.integers(3, 13), st.data())
def test_every_natural_run_is_a_run(suit: int, start: int, length: int,
                                    data: st.DataObject) -> None:
    end = min(start + length - 1, 14)
    if end - start < 2 or (start == 1 and end == 14):
        return
    cards = [Card(p if p <= 13 else 1, suit) for p in range(start, end + 1)]
    # replace some cards by jokers, never two side by side (joker_gap 1)
    idx = data.draw(st.sets(st.integers(0, len(cards) - 1), max_size=3))
    if any(i + 1 in idx for i in idx) or len(idx) == len(cards):
        return
    written = [JOKER if i in idx else c for i, c in enumerate(cards)]
    m = read_meld(tuple(written), AM, 1)
    assert [c.face for c in m.cards] == cards
    assert m.kind == "run" and m.start == start
    order = data.draw(st.permutations(written))
    if all(c.natural for c in written):
        shuffled = read_meld(tuple(order), AM, 1)
        if len(cards) == 13:  # A..K and 2..A hold the same cards: either reading is a run
            assert sorted(shuffled.cards) == sorted(m.cards)
        else:
            assert shuffled.cards == m.cards
