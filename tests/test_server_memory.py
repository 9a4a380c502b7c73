"""The server gives freed memory back (server/memory.py): glibc's malloc_trim and a fixed
mmap threshold, so that a soak's resident size follows what the server holds."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from jokeren.server import memory

glibc = pytest.mark.skipif(memory._LIBC is None, reason="glibc's malloc only")



def _resident() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@glibc
def test_freed_blocks_are_given_back() -> None:
    assert memory.fix_mmap_threshold()
    # 40 MB of blocks above pymalloc's 512 bytes and below the mmap threshold: the heap's.
    # One in fifty stays, so the heap cannot shrink from its top alone: glibc keeps the
    # rest until malloc_trim gives back the free pages between them.
    blocks = [bytes(2000) for _ in range(20_000)]
    kept = blocks[::50]
    del blocks
    before = _resident()
    assert memory.trim()
    assert before - _resident() > 20 * 2**20
    assert len(kept) == 400


@pytest.mark.anyio
async def test_the_server_trims_at_its_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(memory, "trim", lambda: calls.append(1) or True)
    task = asyncio.create_task(memory.keep_trimmed(0.01))
    await asyncio.sleep(0.2)
    task.cancel()
    assert len(calls) >= 3


@pytest.mark.anyio
async def test_a_failing_trim_does_not_stop_the_trimming(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def failing() -> bool:
        calls.append(1)
        raise OSError("no")

    monkeypatch.setattr(memory, "trim", failing)
    task = asyncio.create_task(memory.keep_trimmed(0.01))
    await asyncio.sleep(0.2)
    alive = not task.done()
    task.cancel()
    assert alive and len(calls) >= 3


def test_without_glibc_nothing_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "_LIBC", None)
    assert not memory.trim() and not memory.fix_mmap_threshold()


def test_the_collector_freezes_the_start_and_times_the_old_generation() -> None:
    """After ``start`` what was loaded is frozen, the middle generation is collected less
    often and the old one never of itself; a cycle that died old is still freed by the
    server's own collection; ``stop`` gives Python's settings back."""
    import gc
    import weakref

    before = gc.get_threshold()
    collector = memory.Collector(300.0)
    collector.start()
    try:
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (before[0], memory.MIDDLE, memory.NEVER)

        class Node:
            other: object = None

        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only a collection frees it
        dead = weakref.ref(a)
        for _ in range(3):
            gc.collect(1)  # young collections move it into the old generation
        del a, b
        for _ in range(50):  # young collections never walk the old generation
            gc.collect(1)
        assert dead() is not None
        assert collector.collect() >= 2
        assert dead() is None
        assert len(collector.pauses) == 1
    finally:
        collector.stop()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


@pytest.mark.anyio
async def test_the_server_collects_at_its_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    collector = memory.Collector(0.01)
    calls: list[int] = []
    monkeypatch.setattr(collector, "collect", lambda: calls.append(1) or 0)
    task = asyncio.create_task(collector.run())
    await asyncio.sleep(0.2)
    task.cancel()
    assert len(calls) >= 3


def test_jokeren_serve_collects_and_an_app_elsewhere_leaves_the_collector_alone() -> None:
    """The collector's freeze and thresholds are the whole process's: ``jokeren serve``
    (its settings, also each worker's) runs the server's own; an app made in another
    process (the tests' servers, many in one worker) leaves Python's as it is."""
    from jokeren.server.app import Settings
    from jokeren.server.serve import settings_from

    spec = {"db": "sqlite+aiosqlite:///j.db", "bot_delay": 1.0, "round_pause": 1.0,
            "limits_off": False, "hosts": [], "origins": [], "public_url": "", "redis": ""}
    assert settings_from(spec).collect_every == memory.EVERY > 0
    assert Settings(db=spec["db"]).collect_every == 0


@pytest.mark.anyio
async def test_a_socket_gone_leaves_no_cycle(tmp_path: Path) -> None:
    """A socket whose other end went without a word: closing it fails, and that
    exception's traceback held ``asyncio.wait_for``'s frame, the task whose exception it
    is, the sender's frame, the socket and its connection in a cycle, which only a full
    collection (the server's, every 5 minutes) freed."""
    import gc
    from dataclasses import replace

    import httpx

    from jokeren.server.limits import Limits
    from jokeren.server.runtime import Conn

    from server_harness import Client, eventually, make_room, serve

    # the close of a gone socket waits for it as long as for a frame (``send_wait``)
    limits = replace(Limits.off(), send_wait=0.5)
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}", limits=limits) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        gc.collect()
        for _ in range(3):
            room = await make_room(http, 2, [])
            runner = server.runner(room["room"])
            clients = [Client(f"{server.ws}/ws/{room['room']}", seat["token"], protocol=2)
                       for seat in room["seats"]]
            for client in clients:
                await client.connect()
                await client.until("welcome")
            clients[1].ws.transport.abort()  # gone, without a word
            assert await eventually(lambda runner=runner: len(runner.conns) == 1)
            await clients[0].close()  # and one that says goodbye
            assert await eventually(lambda runner=runner: not runner.conns)
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            gc.collect()
        finally:
            gc.set_debug(0)
        left = [o for o in gc.garbage if type(o) is Conn]  # (a dead weak proxy is there too)
        gc.garbage.clear()
        assert not left
