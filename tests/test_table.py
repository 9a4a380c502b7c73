"""The Table: versions, refusals, events since a version, computer players, rebuilding."""

from __future__ import annotations

import json
import pickle

import pytest

from jokeren.engine.actions import DEAL, DRAW, Action
from jokeren.engine.record import Record, replay
from jokeren.engine.state import Phase
from jokeren.engine.views import event_for
from jokeren.engine.wire import (
    decode_event,
    decode_refusal,
    decode_view,
    encode_event,
    encode_refusal,
    encode_view,
    json_schema,
    validator,
)
from jokeren.play.table import SEED_BITS, Accepted, Refused, Seat, Table, decide, new_seed
from jokeren.rules.house import PRESETS

from conftest import capped

BOTS = (Seat("Ann", "random"), Seat("Bob", "random"), Seat("Cas", "random"))
SHORT = capped(PRESETS["amerikaans"].__class__.load({"preset": "amerikaans", "rounds": 2}), 0)


def test_a_new_table_shows_each_seat_its_own_deal_and_the_others_counts() -> None:
    table = Table(PRESETS["amerikaans"], BOTS, 5)
    assert table.version == 0
    for seat in (0, 1, 2, None):
        seen = [e for _, e in table.events_since(seat, -1)]
        deals = [e for e in seen if e.kind == "deal"]
        assert [e.seat for e in deals] == [0, 1, 2]
        for e in deals:
            if e.seat == seat:
                assert e.cards == table.state.hands[seat] and e.hidden == 0
            else:
                assert e.cards == () and e.hidden == 13
        assert [e.kind for e in seen][-1] == "upcard"


def test_act_refuses_a_stale_version_and_an_illegal_move_and_changes_nothing() -> None:
    table = Table(PRESETS["amerikaans"], (Seat("Ann"), Seat("Bob"), Seat("Cas")), 5)
    first = table.to_act
    assert first is not None
    other = (first + 1) % 3
    before = table.state
    stale = table.act(first, DRAW, 7)
    assert isinstance(stale, Refused) and stale.reason.key == "stale_version"
    assert stale.version == 0
    wrong = table.act(other, DRAW, 0)
    assert isinstance(wrong, Refused) and wrong.reason.key == "not_your_turn"
    nobody = table.act(9, DRAW, 0)
    assert isinstance(nobody, Refused) and nobody.reason.key == "no_seat"
    assert table.state is before and table.version == 0 and table.actions == []
    move = table.legal()[0]
    done = table.act(first, move, 0)
    assert isinstance(done, Accepted) and done.version == 1 == table.version
    again = table.act(first, move, 0)  # the same move sent twice: the second is stale
    assert isinstance(again, Refused) and again.reason.key == "stale_version"


def test_events_since_give_what_a_reconnecting_seat_missed() -> None:
    table = Table(PRESETS["amerikaans"], BOTS, 11)
    moves = table.play_bots(limit=30)
    assert len(moves) == 30 and table.version == 30
    for seat in (0, 1, 2, None):
        missed = table.events_since(seat, 12)
        expected = [(m.version, e) for m in moves[12:] for e in m.seen_by(seat)]
        assert missed == expected


def test_the_bots_loop_stops_for_a_person_and_a_person_deals_the_next_round() -> None:
    seats = (Seat("Ann"), Seat("Bob", "random"), Seat("Cas", "random"))
    table = Table(SHORT, seats, 3)
    while not table.finished:
        table.play_bots()
        seat = table.to_act
        if seat is None:
            break
        assert seat == 0  # the loop stopped for the person
        legal = table.legal()
        if table.phase is Phase.ROUND_OVER:
            assert legal == [DEAL]
        done = table.act(0, legal[0], table.version)
        assert isinstance(done, Accepted)
    assert table.finished and len(table.state.results) == 2


def test_bots_may_wait_at_the_end_of_a_round() -> None:
    table = Table(SHORT, BOTS, 4)
    table.play_bots(deal=False)
    assert table.phase is Phase.ROUND_OVER and table.bot_turn(deal=False) is None
    dealer = table.to_act
    assert dealer == table.state.next_seat(table.state.dealer)
    other = (dealer + 1) % 3
    refused = table.act(other, DEAL, table.version)
    assert isinstance(refused, Refused) and refused.reason.key == "not_your_turn"
    refused = table.act(dealer, DRAW, table.version)
    assert isinstance(refused, Refused) and refused.reason.key == "round_over"
    dealt = table.act(dealer, DEAL, table.version)
    assert isinstance(dealt, Accepted)
    assert [e.kind for e in dealt.events][:3] == ["deal"] * 3
    assert table.state.round_index == 1 and len(table.record.rounds) == 2


def test_a_decision_is_separable_from_applying_it() -> None:
    table = Table(PRESETS["amerikaans"], BOTS, 8)
    turn = table.bot_turn()
    assert turn is not None
    shipped = pickle.loads(pickle.dumps(turn))  # as to a worker process
    action = decide(shipped)
    assert action in turn.legal
    assert isinstance(table.act(turn.seat, action, turn.version), Accepted)


def test_the_record_replays_and_the_actions_rebuild_the_table_exactly() -> None:
    table = Table(SHORT, BOTS, new_seed())
    table.play_bots()
    assert table.finished
    result = replay(Record.loads(table.record.dumps()))
    assert result.ok and result.state == table.state
    logged = [(seat, str(action)) for seat, action in table.actions]
    again = Table.rebuild(SHORT, table.state.seed, BOTS, logged)
    assert again.state == table.state and again.version == table.version
    assert again.events_since(None, -1) == table.events_since(None, -1)
    seat, action = logged[5]
    bad = [*logged[:5], ((seat + 1) % len(BOTS), action)]  # out of turn: always refused
    with pytest.raises(ValueError, match="refused"):
        Table.rebuild(SHORT, table.state.seed, BOTS, bad)


def test_a_match_people_play_has_a_128_bit_seed_and_the_record_keeps_it() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and max(seeds).bit_length() > SEED_BITS - 8
    seed = max(seeds)
    table = Table(PRESETS["amerikaans"], BOTS, seed)
    table.play_bots(limit=20)
    record = Record.loads(table.record.dumps())
    assert record.seed == seed
    assert replay(record).state == table.state


def test_a_record_deals_by_a_new_round_entry_not_by_a_deal_line() -> None:
    from jokeren.engine.record import RecordError

    data = json.loads(Table(SHORT, BOTS, 1).record.dumps())
    data["rounds"][0]["moves"] = ["Ann: deal"]
    with pytest.raises(RecordError, match="deal"):
        replay(Record.from_json(data))


# --- the wire ----------------------------------------------------------------------------

def test_events_views_and_refusals_encode_to_json_and_back() -> None:
    seats = [Seat(s.name, "basic") for s in BOTS]
    table = Table(capped(PRESETS["jokeren"], 0), seats, 2)
    laid = 0
    adapters = {k: validator(k) for k in ("event", "view", "refusal")}
    for move in [None, *table.play_bots(limit=120)]:
        events = table.events_since(None, -1) if move is None else \
            [(move.version, e) for e in move.events]
        for seat in (0, 1, 2, None):
            for _, e in events:
                obj = json.loads(json.dumps(encode_event(e, seat)))
                adapters["event"].validate_python(obj)
                assert decode_event(obj) == event_for(e, seat)
            v = table.view(seat)
            laid = max(laid, len(v.table))
            obj = json.loads(json.dumps(encode_view(v)))
            adapters["view"].validate_python(obj)
            assert decode_view(obj) == v
    assert laid >= 2  # melds went over the wire too
    seat = table.to_act
    assert seat is not None
    refusal = table.act((seat + 1) % 3, Action.parse("lay 1 8h"), table.version)
    assert isinstance(refusal, Refused)
    obj = json.loads(json.dumps(encode_refusal(refusal.reason)))
    adapters["refusal"].validate_python(obj)
    assert obj["key"] == "not_your_turn"
    assert obj["text"]["en"] == refusal.reason.text("en")
    assert obj["text"]["nl"] == refusal.reason.text("nl")
    assert decode_refusal(obj).text("nl") == refusal.reason.text("nl")


def test_a_nested_refusal_keeps_its_key_and_words() -> None:
    table = Table(PRESETS["jokeren"], (Seat("Ann"), Seat("Bob"), Seat("Cas")), 5)
    seat = table.to_act
    assert seat is not None
    assert isinstance(table.act(seat, DRAW, 0), Accepted)
    hand = table.state.hands[seat]
    bad = table.act(seat, Action.parse(f"meld {hand[0]} {hand[1]}"), 1)
    assert isinstance(bad, Refused)
    obj = encode_refusal(bad.reason)
    assert obj["key"] == "meld_invalid" and isinstance(obj["params"]["reason"], dict)
    assert decode_refusal(obj).text("en") == bad.reason.text("en")


def test_the_json_schema_names_every_message() -> None:
    schema = json_schema()
    assert set(schema) == {"action", "event", "view", "refusal", "clock"}
    assert "hand" in schema["view"]["properties"]
    assert "seed" not in schema["view"]["properties"]
    assert "stock" not in schema["view"]["properties"]


def test_an_absent_persons_seat_goes_to_a_computer_and_back() -> None:
    table = Table(SHORT, (Seat("Ann"), Seat("Bob", "random"), Seat("Cas", "random")), 6)
    table.play_bots()
    assert table.to_act == 0 and table.bot_turn() is None
    table.set_level(0, "random")
    assert table.seats[0] == Seat("Ann", "random")
    moves = table.play_bots(limit=5)
    assert moves and moves[0].seat == 0
    table.set_level(0, None)
    assert table.seats[0].person
    table.play_bots()
    assert table.finished or table.to_act == 0


def test_a_saved_record_resumes_where_it_stopped() -> None:
    table = Table(SHORT, BOTS, 13)
    table.play_bots(limit=40)
    again = Table.resume(Record.loads(table.record.dumps()), BOTS)
    assert again.state == table.state and again.version == table.version
    again.play_bots()
    assert again.finished
    assert replay(Record.loads(again.record.dumps())).state == again.state


def test_the_last_round_end_is_what_each_seat_was_sent_when_it_ended() -> None:
    """A screen opened after a round ended shows how it ended (the server's welcome):
    each seat gets exactly the view and the round's events it was sent live, so no card it
    could not see then (another hand, the stock); nothing before a round ends."""
    table = Table(SHORT, BOTS, 4)
    assert table.round_end(0) is None
    start = table.version
    table.play_bots(deal=False)
    assert table.phase is Phase.ROUND_OVER
    seats = (0, 1, 2, None)
    live = {s: (encode_view(table.view(s)),
                [encode_event(e, s) for _, e in table.events_since(s, start - 1)]) for s in seats}
    table.play_bots(limit=5)  # the next round is dealt and played on
    assert table.state.round_index == 1
    for s in seats:
        ended = table.round_end(s)
        assert ended is not None
        view, events = ended
        assert (encode_view(view), [encode_event(e, s) for e in events]) == live[s]
        assert events[0].kind == "deal" and events[-1].kind == "round-over"
    assert all(not e["cards"] for e in live[None][1] if e["kind"] == "deal")
