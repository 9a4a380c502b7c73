"""The lobby, live over its socket (issue 39): joins, presence, seat changes and the start
come as frames to every page of the room, without asking again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
import websockets

from server_harness import WAIT, serve

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
