"""The table's WebSocket: reconnects, absence, and every kind of bad message refused
without changing the table (its state hash)."""

from __future__ import annotations

import gc
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import InvalidStatus

from jokeren.bots import make_player
from jokeren.server.runtime import TableRunner

from server_harness import FAST, SHORT, Client, bearer, eventually, make_room, play_person, serve


def sqlite(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"


@pytest.mark.anyio
async def test_bad_messages_change_nothing(tmp_path: Path) -> None:
    async with serve(sqlite(tmp_path), rate=1000.0) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 2, [], rules="jokeren-7")
        rid = room["room"]
        runner = server.runner(rid)
        seats = [Client(f"{server.ws}/ws/{rid}", s["token"]) for s in room["seats"]]
        for c in seats:
            await c.connect()
            await c.until("welcome")
        waiting = seats[1 - runner.table.to_act]  # the seat that is not to act
        before = await runner.ask("hash")
        bad = [
            ("x" * 5000, "too_big"),
            ("{not json", "json"),
            ("[1, 2]", "shape"),
            (json.dumps({"type": "chat", "text": "hoi"}), "type"),
            (json.dumps({"id": 7, "version": 0, "action": "draw"}), "id"),
            (json.dumps({"id": "a", "version": "0", "action": "draw"}), "version"),
            (json.dumps({"id": "a", "version": 0, "action": ""}), "action"),
        ]
        for text, key in bad:
            await waiting.ws.send(text)
            frame = await waiting.until("refused")
            assert frame["reason"]["key"] == key
            assert frame["reason"]["text"]["nl"] and frame["reason"]["text"]["en"]
        out_of_turn = await waiting.send("draw")
        frame = await waiting.until("refused")
        assert frame["id"] == out_of_turn and frame["reason"]["key"] == "not_your_turn"
        # to the seat that acted, in the second person (#40)
        other = runner.table.names[runner.table.to_act]
        assert frame["reason"]["text"]["nl"] == f"je bent niet aan de beurt, {other} wel"
        assert frame["reason"]["text"]["en"] == f"it is not your turn but {other}'s"
        await waiting.send("dance")
        assert (await waiting.until("refused"))["reason"]["key"] == "notation"
        await waiting.send("draw", version=99)
        stale = await waiting.until("refused")
        assert stale["reason"]["key"] == "stale_version" and "view" in stale
        assert await runner.ask("hash") == before
        assert runner.table.version == 0
        # The spectator cannot act either.
        watcher = Client(f"{server.ws}/ws/{rid}", room["spectate_token"])
        await watcher.connect()
        await watcher.until("welcome")
        await watcher.send("draw")
        assert (await watcher.until("refused"))["reason"]["key"] == "spectator"
        assert await runner.ask("hash") == before
        for c in (*seats, watcher):
            await c.close()


@pytest.mark.anyio
async def test_origin_token_and_rate_limit(tmp_path: Path) -> None:
    async with serve(sqlite(tmp_path), rate=5.0) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["random"])
        url = f"{server.ws}/ws/{room['room']}"
        with pytest.raises(InvalidStatus):
            await websockets.connect(url, origin="http://evil.example")
        same = await websockets.connect(url, origin=server.base)
        await same.send(json.dumps({"type": "hello", "token": "wrong"}))
        frame = json.loads(await same.recv())
        assert frame["type"] == "error" and frame["reason"]["key"] == "bad_token"
        await same.close()
        client = Client(url, room["seats"][0]["token"])
        await client.connect()
        await client.until("welcome")
        for _ in range(40):
            await client.ws.send(json.dumps({"type": "ping"}))
        kinds = [(await client.recv())["type"] for _ in range(40)]
        refused = [f for f in client.frames if f["type"] == "refused"]
        assert "pong" in kinds and refused
        assert all(f["reason"]["key"] == "rate" for f in refused)
        await client.close()


@pytest.mark.anyio
async def test_reconnect_gets_what_was_missed(tmp_path: Path) -> None:
    async with serve(sqlite(tmp_path)) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["basic", "basic"], rules=SHORT)
        rid = room["room"]
        runner = server.runner(rid)
        client = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await client.connect()
        await client.until("welcome")
        me = make_player("basic", 1)
        while runner.table.to_act == 0:  # the person's turn first, so that the others go on
            table = runner.table
            await client.send(str(me.choose(table.view(0), table.legal())))
            await client.until("ack")
        seen = client.version
        await client.close()
        # Away: the computer players go on until it is the person's turn again.
        assert await eventually(
            lambda: runner.table.version > seen and runner.table.to_act in (0, None))
        again = Client(client.url, client.token)
        await again.connect(since=seen)
        await again.until("welcome")
        missed = await again.until("missed")
        expected = [e for _, e in runner.table.events_since(0, seen)]
        assert len(missed["events"]) == len(expected) > 0
        assert missed["version"] == runner.table.version
        await play_person(again, server, rid, 0, random.Random(3))
        assert runner.table.finished
        await again.close()


@pytest.mark.anyio
async def test_an_absent_person_is_played_by_a_computer_until_back(tmp_path: Path) -> None:
    async with serve(sqlite(tmp_path), FAST) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 2, ["basic"], rules=SHORT, grace=0, substitute="random")
        rid = room["room"]
        runner = server.runner(rid)
        # Nobody connects: after the grace period (0 s) stand-ins play the whole match. The
        # table ends in memory a moment before the room's status is stored (and before anyone
        # is told): wait for the stored end, as a client would.
        assert await eventually(lambda: runner.table.finished and runner.finish_told)
        info = (await http.get(f"/api/rooms/{rid}", headers=bearer(room["host_token"])))
        assert info.json()["status"] == "finished"


@pytest.mark.anyio
async def test_the_host_gives_an_absent_seat_to_a_computer(tmp_path: Path) -> None:
    async with serve(sqlite(tmp_path), FAST) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 2, [], rules=SHORT)
        rid = room["room"]
        present = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await present.connect()
        await present.until("welcome")
        host = room["host_token"]
        refused = await http.post(f"/api/rooms/{rid}/seats/0/computer",
                                  json={"token": host, "level": "basic"})
        assert refused.status_code == 409  # seat 0 is here
        given = await http.post(f"/api/rooms/{rid}/seats/1/computer",
                                json={"token": host, "level": "basic"})
        assert given.status_code == 200
        seats = await present.until("seats")
        assert seats["seats"][1]["computer"] and not seats["seats"][0]["computer"]
        await play_person(present, server, rid, 0, random.Random(5))
        assert server.runner(rid).table.finished
        await present.close()


def test_events_stripped_twice_keep_their_count() -> None:
    """A reconnect encodes ``events_since`` (stripped for the seat) through ``wire`` (which
    strips again): the others still see how many cards were drawn."""
    from jokeren.engine.wire import encode_event
    from jokeren.play.table import Seat, Table
    from jokeren.rules.house import Rules

    table = Table(Rules.load("jokeren-7"), [Seat("Ann"), Seat("Bob")], 5)
    seat = table.to_act
    assert seat is not None
    done = table.act(seat, table.legal()[0], table.version)
    other = 1 - seat
    live = [encode_event(e, other) for e in done.events]  # type: ignore[union-attr]
    again = [encode_event(e, other) for _, e in table.events_since(other, 0)]
    assert again == live and any(e["hidden"] for e in live)


def _tables_in_memory(room: str) -> list[Any]:
    """Every runner of ``room`` still alive (a running task holds one; so would a list)."""
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, TableRunner) and o.room_id == room]


@pytest.mark.anyio
async def test_a_finished_table_nobody_watches_is_let_go(tmp_path: Path) -> None:
    """A finished table leaves memory once nobody looks: at the end of a match nobody
    watched, when the last connection leaves, and after its record is fetched (built from
    the store, no table started for it)."""
    async with serve(sqlite(tmp_path), FAST) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 0, ["random", "random"], rules=SHORT)
        rid, token = room["room"], room["spectate_token"]
        runners = server.app.state.rooms.runners

        async def status() -> Any:
            return (await http.get(f"/api/rooms/{rid}", headers=bearer(token))).json()

        assert await eventually(lambda: rid not in runners)  # computers play it: let go
        info = await status()
        final = info["version"]
        assert info["status"] == "finished" and final > 0 and not _tables_in_memory(rid)
        record = await http.get(f"/api/rooms/{rid}/record", headers=bearer(token))
        assert record.status_code == 200 and record.json()["rounds"]
        assert rid not in runners and not _tables_in_memory(rid)  # read from the store
        watcher = Client(f"{server.ws}/ws/{rid}", token)
        await watcher.connect()  # rebuilt from the store: the same final view
        welcome = await watcher.until("welcome")
        assert welcome["version"] == final and welcome["view"]["phase"] == "match-over"
        assert rid in runners  # someone is looking
        assert runners[rid].table.record.to_json() == record.json()
        await watcher.close()
        assert await eventually(lambda: rid not in runners)  # the last one left: let go
        assert not _tables_in_memory(rid)
        assert (await status())["version"] == final
