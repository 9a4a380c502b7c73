"""One asyncio task per table: it alone touches the ``Table``, so people, computer players
and timers are served one at a time, in the order they come.

Every accepted action is stored (committed) before the table applies it and before anyone
is told, so what was acknowledged survives a crash; the table's own event log gives a seat
that reconnects what it missed, as that seat may see it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sqlalchemy.exc import IntegrityError

from ..bots import Player, level_name, make_player
from ..engine.actions import DEAL, Action, Verb
from ..engine.state import Phase
from ..engine.views import SeatView
from ..engine.wire import (
    ClockJSON,
    decode_action,
    encode_refusal,
    encode_view,
    encode_views,
    view_changes,
)
from ..play.table import Accepted, BotTurn, Table, decide
from ..rules.cards import NotationError
from ..rules.reasons import Reason
from ..words.catalogue import t
from .frames import Frame, events_frame, listing, refusal, round_end, why
from .limits import Bucket, Limits, Thinking
from .store import ActionRow, Store
from .together import TableWords, back_frame, said_refusal

log = logging.getLogger("jokeren.server")
RETRY = 1.0  # seconds before a failed step (the store unreachable) is tried again
KEEP_WAIT = 5.0  # seconds a stopping runner waits for its stand-ins' write under way
ANSWERS_KEPT = 512  # idempotent answers remembered per table
_opened = itertools.count()  # the order connections came in (the oldest of a seat goes)


class Gone(Exception):
    """The table's runner has stopped (the host ended the room, or a finished table nobody
    watched was let go): what was asked of it is not done."""


def store_failure(exc: BaseException) -> bool:
    """Whether ``exc`` is the store failing (a disk, a database), not a fault of the code."""
    import sqlite3

    from sqlalchemy.exc import SQLAlchemyError

    return isinstance(exc, SQLAlchemyError | sqlite3.Error | OSError)


def one_line(exc: BaseException) -> str:
    """An error as one line of the log: its kind and its message's first line."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


@dataclass(frozen=True)
class Timing:
    """How long the table waits (seconds); tests set the pauses to 0 and may give a clock
    of their own (every timer of a table reads ``clock``)."""

    bot_delay: float = 0.6  # before a computer move, so people can follow
    round_pause: float = 4.0  # between a round's end and the next deal
    buying_window: float = 0.0  # 0: off (every person answers); else 4-10 s
    grace: float = 60.0  # a disconnected person keeps the seat this long
    turn: float = 0.0  # 0: off; else a person's turn lasts this long, then the stand-in moves
    clock: Callable[[], float] = time.monotonic


PROTOCOL = 2  # the newest protocol of the table's socket (docs/server.md); 1: the first
_UNSENT: Any = object()  # nothing of its kind queued to a connection yet
_KEPT = frozenset(("view", "moves", "values", "clock"))  # what a v2 client keeps


@dataclass(eq=False)
class Conn:
    """One WebSocket: a seat (or None, a spectator) and the frames waiting to be sent.

    ``protocol`` 2 (the hello asked for it): an ``events`` frame carries only what changed
    since the frames queued to this connection before it (``lighter``); 1: every frame
    whole, as the first pages read them."""

    remote: ClassVar[bool] = False  # a socket of another process (bus.RemoteConn)
    seat: int | None
    learn: bool = False  # learning mode: why the computer players moved, under open hands
    backlog: int = 128  # frames waiting to be sent; beyond it the client is dropped
    protocol: int = 1
    outbox: Outbox = field(init=False)
    closed: bool = False
    close_code: int = 1000  # the socket's close code once its frames are sent (1009: too big)
    order: int = field(default_factory=lambda: next(_opened))
    # protocol 2: what this connection was last queued (its client keeps the same)
    base: Any = field(default=_UNSENT, init=False)  # the view (a ViewJSON)
    listing: Any = field(default=_UNSENT, init=False)  # (moves, values or None)
    clock: Any = field(default=_UNSENT, init=False)
    # a frame written at once, in the sender's task's stead, while that task waits with
    # nothing queued (ws.writer; None: every frame through the outbox)
    write: Callable[[Frame], None] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.outbox = Outbox()  # at most backlog frames, and the closing None

    @property
    def takes_changes(self) -> bool:
        """Its events frames may carry the table's view changes rather than the view: a
        protocol 2 socket of this process (a remote one's own process makes them)."""
        return self.protocol >= 2 and not self.remote

    def send(self, frame: Frame) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= self.backlog:  # a client that does not read: dropped
            log.info("a connection that does not read was dropped (%d frames waiting)",
                     self.backlog)
            self.close()
            return
        frame = self.lighter(frame) if self.protocol >= 2 else frame
        if self.write is not None and self.outbox.idle():
            self.write(frame)
        else:
            self.outbox.put_nowait(frame)

    def lighter(self, frame: Frame) -> Frame:
        """Protocol 2: an ``events`` frame as the differences from what this connection was
        queued last: ``changes`` (the view's top-level keys whose value is not the last
        view's: by identity first, the parts ``wire`` shares, then by value) instead of
        ``view``; ``moves`` (with ``values``) only when they are not the last ones;
        ``clock`` only when it runs or the last one ran. Every other frame goes as it is
        (a welcome says the protocol) and what it carries becomes the last: the welcome,
        ``missed`` and a stale refusal send the whole view, so the client starts afresh
        from them. Called in the order frames are queued, so the differences are the
        client's own (docs/protocol.md, "Protocol 2")."""
        if frame.get("type") != "events":
            if "view" in frame:
                self.base = frame["view"]
            if "moves" in frame:
                self.listing = (frame["moves"], frame.get("values"))
            if "clock" in frame:
                self.clock = frame["clock"]
            return {**frame, "protocol": self.protocol} \
                if frame.get("type") == "welcome" else frame
        out = {k: v for k, v in frame.items() if k not in _KEPT}
        view = frame.get("view")
        if "changes" in frame:  # made by the table from its views (TableRunner._commit)
            self.base = _UNSENT  # not kept as JSON: a whole view, should one be needed
        elif view is not None:
            base = self.base
            if base is _UNSENT or base is None:
                out["view"] = view
            else:
                out["changes"] = {k: v for k, v in view.items()
                                  if (b := base.get(k, _UNSENT)) is not v and b != v}
            self.base = view
        if "moves" in frame:
            listing = (frame["moves"], frame.get("values"))
            if listing != self.listing:
                out["moves"] = listing[0]
                if listing[1] is not None:
                    out["values"] = listing[1]
                self.listing = listing
        if "clock" in frame:
            clock = frame["clock"]
            if clock is not None or self.clock is not None:
                out["clock"] = clock
            self.clock = clock
        return out

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)


class Outbox:
    """A connection's frames waiting for its sender: a deque and the sender's one future.
    An ``asyncio.Queue`` cost more a frame (its getters, its put's wake-up, and a look for
    the running loop at each get: a ``getpid`` call)."""

    def __init__(self) -> None:
        self._items: deque[Any] = deque()  # frames, a send begun (ws.Begun), None
        self._waiter: asyncio.Future[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def empty(self) -> bool:
        return not self._items

    def idle(self) -> bool:
        """The sender waits for a frame, nothing queued: one may be written at once."""
        waiter = self._waiter
        return not self._items and waiter is not None and not waiter.done()

    def qsize(self) -> int:
        return len(self._items)

    def put_nowait(self, frame: Any) -> None:
        self._items.append(frame)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def get_nowait(self) -> Any:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    async def get(self) -> Any:
        """The next frame, or a send begun (None: the connection closes), once there is
        one."""
        while not self._items:
            if self._loop is None:
                self._loop = asyncio.get_running_loop()
            self._waiter = waiter = self._loop.create_future()
            try:
                await waiter
            finally:
                self._waiter = None
        return self._items.popleft()


@dataclass(frozen=True)
class _Later:
    """A command's answer given once ``ready`` is done (a write of its own, made by another
    task): the table goes on meanwhile, and the one who asked waits."""

    value: Any
    ready: asyncio.Future[None]

    def answer(self, done: asyncio.Future[Any] | None) -> None:
        if done is None:
            return

        def settle(_ready: asyncio.Future[None]) -> None:
            if not done.done():
                done.set_result(self.value)

        self.ready.add_done_callback(settle)


def _release(waiters: list[asyncio.Future[None]]) -> None:
    for waiter in waiters:
        if not waiter.done():
            waiter.set_result(None)


@dataclass
class _Command:
    kind: str  # connect, leave, act, substitute, hash, stop
    conn: Conn | None = None
    data: Any = None
    done: asyncio.Future[Any] | None = None


class Inbox:
    """A table's commands in the order they came, and the loop's wait for the next one or
    its next timer: a future and a timer handle, no task per command (an action's CPU)."""

    def __init__(self) -> None:
        self._items: deque[_Command] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)

    def put_nowait(self, command: _Command) -> None:
        self._items.append(command)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def put(self, command: _Command) -> None:
        self.put_nowait(command)

    def get_nowait(self) -> _Command:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    async def wait(self, timeout: float | None) -> None:
        """Until a command is here or ``timeout`` seconds have passed (None: no bound)."""
        if self._items:
            return
        loop = asyncio.get_running_loop()
        self._waiter = waiter = loop.create_future()
        timer = None if timeout is None else loop.call_later(timeout, _wake, waiter)
        try:
            await waiter
        finally:
            self._waiter = None
            if timer is not None:
                timer.cancel()


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


class TableRunner:
    def __init__(self, room_id: str, table: Table, substitute: str, timing: Timing,
                 store: Store, pool: Executor | None,
                 on_finish: Callable[[str], Awaitable[None]] | None = None,
                 on_idle: Callable[[str, TableRunner], None] | None = None,
                 end_stored: bool | None = None, *, limits: Limits | None = None,
                 thinking: Thinking | None = None, owner: str | None = None,
                 on_stand_ins: Callable[[str, dict[int, str]], Awaitable[None]] | None = None
                 ) -> None:
        self.room_id = room_id
        self.table = table
        self.people = {i for i, s in enumerate(table.seats) if s.person}
        self.stand_ins: dict[int, Player] = {}  # persons' seats a computer plays for now
        # The stand-ins of away people kept in the store as they change (``_keep``: the
        # room's, so a table resumed after a restart or a takeover starts them again),
        # written by a task of their own, never on an action's path; ``kept``: what the
        # store holds as far as this runner knows; ``keeping``: false once this runner
        # may no longer write (another process runs the table, or it was stopped).
        self.on_stand_ins = on_stand_ins
        self.kept: dict[int, str] = {}
        self.keeping = True
        self._keeper: asyncio.Task[None] | None = None
        self._keep_waiters: list[asyncio.Future[None]] = []
        self.substitute = substitute
        self.timing = timing
        self.store = store
        self.pool = pool
        self.on_finish = on_finish
        self.on_idle = on_idle  # a finished, stored table that nobody looks at
        self.conns: set[Conn] = set()
        self.answers: OrderedDict[tuple[int, str], Frame] = OrderedDict()
        self.clock = timing.clock
        now = self.clock()
        self.absent_since: dict[int, float] = dict.fromkeys(self.people, now)
        self.window_ends: float | None = None
        self.last_change = now
        self.retry_at = 0.0  # a failed step waits until then
        # on_finish done (retried if the store failed; a resumed table whose end the store
        # missed says so with end_stored=False)
        self.finish_told = table.finished if end_stored is None else end_stored
        # The turn timer: whose turn (seat, buying or not) it is and when it runs out; a
        # resumed table gives the person to act a whole turn again.
        self.turn_key: tuple[int, bool] | None = None
        self.turn_ends: float | None = None
        self.timed: dict[int, Player] = {}  # the stand-ins that move when the time is up
        self._clock_turn(new_turn=True)
        self.queue = Inbox()
        self.task: asyncio.Task[None] | None = None
        self.halted = False  # stopped: nothing more is stored or applied
        self.failing = False  # the store failed and has not worked since (logged once)
        self._listed: dict[int | None, tuple[int, Frame]] = {}  # moves by seat, a version
        # the seats' views told at a version (protocol 2's changes are made from them)
        self._views: tuple[int, dict[int | None, SeatView]] = (-1, {})
        # fair shares (limits.py): the thinking threads by owner (the address that made
        # the room), each seat's messages and stale actions over all its connections
        self.limits = limits or Limits()
        self.thinking = thinking or Thinking(pool, self.limits.thinking)
        self.owner = owner or room_id
        self.buckets: dict[tuple[str, int], Bucket] = {}
        # together.py: the words said, the chat switch, the host's pause; and the version
        # at which each person went away (told what was missed on coming back)
        self.words = TableWords()
        self.away_from: dict[int, int] = {}

    def bucket(self, kind: str, seat: int, rate: tuple[float, float]) -> Bucket:
        """The seat's bucket of ``kind`` (messages, stale), shared by its connections."""
        found = self.buckets.get((kind, seat))
        if found is None:
            found = self.buckets[kind, seat] = Bucket(rate)
        return found

    def remember_ack(self, seat: int, cid: str, version: int) -> None:
        self._remember((seat, cid), {"type": "ack", "id": cid, "version": version})

    # --- the outside asks ----------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"table {self.room_id}")
        self.task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """A table's task ends only when told to stop: anything else is logged at once."""
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: its task died", self.room_id, exc_info=task.exception())

    async def ask(self, kind: str, conn: Conn | None = None, data: Any = None) -> Any:
        """The table's answer to a command; Gone if the runner has stopped (or stops before
        it comes to the command)."""
        if self.halted or (self.task is not None and self.task.done()):
            raise Gone(self.room_id)
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self.queue.put(_Command(kind, conn, data, done))
        return await done

    def tell(self, kind: str, conn: Conn | None = None, data: Any = None) -> None:
        self.queue.put_nowait(_Command(kind, conn, data))

    async def stop(self, reason: Any = None, keep: bool = False) -> None:
        """Stop the table: from now on nothing is stored or applied (a computer player
        thinking now makes no move), every command waiting is answered with Gone, and every
        connection is told ``reason`` (an error frame, if given) and closed. A write of the
        stand-ins under way is waited for; ``keep`` (the server stops, the table is still
        this process's): the last change of them too, else none more is begun."""
        self.halted = True
        if not keep:
            self.keeping = False
        if reason is not None:
            self._broadcast({"type": "error", "reason": reason})
        if self.task is not None and not self.task.done():
            self.tell("stop")
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for conn in list(self.conns):
            conn.close()
        keeper = self._keeper
        if keeper is not None and not keeper.done():
            await asyncio.wait({keeper}, timeout=KEEP_WAIT)
            self.keeping = False
            keeper.cancel()

    # --- the loop ------------------------------------------------------------------------
    async def _run(self) -> None:
        command: _Command | None = None
        try:
            while not self.halted:
                if self.queue.empty():
                    due = self._due()
                    if due is not None:
                        due = max(due, self.retry_at)
                    timeout = None if due is None else max(0.0, due - self.clock())
                    await self.queue.wait(timeout)  # also at 0: the loop serves others
                    if self.queue.empty():
                        try:
                            await self._step()
                        except Gone:
                            return
                        except Exception as exc:  # the store failed: nothing was applied
                            self._failed("a step", exc)
                            self.retry_at = self.clock() + RETRY
                        if self._let_go():
                            return
                        continue
                command = self.queue.get_nowait()
                if command.kind == "stop" or self.halted:
                    return
                try:
                    result = await self._handle(command)
                except Gone:
                    return
                except Exception as exc:
                    self._failed(command.kind, exc)
                    seat = command.conn.seat if command.conn is not None else None
                    result = self.refused(
                        (command.data or {}).get("id") if command.kind == "act" else None,
                        seat, refusal("server"))
                    if command.conn is not None and command.kind == "act":
                        command.conn.send(result)
                if isinstance(result, _Later):  # answered once its write is done
                    result.answer(command.done)
                elif command.done is not None and not command.done.done():
                    command.done.set_result(result)
                command = None
                if self._let_go():
                    return
        finally:
            self._answer_gone(command)

    def _answer_gone(self, taken: _Command | None) -> None:
        """The loop ends: whoever waits for an answer (the command it took, every command
        still queued) is told the runner is gone."""
        waiting = [taken] if taken is not None else []
        while not self.queue.empty():
            waiting.append(self.queue.get_nowait())
        for command in waiting:
            if command.done is not None and not command.done.done():
                command.done.set_exception(Gone(self.room_id))

    def _failed(self, what: str, exc: Exception) -> None:
        """One line in the log when the store starts failing (not one a table a second
        while it is retried); a fault of the code keeps its traceback."""
        if store_failure(exc):
            if not self.failing:
                log.error("table %s: %s failed, the store is tried again every %g s: %s",
                          self.room_id, what, RETRY, one_line(exc))
            self.failing = True
        else:
            log.error("table %s: %s failed", self.room_id, what, exc_info=exc)

    def _stored(self) -> None:
        if self.failing:
            log.info("table %s: the store works again", self.room_id)
            self.failing = False

    def _let_go(self) -> bool:
        """Whether the loop ends: the match is over and stored, nobody looks and nothing
        waits (checked after every command and step, so also when a match nobody watched
        ends; a command that came during a step is still in the queue). The room forgets
        the runner; a connection or a record later reads the store."""
        if not (self.table.finished and self.finish_told and not self.conns
                and self.queue.empty()):
            return False
        if self.on_idle is not None:
            self.on_idle(self.room_id, self)
        return True

    def _computer(self, seat: int) -> bool:
        return seat not in self.people or seat in self.stand_ins

    def _due(self) -> float | None:
        """When the table acts of itself next (a deal, a computer move, a timer)."""
        table = self.table
        seat = table.to_act
        if not self.finish_told and table.finished:
            return self.last_change  # the store missed the end: tell it again
        if seat is None or self.words.paused:
            return None
        dues = [since + self.timing.grace for s, since in self.absent_since.items()
                if s not in self.stand_ins]
        if table.phase is Phase.ROUND_OVER:
            dues.append(self.last_change + self.timing.round_pause)
        elif self._computer(seat):
            dues.append(self.last_change + self.timing.bot_delay)
        elif table.phase is Phase.BUYING and self.window_ends is not None:
            dues.append(self.window_ends)
        elif self.turn_ends is not None:  # once out, the stand-in finishes the turn
            dues.append(max(self.turn_ends, self.last_change + self.timing.bot_delay))
        return min(dues) if dues else None

    async def _step(self) -> None:
        table, now = self.table, self.clock()
        if not self.finish_told and table.finished:
            await self._finish()
        for s, since in list(self.absent_since.items()):
            if s not in self.stand_ins and now >= since + self.timing.grace:
                self._stand_in(s, self.substitute)
        seat = table.to_act
        if seat is None:
            return
        if table.phase is Phase.ROUND_OVER:
            if now >= self.last_change + self.timing.round_pause:
                await self._commit(seat, DEAL, None)
        elif self._computer(seat):
            if now >= self.last_change + self.timing.bot_delay:
                await self._bot_move(seat, self.stand_ins.get(seat) or table.player(seat))
        elif table.phase is Phase.BUYING and self.window_ends is not None:
            if now >= self.window_ends:
                await self._commit(seat, Action(Verb.PASS), None)
        elif (self.turn_ends is not None
              and now >= max(self.turn_ends, self.last_change + self.timing.bot_delay)):
            await self._time_up(seat)

    async def _time_up(self, seat: int) -> None:
        """The person's time ran out: the room's stand-in makes the move (stored and told
        like any other), and the rest of that turn; the first time, everyone is told why."""
        first = seat not in self.timed
        if first:
            self.timed[seat] = make_player(self.substitute, seat)
        await self._bot_move(seat, self.timed[seat])
        if first:
            name = self.table.seats[seat].name
            self._broadcast({"type": "timeout", "seat": seat, "level": self.substitute,
                             "text": {lang: t("server_turn_timeout", lang, name=name,
                                              level=level_name(self.substitute, lang))
                                      for lang in ("en", "nl")}})

    async def _bot_move(self, seat: int, player: Player) -> None:
        table = self.table
        turn = BotTurn(seat, table.version, getattr(player, "name", "basic"),
                       table.view(seat), tuple(table.legal()), 0)
        action = await self.thinking.run(self.owner, decide, turn, player)
        await self._commit(seat, action, None, why(table, turn.view, action, self.conns))

    async def _commit(self, seat: int, action: Action, cid: str | None,
                      learning: Frame | None = None, actor: Conn | None = None) -> Accepted:
        """Store the action, then apply it, then tell everyone (the caller checked it);
        ``actor``, the connection that sent it: on protocol 2 its ``events`` frame carries
        the ``ack`` (``cid``)."""
        table = self.table
        if self.halted:
            raise Gone(self.room_id)
        try:
            await self.store.append(self.room_id, ActionRow(table.version + 1, seat,
                                                            str(action), cid))
        except IntegrityError:  # that version is stored already: another process runs
            # this table now (bus.py, lease.py); this one stops and its pages reconnect
            log.error("table %s: version %d is stored already: this process stops it",
                      self.room_id, table.version + 1)
            self.halted = True
            self.keeping = False  # nor are its stand-ins this process's to store
            for conn in list(self.conns):
                conn.close()
            raise Gone(self.room_id) from None
        self._stored()
        if self.halted:  # stored as the host ended the room: applied by nobody
            raise Gone(self.room_id)
        done = table.act(seat, action, table.version)
        assert isinstance(done, Accepted), done  # checked before it was stored
        self.last_change = self.clock()
        if table.phase is not Phase.BUYING:
            self.window_ends = None
        elif self.window_ends is None and self.timing.buying_window > 0:
            self.window_ends = self.last_change + self.timing.buying_window
        self._clock_turn(new_turn=action.verb is Verb.DEAL)
        if table.finished:
            with contextlib.suppress(Exception):  # if the store fails, _step tries again
                await self._finish()  # the record can be fetched once they know
        conns = list(self.conns)
        # protocol 2 (a socket of this process): the view's changes from the last
        # version's, which every connection of the table was sent (a welcome's, a
        # refusal's or an events frame's), written field by field; else the whole view
        before, now = self._views, {s: table.view(s) for s in dict.fromkeys(
            conn.seat for conn in conns)}
        self._views = (table.version, now)
        changes: dict[int | None, dict[str, Any]] = {}
        if before[0] == table.version - 1:
            for conn in conns:
                old = before[1].get(conn.seat)
                if conn.takes_changes and old is not None and conn.seat not in changes:
                    changes[conn.seat] = view_changes(old, now[conn.seat])
        whole = [s for s in now
                 if any(c.seat == s and not (c.takes_changes and s in changes) for c in conns)]
        views = dict(zip(whole, encode_views([now[s] for s in whole]), strict=True))
        clock = self.clock_json()
        frames: dict[tuple[int | None, bool], Frame] = {}
        for conn in conns:
            lighter = conn.takes_changes and conn.seat in changes
            if (conn.seat, lighter) not in frames:  # moves: the seat to act's, once a version
                frames[conn.seat, lighter] = events_frame(
                    table, conn.seat, done.events, clock=clock,
                    view=None if lighter else views[conn.seat],
                    changes=changes[conn.seat] if lighter else None,
                    moves=self.moves_of(conn.seat))
            frame = frames[conn.seat, lighter]
            if learning and conn.learn:
                frame = {**frame, "why": learning}
            if conn is actor and conn.protocol >= 2:
                frame = {**frame, "ack": cid}
            conn.send(frame)
        return done

    async def _finish(self) -> None:
        """Tell the room the match is over (its status stored); a failure is raised to the
        step that tries again, and logged there."""
        if self.on_finish is not None:
            await self.on_finish(self.room_id)
        self._stored()
        self.finish_told = True

    # --- the turn timer ------------------------------------------------------------------
    def _clock_turn(self, new_turn: bool) -> None:
        """Start the turn timer when a person's turn begins: another seat, a buying question
        after a turn or a turn after one, a new round. A computer's move has none."""
        table, seat = self.table, self.table.to_act
        if (not self.timing.turn or seat is None or table.phase is Phase.ROUND_OVER
                or self._computer(seat)):
            self.turn_key = self.turn_ends = None
            return
        key = (seat, table.phase is Phase.BUYING)
        if new_turn or key != self.turn_key:
            self.turn_key, self.turn_ends = key, self.clock() + self.timing.turn
            self.timed.clear()

    def clock_json(self) -> ClockJSON | None:
        """The clock that runs for the seat to act (buying window or turn), as sent."""
        seat, now = self.table.to_act, self.clock()
        if seat is None:
            return None
        if self.table.phase is Phase.BUYING and self.window_ends is not None:
            return {"seat": seat, "kind": "buy", "seconds": self.timing.buying_window,
                    "left": round(max(0.0, self.window_ends - now), 1)}
        if self.turn_ends is not None:
            return {"seat": seat, "kind": "turn", "seconds": self.timing.turn,
                    "left": round(max(0.0, self.turn_ends - now), 1)}
        return None

    def _stand_in(self, seat: int, level: str) -> asyncio.Future[None]:
        """A computer plays the away person's seat from now on (the host let it, or the
        grace period ran out); the choice is stored (``_keep``: the returned future is done
        once its write was tried)."""
        self.stand_ins[seat] = make_player(level, seat)
        self.last_change = self.clock()
        self._clock_turn(new_turn=False)
        self._broadcast(self.seats_frame())
        return self._keep()

    def resume_stand_ins(self, levels: Mapping[int, str]) -> None:
        """Before the start of a resumed table: the seats a computer played for their away
        people when the table was last run (the room keeps them, ``_keep``) are played so
        again at once, with no grace period waited out, until their people come back."""
        for seat, level in sorted(levels.items()):
            if seat in self.people and seat in self.absent_since:
                self.stand_ins[seat] = make_player(level, seat)
        self.kept = self.played_for_absent()
        self._clock_turn(new_turn=False)

    def _keep(self) -> asyncio.Future[None]:
        """Store the seats a computer plays for their away people as they are now
        (``on_stand_ins``), in a task of its own: the table goes on meanwhile, and the
        writes are made one at a time, each of the newest seats, so they never land out of
        order. The returned future is done once a write begun after this call was tried
        (or none was needed). A failing store is tried again every ``RETRY`` s."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self.on_stand_ins is None or not self.keeping:
            waiter.set_result(None)
            return waiter
        self._keep_waiters.append(waiter)
        if self._keeper is None or self._keeper.done():
            self._keeper = asyncio.create_task(self._keep_stand_ins(),
                                               name=f"table {self.room_id} stand-ins")
        return waiter

    async def _keep_stand_ins(self) -> None:
        waiters: list[asyncio.Future[None]] = []  # those of the write under way
        try:
            # a finished table's end keeps them (the room's ``_finished``)
            while self.keeping and self.on_stand_ins is not None \
                    and not self.table.finished:
                want = self.played_for_absent()
                waiters, self._keep_waiters = self._keep_waiters, []
                if want == self.kept:
                    _release(waiters)
                    return
                try:
                    await self.on_stand_ins(self.room_id, want)
                except Exception as exc:
                    _release(waiters)
                    self._failed("storing the stand-ins", exc)
                    if not store_failure(exc):
                        return
                    await asyncio.sleep(RETRY)
                    continue
                self.kept = want
                self._stored()
                _release(waiters)
        finally:  # cancelled by stop() during a write: its askers are answered too
            _release(waiters)
            waiters, self._keep_waiters = self._keep_waiters, []
            _release(waiters)

    @property
    def stand_ins_stored(self) -> bool:
        """Whether the store may hold stand-ins of this table (any were resumed or
        written)."""
        return bool(self.kept) or self._keeper is not None

    def played_for_absent(self) -> dict[int, str]:
        """The persons' seats a computer plays now, their people away (the host let it
        play, or the grace period ran out), with the level it plays at: the room keeps them
        with the match's end, and its rematch starts them so (rooms.py)."""
        return {s: str(getattr(player, "name", None) or self.substitute)
                for s, player in self.stand_ins.items() if s in self.absent_since}

    def _broadcast(self, frame: Frame) -> None:
        for conn in list(self.conns):
            conn.send(frame)

    def seats_frame(self) -> Frame:
        return {"type": "seats", "seats": [
            {"seat": s, "name": seat.name, "person": s in self.people,
             "present": s in self.people and s not in self.absent_since,
             "computer": self._computer(s), "level": seat.level}
            for s, seat in enumerate(self.table.seats)]}

    # --- commands ------------------------------------------------------------------------
    async def _handle(self, command: _Command) -> Any:
        conn = command.conn
        if command.kind == "connect":
            assert conn is not None
            self._connect(conn, command.data)
            return None
        if command.kind == "leave":
            assert conn is not None
            self.conns.discard(conn)
            seat = conn.seat
            if seat in self.people and not any(c.seat == seat for c in self.conns):
                self.absent_since[seat] = self.clock()
                self.away_from[seat] = self.table.version
                self._broadcast(self.seats_frame())
            return None
        if command.kind == "act":
            assert conn is not None
            version = self.table.version
            frame = await self._act(conn.seat, command.data, conn)
            if frame["type"] == "refused":  # what the seat may do now, with the refusal
                frame = {**frame, **self.moves_of(conn.seat), "clock": self.clock_json()}
            elif conn.protocol >= 2 and frame["version"] == self.table.version > version:
                return frame  # applied now: its events frame carried the ack
            conn.send(frame)
            return frame
        if command.kind == "substitute":
            seat, level = command.data
            if seat not in self.people or seat not in self.absent_since \
                    or self.table.finished:
                return False
            # answered once the choice is stored (a restart right after still has it)
            return _Later(True, self._stand_in(seat, level))
        if command.kind == "say":
            assert conn is not None
            return await self._say(conn, command.data)
        if command.kind == "pause":
            return self._pause(bool(command.data))
        if command.kind == "chat":
            self.words.chat = bool(command.data)
            self._broadcast(self.words.switched())
            return True
        if command.kind == "hash":
            return hashlib.sha256(repr(self.table.state).encode()).hexdigest()
        raise ValueError(command.kind)

    def _connect(self, conn: Conn, since: int | None) -> None:
        seat, table = conn.seat, self.table
        if seat is not None:  # a seat's connections are bounded: the oldest goes
            same = sorted((c for c in self.conns if c.seat == seat), key=lambda c: c.order)
            for old in same[:max(0, len(same) - self.limits.seat_sockets + 1)]:
                old.send({"type": "error", "reason": refusal("replaced")})
                old.close()
                self.conns.discard(old)
        self.conns.add(conn)
        back = None
        if seat is not None and seat in self.absent_since:
            del self.absent_since[seat]
            went = self.away_from.pop(seat, None)
            if went is not None and went < table.version:
                back = back_frame(table, seat, went)
            if self.stand_ins.pop(seat, None) is not None:  # back: the stand-in stops
                self._clock_turn(new_turn=False)
                self._keep()  # and the store forgets it
            self.last_change = self.clock()
            self._broadcast(self.seats_frame())
        else:
            conn.send(self.seats_frame())
        conn.send({"type": "welcome", "seat": seat, "version": table.version,
                   "view": encode_view(table.view(seat)), **self.moves_of(seat),
                   "clock": self.clock_json(), **round_end(table, seat)})
        if since is not None and -1 <= since < table.version:
            missed = [e for _, e in table.events_since(seat, since)]
            conn.send(events_frame(table, seat, missed, "missed", clock=self.clock_json()))
        if back is not None:
            conn.send(back)
        conn.send(self.words.state())  # last: after what the table's frames were

    # --- together.py: a word to the table, the host's pause ------------------------------
    async def _say(self, conn: Conn, said: dict[str, Any]) -> Frame:
        """A reaction or a line of chat from a seat: refused for a spectator, for chat
        while the host has it off, over the seat's rate; else stored, then sent to all."""
        seat, words = conn.seat, self.words
        reason = None
        if seat is None:
            reason = said_refusal("spectator_says", "together_spectator_says")
        elif said["kind"] == "chat" and not words.chat:
            reason = said_refusal("chat_off", "chat_off")
        elif self.bucket("words", seat, self.limits.words).take():
            reason = said_refusal("rate", "together_too_many_words")
        if reason is not None or seat is None:
            frame = self.refused(None, seat, reason)
            conn.send(frame)
            return frame
        n = words.count + 1
        await self.store.add_word(self.room_id, n, seat, said["kind"], said["text"])
        words.count = n
        frame = words.frame(n, seat, said["kind"], said["text"])
        words.said.append(frame)
        self._broadcast(frame)
        return frame

    def _pause(self, on: bool) -> bool:
        """The host pauses the table (no move, no timer, no computer player, no stand-in)
        or goes on: every clock that ran is moved on by the pause's length."""
        words, now = self.words, self.clock()
        if on == words.paused or self.table.finished:
            return on == words.paused
        if on:
            words.paused, words.paused_at = True, now
        else:
            gone = now - words.paused_at
            words.paused = False
            self.turn_ends = None if self.turn_ends is None else self.turn_ends + gone
            self.window_ends = None if self.window_ends is None else self.window_ends + gone
            self.absent_since = {s: t + gone for s, t in self.absent_since.items()}
            self.last_change = now
        self._broadcast({**words.pause_frame(), "clock": self.clock_json()})
        return True

    async def _act(self, seat: int | None, message: dict[str, Any],
                   conn: Conn | None = None) -> Frame:
        """The answer to an action (``ack`` or ``refused``, remembered for a repeated id);
        ``conn``: the connection that sent it."""
        cid: str = message["id"]
        table = self.table
        if seat is None:
            return self._refuse(cid, refusal("spectator"))
        key = (seat, cid)
        if key in self.answers:
            return self.answers[key]
        if self.words.paused:
            return self._refuse(cid, said_refusal("paused", "together_paused_refusal"))
        if message["version"] != table.version:
            if self.bucket("stale", seat, self.limits.stale).take():  # the view is costly
                return self._refuse(cid, refusal("rate", "api_rate_stale"))
            frame = self._refuse(cid, dict(encode_refusal(Reason(
                "stale_version", version=message["version"], current=table.version), you=True)))
            frame["view"] = encode_view(table.view(seat))
            return frame
        try:
            action = decode_action(message["action"])
        except NotationError as exc:
            return self._remember(key, self._refuse(cid, refusal(
                "notation", error=exc, detail=str(exc))))
        reason = table.check(seat, action)
        if reason is not None:
            return self._remember(key, self._refuse(cid, dict(encode_refusal(reason, you=True))))
        done = await self._commit(seat, action, cid, actor=conn)
        return self._remember(key, {"type": "ack", "id": cid, "version": done.version})

    def _refuse(self, cid: str, reason: Any) -> Frame:
        """A refusal as remembered for a repeated id; sent with ``moves`` and ``clock`` of
        the moment it is sent."""
        return {"type": "refused", "id": cid, "version": self.table.version, "reason": reason}

    def moves_of(self, seat: int | None) -> Frame:
        """``listing`` for ``seat`` at the table's version, made once a version (a refusal
        repeated at one version costs nothing more)."""
        version = self.table.version
        found = self._listed.get(seat)
        if found is None or found[0] != version:
            found = (version, listing(self.table, seat))
            self._listed[seat] = found
        return found[1]

    @property
    def finished(self) -> bool:
        return self.table.finished

    def refuse(self, conn: Conn, cid: str | None, reason: Any) -> None:
        """Send ``conn`` a refusal of the socket's own (``refused``)."""
        conn.send(self.refused(cid, conn.seat, reason))

    def pong(self, conn: Conn) -> None:
        conn.send({"type": "pong", "version": self.table.version})

    def set_learn(self, conn: Conn, on: bool) -> None:
        conn.learn = on  # read by the table's task on its next move

    def refused(self, cid: str | None, seat: int | None, reason: Any) -> Frame:
        """A refusal frame with what the client needs to go on: the message's id, the
        version, the seat's moves and the clock (docs/protocol.md)."""
        return {"type": "refused", "id": cid, "version": self.table.version,
                "reason": reason, **self.moves_of(seat), "clock": self.clock_json()}

    def _remember(self, key: tuple[int, str], frame: Frame) -> Frame:
        self.answers[key] = frame
        while len(self.answers) > ANSWERS_KEPT:
            self.answers.popitem(last=False)
        return frame
