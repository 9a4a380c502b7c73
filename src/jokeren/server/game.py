"""The server's side of the wire: its own refusals in the shape of ``wire.RefusalJSON``, the
frames that carry a table's views and events, and the computer players' levels.

The game itself is a ``jokeren.table.Table``; what a seat receives is built by ``wire``
from what the engine says that seat may see.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import orjson

from ..events import Event
from ..phase import Phase
from ..table import Table
from ..wire import ClockJSON, RefusalJSON, encode_event, encode_view

LEVELS = ("random", "basic", "strong", "level1", "level2", "level3", "level4", "level5")
Frame = dict[str, Any]


def refusal(key: str, en: str, nl: str, **params: Any) -> RefusalJSON:
    """A refusal of the server itself (malformed message, stale version, rate limit)."""
    return {"key": key, "params": params, "text": {"en": en, "nl": nl}}


def moves(table: Table, seat: int | None) -> list[str]:
    """What the engine lists as legal for ``seat`` now, in the notation, when it is that
    seat's move (the browser's hints and its check of a selection); else nothing. Made from
    the seat's own hand and the table, so it tells the seat nothing it may not see."""
    if seat is None or table.to_act != seat or table.phase is Phase.ROUND_OVER:
        return []  # between rounds the table deals by itself
    return [str(a) for a in table.legal()]


def events_frame(table: Table, seat: int | None, events: Iterable[Event],
                 kind: str = "events", clock: ClockJSON | None = None) -> Frame:
    """The events as ``seat`` may see them, with the version, the seat's whole view, its
    listed moves and the clock that runs for the seat to act (None: no clock)."""
    return {"type": kind, "version": table.version,
            "events": [encode_event(e, seat) for e in events],
            "view": encode_view(table.view(seat)), "moves": moves(table, seat),
            "clock": clock}


def dumps(data: Any) -> str:
    """A frame as compact JSON text: orjson (four views an action add up), the standard
    library for what orjson will not write (an integer beyond 64 bits)."""
    try:
        return orjson.dumps(data).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
