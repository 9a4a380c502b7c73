"""Several ``jokeren serve`` processes, one site (docs/server.md, "Several processes").

Every table runs in exactly one process (lease.py); a socket that lands on another process
reaches it through Redis pub/sub (redis-py's asyncio client, no wrapper): each process
listens on a channel of its own, ``jokeren:bus:ID``. The socket's process sends the owner
what the socket asks (connect, an action, a chat line, leave, a refusal to send, a ping,
learning mode) and the host's questions (a stand-in, the pause, the chat), and the owner
sends back each frame for that socket; one writer task publishes a process's messages in
order (a pipeline per batch), so frames arrive in the order they were sent.

Once a second or so each process renews its lease and looks for tables whose process died:
it takes them (the lease), rebuilds them from the store at their stored version, and closes
the sockets it served from the dead process (the pages reconnect, wherever they land).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import random
import secrets
import socket
import time
from collections import deque
from typing import Any, Protocol

import orjson

from .errors import ApiError
from .frames import Frame
from .lease import BEAT, HOLD, PREFIX, Leases
from .limits import Bucket
from .runtime import Conn, Gone, TableRunner, one_line
from .store import Store

log = logging.getLogger("jokeren.server")
REPLY_WAIT = 3.0  # seconds a connect (or another question) waits for the owner's answer
SWEEP_STORE = 5.0  # seconds between looks in the store for played rooms nobody holds
STRIPES = 64  # locks a process's lease changes of one room are made under (hashed)
TOLD = ("act", "say")  # what a socket tells its table (ws.py), sent on to the owner
ASKED = ("substitute", "pause", "chat")  # what the host asks of a table (rooms.py)


class Rooms(Protocol):
    """What the cluster asks of the rooms (rooms.py)."""

    runners: dict[str, TableRunner]
    store: Store

    async def resume(self, room_id: str) -> TableRunner: ...

    async def end_here(self, room_id: str) -> None: ...


def channel(proc: str) -> str:
    return f"{PREFIX}bus:{proc}"


def new_proc_id() -> str:
    """This process's name on the bus: the host, the pid and a random part (a restarted
    process with a reused pid is another process)."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class RemoteConn(Conn):
    """The owner's side of a socket held by another process: what the table sends it is
    published to that process."""

    remote = True  # its frames go whole: the socket's own connection makes the differences

    def __init__(self, seat: int | None, learn: bool, cluster: Cluster, to: str,
                 key: str, protocol: int = 1) -> None:
        super().__init__(seat, learn, protocol=protocol)
        self.cluster, self.to, self.key = cluster, to, key

    def send(self, frame: Frame) -> None:
        if not self.closed:
            self.cluster.post(self.to, {"op": "frame", "key": self.key, "f": frame})

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.cluster.post(self.to, {"op": "close", "key": self.key})


class RemoteTable:
    """The socket's side of a table another process runs: what ``ws.py`` asks of a
    ``TableRunner``, sent to the owner."""

    halted = False
    finished = False  # as far as this process knows: the owner answers for the table

    def __init__(self, cluster: Cluster, room_id: str, owner: str) -> None:
        self.cluster, self.room_id, self.owner = cluster, room_id, owner
        self.buckets: dict[tuple[str, int], Bucket] = {}
        self.keys: dict[Conn, str] = {}

    def bucket(self, kind: str, seat: int, rate: tuple[float, float]) -> Bucket:
        found = self.buckets.get((kind, seat))
        if found is None:
            found = self.buckets[kind, seat] = Bucket(rate)
        return found

    async def ask(self, kind: str, conn: Conn | None = None, data: Any = None) -> Any:
        if kind in ASKED:  # the host's: a stand-in, the pause, the chat
            answer = await self.cluster.question(self.owner, {
                "op": "ask", "room": self.room_id, "kind": kind, "data": data})
            if "ok" not in answer:
                raise Gone(self.room_id)
            return answer["result"]
        if kind != "connect" or conn is None:
            raise ValueError(kind)
        key = self.cluster.open(conn, self.owner)
        self.keys[conn] = key
        answer = await self.cluster.question(self.owner, {
            "op": "connect", "room": self.room_id, "key": key, "seat": conn.seat,
            "learn": conn.learn, "protocol": conn.protocol, "since": data})
        if answer.get("ok"):
            return None
        self.cluster.shut(key)
        if not answer:  # no answer in time: if the owner welcomes it later, it leaves
            self.cluster.post(self.owner, {"op": "leave", "key": key})
        if "error" in answer:
            error = answer["error"]
            raise ApiError(answer["status"], error["key"], error["message"],
                           **error["params"])
        raise Gone(self.room_id)

    def _post(self, conn: Conn, message: dict[str, Any]) -> None:
        key = self.keys.get(conn)
        if key is not None:
            self.cluster.post(self.owner, {**message, "key": key})

    def tell(self, kind: str, conn: Conn | None = None, data: Any = None) -> None:
        if conn is None:
            return
        if kind in TOLD:
            self._post(conn, {"op": "tell", "kind": kind, "data": data})
        elif kind == "leave":
            self._post(conn, {"op": "leave"})
            key = self.keys.pop(conn, None)
            if key is not None:
                self.cluster.shut(key)

    def refuse(self, conn: Conn, cid: str | None, reason: Any) -> None:
        self._post(conn, {"op": "refuse", "id": cid, "reason": reason})

    def pong(self, conn: Conn) -> None:
        self._post(conn, {"op": "ping"})

    def set_learn(self, conn: Conn, on: bool) -> None:
        self._post(conn, {"op": "learn", "on": on})


class Cluster:
    """This process's place among several: its leases, its channel, the sockets it serves
    for tables elsewhere and the remote sockets its own tables serve."""

    def __init__(self, url: str, rooms: Rooms) -> None:
        import redis.asyncio as redis

        self.client = redis.Redis.from_url(url, decode_responses=True)
        self.me = new_proc_id()
        self.leases = Leases(self.client, self.me)
        self.rooms = rooms
        self.outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self.local: dict[str, tuple[Conn, str]] = {}  # key -> a socket here, its owner
        self.served: dict[str, tuple[TableRunner, RemoteConn]] = {}  # key -> a remote one
        self.left: deque[str] = deque(maxlen=1024)  # keys that left before they were served
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count()
        self.tasks: list[asyncio.Task[None]] = []
        self.renewed = time.monotonic()
        self.holding = True  # the lease is ours (else every table here was let go)
        # A room's claim and its table's resume, and a release and the look that no table
        # here needs the lease, are each made under the room's lock: a release sent while
        # this process claimed the room again would leave a table here that nobody holds
        # (another process would run it too, and a takeover would pass it by)
        self._locks = [asyncio.Lock() for _ in range(STRIPES)]

    # --- start and stop ------------------------------------------------------------------
    async def start(self) -> None:
        await self.leases.register()
        pubsub = self.client.pubsub()
        await pubsub.subscribe(channel(self.me))
        self.tasks = [asyncio.create_task(self._listen(pubsub), name="bus listen"),
                      asyncio.create_task(self._write(), name="bus write"),
                      asyncio.create_task(self._beat(), name="bus beat")]
        log.info("process %s on the bus", self.me)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            for room in list(self.rooms.runners):
                await self.leases.release(room)
            await self.leases.retire()
        await self.client.aclose()

    # --- sending -------------------------------------------------------------------------
    def post(self, to: str, message: dict[str, Any]) -> None:
        """Publish ``message`` to process ``to``, after everything posted before it."""
        self.outbox.put_nowait((channel(to), orjson.dumps(message)))

    async def _write(self) -> None:
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            for _ in range(100):
                try:
                    async with self.client.pipeline(transaction=False) as pipe:
                        for name, data in batch:
                            pipe.publish(name, data)
                        await pipe.execute()
                    break
                except Exception as exc:  # Redis away: kept in order, tried again
                    log.error("the bus could not publish: %s", one_line(exc))
                    await asyncio.sleep(0.1)

    async def question(self, to: str, message: dict[str, Any]) -> dict[str, Any]:
        """Ask process ``to`` and wait for its answer (``{}`` when none comes in time)."""
        rid = f"{self.me}/{next(self._ids)}"
        done: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[rid] = done
        self.post(to, {**message, "rid": rid, "from": self.me})
        try:
            return await asyncio.wait_for(done, REPLY_WAIT)
        except TimeoutError:
            return {}
        finally:
            self.waiting.pop(rid, None)

    def open(self, conn: Conn, owner: str) -> str:
        key = f"{self.me}/{next(self._ids)}"
        self.local[key] = (conn, owner)
        return key

    def shut(self, key: str) -> None:
        self.local.pop(key, None)

    # --- what the rooms ask --------------------------------------------------------------
    def lock(self, room_id: str) -> asyncio.Lock:
        """The lock this process changes the room's lease under (never two held at once)."""
        return self._locks[hash(room_id) % STRIPES]

    async def place(self, room_id: str) -> str:
        """The process that runs the room's table: this one if nobody alive holds it (the
        caller holds the room's lock)."""
        if not self.holding:
            raise ApiError(503, "busy")
        return await self.leases.claim(room_id)

    async def take(self, room_id: str) -> TableRunner | RemoteTable:
        """The room's table: its runner here, rebuilt from the store if nobody alive holds
        the lease, or where another process runs it. ApiError if it is not being played
        (ended, waiting), the lease then let go."""
        async with self.lock(room_id):
            return await self._take_locked(room_id)

    async def _take_locked(self, room_id: str) -> TableRunner | RemoteTable:
        """``take``, the room's lock held."""
        runner = self.rooms.runners.get(room_id)
        if runner is not None:
            if not runner.halted:
                return runner
            del self.rooms.runners[room_id]  # stopped (by another process's write)
        owner = await self.place(room_id)
        if owner != self.me:
            return self.remote(room_id, owner)
        try:
            return await self.rooms.resume(room_id)
        except Exception:
            await self._release(room_id)
            raise

    async def find(self, room_id: str) -> TableRunner | RemoteTable | None:
        """The room's table wherever it runs; None if no process runs it."""
        async with self.lock(room_id):
            runner = self.rooms.runners.get(room_id)
            if runner is not None:
                return runner
            owner = await self.place(room_id)
            if owner != self.me:
                return self.remote(room_id, owner)
            await self._release(room_id)
            return None

    def remote(self, room_id: str, owner: str) -> RemoteTable:
        return RemoteTable(self, room_id, owner)

    def release(self, room_id: str) -> None:
        """A table let go here (finished, nobody looking): another process may take it."""
        task = asyncio.get_running_loop().create_task(self.let_go(room_id))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def let_go(self, room_id: str) -> None:
        """Give the room's lease up unless a table here runs it (again) by now."""
        async with self.lock(room_id):
            await self._release(room_id)

    async def _release(self, room_id: str) -> None:
        runner = self.rooms.runners.get(room_id)
        if runner is None or runner.halted:
            await self.leases.release(room_id)

    async def end(self, room_id: str) -> None:
        """The host ended a room whose table runs elsewhere: its owner stops it."""
        async with self.lock(room_id):
            owner = await self.place(room_id)
            if owner == self.me:
                await self._release(room_id)
                return
        await self.question(owner, {"op": "end", "room": room_id})

    # --- listening -----------------------------------------------------------------------
    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True,
                                                   timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("the bus could not listen: %s", one_line(exc))
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                self._take(orjson.loads(message["data"]))
            except Exception:
                log.exception("a message on the bus could not be handled")

    def _take(self, m: dict[str, Any]) -> None:
        op = m["op"]
        if op == "frame":
            found = self.local.get(m["key"])
            if found is not None:
                found[0].send(m["f"])
        elif op == "close":
            found = self.local.pop(m["key"], None)
            if found is not None:
                found[0].close()
        elif op == "reply":
            done = self.waiting.get(m["rid"])
            if done is not None and not done.done():
                done.set_result(m)
        elif op in ("connect", "end", "ask"):
            task = asyncio.get_running_loop().create_task(self._answer(m))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
        else:
            served = self.served.get(m["key"])
            if served is None:
                if op == "leave":  # before its connect was done here (it timed out there)
                    self.left.append(m["key"])
                return
            runner, conn = served
            if op == "tell" and m["kind"] in TOLD:
                runner.tell(m["kind"], conn, m["data"])
            elif op == "leave":
                del self.served[m["key"]]
                runner.tell("leave", conn)
            elif op == "refuse":
                runner.refuse(conn, m["id"], m["reason"])
            elif op == "ping":
                runner.pong(conn)
            elif op == "learn":
                runner.set_learn(conn, bool(m["on"]))

    async def _answer(self, m: dict[str, Any]) -> None:
        answer: dict[str, Any] = {}
        try:
            if m["op"] == "connect":
                answer = await self._connect(m)
            elif m["op"] == "end":
                await self.rooms.end_here(m["room"])
                await self.let_go(m["room"])
                answer = {"ok": True}
            elif m["op"] == "ask" and m["kind"] in ASKED:
                runner = self.rooms.runners.get(m["room"])
                if runner is None:
                    raise Gone(m["room"])
                data = m["data"]
                result = await runner.ask(m["kind"], data=tuple(data) if isinstance(
                    data, list) else data)
                answer = {"ok": True, "result": result}
        except ApiError as exc:
            answer = {"error": {"key": exc.key, "message": exc.message,
                                "params": exc.body()["params"]}, "status": exc.status}
        except Gone:
            answer = {"moved": True}
        except Exception as exc:
            log.error("room %s: a %s from %s failed: %s", m.get("room"), m["op"],
                      m.get("from"), one_line(exc))
            answer = {"moved": True}
        self.post(m["from"], {**answer, "op": "reply", "rid": m["rid"]})

    async def _connect(self, m: dict[str, Any]) -> dict[str, Any]:
        room = m["room"]
        runner = await self.take(room)
        if isinstance(runner, RemoteTable):
            return {"moved": True}
        protocol = m.get("protocol")  # absent: a process of before protocol 2
        conn = RemoteConn(m["seat"], bool(m["learn"]), self, m["from"], m["key"],
                          protocol if type(protocol) is int else 1)
        self.served[m["key"]] = (runner, conn)
        try:
            await runner.ask("connect", conn, m["since"])
        except Gone:
            self.served.pop(m["key"], None)
            raise
        if m["key"] in self.left:  # the socket's process gave up waiting: it left
            del self.served[m["key"]]
            runner.tell("leave", conn)
        return {"ok": True}

    # --- the lease and the takeover ------------------------------------------------------
    async def _beat(self) -> None:
        last_store = 0.0
        while True:
            await asyncio.sleep(BEAT)
            try:
                await self._renew()
                await self._sweep(time.monotonic() - last_store >= SWEEP_STORE)
                if time.monotonic() - last_store >= SWEEP_STORE:
                    last_store = time.monotonic()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("the lease could not be renewed or swept: %s", one_line(exc))
            if self.holding and time.monotonic() - self.renewed > HOLD:
                await self._let_go(f"its lease was not renewed for {HOLD:g} s")

    async def _renew(self) -> None:
        if await self.leases.renew():
            self.renewed = time.monotonic()
            self.holding = True
            return
        # the key expired (this process was held up): its tables may be another's now
        await self._let_go("its lease expired")
        await self.leases.register()
        self.renewed = time.monotonic()
        self.holding = True

    async def _let_go(self, why: str) -> None:
        """Every table here stops (another process may take them); the pages reconnect."""
        self.holding = False
        log.error("process %s lets its %d tables go: %s", self.me, len(self.rooms.runners),
                  why)
        runners = list(self.rooms.runners.values())
        self.rooms.runners.clear()
        for runner in runners:
            await runner.stop()
        self.served.clear()

    async def _sweep(self, store: bool) -> None:
        """Take the tables of processes that died (and, every ``SWEEP_STORE`` s, rooms
        being played that nobody holds); close the sockets served here for them."""
        rooms = await self.leases.orphans()
        if store:
            held = await self.leases.held()
            rooms += [r for r in await self.rooms.store.rooms_with_status("playing")
                      if r not in held]
        random.shuffle(rooms)  # several survivors share a dead process's tables
        for room in rooms:
            try:  # the store failing: another look (here or elsewhere) later
                await self._take_over(room)
            except ApiError:  # ended, or no longer played: nobody need hold it
                continue
        owners = {owner for _, owner in self.local.values()}
        for owner in owners:
            if not await self.leases.alive(owner):
                for key, (conn, held_by) in list(self.local.items()):
                    if held_by == owner:
                        del self.local[key]
                        conn.close()
        origins = {key.rpartition("/")[0] for key in self.served}
        dead = {p for p in origins if not await self.leases.alive(p)}
        for key, (runner, conn) in list(self.served.items()):
            if runner.halted:  # stopped here: the socket's process asks again
                del self.served[key]
            elif key.rpartition("/")[0] in dead:  # its socket's process died: it left
                del self.served[key]
                runner.tell("leave", conn)
        self._drop_halted()

    async def _take_over(self, room: str) -> None:
        """Take a room whose process died, or that nobody holds, as it stands now (this
        process may have taken it since the sweep looked); a table of it that runs here
        while another or nobody holds the lease is stopped and rebuilt from the store."""
        async with self.lock(room):
            stale = self.rooms.runners.get(room)
            if stale is not None and not stale.halted:
                if await self.leases.owner(room) == self.me:
                    return
                log.error("table %s ran here without its lease: stopped, taken from the "
                          "store", room)
                await stale.stop()
            runner = await self._take_locked(room)
        if not isinstance(runner, RemoteTable):
            log.info("table %s taken over at version %d", room, runner.table.version)

    def _drop_halted(self) -> None:
        """Tables stopped here by another process's write (runtime.py) are forgotten; the
        next socket asks the lease again."""
        for room, runner in list(self.rooms.runners.items()):
            if runner.halted and runner.task is not None and runner.task.done():
                del self.rooms.runners[room]


__all__ = ["Cluster", "RemoteConn", "RemoteTable"]
