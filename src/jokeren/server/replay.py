"""A finished game move by move, for the browser's replay page: the engine plays the record
(``record.steps``) and every deal and move comes back as the table then stood, every hand
open (the game is over), with its events. The browser replays nothing itself; the server
holds the record only for the request.

Paged: one answer holds at most ``PAGE`` steps (``start``: the first; ``total``: how many
the record has, counted without replaying). Each address has a bucket of steps the engine
may replay for it (``STEPS``, charged before the replay: the page's end), and one replay
runs at a time, in a process of its own (started at the first replay): a record of 20,000
moves asked for again and again takes neither the event loop nor its lock on Python
(the GIL) from the tables (docs/server.md, "Fair shares")."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from itertools import islice
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..engine.record import Record, RecordError, Step, Stopped, steps
from ..engine.views import view
from ..engine.wire import EventJSON, ViewJSON, encode_event, encode_view
from .errors import ApiError
from .limits import Buckets, address, too_many

router = APIRouter(prefix="/api")
MOST_STEPS = 20_000  # a match of 12 rounds of long play stays far below
PAGE = 500  # steps in one answer (about 1.3 MB of JSON)
STEPS = (500.0, 6_000.0)  # steps replayed a second for one address, burst: a long match's
# pages (500, 750, 1,000, ...) fit the burst; a flood gets a page a second


def cost(start: int, count: int) -> float:
    """What a page takes from the address's bucket: its steps written out, and the steps
    before it that the engine replays only (about half the work of one written out); at
    most the whole burst, so every page can be had by waiting."""
    return min(count + start / 2, STEPS[1])


class ReplayIn(BaseModel):
    record: Any = Field(description="a jokeren-record/1 record (docs/notation.md), or the text "
                                    "of a record file")
    start: int = Field(0, ge=0, le=MOST_STEPS, description="the first step of the page")
    count: int = Field(PAGE, ge=1, le=PAGE, description="steps in the page, at most 500")


class StepOut(BaseModel):
    round: int = Field(description="from 1")
    move: int = Field(description="0: the deal; else the move's number in the round")
    line: str | None = Field(description='the record\'s line, e.g. "Ann: draw"')
    view: dict[str, Any] = Field(description="the table after it: a spectator's view with "
                                             "every hand in open_hands")
    events: list[dict[str, Any]] = Field(description="its events, every card in them")


class ReplayOut(BaseModel):
    players: list[str]
    start: int = Field(description="the index of the page's first step")
    total: int = Field(description="the record's steps in all (deals and moves)")
    steps: list[StepOut]


def open_view(step: Step) -> ViewJSON:
    """The table after ``step`` as a spectator sees it, with every hand laid open."""
    return encode_view(replace(view(step.state, None), open_hands=step.state.hands))


def open_events(step: Step) -> list[EventJSON]:
    """The step's events with their cards: each as the seat that made it saw it (a drawn
    card, a dealt hand, an exchanged card are private to that seat; the rest is public)."""
    return [encode_event(e, e.seat) for e in step.events]


def load(data: object) -> Record:
    """The record ``data`` (a record file's text or its JSON); ApiError 422 if it is not
    one or it is longer than ``MOST_STEPS``."""
    try:
        record = Record.loads(data) if isinstance(data, str) else Record.from_json(data)
    except RecordError as exc:
        raise _not_a_record(exc) from None
    if total_steps(record) > MOST_STEPS:
        raise ApiError(422, "record_long", most=MOST_STEPS)
    return record


def total_steps(record: Record) -> int:
    """The steps ``steps(record)`` gives when the engine accepts every move: each round's
    deal and moves (counted, not replayed)."""
    return sum(1 + len(rnd.moves) for rnd in record.rounds)


def _not_a_record(exc: RecordError) -> ApiError:
    return ApiError(422, "record", error=exc)


def replay_record(data: object, start: int = 0, count: int = PAGE) -> ReplayOut:
    """Steps ``start`` to ``start + count`` of the record ``data`` (the engine replays up
    to the page's end, views are written for the page only); ApiError 422 (one sentence)
    if it is malformed or the engine refuses one of its moves up to there."""
    record = load(data)
    total = total_steps(record)
    out: list[StepOut] = []
    try:
        for step in islice(steps(record), start, start + count):
            out.append(StepOut(round=step.round, move=step.move, line=step.line,
                               view=dict(open_view(step)),
                               events=[dict(e) for e in open_events(step)]))
    except RecordError as exc:
        raise _not_a_record(exc) from None
    except Stopped as stop:
        where = stop.error
        raise ApiError(422, "record_move", move=where["move"], round=where["round"],
                       line=where["text"], reason=stop.reason) from None
    if not total:
        raise ApiError(422, "record_empty")
    return ReplayOut(players=list(record.players), start=start, total=total, steps=out)


def page_json(data: object, start: int, count: int) -> tuple[int, bytes]:
    """The page as the answer's status and JSON (a refusal's too): what the replaying
    process sends back (an ApiError does not cross a process)."""
    try:
        return 200, orjson.dumps(replay_record(data, start, count).model_dump())
    except ApiError as exc:
        return exc.status, orjson.dumps(exc.body())


# what a request to these addresses with no body at all is told (app.py's 422 handler): not
# "the request is not as this address takes it (body)", a program word in Dutch
NO_BODY = {"/api/replay": "record_none"}


def replayer(state: Any) -> ProcessPoolExecutor:
    """The server's one replaying process (spawned: the server has threads)."""
    found: ProcessPoolExecutor | None = getattr(state, "replayer", None)
    if found is None:
        found = state.replayer = ProcessPoolExecutor(
            1, mp_context=multiprocessing.get_context("spawn"))
    return found


@router.post("/replay", response_model=ReplayOut, tags=["browser"])
async def replay_steps(request: Request, body: ReplayIn) -> Response:
    """A match record played by the engine: the table after every deal and move, every
    hand open, with the events (the replay page), a page of at most 500 steps from
    ``start``. A record that is malformed or holds a refused move: 422 with one sentence
    in Dutch and English (an empty record file's text: the file is empty; a request with
    no body at all: no record was sent); too many steps replayed for one address: 429."""
    state = request.app.state
    if getattr(state, "replay_steps", None) is None:
        state.replay_steps, state.replaying = Buckets(STEPS), asyncio.Lock()
    buckets: Buckets = state.replay_steps
    wait = buckets.take(address(request.scope), cost(body.start, body.count))
    if wait:
        refusal, headers = too_many(wait, "replays")
        return Response(orjson.dumps(refusal), 429, headers, "application/json")
    async with state.replaying:  # one replay at a time, in its own process
        for attempt in (1, 2):
            try:
                status, data = await asyncio.get_running_loop().run_in_executor(
                    replayer(state), page_json, body.record, body.start, body.count)
                break
            except BrokenProcessPool:  # the process died (killed, out of memory): anew
                state.replayer.shutdown(wait=False, cancel_futures=True)
                state.replayer = None
                if attempt == 2:
                    raise ApiError(503, "replay_failed") from None
    return Response(data, status, media_type="application/json")
