"""Answers kept by an object's identity, for immutable objects that are costly to hash.

A table of melds, a state or a rule set is shared unchanged by many states, and asked the
same question again and again by move listing and search; hashing it would cost more than
the answer. Each entry holds its object beside the answer, so the object's id cannot be
taken by another object while the entry lives. The cache starts again when it is full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """``compute(obj)``, computed once per object (by identity) while it stays cached."""

    def __init__(self, compute: Callable[[K], V], size: int = 256) -> None:
        self._compute = compute
        self._size = size
        self._entries: dict[int, tuple[K, V]] = {}

    def __call__(self, obj: K) -> V:
        entry = self._entries.get(id(obj))
        if entry is None or entry[0] is not obj:
            if len(self._entries) >= self._size:
                self._entries.clear()
            entry = self._entries[id(obj)] = (obj, self._compute(obj))
        return entry[1]

    def share(self, obj: K, like: K) -> None:
        """Give ``obj`` the answer of ``like``: the caller knows they are the same."""
        value = self(like)
        if len(self._entries) >= self._size:
            self._entries.clear()
        self._entries[id(obj)] = (obj, value)
