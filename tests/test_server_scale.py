"""Several processes, one site (docs/server.md, "Several processes"): two ``jokeren serve``
processes on one PostgreSQL and one Redis; people (on sockets spread over both processes,
moving again to whichever is up after a kill), computer players and a spectator per table
play whole matches while one process or the other is killed with SIGKILL at random moments
and started again once its tables are taken over. Checked: every acknowledged action is in
the store as acknowledged, every table of the killed process is resumed by the other at its
exact stored version, what every spectator was told is the start of what the table says
afterwards, every record replays, and every frame passes the spy check
(tests/test_server_spy.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from jokeren.bots import make_player
from jokeren.engine.record import Record, replay
from jokeren.engine.wire import decode_action, decode_view
from jokeren.play.table import Seat, Table
from jokeren.rules.house import Rules
from test_server_spy import check_frames, in_sight

from server_harness import SHORT, bearer, free_port

HERE = Path(__file__).parent
PG = os.environ.get("JOKEREN_TEST_PG_URL")
STUCK = 60.0  # seconds: a person's socket that hears nothing this long reconnects
QUIET = 90.0  # seconds: a socket that hears nothing this long while its match is played
BOUND = 240.0  # seconds: a bound on waiting (a start, a takeover, the last moves), not a measure
pytestmark = pytest.mark.skipif(PG is None,
                                reason="JOKEREN_TEST_PG_URL is not set (.ci/run always sets it)")



async def pg_database(url: str) -> str:
    """A fresh database on the test cluster."""
    import asyncpg

    name = f"t_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(plain(url))
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return f"{url.rpartition('/')[0]}/{name}"


def plain(url: str) -> str:
    return url.replace("postgresql+asyncpg://", "postgresql://")


@dataclass
class Proc:
    """One ``jokeren serve`` process of the two (the test's server_proc.py)."""

    port: int
    log: Path
    db: str
    redis: str
    popen: subprocess.Popen[bytes] | None = None
    name: str = ""  # its name on the bus

    def start(self) -> None:
        offset = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as err:
            self.popen = subprocess.Popen(
                [sys.executable, str(HERE / "server_proc.py"), self.db, str(self.port), "0.02",
                 self.redis], stderr=err)
        ends = time.monotonic() + BOUND
        while time.monotonic() < ends:
            found = re.search(r"process (\S+) on the bus", self.text(offset))
            with contextlib.suppress(httpx.HTTPError):
                if found and httpx.get(f"{self.base}/openapi.json", timeout=2).status_code == 200:
                    self.name = found.group(1)
                    return
            assert self.popen.poll() is None, self.text()[-3000:]
            time.sleep(0.1)
        raise AssertionError("the server did not start")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def up(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def text(self, offset: int = 0) -> str:
        with self.log.open("rb") as f:
            f.seek(offset)
            return f.read().decode(errors="replace")

    def kill(self) -> None:
        assert self.popen is not None
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(10)


@dataclass
class Site:
    procs: list[Proc]
    rng: random.Random

    def live(self) -> list[Proc]:
        return [p for p in self.procs if p.up]

    async def call(self, method: str, path: str, resend: bool = True,
                   **kw: Any) -> httpx.Response:
        """A request to a live process, tried again on another while one is down. A request
        sent to a process killed before it answered may have been carried out: with
        ``resend=False`` that raises ``Unanswered`` instead of sending it again."""
        ends = time.monotonic() + BOUND
        while True:
            proc = self.rng.choice(self.live() or self.procs)
            try:
                async with httpx.AsyncClient(base_url=proc.base, timeout=30) as http:
                    r = await http.request(method, path, **kw)
                if r.status_code < 500:
                    return r
            except httpx.ConnectError:
                pass  # never reached the process: nothing was done
            except httpx.HTTPError as e:
                if not resend:
                    raise Unanswered((method, path)) from e
            assert time.monotonic() < ends, (method, path)
            await asyncio.sleep(0.2)


class Unanswered(Exception):
    """A request reached a process that was killed before it answered."""


@dataclass
class Socket:
    """One seat's (or the spectator's) page: it reconnects to any live process when its
    socket closes, and keeps every frame it received (the spy reads them all)."""

    site: Site
    room: str
    token: str
    seat: int | None
    raw: list[str] = field(default_factory=list)
    version: int = -1
    events: list[dict[str, Any]] = field(default_factory=list)  # the spectator's, in order
    acked: list[tuple[int, str, int, str]] = field(default_factory=list)  # seat, id, v, text
    over: bool = False
    refusals: list[str] = field(default_factory=list)  # of a move listed to this seat
    stuck: list[Any] = field(default_factory=list)  # quiet sockets reconnected (why)
    reconnects: int = 0

    async def run(self, rng: random.Random) -> None:
        player = make_player("basic", rng.randrange(2**32))
        pending: tuple[str, str] | None = None  # an action sent, not yet answered
        sent_at = -2
        ids = 0
        ends = time.monotonic() + 3 * BOUND
        while not self.over:
            assert time.monotonic() < ends, (self.room, self.seat, self.version)
            proc = rng.choice(self.site.live() or self.site.procs)
            url = f"ws://127.0.0.1:{proc.port}/ws/{self.room}"
            spectator = self.seat is None
            view: dict[str, Any] | None = None
            moves: list[str] | None = None
            try:
                async with websockets.connect(url, max_size=2**24, open_timeout=10) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": self.token,
                                              "since": -1 if spectator else self.version}))
                    if pending is not None:  # sent again: applied once, or refused
                        await ws.send(json.dumps({"id": pending[0], "version": sent_at,
                                                  "action": pending[1]}))
                    while True:
                        try:
                            text = await asyncio.wait_for(
                                ws.recv(), QUIET if spectator else STUCK)
                        except TimeoutError:
                            if not spectator:  # as a page whose socket went quiet
                                self.stuck.append((self.version, pending, sent_at, [
                                    json.loads(r).get("type") for r in self.raw[-6:]]))
                                break
                            raise AssertionError(("no frame", self.room, self.seat,
                                                  self.version, self.raw[-2:])) from None
                        self.raw.append(text)
                        frame = json.loads(text)
                        kind = frame["type"]
                        if kind == "missed" and spectator:
                            told = self.events
                            assert frame["events"][:len(told)] == told, (self.room, kind)
                            self.events = list(frame["events"])
                        elif kind == "events" and spectator:
                            self.events += frame["events"]
                        elif kind == "error":
                            raise AssertionError((self.room, frame))
                        if kind in ("welcome", "missed", "events"):
                            self.version = frame["version"]
                        if pending is not None and frame.get("id") == pending[0] \
                                and kind in ("ack", "refused"):
                            if kind == "ack":
                                assert self.seat is not None
                                self.acked.append((self.seat, pending[0], frame["version"],
                                                   pending[1]))
                            elif frame["version"] == sent_at:  # refused as it stands:
                                # another move of those listed (a listed joker reading
                                # the engine refuses, say); each refusal is counted
                                self.refusals.append(frame["reason"]["key"])
                                moves = [m for m in moves or [] if m != pending[1]]
                                sent_at = -2
                            pending = None
                        if kind in ("welcome", "events", "missed"):
                            view, moves = frame["view"], frame.get("moves")
                        if view is not None and view["phase"] == "match-over":
                            self.over = True
                            break
                        if (not spectator and view is not None and moves and pending is None
                                and sent_at != self.version and view["to_act"] == self.seat):
                            legal = [decode_action(m) for m in moves]
                            action = str(player.choose(decode_view(view), legal))
                            ids += 1
                            pending, sent_at = (f"m{ids}", action), self.version
                            await ws.send(json.dumps({"id": pending[0], "version": sent_at,
                                                      "action": action}))
            except (OSError, EOFError, TimeoutError, websockets.WebSocketException):
                pass
            if not self.over:
                self.reconnects += 1
                await asyncio.sleep(rng.uniform(0.05, 0.3))


async def play_table(site: Site, rng: random.Random, stop: asyncio.Event,
                     done: list[tuple[str, list[Socket]]]) -> None:
    """Tables one after another until ``stop``: 2 people and a computer player each, their
    sockets on either process, a spectator."""
    while not stop.is_set():
        r = await site.call("POST", "/api/rooms", json={"rules": SHORT, "seats": [
            {"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "basic"}]})
        assert r.status_code == 201, r.text
        room = r.json()
        rid = room["room"]
        socks = []
        for i in range(2):
            try:  # a join whose answer was lost took a seat whose token nobody has:
                j = await site.call("POST", f"/api/rooms/{rid}/join", resend=False,
                                    json={"token": room["invite_token"], "name": f"P{i}"})
            except Unanswered:
                break  # that room is left waiting, as a person would leave it
            assert j.status_code == 200, j.text
            socks.append(Socket(site, rid, j.json()["token"], j.json()["seat"]))
        if len(socks) < 2:
            continue
        s = await site.call("POST", f"/api/rooms/{rid}/start",
                            json={"token": room["host_token"]})
        # sent again after a kill, the start may have been carried out the first time
        assert s.status_code == 200 or s.json()["key"] == "started", s.text
        socks.append(Socket(site, rid, room["spectate_token"], None))
        await asyncio.gather(*(c.run(random.Random(rng.random())) for c in socks))
        done.append((room["host_token"], socks))


async def owners(redis: Any) -> dict[str, str]:
    found: dict[str, str] = await redis.hgetall("jokeren:owner")
    return found


async def stored_versions(pg: Any, rooms: list[str]) -> dict[str, int]:
    rows = await pg.fetch("SELECT room_id, max(version) AS v FROM action "
                          "WHERE room_id = ANY($1::text[]) GROUP BY room_id", rooms)
    found = {r["room_id"]: int(r["v"]) for r in rows}
    return {room: found.get(room, 0) for room in rooms}


async def kill_one(site: Site, redis: Any, pg: Any, rng: random.Random) -> tuple[int, float]:
    """Kill a process; wait until the other holds every table it ran, each resumed at the
    version the store had; start it again. The tables taken over and the seconds it took
    (printed, not asserted)."""
    victim = rng.choice(site.procs)
    other = next(p for p in site.procs if p is not victim)
    offset = other.log.stat().st_size
    victim.kill()
    killed = time.monotonic()
    held = [room for room, proc in (await owners(redis)).items() if proc == victim.name]
    # a commit the victim sent just before the kill may still land (stored, never
    # acknowledged): read once the database has settled, before its lease can expire
    await asyncio.sleep(1.0)
    expected = await stored_versions(pg, held)  # nothing writes them until a takeover
    still = await owners(redis)
    assert all(still.get(room) == victim.name for room in held)
    status = {r["id"]: r["status"] for r in await pg.fetch(
        "SELECT id, status FROM room WHERE id = ANY($1::text[])", held)}
    ends = time.monotonic() + BOUND
    seen: set[str] = set()  # held by the other once resumed (played on, it may end and go)
    while True:
        now = await owners(redis)
        resumed: dict[str, str] = {}  # the first resume after the kill (a finished table
        # let go may be opened again later, from the store)
        for room, version in re.findall(r"table (\w+) resumed at version (\d+)",
                                        other.text(offset)):
            resumed.setdefault(room, version)
        seen |= {room for room in held if now.get(room) == other.name and room in resumed}
        # a table taken over may be played to its end and let go (nobody looking) before
        # every other is taken: so may one whose last action the victim stored, not its end
        let_go = {r["id"] for r in await pg.fetch(
            "SELECT id FROM room WHERE id = ANY($1::text[]) AND status = 'finished'", held)}
        waiting = [room for room in held if room not in seen and not (
            room in resumed and room in let_go and room not in now)]
        if not waiting:
            break
        assert time.monotonic() < ends, [  # per room: what stands, and what the other said
            (room, status.get(room), now.get(room), resumed.get(room),
             [line[-160:] for line in other.text(offset).splitlines() if room in line][-6:])
            for room in waiting
        ] + [f"victim {victim.name}, other {other.name} (up: {other.up})",
             other.text(offset)[-1500:]]
        await asyncio.sleep(0.1)
    took = time.monotonic() - killed
    for room in held:  # at its exact stored version, on the other process
        assert int(resumed[room]) == expected[room], (room, status[room], resumed[room],
                                                      expected[room])
    await asyncio.to_thread(victim.start)
    return len(held), took


async def scale_run(tmp_path: Path, redis_url: str, kills: int, tables: int,
                    seed: int) -> None:
    import asyncpg
    import redis.asyncio as aioredis

    assert PG is not None
    rng = random.Random(seed)
    db = await pg_database(PG)
    site = Site([Proc(free_port(), tmp_path / f"server{i}.log", db, redis_url)
                 for i in range(2)], random.Random(seed + 1))
    redis = aioredis.Redis.from_url(redis_url, decode_responses=True)
    pg = await asyncpg.connect(plain(db))
    for proc in site.procs:
        await asyncio.to_thread(proc.start)
    stop = asyncio.Event()
    done: list[tuple[str, list[Socket]]] = []
    players = [asyncio.create_task(play_table(site, random.Random(rng.random()), stop, done))
               for _ in range(tables)]
    try:
        taken, times = 0, []
        for _ in range(kills):
            await asyncio.sleep(rng.uniform(0.5, 3.0))
            for task in players:
                if task.done():
                    task.result()  # a failure in a table: raised here
            n, took = await kill_one(site, redis, pg, rng)
            taken += n
            times.append(took)
        stop.set()
        await asyncio.wait_for(asyncio.gather(*players), 3 * BOUND)
        # every acknowledged action is stored as acknowledged; every frame spied on
        frames = acks = 0
        for host_token, socks in done:
            rid = socks[0].room
            rows = {r["version"]: r for r in await pg.fetch(
                "SELECT version, seat, text, client_id FROM action WHERE room_id = $1", rid)}
            for sock in socks:
                for seat, cid, version, text in sock.acked:
                    row = rows[version]
                    assert (row["seat"], row["client_id"], row["text"]) == (seat, cid, text)
                    acks += 1
            room = await pg.fetchrow("SELECT rules, seed FROM room WHERE id = $1", rid)
            names = [r["name"] for r in await pg.fetch(
                "SELECT name, seat FROM seat WHERE room_id = $1 ORDER BY seat", rid)]
            table = Table.rebuild(Rules.load(json.loads(room["rules"])), int(room["seed"]),
                                  [Seat(n) for n in names],
                                  [(r["seat"] if r["seat"] is not None else -1, r["text"])
                                   for _, r in sorted(rows.items())])
            assert table.finished, rid
            sight = in_sight(table, int(room["seed"]))
            for sock in socks:
                frames += check_frames(sock, sock.seat, sight, int(room["seed"]))
            record = (await site.call("GET", f"/api/rooms/{rid}/record",
                                      headers=bearer(host_token))).json()
            result = replay(Record.from_json(record))
            assert result.ok and result.summary()["finished"], rid
        reconnects = sum(s.reconnects for _, socks in done for s in socks)
        refused = Counter(r for _, socks in done for s in socks for r in s.refusals)
        stuck = [(s.room, s.seat, *why) for _, socks in done for s in socks for why in s.stuck]
        print(f"scale: {kills} kills, {taken} tables taken over (in {min(times):.1f}-"
              f"{max(times):.1f} s); {len(done)} matches finished and replayed, {acks} acks "
              f"found stored, {frames} frames spied on, {reconnects} reconnects; listed moves "
              f"refused: {dict(refused)}; quiet sockets reconnected: {stuck}")
        assert len(done) >= tables and acks > 0 and taken > 0
        assert not refused, refused  # every move the server listed to a seat is taken
        for proc in site.procs:
            assert "Traceback" not in proc.text(), proc.text()[-3000:]
    finally:
        for task in players:
            task.cancel()
        for proc in site.procs:
            if proc.up:
                proc.kill()
        await redis.aclose()
        await pg.close()


@pytest.mark.anyio
async def test_two_processes_killed_ten_times(tmp_path: Path, redis_url: str) -> None:
    await scale_run(tmp_path, f"{redis_url}/1", kills=10, tables=4, seed=1)


@pytest.mark.anyio
async def test_workers_share_one_port(tmp_path: Path, redis_url: str) -> None:
    """``jokeren serve --workers 2`` as an operator runs it: a table started through the one
    port runs in one worker; that worker killed with SIGKILL, the other takes the table over
    and plays on, and uvicorn starts a new worker in its place."""
    import redis.asyncio as aioredis

    assert PG is not None
    redis_url = f"{redis_url}/2"
    db = plain(await pg_database(PG))
    port = free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "JOKEREN_LIMITS": "off", "JOKEREN_LANG": "en"}
    with log.open("wb") as out:
        parent = subprocess.Popen(
            [sys.executable, "-m", "jokeren", "serve", "--workers", "2", "--redis", redis_url,
             "--db", db, "--port", str(port), "--bot-delay", "0.05", "--round-pause", "0.1"],
            stdout=out, stderr=subprocess.STDOUT, env=env)
    redis = aioredis.Redis.from_url(redis_url, decode_responses=True)
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            ends = time.monotonic() + BOUND
            while True:
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get("/openapi.json")).status_code == 200:
                        break
                assert parent.poll() is None and time.monotonic() < ends, log.read_text()
                await asyncio.sleep(0.2)
            room = (await http.post("/api/rooms", json={
                "rules": {"preset": "jokeren-7", "rounds": 6},
                "seats": [{"kind": "computer", "level": "basic"}] * 4})).json()
            rid = room["room"]
            assert (await http.post(f"/api/rooms/{rid}/start",
                                    json={"token": room["host_token"]})).status_code == 200

            async def version() -> int:
                """The room's version as either worker answers (a connection kept to the
                killed one fails once)."""
                for _ in range(20):
                    with contextlib.suppress(httpx.HTTPError):
                        info = (await http.get(f"/api/rooms/{rid}",
                                               headers=bearer(room["host_token"]))).json()
                        return int(info["version"])
                    await asyncio.sleep(0.2)
                raise AssertionError(log.read_text())

            while await version() < 5:
                assert time.monotonic() < ends, log.read_text()
                await asyncio.sleep(0.2)
            owner = await redis.hget("jokeren:owner", rid)
            pid = int(owner.split("-")[-2])  # HOST-PID-RANDOM (bus.new_proc_id)
            os.kill(pid, signal.SIGKILL)
            killed_at = await version()
            while True:
                now = await redis.hget("jokeren:owner", rid)
                if now not in (None, owner) and await version() > killed_at + 3:
                    break
                assert time.monotonic() < ends, log.read_text()
                await asyncio.sleep(0.2)
            assert int(now.split("-")[-2]) != pid
        children = subprocess.run(["pgrep", "-P", str(parent.pid)], capture_output=True,
                                  text=True).stdout.split()
        assert str(pid) not in children and len(children) >= 2, children
    finally:
        parent.send_signal(signal.SIGTERM)
        try:
            parent.wait(30)
        except subprocess.TimeoutExpired:
            parent.kill()
            parent.wait(10)
        await redis.aclose()
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
