"""The server gives freed memory back (server/memory.py): glibc's malloc_trim and a fixed
mmap threshold, so that a soak's resident size follows what the server holds."""

from __future__ import annotations

import asyncio

import pytest

from jokeren.server import memory

glibc = pytest.mark.skipif(memory._LIBC is None, reason="glibc's malloc only")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@glibc
def test_freed_blocks_are_given_back() -> None:
    assert memory.fix_mmap_threshold()
    # many blocks above pymalloc's 512 bytes, below the mmap threshold: the heap's
    blocks = [bytes(2000) for _ in range(20_000)]
    del blocks
    assert memory.trim()  # some memory was returned to the system


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
