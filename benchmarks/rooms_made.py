"""Rooms made while tables play (docs/server-load.md, "Rooms made while tables play").

A family or a club makes rooms while other tables play: a new room, four joins and a
start (six HTTP requests), as the make-a-room page and the invite links do. This runs
``jokeren serve`` (the jokeren this Python imports; ``PYTHONPATH=src`` for the sources) on a
temporary SQLite file with ``--tables`` tables of 4 WebSockets playing at ``--rate``
actions a second (server_load.py's clients), and after ``--before`` seconds makes
``--rooms`` rooms at once from ``--makers`` threads. It reports the server's CPU a room
made and the playing tables' latency during the making and outside it.

Run: ``python benchmarks/rooms_made.py [--tables 25] [--rate 10] [--rooms 60]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load as load  # its clients, servers and figures


def make_rooms(base: str, rules: Any, rooms: int, makers: int) -> None:
    with ThreadPoolExecutor(makers) as pool:
        list(pool.map(lambda _: load.make_room(base, rules), range(rooms)))


async def play(base: str, args: argparse.Namespace, seconds: float) -> load.Stats:
    stats = load.Stats()
    rng = random.Random(args.seed)
    clients = [load.TableClient(base, args.rules, stats, random.Random(rng.random()))
               for _ in range(args.tables)]
    with ThreadPoolExecutor(8) as pool:
        for c in clients:
            await c.open(pool)
        until = time.perf_counter() + seconds
        with load.quiet_collector():  # its pauses would be counted as the server's
            await asyncio.gather(*(c.play(args.rate, until, pool) for c in clients))
        for c in clients:
            await c.close()
    return stats


def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as work, \
            load.servers(Path(work), None, None, None) as s:
        base = f"http://127.0.0.1:{s['port']}"
        made: dict[str, float] = {}

        def maker() -> None:
            time.sleep(args.before)
            made["start"], cpu = time.perf_counter(), load.cpu_seconds(s["pid"])
            make_rooms(base, args.rules, args.rooms, args.makers)
            made["end"] = time.perf_counter()
            made["cpu"] = load.cpu_seconds(s["pid"]) - cpu

        thread = threading.Thread(target=maker)
        thread.start()
        stats = load.run_fast(play(base, args, args.before + args.after))
        thread.join()
    if "end" not in made:
        raise SystemExit("the rooms were not all made before the tables stopped: give "
                         "--after more seconds")
    start, end = made["start"], made["end"]
    during = [t for at, t in stats.latencies if start <= at <= end]
    outside = [t for at, t in stats.latencies if not start <= at <= end]
    print(f"{args.rooms} rooms made by {args.makers} threads in {end - start:.1f} s while "
          f"{args.tables} tables played at {args.rate:g} actions/s")
    print(f"server CPU while they were made: {1000 * made['cpu'] / args.rooms:.1f} ms a room "
          "(the tables' actions of those seconds included)")
    print(load.describe("actions during the making", during))
    print(load.describe("actions outside it", outside))
    print(f"errors: {sum(stats.errors.values())} {stats.errors or ''}".rstrip())


def positive(kind: type) -> Any:
    def read(text: str) -> Any:
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive: {text}")
        return value
    return read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=positive(int), default=25,
                        help="tables of 4 WebSockets playing meanwhile")
    parser.add_argument("--rate", type=positive(float), default=10.0,
                        help="actions a second per table")
    parser.add_argument("--rooms", type=positive(int), default=60, help="rooms made at once")
    parser.add_argument("--makers", type=positive(int), default=4,
                        help="threads making the rooms (people clicking at once)")
    parser.add_argument("--before", type=positive(float), default=10.0,
                        help="seconds of play before the rooms are made")
    parser.add_argument("--after", type=positive(float), default=30.0,
                        help="seconds of play after that (the making must end within them)")
    parser.add_argument("--rules", type=load._rules, default="amerikaans",
                        help='a preset or house rules as JSON (default "amerikaans")')
    parser.add_argument("--seed", type=int, default=1)
    run(parser.parse_args())


if __name__ == "__main__":
    main()
