"""Fuzz (hypothesis): any text a client sends is read or refused, never an error; an act
message is either applied once (stored, version + 1) or refused with nothing changed."""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from jokeren.play.table import Seat, Table
from jokeren.rules.house import Rules
from jokeren.server.runtime import TableRunner, Timing
from jokeren.server.store import ActionRow
from jokeren.server.ws import MAX_MESSAGE, parse

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)
FIELDS = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["act", "ping", "hello", "chat"]) | st.text(max_size=5),
    "id": st.text(max_size=70) | st.integers(),
    "version": st.just(0) | st.integers(-2, 5) | st.booleans() | st.text(max_size=3),
    "action": st.sampled_from(["draw", "take", "pass", "deal", "discard 7h", "meld 7h 7d 7s",
                               "lay 1 8h", "buy", "dance", "", "legal", "legal"])
    | st.text(max_size=20),
})

ACT = st.fixed_dictionaries({
    "id": st.sampled_from(["a", "b", "c"]) | st.text(min_size=1, max_size=8),
    "version": st.integers(-1, 3),
    "action": st.sampled_from(["legal"] * 6 + ["draw", "take", "pass", "deal", "discard 7h",
                                                "meld 7h 7d 7s", "dance"])})


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), JSON.map(json.dumps), FIELDS.map(json.dumps),
                 st.binary(max_size=50), st.text(min_size=MAX_MESSAGE - 10,
                                                  max_size=MAX_MESSAGE + 10)))
def test_any_text_is_read_or_refused(text: Any) -> None:
    frame = parse(text)
    assert frame["type"] in ("act", "ping", "refused")
    if frame["type"] == "refused":
        assert frame["reason"]["text"]["nl"] and frame["reason"]["text"]["en"]
    if frame["type"] == "act":
        assert isinstance(frame["id"], str) and isinstance(frame["version"], int)


class MemoryStore:
    def __init__(self) -> None:
        self.rows: list[ActionRow] = []

    async def append(self, room_id: str, row: ActionRow) -> None:
        self.rows.append(row)


def digest(table: Table) -> str:
    return hashlib.sha256(repr(table.state).encode()).hexdigest()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), ACT | FIELDS), min_size=1, max_size=16),
       st.integers(0, 2**32))
def test_act_messages_apply_once_or_change_nothing(messages: list[Any], seed: int) -> None:
    table = Table(Rules.load("jokeren-7"), [Seat("Ann"), Seat("Bob")], seed)
    store = MemoryStore()
    runner = TableRunner("r", table, "basic", Timing(), store, None)  # type: ignore[arg-type]

    async def run() -> None:
        for seat, fields in messages:
            message = parse(json.dumps(fields))
            if message["type"] != "act":
                continue
            if fields.get("action") == "legal" and table.legal():
                message["action"] = str(table.legal()[0])  # a legal move, now
                message["version"] = table.version
            before, version, stored = digest(table), table.version, len(store.rows)
            frame = await runner._act(seat, message)
            if frame["type"] == "refused":
                assert digest(table) == before and table.version == version
                assert len(store.rows) == stored
                assert frame["reason"]["text"]["nl"]
            else:
                assert frame["type"] == "ack"
                if frame["version"] == version + 1:  # new: stored once, applied once
                    assert len(store.rows) == stored + 1
                    assert store.rows[-1].version == table.version == version + 1
                else:  # a repeated id: the first answer, nothing applied again
                    assert len(store.rows) == stored and table.version == version
            assert await runner._act(seat, message) == frame  # replayed: the same answer

    asyncio.run(run())
