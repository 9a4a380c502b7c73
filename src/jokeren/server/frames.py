"""The server's side of the wire: its own refusals in the shape of ``wire.RefusalJSON``, the
frames that carry a table's views and events.

The game itself is a ``jokeren.play.table.Table``; what a seat receives is built by ``wire``
from what the engine says that seat may see.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import orjson

from ..analysis.legal import joker_readings
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.phase import Phase
from ..engine.views import SeatView
from ..engine.wire import ClockJSON, RefusalJSON, ViewJSON, encode_event, encode_view, encode_views
from ..play.table import Table
from ..rules.cards import format_cards
from ..rules.melds import Meld, reading
from ..words.moves import explain
from . import errors


class Learner(Protocol):
    learn: bool


Frame = dict[str, Any]


def refusal(key: str, message: str | None = None, **params: Any) -> RefusalJSON:
    """A refusal of the server itself (malformed message, stale version, rate limit): the
    catalogue's ``message`` (else ``api_KEY``) with ``params``."""
    body: RefusalJSON = errors.refusal(key, message, **params)  # type: ignore[assignment]
    return body


def listed(table: Table, seat: int | None) -> list[Action]:
    """What the engine lists as legal for ``seat`` now, when it is that seat's move (the
    browser's hints and its check of a selection); else nothing. Every card a listed meld's
    joker may stand for is listed too (``legal.joker_readings``): the browser asks the
    player which. Made from the seat's own hand and the table, so it tells the seat nothing
    it may not see."""
    if seat is None or table.to_act != seat or table.phase is Phase.ROUND_OVER:
        return []  # between rounds the table deals by itself
    legal = table.legal()
    return [*legal, *joker_readings(table.state, legal)]


def listing(table: Table, seat: int | None) -> Frame:
    """A frame's ``moves`` and, while the seat must still come out with points, ``values``:
    the points of each new meld in them, so the browser counts the selection toward the
    requirement with the engine's own values."""
    actions = listed(table, seat)
    frame: Frame = {"moves": [str(a) for a in actions]}
    state = table.state
    if actions and seat is not None and state.requirement.points and not state.come_out[seat]:
        values: dict[str, int] = {}
        for action in actions:
            for group in action.melds:
                meld = reading(group, state.rules, state.round_index)
                if isinstance(meld, Meld):
                    values[format_cards(group)] = meld.value()
        frame["values"] = values
    return frame


def round_end(table: Table, seat: int | None) -> Frame:
    """A welcome's ``round_end`` once a round has ended: that round as ``seat`` saw it end
    (its view then and the round's events), so that a page opened later shows how it ended;
    the same frames the seat was sent live, so nothing it may not see."""
    ended = table.round_end(seat)
    if ended is None:
        return {}
    v, events = ended
    return {"round_end": {"view": encode_view(v),
                          "events": [encode_event(e, seat) for e in events]}}


def events_frame(table: Table, seat: int | None, events: Iterable[Event],
                 kind: str = "events", clock: ClockJSON | None = None, *,
                 view: ViewJSON | None = None, moves: Frame | None = None,
                 changes: dict[str, Any] | None = None) -> Frame:
    """The events as ``seat`` may see them, with the version, the seat's whole view, its
    listed moves (``listing``) and the clock that runs for the seat to act (None: no
    clock). ``view`` and ``moves``: that seat's, made already (``seat_views``, the
    runner's listing of this version). ``changes`` (protocol 2): the view's changes
    from the last version's (``wire.view_changes``) instead of the whole view."""
    shown: Frame = {"view": encode_view(table.view(seat)) if view is None else view} \
        if changes is None else {"changes": changes}
    return {"type": kind, "version": table.version,
            "events": [encode_event(e, seat) for e in events], **shown,
            **(listing(table, seat) if moves is None else moves),
            "clock": clock}


def seat_views(table: Table, seats: Iterable[int | None]) -> dict[int | None, ViewJSON]:
    """The views of ``seats`` now, each made by the engine for its seat
    (``Table.view``), written sharing what every seat sees alike (``wire.encode_views``)."""
    order = list(dict.fromkeys(seats))
    return dict(zip(order, encode_views([table.view(s) for s in order]), strict=True))


def why(table: Table, before: SeatView, action: Action, conns: Iterable[Learner]
        ) -> Frame | None:
    """Learning mode: why a computer player made ``action`` (``before``: what it saw), in
    the terminal table's words (``words.moves.explain``), for the connections that asked.
    Only where the room plays with open hands: the reason may name the player's cards."""
    if not table.rules.open_hands or not any(c.learn for c in conns):
        return None
    text = {lang: explain(before, action, lang) for lang in ("en", "nl")}
    if text["en"] is None:
        return None
    return {"seat": before.seat, "action": str(action), "text": text}


def hello_of(first: Mapping[str, Any], most: int) -> Any:
    """What a socket's first message holds, read as JSON (``None``: binary, or not JSON); a
    hello over ``most`` bytes is refused before it is read (a page's is ~100 bytes), as
    every later message of that socket is."""
    text, data = first.get("text"), first.get("bytes")
    size = len(data) if isinstance(data, bytes) else 0
    if isinstance(text, str):
        size = len(text) if len(text) > most else len(text.encode("utf-8", "surrogatepass"))
    if size > most:
        raise errors.ApiError(400, "hello", "api_hello_too_big", most=most)
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def dumps(data: Any) -> str:
    """A frame as compact JSON text: orjson (four views an action add up), the standard
    library for what orjson will not write (an integer beyond 64 bits, a lone surrogate a
    client sent: written as its escape, so the text is valid UTF-8)."""
    try:
        return orjson.dumps(data).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(data, separators=(",", ":"))
