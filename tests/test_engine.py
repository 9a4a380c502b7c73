"""Engine behaviour that scenario records cannot show well: chance, stock, views, match end."""

from __future__ import annotations

import inspect
import pickle
from dataclasses import FrozenInstanceError, fields, replace

import pytest

from compiled_play import with_melds_and_results
from jokeren.engine import Deal, IllegalMoveError, apply, deal_round, new_match
from jokeren.engine.actions import DRAW, PASS, TAKE, Action, discard
from jokeren.engine.state import Phase, RoundResult, State, evolve
from jokeren.engine.views import SeatView, event_for, view
from jokeren.play.table import people_table
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.melds import Meld

from conftest import assert_replays, check_invariants, play_out

CLUB = PRESETS["jokeren"]


def test_a_game_is_given_by_rules_seed_and_actions() -> None:
    a = new_match(CLUB, ["Ann", "Bob", "Cas"], 42)
    b = new_match(CLUB, ["Ann", "Bob", "Cas"], 42)
    c = new_match(CLUB, ["Ann", "Bob", "Cas"], 43)
    assert a == b and a.hands != c.hands


def test_dealer_rotates_and_voorhand_starts() -> None:
    s = new_match(CLUB, ["Ann", "Bob", "Cas"], 1)
    assert s.dealer == 2 and s.turn == 0 and s.to_act == 0 and not s.discard
    s = _draw_discard_until(replace(s, rules=replace(CLUB, max_reshuffles=0)),
                            lambda st: st.phase is Phase.ROUND_OVER)
    s2 = deal_round(s)
    assert s2.dealer == 0 and s2.turn == 1 and s2.round_index == 1


def _draw_discard_until(state, pred, limit=500):
    """Each player draws and discards his first card until ``pred(state)``."""
    for _ in range(limit):
        if pred(state) or not state.live:
            return state
        seat = state.to_act
        if state.phase is Phase.DRAW:
            state, _ = apply(state, seat, DRAW)
        elif state.phase is Phase.PLAY:
            card = next(c for c in state.hands[seat] if c.natural)
            state, _ = apply(state, seat, discard(card))
        else:
            state, _ = apply(state, seat, PASS)
    raise AssertionError("condition never reached")


def _pass_back(rules: Rules, turns: int) -> tuple[State, list]:
    """Ann throws a card; then each player takes it and throws it back, ``turns`` times
    or until the round ends."""
    s = new_match(rules, ["Ann", "Bob"], 3)
    while s.phase is Phase.EXCHANGE:  # the duplicate exchange: nobody gives
        s, _ = apply(s, s.to_act, PASS)
    s, _ = apply(s, 0, DRAW)
    card = next(c for c in s.hands[0] if c.natural)
    s, events = apply(s, 0, discard(card))
    while s.phase is not Phase.ROUND_OVER and s.turns_done < turns:
        s, _ = apply(s, s.to_act, TAKE)
        s, events = apply(s, s.to_act, discard(card))
    return s, events


def test_a_discard_passed_back_and_forth_ends_the_round_at_max_turns() -> None:
    """Taking the discard and throwing it back never touches the stock, so only
    ``max_turns`` ends such a round (two computer players once did it for ever)."""
    endless, _ = _pass_back(PRESETS["amerikaans"], 40)
    assert endless.turns_done == 40 and endless.phase is Phase.DRAW
    s, events = _pass_back(replace(PRESETS["amerikaans"], max_turns=9), 40)
    assert s.phase is Phase.ROUND_OVER and s.turns_done == 9
    assert len(s.stock) == len(endless.stock)
    assert [e.kind for e in events][-3:] == ["discard", "turn-limit", "round-over"]
    result = s.results[-1]
    assert result.winner is None and all(p > 0 for p in result.penalties)


@pytest.mark.parametrize("how", ["reshuffle", "turn-over"])
def test_stock_is_rebuilt_from_the_discard_pile(how: str) -> None:
    rules = replace(CLUB, stock_empty=how)
    s = new_match(rules, ["Ann", "Bob", "Cas"], 5)
    s = _draw_discard_until(s, lambda st: st.rebuilds == 1)
    check_invariants(s)
    assert len(s.discard) == 1


def test_turn_over_keeps_the_pile_order() -> None:
    rules = replace(CLUB, stock_empty="turn-over")
    s = new_match(rules, ["Ann", "Bob", "Cas"], 5)
    s = _draw_discard_until(s, lambda st: len(st.stock) == 0 and st.phase is Phase.PLAY)
    seat = s.to_act
    last = next(c for c in s.hands[seat] if c.natural)
    pile = s.discard
    s, _ = apply(s, seat, discard(last))
    # the pile's bottom card is now the top of the stock; its top card stays face up
    assert s.stock[-1] == pile[0] and s.discard == (last,)


def test_the_round_cap_ends_a_round_with_everyone_scoring() -> None:
    rules = replace(CLUB, max_reshuffles=0)
    s = new_match(rules, ["Ann", "Bob", "Cas"], 5)
    s = _draw_discard_until(s, lambda st: st.phase is Phase.ROUND_OVER)
    r = s.results[-1]
    assert r.winner is None and all(p > 0 for p in r.penalties)
    assert s.totals == r.penalties


def test_views_hide_other_hands_the_stock_and_drawn_cards() -> None:
    s = new_match(PRESETS["jokeren-30"], ["Ann", "Bob"], 9)
    s, events = apply(s, 0, DRAW)  # two players: Bob deals, Ann starts
    v0, v1 = view(s, 0), view(s, 1)
    assert v1.hand == s.hands[1] and v0.hand == s.hands[0]
    assert v0.drawn == events[0].cards and v1.drawn == ()
    assert v1.open_hands is None and v1.hand_sizes == (14, 13)
    assert event_for(events[0], 1).cards == () and event_for(events[0], 0).cards
    assert not hasattr(v0, "stock") and not hasattr(v0, "seed")
    spectator = view(s, None)
    assert spectator.hand == () and spectator.open_hands is None
    open_view = view(replace(s, rules=replace(s.rules, open_hands=True)), 0)
    assert open_view.open_hands == s.hands


def test_only_the_seat_to_act_may_act() -> None:
    s = new_match(CLUB, ["Ann", "Bob", "Cas"], 1)
    with pytest.raises(IllegalMoveError, match="not Bob's turn but Ann's"):
        apply(s, 1, DRAW)
    with pytest.raises(IllegalMoveError, match="must first draw"):
        apply(s, 0, discard(s.hands[0][0]))


def test_money_pot_goes_to_the_winner_of_the_last_round() -> None:
    rules = Rules.load({"preset": "jokeren-7", "money": {"per_buy": 1, "per_point": 1},
                        "rounds": 1})
    hands = (parse_cards("Kd Qs Jh 9s 7h 5d 3s"), parse_cards("2c 3c 4c 5c 6c 7c 8c"))
    s = new_match(rules, ["Ann", "Bob"], 1, Deal(hands, Card.parse("Ah"), parse_cards("2h 9c")))
    s, _ = apply(s, 0, DRAW)
    s, _ = apply(s, 0, discard(Card.parse("Kd")))
    s, _ = apply(s, 1, DRAW)
    s, _ = apply(s, 1, Action.parse("meld 2c 3c 4c 5c 6c 7c 8c 9c"))  # out by melding (002)
    assert s.phase is Phase.MATCH_OVER and s.winner == 1
    ann = 10 + 10 + 9 + 7 + 5 + 3 + 2  # Qs Jh 9s 7h 5d 3s 2h
    assert s.pot == ann and s.pot_winner == 1 and s.totals == (ann, 0)


def test_elimination_ends_the_match_with_the_last_player_left() -> None:
    rules = Rules.load({"preset": "jokeren-30", "eliminate_at": 60, "max_reshuffles": 0})
    game = play_out(rules, ["Ann", "Bob", "Cas"], 11)
    s = game.state
    assert s.phase is Phase.MATCH_OVER
    assert (len(s.eliminated) >= 2 and s.winner not in s.eliminated) or len(s.eliminated) == 3
    assert all(s.totals[p] >= 60 for p in s.eliminated)
    assert_replays(game)


def test_record_of_a_live_game_replays_to_the_identical_state() -> None:
    game = people_table(PRESETS["amerikaans"], ["Ann", "Bob", "Cas"], 8)
    game.play(0, PASS)
    game.play(1, PASS)
    game.play(2, PASS)
    game.play(0, DRAW)
    game.play(1, PASS)  # Bob does not buy
    assert_replays(game)


def test_refusals_are_worded_in_dutch_and_english() -> None:
    s = new_match(CLUB, ["Ann", "Bob", "Cas"], 1)
    with pytest.raises(IllegalMoveError) as info:
        apply(s, 1, DRAW)
    assert info.value.text("nl") == "Bob is niet aan de beurt, Ann wel"
    assert str(info.value) == info.value.text("en") == "it is not Bob's turn but Ann's"
    # to the player who acts in the second person, to others in the third (#40)
    assert info.value.text("nl", you=True) == "je bent niet aan de beurt, Ann wel"
    assert info.value.text("en", you=True) == "it is not your turn but Ann's"
    hands = (parse_cards("7h 8s 9h 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc"),
             parse_cards("2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad"),
             parse_cards("2s 3s 4s 5s 6s 7s 8h 9s 10s Js Qs Ks As"))
    s = new_match(PRESETS["jokeren-13"], ["Ann", "Bob", "Cas"], 1, Deal(hands))
    s, _ = apply(s, 0, DRAW)
    with pytest.raises(IllegalMoveError) as info:
        apply(s, 0, Action.parse("meld 7h 8s 9h"))
    assert info.value.text("nl") == (
        "7♥ 8♠ 9♥: een combinatie is een set (één waarde) of een rij (één kleur, op volgorde)")
    assert info.value.text("en") == ("7♥ 8♠ 9♥: a meld is a set (one rank) or a run (one suit, "
                                     "in sequence)")
    assert str(info.value).startswith("7h 8s 9h: ")  # the replay's JSON quotes the notation


def test_a_set_joker_is_not_inferred_as_a_card_with_no_copy_left() -> None:
    hands = (parse_cards("7h 7h 2c 3c 4c 5c 6c 8d 9d Jc Qc Kc *"),
             parse_cards("2d 3d 4d 5d 6d 7d 8h 9h 10h Jd Qd Kd Ad"))
    s = new_match(PRESETS["jokeren-30"], ["Ann", "Bob"], 1, Deal(hands, Card.parse("As")))
    s, _ = apply(s, 0, DRAW)
    s, _ = apply(s, 0, Action.parse("meld 7h 7h * / Jc Qc Kc"))  # 21 + 30 points
    assert str(s.table[0]) == "7h 7h *7s"  # two packs: a third 7h does not exist


@pytest.mark.sources  # compiled, evolve has no signature to read
def test_evolve_copies_every_field_as_dataclasses_replace_does() -> None:
    """``evolve`` is written out field by field (engine/state.py): it must name every field, keep
    what it is not given, and give a frozen State equal to ``dataclasses.replace``'s."""
    names = [f.name for f in fields(State)]
    assert list(inspect.signature(evolve).parameters)[1:] == names
    s = with_melds_and_results(5)
    changes = {"turn": 2, "winner": None, "hands": ((), (), ()), "table": s.table[:1]}
    copy = evolve(s, **changes)
    assert type(copy) is State and copy == replace(s, **changes) != s
    assert all(getattr(copy, n) is getattr(s, n) for n in names if n not in changes)
    assert evolve(s) == s
    with pytest.raises(FrozenInstanceError):
        copy.turn = 0  # type: ignore[misc]


def test_a_view_is_built_field_by_field_and_every_field_is_set() -> None:
    """``view`` stores each field into a blank SeatView (engine/views.py): it must set every
    field (``replace`` reads them all, an unset one raises), give a frozen SeatView and
    show each seat its own hand, what it drew only in its own turn, the rest as counts."""
    s = with_melds_and_results(5)
    if not s.drawn:  # a turn with a card drawn: ``drawn`` is the turn's own
        assert s.phase is Phase.DRAW
        s, _ = apply(s, s.turn, DRAW)
    assert s.drawn and s.table and s.results
    for seat in (*range(len(s.players)), None):
        v = view(s, seat)
        assert type(v) is SeatView and replace(v) == v
        assert pickle.loads(pickle.dumps(v)) == v
        assert v.hand == (s.hands[seat] if seat is not None else ())
        assert v.hand_sizes == tuple(map(len, s.hands)) and v.stock_size == len(s.stock)
        assert v.drawn == (s.drawn if seat == s.turn else ())
        assert (v.discard_top, v.discard_pile, v.table, v.totals, v.rebuilds) == (
            s.discard[-1] if s.discard else None, s.discard, s.table, s.totals, s.rebuilds)
        with pytest.raises(FrozenInstanceError):
            v.turn = 0  # type: ignore[misc]


def test_a_state_with_melds_and_results_survives_pickling() -> None:
    """Tournament workers send states back to the parent process (the score sheets); a
    compiled frozen dataclass needs its ``__reduce__`` for that."""
    s = with_melds_and_results(6)
    back = pickle.loads(pickle.dumps(s))
    assert back == s
    assert type(back.table[0]) is Meld and type(back.results[0]) is RoundResult
