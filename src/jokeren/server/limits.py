"""Fair shares: no one person slows every table (docs/server.md, "Fair shares").

Token buckets keyed by the client's address (rooms made, replays, record and room reads,
sockets opened, every API request), a quota of tables one address has being played, the
largest request body, and the refusal they share: 429 with ``Retry-After`` and a sentence
in Dutch and English, or 413 for a body too large. The buckets of a table's seats and the
computer players' share of the thinking threads live with the table (runtime.py).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import refusal
from .frames import dumps

T = TypeVar("T")
Rate = tuple[float, float]  # tokens a second, burst
MOST_KEYS = 10_000  # addresses remembered per bucket kind (the longest unused go first)
# A WebSocket message: uvicorn reads one up to READ_MESSAGE bytes (its ws_max_size; beyond,
# it closes the socket with 1009 and the app never sees it), the app refuses one over
# MOST_MESSAGE in words and closes the socket (1009): a page told why, memory still bounded
# (uvicorn holds one message a socket until the app has read it).
MOST_MESSAGE = 64 * 1024
READ_MESSAGE = 256 * 1024
# uvicorn's WebSocket settings, as every server and test server runs them. No per-message
# deflate: a browser offers it and uvicorn takes it by default, and then every frame is
# compressed: a tenth more CPU an action and some 45 KB more memory a socket (measured with
# benchmarks/server_load.py, clients offering it or not), for frames of a few hundred bytes
# (protocol 2's changes) to a few KB (a whole view).
UVICORN_WS: dict[str, Any] = {"ws_max_size": READ_MESSAGE, "ws_per_message_deflate": False}


@dataclass(frozen=True)
class Limits:
    """Every bound of the server; ``Limits.off()`` for a benchmark or a test that plays
    hundreds of tables from one address."""

    requests: Rate = (30.0, 200.0)  # API requests of one address (a club behind one router)
    rooms: Rate = (1 / 3, 20.0)  # rooms made (a room or play-now) by one address
    tables: int = 16  # tables being played that one address made
    replays: Rate = (1.0, 20.0)  # pages of /api/replay one address asks
    reads: Rate = (5.0, 50.0)  # room and record reads of one address
    exports: Rate = (0.5, 10.0)  # score card exports (xlsx, pdf) of one address
    sockets: Rate = (2.0, 60.0)  # WebSockets one address opens (a club behind one router)
    body: int = 1 << 20  # bytes: the largest request body (a long match's record is ~20 KB)
    stale: Rate = (2.0, 6.0)  # stale actions of one seat answered with the whole view
    seat_sockets: int = 4  # connections one seat may have open (the oldest goes)
    thinking: int = 1  # thinking threads the tables of one address may hold at once
    outbox: int = 128  # frames waiting for a socket that does not read; then it is dropped
    send_wait: float = 10.0  # seconds a socket may take to take one frame; then dropped
    words: Rate = (0.5, 8.0)  # reactions and chat lines of one seat (together.py)

    @classmethod
    def off(cls) -> Limits:
        """No rate or quota worth the name (sizes and the slow-reader bounds stay)."""
        many: Rate = (1e9, 1e9)
        return replace(cls(), requests=many, rooms=many, replays=many, reads=many,
                       exports=many, sockets=many, stale=many, tables=1_000_000, thinking=1_000,
                       seat_sockets=1_000)


class Sends:
    """The frames being sent, each with its deadline (``Limits.send_wait``): a sweep once a
    second cancels a send that is late, so a socket that does not read is dropped. One
    timer per frame (``asyncio.timeout``) cost a twentieth of an action's CPU; here a frame
    costs two dict operations, and the sweep runs only while sends are in flight."""

    SWEEP = 1.0  # seconds between sweeps

    def __init__(self) -> None:
        self.due: dict[asyncio.Task[Any], float] = {}
        self.late: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    def start(self, task: asyncio.Task[Any], wait: float) -> None:
        """``task`` begins a send that must be done within ``wait`` seconds."""
        loop = task.get_loop()
        self.due[task] = loop.time() + wait
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = loop.create_task(self._sweep())

    def done(self, task: asyncio.Task[Any]) -> None:
        self.due.pop(task, None)

    def was_late(self, task: asyncio.Task[Any]) -> bool:
        """Whether ``task`` was cancelled by the sweep (it is then told to go on: its
        ``uncancel``), not by its owner."""
        self.due.pop(task, None)
        if task not in self.late:
            return False
        self.late.discard(task)
        task.uncancel()
        return True

    async def _sweep(self) -> None:
        loop = asyncio.get_running_loop()
        while self.due:
            await asyncio.sleep(self.SWEEP)
            now = loop.time()
            for task, deadline in list(self.due.items()):
                if deadline <= now and not task.done() and task not in self.late:
                    self.late.add(task)
                    task.cancel()


class Thinking:
    """The computer players' share of the thinking threads: the tables one address made
    hold at most ``per_owner`` of them at once (the others wait their turn in a queue of
    their own), so six rooms of the top level leave the rest of the pool to other
    tables. A table resumed after a restart is its own owner."""

    def __init__(self, pool: Executor | None, per_owner: int) -> None:
        self.pool, self.per_owner = pool, per_owner
        self.owners: dict[str, asyncio.Semaphore] = {}
        self.users: dict[str, int] = {}

    async def run(self, owner: str, fn: Callable[..., T], *args: Any) -> T:
        gate = self.owners.get(owner)
        if gate is None:
            gate = self.owners[owner] = asyncio.Semaphore(self.per_owner)
        self.users[owner] = self.users.get(owner, 0) + 1
        try:
            async with gate:
                return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        finally:
            self.users[owner] -= 1
            if not self.users[owner]:  # nobody waits: forget it (a bounded dict)
                del self.users[owner], self.owners[owner]


class Bucket:
    """A token bucket: ``take()`` is 0.0 when allowed, else the seconds until it would be."""

    __slots__ = ("at", "burst", "clock", "rate", "tokens")

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst = rate
        self.tokens, self.clock = self.burst, clock
        self.at = clock()

    def take(self, cost: float = 1.0) -> float:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < cost:
            return (cost - self.tokens) / self.rate if self.rate > 0 else math.inf
        self.tokens -= cost
        return 0.0


class Buckets:
    """One bucket per key (an address), at most ``most`` of them: the longest unused key
    is forgotten first (it comes back with a full bucket, as after a quiet while)."""

    def __init__(self, rate: Rate, most: int = MOST_KEYS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.most, self.clock = rate, most, clock
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str, cost: float = 1.0) -> float:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.rate, self.clock)
            while len(self.buckets) > self.most:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.take(cost)


def address(scope: Scope) -> str:
    """The client's address (the connection's peer; behind a proxy, the proxy's)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


def too_many(wait: float, what: str = "requests") -> tuple[dict[str, Any], dict[str, str]]:
    """The 429 refusal's body and headers: wait ``wait`` seconds (rounded up)."""
    seconds = max(1, math.ceil(min(wait, 3600.0)))
    body = refusal("rate", f"api_rate_{what}", retry_after=seconds)
    return body, {"Retry-After": str(seconds)}


TOO_BIG = refusal("too_big")


async def _answer(send: Send, status: int, body: dict[str, Any],
                  headers: dict[str, str] | None = None) -> None:
    data = dumps(body).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": data})


# Which bucket besides ``requests`` an API path also takes from: (method, path prefix, kind).
COSTLY = (("POST", "/api/rooms", "rooms", True), ("POST", "/api/play-now", "rooms", True),
          ("POST", "/api/replay", "replays", True), ("GET", "/api/rooms/", "reads", False),
          ("POST", "/api/score/export/", "exports", False))


class Guard:
    """ASGI middleware: the body size and the per-address buckets of the HTTP API (a
    refusal is answered before the body is read or any handler runs)."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app, self.limits = app, limits
        self.buckets = {kind: Buckets(getattr(limits, kind))
                        for kind in ("requests", "rooms", "replays", "reads", "exports")}

    def kind(self, method: str, path: str) -> str | None:
        if method == "POST" and path.startswith("/api/rooms/") and path.endswith("/rematch"):
            return "rooms"  # a rematch makes a room
        if method == "GET" and path.startswith("/api/rooms/") and "/sheet." in path:
            return "exports"  # a finished match's score sheet
        for m, prefix, kind, exact in COSTLY:
            if method == m and (path == prefix if exact else path.startswith(prefix)):
                return kind
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith("/api/"):
            who = address(scope)
            kind = self.kind(scope["method"], path)
            wait = self.buckets["requests"].take(who)
            if not wait and kind is not None:
                wait = self.buckets[kind].take(who)
            if wait:
                body, headers = too_many(wait, kind if kind in ("rooms", "replays")
                                         else "requests")
                await _answer(send, 429, body, headers)
                return
        most = self.limits.body
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > most):
            await _answer(send, 413, TOO_BIG)
            return
        seen = 0
        started = answered = False

        async def counted() -> Message:
            nonlocal seen, answered
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > most:  # answered here; the app reads a client that left
                    if not started and not answered:
                        answered = True
                        await _answer(send, 413, TOO_BIG)
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if answered:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, counted, watched)
