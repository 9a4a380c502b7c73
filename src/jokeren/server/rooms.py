"""Rooms: who sits where, the links that let people in, and the table runner of each room
that is being played. Every token is random, stored as a digest, compared in constant time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from ..bots import LEVELS, LevelList
from ..engine import DealError, check_players
from ..play.table import Seat, Table, new_seed
from ..rules.house import Money, Rules, RulesError, contradictions
from ..words.rules import RULE_KEYS, contradiction, explain
from . import tokens
from .errors import ApiError, forbidden, not_found
from .limits import Limits, Sends, Thinking
from .lobby import LobbyHub
from .names import check_name, check_unlike, skeleton
from .runtime import Conn, Gone, TableRunner, Timing
from .store import Change, RoomRow, SeatRow, Store
from .together import TableWords

if TYPE_CHECKING:
    from .bus import Cluster, RemoteTable

log = logging.getLogger("jokeren.server")
COMPUTER_NAMES = ("Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ids", "Jet", "Kees",
                  "Lot", "Mees")
OPEN, PLAYING, FINISHED, ENDED = "open", "playing", "finished", "ended"


def computer_names(taken: Sequence[str]) -> Iterator[str]:
    """Names for computer players, none alike to one ``taken`` (a person's, another's)."""
    seen = {skeleton(name) for name in taken}
    return (n for n in (*COMPUTER_NAMES, *(f"Bot {i}" for i in range(1, 99)))
            if skeleton(n) not in seen)
TURN_TIMER = (30, 300)  # seconds: the turn timer is off (0) or in this range
LOBBY_HERE = 6.0  # seconds: a seat whose page asked this lately is here (the lobby asks every 2)
FINISHED_KEPT = 16  # finished tables kept in memory for reconnects and record reads
OWNERS_KEPT = 100_000  # rooms whose maker's address is remembered (the quota's count)


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # person or computer
    level: str | None = None


@dataclass(frozen=True)
class Options:
    buying_window: int = 0  # seconds; 0 is off
    grace: int = 60
    substitute: str = "basic"  # who plays an absent person's seat, or a turn that ran out
    turn_timer: int = 0  # seconds a person's turn may last; 0 is off
    chat: bool = True  # the table chat (reactions are always on); the host switches it
    # the host closed the room after its match (``Rooms.end``): no rematch, but the match's
    # record, score sheet and final view stay
    closed: bool = False


# Kept in a room's options (not an option: the pages are not shown it): the persons' seats a
# computer plays for their away people (the host let it, or the grace period ran out), seat
# -> level. While the match is played they are written as they change
# (``Rooms._keep_stand_ins``), so a table resumed after a restart or a takeover starts them
# so (``Rooms._rebuild``); a finished room keeps those of the match's end, and its rematch
# starts them so.
STAND_INS = "stand_ins"


def room_options(text: str) -> Options:
    """A room's stored options; what is kept beside them (``STAND_INS``) left out."""
    known = {f.name for f in fields(Options)}
    return Options(**{k: v for k, v in json.loads(text).items() if k in known})


def shown_options(text: str) -> dict[str, Any]:
    """A room's options as its pages are given them."""
    return {k: v for k, v in json.loads(text).items() if k != STAND_INS}


def stored_stand_ins(text: str) -> dict[int, str]:
    """The stand-ins kept in a room's stored options (``STAND_INS``), seat -> level; a
    level no longer known is the room's substitute, anything else not a seat is left out."""
    options = json.loads(text)
    kept = options.get(STAND_INS)
    if not isinstance(kept, dict):
        return {}
    substitute = room_options(text).substitute
    return {int(seat): level if isinstance(level, str) and level in LEVELS else substitute
            for seat, level in kept.items()
            if isinstance(seat, str) and seat.isascii() and seat.isdigit()}


def with_stand_ins(text: str, played: Mapping[int, str]) -> str:
    """A room's stored options with ``played`` as its stand-ins (none: the key gone)."""
    options = json.loads(text)
    options.pop(STAND_INS, None)
    if played:
        options[STAND_INS] = {str(s): level for s, level in sorted(played.items())}
    return json.dumps(options)


@dataclass(frozen=True)
class Created:
    room_id: str
    host_token: str
    invite_token: str
    spectate_token: str
    warnings: list[dict[str, str]]


def rules_from(obj: object, money: bool | None) -> tuple[Rules, list[dict[str, str]]]:
    """The room's rules (a preset or ``{"preset": ..., keys}``) and their contradictions.
    An empty object is refused: it chooses nothing (the pages send a preset's name), and a
    client that lost its rules on the way should hear so, not get Amerikaans unasked."""
    if isinstance(obj, Mapping) and not obj:
        raise ApiError(422, "rules_empty")
    try:
        rules = Rules.load(obj)
    except RulesError as exc:
        raise ApiError(422, "rules", error=exc) from None
    if money is True and rules.money is None:
        rules = replace(rules, money=Money())
    elif money is False:
        rules = replace(rules, money=None)
    warnings = [{"en": contradiction(c, "en"), "nl": contradiction(c, "nl")}
                for c in contradictions(rules)]
    return rules, warnings


def ended() -> ApiError:
    return ApiError(409, "ended")


class Rooms:
    def __init__(self, store: Store, timing: Timing, pool: Executor | None,
                 limits: Limits | None = None) -> None:
        self.store, self.timing, self.pool = store, timing, pool
        self.limits = limits or Limits()
        self.thinking = Thinking(pool, self.limits.thinking)
        self.sends = Sends()  # the frames being sent to the tables' sockets, with deadlines
        self.runners: dict[str, TableRunner] = {}
        self.owners: dict[str, str] = {}  # room -> the address that made it (in memory)
        self.rematches: dict[str, str] = {}  # finished room -> its rematch (in memory)
        self.lobby: dict[str, dict[int, float]] = {}  # room -> seat -> last asked (monotonic)
        self.hub = LobbyHub()  # the lobby's live sockets (lobby.py)
        # finished tables let go, with the acks their runner remembered: a reconnect or a
        # record read is served from here, not by replaying the match again
        self.finished: OrderedDict[str, tuple[Table, list[tuple[int, str, int]]]] = \
            OrderedDict()
        self._resuming = asyncio.Lock()
        # a finished room -> the lock its rematch is made under, and how many use it
        self._rematching: dict[str, tuple[asyncio.Lock, int]] = {}
        # several processes share the rooms (bus.py, --redis): each table runs in the one
        # that holds its lease, a socket elsewhere reaches it through Redis; None: this
        # process runs every table
        self.cluster: Cluster | None = None

    async def _run(self, room_id: str) -> None:
        """The room's table runs: here, rebuilt from the store, unless another process
        runs it (the lease, bus.py)."""
        if self.cluster is None:
            await self.resume(room_id)
        else:
            await self.cluster.take(room_id)

    def _quota(self, owner: str | None) -> None:
        """429 if ``owner`` (an address) has as many tables being played as it may."""
        if owner is None:
            return
        most = self.limits.tables
        playing = sum(1 for room_id, runner in self.runners.items()
                      if self.owners.get(room_id) == owner and not runner.table.finished)
        if playing >= most:
            raise ApiError(429, "tables", n=most, headers={"Retry-After": "60"})

    # --- making a room -------------------------------------------------------------------
    async def create(self, rules_obj: object, seats: Sequence[SeatSpec], money: bool | None,
                     options: Options, owner: str | None = None,
                     people: Sequence[str] = ()) -> Created:
        """A room; ``owner``: the address that asks (its quota of tables, limits.py);
        ``people``: names known already, which no computer player's looks like."""
        self._quota(owner)
        rules, warnings = rules_from(rules_obj, money)
        try:
            check_players(rules, len(seats))
        except DealError as exc:
            raise ApiError(422, "seats", "api_as_is", error=exc) from None
        for s in seats:
            if s.kind == "computer" and s.level not in LEVELS:
                raise ApiError(422, "level", "api_level_seat", levels=LevelList())
        if options.substitute not in LEVELS:
            raise ApiError(422, "level", "api_level_stand_in", levels=LevelList())
        if not 0 <= options.grace <= 3600:
            raise ApiError(422, "grace", most=3600)
        if options.buying_window and not 4 <= options.buying_window <= 10:
            raise ApiError(422, "window", lo=4, hi=10)
        if options.turn_timer and not TURN_TIMER[0] <= options.turn_timer <= TURN_TIMER[1]:
            raise ApiError(422, "turn_timer", "server_turn_timer_range")
        host, invite, spectate = tokens.new_token(), tokens.new_token(), tokens.new_token()
        room_id = tokens.new_id()
        names = computer_names(people)
        # a person's seat has no level (a page sends the one its computer seat had)
        rows = [SeatRow(room_id, i, s.kind, s.level, next(names)) if s.kind == "computer"
                else SeatRow(room_id, i, s.kind) for i, s in enumerate(seats)]
        await self.store.create_room(RoomRow(
            id=room_id, created=time.time(), rules=json.dumps(rules.to_obj()),
            options=json.dumps(options.__dict__), status=OPEN,
            seed=str(new_seed()), host_hash=tokens.digest(host),
            invite_hash=tokens.digest(invite), spectate_hash=tokens.digest(spectate)), rows)
        if owner is not None:
            self.owners[room_id] = owner
            while len(self.owners) > OWNERS_KEPT:
                del self.owners[next(iter(self.owners))]
        return Created(room_id, host, invite, spectate, warnings)

    async def play_now(self, rules_obj: object, name: str, levels: Sequence[str],
                       owner: str | None = None) -> tuple[Created, int, str]:
        """A room with one person and computer players, joined and started in one step
        (the name checked first: a name refused leaves no room behind)."""
        name = check_name(name)
        created = await self.create(rules_obj, seats_of(["me"], levels), None, Options(),
                                    owner, people=[name])
        seat, token = await self.join(created.room_id, created.invite_token, name)
        await self.start(created.room_id, created.host_token)
        return created, seat, token

    async def _load(self, room_id: str) -> tuple[RoomRow, list[SeatRow]]:
        found = await self.store.room(room_id)
        if found is None:
            raise not_found()
        return found

    async def join(self, room_id: str, invite: str, name: str) -> tuple[int, str]:
        """Take the first free person's seat; returns it and its token.

        Read and written in one transaction with the room locked (``Store.locked``), so
        people who join at the same moment, through this process or another, get a seat
        each or a clear 'full', and every token given out opens its seat."""
        name = check_name(name)
        token = tokens.new_token()

        def take(room: RoomRow, seats: list[SeatRow]) -> tuple[int, Change]:
            if not tokens.matches(invite, room.invite_hash):
                raise forbidden()
            check_unlike(name, [s.name for s in seats if s.name is not None])
            free = [s for s in seats if s.kind == "person" and s.token_hash is None]
            if room.status == ENDED:
                raise ended()
            # a late invite says why: the match began, or is over, without them
            if room.status == PLAYING:
                raise ApiError(409, "started")
            if room.status == FINISHED:
                raise ApiError(409, "over", "refuse_match_over")
            if not free:
                raise ApiError(409, "full")
            seat = free[0].seat
            return seat, Change(seat=seat, seat_values={
                "name": name, "token_hash": tokens.digest(token)})

        seat = await self.store.locked(room_id, take)
        if seat is None:
            raise not_found()
        self.hub.changed(room_id)
        return seat, token

    async def host(self, room_id: str, token: str) -> tuple[RoomRow, list[SeatRow]]:
        room, seats = await self._load(room_id)
        if not tokens.matches(token, room.host_hash):
            raise forbidden()
        return room, seats

    async def start(self, room_id: str, host_token: str) -> None:
        def begin(room: RoomRow, seats: list[SeatRow]) -> tuple[bool, Change]:
            _host_before_start(room, host_token)
            if any(s.kind == "person" and s.name is None for s in seats):
                raise ApiError(409, "waiting")
            return True, Change(room={"status": PLAYING})

        self._quota(self.owners.get(room_id))
        if await self.store.locked(room_id, begin) is None:
            raise not_found()
        await self._run(room_id)  # here, unless another process took it meanwhile
        self.hub.changed(room_id)

    async def rematch(self, room_id: str, host_token: str, owner: str | None = None) -> str:
        """The host's rematch of a finished match: a new room with the same rules, options
        and seats (the same people in the same places, the same computer players), started
        at once. Every token of the old room opens the new one (their digests are copied),
        so each person's page follows without joining again; asked twice, the same room.

        A person's seat that a computer played at the match's end, its person away (the
        host let the computer play it, or the grace period ran out), starts the rematch
        played by the computer at the same level, until its person comes back (the new
        room is made with them stored, and its table starts them as a resumed one does,
        ``_rebuild``); the table does not wait out the grace period for them again."""
        # one rematch at a time per room in this process: two taps at once made two rooms
        # (the second failed on the stored link: a 503 "the server cannot store anything
        # just now", and a room of the same people that nobody plays)
        lock, users = self._rematching.get(room_id) or (asyncio.Lock(), 0)
        self._rematching[room_id] = (lock, users + 1)
        try:
            async with lock:
                return await self._rematch(room_id, host_token, owner)
        finally:
            lock, users = self._rematching[room_id]
            if users > 1:
                self._rematching[room_id] = (lock, users - 1)
            else:
                del self._rematching[room_id]

    async def _rematch(self, room_id: str, host_token: str, owner: str | None) -> str:
        room, seats = await self.host(room_id, host_token)
        made = self.rematches.get(room_id) or await self.store.next_of(room_id)
        if made is not None:
            return made
        self._quota(owner)
        if room.status == FINISHED and json.loads(room.options).get("closed"):
            raise ended()
        if room.status != FINISHED:
            raise ApiError(409, "not_finished", "api_not_finished_rematch")
        # the seats a computer played at the match's end are the new room's stand-ins: its
        # table starts them so (``_rebuild``), as a table resumed after a restart; but not
        # the seat of a person whose page came back to the finished table since (the end
        # stored them; the computer would move for her before her page followed)
        runner = self.runners.get(room_id)
        carried = {s: level for s, level in stored_stand_ins(room.options).items()
                   if runner is None or s in runner.absent_since}
        options = with_stand_ins(room.options, carried)
        new_id = tokens.new_id()
        await self.store.create_room(replace(room, id=new_id, created=time.time(),
                                             status=OPEN, seed=str(new_seed()),
                                             options=options),
                                     [replace(s, room_id=new_id) for s in seats])
        try:
            await self.store.set_next(room_id, new_id)  # the link survives a restart
        except IntegrityError:  # another process made the rematch meanwhile: that one
            await self.store.set_room(new_id, status=ENDED)
            made = await self.store.next_of(room_id)
            if made is None:
                raise
            return made
        self.rematches[room_id] = new_id
        if owner is not None:
            self.owners[new_id] = owner
        while len(self.rematches) > OWNERS_KEPT:
            del self.rematches[next(iter(self.rematches))]
        await self.start(new_id, host_token)
        self.hub.changed(room_id)  # the old room's pages follow (their lobby sockets)
        return new_id

    async def resume(self, room_id: str) -> TableRunner:
        """The room's runner, its table rebuilt from the stored actions (once)."""
        async with self._resuming:
            if room_id in self.runners:
                return self.runners[room_id]
            return await self._rebuild(room_id)

    async def _stored(self, room: RoomRow, seats: list[SeatRow]
                      ) -> tuple[Table, list[tuple[int, str, int]]]:
        """The room's table as its stored actions put it (no runner) and the acks of its
        last 512 actions; a finished table from memory if it is kept there. The engine
        replays the actions in a thread, not on the event loop (34-48 ms for 1,500 moves);
        a finished table is kept (``FINISHED_KEPT``)."""
        kept = self.finished.get(room.id)
        if kept is not None:
            self.finished.move_to_end(room.id)
            return kept
        rows = await self.store.actions(room.id)
        rules, seed = Rules.load(json.loads(room.rules)), int(room.seed)
        people = [Seat(s.name or f"?{s.seat}", s.level if s.kind == "computer" else None)
                  for s in seats]
        table = await asyncio.to_thread(
            Table.rebuild, rules, seed, people,
            [(r.seat if r.seat is not None else -1, r.text) for r in rows])
        acks = [(r.seat, r.client_id, r.version) for r in rows[-512:]
                if r.client_id is not None and r.seat is not None]
        if table.finished:
            self._keep(room.id, table, acks)
        return table, acks

    def _keep(self, room_id: str, table: Table, acks: list[tuple[int, str, int]]) -> None:
        self.finished[room_id] = (table, acks)
        self.finished.move_to_end(room_id)
        while len(self.finished) > FINISHED_KEPT:
            self.finished.popitem(last=False)

    async def _rebuild(self, room_id: str) -> TableRunner:
        room, seats = await self._load(room_id)  # read under the lock ``end`` takes too
        if room.status == ENDED:
            raise ended()
        if room.status not in (PLAYING, FINISHED):
            raise ApiError(409, "not_playing")
        options = room_options(room.options)
        table, acks = await self._stored(room, seats)
        runner = TableRunner(
            room_id, table, options.substitute,
            replace(self.timing, buying_window=float(options.buying_window),
                    grace=float(options.grace), turn=float(options.turn_timer)),
            self.store, self.pool, self._finished, self._idle,
            # killed between the last action and the status: the actions decide, and the
            # runner stores the end (then lets go if nobody looks)
            end_stored=table.finished and room.status != PLAYING, limits=self.limits,
            thinking=self.thinking, owner=self.owners.get(room_id),
            on_stand_ins=self._keep_stand_ins)
        if room.status == PLAYING and not table.finished:
            # the seats a computer played for their away people when the table last ran
            # (here before a restart, or in a process that died): played so at once, until
            # their people's pages come back
            runner.resume_stand_ins(stored_stand_ins(room.options))
        for seat, cid, version in acks:
            runner.remember_ack(seat, cid, version)
        runner.words = TableWords(options.chat, await self.store.words(room_id))
        self.runners[room_id] = runner
        runner.start()
        if self.cluster is not None:
            log.info("table %s resumed at version %d", room_id, table.version)
        return runner

    def _idle(self, room_id: str, runner: TableRunner) -> None:
        """A finished table nobody is connected to leaves memory (a soak of many matches
        stays flat); a later connection rebuilds it from the store."""
        if self.runners.get(room_id) is runner:
            del self.runners[room_id]
            self.owners.pop(room_id, None)
            if self.cluster is not None:
                self.cluster.release(room_id)
            acks = [(seat, cid, frame["version"]) for (seat, cid), frame
                    in runner.answers.items() if frame.get("type") == "ack"]
            self._keep(room_id, runner.table, acks)

    async def _finished(self, room_id: str) -> None:
        """The match's end stored: only over a room being played (the host's end stays
        the end). The persons' seats a computer plays now, their people away, are kept
        with it (``STAND_INS``, written over those kept while it was played): the rematch
        starts them so. Without a runner here the ones kept while it was played stand."""
        runner = self.runners.get(room_id)
        if runner is None or not (runner.stand_ins_stored or runner.played_for_absent()):
            await self.store.set_room(room_id, status=FINISHED, where=(PLAYING,))
            return
        played = runner.played_for_absent()

        def finish(room: RoomRow, _seats: list[SeatRow]) -> tuple[bool, Change]:
            if room.status != PLAYING:
                return False, Change()
            return True, Change(room={"status": FINISHED,
                                      "options": with_stand_ins(room.options, played)})

        await self.store.locked(room_id, finish)

    async def _keep_stand_ins(self, room_id: str, played: dict[int, str]) -> None:
        """The persons' seats a computer plays for their away people, stored as they
        change while the match is played (a runner's own task writes them, not an
        action's path): a table resumed after a restart, or taken over by another process,
        starts them so (``_rebuild``). Only over a room being played: the match's end
        keeps its own (``_finished``), the host's end stays."""

        def keep(room: RoomRow, _seats: list[SeatRow]) -> tuple[bool, Change]:
            options = with_stand_ins(room.options, played)
            if room.status != PLAYING or options == room.options:
                return False, Change()
            return True, Change(room={"options": options})

        await self.store.locked(room_id, keep)

    async def resume_all(self) -> int:
        ids = await self.store.rooms_with_status(PLAYING)
        for room_id in ids:
            await self._run(room_id)
        return len(ids)

    async def arrange(self, room_id: str, host_token: str, seat: int, kind: str,
                      level: str | None) -> None:
        """Before the start, the host makes a free seat (nobody has taken it) a computer
        player's or a person's again: the lobby's computer seats added and removed."""
        if kind == "computer" and level not in LEVELS:
            raise ApiError(422, "level", levels=LevelList())

        def change(room: RoomRow, seats: list[SeatRow]) -> tuple[bool, Change]:
            _host_before_start(room, host_token)
            here = next((s for s in seats if s.seat == seat), None)
            if here is None or here.token_hash is not None:
                raise ApiError(409, "taken")
            if kind == "person":
                return True, Change(seat=seat, seat_values={
                    "kind": "person", "level": None, "name": None})
            name = next(computer_names([s.name for s in seats if s.name is not None]))
            return True, Change(seat=seat, seat_values={
                "kind": "computer", "level": level, "name": name})

        if await self.store.locked(room_id, change) is None:
            raise not_found()
        self.hub.changed(room_id)

    async def give_to_computer(self, room_id: str, host_token: str, seat: int,
                               level: str) -> None:
        await self.host(room_id, host_token)
        runner = await self._table(room_id)
        if level not in LEVELS:
            raise ApiError(422, "level", levels=LevelList())
        try:
            given = runner is not None and await runner.ask("substitute", data=(seat, level))
        except Gone:
            given = False
        if not given:
            raise ApiError(409, "present")

    async def _table(self, room_id: str) -> TableRunner | RemoteTable | None:
        """The room's runner here or, among several processes, where its table runs (bus.py);
        None if no process runs it."""
        if self.cluster is None:
            return self.runners.get(room_id)
        return await self.cluster.find(room_id)

    async def _playing(self, room_id: str, host_token: str) -> TableRunner | RemoteTable:
        """The host's runner of a room being played (409 otherwise)."""
        room, _seats = await self.host(room_id, host_token)
        if room.status == ENDED:
            raise ended()
        runner = await self._table(room_id)
        if room.status != PLAYING or runner is None or runner.finished:
            raise ApiError(409, "not_playing", "together_not_playing")
        return runner

    async def pause(self, room_id: str, host_token: str, on: bool) -> None:
        """The host pauses the table or goes on (together.py): while paused nothing moves,
        no clock runs, no computer player plays."""
        runner = await self._playing(room_id, host_token)
        try:
            await runner.ask("pause", data=on)
        except Gone:
            raise ended() from None

    async def chat(self, room_id: str, host_token: str, on: bool) -> None:
        """The host switches the table chat on or off (kept in the room's options; the
        reactions stay)."""
        room, _seats = await self.host(room_id, host_token)
        if room.status == ENDED:
            raise ended()

        def switch(room: RoomRow, _seats: list[SeatRow]) -> tuple[bool, Change]:
            # read and written under the room's lock: the stand-ins kept beside the options
            # meanwhile (``_keep_stand_ins``) are not written over
            return True, Change(room={"options": json.dumps(
                {**json.loads(room.options), "chat": on})})

        await self.store.locked(room_id, switch)
        runner = await self._table(room_id)
        if runner is not None:
            with contextlib.suppress(Gone):
                await runner.ask("chat", data=on)

    async def words(self, room_id: str, token: str) -> list[dict[str, Any]]:
        """Every word said at the room's table (any of its tokens): stored with the match."""
        _room, seats = await self._admit(room_id, token)
        names = {s.seat: s.name for s in seats}
        return [{"n": n, "seat": seat, "name": names.get(seat), "kind": kind, "text": text}
                for n, seat, kind, text in await self.store.words(room_id, last=10_000)]

    async def matches(self, room_id: str, token: str) -> list[dict[str, Any]]:
        """The room's matches: the rooms its rematches made, before and after it, in the
        order they were played (any token of this room; every token opens each of them)."""
        await self._admit(room_id, token)
        chain = [room_id]
        while len(chain) < 200 and (before := await self.store.previous_of(chain[0])):
            chain.insert(0, before)
        while len(chain) < 400 and (after := await self.store.next_of(chain[-1])):
            chain.append(after)
        out = []
        for n, rid in enumerate(chain, 1):
            found = await self.store.room(rid)
            if found is not None:
                out.append({"n": n, "room": rid, "status": found[0].status,
                            "created": found[0].created})
        return out

    async def end(self, room_id: str, host_token: str) -> None:
        """The end is final: the status is written first (no later write changes it, see
        ``_finished``), under the lock ``resume`` rebuilds a table under (so no table is
        rebuilt from a status read before it), then the runner stops, storing nothing more,
        and every connection is told and closed. A match played to its end is not ended
        but closed (``_close``): what was played stays the people's."""
        room, _seats = await self.host(room_id, host_token)
        if room.status == FINISHED:
            await self._close(room)
            return
        async with self._resuming:
            await self.store.set_room(room_id, status=ENDED)
            self.owners.pop(room_id, None)
            runner = self.runners.pop(room_id, None)
        self.hub.changed(room_id)
        if runner is not None:
            await runner.stop(ended().body())
            if self.cluster is not None:
                self.cluster.release(room_id)
        elif self.cluster is not None:  # its table runs in another process: it stops it
            await self.cluster.end(room_id)

    async def _close(self, room: RoomRow) -> None:
        """The host's end of a room whose match is over: it is not taken from the people
        (their pages keep the final standings; the record, the score sheet and the list of
        matches stay), only no rematch comes; the pages that wait for one are told
        (the lobby frame's ``options.closed``)."""
        def close(found: RoomRow, _seats: list[SeatRow]) -> tuple[bool, Change]:
            # read and written under the room's lock, as the chat switch: what was kept
            # in the options meanwhile (the chat, the stand-ins) is not written over
            if found.status != FINISHED:
                return False, Change()
            return True, Change(room={"options": json.dumps(
                {**json.loads(found.options), "closed": True})})

        if await self.store.locked(room.id, close):
            self.hub.changed(room.id)

    async def end_here(self, room_id: str) -> None:
        """The host's end, asked by another process for a table this one runs."""
        runner = self.runners.pop(room_id, None)
        if runner is not None:
            await runner.stop(ended().body())

    async def who(self, room_id: str, token: str
                  ) -> tuple[TableRunner | RemoteTable, int | None]:
        """The runner and the seat a token opens (None: the spectator link)."""
        room, seats = await self._load(room_id)
        seat: int | None = None
        found = False
        for s in seats:
            if tokens.matches(token, s.token_hash):
                seat, found = s.seat, True
        if not found and not tokens.matches(token, room.spectate_hash):
            raise forbidden()
        if room.status == ENDED:
            raise ended()
        # Finished and let go (or after a restart): the final view. Playing with no runner:
        # its end was stored and the runner let go while the room was read. ``_rebuild``
        # reads the status again under the lock and refuses a room ended meanwhile.
        runner = self.runners.get(room_id)
        if runner is not None and not runner.halted:
            return runner, seat
        if room.status not in (PLAYING, FINISHED):
            raise ApiError(409, "not_playing")
        if self.cluster is not None:  # here, or run by another process: through Redis
            return await self.cluster.take(room_id), seat
        return await self.resume(room_id), seat

    async def connect(self, room_id: str, token: str, conn_of: Callable[[int | None], Conn],
                      since: int | None) -> tuple[TableRunner | RemoteTable, Conn]:
        """A connection welcomed at the room's table: ``who``, then the runner's welcome. A
        runner that stopped in between (the host's end, a finished table let go) is asked
        again: the end is refused, a finished table rebuilt from the store. Among several
        processes, a table whose process died is asked for until another takes it over
        (lease.py: within a few seconds)."""
        for _ in range(3 if self.cluster is None else 40):
            runner, seat = await self.who(room_id, token)
            conn = conn_of(seat)
            try:
                await runner.ask("connect", conn, since)
            except Gone:
                if self.cluster is not None:
                    await asyncio.sleep(0.25)
                continue
            return runner, conn
        raise ApiError(503, "busy")

    async def _admit(self, room_id: str, token: str) -> tuple[RoomRow, list[SeatRow]]:
        """The room and its seats, for any of its links (host, invite, spectator, a seat)."""
        room, seats = await self._load(room_id)
        if not any(tokens.matches(token, h) for h in (
                room.host_hash, room.invite_hash, room.spectate_hash,
                *(s.token_hash for s in seats))):
            raise forbidden()
        return room, seats

    async def seat_of(self, room_id: str, token: str) -> int | None:
        """The seat ``token`` opens (None: the host's, the invite's or the spectator's
        link); 403 for a token of no link of the room."""
        _room, seats = await self._admit(room_id, token)
        return next((s.seat for s in seats if s.token_hash is not None
                     and tokens.matches(token, s.token_hash)), None)

    async def info(self, room_id: str, token: str, asked: bool = True) -> dict[str, Any]:
        """The room as its lobby shows it; ``asked``: a page asked (its seat is here for
        ``LOBBY_HERE`` seconds), not the lobby socket reading it again."""
        room, seats = await self._admit(room_id, token)
        # a seat is here while its page has a lobby socket open (lobby.py), or asked with
        # its token lately (a page that reads the room every 2 s without the socket)
        now = time.monotonic()
        seen = self.lobby.setdefault(room_id, {})
        for s in seats:
            if asked and s.token_hash is not None and tokens.matches(token, s.token_hash):
                seen[s.seat] = now
        while len(self.lobby) > OWNERS_KEPT:
            del self.lobby[next(iter(self.lobby))]
        runner = self.runners.get(room_id)
        # not being played, or finished and let go: the store's last version says
        version = runner.table.version if runner is not None \
            else await self.store.version(room_id)
        rules = json.loads(room.rules)
        return {"id": room.id, "status": room.status, "rules": rules,
                "rules_text": rules_in_words(rules),
                "options": shown_options(room.options), "version": version,
                "next": self.rematches.get(room_id) or (
                    await self.store.next_of(room_id) if room.status == FINISHED else None),
                "seats": [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                           "here": s.kind == "person" and s.name is not None
                           and (self.hub.here(room_id, s.seat)
                                or now - seen.get(s.seat, -LOBBY_HERE) < LOBBY_HERE)}
                          for s in seats]}

    async def _over(self, room_id: str, token: str) -> Table:
        """The finished match's table (any token of the room): 409 before its end."""
        room, seats = await self._admit(room_id, token)
        if room.status != FINISHED:
            raise ApiError(409, "not_finished", "api_not_finished_record")
        runner = self.runners.get(room_id)  # else read from the store, no runner started
        return runner.table if runner is not None else (await self._stored(room, seats))[0]

    async def record(self, room_id: str, token: str) -> dict[str, Any]:
        return (await self._over(room_id, token)).record.to_json()

    async def sheet(self, room_id: str, token: str, lang: str) -> Any:
        """The finished match's score sheet, as ``jokeren score`` makes it of a record
        (each round's penalties, the buys counted from its moves)."""
        table = await self._over(room_id, token)
        return match_sheet(table, lang)

    async def close(self) -> None:
        """The server stops: every table stops, its stand-ins stored as they are (the
        tables are this process's until it is gone)."""
        for runner in list(self.runners.values()):
            await runner.stop(keep=True)
        self.runners.clear()


def match_sheet(table: Table, lang: str) -> Any:
    """A match played here as its score sheet: the card ``jokeren score`` makes of its
    record, titled as the glossary says a played match's sheet ("Scoreblad · Amerikaans
    Jokeren"; the xlsx names its tab from it: score/xlsx.py)."""
    from ..score.grids import score_grid
    from ..score.scorecard import card_of_game
    from ..words.catalogue import t
    from ..words.rules import preset_name

    card = card_of_game(table.state, [r.moves for r in table.record.rounds])
    title = f"{t('web_score_sheet', lang)} · {preset_name(card.rules, lang)}"
    return score_grid(replace(card, title=title), lang)


def rules_in_words(obj: object) -> dict[str, list[str]]:
    """Every rule of a room as a sentence, in English and in Dutch (the lobby shows them)."""
    rules = Rules.load(obj)
    return {lang: [explain(rules, key, lang) for key in RULE_KEYS] for lang in ("en", "nl")}


def seats_of(people: Sequence[str], computers: Sequence[str]) -> list[SeatSpec]:
    return ([SeatSpec("person") for _ in people]
            + [SeatSpec("computer", level) for level in computers])


__all__ = ["Options", "Rooms", "SeatSpec"]


def _host_before_start(room: RoomRow, host_token: str) -> None:
    """Refuses all but the host of a room whose match has not started (start, seat changes)."""
    if not tokens.matches(host_token, room.host_hash):
        raise forbidden()
    if room.status == ENDED:
        raise ended()
    if room.status != OPEN:
        raise ApiError(409, "started")
