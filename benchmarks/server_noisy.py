"""A noisy neighbour (docs/server.md, "Fair shares"): one table of four people playing at a
steady rate, its latency measured in quiet phases and in phases while another client
floods the server from another address (127.0.0.2) with everything the limits bound.

The flood (a process of its own, hammering as fast as the answers come): rooms of four
computer players of the top level and play-now rooms with three (up to the quota of
tables), replays of a long record, 5 MB bodies, one seat's token on 40 sockets sending
stale actions, sockets that never read their frames (spectators of its own tables). A
socket refused before its handshake (429) knocks again a second later: a flood of raw
connections is beyond what the server itself can refuse cheaply (the proxy's or the
firewall's job). The quiet table comes from 127.0.0.1 and is played like benchmarks/server_load.py
plays its tables (from the moves the server lists; latency from an action sent to the last
of its four seats told).

Phases alternate (quiet, flood, quiet, flood, ...), so a machine whose load drifts spreads
it over both; the report gives each phase and the pooled quiet and flood p50/p99, their
ratio, the flood's answers by kind, and the machine's load.

Run: ``python benchmarks/server_noisy.py [--phase-seconds 20] [--rounds 3] [--rate 5]``.
The server is ``jokeren serve`` from this tree with its limits on, on a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load  # the same clients, server start and percentiles

ROOT = Path(__file__).resolve().parents[1]
FLOOD_ADDRESS = "127.0.0.2"  # Linux answers every 127.x address on loopback


# --- the flood (a process of its own) -----------------------------------------------------

def _long_record() -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "src"))
    from jokeren.play.table import Seat, Table
    from jokeren.rules.house import Rules

    table = Table(Rules.load("amerikaans"), [Seat(n, "random") for n in "ABCD"], 7)
    table.play_bots()
    record: dict[str, Any] = table.record.to_json()
    return record


PARTS = ("rooms", "replay", "body", "stale", "slow")


async def flood(base: str, until: float, counts: Counter[str],
                parts: tuple[str, ...] = PARTS) -> None:
    import httpx
    from websockets.asyncio.client import connect

    transport = httpx.AsyncHTTPTransport(local_address=FLOOD_ADDRESS)
    ws_base = base.replace("http://", "ws://")
    record = _long_record()
    rooms: list[dict[str, Any]] = []  # spectator links of the flood's own tables
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=60) as http:

        def count(kind: str, r: httpx.Response) -> None:
            key = r.json().get("key", "") if r.status_code >= 400 and r.headers.get(
                "content-type", "").startswith("application/json") else ""
            counts[f"{kind} {r.status_code}{' ' + key if key else ''}"] += 1

        async def wait_if_refused(r: httpx.Response) -> None:
            if r.status_code in (413, 429):
                await asyncio.sleep(0.01)  # hammer: barely wait

        # one room of two people for the stale actions (before the room bucket is empty)
        made = await http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 2})
        stale_room = made.json()
        seats = [(await http.post(f"/api/rooms/{stale_room['room']}/join", json={
            "token": stale_room["invite_token"], "name": n})).json() for n in ("X", "Y")]
        await http.post(f"/api/rooms/{stale_room['room']}/start",
                        json={"token": stale_room["host_token"]})

        async def rooms_flood() -> None:
            while time.time() < until:
                r = await http.post("/api/rooms", json={
                    "seats": [{"kind": "computer", "level": "level5"}] * 4})
                count("room", r)
                if r.status_code == 201:
                    room = r.json()
                    rooms.append(room)
                    s = await http.post(f"/api/rooms/{room['room']}/start",
                                        json={"token": room["host_token"]})
                    count("start", s)
                r = await http.post("/api/play-now", json={
                    "name": "Flood", "computers": ["level5"] * 3})
                count("play-now", r)
                await wait_if_refused(r)

        async def replay_flood() -> None:
            while time.time() < until:
                r = await http.post("/api/replay", json={"record": record})
                count("replay", r)
                await wait_if_refused(r)

        async def body_flood() -> None:
            big = b'{"record": "' + b"x" * 5_000_000 + b'"}'
            while time.time() < until:
                r = await http.post("/api/replay", content=big,
                                    headers={"content-type": "application/json"})
                count("5 MB body", r)
                await wait_if_refused(r)

        async def stale_flood(n: int) -> None:
            uri = f"{ws_base}/ws/{stale_room['room']}"
            while time.time() < until:
                try:
                    async with connect(uri, local_addr=(FLOOD_ADDRESS, 0), ping_interval=None,
                                       max_size=2**24, open_timeout=30) as ws:
                        await ws.send(json.dumps({"type": "hello", "token": seats[0]["token"]}))
                        i = 0
                        while time.time() < until:
                            await ws.send(json.dumps({"type": "act", "id": f"s{n}-{i}",
                                                      "version": -7, "action": "draw"}))
                            i += 1
                            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                            if frame["type"] == "refused":
                                counts[f"stale socket: refused {frame['reason']['key']}"] += 1
                            elif frame["type"] == "error":
                                counts[f"stale socket: error {frame['reason']['key']}"] += 1
                                break
                except Exception as exc:
                    counts[f"stale socket: closed {type(exc).__name__}"] += 1
                    # refused before the handshake (429): it knocks again a second later
                    # (a flood of raw connections is for the proxy or the firewall)
                    await asyncio.sleep(1.0 if type(exc).__name__ == "InvalidStatus" else 0.05)

        async def slow_reader() -> None:
            while time.time() < until:
                if not rooms:
                    await asyncio.sleep(0.2)
                    continue
                room = random.choice(rooms)
                try:
                    async with connect(f"{ws_base}/ws/{room['room']}",
                                       local_addr=(FLOOD_ADDRESS, 0), ping_interval=None,
                                       max_queue=1, open_timeout=30) as ws:
                        await ws.send(json.dumps({"type": "hello",
                                                  "token": room["spectate_token"]}))
                        counts["slow reader: opened"] += 1
                        # never reads: the server's bound drops it
                        await asyncio.wait_for(ws.wait_closed(), max(0.1, until - time.time()))
                        counts["slow reader: dropped by the server"] += 1
                except TimeoutError:
                    pass
                except Exception as exc:
                    counts[f"slow reader: {type(exc).__name__}"] += 1
                    await asyncio.sleep(1.0)

        tasks = {"rooms": [rooms_flood()], "body": [body_flood()],
                 "replay": [replay_flood() for _ in range(3)],
                 "stale": [stale_flood(n) for n in range(40)],
                 "slow": [slow_reader() for _ in range(10)]}
        for name, made in tasks.items():
            if name not in parts:
                for coroutine in made:
                    coroutine.close()
        await asyncio.gather(*(c for name in parts for c in tasks[name]),
                             return_exceptions=True)


def flood_process(args: tuple[str, float, tuple[str, ...]]) -> dict[str, int]:
    base, until, parts = args
    counts: Counter[str] = Counter()
    with contextlib.suppress(Exception):
        server_load.run_fast(flood(base, until, counts, parts))
    return dict(counts)


# --- the quiet table (this process) -------------------------------------------------------

async def quiet_table(base: str, phases: list[tuple[str, float, float]], rate: float,
                      seed: int) -> tuple[server_load.Stats, dict[str, list[float]]]:
    stats = server_load.Stats()
    rng = random.Random(seed)
    table = server_load.TableClient(base, "amerikaans", stats, rng)
    by_phase: dict[str, list[float]] = {}
    with ThreadPoolExecutor(2) as pool:
        await table.open(pool)
        with server_load.quiet_collector():  # its pauses would be counted as the server's
            for name, start, end in phases:
                await asyncio.sleep(max(0.0, start - time.time()))
                before = len(stats.latencies)
                await table.play(rate, time.perf_counter() + (end - time.time()), pool)
                by_phase.setdefault(name, []).extend(s for _, s in stats.latencies[before:])
        await table.close()
    return stats, by_phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phase-seconds", type=float, default=20.0,
                        help="length of each quiet and each flood phase")
    parser.add_argument("--rounds", type=int, default=3, help="quiet+flood pairs")
    parser.add_argument("--rate", type=float, default=5.0,
                        help="the quiet table's actions a second")
    parser.add_argument("--flood", default=",".join(PARTS),
                        help=f"what the flood sends, of {','.join(PARTS)} (default: all)")
    parser.add_argument("--flood-nice", type=int, default=0, metavar="N",
                        help="run the flood's process at this niceness (it stands for another "
                             "machine; here it takes the cores the server needs)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.flood = tuple(p for p in args.flood.split(",") if p)
    if not set(args.flood) <= set(PARTS):
        parser.error(f"--flood takes {','.join(PARTS)}")
    if args.phase_seconds <= 0 or args.rounds < 1 or args.rate <= 0:
        parser.error("phase-seconds > 0, rounds >= 1 and rate > 0")
    with tempfile.TemporaryDirectory() as tmp, \
            server_load.servers(Path(tmp), None, None, None, limits=True) as s:
        run(args, s)


def run(args: argparse.Namespace, s: dict[str, Any]) -> None:
    base = f"http://127.0.0.1:{s['port']}"
    print(f"flood: {','.join(args.flood)} (nice {args.flood_nice}); "
          f"a table of 4 people at {args.rate:g} actions/s; {args.rounds} x (quiet "
          f"{args.phase_seconds:g} s, flood {args.phase_seconds:g} s); load average before "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    ctx = multiprocessing.get_context("spawn")
    counts: Counter[str] = Counter()
    with ctx.Pool(1) as pool:
        # the flood's process is started and has imported its clients before the clock of
        # the phases starts: on a loaded machine a spawn took longer than a short phase, and
        # the flood came after its end (no flood at all)
        pool.apply(_warm)
        start = time.time() + 5.0
        phases: list[tuple[str, float, float]] = []
        at = start
        for _ in range(args.rounds):
            for name in ("quiet", "flood"):
                phases.append((name, at, at + args.phase_seconds))
                at += args.phase_seconds + (5.0 if name == "flood" else 0.0)  # the flood ebbs
        busy0 = server_load.machine_busy()
        cpu0 = server_load.cpu_seconds(s["pid"])
        floods = []
        for name, begin, end in phases:
            if name == "flood":
                floods.append(pool.apply_async(
                    _delayed, ((base, begin, end, args.flood, args.flood_nice),)))
        stats, by_phase = server_load.run_fast(quiet_table(base, phases, args.rate, args.seed))
        for f in floods:
            counts.update(f.get(timeout=600))
    busy1 = server_load.machine_busy()
    cpu = server_load.cpu_seconds(s["pid"]) - cpu0
    wall = at - start
    quiet, loud = by_phase.get("quiet", []), by_phase.get("flood", [])
    print(server_load.describe("quiet: action -> last seat's events", quiet))
    print(server_load.describe("flood: action -> last seat's events", loud))
    q99, f99 = server_load.pct(quiet, 99), server_load.pct(loud, 99)
    ratio = f99 / q99 if q99 else float("nan")
    print(f"p99 under the flood / quiet p99: {ratio:.2f}x "
          f"({'within' if ratio <= 3 else 'NOT within'} 3x)")
    errors = dict(stats.errors)
    print(f"the quiet table's errors: {sum(errors.values())} {errors}")
    print("the flood's answers:")
    for key, n in sorted(counts.items()):
        print(f"  {key}: {n:,}")
    busy = (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]) * (os.cpu_count() or 1)
    print(f"server CPU {cpu / wall:.2f} of a core; machine busy {busy:.2f} cores of "
          f"{os.cpu_count()}; load average after {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def _warm() -> None:
    import httpx  # noqa: F401
    from websockets.asyncio.client import connect  # noqa: F401


def _delayed(args: tuple[str, float, float, tuple[str, ...], int]) -> dict[str, int]:
    base, begin, end, parts, nice = args
    os.nice(nice)
    time.sleep(max(0.0, begin - time.time()))
    return flood_process((base, end, parts))


if __name__ == "__main__":
    main()
