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
# seconds between the server's own full collections (Collector, given by jokeren serve)
EVERY = 300.0


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


class Collector:
    """Python's garbage collector out of the path of moves (docs/server-load.md, "Pauses").

    Left to itself, the collector walks every tracked object of the process (the engine's
    caches hold hundreds of thousands) each time the old generation has grown by a quarter:
    every few seconds under load, 150-300 ms each, while every move waits. Almost nothing
    it finds there is garbage: what dies in a cycle dies young and the young collections
    (a few ms) take it. So, from ``start`` on, what the server loaded is frozen (never
    walked again), the old generation is never collected of itself, and the server makes
    that collection itself every ``every`` seconds (``run``), so what did die in a cycle
    there is still given back; the middle generation is collected a tenth as often
    (``MIDDLE``). ``stop`` gives Python's settings back. Its settings and its freeze are
    the whole process's, so only ``jokeren serve`` runs it (``Settings.collect_every``),
    not an app in another's process, such as the tests' servers."""

    def __init__(self, every: float) -> None:
        self.every = every
        self.threshold = gc.get_threshold()
        self.pauses: list[float] = []  # the server's own full collections, seconds

    def start(self) -> None:
        gc.collect()
        gc.freeze()  # the modules, the rules, what resuming the tables built: kept
        gc.set_threshold(self.threshold[0], MIDDLE, NEVER)

    def stop(self) -> None:
        gc.set_threshold(*self.threshold)
        gc.unfreeze()

    def collect(self) -> int:
        began = time.perf_counter()
        found = gc.collect()
        took = time.perf_counter() - began
        self.pauses = [*self.pauses[-99:], took]
        log.debug("full collection: %d objects freed in %.0f ms", found, took * 1000)
        return found

    async def run(self) -> None:
        """The old generation collected every ``every`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(self.every)
            try:
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
