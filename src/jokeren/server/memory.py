"""Give freed memory back to the system, so that a long-running server's size follows what
it holds rather than the most it ever held.

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
