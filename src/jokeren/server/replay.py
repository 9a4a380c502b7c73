"""A finished game move by move, for the browser's replay page: the engine plays the record
(``record.steps``) and every deal and move comes back as the table then stood, every hand
open (the game is over), with its events. The browser replays nothing itself; the server
holds the record only for the request."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ..engine.record import Record, RecordError, Step, Stopped, steps
from ..engine.views import view
from ..engine.wire import EventJSON, ViewJSON, encode_event, encode_view
from ..rules.reasons import text_of
from .errors import ApiError

router = APIRouter(prefix="/api")
MOST_STEPS = 20_000  # a match of 12 rounds of long play stays far below


class ReplayIn(BaseModel):
    record: Any = Field(description="a jokeren-record/1 record (NOTATION.md), or the text "
                                    "of a record file")


class StepOut(BaseModel):
    round: int = Field(description="from 1")
    move: int = Field(description="0: the deal; else the move's number in the round")
    line: str | None = Field(description='the record\'s line, e.g. "Ann: draw"')
    view: dict[str, Any] = Field(description="the table after it: a spectator's view with "
                                             "every hand in open_hands")
    events: list[dict[str, Any]] = Field(description="its events, every card in them")


class ReplayOut(BaseModel):
    players: list[str]
    steps: list[StepOut]


def open_view(step: Step) -> ViewJSON:
    """The table after ``step`` as a spectator sees it, with every hand laid open."""
    return encode_view(replace(view(step.state, None), open_hands=step.state.hands))


def open_events(step: Step) -> list[EventJSON]:
    """The step's events with their cards: each as the seat that made it saw it (a drawn
    card, a dealt hand, an exchanged card are private to that seat; the rest is public)."""
    return [encode_event(e, e.seat) for e in step.events]


def replay_record(data: object) -> ReplayOut:
    """Every step of the record ``data``; ApiError 422 (one sentence) if it is malformed or
    the engine refuses one of its moves."""
    try:
        record = Record.loads(data) if isinstance(data, str) else Record.from_json(data)
        out: list[StepOut] = []
        for step in steps(record):
            if len(out) >= MOST_STEPS:
                raise ApiError(422, "record_long", f"a record of at most {MOST_STEPS} moves "
                               "can be replayed here", f"hier kan een verslag van hoogstens "
                               f"{MOST_STEPS} zetten teruggekeken worden")
            out.append(StepOut(round=step.round, move=step.move, line=step.line,
                               view=dict(open_view(step)),
                               events=[dict(e) for e in open_events(step)]))
    except RecordError as exc:
        raise ApiError(422, "record", f"this is not a game record that can be replayed: "
                       f"{exc.text('en')}", f"dit is geen partijverslag dat teruggekeken "
                       f"kan worden: {exc.text('nl')}") from None
    except Stopped as stop:
        where = stop.error
        raise ApiError(422, "record_move",
                       f"move {where['move']} of round {where['round']} ({where['text']}) is "
                       f"not allowed: {text_of(stop.reason, 'en')}",
                       f"zet {where['move']} van ronde {where['round']} ({where['text']}) mag "
                       f"niet: {text_of(stop.reason, 'nl')}") from None
    if not out:
        raise ApiError(422, "record_empty", "this record holds no round to replay",
                       "dit verslag heeft geen ronde om terug te kijken")
    return ReplayOut(players=list(record.players), steps=out)


@router.post("/replay", response_model=ReplayOut, tags=["browser"])
def replay_steps(body: ReplayIn) -> ReplayOut:
    """A game record played by the engine: the table after every deal and move, every
    hand open, with the events (the replay page). A record that is malformed or holds a
    refused move: 422 with one sentence in Dutch and English."""
    return replay_record(body.record)
