"""The table socket's two protocols (docs/protocol.md, "Protocol 2"): a page that says no
protocol in its hello gets exactly the frames the first pages read (pinned here for a fixed
seed and script); one that asks for 2 gets the same frames lighter (its ``events`` as
``changes``, ``moves`` and ``clock`` only when new, the ack inside), and what it keeps,
made whole again, is every frame the first protocol sends, with every view the engine's
``encode_view`` of that version. One table serves both at once."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from jokeren.engine import wire
from jokeren.engine.phase import Phase
from jokeren.engine.wire import decode_action, encode_view
from jokeren.play.table import Seat, Table
from jokeren.rules.house import Rules
from jokeren.server.frames import dumps, listing
from jokeren.server.runtime import Conn, TableRunner, Timing
from jokeren.server.store import ActionRow
from jokeren.server.ws import protocol_of

SEED = 20261204
# rounds that end by the cap on turns: round ends, the next deal and the match's end come
# within some fifty actions
RULES = {"preset": "jokeren-7", "rounds": 2, "max_turns": 8}
NAMES = ("Ann", "Bob", "Cas")
# sha256 of a first-protocol page's frames for this script (``script``): every frame as
# the socket writes it (``frames.dumps``), ``moves`` sorted and ``values`` by key (so that
# the engine listing them in another order changes nothing here). Made by the sources
# before protocol 2. If the engine's listing or its views change, the frames change for
# every page: pin the new digest (printed on failure) only after checking that change.
PINNED = "3d5713edbbfdc142e0a904b50b066ac4c4275af2b68d2ded028d1f4005eb5b75"


class MemoryStore:
    def __init__(self) -> None:
        self.rows: list[ActionRow] = []

    async def append(self, room_id: str, row: ActionRow) -> None:
        self.rows.append(row)


def choose(table: Table) -> str:
    """A move for the seat to act that does not hang on the order the engine lists moves
    in: deal, draw or pass when listed, else a meld without a joker, else the first
    discard or gift in notation order."""
    if table.phase is Phase.ROUND_OVER:
        return "deal"
    moves = sorted(str(a) for a in table.legal())
    for plain in ("deal", "draw", "pass"):
        if plain in moves:
            return plain
    melds = [m for m in moves if m.startswith("meld ") and "*" not in m]
    given = [m for m in moves if m.startswith(("discard ", "give "))]
    return (melds or given or moves)[0]


class Forwarded(Conn):
    """A socket of another process as the table's process holds it (``bus.RemoteConn``):
    each frame goes whole, through JSON, to the socket's own connection (``socket``)."""

    remote = True

    def __init__(self, seat: int | None, protocol: int) -> None:
        super().__init__(seat, protocol=protocol)
        self.socket = Conn(seat, protocol=protocol)

    def send(self, frame: dict[str, Any]) -> None:
        assert "changes" not in frame
        self.socket.send(json.loads(dumps(frame)))


def drain(conn: Conn, into: list[dict[str, Any]]) -> None:
    conn = getattr(conn, "socket", conn)
    while not conn.outbox.empty():
        frame = conn.outbox.get_nowait()
        if frame is not None:
            into.append(frame)


async def script(protocols: dict[str, tuple[int | None, int]]
                 ) -> tuple[Table, dict[str, list[dict[str, Any]]]]:
    """The fixed script on a table of three people: ``protocols`` names each connection
    (its seat, None for a spectator, and its protocol). Moves, a stale action (refused
    with the view), an action out of turn, an id sent again, a seat away and back (what it
    missed) and, after a round's end, a page opened afresh (the whole log, the round's
    end). Returns the table and every frame each connection was queued, in order."""
    table = Table(Rules.load(RULES), [Seat(n) for n in NAMES], SEED)
    runner = TableRunner("r", table, "basic", Timing(bot_delay=3600, round_pause=3600,
                                                     grace=3600), MemoryStore(),  # type: ignore[arg-type]
                         None)
    runner.start()
    conns = {name: connection(seat, p) for name, (seat, p) in protocols.items()}
    frames: dict[str, list[dict[str, Any]]] = {name: [] for name in conns}

    def collect() -> None:
        for name, conn in conns.items():
            drain(conn, frames[name])

    def of(seat: int) -> Conn:
        return next(c for c in conns.values() if c.seat == seat and not c.closed)

    async def act(conn: Conn, action: str, cid: str, version: int | None = None) -> None:
        await runner.ask("act", conn, {"type": "act", "id": cid, "action": action,
                                       "version": table.version if version is None
                                       else version})
        collect()

    async def reopen(seat: int, since: int | None) -> None:
        """Every page of ``seat`` closes (their frames kept); new ones open with ``since``
        (None: they stay away until ``since`` is given again)."""
        for name, conn in list(conns.items()):
            if conn.seat == seat:
                if not conn.closed:
                    runner.tell("leave", conn)
                    conn.close()
                    drain(conn, frames[name])
                    conns[name] = conn = connection(seat, -2 if conn.remote else conn.protocol)
                    conn.close()  # away: not open yet
                if since is not None:
                    conns[name] = connection(seat, -2 if conn.remote else conn.protocol)
                    await runner.ask("connect", conns[name], since)
        collect()

    try:
        for conn in conns.values():
            await runner.ask("connect", conn, None)
        collect()
        n, went, back, fresh = 0, -1, False, False
        while not table.finished and n < 400:
            n += 1
            seat = table.to_act
            assert seat is not None
            if went >= 0 and not back and seat == 2:
                back = True  # seat 2 comes back when it must move: told what it missed
                await reopen(2, went)
            if n == 3:  # stale: refused with the view
                await act(of(seat), "draw", "stale", table.version - 1)
            if n == 5:  # out of turn
                await act(of((seat + 1) % 3), "draw", "early")
            await act(of(seat), choose(table), f"m{n}")
            if n == 7:  # the same id again: the first answer, nothing applied
                await act(of(seat), "draw", f"m{n}")
            if went < 0 and n >= 9 and table.to_act != 2:  # seat 2's every page goes away
                went = table.version
                await reopen(2, None)
            if not fresh and table.state.results and table.to_act is not None:
                fresh = True  # a round has ended: seat 0's pages are opened afresh
                await reopen(0, -1)
        assert table.finished and fresh and back
    finally:
        await runner.stop()
    collect()
    return table, frames


def connection(seat: int | None, protocol: int) -> Conn:
    """A connection on ``protocol``; -2: protocol 2 through another process."""
    if protocol == -2:
        return Forwarded(seat, 2)
    return Conn(seat) if protocol == 1 else Conn(seat, protocol=protocol)


def pinned_text(frames: list[dict[str, Any]]) -> str:
    lines = []
    for frame in frames:
        if "moves" in frame:
            frame = {**frame, "moves": sorted(frame["moves"])}
        if "values" in frame:
            frame = {**frame, "values": dict(sorted(frame["values"].items()))}
        lines.append(dumps(frame))
    return "\n".join(lines)


def replayed(table: Table) -> list[Table]:
    """The table at each version, rebuilt from its actions (one object per version)."""
    return [Table.rebuild(table.rules, SEED, table.seats, list(table.actions[:n]))
            for n in range(len(table.actions) + 1)]


def whole(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A protocol-2 connection's frames made whole as its client keeps them: the first
    protocol's frames (the ack after its events frame)."""
    out: list[dict[str, Any]] = []
    view: dict[str, Any] | None = None
    moves: list[str] | None = None
    values: dict[str, int] | None = None
    clock: Any = "unset"
    for frame in frames:
        kind = frame["type"]
        if kind != "events":
            view = frame.get("view", view)
            if "moves" in frame:
                moves, values = frame["moves"], frame.get("values")
            clock = frame.get("clock", clock)
            if kind == "welcome":
                assert frame["protocol"] == 2
                frame = {k: v for k, v in frame.items() if k != "protocol"}
            out.append(frame)
            continue
        assert "view" not in frame and view is not None
        view = {**view, **frame["changes"]}
        if "moves" in frame:
            moves, values = frame["moves"], frame.get("values")
        if "clock" in frame:
            clock = frame["clock"]
        else:
            assert clock is None  # a clock that runs is always sent
        assert moves is not None
        made = {"type": "events", "version": frame["version"], "events": frame["events"],
                "view": view, "moves": moves, **({} if values is None else {"values": values}),
                "clock": clock, **{k: v for k, v in frame.items() if k not in (
                    "type", "version", "events", "changes", "moves", "values", "clock",
                    "ack")}}
        out.append(made)
        if "ack" in frame:
            out.append({"type": "ack", "id": frame["ack"], "version": frame["version"]})
    return out


V1 = {"ann": (0, 1), "bob": (1, 1), "cas": (2, 1), "spectator": (None, 1)}
V2 = {"ann": (0, 2), "bob": (1, 2), "cas": (2, 2), "spectator": (None, 2)}


def test_a_hello_says_its_protocol() -> None:
    assert protocol_of({"type": "hello", "token": "t"}) == 1
    assert protocol_of({"protocol": 1}) == 1
    assert protocol_of({"protocol": 2}) == 2
    assert protocol_of({"protocol": 7}) == 2  # a later page: the newest this server has
    assert protocol_of({"protocol": True}) == 1
    assert protocol_of({"protocol": "2"}) == 1
    assert protocol_of(None) == 1


@pytest.mark.anyio
async def test_a_first_protocol_page_gets_exactly_the_frames_it_always_got() -> None:
    _table, frames = await script(V1)
    text = "\n\n".join(pinned_text(frames[name]) for name in V1)
    digest = hashlib.sha256(text.encode()).hexdigest()
    kinds = {f["type"] for f in frames["ann"]} | {f["type"] for f in frames["cas"]}
    assert {"seats", "welcome", "events", "ack", "refused", "missed", "back"} <= kinds
    assert any(f["type"] == "welcome" and "round_end" in f for f in frames["ann"])
    assert not any("changes" in f or "protocol" in f for fs in frames.values() for f in fs)
    assert digest == PINNED, digest


@pytest.mark.anyio
async def test_protocol_2_sends_the_same_frames_lighter() -> None:
    _table, first = await script(V1)
    table, frames = await script(V2)
    tables = replayed(table)
    for name, (seat, _) in V2.items():
        got = frames[name]
        assert whole(got) == first[name], name
        # one frame less for every action the seat made (the ack), none for a spectator
        made = sum(1 for s, _ in table.actions if s == seat)
        assert len(got) == len(first[name]) - made
        assert sum(len(dumps(f)) for f in got) < sum(len(dumps(f)) for f in first[name]) / 2
        # an accepted action's ack rides in its events frame; a repeated id gets one alone
        acks = [f for f in got if f["type"] == "ack"]
        assert [f["id"] for f in acks] == (["m7"] if seat == table.actions[6][0] else [])
        assert sum("ack" in f for f in got) == made
        events = [f for f in got if f["type"] == "events"]
        assert events and all("view" not in f for f in events)
        assert any("moves" not in f for f in events)  # the seats not to act: [] again
        assert all("clock" not in f for f in events)  # no timers: null, as before
        # every view kept is the engine's of that version, every listing the runner's
        view = None
        for frame in got:
            view = frame.get("view", view)
            if "changes" in frame:
                assert view is not None
                view = {**view, **frame["changes"]}
            if frame["type"] in ("welcome", "events", "missed"):
                at = tables[frame["version"]]
                assert view == encode_view(at.view(seat)), (name, frame["version"])
        for frame in whole(got):
            if frame["type"] in ("welcome", "events", "missed"):
                at = tables[frame["version"]]
                expected = listing(at, seat)
                assert frame["moves"] == expected["moves"]
                assert frame.get("values") == expected.get("values")


@pytest.mark.anyio
async def test_an_old_page_and_a_new_one_at_one_table() -> None:
    """Seat 0 with an old page and a new one at once, seat 1 new, seat 2 old and new on
    another process (whole frames to that process, the differences made there), a
    spectator of each: each gets its own protocol's frames, and the same table."""
    mixed = {"ann": (0, 1), "ann-new": (0, 2), "bob": (1, 2), "cas-elsewhere": (2, -2),
             "cas": (2, 1), "spectator": (None, 1), "spectator-new": (None, 2)}
    _table, first = await script({name: (seat, 1) for name, (seat, _) in mixed.items()})
    _table, frames = await script(mixed)
    for name, (_, protocol) in mixed.items():
        if protocol == 1:
            assert frames[name] == first[name], name
        else:
            assert whole(frames[name]) == first[name], name
    # seat 2 moved from the other process: the ack came inside its events frames there
    assert any("ack" in f for f in frames["cas-elsewhere"] if f["type"] == "events")


def test_a_connection_diffs_against_what_it_was_queued_last() -> None:
    """The differences are by identity first (a part ``wire`` shares), then by value; a
    frame that is not ``events`` passes as it is and becomes the base."""
    conn = Conn(0, protocol=2)
    melds = [{"kind": "set", "cards": ["7h", "7d", "7s"], "start": 7}]
    first = {"hand": ["2c", "3c"], "table": melds, "stock_size": 40}
    welcome = {"type": "welcome", "version": 0, "view": first, "moves": ["draw"],
               "clock": None}
    conn.send(welcome)
    assert conn.outbox.get_nowait() == {**welcome, "protocol": 2}
    conn.send({"type": "events", "version": 1, "events": [],
               "view": {"hand": ["2c", "3c", "4c"], "table": melds, "stock_size": 39},
               "moves": ["discard 2c"], "clock": None})
    assert conn.outbox.get_nowait() == {"type": "events", "version": 1, "events": [],
                                        "changes": {"hand": ["2c", "3c", "4c"],
                                                    "stock_size": 39},
                                        "moves": ["discard 2c"]}
    refused = {"type": "refused", "id": "x", "version": 1, "reason": {}, "moves": [],
               "clock": {"seat": 1, "kind": "turn", "left": 9.5, "seconds": 30}}
    conn.send(refused)
    assert conn.outbox.get_nowait() == refused
    conn.send({"type": "events", "version": 2, "events": [],
               "view": {"hand": ["2c", "3c", "4c"], "table": list(melds), "stock_size": 39},
               "moves": [], "clock": None})
    assert conn.outbox.get_nowait() == {"type": "events", "version": 2, "events": [],
                                        "changes": {}, "clock": None}
    old = Conn(0)
    old.send(welcome)
    assert old.outbox.get_nowait() is welcome


def test_view_changes_are_the_json_that_differs() -> None:
    """``wire.view_changes`` writes, for every field, what ``encode_view`` writes, and only
    where the two versions' JSON differ: over a whole match, seat by seat."""
    table = Table(Rules.load(RULES), [Seat(n) for n in NAMES], SEED)
    seats: list[int | None] = [0, 1, 2, None]
    old = {s: table.view(s) for s in seats}
    assert [name for name, _ in wire._ENCODERS] == list(encode_view(old[0]))
    while not table.finished:
        table.act(table.to_act, decode_action(choose(table)), table.version)
        for s in seats:
            new = table.view(s)
            before, after = encode_view(old[s]), encode_view(new)
            changes = wire.view_changes(old[s], new)
            assert {**before, **changes} == after
            assert all(before[k] != v for k, v in changes.items())
            old[s] = new
