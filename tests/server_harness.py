"""A real server on 127.0.0.1 and WebSocket clients that play through it (tests only)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn
import websockets

from jokeren.bots import make_player
from jokeren.server.app import Settings, create_app
from jokeren.server.limits import UVICORN_WS, Limits
from jokeren.server.runtime import Timing

SHORT = {"preset": "jokeren-7", "rounds": 2, "max_turns": 200}  # a whole match, two rounds
# A bound on waiting for a frame, not a measure: on a shared machine a niced run was
# starved for 35 s (no table of the process moved), which a 20 s bound called a hang.
WAIT = 120.0


def free_port() -> int:
    """A loopback port free at this moment, for a server process the test starts."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bearer(token: str) -> dict[str, str]:
    """The header that carries a room's token (never the URL: it would reach the log)."""
    return {"Authorization": f"Bearer {token}"}


async def eventually(done: Callable[[], bool], bound: float = WAIT) -> bool:
    """Whether ``done()`` holds within ``bound`` seconds of the loop's clock (polled)."""
    loop = asyncio.get_running_loop()
    ends = loop.time() + bound
    while not done():
        if loop.time() > ends:
            return False
        await asyncio.sleep(0.02)
    return True
FAST = Timing(bot_delay=0.0, round_pause=0.0, grace=60.0)


@dataclass
class Server:
    base: str
    app: Any

    @property
    def ws(self) -> str:
        return self.base.replace("http://", "ws://")

    def runner(self, room: str) -> Any:
        return self.app.state.rooms.runners[room]


@contextlib.asynccontextmanager
async def serve(db: str, timing: Timing = FAST, rate: float = 1000.0,
                limits: Limits | None = None, **settings: Any) -> AsyncIterator[Server]:
    """A server on 127.0.0.1; without ``limits`` its rates and quotas are off (a test
    plays many tables from one address)."""
    app = create_app(Settings(db=db, timing=timing, rate=rate,
                              limits=limits or Limits.off(), **settings))
    # Keep-alive longer than httpx's 5 s: at equal times a starved client could send on a
    # pooled connection the server was closing (httpx.ReadError, once in 1,000 matches).
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                            **UVICORN_WS, lifespan="on", timeout_keep_alive=60)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    assert await eventually(lambda: server.started), "the server did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield Server(f"http://127.0.0.1:{port}", app)
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 20)


async def make_room(http: httpx.AsyncClient, people: int, computers: list[str],
                    rules: Any = SHORT, **options: Any) -> dict[str, Any]:
    """A started room: returns the room's answer plus each person's seat token."""
    seats = ([{"kind": "person"}] * people
             + [{"kind": "computer", "level": lv} for lv in computers])
    r = await http.post("/api/rooms", json={"rules": rules, "seats": seats, **options})
    assert r.status_code == 201, r.text
    room = r.json()
    room["seats"] = []
    for i in range(people):
        j = await http.post(f"/api/rooms/{room['room']}/join",
                            json={"token": room["invite_token"], "name": f"P{i}"})
        assert j.status_code == 200, j.text
        room["seats"].append(j.json())
    s = await http.post(f"/api/rooms/{room['room']}/start", json={"token": room["host_token"]})
    assert s.status_code == 200, s.text
    return room


@dataclass
class Client:
    """One WebSocket: it keeps every frame it received (the spy reads them all)."""

    url: str
    token: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    version: int = 0
    view: dict[str, Any] | None = None
    ws: Any = None
    ids: itertools.count[int] = field(default_factory=itertools.count)
    learn: bool = False  # learning mode asked for in the hello
    protocol: int = 1  # 2: asked for in the hello; the view is kept from its changes
    moves: list[str] = field(default_factory=list)  # as last sent (protocol 2: kept)

    async def connect(self, since: int | None = None) -> None:
        self.ws = await websockets.connect(self.url, max_size=2**22)
        hello = {"type": "hello", "token": self.token, "since": since, "learn": self.learn}
        if self.protocol != 1:
            hello["protocol"] = self.protocol
        await self.ws.send(json.dumps(hello))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        try:
            text = await asyncio.wait_for(self.ws.recv(), timeout)
        except TimeoutError:
            raise AssertionError(f"no frame for {timeout} s; last: {self.frames[-3:]}") from None
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        if "view" in frame:
            self.view = frame["view"]
        elif "changes" in frame:  # protocol 2: the keys that changed
            assert self.view is not None, frame
            self.view = {**self.view, **frame["changes"]}
        if "moves" in frame:
            self.moves = frame["moves"]
        if "version" in frame and frame["type"] in ("welcome", "events", "refused", "ack"):
            self.version = max(self.version, frame["version"]) if frame["type"] != "welcome" \
                else frame["version"]
        return frame

    async def until(self, kind: str, timeout: float = WAIT) -> dict[str, Any]:
        for _ in range(10_000):
            frame = await self.recv(timeout)
            if frame["type"] == kind:
                return frame
        raise AssertionError(f"no {kind} frame")

    async def send(self, action: str, version: int | None = None,
                   cid: str | None = None) -> str:
        cid = cid or f"m{next(self.ids)}"
        await self.ws.send(json.dumps({"id": cid, "version": self.version if version is None
                                       else version, "action": action}))
        return cid


async def play_person(client: Client, server: Server, room: str, seat: int,
                      rng: random.Random, mischief: bool = False,
                      reconnect_at: int | None = None) -> None:
    """Answer whenever it is this seat's turn as a basic computer player would (reading
    the server's state: the person's choice is not what is tested), until the match is
    over; ``mischief`` also sends stale, out-of-turn and replayed messages, and
    ``reconnect_at`` drops the connection once at that version and comes back."""
    runner = server.runner(room)
    player = make_player("basic", rng.randrange(2**32))
    for _ in range(100_000):
        if reconnect_at is not None and client.version >= reconnect_at:
            reconnect_at = None  # away for a moment; back with the last version seen
            await client.close()
            await asyncio.sleep(rng.uniform(0, 0.05))
            await client.connect(since=client.version)
            await client.until("welcome")
        view = client.view
        if view is not None and view["phase"] == "match-over":
            return
        if view is not None and view["to_act"] == seat and view["phase"] not in (
                "round-over", "match-over") and runner.table.version == client.version:
            table = runner.table
            action = str(player.choose(table.view(seat), table.legal()))
            if mischief and rng.random() < 0.1:
                await client.send(action, version=client.version - 1)  # stale
                refused = await client.until("refused")
                assert refused["reason"]["key"] == "stale_version", refused
            cid = await client.send(action)
            answer = await _answer(client, cid)
            assert acked(answer, cid), answer
            if mischief and rng.random() < 0.1:  # replayed: the same answer, nothing twice
                await client.send(action, version=answer["version"] - 1, cid=cid)
                again = await _answer(client, cid)
                # protocol 2: the first ack came in the events frame, this one alone
                assert again == {"type": "ack", "id": cid, "version": answer["version"]}
        elif mischief and view is not None and view["to_act"] != seat and rng.random() < 0.05:
            cid = await client.send("draw")
            answer = await _answer(client, cid)
            assert answer["type"] == "refused"
        else:
            await client.recv()
    raise AssertionError("the match did not end")


async def play_until(client: Client, server: Server, room: str, seat: int,
                     rng: random.Random, done: Callable[[], bool]) -> None:
    """The person at ``seat`` plays as ``play_person`` does until ``done()``; the match
    must not end first."""
    runner = server.runner(room)
    player = make_player("basic", rng.randrange(2**32))
    while not done():
        view, table = client.view, runner.table
        assert view is None or view["phase"] != "match-over", "the match ended"
        if view is not None and view["to_act"] == seat and view["phase"] != "round-over" \
                and table.version == client.version:
            cid = await client.send(str(player.choose(table.view(seat), table.legal())))
            answer = await _answer(client, cid)
            assert acked(answer, cid), answer
        else:
            await client.recv()


def acked(frame: dict[str, Any], cid: str) -> bool:
    """Whether ``frame`` acknowledges ``cid``: an ``ack`` frame, or (protocol 2) the
    events frame of the action, which carries it."""
    return frame.get("ack") == cid if frame["type"] == "events" \
        else frame["type"] == "ack" and frame.get("id") == cid


async def _answer(client: Client, cid: str) -> dict[str, Any]:
    for _ in range(10_000):
        frame = await client.recv()
        if acked(frame, cid) or (frame["type"] == "refused" and frame.get("id") == cid):
            return frame
        assert frame["type"] != "refused" or frame.get("id") is not None, frame
    raise AssertionError("no answer")
