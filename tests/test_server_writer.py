"""A frame written at once (ws.writer): while a connection's sender waits with nothing
queued, whoever sends a frame writes it in its own step; a send that must wait is finished
by the sender, and the frames after it wait behind it; a socket that fails is closed; one
that does not read within the deadline is dropped. The order of a connection's frames
holds in every case. Nothing here is timed."""

from __future__ import annotations

import asyncio
import json
from typing import Any, ClassVar

import pytest

from jokeren.server.limits import Sends
from jokeren.server.runtime import Conn
from jokeren.server.ws import Begun, _send, table_socket, writer


class Socket:
    """Starlette's WebSocket as the sender and the writer use it: ``send_text`` completes
    at once unless ``gate`` is shut (the kernel's buffers full) or ``broken``."""

    def __init__(self) -> None:
        self.sent: list[int] = []
        self.gate: asyncio.Event | None = None
        self.broken = False
        self.closed: int | None = None
        self.ended = 0  # sends that ended, one way or another (a coroutine let go)

    async def send_text(self, text: str) -> None:
        try:
            if self.broken:
                raise RuntimeError('Cannot call "send" once a close message has been sent.')
            if self.gate is not None:
                await self.gate.wait()
            self.sent.append(json.loads(text)["n"])
        finally:
            self.ended += 1

    async def close(self, code: int = 1000) -> None:
        self.closed = code


async def idle(conn: Conn) -> None:
    """Until the connection's sender waits with nothing queued."""
    for _ in range(100):
        if conn.outbox.idle():
            return
        await asyncio.sleep(0)
    raise AssertionError("the sender never waited")


async def opened(wait: float = 10.0, sends: Sends | None = None
                 ) -> tuple[Socket, Conn, asyncio.Task[None]]:
    ws, conn = Socket(), Conn(0)
    sender = asyncio.create_task(_send(ws, conn, wait, sends or Sends()))  # type: ignore[arg-type]
    conn.write = writer(ws, conn)  # type: ignore[arg-type]
    await idle(conn)
    return ws, conn, sender


@pytest.mark.anyio
async def test_a_frame_is_written_at_once_while_the_sender_waits() -> None:
    ws, conn, sender = await opened()
    for n in range(3):
        conn.send({"n": n})
    assert ws.sent == [0, 1, 2]  # before this task gave the loop a turn
    assert conn.outbox.empty() and conn.outbox.idle()
    conn.close()
    await asyncio.wait_for(sender, 10)
    assert ws.closed == 1000


@pytest.mark.anyio
async def test_a_send_that_must_wait_is_finished_by_the_sender_in_order() -> None:
    ws, conn, sender = await opened()
    ws.gate = asyncio.Event()  # the client stops reading
    conn.send({"n": 1})  # begun here, it waits: queued as begun
    assert ws.sent == [] and conn.outbox.qsize() == 1
    conn.send({"n": 2})
    conn.send({"n": 3})  # both wait behind it, not written at once
    await asyncio.sleep(0.01)
    assert ws.sent == [] and conn.outbox.qsize() >= 2
    ws.gate.set()  # it reads again
    await asyncio.sleep(0.01)
    assert ws.sent == [1, 2, 3]
    await idle(conn)  # and the next is written at once again
    ws.gate = None
    conn.send({"n": 4})
    assert ws.sent == [1, 2, 3, 4]
    conn.close()
    await asyncio.wait_for(sender, 10)


@pytest.mark.anyio
async def test_a_failing_socket_is_closed_and_the_sender_ends() -> None:
    ws, conn, sender = await opened()
    ws.broken = True
    conn.send({"n": 1})  # raises nothing into the table's step
    assert conn.closed
    conn.send({"n": 2})  # a closed connection is sent nothing more
    await asyncio.wait_for(sender, 10)
    assert ws.sent == [] and ws.ended == 1 and ws.closed == 1000


@pytest.mark.anyio
async def test_a_begun_send_past_its_deadline_drops_the_socket() -> None:
    sends = Sends()  # one sweep a second: the late send is cancelled at the next
    ws, conn, sender = await opened(wait=0.05, sends=sends)
    ws.gate = asyncio.Event()  # never set: the client never reads
    conn.send({"n": 1})
    conn.send({"n": 2})
    await asyncio.wait_for(sender, 30)
    assert conn.closed and ws.closed == 1000 and ws.sent == []
    assert ws.ended == 1  # the begun send was let go, not left suspended
    assert not sends.due and not sends.late


@pytest.mark.anyio
async def test_without_a_writer_every_frame_goes_through_the_sender() -> None:
    ws, conn = Socket(), Conn(0)
    sender = asyncio.create_task(_send(ws, conn, 10.0, Sends()))  # type: ignore[arg-type]
    await idle(conn)
    conn.send({"n": 1})
    assert ws.sent == []  # queued: the sender writes it in its own turn
    await asyncio.sleep(0.01)
    assert ws.sent == [1]
    conn.close()
    await asyncio.wait_for(sender, 10)


def test_a_begun_send_steps_as_a_task_would() -> None:
    """``Begun.finish`` drives the send it was given to its end: a future it waits for is
    awaited and its result handed back in, a bare yield lets the loop go round."""
    got: list[Any] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        first = loop.create_future()

        async def send() -> None:
            got.append(await first)
            await asyncio.sleep(0)  # a bare yield
            second = loop.create_future()
            loop.call_soon(second.set_result, "b")
            got.append(await second)

        coroutine = send()
        waiting = coroutine.send(None)
        assert waiting is first
        loop.call_soon(first.set_result, "a")
        await asyncio.wait_for(Begun(coroutine, waiting).finish(), 10)

    asyncio.run(scenario())
    assert got == ["a", "b"]


class GoneAtHello:
    """A page that said hello and was gone before its answer: every send fails as
    Starlette's does on a socket whose other end left."""

    headers: ClassVar[dict[str, str]] = {}
    scope: ClassVar[dict[str, Any]] = {"client": ("127.0.0.1", 1)}

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return {"type": "websocket.receive", "text": '{"type": "hello", "token": "x"}'}

    async def send_text(self, text: str) -> None:
        from starlette.websockets import WebSocketDisconnect

        raise WebSocketDisconnect(code=1006)

    async def close(self, code: int = 1000) -> None:
        await self.send_text("")


class Refusing:
    """The rooms, refusing every hello (the room not played now)."""

    async def connect(self, *_: Any) -> Any:
        from jokeren.server.errors import ApiError

        raise ApiError(409, "not_playing")


def test_a_refused_hello_to_a_page_gone_ends_quietly() -> None:
    """A browser test's server logged a traceback: a hello refused (the room not played
    yet) to a page that had reloaded meanwhile; the refusal's send failed, uncaught."""
    asyncio.run(table_socket(GoneAtHello(), "r", Refusing(), ()))  # type: ignore[arg-type]
