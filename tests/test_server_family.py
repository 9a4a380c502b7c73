"""A family at one table from several homes (h10): what the server says to them when they
do what families do. A body that is not JSON is told so; an invite opened after the start
says the match began (or is over) rather than that the table is full; and the host who
closes the room after the match leaves the family what was played: the final view on the
pages still open, the record, the score sheet, the room's matches, while the pages that
wait for a rematch are told none comes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from jokeren.server.runtime import Timing

from server_harness import WAIT, Client, bearer, serve

pytestmark = pytest.mark.anyio
SHORT1 = {"preset": "jokeren-7", "rounds": 1, "max_turns": 200}


def _db(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"


async def _room_of_ann(http: httpx.AsyncClient) -> tuple[dict[str, Any], httpx.Response]:
    """A room of one person and two computer players (short matches), Ann joined: the
    room's answer and her join's."""
    room = (await http.post("/api/rooms", json={
        "rules": SHORT1, "seats": [{"kind": "person"}] + [
            {"kind": "computer", "level": "basic"}] * 2})).json()
    ann = await http.post(f"/api/rooms/{room['room']}/join",
                          json={"token": room["invite_token"], "name": "Ann"})
    return room, ann


async def test_a_body_that_is_not_json_is_a_400_that_says_so(tmp_path: Path) -> None:
    """Before: a 422 "the request is not as this address takes it (1)", the 1 being where
    the reading stopped."""
    async with serve(_db(tmp_path)) as server, httpx.AsyncClient(base_url=server.base) as http:
        for path, body in (("/api/rooms", "{bad"), ("/api/rooms/abc/join", '{"token": "x",'),
                           ("/api/play-now", "not json at all")):
            answer = await http.post(path, content=body,
                                     headers={"content-type": "application/json"})
            assert answer.status_code == 400, (path, answer.text)
            said = answer.json()
            assert said["key"] == "http_400", said
            assert "JSON" in said["text"]["en"] and "JSON" in said["text"]["nl"]
            assert "(1)" not in said["text"]["en"]
        # a body that is JSON but not what the address takes is still a 422 naming where
        wrong = await http.post("/api/rooms", json={"seats": "x"})
        assert wrong.status_code == 422 and wrong.json()["params"]["where"] == "seats"


async def test_an_invite_opened_late_says_the_match_began_or_is_over(tmp_path: Path) -> None:
    """Before: "no seat is free at this table" in both cases."""
    quick = Timing(bot_delay=0.0, round_pause=0.0, grace=3600.0)
    async with serve(_db(tmp_path), quick) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room, ann = await _room_of_ann(http)
        rid, invite = room["room"], room["invite_token"]
        assert ann.status_code == 200
        late = await http.post(f"/api/rooms/{rid}/join", json={"token": invite, "name": "Cor"})
        assert late.status_code == 409 and late.json()["key"] == "full"  # before the start
        assert (await http.post(f"/api/rooms/{rid}/start",
                                json={"token": room["host_token"]})).status_code == 200
        late = await http.post(f"/api/rooms/{rid}/join", json={"token": invite, "name": "Cor"})
        assert late.status_code == 409 and late.json()["key"] == "started", late.text
        assert late.json()["text"]["nl"] == "het potje is al begonnen"
        # the match played out (the computer players play Ann's seat once she is given up)
        given = await http.post(f"/api/rooms/{rid}/seats/0/computer",
                                json={"token": room["host_token"]})
        assert given.status_code == 200, given.text
        assert await _status(http, rid, room["host_token"]) == "finished"
        late = await http.post(f"/api/rooms/{rid}/join", json={"token": invite, "name": "Cor"})
        assert late.status_code == 409 and late.json()["key"] == "over", late.text
        assert late.json()["text"]["nl"] == "het potje is afgelopen"


async def _status(http: httpx.AsyncClient, rid: str, token: str) -> str:
    for _ in range(2400):
        status = str((await http.get(f"/api/rooms/{rid}", headers=bearer(token))).json()[
            "status"])
        if status == "finished":
            return status
        await asyncio.sleep(0.05)
    return status


async def _lobby_frame(ws: Any) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    return frame


async def test_closing_the_room_after_the_match_leaves_what_was_played(
        tmp_path: Path) -> None:
    """The host's "End the room" after the match (the settings keep it there). Before: the
    room became "ended": every open page was sent the end and showed only "the host has
    ended this room" instead of the standings; the record and score sheet were refused as
    "there once the match is over" (it was); the room's matches listed none to download."""
    quick = Timing(bot_delay=0.0, round_pause=0.0, grace=3600.0)
    async with serve(_db(tmp_path), quick) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room, joined = await _room_of_ann(http)
        rid, host, ann = room["room"], room["host_token"], joined.json()
        assert (await http.post(f"/api/rooms/{rid}/start", json={"token": host})).status_code \
            == 200
        assert (await http.post(f"/api/rooms/{rid}/seats/0/computer",
                                json={"token": host})).status_code == 200
        assert await _status(http, rid, host) == "finished"
        # Ann's page is open at the final standings; her page waits for a rematch
        page = Client(f"{server.ws}/ws/{rid}", ann["token"])
        await page.connect()
        await page.until("welcome")
        assert page.view is not None and page.view["phase"] == "match-over"
        async with websockets.connect(f"{server.ws}/ws/{rid}/lobby") as lobby:
            await lobby.send(json.dumps({"type": "hello", "token": ann["token"]}))
            first = await _lobby_frame(lobby)
            assert first["status"] == "finished" and not first["options"].get("closed")
            closed = await http.post(f"/api/rooms/{rid}/end", json={"token": host})
            assert closed.status_code == 200, closed.text
            # the page waiting for a rematch is told none comes, and the socket closes
            last = await _lobby_frame(lobby)
            assert last["options"]["closed"] is True and last["next"] is None
            await asyncio.wait_for(lobby.wait_closed(), WAIT)
        # the open table page is not sent the end: it keeps the final standings
        await asyncio.sleep(0.3)
        frames = []
        while True:
            try:
                frames.append(await page.recv(timeout=0.3))
            except AssertionError:
                break
        assert not [f for f in frames if f["type"] == "error"], frames
        await page.close()
        # what was played stays: the record, the score sheet, the room's matches
        for token in (ann["token"], room["spectate_token"], host):
            record = await http.get(f"/api/rooms/{rid}/record", headers=bearer(token))
            assert record.status_code == 200, record.text
            sheet = await http.get(f"/api/rooms/{rid}/sheet.csv?lang=nl", headers=bearer(token))
            assert sheet.status_code == 200, sheet.text
        listed = (await http.get(f"/api/rooms/{rid}/matches", headers=bearer(ann["token"])))
        assert [m["status"] for m in listed.json()] == ["finished"]
        # a reload still shows the final view
        again = Client(f"{server.ws}/ws/{rid}", ann["token"])
        await again.connect()
        await again.until("welcome")
        assert again.view is not None and again.view["phase"] == "match-over"
        await again.close()
        # no rematch now: said in words
        refused = await http.post(f"/api/rooms/{rid}/rematch", json={"token": host})
        assert refused.status_code == 409 and refused.json()["key"] == "ended"
        assert (await http.post(f"/api/rooms/{rid}/end", json={"token": host})).status_code \
            == 200  # asked twice: the same


async def test_the_hosts_close_keeps_what_was_written_to_the_options_meanwhile(
        tmp_path: Path) -> None:
    """The close read the room's options with the host's token and wrote them back with
    ``closed`` outside the room's lock: the chat switched off between the two (or the
    stand-ins kept at the end) was written over. Now read and written under the lock."""
    quick = Timing(bot_delay=0.0, round_pause=0.0, grace=3600.0)
    async with serve(_db(tmp_path), quick) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room, _ann = await _room_of_ann(http)
        rid, host = room["room"], room["host_token"]
        await http.post(f"/api/rooms/{rid}/start", json={"token": host})
        await http.post(f"/api/rooms/{rid}/seats/0/computer", json={"token": host})
        assert await _status(http, rid, host) == "finished"
        rooms = server.app.state.rooms
        read_before, _seats = await rooms.host(rid, host)  # the close's read
        assert (await http.post(f"/api/rooms/{rid}/chat",
                                json={"token": host, "on": False})).status_code == 200
        await rooms._close(read_before)
        info = (await http.get(f"/api/rooms/{rid}", headers=bearer(host))).json()
        assert info["options"]["closed"] is True
        assert info["options"]["chat"] is False, info["options"]
