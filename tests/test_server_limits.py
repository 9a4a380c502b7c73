"""Fair shares (server/limits.py): every bound answers with its refusal (413, 429 with
Retry-After and a sentence in Dutch and English, a seat's stale actions, its sockets, the
thinking threads of one address, a socket that does not read), and a finished room is
served without replaying its match again. Nothing here is timed."""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from jokeren.play.table import Seat, Table
from jokeren.rules.house import Rules
from jokeren.server import rooms as rooms_module
from jokeren.server.limits import Bucket, Buckets, Limits, Sends, Thinking
from jokeren.server.replay import PAGE
from jokeren.server.runtime import Conn
from jokeren.server.ws import _send

from server_harness import FAST, SHORT, Client, bearer, eventually, make_room, serve


def sqlite(folder: Path) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'j.db'}"


def _sentence(r: httpx.Response, key: str) -> None:
    body = r.json()
    assert body["key"] == key, body
    assert body["text"]["en"] and body["text"]["nl"] and body["text"]["en"] != body["text"]["nl"]


def _too_many(r: httpx.Response) -> None:
    assert r.status_code == 429, r.text
    assert int(r.headers["retry-after"]) >= 1
    _sentence(r, r.json()["key"])


def test_a_bucket_refuses_beyond_its_burst_and_says_how_long_to_wait() -> None:
    now = [0.0]
    bucket = Bucket((2.0, 3.0), clock=lambda: now[0])
    assert [bucket.take() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take() == pytest.approx(0.5)  # 1 token at 2 a second
    now[0] += 0.5
    assert bucket.take() == 0.0
    many = Buckets((1.0, 1.0), most=2, clock=lambda: now[0])
    assert many.take("a") == 0.0 and many.take("a") > 0 and many.take("b") == 0.0
    many.take("c")  # three addresses, room for two: the longest unused goes
    assert list(many.buckets) == ["b", "c"]


@pytest.mark.anyio
async def test_a_large_body_is_refused_before_it_is_read(tmp_path: Path) -> None:
    limits = replace(Limits.off(), body=10_000)
    async with serve(sqlite(tmp_path), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        big = {"record": "x" * 20_000}
        r = await http.post("/api/replay", json=big)
        assert r.status_code == 413
        _sentence(r, "too_big")

        async def chunks() -> Any:  # no Content-Length: counted as it comes
            for _ in range(20):
                yield b"x" * 1000

        r = await http.post("/api/replay", content=chunks(),
                            headers={"content-type": "application/json"})
        assert r.status_code == 413
        _sentence(r, "too_big")
        small = await http.post("/api/replay", json={"record": "x" * 100})
        assert small.status_code == 422  # read and answered as before


@pytest.mark.anyio
async def test_room_making_is_rate_limited_and_tables_are_a_quota(tmp_path: Path) -> None:
    limits = replace(Limits.off(), rooms=(0.001, 3.0))
    async with serve(sqlite(tmp_path), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        made = [await http.post("/api/play-now", json={"name": "Ann"}) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 201]
        refused = await http.post("/api/play-now", json={"name": "Ann"})
        _too_many(refused)
        assert refused.json()["key"] == "rate" and int(refused.headers["retry-after"]) > 60
        again = await http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 2})
        _too_many(again)
    limits = replace(Limits.off(), tables=2)
    async with serve(sqlite(tmp_path / "2"), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = (await http.post("/api/rooms", json={"seats": [
            {"kind": "computer", "level": "random"}] * 2})).json()  # open, not played yet
        for _ in range(2):
            assert (await http.post("/api/play-now", json={"name": "Ann"})).status_code == 201
        for over in (await http.post("/api/play-now", json={"name": "Ann"}),
                     await http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 2}),
                     await http.post(f"/api/rooms/{room['room']}/start",
                                     json={"token": room["host_token"]})):
            _too_many(over)
            assert over.json()["key"] == "tables"


@pytest.mark.anyio
async def test_every_api_request_and_the_reads_share_a_bucket(tmp_path: Path) -> None:
    limits = replace(Limits.off(), requests=(0.001, 5.0))
    async with serve(sqlite(tmp_path), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        codes = [(await http.get("/api/presets")).status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        _too_many(await http.get("/api/messages"))
        assert (await http.get("/")).status_code == 200  # the pages are not counted


@pytest.mark.anyio
async def test_score_card_exports_are_a_bucket_of_their_own(tmp_path: Path) -> None:
    limits = replace(Limits.off(), exports=(0.001, 2.0))
    async with serve(sqlite(tmp_path), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        new = await http.post("/api/score/new", json={"players": ["Ann", "Bob"]})
        card = new.json()["card"]
        codes = [(await http.post(f"/api/score/export/{kind}", json={"card": card})).status_code
                 for kind in ("csv", "xlsx", "pdf")]
        assert codes[:2] == [200, 200] and codes[2] == 429
        _too_many(await http.post("/api/score/export/csv", json={"card": card}))
        again = await http.post("/api/score/show", json={"card": card})
        assert again.status_code == 200  # the card itself is not an export


def _long_record(steps: int) -> dict[str, Any]:
    table = Table(Rules.load("amerikaans"), [Seat(n, "random") for n in "ABCD"], 5)
    table.play_bots(limit=steps)
    return table.record.to_json()


@pytest.mark.anyio
async def test_a_replay_is_paged_and_its_steps_are_a_budget(tmp_path: Path) -> None:
    record = _long_record(1200)
    total = sum(1 + len(r["moves"]) for r in record["rounds"])
    assert total > PAGE
    limits = Limits.off()
    async with serve(sqlite(tmp_path), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        first = await http.post("/api/replay", json={"record": record})
        assert first.status_code == 200, first.text
        page = first.json()
        assert page["start"] == 0 and page["total"] == total and len(page["steps"]) == PAGE
        rest = (await http.post("/api/replay", json={"record": record, "start": PAGE,
                                                     "count": PAGE})).json()
        assert rest["start"] == PAGE and rest["steps"][0]["round"] >= 1
        too_many = await http.post("/api/replay", json={"record": record, "count": PAGE + 1})
        assert too_many.status_code == 422
        # the steps replayed for one address are a budget (25,000, 2,000 a second)
        refused = None
        for _ in range(200):
            r = await http.post("/api/replay", json={"record": record, "start": 19_500})
            if r.status_code == 429:
                refused = r
                break
            assert r.status_code == 200 and r.json()["steps"] == []  # beyond the end
        assert refused is not None
        _too_many(refused)
    moves = record["rounds"][0]["moves"]
    long = dict(record, rounds=[dict(record["rounds"][0],
                                     moves=moves * (20_001 // len(moves) + 1))])
    # a bound, not a measure: reading 20,001 moves took over httpx's 5 s on a loaded machine
    async with serve(sqlite(tmp_path / "2"), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base, timeout=120) as http:
        r = await http.post("/api/replay", json={"record": long})
        assert r.status_code == 422
        _sentence(r, "record_long")


@pytest.mark.anyio
async def test_a_replaying_process_that_died_is_started_again(tmp_path: Path) -> None:
    import os
    import signal

    record = _long_record(100)
    async with serve(sqlite(tmp_path), limits=Limits.off()) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        first = await http.post("/api/replay", json={"record": record})
        assert first.status_code == 200
        old = server.app.state.replayer
        for pid in list(old._processes):
            os.kill(pid, signal.SIGKILL)
        again = await http.post("/api/replay", json={"record": record})
        assert again.status_code == 200 and again.json() == first.json()
        assert server.app.state.replayer is not old  # a new process


@pytest.mark.anyio
async def test_stale_actions_are_limited_per_seat_and_a_seat_has_few_sockets(
        tmp_path: Path) -> None:
    limits = replace(Limits.off(), stale=(0.001, 3.0), seat_sockets=2)
    async with serve(sqlite(tmp_path), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 2, [], rules=SHORT)
        token, url = room["seats"][0]["token"], f"{server.ws}/ws/{room['room']}"
        a, b = Client(url, token), Client(url, token)
        await a.connect()
        await a.until("welcome")
        await b.connect()
        await b.until("welcome")
        answers = []
        for i, client in enumerate([a, b, a, b, a, b]):  # six stale actions, two sockets
            await client.send("draw", version=-5, cid=f"s{i}")
            answers.append(await client.until("refused"))
        keys = [f["reason"]["key"] for f in answers]
        assert keys == ["stale_version"] * 3 + ["rate"] * 3, keys
        assert all("view" not in f for f in answers[3:])  # no view built for them
        assert all(f["id"] == f"s{i}" for i, f in enumerate(answers))
        c = Client(url, token)  # a third socket of the seat: the oldest goes
        await c.connect()
        await c.until("welcome")
        error = await a.until("error")
        assert error["reason"]["key"] == "replaced"
        with pytest.raises(ConnectionClosed):
            for _ in range(100):
                await a.ws.recv()
        runner = server.runner(room["room"])
        assert await eventually(lambda: sum(c.seat == 0 for c in runner.conns) == 2)
        for client in (b, c):
            await client.close()


@pytest.mark.anyio
async def test_sockets_opened_by_one_address_are_limited(tmp_path: Path) -> None:
    limits = replace(Limits.off(), sockets=(0.001, 2.0))
    async with serve(sqlite(tmp_path), limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["random"], rules=SHORT)
        url = f"{server.ws}/ws/{room['room']}"
        for _ in range(2):
            ws = await websockets.connect(url)
            await ws.close()
        with pytest.raises(InvalidStatus) as refused:  # before the handshake: 429
            await websockets.connect(url)
        response = refused.value.response
        assert response.status_code == 429 and int(response.headers["Retry-After"]) >= 1
        body = json.loads(response.body)
        assert body["key"] == "rate" and body["text"]["en"] and body["text"]["nl"]


@pytest.mark.anyio
async def test_the_tables_of_one_address_hold_one_thinking_thread() -> None:
    """Owner A's two jobs run one after the other while owner B's runs beside them: A's
    second job starts only when its first is let go, B's has started before that."""
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(2)
    thinking = Thinking(pool, per_owner=1)
    release = threading.Event()
    started: list[str] = []

    def job(name: str) -> str:
        started.append(name)
        if name == "a1":
            assert release.wait(30)
        return name

    try:
        a1 = asyncio.ensure_future(thinking.run("A", job, "a1"))
        await asyncio.sleep(0)
        a2 = asyncio.ensure_future(thinking.run("A", job, "a2"))
        b1 = asyncio.ensure_future(thinking.run("B", job, "b1"))
        assert await b1 == "b1"  # B thinks while A's first job holds A's thread
        assert "a2" not in started
        release.set()
        assert await a1 == "a1" and await a2 == "a2"
        assert started.index("a2") > started.index("b1")
        assert not thinking.owners and not thinking.users  # nobody waits: forgotten
    finally:
        release.set()
        pool.shutdown()


@pytest.mark.anyio
async def test_a_socket_that_does_not_read_is_dropped() -> None:
    conn = Conn(0, backlog=4)
    for i in range(4):
        conn.send({"n": i})
    assert not conn.closed
    conn.send({"n": 4})  # a fifth waiting: it does not read
    assert conn.closed

    class Stuck:  # a socket whose buffers are full: a send never completes
        closed = False

        async def send_text(self, _text: str) -> None:
            await asyncio.Event().wait()

        async def close(self, code: int = 1000) -> None:  # as starlette's WebSocket
            self.closed = True

    slow = Conn(0)
    slow.send({"n": 1})
    stuck = Stuck()
    sends = Sends()  # one sweep a second: the late send is cancelled at the next
    await asyncio.wait_for(_send(stuck, slow, 0.05, sends), 30)  # type: ignore[arg-type]
    assert slow.closed and stuck.closed
    assert not sends.due and not sends.late  # nothing kept of a dropped socket

    quick = Conn(0)  # a socket that reads: its frames go, and it is kept
    sent: list[str] = []

    class Reads:
        async def send_text(self, text: str) -> None:
            sent.append(text)

        async def close(self, code: int = 1000) -> None:
            pass

    for i in range(3):
        quick.send({"n": i})
    quick.close()
    await asyncio.wait_for(_send(Reads(), quick, 0.05, sends), 30)  # type: ignore[arg-type]
    assert len(sent) == 3 and not sends.due


@pytest.mark.anyio
async def test_a_finished_room_is_served_without_replaying_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rebuilt: list[str] = []
    real = Table.rebuild

    def counted(*args: Any, **kwargs: Any) -> Table:
        rebuilt.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(rooms_module.Table, "rebuild", counted)
    async with serve(sqlite(tmp_path), FAST) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 0, ["random", "random"], rules=SHORT)
        rid, token = room["room"], room["spectate_token"]
        rooms = server.app.state.rooms
        assert await eventually(lambda: rid not in rooms.runners)  # finished, let go
        rebuilt.clear()  # the start built the new table
        assert rid in rooms.finished
        record = await http.get(f"/api/rooms/{rid}/record", headers=bearer(token))
        assert record.status_code == 200
        for _ in range(3):  # reconnects: the kept table, no replay
            watcher = Client(f"{server.ws}/ws/{rid}", token)
            await watcher.connect()
            welcome = await watcher.until("welcome")
            assert welcome["view"]["phase"] == "match-over"
            await watcher.close()
            assert await eventually(lambda: rid not in rooms.runners)
        assert rebuilt == []
        rooms.finished.clear()  # as after a restart: replayed once, in a thread, then kept
        for _ in range(2):
            again = await http.get(f"/api/rooms/{rid}/record", headers=bearer(token))
            assert again.json() == record.json()
        assert len(rebuilt) == 1 and rebuilt[0] != threading.main_thread().name


@pytest.mark.anyio
async def test_refusals_of_the_table_socket_stay_json(tmp_path: Path) -> None:
    """The rate refusal of a seat (all its sockets together) keeps the message's shape."""
    async with serve(sqlite(tmp_path), rate=1.0) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["random"], rules=SHORT)
        token, url = room["seats"][0]["token"], f"{server.ws}/ws/{room['room']}"
        a, b = Client(url, token), Client(url, token)
        for client in (a, b):
            await client.connect()
            await client.until("welcome")
        for _ in range(20):  # a burst of 30 a seat, over both sockets
            await a.ws.send(json.dumps({"type": "ping"}))
            await b.ws.send(json.dumps({"type": "ping"}))
        kinds: list[str] = []
        for client in (a, b):
            for _ in range(20):
                frame = await client.recv()
                while frame["type"] not in ("pong", "refused"):
                    frame = await client.recv()
                kinds.append(frame["type"] if frame["type"] == "pong"
                             else frame["reason"]["key"])
        # one bucket for the seat: 20 on each socket alone would pass (a burst of 30 each)
        assert len(kinds) == 40 and kinds.count("pong") >= 30 and "rate" in kinds, kinds
        for client in (a, b):
            await client.close()
