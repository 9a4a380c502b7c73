"""Where rooms and every table's actions are kept: SQLite (WAL) or PostgreSQL, async.

A table is stored as its actions, not its state: the engine replays them to the exact
version, so an upgrade of the program (or a crash) keeps every game.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import queue
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
from alembic import command
from alembic.config import Config
from sqlalchemy import Integer, bindparam, event, func, insert, select, update
from sqlalchemy.dialects.postgresql.asyncpg import dialect as asyncpg_dialect
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from ..rules.sentence import Sentence
from . import schema


def default_url() -> str:
    """A SQLite file in the user's data directory (platformdirs)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("jokeren", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'jokeren.db'}"


class StoreError(Sentence):
    """A database that cannot be used: one sentence (the catalogue's ``error_store_*``)."""


# The URLs as users type them, and the async drivers the server uses for them (STACK.md).
ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg",
                 "postgres": "postgresql+asyncpg"}


def async_url(url: str) -> str:
    """``url`` with the async driver the server uses: ``sqlite:///games.db`` becomes
    ``sqlite+aiosqlite:///games.db``, ``postgresql://...`` (or ``postgres://``)
    ``postgresql+asyncpg://...``; any other URL is returned as it is."""
    scheme, sep, rest = url.partition("://")
    driver = ASYNC_DRIVERS.get(scheme.lower()) if sep else None
    return f"{driver}://{rest}" if driver else url


def check_url(url: str) -> bool:
    """Whether ``url`` is SQLite (else PostgreSQL); a URL that cannot be used raises
    StoreError before anything is opened."""
    try:
        parsed = make_url(async_url(url))
    except Exception:
        raise StoreError("store_bad_url", url=url) from None
    if parsed.drivername not in ("sqlite+aiosqlite", "postgresql+asyncpg"):
        raise StoreError("store_driver")
    sqlite = parsed.drivername.startswith("sqlite")
    if sqlite and parsed.database and parsed.database != ":memory:" \
            and not Path(parsed.database).parent.is_dir():
        raise StoreError("store_no_folder", folder=Path(parsed.database).parent)
    return sqlite


@dataclass(frozen=True)
class RoomRow:
    id: str
    created: float
    rules: str
    options: str
    status: str
    seed: str
    host_hash: str
    invite_hash: str
    spectate_hash: str


@dataclass(frozen=True)
class SeatRow:
    room_id: str
    seat: int
    kind: str
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None


@dataclass(frozen=True)
class ActionRow:
    version: int
    seat: int | None
    text: str
    client_id: str | None


_Pending = tuple[str, ActionRow, "asyncio.Future[None]"]
_T = TypeVar("_T")


@dataclass(frozen=True)
class Change:
    """What ``Store.locked`` writes: the room's new values, and one seat's, which is
    written only if it is still free (its token unset)."""

    room: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    seat_values: dict[str, Any] = field(default_factory=dict)


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("jokeren.server") / "migrations"))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


@functools.cache
def _action_insert(keys: tuple[str, ...]) -> str:
    """The schema's insert of an action row with these keys, as SQLAlchemy writes it for
    sqlite3 (its own ``:name`` parameters)."""
    return str(insert(schema.action).compile(dialect=sqlite_dialect(paramstyle="named"),
                                             column_keys=list(keys)))


class _SqliteActions:
    """The actions' writer on a SQLite file: one connection of its own, in a thread of its
    own, each group commit one call there (``executemany`` and the commit). Through
    SQLAlchemy and aiosqlite a commit took some ten hops between the event loop and the
    driver's thread, most of the server's cost of storing an action; the thread takes its
    calls from a queue and answers through ``call_soon_threadsafe`` (7 µs of CPU a call,
    where an executor's ``run_in_executor`` took 17 µs)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db: sqlite3.Connection | None = None
        self._calls: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def _insert(self, rows: list[dict[str, Any]]) -> None:
        if self.db is None:  # opened in the writer's thread, after the migrations
            self.db = sqlite3.connect(self.path, check_same_thread=False)
            _sqlite_pragmas(self.db, None)
        sql = _action_insert(tuple(rows[0]))
        try:
            with self.db:  # one transaction: committed, or rolled back on an error
                self.db.executemany(sql, rows)
        except sqlite3.Error as exc:  # the error SQLAlchemy would give (IntegrityError...)
            raise DBAPIError.instance(sql, rows, exc, sqlite3.Error) from exc

    def _work(self) -> None:
        while (job := self._calls.get()) is not None:
            loop, done, fn, args = job
            try:
                result = fn(*args)
            except BaseException as exc:  # handed to the caller, as an executor would
                loop.call_soon_threadsafe(_answer, done, None, exc)
            else:
                loop.call_soon_threadsafe(_answer, done, result, None)

    async def call(self, fn: Callable[..., _T], *args: Any) -> _T:
        """``fn(*args)`` in the writer's thread (where its connection lives)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="jokeren-store",
                                            daemon=True)
            self._thread.start()
        loop = asyncio.get_running_loop()
        done: asyncio.Future[_T] = loop.create_future()
        self._calls.put((loop, done, fn, args))
        return await done

    async def insert(self, rows: list[dict[str, Any]]) -> None:
        await self.call(self._insert, rows)

    def _close(self) -> None:
        if self.db is not None:
            self.db.close()

    async def close(self) -> None:
        if self._thread is None:
            return
        await self.call(self._close)
        self._calls.put(None)  # the thread ends after the close
        self._thread = None


# the action's columns in the table's order: the positional parameters of PostgreSQL's insert
_ACTION_COLUMNS = tuple(c.name for c in schema.action.c)
# as SQLAlchemy writes it for asyncpg ($1::VARCHAR, ...)
_PG_ACTION_INSERT = str(insert(schema.action).compile(
    dialect=asyncpg_dialect(), column_keys=list(_ACTION_COLUMNS)))  # type: ignore[no-untyped-call]


class _PostgresActions:
    """The actions' writer on PostgreSQL: a connection of the engine's pool kept for it,
    each group commit one asyncpg ``executemany`` (the rows in one round trip and one
    implicit transaction, committed at its end, or not at all). Through SQLAlchemy (a
    transaction begun, the insert, the commit, each through its greenlet and adapter) an
    action of a busy evening cost the server 0.5-0.6 ms more CPU (docs/server-load.md).
    PostgreSQL syncs in its own process, so nothing here waits for the GIL. A constraint's
    error is SQLAlchemy's ``IntegrityError`` (a version stored already: another process
    runs the table); any other drops the connection, and the next commit takes a new one."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._conn: AsyncConnection | None = None
        self._db: Any = None  # its asyncpg connection

    async def insert(self, rows: list[dict[str, Any]]) -> None:
        if self._db is None:
            self._conn = await self.engine.connect()
            self._db = (await self._conn.get_raw_connection()).driver_connection
        args = [tuple(r[k] for k in _ACTION_COLUMNS) for r in rows]
        try:
            await self._db.executemany(_PG_ACTION_INSERT, args)
        except asyncpg.IntegrityConstraintViolationError as exc:  # as SQLAlchemy raises it
            raise IntegrityError(_PG_ACTION_INSERT, args, exc) from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            await self.close()
            raise DBAPIError(_PG_ACTION_INSERT, args, exc) from exc

    async def close(self) -> None:
        """Let the connection go, closed rather than back in the pool: after an error (its
        state unknown) and at the store's close (nothing is under way then)."""
        conn, self._conn, self._db = self._conn, None, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.invalidate()
            with contextlib.suppress(Exception):
                await conn.close()


_Call = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


def _answer(done: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """A writer thread's answer, in the event loop (unless the caller stopped waiting)."""
    if done.done():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)


# The statements of a room's path (made, joined, started, resumed) are built once: building
# a statement and its cache key anew each time was some 12% of a start's CPU (py-spy).
_ROOM, _SEAT, _ACTION, _WORD = (t.c for t in (schema.room, schema.seat, schema.action,
                                              schema.room_word))
NEW_ROOM, NEW_SEATS = insert(schema.room), insert(schema.seat)
ROOM = select(schema.room).where(_ROOM.id == bindparam("rid"))
SEATS = select(schema.seat).where(_SEAT.room_id == bindparam("rid")).order_by(_SEAT.seat)
# the room's row locked: its status written as it is (Store.locked)
LOCK = update(schema.room).where(_ROOM.id == bindparam("rid")).values(status=_ROOM.status)
ACTIONS = (select(_ACTION.version, _ACTION.seat, _ACTION.text, _ACTION.client_id)
           .where(_ACTION.room_id == bindparam("rid")).order_by(_ACTION.version))
WORDS = (select(_WORD.n, _WORD.seat, _WORD.kind, _WORD.text)
         .where(_WORD.room_id == bindparam("rid")).order_by(_WORD.n.desc())
         .limit(bindparam("last", type_=Integer)))


class Store:
    def __init__(self, url: str) -> None:
        url = async_url(url)
        self.sqlite = check_url(url)
        self.engine: AsyncEngine = create_async_engine(url)
        self._pending: list[_Pending] = []  # actions waiting for the next commit
        self._writer: asyncio.Task[None] | None = None
        self._actions: _SqliteActions | _PostgresActions | None = None
        # SQLite has one writer at a time; another connection that wants to write polls in
        # SQLite's busy handler, sleeping up to 100 ms between tries, and the actions'
        # writer starved for seconds while rooms were made (a new room, its joins and
        # start are several transactions). So this process's writers take turns here,
        # in order, and meet no lock in SQLite (docs/server-load.md, "Rooms made").
        self._turns: asyncio.Lock | None = asyncio.Lock() if self.sqlite else None
        if self.sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            database = make_url(url).database
            if database and database != ":memory:":
                self._actions = _SqliteActions(database)
        elif self.engine.dialect.driver == "asyncpg":
            self._actions = _PostgresActions(self.engine)

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """This process's turn to write (SQLite; PostgreSQL locks rows, not the database)."""
        if self._turns is None:
            yield
            return
        async with self._turns:
            yield

    @contextlib.asynccontextmanager
    async def _begin(self) -> AsyncIterator[AsyncConnection]:
        """A transaction that may write, in this process's turn."""
        async with self._turn(), self.engine.begin() as conn:
            yield conn

    async def migrate(self) -> None:
        """Bring the schema to the newest revision (Alembic)."""
        async with self._begin() as conn:
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer
        if self._actions is not None:
            await self._actions.close()
        await self.engine.dispose()

    # --- rooms ---------------------------------------------------------------------------
    async def create_room(self, room: RoomRow, seats: Sequence[SeatRow]) -> None:
        async with self._begin() as conn:
            await conn.execute(NEW_ROOM, room.__dict__)
            await conn.execute(NEW_SEATS, [s.__dict__ for s in seats])

    async def room(self, room_id: str) -> tuple[RoomRow, list[SeatRow]] | None:
        if not room_id_ok(room_id):
            return None
        async with self.engine.connect() as conn:
            return await _read_room(conn, room_id)

    async def locked(self, room_id: str,
                     decide: Callable[[RoomRow, list[SeatRow]], tuple[_T, Change]]
                     ) -> _T | None:
        """One transaction with the room's row locked: the room and its seats are read,
        ``decide`` says what to write (or raises, and nothing is written), and it is
        written; None if there is no such room.

        The lock is a write to the room's row made first (its status set to itself): on
        PostgreSQL a row lock that another transaction's lock waits for, in any process;
        on SQLite the database's write lock, taken before anything is read. So two joins
        at once read one after the other, and each sees the seat the other took."""
        r = schema.room.c
        if not room_id_ok(room_id):
            return None
        async with self._begin() as conn:
            held = await conn.execute(LOCK, {"rid": room_id})
            if held.rowcount != 1:
                return None
            found = await _read_room(conn, room_id)
            assert found is not None  # locked above
            result, change = decide(*found)
            if change.room:
                await conn.execute(
                    update(schema.room).where(r.id == room_id).values(**change.room))
            if change.seat is not None:
                s = schema.seat.c
                done = await conn.execute(update(schema.seat).where(
                    s.room_id == room_id, s.seat == change.seat, s.token_hash.is_(None))
                    .values(**change.seat_values))
                if done.rowcount != 1:  # cannot happen under the lock; never a shared seat
                    raise RuntimeError(f"room {room_id}: seat {change.seat} was taken")
        return result

    async def rooms_with_status(self, status: str) -> list[str]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(schema.room.c.id).where(schema.room.c.status == status))
            return [r[0] for r in rows]

    async def set_room(self, room_id: str, *, where: Sequence[str] | None = None,
                       **values: Any) -> bool:
        """Write the room's values, only while its status is one of ``where`` if given;
        whether it was written."""
        r = schema.room.c
        query = update(schema.room).where(r.id == room_id)
        if where is not None:
            query = query.where(r.status.in_(list(where)))
        async with self._begin() as conn:
            done = await conn.execute(query.values(**values))
            return bool(done.rowcount == 1)

    async def set_seat(self, room_id: str, seat: int, **values: Any) -> None:
        async with self._begin() as conn:
            await conn.execute(update(schema.seat).where(
                schema.seat.c.room_id == room_id, schema.seat.c.seat == seat).values(**values))

    # --- club evenings --------------------------------------------------------------------
    async def create_club(self, club_id: str, secretary_hash: str, data: str) -> None:
        async with self._begin() as conn:
            await conn.execute(insert(schema.club_evening).values(
                id=club_id, created=time.time(), secretary_hash=secretary_hash, data=data))

    async def club(self, club_id: str) -> tuple[str, str] | None:
        """The evening's secretary hash and data, None if there is no such evening."""
        if not room_id_ok(club_id):
            return None
        c = schema.club_evening.c
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(c.secretary_hash, c.data)
                                      .where(c.id == club_id))).first()
            return (row[0], row[1]) if row is not None else None

    async def change_club(self, club_id: str, decide: Callable[[str, str], tuple[_T, str]]
                          ) -> _T | None:
        """One transaction with the evening's row locked (as ``locked``): ``decide`` gets
        the secretary hash and the data and says what to answer and the new data (or
        raises, and nothing is written); None if there is no such evening."""
        c = schema.club_evening.c
        if not room_id_ok(club_id):
            return None
        async with self._begin() as conn:
            held = await conn.execute(update(schema.club_evening).where(c.id == club_id)
                                      .values(data=c.data))
            if held.rowcount != 1:
                return None
            row = (await conn.execute(select(c.secretary_hash, c.data)
                                      .where(c.id == club_id))).one()
            result, data = decide(row[0], row[1])
            await conn.execute(update(schema.club_evening).where(c.id == club_id)
                               .values(data=data))
        return result

    # --- actions -------------------------------------------------------------------------
    async def append(self, room_id: str, row: ActionRow) -> None:
        """Store one action; it is durable (committed) when this returns.

        Group commit: the actions of every table that arrive while a commit is under way
        go together into the next one (one transaction, one sync), so a thousand tables
        do not queue for a thousand syncs; each caller still returns only once its own
        action is committed."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((room_id, row, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._insert(batch)
            except Exception:  # one bad row must not fail the others: each alone
                for one in batch:
                    try:
                        await self._insert([one])
                    except Exception as exc:
                        _settle(one[2], exc)
                    else:
                        _settle(one[2], None)
            else:
                for *_, done in batch:
                    _settle(done, None)

    async def _insert(self, batch: list[_Pending]) -> None:
        now = time.time()
        rows = [{"room_id": room_id, "created": now, **row.__dict__} for room_id, row, _ in batch]
        if self._actions is not None:
            async with self._turn():
                await self._actions.insert(rows)
            return
        async with self._begin() as conn:
            await conn.execute(insert(schema.action), rows)

    async def actions(self, room_id: str) -> list[ActionRow]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(ACTIONS, {"rid": room_id})
            return [ActionRow(*r) for r in rows]


    async def version(self, room_id: str) -> int:
        """The room's last stored version (0: no action yet), without loading the actions."""
        a = schema.action.c
        async with self.engine.connect() as conn:
            found = await conn.scalar(select(func.max(a.version)).where(a.room_id == room_id))
            return int(found or 0)

    # --- together (issue 39): words said at the table, rematches -------------------------
    async def add_word(self, room_id: str, n: int, seat: int, kind: str, text: str) -> None:
        async with self._begin() as conn:
            await conn.execute(insert(schema.room_word).values(
                room_id=room_id, n=n, seat=seat, kind=kind, text=text, created=time.time()))

    async def words(self, room_id: str, last: int = 50) -> list[tuple[int, int, str, str]]:
        """The last ``last`` words said at the room's table: (n, seat, kind, text), oldest
        first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(WORDS, {"rid": room_id, "last": last})
            return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows][::-1]

    async def set_next(self, room_id: str, next_id: str) -> None:
        async with self._begin() as conn:
            await conn.execute(insert(schema.room_next).values(room_id=room_id,
                                                               next_id=next_id))

    async def next_of(self, room_id: str) -> str | None:
        c = schema.room_next.c
        async with self.engine.connect() as conn:
            found = await conn.scalar(select(c.next_id).where(c.room_id == room_id))
            return None if found is None else str(found)

    async def previous_of(self, room_id: str) -> str | None:
        c = schema.room_next.c
        async with self.engine.connect() as conn:
            found = await conn.scalar(select(c.room_id).where(c.next_id == room_id))
            return None if found is None else str(found)


def room_id_ok(room_id: str) -> bool:
    """Whether ``room_id`` can be a room's (``tokens.new_id``: hex): anything else, a NUL or
    a lone surrogate too, is no room, and is not sent to the database (PostgreSQL refuses a
    NUL in text)."""
    return len(room_id) <= 32 and room_id.isascii() and room_id.isalnum()


async def _read_room(conn: AsyncConnection, room_id: str
                     ) -> tuple[RoomRow, list[SeatRow]] | None:
    row = (await conn.execute(ROOM, {"rid": room_id})).mappings().first()
    if row is None:
        return None
    seats = (await conn.execute(SEATS, {"rid": room_id})).mappings().all()
    return RoomRow(**row), [SeatRow(**s) for s in seats]


def _settle(done: asyncio.Future[None], error: Exception | None) -> None:
    """Tell a waiting ``append`` how its commit went (unless it stopped waiting)."""
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


CACHE_KIB = 512  # SQLite's page cache a connection (KiB)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout=30000")  # tables write at once: wait, do not fail
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives a power cut
    cursor.execute("PRAGMA foreign_keys=ON")
    # Each connection keeps its own page cache (2 MB by default; the pool's five, its
    # overflow and the actions' writer): a server's reads are a room's rows and, on a
    # resume, one table's actions, so 512 KB each is plenty (a bound, not a measured
    # saving: the soak's steps were elsewhere, docs/server-load.md, "Memory").
    cursor.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
    cursor.close()
