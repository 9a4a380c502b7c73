"""The HTTP API (its OpenAPI description is at /openapi.json): rooms, links, the record."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, Field

from .errors import ApiError
from .limits import address
from .rooms import Options, Rooms, SeatSpec

router = APIRouter(prefix="/api")
# bots.LEVELS, spelled out for the OpenAPI description (tests/test_server_api.py: the same)
Level = Literal["random", "basic", "strong", "level1", "level2", "level3", "level4", "level5"]


class SeatIn(BaseModel):
    kind: Literal["person", "computer"]
    level: Level | None = Field(None, description="a computer player's level")


class RoomIn(BaseModel):
    rules: str | dict[str, Any] = Field(
        "amerikaans", description='a preset, or {"preset": NAME, house-rule keys...}')
    seats: list[SeatIn] = Field(min_length=1, max_length=12)
    money: bool | None = Field(None, description="money mode: on, off, or as the rules say")
    buying_window: int = Field(0, ge=0, le=10, description="seconds; 0: off, else 4-10")
    grace: int = Field(60, ge=0, le=3600, description="seconds an absent person keeps the seat")
    substitute: Level = Field(
        "basic", description="who plays an absent person's seat, or a turn that ran out")
    turn_timer: int = Field(0, ge=0, le=300,
                            description="seconds a person's turn may last; 0: off, else 30-300")


class Warning(BaseModel):
    en: str
    nl: str


class RoomOut(BaseModel):
    room: str
    host_token: str
    invite_token: str
    spectate_token: str
    invite: str = Field(description="the link to send to the players")
    spectate: str = Field(description="the link for spectators")
    warnings: list[Warning] = Field(description="rules that contradict each other")


class JoinIn(BaseModel):
    token: str = Field(max_length=256, description="the invite link's token")
    name: str = Field(max_length=64)


class SeatOut(BaseModel):
    room: str
    seat: int
    token: str = Field(description="the seat's token: keep it to come back")
    socket: str
    base: str = Field(description="scheme://host[:port] other devices reach this server "
                      "at, as the invite links use it: a link to this seat from another "
                      "device goes there")


class HostIn(BaseModel):
    token: str = Field(max_length=256, description="the host's token")


class GiveIn(HostIn):
    level: Level = "basic"


class PlayNowIn(BaseModel):
    name: str = Field(max_length=64)
    rules: str | dict[str, Any] = "amerikaans"
    computers: list[Level] = Field(["basic", "basic", "basic"], min_length=1, max_length=11)


class Done(BaseModel):
    ok: bool = True


def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def _base(request: Request) -> str:
    """Where other devices reach this server: the public address when it has one
    (``--public-url``, the house network's), else the address the request came to."""
    base = getattr(request.app.state, "public_url", "") or str(request.base_url)
    return base.rstrip("/")


def _links(request: Request, room: str, token: str, kind: str) -> str:
    """A link to send, on ``_base``."""
    return f"{_base(request)}/{kind}/{room}#{token}"


def _socket(room: str) -> str:
    return f"/ws/{room}"


def _bearer(authorization: str | None) -> str:
    """The token of an ``Authorization: Bearer TOKEN`` header: tokens travel in headers or
    bodies, never in a URL (a URL reaches the access log)."""
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 256:
        raise ApiError(401, "no_token", headers={"WWW-Authenticate": "Bearer"})
    return token.strip()


Authorization = Header(None, description="Bearer TOKEN: any of the room's tokens")


@router.post("/rooms", response_model=RoomOut, status_code=201)
async def create_room(body: RoomIn, request: Request) -> RoomOut:
    """Make a room: the rules, the seats, money mode and the timers."""
    created = await _rooms(request).create(
        body.rules, [SeatSpec(s.kind, s.level) for s in body.seats], body.money,
        Options(buying_window=body.buying_window, grace=body.grace,
                substitute=body.substitute, turn_timer=body.turn_timer),
        address(request.scope))
    return RoomOut(room=created.room_id, host_token=created.host_token,
                   invite_token=created.invite_token, spectate_token=created.spectate_token,
                   invite=_links(request, created.room_id, created.invite_token, "join"),
                   spectate=_links(request, created.room_id, created.spectate_token, "watch"),
                   warnings=[Warning(**w) for w in created.warnings])


@router.post("/rooms/{room}/join", response_model=SeatOut)
async def join(room: str, body: JoinIn, request: Request) -> SeatOut:
    """Take a seat with a display name (the invite link's token)."""
    seat, token = await _rooms(request).join(room, body.token, body.name)
    return SeatOut(room=room, seat=seat, token=token, socket=_socket(room), base=_base(request))


@router.post("/rooms/{room}/start", response_model=Done)
async def start(room: str, body: HostIn, request: Request) -> Done:
    """The host starts the match once every person has joined."""
    await _rooms(request).start(room, body.token)
    return Done()


@router.post("/rooms/{room}/seats/{seat}/computer", response_model=Done)
async def give(room: str, seat: int, body: GiveIn, request: Request) -> Done:
    """The host gives an absent person's seat to a computer player (until they return)."""
    await _rooms(request).give_to_computer(room, body.token, seat, body.level)
    return Done()


class ArrangeIn(HostIn):
    kind: Literal["person", "computer"]
    level: Level | None = Field(None, description="a computer player's level")


@router.post("/rooms/{room}/seats/{seat}/kind", response_model=Done)
async def arrange(room: str, seat: int, body: ArrangeIn, request: Request) -> Done:
    """Before the start, the host makes a seat nobody has taken a computer player's or a
    person's (the lobby)."""
    await _rooms(request).arrange(room, body.token, seat, body.kind, body.level or "basic")
    return Done()


class RematchOut(BaseModel):
    room: str = Field(description="the new room: every token of the old one opens it")


@router.post("/rooms/{room}/rematch", response_model=RematchOut, status_code=201)
async def rematch(room: str, body: HostIn, request: Request) -> RematchOut:
    """The host plays again: the same seats and rules in a new room, started at once."""
    return RematchOut(room=await _rooms(request).rematch(room, body.token,
                                                         address(request.scope)))


class SwitchIn(HostIn):
    on: bool


@router.post("/rooms/{room}/pause", response_model=Done)
async def pause(room: str, body: SwitchIn, request: Request) -> Done:
    """The host pauses the table (``on``: true) or goes on (false): while paused nothing
    moves and no clock runs."""
    await _rooms(request).pause(room, body.token, body.on)
    return Done()


@router.post("/rooms/{room}/chat", response_model=Done)
async def chat(room: str, body: SwitchIn, request: Request) -> Done:
    """The host switches the table chat on or off (reactions stay)."""
    await _rooms(request).chat(room, body.token, body.on)
    return Done()


@router.get("/rooms/{room}/words")
async def words(room: str, request: Request,
                authorization: str | None = Authorization) -> list[dict[str, Any]]:
    """Every reaction and line of chat said at the table, in order (any of the room's
    tokens, as a Bearer token)."""
    return await _rooms(request).words(room, _bearer(authorization))


@router.get("/rooms/{room}/sheet.{kind}", response_class=Response)
async def sheet(room: str, kind: Literal["xlsx", "csv", "pdf"], request: Request,
                lang: Literal["en", "nl"] = "en",
                authorization: str | None = Authorization) -> Response:
    """The finished match's score sheet (xlsx with formulas, csv or pdf), as ``jokeren
    score`` makes it of the record (any of the room's tokens, as a Bearer token)."""
    from .score_api import sheets_file

    grid = await _rooms(request).sheet(room, _bearer(authorization), lang)
    return await sheets_file([grid], kind, f"jokeren-{room}", lang)


@router.get("/rooms/{room}/matches")
async def matches(room: str, request: Request,
                  authorization: str | None = Authorization) -> list[dict[str, Any]]:
    """The room's matches: this one and those its rematches made, before and after, in
    the order played (each opens with the same tokens; its record and score sheet are
    downloaded from it)."""
    return await _rooms(request).matches(room, _bearer(authorization))


@router.post("/rooms/{room}/end", response_model=Done)
async def end(room: str, body: HostIn, request: Request) -> Done:
    """The host ends the room: the table stops, the links no longer open it."""
    await _rooms(request).end(room, body.token)
    return Done()


@router.get("/rooms/{room}")
async def info(room: str, request: Request,
               authorization: str | None = Authorization) -> dict[str, Any]:
    """The room's rules, options, seats and status (any of its tokens, as a Bearer
    token)."""
    return await _rooms(request).info(room, _bearer(authorization))


@router.get("/rooms/{room}/record")
async def record(room: str, request: Request,
                 authorization: str | None = Authorization) -> dict[str, Any]:
    """The finished match as a jokeren-record/1 record (``jokeren replay`` replays it;
    any of the room's tokens, as a Bearer token)."""
    return await _rooms(request).record(room, _bearer(authorization))


@router.post("/play-now", response_model=SeatOut, status_code=201)
async def play_now(body: PlayNowIn, request: Request) -> SeatOut:
    """Play against the computer now: a room, a seat and the match, in one step."""
    created, seat, token = await _rooms(request).play_now(body.rules, body.name, body.computers,
                                                          address(request.scope))
    return SeatOut(room=created.room_id, seat=seat, token=token, socket=_socket(created.room_id),
                   base=_base(request))
