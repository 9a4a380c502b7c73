"""A long-running server's memory: freed memory given back to the system, so that its size
follows what it holds rather than the most it ever held; and the garbage collector's full
passes at a time of the server's choosing, not in the middle of a move.

The engine's caches are bounded by entries (rules/memo.py) and churn: old answers go, new
ones come. glibc's malloc keeps freed memory for reuse, and after a large block is freed it
raises its mmap threshold, so later large blocks (a cache's dict growing again) come from
the heap and stay there. The resident size then climbs in steps of a few MB to the highest
the caches ever reached (docs/server.md, "Memory"). A fixed mmap threshold keeps large
blocks in mappings of their own, returned when freed, and ``malloc_trim`` returns every
free page, also inside the heap. Without glibc both do nothing.

The caches hold a million objects or so; a full pass of the collector over them takes
150-200 ms, and with caches that churn Python started one every 5-10 s under load: every
move in that moment waited (the load benchmark's p99, docs/server.md). So the server
freezes what it loaded at start (modules, classes: never garbage), leaves the young
generations to Python, and makes the full pass itself once a minute, before the trim.
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import logging

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # mallopt's parameter (glibc's malloc.h)
LARGE = 256 * 1024  # blocks from this size get a mapping of their own


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


NEVER = 2**31 - 1  # a threshold the collector's counts do not reach


def take_over_full_collections() -> tuple[int, int, int]:
    """Freeze what is loaded now and stop Python's own full passes (``keep_trimmed`` makes
    them); the young generations are collected as before. Returns the thresholds that
    ``hand_back_full_collections`` restores (a test process starts many servers)."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(before[0], before[1], NEVER)
    return before


def hand_back_full_collections(before: tuple[int, int, int]) -> None:
    gc.set_threshold(*before)
    gc.unfreeze()


async def keep_trimmed(every: float) -> None:
    """Every ``every`` seconds a full collection, then ``trim`` in a thread (it walks the
    whole heap), until cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        try:
            gc.collect()
            await loop.run_in_executor(None, trim)
        except Exception:  # never the reason a server stops
            log.exception("the collection or malloc_trim failed")
