"""The lobby, live over its socket (issue 39): joins, presence, seat changes and the start
come as frames to every page of the room, without asking again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
import websockets

from jokeren.server.limits import Limits, Sends
from jokeren.server.lobby import LobbyHub, lobby_socket

from server_harness import WAIT, bearer, serve

pytestmark = pytest.mark.anyio


async def _frame(ws: Any) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    return frame


async def _until(ws: Any, done: Any) -> dict[str, Any]:
    """The lobby's frames until one for which ``done(frame)`` holds (bounded)."""
    for _ in range(50):
        frame = await _frame(ws)
        if done(frame):
            return frame
    raise AssertionError("no such frame came")


def _here(frame: dict[str, Any]) -> list[bool]:
    return [s["here"] for s in frame["seats"]]


async def test_the_lobby_is_pushed_to_every_page(tmp_path: Path) -> None:
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}") as server:
        import httpx

        async with httpx.AsyncClient(base_url=server.base) as http:
            room = (await http.post("/api/rooms", json={
                "seats": [{"kind": "person"}] * 2 + [{"kind": "computer", "level": "basic"}],
            })).json()
            rid = room["room"]
            url = f"{server.ws}/ws/{rid}/lobby"
            async with websockets.connect(url) as host:
                await host.send(json.dumps({"type": "hello", "token": room["host_token"]}))
                first = await _frame(host)
                assert first["type"] == "lobby" and first["status"] == "open"
                assert [s["name"] for s in first["seats"]][:2] == [None, None]
                ann = (await http.post(f"/api/rooms/{rid}/join", json={
                    "token": room["invite_token"], "name": "Ann"})).json()
                # Ann's join reaches the host's page as a frame: joined, page not open yet
                frame = await _until(host, lambda f: f["seats"][0]["name"] == "Ann")
                assert _here(frame) == [False, False, False]
                async with websockets.connect(url) as page:
                    await page.send(json.dumps({"type": "hello", "token": ann["token"]}))
                    mine = await _frame(page)
                    assert mine["seats"][0]["here"]
                    await _until(host, lambda f: _here(f) == [True, False, False])
                    # the host makes the free seat a computer player's: both pages told
                    made = await http.post(f"/api/rooms/{rid}/seats/1/kind", json={
                        "token": room["host_token"], "kind": "computer", "level": "basic"})
                    assert made.status_code == 200
                    for ws in (host, page):
                        await _until(ws, lambda f: f["seats"][1]["kind"] == "computer")
                # Ann's page closes: the host sees her away at once
                await _until(host, lambda f: _here(f) == [False, False, False])
                started = await http.post(f"/api/rooms/{rid}/start",
                                          json={"token": room["host_token"]})
                assert started.status_code == 200
                last = await _until(host, lambda f: f["status"] != "open")
                assert last["status"] == "playing"
                await asyncio.wait_for(host.wait_closed(), WAIT)  # the table takes over
            # a token of no link of the room is refused at the hello
            async with websockets.connect(url) as stranger:
                await stranger.send(json.dumps({"type": "hello", "token": "x" * 32}))
                refused = await _frame(stranger)
                assert refused["type"] == "error" and refused["reason"]["key"] == "bad_token"


async def test_a_foreign_origin_is_refused(tmp_path: Path) -> None:
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}") as server:
        with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
            async with websockets.connect(f"{server.ws}/ws/abc/lobby",
                                          origin="https://evil.example"):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403


async def test_an_oversized_frame_is_refused_in_words_and_the_server_goes_on(
        tmp_path: Path) -> None:
    """The lobby reads only pings: a frame over its bound gets an error frame saying so in
    both languages, then the socket closes (it was closed without a word); the server
    answers on."""
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}") as server:
        import httpx

        async with httpx.AsyncClient(base_url=server.base) as http:
            room = (await http.post("/api/rooms", json={
                "seats": [{"kind": "person"}, {"kind": "computer", "level": "basic"}]})).json()
            url = f"{server.ws}/ws/{room['room']}/lobby"
            async with websockets.connect(url) as page:
                await page.send(json.dumps({"type": "hello", "token": room["host_token"]}))
                assert (await _frame(page))["type"] == "lobby"
                await page.send("x" * 5000)
                refused = await _until(page, lambda f: f["type"] == "error")
                said = refused["reason"]["text"]
                assert refused["reason"]["key"] == "too_big"
                assert "1024" in said["en"] and "lobby" in said["nl"] and said["en"] != said["nl"]
                await asyncio.wait_for(page.wait_closed(), WAIT)
                assert page.close_code == 1009
            assert (await http.get("/api/presets")).status_code == 200


async def test_after_the_match_the_lobby_socket_names_the_rematch(tmp_path: Path) -> None:
    """The rematch page learns of the new room without asking again: a finished room's
    lobby socket stays open until the host's rematch, and its last frame names it."""
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}") as server:
        import httpx

        async with httpx.AsyncClient(base_url=server.base) as http:
            room = (await http.post("/api/rooms", json={
                "rules": {"preset": "jokeren-7", "rounds": 1, "max_turns": 200},
                "seats": [{"kind": "computer", "level": "basic"}] * 3})).json()
            rid, host = room["room"], room["host_token"]
            assert (await http.post(f"/api/rooms/{rid}/start",
                                    json={"token": host})).status_code == 200
            for _ in range(1200):
                info = (await http.get(f"/api/rooms/{rid}",
                                       headers=bearer(host))).json()
                if info["status"] == "finished":
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("the computer players did not finish")
            url = f"{server.ws}/ws/{rid}/lobby"
            async with websockets.connect(url) as page:
                await page.send(json.dumps({"type": "hello", "token": room["spectate_token"]}))
                first = await _frame(page)
                assert first["status"] == "finished" and first["next"] is None
                made = await http.post(f"/api/rooms/{rid}/rematch", json={"token": host})
                assert made.status_code == 201, made.text
                last = await _until(page, lambda f: f["next"] is not None)
                assert last["next"] == made.json()["room"] and last["status"] == "finished"
                await asyncio.wait_for(page.wait_closed(), WAIT)  # nothing more to wait for
            # a page opened after the rematch is told at once, and the socket closes
            async with websockets.connect(url) as late:
                await late.send(json.dumps({"type": "hello", "token": host}))
                assert (await _frame(late))["next"] == made.json()["room"]
                await asyncio.wait_for(late.wait_closed(), WAIT)


async def test_a_lobby_page_that_does_not_read_is_dropped_and_one_that_reads_kept() -> None:
    """A lobby frame's send has the tables' deadline (``Sends``, ``send_wait``): a page
    whose socket takes no frame (its buffers full) is let go, its seat no longer *here*,
    nothing kept of it; a page that reads is sent the room and stays."""

    class Room:  # what the lobby asks of the rooms: the room is open, the token seat 0's
        def __init__(self) -> None:
            self.hub, self.sends = LobbyHub(), Sends()
            self.limits = Limits(send_wait=0.05)

        async def seat_of(self, room_id: str, token: str) -> int | None:
            return 0

        async def info(self, room_id: str, token: str, asked: bool = True) -> dict[str, Any]:
            return {"status": "open", "next": None, "seats": []}

    class Page:  # a socket as starlette's, after its hello
        def __init__(self, reads: bool) -> None:
            self.reads, self.sent, self.closed = reads, list[str](), False
            self.hello = False

        async def accept(self) -> None:
            pass

        async def receive(self) -> dict[str, Any]:
            if not self.hello:
                self.hello = True
                return {"type": "websocket.receive", "text": '{"type": "hello", "token": "t"}'}
            await asyncio.Event().wait()  # the page says nothing more
            raise AssertionError

        async def send_text(self, text: str) -> None:
            if not self.reads:
                await asyncio.Event().wait()  # never taken
            self.sent.append(text)

        async def close(self, code: int = 1000) -> None:
            self.closed = True

    room, stuck = Room(), Page(reads=False)
    await asyncio.wait_for(lobby_socket(stuck, "r", room, True), WAIT)  # type: ignore[arg-type]
    assert stuck.closed and stuck.sent == []
    assert not room.hub.here("r", 0) and not room.hub.waiting
    assert not room.sends.due and not room.sends.late

    reading = Page(reads=True)
    socket = asyncio.create_task(lobby_socket(reading, "r", room, True))  # type: ignore[arg-type]
    try:
        for _ in range(200):
            if reading.sent:
                break
            await asyncio.sleep(0.01)
        assert json.loads(reading.sent[0])["type"] == "lobby"
        await asyncio.sleep(0.1)  # past send_wait: still open, still here
        assert not socket.done() and room.hub.here("r", 0) and not reading.closed
    finally:
        socket.cancel()
    assert not room.sends.due
