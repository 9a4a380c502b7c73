"""The engine's process-wide caches, each with a bound, and the budget they share.

Move listing, search and the computer players ask the same pure questions again and again
(is this a meld, what do these cards extend, what can this hand make), so the answers are
kept. A server holds many tables under many house rules in one process, so every cache
has a bound, declared where the cache is made (``budget``), and together they have a budget
(``BUDGET``). A cache that reaches its
bound drops its oldest half (dicts keep insertion order): oldest first, not least recently
used, because a hit then costs nothing extra. Each cache registers itself, so a benchmark
(benchmarks/memory.py) and the tests can measure and empty them all.

``ByIdentity`` keeps answers by an object's identity, for immutable objects that are costly
to hash: a table of melds, a state or a rule set is shared unchanged by many states.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

# The bound, in entries, of every process-wide cache, by its name, as each declared it
# (``budget``): about 55 MB in all when every one is full (bytes measured in 4-player
# random play, where buying makes big hands; the figures of a server's tables:
# benchmarks/memory.py, docs/benchmarks.md).
BUDGET: dict[str, int] = {}
SCALE = 1.0  # multiplies every bound declared after it is set (the memory benchmarks)


def budget(name: str, entries: int) -> int:
    """Declare the bound of cache ``name``: ``entries`` times ``SCALE``, kept in ``BUDGET``."""
    size = BUDGET[name] = max(2, round(entries * SCALE))
    return size


@dataclass(frozen=True)
class Cache:
    """A registered cache: its name (a key of ``BUDGET``), how many entries it holds now,
    what it holds (for measuring) and how to empty it."""

    name: str
    entries: Callable[[], int]
    contents: Callable[[], object]
    clear: Callable[[], None]


CACHES: list[Cache] = []


def register(name: str, entries: Callable[[], int], contents: Callable[[], object],
             clear: Callable[[], None]) -> None:
    """Name a process-wide cache (its bound is ``BUDGET[name]``)."""
    CACHES.append(Cache(name, entries, contents, clear))


def clear_all() -> None:
    """Empty every registered cache (tests, and a server that wants its memory back)."""
    for cache in CACHES:
        cache.clear()


def drop_oldest(table: dict[Any, Any], keep: int) -> None:
    """Drop the oldest entries of ``table`` until ``keep`` are left."""
    for key in list(islice(table, max(0, len(table) - keep))):
        del table[key]


class ByIdentity(Generic[K, V]):
    """``compute(obj)``, computed once per object (by identity) while it stays cached.

    Each entry holds its object beside the answer, so the object's id cannot be taken by
    another object while the entry lives. At ``size`` entries the older half goes.
    """

    def __init__(self, compute: Callable[[K], V], size: int = 256,
                 name: str | None = None) -> None:
        """A named cache declares ``size`` as its budget (``budget``) and registers."""
        self._compute = compute
        self._size = budget(name, size) if name is not None else size
        self._entries: dict[int, tuple[K, V]] = {}
        if name is not None:
            register(name, self.__len__, lambda: self._entries, self.clear)

    def __len__(self) -> int:
        return len(self._entries)

    def __call__(self, obj: K) -> V:
        entry = self._entries.get(id(obj))
        if entry is None or entry[0] is not obj:
            if len(self._entries) >= self._size:
                drop_oldest(self._entries, self._size // 2)
            entry = self._entries[id(obj)] = (obj, self._compute(obj))
        return entry[1]

    def share(self, obj: K, like: K) -> None:
        """Give ``obj`` the answer of ``like``: the caller knows they are the same."""
        value = self(like)
        if len(self._entries) >= self._size:
            drop_oldest(self._entries, self._size // 2)
        self._entries[id(obj)] = (obj, value)

    def clear(self) -> None:
        self._entries.clear()
