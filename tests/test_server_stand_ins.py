"""The host's "let the computer play" survives a restart (and a takeover by another
process): the seats a computer plays for their away people are kept with the room as the
choice is made (the host's tap, the grace period running out) and forgotten when the person
comes back; a table resumed from the store starts them so at once, without the grace period
waited out again, until the person's page comes back and takes the seat."""

from __future__ import annotations

import asyncio
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.server.runtime import Timing

from server_harness import (
    WAIT,
    Client,
    Server,
    bearer,
    eventually,
    make_room,
    play_until,
    serve,
)

pytestmark = pytest.mark.anyio
QUICK = Timing(bot_delay=0.0, round_pause=0.0, grace=3600.0)
LONG = {"preset": "jokeren-7", "rounds": 3, "max_turns": 200}
PLAYS_ON = 60.0  # seconds: a bound on the table playing on (it takes well under one)


def _db(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"


async def _kept(server: Server, rid: str) -> dict[str, str] | None:
    """The stand-ins the room's stored options hold (None: none)."""
    found = await server.app.state.rooms.store.room(rid)
    assert found is not None
    kept: dict[str, str] | None = json.loads(found[0].options).get("stand_ins")
    return kept


async def _eventually_kept(server: Server, rid: str, want: dict[str, str] | None) -> None:
    for _ in range(500):
        if await _kept(server, rid) == want:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the store keeps {await _kept(server, rid)}, not {want}")


def _levels(server: Server, rid: str) -> dict[int, str]:
    return {s: str(p.name) for s, p in server.runner(rid).stand_ins.items()}


async def _seats(client: Client) -> list[tuple[bool, bool, bool]]:
    """(person, present, computer) of each seat, from the next seats frame."""
    frame = await client.until("seats")
    return [(s["person"], s["present"], s["computer"]) for s in frame["seats"]]


def _discards(client: Client, seat: int) -> int:
    """How many discards by ``seat`` ``client`` was told of."""
    return sum(1 for f in client.frames if f["type"] in ("events", "missed")
               for e in f["events"] if e["kind"] == "discard" and e["seat"] == seat)


async def _play_until(client: Client, server: Server, room: str, seat: int,
                      rng: random.Random, done: Callable[[], bool]) -> None:
    """The person at ``seat`` plays (as a basic computer player would) until ``done()``;
    the table must play on meanwhile (``PLAYS_ON``)."""
    runner = server.runner(room)
    try:
        await asyncio.wait_for(play_until(client, server, room, seat, rng, done), PLAYS_ON)
    except TimeoutError:
        raise AssertionError(
            f"the table did not play on: version {runner.table.version}, to act "
            f"{runner.table.to_act}, away {sorted(runner.absent_since)}, "
            f"stand-ins {sorted(runner.stand_ins)}") from None


async def _room_with_bea_away(http: httpx.AsyncClient, server: Server,
                              **options: Any) -> tuple[dict[str, Any], Client]:
    """Ann (seat 0), Bea (seat 1) and a computer player; Bea's page opened, then closed
    for good. Returns the room and Ann's page, open."""
    room = await make_room(http, 2, ["basic"], rules=LONG, **options)
    rid = room["room"]
    ann = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
    await ann.connect()
    await ann.until("welcome")
    bea = Client(f"{server.ws}/ws/{rid}", room["seats"][1]["token"])
    await bea.connect()
    await bea.until("welcome")
    await bea.close()
    runner = server.runner(rid)
    assert await eventually(lambda: 1 in runner.absent_since)
    return room, ann


async def test_the_hosts_let_the_computer_play_survives_a_restart(tmp_path: Path) -> None:
    """Before: the stand-ins lived in the running server's memory only; after a restart
    Bea's seat was "away" again and the table waited out the grace period (here an hour;
    60 s by default) before anyone played it: Ann's table stood still."""
    rng = random.Random(3)
    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room, ann = await _room_with_bea_away(http, server, grace=3600)
        rid, host = room["room"], room["host_token"]
        given = await http.post(f"/api/rooms/{rid}/seats/1/computer",
                                json={"token": host, "level": "random"})
        assert given.status_code == 200, given.text
        # stored once the host is answered (not with any action), the pages not shown it
        assert await _kept(server, rid) == {"1": "random"}
        info = (await http.get(f"/api/rooms/{rid}", headers=bearer(host))).json()
        assert "stand_ins" not in info["options"] and info["seats"][1]["level"] is None
        # the host's chat switch, written meanwhile, leaves them be (and is kept too)
        off = await http.post(f"/api/rooms/{rid}/chat", json={"token": host, "on": False})
        assert off.status_code == 200, off.text
        assert await _kept(server, rid) == {"1": "random"}
        await _play_until(ann, server, rid, 0, rng, lambda: _discards(ann, 1) >= 1)
        await ann.close()

    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        # resumed at its stored version with Bea's seat the computer's, at the host's level
        assert _levels(server, rid) == {1: "random"}
        info = (await http.get(f"/api/rooms/{rid}", headers=bearer(host))).json()
        assert info["options"]["chat"] is False and "stand_ins" not in info["options"]
        ann = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await ann.connect(since=-1)
        assert (await _seats(ann))[:2] == [(True, True, False), (True, False, True)]
        assert (await ann.until("words"))["chat"] is False
        # the table plays on at once: Bea's seat discards again without her
        seen = _discards(ann, 1)
        await _play_until(ann, server, rid, 0, rng, lambda: _discards(ann, 1) > seen)
        # Bea's page comes back: the seat is hers again, and the store forgets it
        bea = Client(f"{server.ws}/ws/{rid}", room["seats"][1]["token"])
        await bea.connect()
        assert (await _seats(bea))[:2] == [(True, True, False), (True, True, False)]
        assert server.runner(rid).stand_ins == {}
        await _eventually_kept(server, rid, None)
        await ann.close()
        await bea.close()


async def test_a_person_back_before_the_restart_is_not_given_to_the_computer(
        tmp_path: Path) -> None:
    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room, ann = await _room_with_bea_away(http, server, grace=3600)
        rid, host = room["room"], room["host_token"]
        given = await http.post(f"/api/rooms/{rid}/seats/1/computer",
                                json={"token": host, "level": "basic"})
        assert given.status_code == 200, given.text
        assert await _kept(server, rid) == {"1": "basic"}
        bea = Client(f"{server.ws}/ws/{rid}", room["seats"][1]["token"])
        await bea.connect()
        await bea.until("welcome")
        assert server.runner(rid).stand_ins == {}
        await _eventually_kept(server, rid, None)
        await bea.close()
        await ann.close()

    async with serve(_db(tmp_path), QUICK) as server:
        # after the restart every page is away again, as before: the grace period (an
        # hour) runs for each, nobody's seat is the computer's
        runner = server.runner(rid)
        assert runner.stand_ins == {} and sorted(runner.absent_since) == [0, 1]
        bea = Client(f"{server.ws}/ws/{rid}", room["seats"][1]["token"])
        await bea.connect()
        assert (await _seats(bea))[:2] == [(True, False, False), (True, True, False)]
        await bea.close()


async def test_the_grace_period_run_out_survives_a_restart(tmp_path: Path) -> None:
    """The grace period ran out for Bea: the room's substitute plays her seat, stored as
    it is chosen; after a restart it plays at once, not after the grace period again."""
    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room, ann = await _room_with_bea_away(http, server, grace=1, substitute="random")
        rid = room["room"]
        runner = server.runner(rid)
        assert await eventually(lambda: 1 in runner.stand_ins)
        await _eventually_kept(server, rid, {"1": "random"})
        await ann.close()

    # the room's grace period (1 s) is not waited out again: the stand-in is there from
    # the table's start
    async with serve(_db(tmp_path), QUICK) as server:
        assert _levels(server, rid).get(1) == "random"


async def test_the_match_end_keeps_only_the_seats_played_for_the_away(
        tmp_path: Path) -> None:
    """Stand-ins stored while the match was played, their person back before its end: the
    finished room does not keep them (its rematch gives the person the seat)."""
    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        short = {"preset": "jokeren-7", "rounds": 1, "max_turns": 200}
        room = await make_room(http, 1, ["basic", "basic"], rules=short, grace=3600)
        rid, host = room["room"], room["host_token"]
        ann = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await ann.connect()
        await ann.until("welcome")
        await ann.close()
        runner = server.runner(rid)
        assert await eventually(lambda: 0 in runner.absent_since)
        await runner.ask("pause", data=True)  # Ann comes back before the match's end
        given = await http.post(f"/api/rooms/{rid}/seats/0/computer",
                                json={"token": host, "level": "basic"})
        assert given.status_code == 200, given.text
        assert await _kept(server, rid) == {"0": "basic"}
        await ann.connect()
        await ann.until("welcome")
        await _eventually_kept(server, rid, None)
        # the store missed the clearing write (a write of the stand-ins under way, say):
        # the match's end writes what holds at the end
        await server.app.state.rooms._keep_stand_ins(rid, {0: "basic"})
        assert await _kept(server, rid) == {"0": "basic"}
        await runner.ask("pause", data=False)
        await _play_until(ann, server, rid, 0, random.Random(5),
                          lambda: ann.view is not None and ann.view["phase"] == "match-over")
        for _ in range(int(WAIT / 0.05)):
            info = (await http.get(f"/api/rooms/{rid}", headers=bearer(host))).json()
            if info["status"] == "finished":
                break
            await asyncio.sleep(0.05)
        assert info["status"] == "finished"
        assert await _kept(server, rid) is None
        await ann.close()


PG = os.environ.get("JOKEREN_TEST_PG_URL")


@pytest.mark.skipif(PG is None, reason="JOKEREN_TEST_PG_URL is not set (.ci/run always sets it)")
async def test_a_table_taken_over_by_another_process_keeps_its_stand_ins(
        tmp_path: Path, redis_url: str) -> None:
    """Two processes on one PostgreSQL and one Redis (docs/scale.md): the one that runs the
    table loses it (its lease not renewed: it stops its tables, writing nothing more, and
    its key expires); the other takes the table over from the store (``Rooms.resume``) with
    Bea's seat the computer's, and the table plays on at once."""
    from conftest import pg_database

    assert PG is not None
    db = await asyncio.to_thread(pg_database, PG)
    redis = f"{redis_url}/6"
    rng = random.Random(9)
    async with serve(db, QUICK, redis=redis) as one, serve(db, QUICK, redis=redis) as two, \
            httpx.AsyncClient(base_url=one.base) as http:
        room, ann = await _room_with_bea_away(http, one, grace=3600)
        rid, host = room["room"], room["host_token"]
        given = await http.post(f"/api/rooms/{rid}/seats/1/computer",
                                json={"token": host, "level": "random"})
        assert given.status_code == 200, given.text
        assert await _kept(one, rid) == {"1": "random"}
        await ann.close()
        # process one is held up: its beat stops, it lets its tables go, its key expires
        cluster = one.app.state.rooms.cluster
        for task in cluster.tasks:
            task.cancel()
        await cluster._let_go("a test holds it up")
        assert await eventually(lambda: rid in two.app.state.rooms.runners, 30)
        assert _levels(two, rid) == {1: "random"}
        ann = Client(f"{two.ws}/ws/{rid}", room["seats"][0]["token"])
        await ann.connect(since=-1)
        assert (await _seats(ann))[:2] == [(True, True, False), (True, False, True)]
        seen = _discards(ann, 1)
        await _play_until(ann, two, rid, 0, rng, lambda: _discards(ann, 1) > seen)
        bea = Client(f"{two.ws}/ws/{rid}", room["seats"][1]["token"])
        await bea.connect()
        assert (await _seats(bea))[:2] == [(True, True, False), (True, True, False)]
        await _eventually_kept(two, rid, None)
        await ann.close()
        await bea.close()


async def test_the_host_is_answered_when_the_table_stops_during_the_choices_write(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review of 88170bf: a write of the stand-ins that hung (a held row lock) was
    cancelled by ``stop`` after ``KEEP_WAIT``, and the host's "let the computer play",
    answered once that write was tried, waited for ever."""
    from jokeren.play.table import Seat, Table
    from jokeren.rules.house import Rules
    from jokeren.server import runtime

    class Rows:
        async def append(self, room_id: str, row: object) -> None:
            pass

    async def hangs(room_id: str, seats: dict[int, str]) -> None:
        await asyncio.sleep(3600)

    monkeypatch.setattr(runtime, "KEEP_WAIT", 0.1)
    table = Table(Rules.load({"preset": "amerikaans", "rounds": 1}),
                  [Seat("Ann"), Seat("Bob", "random")], 7)
    rows: Any = Rows()
    runner = runtime.TableRunner("r", table, "basic", Timing(bot_delay=3600, round_pause=3600),
                                 rows, None, on_stand_ins=hangs)
    runner.start()
    asked = asyncio.ensure_future(runner.ask("substitute", data=(0, "random")))
    await asyncio.sleep(0.05)
    await runner.stop()
    assert await asyncio.wait_for(asked, 2) is True
