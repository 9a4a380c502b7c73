"""One asyncio task per table: it alone touches the game, so people, computer players and
timers are served one at a time, in the order they come.

Every accepted action is stored (committed) before the game moves on, before anyone is
told; the runtime keeps each version's events, so a seat that reconnects gets what it
missed as that seat may see it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from ..bots import Player
from ..cards import NotationError
from ..events import Event
from ..reasons import Reason
from .game import DEAL, LiveGame, decide, new_player, reason_json, refusal
from .store import ActionRow, Store

Frame = dict[str, Any]
ANSWERS_KEPT = 256  # idempotent answers remembered per table


@dataclass(frozen=True)
class Timing:
    """How long the table waits (seconds); tests set the pauses to 0."""

    bot_delay: float = 0.6  # between computer moves, so people can follow them
    round_pause: float = 4.0  # between a round's end and the next deal
    buying_window: float = 0.0  # 0: off (every person answers); else 4-10 s
    grace: float = 60.0  # a disconnected person keeps the seat this long


@dataclass(eq=False)
class Conn:
    """One WebSocket: a seat (or None, a spectator) and the frames waiting to be sent."""

    seat: int | None
    outbox: asyncio.Queue[Frame | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=1024))
    closed: bool = False

    def send(self, frame: Frame) -> None:
        if self.closed:
            return
        try:
            self.outbox.put_nowait(frame)
        except asyncio.QueueFull:  # a client that does not read: it reconnects later
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)


@dataclass
class _Command:
    kind: str  # connect, leave, act, substitute, stop
    conn: Conn | None = None
    data: Any = None
    done: asyncio.Future[Any] | None = None


class TableRunner:
    def __init__(self, room_id: str, game: LiveGame, people: set[int],
                 bots: dict[int, Player], substitute: str, timing: Timing, store: Store,
                 pool: Executor | None, on_finish: Callable[[str], Any] | None = None,
                 answers: dict[tuple[int, str], int] | None = None) -> None:
        self.room_id = room_id
        self.game = game
        self.people = people  # person seats (computer players may stand in for them)
        self.bots = bots  # computer seats, and persons' seats taken over
        self.substitute = substitute
        self.timing = timing
        self.store = store
        self.pool = pool
        self.on_finish = on_finish
        self.conns: set[Conn] = set()
        self.log: list[tuple[int, tuple[Event, ...]]] = []  # (version, events) of each action
        self.answers: OrderedDict[tuple[int, str], Frame] = OrderedDict()
        for key, version in (answers or {}).items():
            self.answers[key] = {"type": "ack", "id": key[1], "version": version}
        self.absent_since: dict[int, float] = {seat: time.monotonic() for seat in people}
        self.window_ends: float | None = None
        self.queue: asyncio.Queue[_Command] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.error: BaseException | None = None

    # --- the outside asks ----------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"table {self.room_id}")

    async def ask(self, kind: str, conn: Conn | None = None, data: Any = None) -> Any:
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self.queue.put(_Command(kind, conn, data, done))
        return await done

    def tell(self, kind: str, conn: Conn | None = None, data: Any = None) -> None:
        self.queue.put_nowait(_Command(kind, conn, data))

    async def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.tell("stop")
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for conn in list(self.conns):
            conn.close()

    # --- the loop ------------------------------------------------------------------------
    async def _run(self) -> None:
        getter: asyncio.Task[_Command] | None = None
        try:
            while True:
                if getter is None:
                    getter = asyncio.ensure_future(self.queue.get())
                due = self._due()
                timeout = None if due is None else max(0.0, due - time.monotonic())
                done, _ = await asyncio.wait({getter}, timeout=timeout)
                if not done:
                    await self._step()
                    continue
                command, getter = getter.result(), None
                if command.kind == "stop":
                    return
                result = await self._handle(command)
                if command.done is not None and not command.done.done():
                    command.done.set_result(result)
        except BaseException as exc:
            self.error = exc
            raise
        finally:
            if getter is not None:
                getter.cancel()

    def _due(self) -> float | None:
        """When the table acts of itself next (a deal, a computer move, a timer)."""
        game = self.game
        if game.finished:
            return None
        dues: list[float] = []
        if game.needs_deal:
            dues.append(self._last_change + self.timing.round_pause)
        seat = game.to_act
        if seat is not None and seat in self.bots:
            dues.append(self._last_change + self.timing.bot_delay)
        if seat is not None and game.buying and self.window_ends is not None:
            dues.append(self.window_ends)
        for s, since in self.absent_since.items():
            if s not in self.bots and seat is not None:
                dues.append(since + self.timing.grace)
        return min(dues) if dues else None

    _last_change: float = 0.0

    async def _step(self) -> None:
        game, now = self.game, time.monotonic()
        for s, since in list(self.absent_since.items()):
            if s not in self.bots and now >= since + self.timing.grace and game.to_act is not None:
                self._take_over(s, self.substitute)
        if game.finished:
            return
        if game.needs_deal:
            if now >= self._last_change + self.timing.round_pause:
                await self._commit(None, DEAL, None)
            return
        seat = game.to_act
        if seat is None:
            return
        if seat in self.bots:
            if now >= self._last_change + self.timing.bot_delay:
                await self._bot_move(seat)
        elif game.buying and self.window_ends is not None and now >= self.window_ends:
            await self._commit(seat, "pass", None)

    async def _bot_move(self, seat: int) -> None:
        player, state = self.bots[seat], self.game.game.state
        loop = asyncio.get_running_loop()
        text = await loop.run_in_executor(self.pool, decide, player, state, seat)
        await self._commit(seat, text, None)

    async def _commit(self, seat: int | None, text: str, client_id: str | None) -> int:
        """Store the action, then apply it, then tell everyone; returns the new version."""
        version = self.game.version + 1
        await self.store.append(self.room_id, ActionRow(version, seat, text, client_id))
        was_buying = self.game.buying
        events = self.game.act(seat, text)
        self.log.append((version, tuple(events)))
        self._last_change = time.monotonic()
        if self.game.buying and not was_buying and self.timing.buying_window > 0:
            self.window_ends = self._last_change + self.timing.buying_window
        elif not self.game.buying:
            self.window_ends = None
        views: dict[int | None, Frame] = {}
        for conn in list(self.conns):
            if conn.seat not in views:
                views[conn.seat] = self._events_frame(conn.seat, events)
            conn.send(views[conn.seat])
        if self.game.finished and self.on_finish is not None:
            await self.on_finish(self.room_id)
        return version

    def _events_frame(self, seat: int | None, events: list[Event]) -> Frame:
        return {"type": "events", "version": self.game.version,
                "events": self.game.events_for(events, seat), "view": self.game.view(seat)}

    def _take_over(self, seat: int, level: str) -> None:
        self.bots[seat] = new_player(level, seat)
        self._last_change = time.monotonic()
        self._broadcast_seats()

    def _broadcast_seats(self) -> None:
        frame = self.seats_frame()
        for conn in list(self.conns):
            conn.send(frame)

    def seats_frame(self) -> Frame:
        return {"type": "seats", "seats": [
            {"seat": s, "name": name, "person": s in self.people,
             "present": s in self.people and s not in self.absent_since,
             "computer": s in self.bots}
            for s, name in enumerate(self.game.players)]}

    # --- commands ------------------------------------------------------------------------
    async def _handle(self, command: _Command) -> Any:
        conn = command.conn
        if command.kind == "connect":
            assert conn is not None
            return self._connect(conn, command.data)
        if command.kind == "leave":
            assert conn is not None
            self.conns.discard(conn)
            seat = conn.seat
            if seat in self.people and not any(c.seat == seat for c in self.conns):
                self.absent_since[seat] = time.monotonic()
                self._broadcast_seats()
            return None
        if command.kind == "act":
            assert conn is not None
            frame = await self._act(conn.seat, command.data)
            conn.send(frame)
            return frame
        if command.kind == "substitute":
            seat, level = command.data
            if seat not in self.people or seat not in self.absent_since:
                return False
            self._take_over(seat, level)
            return True
        if command.kind == "hash":
            return self.game.state_hash()
        raise ValueError(command.kind)

    def _connect(self, conn: Conn, since: int | None) -> None:
        self.conns.add(conn)
        seat = conn.seat
        if seat is not None and seat in self.absent_since:
            del self.absent_since[seat]
            if seat in self.bots and seat in self.people:
                del self.bots[seat]  # the person is back: the stand-in stops
            self._last_change = time.monotonic()
            self._broadcast_seats()
        else:
            conn.send(self.seats_frame())
        conn.send({"type": "welcome", "seat": seat, "version": self.game.version,
                   "players": list(self.game.players), "view": self.game.view(seat)})
        if since is not None and 0 <= since < self.game.version:
            first = self.game.version - len(self.log)
            if since >= first:
                events = [e for v, es in self.log[since - first:] for e in es]
                conn.send({"type": "missed", "from": since, "version": self.game.version,
                           "events": self.game.events_for(events, seat)})

    async def _act(self, seat: int | None, message: dict[str, Any]) -> Frame:
        cid: str = message["id"]
        if seat is None:
            return self._refuse(cid, refusal(
                "spectator", "a spectator cannot play", "een toeschouwer kan niet spelen"))
        key = (seat, cid)
        if key in self.answers:
            return self.answers[key]
        version = message["version"]
        if version != self.game.version:
            frame = self._refuse(cid, refusal(
                "stale", f"the table is at version {self.game.version}, not {version}",
                f"de tafel is bij versie {self.game.version}, niet {version}",
                version=self.game.version))
            frame["view"] = self.game.view(seat)
            return frame
        text = message["action"]
        try:
            action = self.game.parse(text)
        except NotationError as exc:
            return self._remember(key, self._refuse(cid, refusal(
                "notation", f"not an action: {exc}",
                f"dat is geen zet in de notatie (bijvoorbeeld 'draw' of 'discard 7h'): {exc}",
                detail=str(exc))))
        if action.verb.value == DEAL:
            return self._remember(key, self._refuse(cid, refusal(
                "deal", "the table deals by itself", "de tafel deelt zelf")))
        reason: Reason | None = self.game.check(seat, action)
        if reason is not None:
            return self._remember(key, self._refuse(cid, reason_json(reason)))
        new = await self._commit(seat, str(action), cid)
        return self._remember(key, {"type": "ack", "id": cid, "version": new})

    def _refuse(self, cid: str, reason: Frame) -> Frame:
        return {"type": "refused", "id": cid, "version": self.game.version, "reason": reason}

    def _remember(self, key: tuple[int, str], frame: Frame) -> Frame:
        self.answers[key] = frame
        while len(self.answers) > ANSWERS_KEPT:
            self.answers.popitem(last=False)
        return frame
