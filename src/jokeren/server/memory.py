"""Give freed memory back to the system, so that a long-running server's size follows what
it holds rather than the most it ever held, and keep the garbage collector's long walks
out of the path of moves (``Collector``).

The engine's caches are bounded by entries (support/memo.py) and churn: old answers go, new
ones come. glibc's malloc keeps freed memory for reuse, and after a large block is freed it
raises its mmap threshold, so later large blocks (a cache's dict growing again) come from
the heap and stay there. The resident size then climbs in steps of a few MB to the highest
the caches ever reached (docs/server-load.md, "Memory"). A fixed mmap threshold keeps large
blocks in mappings of their own, returned when freed, and ``malloc_trim`` returns every
free page, also inside the heap. Without glibc both do nothing.
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import logging
import os
import time

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # mallopt's parameter (glibc's malloc.h)
LARGE = 256 * 1024  # blocks from this size get a mapping of their own
NEVER = 2**31 - 1  # young collections before an old one: the old one only when asked
# collections of the youngest generation before one of the middle (Python's 10): the middle
# one walks what lived through a young collection, mostly the tables' states, views and the
# sockets' waits of the last second, whatever its period; so made ten times rarer it pauses
# the tables a tenth as often for about twice as long (docs/server-load.md, "Pauses")
MIDDLE = 100
EVERY = 60.0  # seconds between the server's looks at its size (Collector.run)
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


_LIBC = _glibc()


def fix_mmap_threshold(size: int = LARGE) -> bool:
    """Large blocks in mappings of their own, whatever was freed before (False: no glibc)."""
    return _LIBC is not None and _LIBC.mallopt(M_MMAP_THRESHOLD, size) == 1


def trim() -> bool:
    """Return the free pages to the system (False: no glibc, or nothing was returned)."""
    return _LIBC is not None and _LIBC.malloc_trim(0) == 1


def resident() -> int | None:
    """This process's resident size in bytes (None where /proc does not say)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return None


class Collector:
    """Python's garbage collector out of the path of moves (docs/server-load.md, "Pauses").

    Left to itself, the collector walks every tracked object of the process (the engine's
    caches hold hundreds of thousands) each time the old generation has grown by a quarter:
    every few seconds under load, while every move waits. It counts objects that came, not
    objects that stayed, and the caches churn (old answers go, new ones come), so it walks
    again and again what is the same size. Almost nothing it finds there is garbage: what
    dies in a cycle dies young and the young collections (a few ms) take it. So, from
    ``start`` on, what the server loaded is frozen (never walked again), the old generation
    is never collected of itself, and the middle one a tenth as often (``MIDDLE``). Every
    ``every`` seconds ``run`` reads the process's size and collects the old generation
    only when the process has grown by ``grow`` since the last one (``due``): a server of
    steady size never stops its tables for it (a full walk is 400-800 ms at 250 tables),
    and what dies in a cycle there still bounds the size, as Python's own rule means it
    to. Where the size cannot be read it collects every ``blind`` seconds. ``stop`` gives
    Python's settings back (the tests make many servers in one process)."""

    def __init__(self, every: float, grow: float = 0.25, blind: float = 300.0) -> None:
        self.every = every
        self.grow = grow
        self.blind = blind
        self.threshold = gc.get_threshold()
        self.pauses: list[float] = []  # the server's own full collections, seconds
        self.base: int | None = None  # the size after the last one (read a check later)
        self.last = time.monotonic()

    def start(self) -> None:
        gc.collect()
        gc.freeze()  # the modules, the rules, what resuming the tables built: kept
        gc.set_threshold(self.threshold[0], MIDDLE, NEVER)

    def stop(self) -> None:
        gc.set_threshold(*self.threshold)
        gc.unfreeze()

    def due(self, size: int | None, now: float) -> bool:
        """Whether the old generation is to be collected now, the process being ``size``
        bytes. The size a collection leaves is read at the next check, once the freed
        memory went back (``keep_trimmed``)."""
        if size is None:
            return now - self.last >= self.blind
        if self.base is None:
            self.base = size
            return False
        return size > self.base * (1 + self.grow)

    def collect(self) -> int:
        began = time.perf_counter()
        found = gc.collect()
        took = time.perf_counter() - began
        self.pauses = [*self.pauses[-99:], took]
        self.base, self.last = None, time.monotonic()
        log.debug("full collection: %d objects freed in %.0f ms", found, took * 1000)
        return found

    async def run(self) -> None:
        """Every ``every`` seconds the old generation collected if ``due``, until
        cancelled."""
        while True:
            await asyncio.sleep(self.every)
            try:
                if self.due(resident(), time.monotonic()):
                    self.collect()
            except Exception:  # never the reason a server stops
                log.exception("the garbage collection failed")


async def keep_trimmed(every: float) -> None:
    """``trim`` every ``every`` seconds, in a thread (it walks the whole heap), until
    cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        try:
            await loop.run_in_executor(None, trim)
        except Exception:  # never the reason a server stops
            log.exception("malloc_trim failed")
