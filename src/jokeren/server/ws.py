"""The WebSocket of one seat or spectator: checks every message before the table sees it.

Refused here, changing nothing: a foreign Origin, a message over 4 KB, malformed JSON, an
unknown type, a wrong shape, more messages than the rate limit allows (a seat's, over all
its connections; a spectator's, per connection), more sockets opened from one address than
its bucket allows. A message over 64 KiB is refused too, and the socket closed (1009). A
socket that does not take its frames is dropped (``Limits.outbox``, ``Limits.send_wait``).
A hello over 4 KB is refused unread, as any other bad hello (``error``, close 4400).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.parse import urlsplit

from fastapi import WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

from .errors import STORE_FAILED, ApiError
from .frames import Frame, dumps, hello_of, refusal
from .limits import MOST_MESSAGE, Bucket, Buckets, Sends, address, too_many
from .names import odd_character
from .rooms import Rooms
from .runtime import PROTOCOL, Conn, one_line
from .together import parse_say

log = logging.getLogger("jokeren.server")
MAX_MESSAGE = 4096  # bytes
RATE = 10.0  # messages a second, sustained
BURST = 30.0
HELLO_WAIT = 10.0  # seconds for the first message
PAUSE = 5.0  # seconds at most that a socket over its rate is not read


class NoHello(Exception):
    """A socket that sent no hello in time."""


def origin_ok(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """No Origin (not a browser), the server's own, or one the operator allowed."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc.lower() == ws.headers.get("host", "").lower()


def _bad(key: str, cid: Any = None) -> dict[str, Any]:
    """A message refused before the table sees it (the catalogue's ``api_msg_KEY``); ``id``
    is the message's own, if it has one (the socket adds the seat's moves and the clock
    before sending it)."""
    return {"type": "refused", "id": cid if isinstance(cid, str) else None,
            "reason": refusal(key, f"api_msg_{key}")}


def message_id(text: str | bytes | None) -> str | None:
    """The ``id`` of a message that is refused before it is read whole (the rate limit)."""
    parsed = parse(text)
    cid = parsed.get("id")
    return cid if isinstance(cid, str) else None


def too_big(text: str | bytes | None) -> bool:
    """A message over ``MOST_MESSAGE`` bytes: refused, and the socket closed (1009)."""
    if text is None or len(text) <= MOST_MESSAGE // 4:  # 4 bytes a character at most
        return False
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    return size > MOST_MESSAGE


def parse(text: str | bytes | None) -> dict[str, Any] | dict[str, Any]:
    """A client's message as ``{"type": "act", id, version, action}``, a ping, learning mode
    switched (``{"type": "learn", "on": bool}``), or a refusal frame (``type == "refused"``,
    with the message's ``id`` where it had a string one)."""
    if text is None or isinstance(text, bytes):
        return _bad("binary")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return _bad("too_big")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return _bad("json")
    if not isinstance(data, dict):
        return _bad("shape")
    kind = data.get("type", "act")
    if kind == "ping":
        return {"type": "ping"}
    if kind == "learn":
        return {"type": "learn", "on": data.get("on") is True}
    if kind == "say":  # a reaction or a line of chat (together.py)
        return parse_say(data)
    if kind != "act":
        return _bad("type")
    cid, version, action = data.get("id"), data.get("version"), data.get("action")
    if not isinstance(cid, str) or not 1 <= len(cid) <= 64 or odd_character(cid):
        return _bad("id", cid)
    if isinstance(version, bool) or not isinstance(version, int):
        return _bad("version", cid)
    if not isinstance(action, str) or not 1 <= len(action) <= 512 or odd_character(action):
        return _bad("action", cid)
    return {"type": "act", "id": cid, "version": version, "action": action}


def protocol_of(hello: Any) -> int:
    """The protocol a hello asks for: ``"protocol": 2`` (or later: the newest this server
    speaks, ``PROTOCOL``) the lighter frames; without it, or 1, the first protocol's."""
    asked = hello.get("protocol") if isinstance(hello, dict) else None
    if isinstance(asked, bool) or not isinstance(asked, int) or asked < 2:
        return 1
    return min(asked, PROTOCOL)


async def table_socket(ws: WebSocket, room_id: str, rooms: Rooms,
                       origins: tuple[str, ...], rate: float = RATE,
                       opened: Buckets | None = None) -> None:
    """One socket, from its hello to its close. ``opened``: the buckets of sockets opened
    by each address (limits.py)."""
    if not origin_ok(ws, origins):
        await ws.close(code=4403)
        return
    wait = opened.take(address(ws.scope)) if opened is not None else 0.0
    if wait:  # too many sockets from this address: refused before the handshake
        body, headers = too_many(wait, "sockets")
        await ws.send_denial_response(JSONResponse(body, 429, headers))
        return
    await ws.accept()
    try:
        try:
            first = await asyncio.wait_for(ws.receive(), HELLO_WAIT)
        except TimeoutError:  # an OSError too: not to be taken for the store's (below)
            raise NoHello(f"none in {HELLO_WAIT:g} s") from None
        if first["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(first.get("code", 1000))
        hello = hello_of(first, MAX_MESSAGE)  # None (binary, not JSON): refused below
        token = hello.get("token") if isinstance(hello, dict) else None
        since = hello.get("since") if isinstance(hello, dict) else None
        learn = isinstance(hello, dict) and hello.get("learn") is True
        protocol = protocol_of(hello)
        if not isinstance(token, str) or len(token) > 256:
            raise ApiError(400, "hello", example='{"type": "hello", "token": ...}')
        if isinstance(since, bool) or not isinstance(since, int) or not -1 <= since < 2**53:
            since = None  # none, or none a table could have (the page is sent the view)
        runner, conn = await rooms.connect(
            room_id, token, lambda seat: Conn(seat, learn, backlog=rooms.limits.outbox,
                                              protocol=protocol), since)
    except ApiError as exc:
        log.info("room %s: refused at hello (%s)", room_id, exc.key)
        try:  # the page may be gone already (it left while the hello was answered)
            await ws.send_text(dumps({"type": "error", "reason": exc.body()}))
            await ws.close(code=4403 if exc.status == 403 else 4400)
        except Exception as gone:
            forget(gone)
        return
    except (SQLAlchemyError, sqlite3.Error, OSError) as exc:  # the store failed
        log.error("room %s: the store failed at hello: %s", room_id, one_line(exc))
        with contextlib.suppress(Exception):
            await ws.send_text(dumps({"type": "error", "reason": STORE_FAILED.body()}))
            await ws.close(code=1011)
        return
    except (NoHello, ValueError, WebSocketDisconnect, RuntimeError) as exc:
        log.info("room %s: no hello (%s: %s)", room_id, type(exc).__name__, exc)
        with contextlib.suppress(Exception):
            await ws.close(code=4400)
        return
    limits = rooms.limits
    sender = asyncio.create_task(_send(ws, conn, limits.send_wait, rooms.sends))
    conn.write = writer(ws, conn)
    shared = (rate, max(BURST, rate * 3))  # a seat's connections share one bucket
    bucket = Bucket(shared) if conn.seat is None \
        else runner.bucket("messages", conn.seat, shared)
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text", message.get("bytes"))
            if too_big(text):  # said (no id: it is not read), then closed
                conn.send(_bad("too_big"))
                conn.close_code = 1009
                break
            wait = bucket.take()
            if wait:  # refused, and nothing more is read until a message would be allowed:
                # a client that keeps sending is slowed by its own socket (backpressure)
                runner.refuse(conn, message_id(text), refusal("rate", "api_rate_messages"))
                await asyncio.sleep(min(wait, PAUSE))
                continue
            parsed = parse(text)
            if parsed["type"] == "ping":
                runner.pong(conn)
            elif parsed["type"] == "learn":
                runner.set_learn(conn, parsed["on"])
            elif parsed["type"] == "say":
                runner.tell("say", conn, parsed)
            elif parsed["type"] == "refused":
                runner.refuse(conn, parsed["id"], parsed["reason"])
            else:
                runner.tell("act", conn, parsed)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        conn.close()
        conn.write = None  # it holds the connection: no cycle is left for the gc
        with contextlib.suppress(Exception):
            await sender
        runner.tell("leave", conn)  # last: a table let go is held by nothing here


class Begun:
    """A frame's send that ``writer`` began and that had to wait (the socket's buffers are
    full): the sender finishes it, in its turn and within its deadline, as a task would
    have run it (each future it waits for awaited, then the send stepped on)."""

    def __init__(self, send: Coroutine[Any, Any, None], waiting: Any) -> None:
        self.send, self.waiting = send, waiting

    async def finish(self) -> None:
        try:
            while True:
                waiting, self.waiting = self.waiting, None
                if waiting is None:  # a bare yield: the loop goes round once
                    await asyncio.sleep(0)
                else:  # a future: its result or error is the send's to take
                    waiting._asyncio_future_blocking = False
                    await asyncio.wait((waiting,))
                self.waiting = self.send.send(None)
        except StopIteration:
            return
        finally:
            self.send.close()  # dropped (the deadline) while it waited: it ends there


def writer(ws: WebSocket, conn: Conn) -> Callable[[Frame], None]:
    """``conn.write``: a frame written at once by whoever sends it (the table's task), not
    handed to the sender's task, which waits with nothing queued (``Outbox.idle``). A
    socket whose kernel buffers take the bytes completes its send without waiting, so the
    frames of an action leave in the table's own step rather than once four senders have
    been woken behind whatever else the loop runs (the busy evening's p99). A send that
    must wait is queued, begun, for the sender to finish (``Begun``: the frames after it
    wait behind it, so the order holds); a socket that fails is closed, as the sender
    closes it."""

    def write(frame: Frame) -> None:
        send = ws.send_text(dumps(frame))
        try:
            waiting = send.send(None)
        except StopIteration:
            return
        except Exception as exc:
            forget(exc)
            conn.close()
            return
        conn.outbox.put_nowait(Begun(send, waiting))

    return write


async def _send(ws: WebSocket, conn: Conn, wait: float, sends: Sends) -> None:
    """The connection's frames, in order; a socket that takes longer than ``wait`` seconds
    to take one (it does not read, and the kernel's buffers are full) is dropped."""
    me = asyncio.current_task()
    assert me is not None
    try:
        while (frame := await conn.outbox.get()) is not None:
            sends.start(me, wait)
            if isinstance(frame, Begun):
                begun, frame = frame, None
                await begun.finish()
                del begun
            else:
                text, frame = dumps(frame), None  # not kept while the next one is
                await ws.send_text(text)  # awaited: a frame that lives on is traversed
            sends.done(me)  # by the gc
    except asyncio.CancelledError:
        if not sends.was_late(me):
            raise
        log.info("a connection that did not read for %.0f s was dropped", wait)
        conn.close()
    except Exception:
        sends.done(me)
        conn.close()
    try:
        await asyncio.wait_for(ws.close(conn.close_code), wait)
    except Exception as gone:  # the socket is gone already
        forget(gone)


def forget(error: BaseException | None) -> None:
    """Let go of the tracebacks of ``error`` and of what it was raised from or during. A
    traceback holds every frame it passed, and the frame of ``asyncio.wait_for`` holds the
    task whose exception it is: a cycle that only a full collection frees, with this
    frame, the socket and its connection in it (the close of a socket whose other end
    was gone left one; docs/server-load.md, "Pauses")."""
    seen: set[int] = set()
    todo = [error]
    while todo:
        one = todo.pop()
        if one is None or id(one) in seen:
            continue
        seen.add(id(one))
        one.__traceback__ = None
        todo += (one.__cause__, one.__context__)
