"""The server under load (docs/server-load.md): N tables of 4 people's WebSockets on
loopback, each table playing at a fixed rate, beside a bare uvicorn WebSocket echo at the
same message rate in the same run; latency, errors, and the server's memory over a soak.

The clients play the seats: the seat to act picks at random from the moves the server
sends with its view (``moves``, what ``Table.legal()`` lists; the ``random`` computer
player's choice) and deals the next round itself. So the server does for every action what
it does for a person's move (check, store, apply, four frames), not a computer player's
thinking. The clients ask for the table socket's protocol 2 (``--protocol 1``: the first,
whole views and a separate ack): they keep the view and the moves and apply each events
frame's changes. Latency is from an action sent to the last of the table's four seats receiving
its events; a table sends its next action at its next tick (1/rate apart) or, when the
server is slower than that, as soon as the last one is done (the achieved rate is shown).

Memory: the server's RSS is sampled every 5 s. ``--warm-minutes W`` plays the same load for
W minutes first (reported as warming: the engine's bounded caches fill); the slope over the
``--soak-minutes`` after it is the figure, with a verdict (flat: under 0.1 MiB a minute).
``--trace-memory DIR`` runs the server under tracemalloc and writes a snapshot, the memo
caches' sizes and the gc's object count each minute; the report names what grew most over
the measured minutes.

Run: ``python benchmarks/server_load.py [--tables 250] [--seconds 60] [--rate 10]
[--warm-minutes 0] [--soak-minutes 10] [--db postgresql+asyncpg://...]``;
``--soak-minutes 0`` for the load alone. The server is ``jokeren serve`` of the jokeren this
Python imports (the installed package; ``PYTHONPATH=src`` for this tree's sources) on a
temporary SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import itertools
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import orjson

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
SEATS = 4
ACT_TIMEOUT = 30.0  # seconds before an action with no answer counts as an error
ECHO_PAD = "x" * 60  # an echo message about the size of an act message
FLAT = 0.1  # MiB a minute: below this the soak's RSS counts as flat


# --- the echo server (a subprocess: ``server_load.py --echo-port PORT``) ----------------

FANS: dict[str, list[Any]] = {}  # the fan-out's sockets (their ``send``) by group path


async def echo_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """A bare ASGI WebSocket echo: every text message straight back. On a path under
    ``/fan/`` the fan-out: the sockets of one path are a group, and a message one of them
    sends goes to each of them (a table's four frames of an action, without the game or
    the store)."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    if scope["type"] != "websocket":
        await send({"type": "http.response.start", "status": 404, "headers": []})
        await send({"type": "http.response.body", "body": b""})
        return
    path = scope["path"]
    fan = path.startswith("/fan/")
    group = FANS.setdefault(path, []) if fan else [send]
    while True:
        message = await receive()
        if message["type"] == "websocket.connect":
            await send({"type": "websocket.accept"})
            if fan:
                group.append(send)
        elif message["type"] == "websocket.receive":
            out = {"type": "websocket.send", "text": message.get("text")}
            for each in list(group):
                with contextlib.suppress(Exception):  # one of the group gone: the others
                    await each(out)
        else:
            if fan:
                group.remove(send)
                if not group:
                    del FANS[path]
            return


def run_echo(port: int) -> None:
    import uvicorn

    # the settings `jokeren serve` gives uvicorn (server/serve.py)
    from jokeren.server.limits import UVICORN_WS

    uvicorn.run(echo_app, host="127.0.0.1", port=port, log_level="warning", **UVICORN_WS)


# --- the server, profiled or traced (``server_load.py`` imported by ``python -c``) --------

def serve_wrapped(profile: str | None, trace: str | None, budget: float = 1.0) -> None:
    """`jokeren serve` (arguments in sys.argv) under cProfile and/or tracemalloc, with the
    engine's cache budget (``memo.BUDGET``) scaled by ``budget``."""
    import signal

    from jokeren.support import memo  # before any cache declares its budget

    memo.SCALE = budget
    from jokeren.cli.app import main as cli

    sys.argv[0] = "jokeren"
    if trace:
        import threading
        import tracemalloc

        tracemalloc.start(8)
        threading.Thread(target=_trace, args=(Path(trace),), daemon=True).start()
    if not profile:
        cli()
        return
    import cProfile

    # uvicorn raises the stopping signal again once it is done: ignore it
    signal.signal(signal.SIGTERM, lambda *a: None)
    cProfile.runctx("cli()", globals(), {"cli": cli}, profile)


def _trace(folder: Path) -> None:
    """Each minute: a tracemalloc snapshot, the memo caches' entries, the gc's objects."""
    import gc
    import tracemalloc

    from jokeren.support import memo

    folder.mkdir(parents=True, exist_ok=True)
    for minute in itertools.count():
        tracemalloc.take_snapshot().dump(str(folder / f"{minute:03d}.snap"))
        facts = {"minute": minute, "objects": len(gc.get_objects()), "gc": gc.get_count(),
                 "caches": {c.name: c.entries() for c in memo.CACHES}}
        with (folder / "facts.jsonl").open("a") as f:
            f.write(json.dumps(facts) + "\n")
        time.sleep(60)


def trace_report(folder: Path, first: int) -> None:
    """What grew between minute ``first``'s snapshot and the last (tracemalloc, by line)."""
    import tracemalloc

    snaps = sorted(folder.glob("*.snap"))
    if len(snaps) <= first + 1:
        return
    facts = [json.loads(line) for line in (folder / "facts.jsonl").read_text().splitlines()]
    for fact in facts:
        print(f"  minute {fact['minute']}: {fact['objects']:,} gc objects; caches "
              f"{fact['caches']}")
    old = tracemalloc.Snapshot.load(str(snaps[first]))
    new = tracemalloc.Snapshot.load(str(snaps[-1]))
    old_total = sum(s.size for s in old.statistics("filename"))
    new_total = sum(s.size for s in new.statistics("filename"))
    print(f"traced heap: {old_total / 2**20:.1f} MiB at minute {first}, "
          f"{new_total / 2**20:.1f} MiB at minute {len(snaps) - 1}; grew most:")
    for stat in new.compare_to(old, "lineno")[:12]:
        frame = stat.traceback[0]
        print(f"  {stat.size_diff / 1024:+9.0f} KiB {stat.count_diff:+7d} blocks  "
              f"{frame.filename.split('site-packages/')[-1].split('/src/')[-1]}:{frame.lineno}")


# --- processes and what they cost --------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its descendants (``--workers``)."""
    return sum(_rss_one(p) for p in tree(pid))


def _rss_one(pid: int) -> float:
    """Resident memory of a process (psutil if installed, else /proc)."""
    try:
        import psutil  # type: ignore[import-untyped]

        return float(psutil.Process(pid).memory_info().rss) / 2**20
    except ImportError:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    return float("nan")


def _stat(pid: int, thread: int | None = None) -> list[str]:
    """The fields after the name in /proc/PID/stat (``thread``: that thread's alone)."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    with open(path) as f:
        return f.read().rsplit(")", 1)[1].split()


def tree(pid: int) -> list[int]:
    """A process and its descendants now (``--workers``: uvicorn's worker processes)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError):
                children.setdefault(int(_stat(int(entry))[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def _cpu(pid: int, main_thread: bool) -> tuple[float, float]:
    """(user, system) CPU seconds so far of a process and its descendants (/proc; a worker
    that has ended is counted by its parent once reaped), or of each one's main thread."""
    user = system = 0
    for p in tree(pid):
        with contextlib.suppress(OSError, IndexError):
            fields = _stat(p, p if main_thread else None)
            user, system = user + int(fields[11]), system + int(fields[12])
    tick = os.sysconf("SC_CLK_TCK")
    return user / tick, system / tick


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its descendants so far."""
    return sum(_cpu(pid, main_thread=False))


def loop_seconds(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds so far of the main thread of a process and of each of its
    descendants: the thread that runs the event loop. The rest of a process's CPU is its
    other threads' (the store's writer, the computer players', the memory trim), ended ones
    included."""
    return _cpu(pid, main_thread=True)


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of all cores (/proc/stat)."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def wait_http(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    for _ in range(300):
        if proc.poll() is not None:
            sys.exit(f"the server stopped: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            time.sleep(0.2)
    sys.exit(f"the server did not answer; see {log}")


@contextlib.contextmanager
def servers(work: Path, db: str | None, profile: str | None, trace: str | None,
            budget: float = 1.0, limits: bool = False, workers: int = 1,
            redis: str | None = None, fanout: bool = False) -> Iterator[dict[str, Any]]:
    """`jokeren serve` and the echo on free loopback ports; their ports and pids. The
    server's rates and quotas are off (every table comes from this one address) unless
    ``limits``; ``workers`` processes on one port sharing the rooms through ``redis``;
    ``fanout``: a second echo process for the fan-out (``fan_port``, ``fan_pid``), so its
    CPU is its own."""
    port, echo_port = free_port(), free_port()
    # the jokeren this Python imports: the installed (compiled) package, or PYTHONPATH=src
    env = dict(os.environ)
    if not limits:
        env["JOKEREN_LIMITS"] = "off"
    url = db or f"sqlite+aiosqlite:///{work / 'load.sqlite'}"
    command = [sys.executable, "-m", "jokeren"]
    if profile or trace or budget != 1.0:
        here = str(ROOT / "benchmarks")
        command = [sys.executable, "-c", f"import sys; sys.path.insert(0, {here!r}); import "
                   f"server_load; server_load.serve_wrapped({profile!r}, {trace!r}, "
                   f"{budget!r})"]
    log = work / f"server-{workers}.log"
    scale = ["--redis", redis, "--workers", str(workers)] if redis else []
    with log.open("w") as out:
        server = subprocess.Popen(
            [*command, "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", url, *scale], stdout=out,
            stderr=subprocess.STDOUT, env=env)
        echo = subprocess.Popen([sys.executable, __file__, "--echo-port", str(echo_port)],
                                stdout=out, stderr=subprocess.STDOUT)
        procs = [server, echo]
        fan_port = free_port() if fanout else None
        if fan_port:
            procs.append(subprocess.Popen(
                [sys.executable, __file__, "--echo-port", str(fan_port)],
                stdout=out, stderr=subprocess.STDOUT))
        try:
            wait_http(f"http://127.0.0.1:{port}/api/messages", server, log)
            wait_http(f"http://127.0.0.1:{echo_port}/", echo, log)
            found = {"port": port, "echo_port": echo_port, "pid": server.pid,
                     "echo_pid": echo.pid, "log": log, "db": url}
            if fan_port:
                wait_http(f"http://127.0.0.1:{fan_port}/", procs[2], log)
                found |= {"fan_port": fan_port, "fan_pid": procs[2].pid}
            yield found
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()


# --- rooms through the HTTP API ----------------------------------------------------------

def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"{base}{path}", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


def make_room(base: str, rules: Any) -> tuple[str, list[str]]:
    """A room of 4 people, joined and started: its id and the seats' tokens."""
    room = _post(base, "/api/rooms", {"rules": rules, "seats": [{"kind": "person"}] * SEATS})
    tokens = [_post(base, f"/api/rooms/{room['room']}/join",
                    {"token": room["invite_token"], "name": f"P{i}"})["token"]
              for i in range(SEATS)]
    _post(base, f"/api/rooms/{room['room']}/start", {"token": room["host_token"]})
    return room["room"], tokens


# --- the clients ---------------------------------------------------------------------------

@dataclass
class Stats:
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (at, seconds)
    echo: list[tuple[float, float]] = field(default_factory=list)
    fan: list[tuple[float, float]] = field(default_factory=list)  # sent to the fourth heard
    errors: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    late: int = 0  # actions sent after their tick: the previous one was not done
    matches: int = 0

    def error(self, key: str) -> None:
        self.errors[key] = self.errors.get(key, 0) + 1


class SeatSocket:
    """One seat's WebSocket: the newest version and view it was told."""

    def __init__(self, table: TableClient, seat: int) -> None:
        self.table, self.seat = table, seat
        self.protocol = table.protocol
        self.version = -1
        self.view: dict[str, Any] = {}
        self.moves: list[str] = []
        self.ws: Any = None

    async def open(self, uri: str, token: str) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(uri, compression=None, max_size=2**22, ping_interval=None,
                                open_timeout=120)
        hello = {"type": "hello", "token": token, "since": None}
        if self.protocol != 1:
            hello["protocol"] = self.protocol
        await self.ws.send(json.dumps(hello))

    async def read(self) -> None:
        stats = self.table.stats
        try:
            async for text in self.ws:
                frame = orjson.loads(text)
                kind = frame["type"]
                if kind in ("welcome", "events", "missed"):
                    # protocol 2: the view's changes, and the moves only when new
                    self.version = frame["version"]
                    self.view = frame["view"] if "view" in frame \
                        else {**self.view, **frame["changes"]}
                    if "moves" in frame:
                        self.moves = frame["moves"]
                    self.table.told(self.seat, self.version)
                elif kind == "refused":
                    stats.error(f"refused:{frame['reason']['key']}")
                    if "view" in frame:  # stale: the view it missed
                        self.version, self.view = frame["version"], frame["view"]
                    if "moves" in frame:
                        self.moves = frame["moves"]
                    self.table.refused()
                elif kind == "error":
                    stats.error(f"error:{frame['reason']['key']}")
        except Exception as exc:
            if not self.table.closing:
                stats.error(f"socket:{type(exc).__name__}")


class TableClient:
    """The four seats of one room, acting at a fixed rate."""

    def __init__(self, base: str, rules: Any, stats: Stats, rng: random.Random,
                 protocol: int = 2) -> None:
        self.base, self.rules, self.stats, self.rng = base, rules, stats, rng
        self.protocol = protocol
        self.seats = [SeatSocket(self, s) for s in range(SEATS)]
        self.waiting: int | None = None  # the version every seat must reach
        self.done = asyncio.Event()
        self.sent_at = 0.0
        self.closing = False
        self.readers: list[asyncio.Task[None]] = []
        self.ids = itertools.count()

    async def open(self, pool: ThreadPoolExecutor) -> None:
        room, tokens = await asyncio.get_running_loop().run_in_executor(
            pool, make_room, self.base, self.rules)
        uri = self.base.replace("http://", "ws://") + f"/ws/{room}"
        self.waiting = 0
        self.done.clear()
        for seat, token in zip(self.seats, tokens, strict=True):
            seat.version = -1
            await seat.open(uri, token)
            self.readers.append(asyncio.create_task(seat.read()))
        await asyncio.wait_for(self.done.wait(), ACT_TIMEOUT)

    def told(self, seat: int, version: int) -> None:
        if self.waiting is not None and all(s.version >= self.waiting for s in self.seats):
            if self.sent_at:
                self.stats.latencies.append((self.sent_at, time.perf_counter() - self.sent_at))
                self.sent_at = 0.0
            self.waiting = None
            self.done.set()

    def refused(self) -> None:
        self.waiting = None
        self.done.set()

    async def close(self) -> None:
        self.closing = True
        for seat in self.seats:
            with contextlib.suppress(Exception):
                await seat.ws.close()
        for task in self.readers:
            task.cancel()
        self.readers.clear()
        self.closing = False

    def next_action(self) -> tuple[SeatSocket, str] | None:
        """The seat to act and its move; None once the match is over."""
        view = self.seats[0].view
        if view.get("phase") == "match-over":
            return None
        actor = self.seats[view["to_act"]]
        if actor.view.get("phase") == "round-over":
            return actor, "deal"  # the seat that deals does not wait for the pause
        if not actor.moves:
            self.stats.error("no moves")
            return None
        return actor, self.rng.choice(actor.moves)

    async def play(self, rate: float, until: float, pool: ThreadPoolExecutor) -> None:
        interval = 1.0 / rate
        tick = time.perf_counter() + self.rng.random() * interval
        while True:
            now = time.perf_counter()
            if now >= until:
                return
            if now < tick:
                await asyncio.sleep(tick - now)
            elif now > tick + interval / 2:
                self.stats.late += 1
            tick = max(tick + interval, time.perf_counter())
            chosen = self.next_action()
            if chosen is None:  # the match is over: a new room
                self.stats.matches += 1
                await self.close()
                await self.open(pool)
                continue
            actor, action = chosen
            version = actor.version
            self.waiting, self.sent_at = version + 1, time.perf_counter()
            self.done.clear()
            await actor.ws.send(json.dumps({"type": "act", "id": f"a{next(self.ids)}",
                                            "version": version, "action": action}))
            self.stats.actions += 1
            try:
                await asyncio.wait_for(self.done.wait(), ACT_TIMEOUT)
            except TimeoutError:
                self.stats.error("timeout")
                return


async def echo_socket(uri: str) -> Any:
    """An echo connection, opened with the tables' before the measured window (250
    handshakes in its first second would be load the tables' actions meet, measured)."""
    from websockets.asyncio.client import connect

    return await connect(uri, compression=None, ping_interval=None, open_timeout=120)


async def paced(rate: float, until: float, rng: random.Random, sent: dict[int, float],
                send: Callable[[str], Awaitable[Any]]) -> None:
    """Messages numbered from 0, ``rate`` a second until ``until`` (the first at a random
    moment of the first interval), each sent by ``send`` and its moment kept in ``sent``."""
    interval = 1.0 / rate
    tick = time.perf_counter() + rng.random() * interval
    for n in itertools.count():
        now = time.perf_counter()
        if now >= until:
            return
        if now < tick:
            await asyncio.sleep(tick - now)
        tick += interval
        sent[n] = time.perf_counter()
        await send(json.dumps({"id": n, "pad": ECHO_PAD}))


async def echo_client(ws: Any, rate: float, until: float, stats: Stats,
                      rng: random.Random) -> None:
    sent: dict[int, float] = {}
    async with ws:
        async def reader() -> None:
            async for text in ws:
                at = time.perf_counter()
                n = int(orjson.loads(text)["id"])
                stats.echo.append((sent[n], at - sent.pop(n)))

        task = asyncio.create_task(reader())
        await paced(rate, until, rng, sent, ws.send)
        await asyncio.sleep(1.0)
        task.cancel()
        if sent:
            stats.error(f"echo unanswered:{len(sent)}")


async def fan_client(sockets: list[Any], rate: float, until: float, stats: Stats,
                     rng: random.Random) -> None:
    """One fan-out group at a table's rate: a message sent on one of its four sockets (at
    random, as the seat to act changes), timed to the last of the four hearing it."""
    sent: dict[int, float] = {}
    heard: dict[int, int] = {}

    async def reader(ws: Any) -> None:
        async for text in ws:
            at = time.perf_counter()
            n = int(orjson.loads(text)["id"])
            heard[n] = heard.get(n, 0) + 1
            if heard[n] == len(sockets):
                del heard[n]
                stats.fan.append((sent[n], at - sent.pop(n)))

    tasks = [asyncio.create_task(reader(ws)) for ws in sockets]
    await paced(rate, until, rng, sent, lambda text: rng.choice(sockets).send(text))
    await asyncio.sleep(1.0)
    for task in tasks:
        task.cancel()
    for ws in sockets:
        with contextlib.suppress(Exception):
            await ws.close()
    if sent:
        stats.error(f"fan-out unanswered:{len(sent)}")


async def drive(base: str, echo_uri: str, rules: Any, tables: int, start_at: float,
                seconds: float, rate: float, seed: int, protocol: int = 2,
                fan_uri: str | None = None) -> Stats:
    """One client process: open its tables, then play them and the echo (and the
    fan-out, at ``fan_uri``) until the end."""
    stats = Stats()
    rng = random.Random(seed)
    clients = [TableClient(base, rules, stats, random.Random(rng.random()), protocol)
               for _ in range(tables)]
    with ThreadPoolExecutor(8) as pool:
        sem = asyncio.Semaphore(16)

        async def opened(c: TableClient) -> None:
            async with sem:
                await c.open(pool)

        await asyncio.gather(*(opened(c) for c in clients))
        echoes = [await echo_socket(echo_uri) for _ in range(tables)]
        fans = [[await echo_socket(f"{fan_uri}fan/{seed}-{t}") for _ in range(SEATS)]
                for t in range(tables)] if fan_uri else []
        await asyncio.sleep(max(0.0, start_at - time.time()))
        until = time.perf_counter() + seconds
        with quiet_collector():
            await asyncio.gather(*(c.play(rate, until, pool) for c in clients),
                                 *(echo_client(ws, rate, until, stats,
                                               random.Random(rng.random()))
                                   for ws in echoes),
                                 *(fan_client(group, rate, until, stats,
                                              random.Random(rng.random()))
                                   for group in fans))
        for c in clients:
            await c.close()
    return stats


@contextlib.contextmanager
def quiet_collector() -> Iterator[None]:
    """No garbage collection in a client process while it measures. Its young generation
    fills with the frames' dicts (tracked once they hold a container, uncounted), so each
    young collection walked some 18,000 objects for 8-12 ms, about once a second, and found
    no garbage: a pause of the client, measured as the server's latency (more often the
    tables', whose waits are longer than the echo's). What dies in a cycle waits for the
    end of the run."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def run_fast(main: Coroutine[Any, Any, T]) -> T:
    """``main`` on uvloop's loop where it is installed (uvicorn[standard] brings it; the
    server and the echo run on it): the clients share the server's cores, and on asyncio's
    own loop they took 0.38-0.39 of a core at 250 tables x 1/s against 0.27. The loop is
    made here: a policy set once ``asyncio.run`` has made its loop is not used."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def client_process(args: tuple[str, str, Any, int, float, float, float, int, int, str | None]
                   ) -> dict[str, Any]:
    stats = run_fast(drive(*args))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"stats": stats, "cpu": usage.ru_utime + usage.ru_stime}


# --- the report ----------------------------------------------------------------------------

def measured(rows: list[tuple[float, float]], seconds: float) -> list[float]:
    """The latencies of what was sent in the first ``seconds`` of the measured play."""
    first = min((at for at, _ in rows), default=0.0)
    return [lat for at, lat in rows if at < first + seconds]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def describe(name: str, samples: list[float]) -> str:
    ms = [s * 1000 for s in samples]
    return (f"{name}: n={len(ms):,}  p50 {pct(ms, 50):.1f} ms  p99 {pct(ms, 99):.1f} ms  "
            f"max {max(ms, default=float('nan')):.1f} ms")


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (x, y)."""
    if len(points) < 2:
        return float("nan")
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    den = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / den if den else float("nan")


async def sample(pids: dict[str, int], every: float, until: float
                 ) -> AsyncIterator[tuple[float, dict[str, float]]]:
    while time.time() < until:
        yield time.time(), {k: rss_mb(p) for k, p in pids.items()}
        await asyncio.sleep(every)


def _rules(text: str) -> Any:
    return json.loads(text) if text.lstrip().startswith("{") else text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=250, help="tables of 4 WebSockets")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="seconds of load whose latency is reported")
    parser.add_argument("--rate", type=float, default=10.0,
                        help="actions a second per table (and echo messages per connection)")
    parser.add_argument("--warm-minutes", type=float, default=0.0,
                        help="minutes of the same load before the soak, reported as warming "
                             "(the engine's bounded caches fill)")
    parser.add_argument("--soak-minutes", type=float, default=10.0,
                        help="minutes of the same load whose RSS slope is the memory figure "
                             "(0: the load alone)")
    parser.add_argument("--rules", type=_rules, default="amerikaans",
                        help="the rooms' rules: a preset or JSON such as "
                             "'{\"preset\": \"amerikaans\", \"rounds\": 2}' (shorter matches "
                             "for a soak)")
    parser.add_argument("--db", help="a database URL for the server (default: a temporary "
                                     "SQLite file), e.g. postgresql+asyncpg://...")
    parser.add_argument("--procs", type=int, default=1,
                        help="client processes sharing the tables (default 1)")
    parser.add_argument("--profile", help="run the server under cProfile, written to FILE")
    parser.add_argument("--memo-budget", type=float, default=1.0, metavar="FRACTION",
                        help="scale the engine's cache budget (memo.BUDGET) in the server, "
                             "e.g. 0.1: the caches fill ten times sooner, so a short soak "
                             "shows the memory after they are full (default 1)")
    parser.add_argument("--trace-memory", metavar="DIR",
                        help="run the server under tracemalloc: a snapshot a minute in DIR, "
                             "and what grew in the report")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--protocol", type=int, choices=(1, 2), default=2,
                        help="the table socket's protocol the clients ask for: 2, the "
                             "events as the view's changes with the ack inside, or 1, the "
                             "first (whole views, a separate ack) (default 2)")
    parser.add_argument("--latencies", metavar="FILE",
                        help="write every action's and echo's latency to FILE (CSV: kind, "
                             "when it was sent on CLOCK_MONOTONIC (time.monotonic in any "
                             "process), latency in ms), to see whether the "
                             "slow ones come together (a pause) or spread")
    parser.add_argument("--servers", type=_counts, default=[1], metavar="N[,N...]",
                        help="server processes, one run each, compared at the end (e.g. "
                             "1,2 at saturation); above 1 is `jokeren serve --workers N "
                             "--redis URL` on a PostgreSQL --db (default 1)")
    parser.add_argument("--redis", help="the Redis that several server processes share "
                                        "(redis://127.0.0.1:6379/0), with --servers above 1")
    parser.add_argument("--fanout", action="store_true",
                        help="also run the fan-out echo (its own process, four sockets a "
                             "table, each message sent to all four): an action's frame path "
                             "without the game or the store, its CPU a message and latency "
                             "beside the server's")
    parser.add_argument("--echo-port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    import signal

    # stopped (SIGTERM): leave through ``servers``' cleanup, which stops the two servers
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.echo_port:
        run_echo(args.echo_port)
        return
    if args.tables < 1 or args.seconds <= 0 or args.rate <= 0 or args.soak_minutes < 0 \
            or args.warm_minutes < 0 or args.procs < 1 or not 0 < args.memo_budget <= 1:
        parser.error("tables, seconds, rate and procs must be positive, soak-minutes and "
                     "warm-minutes >= 0, memo-budget in (0, 1]")
    if max(args.servers) > 1 and not (args.redis and args.db
                                      and args.db.startswith("postgresql")):
        parser.error("--servers above 1 needs --redis and a PostgreSQL --db")
    total = max(args.seconds, (args.warm_minutes + args.soak_minutes) * 60)
    trace = str(Path(args.trace_memory).resolve()) if args.trace_memory else None
    runs: list[tuple[int, dict[str, float]]] = []
    for n in args.servers:
        if len(args.servers) > 1:
            print(f"--- {n} server process(es)", flush=True)
        with tempfile.TemporaryDirectory() as tmp, \
                servers(Path(tmp), args.db, args.profile, trace, args.memo_budget,
                        workers=n, redis=args.redis if n > 1 else None,
                        fanout=args.fanout) as s:
            runs.append((n, run(args, s, total)))
    if len(runs) > 1:
        compare(runs)
    if trace:
        trace_report(Path(trace), round(args.warm_minutes) if args.warm_minutes else 1)


def _counts(text: str) -> list[int]:
    try:
        counts = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError("a list of whole numbers, e.g. 1,2") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("each at least 1")
    return counts


def compare(runs: list[tuple[int, dict[str, float]]]) -> None:
    """The runs side by side: actions a second reached, against the first run's."""
    first = runs[0][1]
    print("server processes | actions/s | ratio | CPU an action | p50 / p99 | echo p99")
    for n, r in runs:
        print(f"{n} | {r['rate']:,.0f} | {r['rate'] / first['rate']:.2f}x | "
              f"{r['cpu']:.2f} ms | {r['p50']:.1f} / {r['p99']:.1f} ms | "
              f"{r['echo_p99']:.1f} ms")


def run(args: argparse.Namespace, s: dict[str, Any], total: float) -> dict[str, float]:
    base = f"http://127.0.0.1:{s['port']}"
    echo_uri = f"ws://127.0.0.1:{s['echo_port']}/"
    procs = min(args.procs, args.tables)
    shares = [args.tables // procs + (i < args.tables % procs) for i in range(procs)]
    setup = 3 + args.tables * 0.2  # seconds to make the rooms and open the sockets
    start_at = time.time() + setup
    print(f"{args.tables} tables x {SEATS} seats, rules {json.dumps(args.rules)}, "
          f"{args.rate:g} actions/s each, "
          f"{total:.0f} s ({args.seconds:g} s measured); db {s['db'].split(':')[0]}; "
          f"{procs} client process(es); protocol {args.protocol}; memo budget "
          f"x{args.memo_budget:g}; load average before "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    pids = {"server": s["pid"], "echo": s["echo_pid"]}
    fan_uri = None
    if "fan_pid" in s:
        pids["fan"] = s["fan_pid"]
        fan_uri = f"ws://127.0.0.1:{s['fan_port']}/"
    rss: list[tuple[float, dict[str, float]]] = []

    async def watch(until: float) -> None:
        async for at, values in sample(pids, 5.0, until):
            rss.append((at, values))

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(procs) as pool:
        waiting = pool.map_async(client_process, [
            (base, echo_uri, args.rules, n, start_at, total, args.rate, args.seed * 100 + i,
             args.protocol, fan_uri)
            for i, n in enumerate(shares)])
        while time.time() < start_at:
            time.sleep(0.5)
            if waiting.ready():
                break
        cpu0 = {k: cpu_seconds(p) for k, p in pids.items()}
        loop0 = loop_seconds(pids["server"])
        busy0 = machine_busy()
        t0 = time.time()
        asyncio.run(watch(t0 + total))
        results = waiting.get(timeout=total + setup + 600)
        wall = time.time() - t0
        cpu1 = {k: cpu_seconds(p) for k, p in pids.items()}
        loop1 = loop_seconds(pids["server"])
        busy1 = machine_busy()
    stats = Stats()
    client_cpu = 0.0
    for r in results:
        got: Stats = r["stats"]
        client_cpu += r["cpu"]
        stats.latencies += got.latencies
        stats.echo += got.echo
        stats.fan += got.fan
        for k, v in got.errors.items():
            stats.errors[k] = stats.errors.get(k, 0) + v
        stats.actions += got.actions
        stats.late += got.late
        stats.matches += got.matches
    loop = (loop1[0] - loop0[0], loop1[1] - loop0[1])
    return report(args, stats, rss, wall, cpu0, cpu1, client_cpu, busy0, busy1, loop)


def report(args: argparse.Namespace, stats: Stats, rss: list[tuple[float, dict[str, float]]],
           wall: float, cpu0: dict[str, float], cpu1: dict[str, float], client_cpu: float,
           busy0: tuple[float, float], busy1: tuple[float, float],
           loop: tuple[float, float]) -> dict[str, float]:
    """Prints the run's figures; ``loop``: the (user, system) CPU seconds of the server's
    event-loop threads over the run (``loop_seconds``)."""
    window = measured(stats.latencies, args.seconds)
    echo = measured(stats.echo, args.seconds)
    fan = measured(stats.fan, args.seconds)
    achieved = len(window) / args.seconds
    if args.latencies:
        with open(args.latencies, "w", encoding="utf-8") as out:
            out.write("kind,sent_s,latency_ms\n")
            for kind, rows in (("action", stats.latencies), ("echo", stats.echo)):
                for at, lat in sorted(rows):
                    out.write(f"{kind},{at:.4f},{lat * 1000:.3f}\n")
    print(f"actions: {stats.actions:,} in {wall:.0f} s; first {args.seconds:g} s: "
          f"{achieved:,.0f}/s of {args.tables * args.rate:,.0f}/s asked "
          f"({achieved / args.tables:.1f} per table); {stats.late:,} sent late; "
          f"{stats.matches} matches finished")
    print(describe("action -> last seat's events", window))
    print(describe("echo (same run)            ", echo))
    if fan:
        print(describe("fan-out echo (same run)    ", fan))
    if echo:
        ratio = pct(window, 99) / pct(echo, 99) if pct(echo, 99) else float("nan")
        print(f"p99 ratio to the echo: {ratio:.1f}x; goal p99 < 50 ms and <= 5x the echo: "
              f"{'met' if pct(window, 99) < 0.05 and ratio <= 5 else 'NOT met'}")
    print(f"errors: {sum(stats.errors.values())} {stats.errors or ''}")
    cores = os.cpu_count() or 1
    machine = (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]) * cores
    used = {k: (cpu1[k] - cpu0[k]) / wall for k in cpu0}
    per_action = (cpu1["server"] - cpu0["server"]) * 1000 / max(1, stats.actions)
    print(f"server CPU per action: {per_action:.3f} ms (all {stats.actions:,} actions; "
          f"the server's own work, whatever else the machine does)")
    ms = 1000 / max(1, stats.actions)
    print(f"  of which the event loop's thread {sum(loop) * ms:.3f} ms (user {loop[0] * ms:.3f}, "
          f"system {loop[1] * ms:.3f}), the other threads (the store's writer, the computer "
          f"players') {per_action - sum(loop) * ms:.3f} ms")
    echo_cpu = (cpu1["echo"] - cpu0["echo"]) * 1000 / max(1, len(stats.echo))
    print(f"echo CPU per message: {echo_cpu:.3f} ms (one frame in, one out)")
    if "fan" in cpu0:
        fan_cpu = (cpu1["fan"] - cpu0["fan"]) * 1000 / max(1, len(stats.fan))
        print(f"fan-out CPU per message: {fan_cpu:.3f} ms (one frame in, four out: an "
              f"action's frame path without the game or the store); the server's beyond "
              f"it: {per_action - fan_cpu:.3f} ms an action")
    fan_used = f"fan-out {used['fan']:.2f}, " if "fan" in used else ""
    print(f"CPU (cores busy, of {cores}): machine {machine:.2f}, server {used['server']:.2f}, "
          f"echo {used['echo']:.2f}, {fan_used}clients {client_cpu / wall:.2f} (incl. setup); "
          f"others {machine - sum(used.values()) - client_cpu / wall:.2f}; load average after "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if rss:
        memory_report(args, rss)
    return {"rate": achieved, "cpu": per_action, "p50": pct(window, 50) * 1000,
            "p99": pct(window, 99) * 1000, "echo_p99": pct(echo, 99) * 1000}


def memory_report(args: argparse.Namespace, rss: list[tuple[float, dict[str, float]]]) -> None:
    """The server's RSS by minute (warming marked) and the slope over the measured soak."""
    t0 = rss[0][0]
    warm = args.warm_minutes
    line = [f"{(at - t0) / 60:.0f}m{'w' if (at - t0) / 60 < warm else ''} {v['server']:.1f}"
            for at, v in rss if round(at - t0) % 60 < 5]
    print(f"server RSS (MiB) by minute (w: warming): {', '.join(line)}")
    start = max(warm, 1.0)  # the first minute is the sockets opening, never measured
    after = [((at - t0) / 60, v["server"]) for at, v in rss if (at - t0) / 60 >= start]
    if len(after) >= 2:
        rate = slope(after)
        verdict = "flat" if abs(rate) < FLAT else "NOT flat"
        print(f"server RSS from minute {start:g} ({after[0][1]:.1f} MiB) to minute "
              f"{after[-1][0]:.0f} ({after[-1][1]:.1f} MiB): slope {rate:+.3f} MiB/min over "
              f"{after[-1][0] - after[0][0]:.1f} min, {verdict} (flat: under {FLAT} MiB/min)")


if __name__ == "__main__":
    main()
