"""The lobby, live: before the start, a room's pages keep a WebSocket open (``/ws/ROOM/lobby``)
and are sent the room as ``GET /api/rooms/ROOM`` answers it (``{"type": "lobby", ...}``)
whenever it changes: a person joins, a seat is arranged, someone opens or closes the page,
the host starts or ends the room. A seat is *here* while its page has a lobby socket open.
After the match the pages wait on the same socket for the host's rematch: the frame whose
``next`` names the new room is the last.

The room's changes wake the sockets of this process at once; a socket also reads the room
again every ``LOOK`` seconds, so a change made by another process (rooms owned elsewhere)
reaches it too, a little later. The frame carries no card: the lobby is before the deal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from typing import Any, Protocol

from fastapi import WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from .errors import ApiError, refusal
from .frames import dumps, hello_of
from .limits import Buckets, Limits, Sends, address, too_many

log = logging.getLogger("jokeren.server")
HELLO_WAIT = 10.0  # seconds for the hello
LOOK = 3.0  # seconds between reads of the room when nothing woke the socket
MAX_MESSAGE = 1024  # bytes: the lobby reads only pings


class Rooms(Protocol):
    """What the lobby asks of ``rooms.Rooms`` (which imports this module)."""

    hub: LobbyHub
    limits: Limits
    sends: Sends

    async def seat_of(self, room_id: str, token: str) -> int | None: ...

    async def info(self, room_id: str, token: str, asked: bool = True) -> dict[str, Any]: ...


class LobbyHub:
    """Who has a lobby socket open (per room, per seat) and the wake-ups of those sockets."""

    def __init__(self) -> None:
        self.open: dict[str, Counter[int]] = {}
        self.waiting: dict[str, set[asyncio.Event]] = {}

    def here(self, room_id: str, seat: int) -> bool:
        return self.open.get(room_id, Counter())[seat] > 0

    def changed(self, room_id: str) -> None:
        """Every lobby socket of the room reads it again now."""
        for event in self.waiting.get(room_id, ()):
            event.set()

    def enter(self, room_id: str, seat: int | None, event: asyncio.Event) -> None:
        self.waiting.setdefault(room_id, set()).add(event)
        if seat is not None:
            self.open.setdefault(room_id, Counter())[seat] += 1
            self.changed(room_id)

    def leave(self, room_id: str, seat: int | None, event: asyncio.Event) -> None:
        waiting = self.waiting.get(room_id)
        if waiting is not None:
            waiting.discard(event)
            if not waiting:
                del self.waiting[room_id]
        if seat is not None:
            counts = self.open.get(room_id)
            if counts is not None:
                counts[seat] -= 1
                if counts[seat] <= 0:
                    del counts[seat]
                if not counts:
                    del self.open[room_id]
            self.changed(room_id)


def _waits(info: dict[str, Any]) -> bool:
    """Whether the room's pages still wait for news over the socket: before the start, and
    after the match until the host's rematch is made or the host closes the room (the frame
    that names the rematch, or says ``options.closed``, is the last)."""
    return bool(info["status"] == "open" or (
        info["status"] == "finished" and not info["next"]
        and not info["options"].get("closed")))


async def _hello(ws: WebSocket) -> str:
    first = await asyncio.wait_for(ws.receive(), HELLO_WAIT)
    if first["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(first.get("code", 1000))
    hello = hello_of(first, MAX_MESSAGE)
    token = hello.get("token") if isinstance(hello, dict) else None
    if not isinstance(token, str) or len(token) > 256:
        raise ApiError(400, "hello", example='{"type": "hello", "token": ...}')
    return token


async def _send(ws: WebSocket, frame: dict[str, Any], sends: Sends, wait: float) -> None:
    """Sends one frame; TimeoutError when the page has not taken it within ``wait`` seconds
    (it does not read): the deadline is the tables' (``Sends``), checked by its sweep."""
    me = asyncio.current_task()
    assert me is not None
    sends.start(me, wait)
    try:
        await ws.send_text(dumps(frame))
    except asyncio.CancelledError:
        if sends.was_late(me):
            raise TimeoutError from None
        raise
    finally:
        sends.done(me)


async def lobby_socket(ws: WebSocket, room_id: str, rooms: Rooms, origin_ok: bool,
                       opened: Buckets | None = None) -> None:
    """One lobby socket: a hello with any of the room's tokens, then the room's frames
    until the match starts (the last frame says so), the room ends or the page goes."""
    if not origin_ok:
        await ws.close(code=4403)
        return
    wait = opened.take(address(ws.scope)) if opened is not None else 0.0
    if wait:
        body, headers = too_many(wait, "sockets")
        await ws.send_denial_response(JSONResponse(body, 429, headers))
        return
    await ws.accept()
    try:
        token = await _hello(ws)
        seat = await rooms.seat_of(room_id, token)
    except ApiError as exc:
        await ws.send_text(dumps({"type": "error", "reason": exc.body()}))
        await ws.close(code=4403 if exc.status == 403 else 4400)
        return
    except (TimeoutError, ValueError, WebSocketDisconnect, RuntimeError):
        with contextlib.suppress(Exception):
            await ws.close(code=4400)
        return
    hub = rooms.hub
    woken = asyncio.Event()
    gone = asyncio.Event()

    async def read() -> None:  # pings are answered by the next frame; anything else ignored
        with contextlib.suppress(Exception):
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text") or ""
                if len(text) > MAX_MESSAGE:  # said, then closed: no page sends one
                    await ws.send_text(dumps({"type": "error", "reason": refusal(
                        "too_big", "api_lobby_too_big", most=MAX_MESSAGE)}))
                    await ws.close(code=1009)
                    break
                woken.set()
        gone.set()
        woken.set()

    reader = asyncio.create_task(read())
    hub.enter(room_id, seat, woken)
    last: Any = None
    try:
        while not gone.is_set():
            woken.clear()
            try:
                info = await rooms.info(room_id, token, asked=False)
            except ApiError as exc:
                await ws.send_text(dumps({"type": "error", "reason": exc.body()}))
                break
            if info != last:
                await _send(ws, {"type": "lobby", **info}, rooms.sends, rooms.limits.send_wait)
                last = info
            if not _waits(info):
                break  # started (the page opens the table), ended, or the rematch named
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), LOOK)
    except (WebSocketDisconnect, RuntimeError, TimeoutError):
        pass
    except Exception as exc:  # the store failed: the page reads the room again later
        log.info("room %s: the lobby socket closes: %s", room_id, type(exc).__name__)
    finally:
        hub.leave(room_id, seat, woken)
        reader.cancel()
        with contextlib.suppress(Exception):
            await ws.close()
