"""The turn timer: off by default; when a person's time runs out the room's stand-in makes
that turn's moves (stored before anyone is told), the clients are told the deadline, and a
resumed table gives the person to act a whole turn again; a match end the store missed is
written again. The turn timer's clock is the test's own: no test waits for a timer."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.server.frames import Frame
from jokeren.server.rooms import Options, Rooms, SeatSpec
from jokeren.server.runtime import Conn, TableRunner, Timing
from jokeren.server.store import Store

from server_harness import SHORT, Client, bearer, eventually, make_room, serve


class FakeClock:
    """Monotonic seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def frame_of(conn: Conn, kind: str) -> Frame:
    """The next frame of ``kind`` in the connection's outbox (a bounded wait)."""
    for _ in range(1000):
        frame = await asyncio.wait_for(conn.outbox.get(), 30)
        assert frame is not None, "the connection was closed"
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


@contextlib.asynccontextmanager
async def table_of_two(tmp_path: Path, clock: FakeClock
                       ) -> AsyncIterator[tuple[Rooms, str, TableRunner]]:
    """Two people at a started table with a 30 s turn timer (the runner's task runs)."""
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    await store.migrate()
    rooms = Rooms(store, Timing(bot_delay=0.5, round_pause=4.0, grace=3600.0, clock=clock),
                  None)
    try:
        made = await rooms.create(SHORT, [SeatSpec("person"), SeatSpec("person")], None,
                                  Options(turn_timer=30, substitute="random"))
        for name in ("Ann", "Bob"):
            await rooms.join(made.room_id, made.invite_token, name)
        await rooms.start(made.room_id, made.host_token)
        yield rooms, made.room_id, rooms.runners[made.room_id]
    finally:
        await rooms.close()
        await store.close()


@pytest.mark.anyio
async def test_time_up_the_stand_in_plays_the_turn(tmp_path: Path) -> None:
    clock = FakeClock()
    async with table_of_two(tmp_path, clock) as (rooms, room_id, runner):
        seat = runner.table.to_act
        assert seat is not None
        watcher = Conn(None)
        await runner.ask("connect", watcher, None)
        welcome = await frame_of(watcher, "welcome")
        assert welcome["clock"] == {"seat": seat, "kind": "turn", "left": 30.0,
                                    "seconds": 30.0}
        clock.now += 29
        await runner.ask("hash")  # the table looks at its clock: not yet
        assert runner.table.version == 0
        clock.now += 1
        await runner.ask("hash")
        first = await frame_of(watcher, "events")
        assert first["version"] == 1 and first["events"][0]["seat"] == seat
        timeout = await frame_of(watcher, "timeout")
        assert timeout["seat"] == seat and timeout["level"] == "random"
        assert "Ann" in timeout["text"]["en"] or "Bob" in timeout["text"]["en"]
        assert "willekeurig" in timeout["text"]["nl"]
        stored = await rooms.store.actions(room_id)
        assert [(r.version, r.seat) for r in stored] == [(1, seat)]
        # The stand-in finishes the turn, a move each bot_delay; the next person's turn
        # gets a whole period of its own.
        for _ in range(50):
            if runner.table.to_act != seat:
                break
            clock.now += 0.5
            await runner.ask("hash")
            await frame_of(watcher, "events")
        assert runner.table.to_act != seat
        other = runner.table.to_act
        assert runner.clock_json() == {"seat": other, "kind": "turn", "left": 30.0,
                                       "seconds": 30.0}
        assert len(await rooms.store.actions(room_id)) == runner.table.version
        assert watcher.outbox.empty()  # one timeout frame for the whole turn


@pytest.mark.anyio
async def test_a_person_who_moves_in_time_keeps_the_turn(tmp_path: Path) -> None:
    clock = FakeClock()
    async with table_of_two(tmp_path, clock) as (_, _, runner):
        seat = runner.table.to_act
        assert seat is not None
        clock.now += 20
        conn = Conn(seat)
        await runner.ask("connect", conn, None)
        action = str(runner.table.legal()[0])
        answer = await runner.ask("act", conn, {"id": "a", "version": 0, "action": action})
        assert answer["type"] == "ack"
        assert runner.table.version == 1 and runner.table.to_act == seat
        # the same turn goes on (drawn, now to play): the deadline has not moved
        assert runner.clock_json() == {"seat": seat, "kind": "turn", "left": 10.0,
                                       "seconds": 30.0}


@pytest.mark.anyio
async def test_a_resumed_table_gives_a_whole_turn_again(tmp_path: Path) -> None:
    clock = FakeClock()
    async with table_of_two(tmp_path, clock) as (rooms, room_id, _):
        clock.now += 25
        await rooms.close()  # the server stops (or dies) with 5 s left on the clock
        clock.now += 100
        again = Rooms(rooms.store, rooms.timing, None)
        try:
            runner = await again.resume(room_id)
            seat = runner.table.to_act
            assert runner.clock_json() == {"seat": seat, "kind": "turn", "left": 30.0,
                                           "seconds": 30.0}
        finally:
            await again.close()


@pytest.mark.anyio
async def test_the_turn_timer_is_off_unless_the_host_sets_it(tmp_path: Path) -> None:
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}") as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        seats: list[dict[str, Any]] = [{"kind": "person"}] * 2
        for bad in (10, 29, 301, -1):
            r = await http.post("/api/rooms", json={"rules": SHORT, "seats": seats,
                                                    "turn_timer": bad})
            assert r.status_code == 422, (bad, r.text)
        r = await http.post("/api/rooms", json={"rules": SHORT, "seats": seats,
                                                "turn_timer": 10})
        assert r.json()["text"]["nl"] == "de beurtklok staat uit (0) of loopt 30 tot 300 " \
            "seconden"
        for timer, clock in ((None, None), (45, {"kind": "turn", "seconds": 45.0})):
            options = {} if timer is None else {"turn_timer": timer}
            room = await make_room(http, 2, [], rules=SHORT, **options)
            info = (await http.get(f"/api/rooms/{room['room']}",
                                   headers=bearer(room["host_token"]))).json()
            assert info["options"]["turn_timer"] == (timer or 0)
            client = Client(f"{server.ws}/ws/{room['room']}", room["seats"][0]["token"])
            await client.connect()
            welcome = await client.until("welcome")
            if clock is None:
                assert welcome["clock"] is None
            else:
                assert welcome["clock"]["kind"] == "turn"
                assert welcome["clock"]["seconds"] == 45.0
                assert 0 < welcome["clock"]["left"] <= 45.0
            await client.close()


@pytest.mark.anyio
async def test_an_end_the_store_missed_is_stored_again() -> None:
    """The match's end (the room's status) failed to be written once: the table's task
    tries again (after RETRY) instead of leaving the room 'playing' for ever."""
    from jokeren.play.table import Seat, Table
    from jokeren.rules.house import Rules

    class Rows:
        async def append(self, room_id: str, row: object) -> None:
            pass

    told: list[str] = []

    async def on_finish(room_id: str) -> None:
        told.append(room_id)
        if len(told) == 1:
            raise OSError("database is locked")

    table = Table(Rules.load(SHORT), [Seat(n, "random") for n in ("Bob", "Cas", "Dirk")], 7)
    rows: Any = Rows()
    runner = TableRunner("r", table, "basic", Timing(bot_delay=0, round_pause=0), rows,
                         None, on_finish)
    runner.start()
    try:
        assert await eventually(lambda: len(told) == 2)
        assert table.finished and runner.finish_told
    finally:
        await runner.stop()


@pytest.mark.anyio
async def test_a_resumed_end_the_store_missed_is_stored_and_let_go(tmp_path: Path) -> None:
    """Killed between a match's last action and its status: on resuming, the actions
    decide (the room becomes finished) and the table, watched by nobody, leaves memory."""
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    await store.migrate()
    timing = Timing(bot_delay=0.0, round_pause=0.0)
    try:
        rooms = Rooms(store, timing, None)
        made = await rooms.create(SHORT, [SeatSpec("computer", "random")] * 2, None,
                                  Options())
        await rooms.start(made.room_id, made.host_token)
        assert await eventually(lambda: made.room_id not in rooms.runners)
        await rooms.close()
        await store.set_room(made.room_id, status="playing")  # the status was not written
        again = Rooms(store, timing, None)
        assert await again.resume_all() == 1
        assert await eventually(lambda: made.room_id not in again.runners)
        info = await again.info(made.room_id, made.spectate_token)
        assert info["status"] == "finished"
        assert info["version"] == await store.version(made.room_id) > 0
        await again.close()
    finally:
        await store.close()


@pytest.mark.anyio
async def test_a_connection_that_comes_as_the_match_ends_is_welcomed() -> None:
    """A connection that asks in while the runner stores the match's end (its command
    waits in the queue meanwhile) is welcomed; the finished table is not let go under it
    (the crash test's socket that never got its welcome)."""
    from jokeren.play.table import Seat, Table
    from jokeren.rules.house import Rules

    class Rows:
        async def append(self, room_id: str, row: object) -> None:
            pass

    ending, release = asyncio.Event(), asyncio.Event()

    async def on_finish(room_id: str) -> None:
        ending.set()
        await release.wait()

    let_go: list[str] = []
    table = Table(Rules.load(SHORT), [Seat(n, "random") for n in ("Bob", "Cas", "Dirk")], 7)
    rows: Any = Rows()
    runner = TableRunner("r", table, "basic", Timing(bot_delay=0, round_pause=0), rows,
                         None, on_finish, lambda room_id, _: let_go.append(room_id))
    runner.start()
    try:
        await asyncio.wait_for(ending.wait(), 120)
        conn = Conn(None)
        runner.tell("connect", conn, None)
        for _ in range(5):  # the runner is still storing the end
            await asyncio.sleep(0)
        assert not runner.queue.empty() and not let_go
        release.set()
        welcome = await frame_of(conn, "welcome")
        assert welcome["view"]["phase"] == "match-over"
        assert not let_go and runner.task is not None and not runner.task.done()
    finally:
        await runner.stop()


@pytest.mark.anyio
async def test_a_room_read_as_playing_after_its_table_was_let_go_is_shown(
        tmp_path: Path) -> None:
    """A connection that read the room as playing while its finished table was let go (the
    end stored meanwhile) gets the table rebuilt from the store, not 'not being played'."""
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    await store.migrate()
    try:
        rooms = Rooms(store, Timing(bot_delay=0.0, round_pause=0.0), None)
        made = await rooms.create(SHORT, [SeatSpec("computer", "random")] * 2, None,
                                  Options())
        await rooms.start(made.room_id, made.host_token)
        assert await eventually(lambda: made.room_id not in rooms.runners)
        await store.set_room(made.room_id, status="playing")  # as the reader saw it
        runner, seat = await rooms.who(made.room_id, made.spectate_token)
        assert seat is None and runner.table.finished
        assert runner.table.version == await store.version(made.room_id)
        await rooms.close()
    finally:
        await store.close()
