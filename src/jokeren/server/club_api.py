"""A club evening run from the browser (/api/club, docs/club.md): the server keeps the
evening as its file holds it (``jokeren-club/1``) and who is present, in the store, so it
survives a restart. Everything is decided by ``jokeren.club`` (the draw, the form's checks,
the standings); this module only keeps, guards and words it.

Only the secretary changes the evening: the token returned when it is made, sent as
``Authorization: Bearer TOKEN`` (never in a URL). Anyone with the evening's id reads it.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, Field

from ..club.clubfile import from_obj, to_json
from ..club.evening import (
    ClubError,
    Evening,
    Form,
    draw_next,
    enter_form,
    evening_winners,
    new_evening,
    new_lot,
    pending_rounds,
    per_game_rounds,
    round_points,
    standings,
)
from ..rules.house import Rules
from ..score.scorefile import same_player
from ..words.catalogue import t
from ..words.rules import describe, listed
from .errors import ApiError
from .score_api import EXPORTED, for_web, sheets_file
from .store import Store
from .tokens import digest, matches, new_id, new_token
from .web import Words

router = APIRouter(prefix="/api/club", tags=["club evening"])


class EveningIn(BaseModel):
    players: list[str] = Field(min_length=6, max_length=80, description="the members present")
    date: str = Field("", max_length=10, description="YYYY-MM-DD")
    title: str = Field("", max_length=80)
    rules: str = Field("jokeren", max_length=40, description="a preset")
    rounds: int = Field(7, ge=1, le=20)
    games: int = Field(4, ge=1, le=12, description="games a table plays a round")
    missed: str = Field("average", max_length=16,
                        description="how a round not played counts: average, highest, per-game")
    threes: str = Field("alike", max_length=16, description="a table of 3: alike or scaled")


class NameIn(BaseModel):
    name: str = Field(max_length=64)


class PresenceIn(BaseModel):
    name: str = Field(max_length=64)
    present: bool = Field(description="false: gone (not drawn from the next round on)")


class FormIn(BaseModel):
    round: int = Field(ge=1, le=20)
    table: int = Field(ge=1, le=40)
    games: list[list[int]] = Field(max_length=12, description="per game, the points per seat")
    stock_out: list[int] = Field([], max_length=12, description="games (from 1) nobody went out")
    totals: list[int] | None = Field(None, max_length=4,
                                     description="the column totals as written on the paper")


class StandingOut(BaseModel):
    place: int | None = Field(description="none: no game played (yet), listed last")
    name: str
    points: int
    games: int
    won: int
    best_round: int | None
    missed: int
    per_game: float | None
    rounds: list[int | None] = Field(description="the points counted for each round drawn")


class FormOut(BaseModel):
    games: list[list[int]]
    stock_out: list[int]
    totals: list[int]


class EveningOut(BaseModel):
    id: str
    title: str
    date: str
    rules: str
    rules_text: Words
    rounds: int
    games: int
    missed: str
    threes: str
    players: list[str]
    absent: list[str] = Field(description="players gone (or not come): not drawn")
    draws: list[list[list[str]]] = Field(description="per round, per table, the seats' names")
    forms: list[list[FormOut | None]] = Field(description="per round, per table")
    standings: list[StandingOut]
    notes: list[Words] = Field(description="how the standings count, in words")
    secretary: bool = Field(description="the request carried the secretary's token")


class CreatedOut(BaseModel):
    id: str
    secretary_token: str = Field(description="keep it: only it changes the evening")
    secretary_link: str = Field(description="the page with the token after '#'")
    read_link: str
    evening: EveningOut


def refusal(exc: ClubError, where: dict[str, object] | None = None) -> ApiError:
    error = _Refusal(400, exc.key, "api_as_is", error=for_web(exc))
    error.extra = dict(where or {})
    return error


class _Refusal(ApiError):
    """A refusal that says where (a form's game and column) for the page to show it there."""

    extra: dict[str, object]

    def body(self) -> dict[str, object]:
        return {**super().body(), "params": self.extra}


def _no_evening() -> ApiError:
    return ApiError(404, "no_evening")


def _not_secretary() -> ApiError:
    return ApiError(403, "not_secretary")


def _token(authorization: str | None) -> str | None:
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and len(token) <= 256 else None


def _store(request: Request) -> Store:
    store: Store = request.app.state.rooms.store
    return store


def _load(data: str) -> tuple[Evening, list[str]]:
    """The stored evening and who is away, named as the evening names its players now:
    an evening stored before names were kept in one form holds its absent names as they
    were typed ("Éva" as E and an accent, "Jan  Smit"), which the evening read anew writes
    otherwise (``kept_apart``); unmatched, a player sent home was drawn again."""
    obj = json.loads(data)
    evening = from_obj(obj["evening"])
    written = obj["evening"].get("players")
    as_now = dict(zip(written, evening.players, strict=False)) \
        if isinstance(written, list) else {}
    absent = []
    for name in obj.get("absent", []):
        now = as_now.get(name)
        if now is None:
            seat = same_player(evening.players, name)
            now = name if seat is None else evening.players[seat]
        if now not in absent:
            absent.append(now)
    return evening, absent


def _dump(evening: Evening, absent: list[str]) -> str:
    return json.dumps({"evening": json.loads(to_json(evening)), "absent": absent},
                      ensure_ascii=False)


def _words(key: str, **values: Any) -> Words:
    return Words(en=t(key, "en", **values), nl=t(key, "nl", **values))


def shown(club_id: str, evening: Evening, absent: list[str], secretary: bool) -> EveningOut:
    names = evening.players
    counted = round_points(evening)
    index = {n: i for i, n in enumerate(names)}
    rows = [StandingOut(place=s.place, name=s.name, points=s.points, games=s.games, won=s.won,
                        best_round=s.best_round, missed=s.missed, per_game=s.per_game,
                        rounds=[r[index[s.name]] for r in counted])
            for s in standings(evening)]
    forms = [[None if f is None else FormOut(
        games=[list(g) for g in f.games], stock_out=sorted(g + 1 for g in f.stock_out),
        totals=list(f.totals) if f.totals is not None
        else [sum(g[s] for g in f.games) for s in range(len(f.games[0]) if f.games else 0)])
        for f in row] for row in evening.forms]
    # first what the evening stands at (the projector shows the first two notes): the rounds
    # still awaiting forms, or the winner; then how the standings count
    notes: list[Words] = []
    for r, tables in pending_rounds(evening):  # counted once complete (club.settled)
        numbers = [str(k) for k in tables]
        notes.append(Words(en=t("club_round_pending", "en", r=r, n=len(tables),
                                tables=listed(numbers, "en")),
                           nl=t("club_round_pending", "nl", r=r, n=len(tables),
                                tables=listed(numbers, "nl"))))
    winners = evening_winners(evening)
    if winners:
        notes.append(_words("club_evening_winner", name=" / ".join(winners)))
    notes.append(_words(f"club_missed_{evening.missed}"))
    if evening.threes == "scaled":
        notes.append(_words("club_threes_scaled"))
    notes.append(_words("club_tiebreak_per_game" if evening.missed == "per-game"
                        else "club_tiebreak"))
    if evening.missed == "per-game" and per_game_rounds(evening) > 1:
        notes.append(_words("club_per_game_minimum", n=per_game_rounds(evening)))
    fewer = [s for s in rows if s.games < max((r.games for r in rows), default=0)]
    if fewer:  # as under the printed standings: who played fewer games, and how many
        notes.append(_words("club_unequal", most=max(r.games for r in rows),
                            who=", ".join(f"{s.name} {s.games}" for s in fewer)))
    rules = Rules.load(evening.rules)
    return EveningOut(
        id=club_id, title=evening.title, date=evening.date, rules=evening.rules,
        rules_text=Words(en=describe(rules, "en"), nl=describe(rules, "nl")),
        rounds=evening.rounds, games=evening.games, missed=evening.missed,
        threes=evening.threes, players=list(names), absent=absent,
        draws=[[[names[p] for p in table] for table in tables] for tables in evening.draws],
        forms=forms, standings=rows, notes=notes, secretary=secretary)


def _link(request: Request, path: str) -> str:
    base = getattr(request.app.state, "public_url", "") or str(request.base_url)
    return f"{base.rstrip('/')}{path}"


@router.post("", status_code=201)
async def create(body: EveningIn, request: Request) -> CreatedOut:
    """A new evening: the members present, its date and rules, how a missed round counts.
    Answers the secretary's token (only it changes the evening) and the public read link."""
    try:
        evening = new_evening(body.players, body.rounds, body.games,
                              new_lot(), body.rules, body.title.strip(),
                              body.missed, body.threes, body.date.strip())
    except ClubError as exc:
        raise refusal(exc) from None
    club_id, token = new_id(), new_token()
    await _store(request).create_club(club_id, digest(token), _dump(evening, []))
    return CreatedOut(id=club_id, secretary_token=token,
                      secretary_link=_link(request, f"/club/{club_id}#{token}"),
                      read_link=_link(request, f"/club/{club_id}"),
                      evening=shown(club_id, evening, [], True))


Authorization = Header(None, description="Bearer TOKEN: the secretary's token")


@router.get("/{club_id}")
async def read(club_id: str, request: Request,
               authorization: str | None = Authorization) -> EveningOut:
    """The evening: who plays, the draw, the forms entered and the standings (anyone)."""
    found = await _store(request).club(club_id)
    if found is None:
        raise _no_evening()
    evening, absent = _load(found[1])
    return shown(club_id, evening, absent, matches(_token(authorization), found[0]))


async def _change(request: Request, club_id: str, authorization: str | None,
                  change: Any) -> EveningOut:
    """The evening changed by ``change(evening, absent)`` -> (evening, absent), by the
    secretary only, in one locked transaction."""
    token = _token(authorization)

    def decide(secretary_hash: str, data: str) -> tuple[EveningOut, str]:
        if not matches(token, secretary_hash):
            raise _not_secretary()
        evening, absent = change(*_load(data))
        return shown(club_id, evening, absent, True), _dump(evening, absent)

    out = await _store(request).change_club(club_id, decide)
    if out is None:
        raise _no_evening()
    return out


def _find(evening: Evening, name: str) -> str:
    """The player ``name`` names in full, as the command line finds her (``same_player``:
    capitals aside, "Éva" typed as one character or as E and an accent, "eva" where one
    Éva plays; ``lower`` alone missed the accent typed apart). No beginnings: a page
    names a player in full."""
    seat = same_player(evening.players, name)
    if seat is None:
        raise ApiError(400, "club_no_player", name=repr(name))
    return evening.players[seat]


@router.post("/{club_id}/draw")
async def draw(club_id: str, request: Request,
               authorization: str | None = Authorization) -> EveningOut:
    """The next round drawn for the players present (the secretary)."""
    def change(evening: Evening, absent: list[str]) -> tuple[Evening, list[str]]:
        away = [i for i, p in enumerate(evening.players) if p in absent]
        try:
            return draw_next(evening, away), absent
        except ClubError as exc:
            raise refusal(exc) from None

    return await _change(request, club_id, authorization, change)


class RoundIn(BaseModel):
    round: int = Field(ge=1, le=20)


@router.post("/{club_id}/redraw")
async def redraw_round(club_id: str, body: RoundIn, request: Request,
                       authorization: str | None = Authorization) -> EveningOut:
    """A round drawn again for who is present now (someone left, or came), the later
    rounds dropped; refused once a form of them is entered (the secretary)."""
    from ..club.evening import redraw

    def change(evening: Evening, absent: list[str]) -> tuple[Evening, list[str]]:
        away = [i for i, p in enumerate(evening.players) if p in absent]
        try:
            return redraw(evening, body.round, away), absent
        except ClubError as exc:
            raise refusal(exc) from None

    return await _change(request, club_id, authorization, change)


@router.post("/{club_id}/players")
async def add(club_id: str, body: NameIn, request: Request,
              authorization: str | None = Authorization) -> EveningOut:
    """A latecomer: drawn from the next round on (the secretary)."""
    from ..club.evening import add_player

    def change(evening: Evening, absent: list[str]) -> tuple[Evening, list[str]]:
        try:
            return add_player(evening, body.name), absent
        except ClubError as exc:
            raise refusal(exc) from None

    return await _change(request, club_id, authorization, change)


@router.post("/{club_id}/presence")
async def presence(club_id: str, body: PresenceIn, request: Request,
                   authorization: str | None = Authorization) -> EveningOut:
    """A player gone home (not drawn from the next round on), or back (the secretary)."""
    def change(evening: Evening, absent: list[str]) -> tuple[Evening, list[str]]:
        name = _find(evening, body.name)
        gone = [p for p in absent if p != name] + ([] if body.present else [name])
        return evening, gone

    return await _change(request, club_id, authorization, change)


@router.post("/{club_id}/forms")
async def form(club_id: str, body: FormIn, request: Request,
               authorization: str | None = Authorization) -> EveningOut:
    """A table's competition form entered (again, to correct it) with the form's checks:
    a refusal says which game and column (``params``: ``game``, ``column`` from 1)."""
    def change(evening: Evening, absent: list[str]) -> tuple[Evening, list[str]]:
        entered = Form(tuple(tuple(g) for g in body.games),
                       frozenset(g - 1 for g in body.stock_out),
                       tuple(body.totals) if body.totals is not None else None)
        try:
            return enter_form(evening, body.round, body.table, entered), absent
        except ClubError as exc:
            where: dict[str, object] = {}
            if isinstance(exc.params.get("game"), int):
                where["game"] = exc.params["game"]
            name = exc.params.get("name")
            if body.round <= len(evening.draws) and body.table <= len(
                    evening.draws[body.round - 1]):
                seats = [evening.players[p] for p in evening.draws[body.round - 1][
                    body.table - 1]]
                if name in seats:
                    where["column"] = seats.index(str(name)) + 1
            raise refusal(exc, where) from None

    return await _change(request, club_id, authorization, change)


@router.get("/{club_id}/{what}.{kind}", response_class=Response, responses=EXPORTED)
async def export(club_id: str, what: Literal["standings", "seating"],
                 kind: Literal["xlsx", "csv", "pdf"], request: Request,
                 lang: Literal["en", "nl"] = "en") -> Response:
    """The evening's standings (xlsx: with the forms, which its formulas read) or seating
    lists, as ``jokeren club standings`` / ``seating`` write them (anyone may read)."""
    from ..club.clubgrids import seating_grids, standings_book, standings_grid

    found = await _store(request).club(club_id)
    if found is None:
        raise _no_evening()
    evening, _ = _load(found[1])
    if what == "seating":
        sheets = seating_grids(evening, lang)
    else:
        sheets = (standings_book(evening, lang) if kind == "xlsx"
                  else [standings_grid(evening, lang)])
    name = t(f"club_file_{what}", lang)
    return await sheets_file(sheets, kind, name, lang)


__all__ = ["router", "shown"]
