"""Shared test helpers: the invariants every state must keep.

The suite imports the installed jokeren (the compiled wheel: tests/test_compiled.py), or
the sources when PYTHONPATH=src is set (with JOKEREN_TEST_PURE=1; docs/development.md);
subprocesses inherit the environment and so run the same one. The header names it. A test
marked ``sources`` checks how the sources are written by patching a module's internals, which
compiled code does not see: on a compiled package it runs on the sources, in a subprocess.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import fields, replace
from functools import cache
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from jokeren.analysis.legal import legal_actions
from jokeren.bots.random_player import RandomPlayer
from jokeren.engine.actions import Action, Verb
from jokeren.engine.events import EventKind
from jokeren.engine.record import Record, replay
from jokeren.engine.state import State
from jokeren.engine.views import SeatView, event_for, view
from jokeren.play.table import BotTurn, Seat, Table, decide
from jokeren.rules.cards import JOKER, Card, full_deck
from jokeren.rules.house import Rules

if TYPE_CHECKING:
    import httpx


# The longest single tests (each a minute or more): started first.
LONGEST = ("test_compiled.py::", "test_server_crash.py::test_killed_and_restarted_twenty")


def pytest_report_header() -> str:
    import jokeren

    kind = "compiled" if jokeren.compiled() else "pure Python"
    return f"jokeren under test: {Path(jokeren.__file__).parent} ({kind})"


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """A test marked ``sources`` on a compiled package: run it on the sources instead
    (PYTHONPATH=src, JOKEREN_TEST_PURE=1), in a pytest of its own, and pass as it passes.
    Compiled, a monkeypatched module function or constant is not what the module's own
    compiled calls use, so such a test would check nothing, or fail for no fault."""
    import jokeren

    if pyfuncitem.get_closest_marker("sources") is None or not jokeren.compiled():
        return None
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "JOKEREN_TEST_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", pyfuncitem.nodeid, "-n", "0",
                           "-q", "-p", "no:cacheprovider"], cwd=root, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, (f"{pyfuncitem.nodeid} on the sources:\n"
                                  f"{done.stdout[-6000:]}{done.stderr[-2000:]}")
    return True


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, then the rest of the slow ones, then the others (each group
    in its own order), so that pytest-xdist's workers end together rather than one of them
    finishing a long test alone."""
    def rank(item: pytest.Item) -> int:
        if any(part in item.nodeid for part in LONGEST):
            return 0
        return 1 if item.get_closest_marker("slow") else 2

    items.sort(key=rank)


def pytest_sessionfinish(session: object) -> None:
    """Free the engine's memos before pytest's closing garbage collections.

    After the property tests a worker's memos are full (``memo.BUDGET``: tens of MB of
    small objects); pytest's closing ``gc.collect()`` calls then take long, and past the
    5 s pytest-xdist gives a worker to stop, its SIGINT surfaces as a
    PytestUnraisableExceptionWarning in hypothesis' gc callback.
    Dropping the memos frees them by reference counting, before any collection runs."""
    from jokeren.support import memo

    memo.clear_all()


def all_cards(state: State) -> dict[Card, int]:
    """How many of each card the state holds, a joker on the table counted as a joker (a
    joker elsewhere stands for nothing: ``*``). One count over every place at once (the
    check runs after every action of every play-out), returned as a plain dict because
    ``Counter.__eq__`` compares in a Python loop."""
    return dict(Counter(chain(chain.from_iterable(state.hands), state.stock, state.discard,
                              (JOKER if card.joker else card
                               for meld in state.table for card in meld.cards))))


@cache
def deck_counts(packs: int, jokers: int) -> dict[Card, int]:
    return dict(Counter(full_deck(packs, jokers)))


def check_invariants(state: State, legal: list | None = None, views: bool = True) -> None:
    """Every card accounted for exactly once; a live state has a legal action; views hide.

    ``legal``: the legal actions of this state when the caller has them already;
    ``views``: False leaves out the views (a play-out checks them at a fifth of its states).
    """
    deck = deck_counts(state.rules.pack_count(state.n), state.rules.joker_count(state.n))
    assert all_cards(state) == deck, "cards lost or created"
    if state.live:
        assert legal if legal is not None else legal_actions(state), \
            f"no legal action in {state.phase}"
        assert state.to_act in state.active
    if not views:
        return
    for seat in range(state.n):
        check_view(state, view(state, seat), seat)
    check_view(state, view(state, None), None)


VIEW_FIELDS = {f.name for f in fields(SeatView)}


def check_view(state: State, v: SeatView, seat: int | None) -> None:
    assert "stock" not in VIEW_FIELDS and "seed" not in VIEW_FIELDS
    assert v.stock_size == len(state.stock)
    if seat is not None:
        assert v.hand == state.hands[seat]
    else:
        assert v.hand == ()
    if not state.rules.open_hands:
        assert v.open_hands is None
    if seat != state.turn:
        assert v.drawn == () and v.pending == ()


EVENT_KINDS = frozenset(k.value for k in EventKind)


def play_out(rules: Rules, players: list[str], seed: int, max_steps: int = 20000,
             eager: bool = True, player: type | None = None,
             played: list | None = None) -> Table:
    """A whole match between random players through a ``Table``, checking the invariants
    after every action (the next round's ``deal`` included); every seat's view at a random
    fifth of the moments and at every round's end (the views were an eighth of a play-out's
    time; tests/test_secrets.py checks what every seat is sent, as JSON, in 1,000 matches).

    ``player``: the class of computer player (default: eager or uniform random);
    ``played``: a list that receives every action played but the deals.
    """
    rng = random.Random(seed)
    kind = player or (EagerPlayer if eager else RandomPlayer)
    bots = {s: kind(rng.randrange(2**30)) for s in range(len(players))}
    table = Table(rules, [Seat(name, "random") for name in players], seed, players=bots)
    spot = random.Random(~seed)  # which states' views are checked (the bots' draws unchanged)

    def checked(turn: BotTurn) -> Action:  # the invariants, with the legal actions listed
        check_invariants(table.state, list(turn.legal), views=spot.random() < 0.2)
        return decide(turn, bots[turn.seat])

    steps = 0
    while not table.finished:
        before = table.state
        if not before.live:
            check_invariants(before)
        done = table.play_bot(chooser=checked)
        assert done is not None, f"nobody acts in {before.phase}"
        if played is not None and done.action.verb is not Verb.DEAL:
            played.append(done.action)
        for e in done.events:
            assert e.kind in EVENT_KINDS, e.kind
            for other in range(len(players)):
                if other not in e.audience and e.audience:
                    assert event_for(e, other).cards == ()
        steps += 1
        assert steps < max_steps, "the match does not end"
    check_invariants(table.state)
    return table


def assert_replays(game: Table) -> None:
    """The match's record, written out and read back, replays to the identical state."""
    record = Record.loads(game.record.dumps())
    result = replay(record)
    assert result.ok, result.error
    assert result.state == game.state


def capped(rules: Rules, rebuilds: int = 1) -> Rules:
    """Simulations cap a round: it ends when the stock runs out after ``rebuilds`` rebuilds."""
    return replace(rules, max_reshuffles=rebuilds)


class EagerPlayer(RandomPlayer):
    """Random, but takes a meld, lay-off or swap when one is listed (rounds then end by
    someone going out, which exercises far more rules than rounds that run dry)."""

    name = "eager"

    def choose(self, view: SeatView, legal: list) -> object:  # type: ignore[override]
        from jokeren.engine.actions import Verb

        table_moves = [a for a in legal if a.verb in (Verb.MELD, Verb.LAY, Verb.SWAP,
                                                       Verb.TABLE)]
        if table_moves and self.rng.random() < 0.9:
            if self.rng.random() < 0.7:  # mostly the move that puts the most cards down
                most = max(_placed(a) for a in table_moves)
                table_moves = [a for a in table_moves if _placed(a) == most]
            return table_moves[self.rng.randrange(len(table_moves))]
        return legal[self.rng.randrange(len(legal))]


def _placed(action: object) -> int:
    return len(getattr(action, "cards", ())) + sum(len(g) for g in getattr(action, "melds", ()))


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def http(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    """A client of a fresh server (its own SQLite file) on a loopback port."""
    import httpx

    from server_harness import FAST, serve

    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}", FAST) as server, \
            httpx.AsyncClient(base_url=server.base) as client:
        yield client


# The server's tests run on SQLite and, where JOKEREN_TEST_PG_URL names a cluster, on
# PostgreSQL (.ci/run starts one): a test that takes ``db`` runs on each.
PG = os.environ.get("JOKEREN_TEST_PG_URL")
DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    PG is None, reason="JOKEREN_TEST_PG_URL is not set (.ci/run always sets it)"))]


def pg_database(url: str) -> str:
    """A fresh database on the test cluster, so tests do not see each other's rooms."""
    import asyncio

    import asyncpg

    name = f"t_{uuid.uuid4().hex[:12]}"

    async def create() -> None:
        conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(create())
    return f"{url.rpartition('/')[0]}/{name}"


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL for the server: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'jokeren.db'}"
    assert PG is not None
    return pg_database(PG)


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """JOKEREN_TEST_REDIS_URL (.ci/run starts one), else a redis-server of this test's own
    on a free loopback port, nothing saved, stopped afterwards. Each test uses a database
    of its own on it (``/1``, ``/2``: the leases of one test's processes are not another's,
    if they run at once)."""
    given = os.environ.get("JOKEREN_TEST_REDIS_URL")
    if given:
        parts = urlsplit(given)
        yield f"{parts.scheme}://{parts.netloc}"
        return
    binary = shutil.which("redis-server")
    assert binary, "redis-server is not installed (apt-get install redis-server)"
    from server_harness import free_port

    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--daemonize", "no", "--dir", str(tmp_path)],
                            stdout=subprocess.DEVNULL)
    try:
        ends = time.monotonic() + 30
        while time.monotonic() < ends:
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", port), 1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    break
            time.sleep(0.05)
        else:
            raise AssertionError("redis-server did not start")
        yield f"redis://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)
