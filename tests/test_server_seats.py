"""People who click together, a host who ends, and odd input (issue #43): simultaneous joins
get a seat each or a clear 'full'; the host's end is final whoever connects at that moment;
every refusal carries what a client needs to go on; names that are not shown as themselves,
or look like another seat's, are refused; storage failures are one line and a 503. On SQLite
and (JOKEREN_TEST_PG_URL) on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from jokeren.server.runtime import Timing

from server_harness import SHORT, Client, Server, bearer, eventually, make_room, serve

# Computer players that move at once, so a table that is brought back shows it at once.
QUICK = Timing(bot_delay=0.005, round_pause=0.0, grace=60.0)


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    tracebacks = [r for r in caplog.records if r.exc_info is not None or r.exc_text]
    assert not tracebacks, [r.getMessage() for r in tracebacks]


async def hello(server: Server, room: str, token: str) -> dict[str, Any]:
    """The first frame a connection with ``token`` gets that is not the seats list."""
    async with websockets.connect(f"{server.ws}/ws/{room}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        for _ in range(10):
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if frame["type"] != "seats":
                return frame
    raise AssertionError("no welcome or error")


# --- 1. seats in one transaction -------------------------------------------------------

@pytest.mark.anyio
async def test_simultaneous_joins_get_a_seat_each_or_full(db: str) -> None:
    """15 rooms x 4 joins sent at once: every seat goes to one person, the rest are told
    'full', and every token handed out opens the seat it names."""
    async with serve(db) as server, httpx.AsyncClient(base_url=server.base) as http:
        rooms = []
        for i in range(15):
            people = 3 + i % 2  # rooms of 3 people (one of the four is refused) and of 4
            seats = [{"kind": "person"}] * people
            r = await http.post("/api/rooms", json={"rules": SHORT, "seats": seats})
            assert r.status_code == 201
            rooms.append((r.json(), people))

        async def join(room: dict[str, Any], name: str) -> httpx.Response:
            return await http.post(f"/api/rooms/{room['room']}/join",
                                   json={"token": room["invite_token"], "name": name})

        answers = await asyncio.gather(*(join(room, f"P{k}") for room, _ in rooms
                                         for k in range(4)))
        assert len(answers) == 60
        for n, (room, people) in enumerate(rooms):
            mine = answers[4 * n:4 * n + 4]
            given = [a.json() for a in mine if a.status_code == 200]
            refused = [a.json() for a in mine if a.status_code != 200]
            assert sorted(g["seat"] for g in given) == list(range(people))
            assert [f["key"] for f in refused] == ["full"] * (4 - people)
            assert all(f["text"]["en"] and f["text"]["nl"] for f in refused)
            s = await http.post(f"/api/rooms/{room['room']}/start",
                                json={"token": room["host_token"]})
            assert s.status_code == 200, s.text
            for g in given:  # every token is live: it opens the seat it was given
                welcome = await hello(server, room["room"], g["token"])
                assert welcome["type"] == "welcome" and welcome["seat"] == g["seat"]
            await http.post(f"/api/rooms/{room['room']}/end", json={"token": room["host_token"]})


@pytest.mark.anyio
async def test_one_name_sent_four_times_at_once_sits_once(db: str) -> None:
    async with serve(db) as server, httpx.AsyncClient(base_url=server.base) as http:
        r = await http.post("/api/rooms", json={"rules": SHORT, "seats": [{"kind": "person"}] * 4})
        room = r.json()
        answers = await asyncio.gather(*(http.post(
            f"/api/rooms/{room['room']}/join", json={"token": room["invite_token"], "name": n})
            for n in ("Ann", "ann", "ANN", "Аnn")))  # the last with a Cyrillic A
        assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
        info = await http.get(f"/api/rooms/{room['room']}", headers=bearer(room["host_token"]))
        assert sum(s["name"] is not None for s in info.json()["seats"]) == 1


# --- 2. the host's end is final --------------------------------------------------------

async def race_end(server: Server, http: httpx.AsyncClient, rng: random.Random
                   ) -> tuple[bool, str | None]:
    """A table of computer players ended while four spectators connect around that
    moment: whether it came back (a runner, an action stored after the end, a welcome or a
    status other than 'ended' after it), and the refusal a spectator gets afterwards."""
    store = server.app.state.rooms.store
    room = await make_room(http, 0, ["random"] * 4)
    rid = room["room"]
    assert await eventually(lambda: server.runner(rid).table.version > 3)

    async def spectate(delay: float) -> dict[str, Any] | None:
        await asyncio.sleep(delay)
        try:
            return await hello(server, rid, room["spectate_token"])
        except (websockets.ConnectionClosed, OSError):
            return None

    async def end() -> httpx.Response:
        await asyncio.sleep(rng.uniform(0, 0.01))
        return await http.post(f"/api/rooms/{rid}/end", json={"token": room["host_token"]})

    results = await asyncio.gather(end(), *(spectate(rng.uniform(0, 0.012)) for _ in range(4)))
    assert results[0].status_code == 200
    await asyncio.sleep(0.05)  # a table brought back moves every 5 ms
    version = await store.version(rid)
    await asyncio.sleep(0.2)
    after = await hello(server, rid, room["spectate_token"])
    info = (await http.get(f"/api/rooms/{rid}", headers=bearer(room["host_token"]))).json()
    revived = (rid in server.app.state.rooms.runners or await store.version(rid) != version
               or after["type"] != "error" or info["status"] != "ended")
    return revived, after.get("reason", {}).get("key")


@pytest.mark.anyio
async def test_an_end_raced_by_spectators_is_final(db: str) -> None:
    """20 tables of computer players, each ended while spectators connect at that moment:
    no table comes back (no runner, no action stored after the end, every link refused).
    Before the end was made final, 7 (SQLite) and 10 (PostgreSQL) of 20 came back."""
    rng = random.Random(43)
    async with serve(db, QUICK) as server, httpx.AsyncClient(base_url=server.base) as http:
        raced = [await race_end(server, http, rng) for _ in range(20)]
    assert sum(revived for revived, _ in raced) == 0
    assert [key for _, key in raced] == ["ended"] * 20


# --- 4. every refusal carries what a client needs to go on -----------------------------

@pytest.mark.anyio
async def test_every_refusal_carries_moves_clock_and_id(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"
    caplog.set_level(logging.INFO)
    async with serve(db, rate=3.0) as server, httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["random"], turn_timer=60)
        rid = room["room"]
        me = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await me.connect()
        welcome = await me.until("welcome")
        assert await eventually(lambda: server.runner(rid).table.to_act == 0)
        runner = server.runner(rid)
        while me.version < runner.table.version:
            await me.recv()
        moves = me.frames[-1]["moves"]
        assert moves, welcome
        # a double-clicked draw: the second is stale, and keeps the hints and the clock
        first = await me.send("draw")
        second = await me.send("draw")
        frames: dict[str, dict[str, Any]] = {}
        while len(frames) < 2:
            f = await me.recv()
            if f["type"] in ("ack", "refused"):
                frames[f["id"]] = f
        assert frames[first]["type"] == "ack"
        stale = frames[second]
        assert stale["reason"]["key"] == "stale_version"
        assert stale["moves"] and stale["view"] and stale["clock"]["kind"] == "turn"
        # odd ids and notation: each answered, with its id (a lone surrogate as its escape)
        for text, key, cid in (
                ('{"id": "\\ud800", "version": 0, "action": "draw"}', "id", "\ud800"),
                ('{"id": "a\\u0000", "version": 0, "action": "draw"}', "id", "a\x00"),
                (json.dumps({"id": "n1", "version": me.version, "action": "lay ² 7h"}),
                 "notation", "n1"),
                (json.dumps({"id": "n2", "version": me.version, "action": "lay \u0661 7h"}),
                 "notation", "n2")):
            await me.ws.send(text)
            f = await me.until("refused")
            assert (f["id"], f["reason"]["key"]) == (cid, key), f
            assert "moves" in f and "clock" in f and f["reason"]["text"]["nl"]
        # past the rate limit: refused with the message's id, and the moves
        await asyncio.gather(*(me.send("draw", version=999, cid=f"r{i}") for i in range(40)))
        rated = [f for f in [await me.until("refused") for _ in range(40)]
                 if f["reason"]["key"] == "rate"]
        assert rated and all(f["id"].startswith("r") and f["moves"] for f in rated)
        await me.close()
    no_traceback(caplog)


# --- 5. names and odd input ------------------------------------------------------------

ODD_NAMES = [
    ("Ann\x1b[2J", "odd_character"),  # an escape sequence: clears a terminal
    ("Ann\x07", "odd_character"),
    ("A\u200bnn", "odd_character"),  # zero-width space
    ("\u202eAnn", "odd_character"),  # right-to-left override
    ("Ann\u2066", "odd_character"),  # a bidi isolate
    ("\u0410nn", "name_alike"),  # Cyrillic A beside the Latin "Ann"
    ("\uff21nn", "name_alike"),  # a full-width A
    ("ann", "name_taken"),
    ("", "name"),
    ("a:b", "name"),
]


@pytest.mark.anyio
async def test_odd_names_are_refused_with_a_sentence(
        db: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with serve(db) as server, httpx.AsyncClient(base_url=server.base) as http:
        r = await http.post("/api/rooms", json={"rules": SHORT, "seats": [{"kind": "person"}] * 2})
        room = r.json()
        url = f"/api/rooms/{room['room']}/join"
        ann = await http.post(url, json={"token": room["invite_token"], "name": "Ann"})
        assert ann.status_code == 200
        for name, key in ODD_NAMES:
            answer = await http.post(url, json={"token": room["invite_token"], "name": name})
            assert 400 <= answer.status_code < 500, (name, answer.text)
            body = answer.json()
            assert body["key"] == key, (name, body)
            assert body["text"]["en"] and body["text"]["nl"]
        # a lone surrogate and a NUL, as JSON escapes (a name, and a play-now name)
        for raw in ('"Bea\\ud800"', '"Bea\\u0000"', '"\\udfff"'):
            for path, body_text in (
                    (url, f'{{"token": "{room["invite_token"]}", "name": {raw}}}'),
                    ("/api/play-now", f'{{"name": {raw}}}')):
                answer = await http.post(path, content=body_text,
                                         headers={"content-type": "application/json"})
                assert answer.status_code == 422, (raw, path, answer.text)
                assert answer.json()["text"]["nl"]
        # a number JSON has no word for, where any value goes: a 422, not a 500 (it was)
        for raw in ("1e999", "NaN", "-Infinity"):
            for path, body_text in ((url, raw), ("/api/play-now", f'{{"name": {raw}}}'),
                                    ("/api/rooms", f'{{"seats": {raw}}}')):
                answer = await http.post(path, content=body_text,
                                         headers={"content-type": "application/json"})
                assert answer.status_code == 422, (raw, path, answer.text)
                assert answer.json()["text"]["nl"]
        # a NUL or a lone surrogate where a room's id goes: no such room
        for rid in ("%00", "%ED%A0%80", "ab%00cd"):
            found = await http.get(f"/api/rooms/{rid}", headers={"authorization": "Bearer x"})
            assert found.status_code == 404 and found.json()["text"]["nl"], found.text
            joined = await http.post(f"/api/rooms/{rid}/join", json={"token": "x", "name": "Eve"})
            assert joined.status_code == 404, joined.text
            assert (await hello(server, rid, "x"))["reason"]["key"] == "no_room"
        # names that are fine stay as they are written (NFC)
        bea = await http.post(url, json={"token": room["invite_token"], "name": "Bée  Ö"})
        assert bea.status_code == 200, bea.text
        info = await http.get(f"/api/rooms/{room['room']}", headers=bearer(room["host_token"]))
        assert [s["name"] for s in info.json()["seats"]] == ["Ann", "Bée Ö"]
    no_traceback(caplog)


def _query_only(store: Any, sql: str) -> None:
    """Every new connection of the store's engine runs ``sql`` first (a real refusal of the
    database: read-only, or no room to grow)."""
    from sqlalchemy import event

    def first(dbapi: Any, _record: Any) -> None:
        cursor = dbapi.cursor()
        cursor.execute(sql)
        cursor.close()

    event.listen(store.engine.sync_engine, "connect", first)


async def _read_only(server: Server, db: str, on: bool = True) -> None:
    store = server.app.state.rooms.store
    if store.sqlite:
        _query_only(store, "PRAGMA query_only=ON")
    else:  # the database made read-only for every new session
        import asyncpg

        base, _, name = db.rpartition("/")
        conn = await asyncpg.connect(f"{base}/postgres".replace("+asyncpg", ""))
        try:
            await conn.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = '
                               f'{"on" if on else "off"}')
        finally:
            await conn.close()
    await store.engine.dispose()  # the pool's connections are opened again, so


@pytest.mark.anyio
async def test_a_read_only_store_is_a_503_with_a_sentence(
        db: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with serve(db) as server, httpx.AsyncClient(base_url=server.base) as http:
        await _read_only(server, db)
        for path, body in (("/api/rooms", {"rules": SHORT, "seats": [{"kind": "person"}] * 2}),
                           ("/api/play-now", {"name": "Ann"})):
            answer = await http.post(path, json=body)
            assert answer.status_code == 503, answer.text
            assert answer.json()["key"] == "store" and answer.json()["text"]["nl"]
    no_traceback(caplog)
    assert sum("the store failed" in r.getMessage() for r in caplog.records) == 2


@pytest.mark.anyio
async def test_a_full_disk_on_room_creation_is_a_503(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """SQLite refuses to grow the file (its page limit, as a full disk would): 503."""
    caplog.set_level(logging.INFO)
    db = f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"
    async with serve(db) as server, httpx.AsyncClient(base_url=server.base) as http:
        store = server.app.state.rooms.store
        _query_only(store, "PRAGMA max_page_count=1")  # no page more than it has
        await store.engine.dispose()
        big = {"preset": "amerikaans", "rounds": 7, "max_turns": 500}
        codes = set()
        for _ in range(40):  # until the room's rows no longer fit in the pages there are
            answer = await http.post("/api/rooms", json={
                "rules": big, "seats": [{"kind": "person"}] * 8})
            codes.add(answer.status_code)
            if answer.status_code != 201:
                assert answer.status_code == 503 and answer.json()["key"] == "store"
                break
        assert 503 in codes
    no_traceback(caplog)


@pytest.mark.anyio
async def test_a_failing_store_is_one_line_in_the_log(
        db: str, caplog: pytest.LogCaptureFixture) -> None:
    """Tables playing while the store refuses every write: one line a table, not one a
    second; once it works again the tables go on."""
    caplog.set_level(logging.INFO)
    async with serve(db, QUICK) as server, httpx.AsyncClient(base_url=server.base) as http:
        ids = [(await make_room(http, 0, ["random"] * 3, rules="amerikaans"))["room"]
               for _ in range(2)]
        assert await eventually(lambda: all(server.runner(r).table.version > 2 for r in ids))
        store = server.app.state.rooms.store
        if store.sqlite:
            assert store._actions is not None  # the actions' own connection, its thread
            await store._actions.call(store._actions.db.execute, "PRAGMA query_only=ON")
        else:
            await _read_only(server, db)

        def lines() -> list[str]:
            return [r.getMessage() for r in caplog.records
                    if "the store is tried again" in r.getMessage()]

        assert await eventually(lambda: len(lines()) >= len(ids))
        stuck = {r: server.runner(r).table.version for r in ids}
        await asyncio.sleep(2.5)  # the store is tried again every second
        assert all(server.runner(r).table.version == v for r, v in stuck.items())
        assert len(lines()) == len(ids), lines()
        if store.sqlite:  # the store works again: the tables go on
            await store._actions.call(store._actions.db.execute, "PRAGMA query_only=OFF")
        else:
            await _read_only(server, db, False)
        assert await eventually(lambda: all(
            r not in server.app.state.rooms.runners or server.runner(r).table.version > v
            for r, v in stuck.items()))
        assert sum("works again" in r.getMessage() for r in caplog.records) == len(ids)
    no_traceback(caplog)


@pytest.mark.anyio
async def test_a_socket_that_says_no_hello_is_closed_without_blaming_the_store(
        tmp_path: Path, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hello's timeout is an OSError too: it was taken for the store's ("the server
    cannot store anything", close 1011, an error in the log) rather than a 4400."""
    import jokeren.server.ws as ws_module

    monkeypatch.setattr(ws_module, "HELLO_WAIT", 0.3)
    caplog.set_level(logging.INFO)
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}") as server, \
            websockets.connect(f"{server.ws}/ws/nope") as ws:
        with pytest.raises(websockets.ConnectionClosed):
            while True:  # nothing is sent to a socket that has not said hello
                frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert frame.get("reason", {}).get("key") != "store", frame
        assert ws.close_code == 4400
    said = [r.getMessage() for r in caplog.records if "nope" in r.getMessage()]
    assert said and all("store" not in line for line in said), said
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_record_s_names_reach_the_terminal_as_escapes(tmp_path: Path) -> None:
    """A record written elsewhere (or before names were checked) with an escape sequence and
    a right-to-left override in a name: ``jokeren replay`` prints them as escapes."""
    from typer.testing import CliRunner

    from jokeren.cli.app import app

    ann, bob = "Ann\x1b[2J", "\u202eBob"
    hands = {ann: "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
             bob: "2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As",
             "Cas": "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad"}
    record = {"format": "jokeren-record/1", "rules": "jokeren", "players": list(hands),
              "seed": 3, "rounds": [{"hands": hands, "moves": [f"{ann}: draw",
                                                               f"{ann}: discard Qc"]}]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 1, result.output
    assert "Ann\\u001b[2J" in result.stdout
    assert "\x1b" not in result.output and "\u202e" not in result.output


@pytest.mark.anyio
async def test_a_nul_or_a_lone_surrogate_in_any_field_is_answered(
        db: str, caplog: pytest.LogCaptureFixture) -> None:
    """A NUL or a lone surrogate (as its JSON escape) in each text field of the room API, the
    rules check and the replay: a 4xx with a sentence (or, where the text is only checked,
    a 200 saying so), never a 500 or a traceback; what is echoed is valid UTF-8."""
    caplog.set_level(logging.INFO)
    async with serve(db) as server, httpx.AsyncClient(base_url=server.base) as http:
        room = (await http.post("/api/rooms", json={
            "rules": "amerikaans", "seats": [{"kind": "person"}] * 2})).json()
        two = '[{"kind": "person"}, {"kind": "person"}]'
        for bad in ('"\\ud800"', '"a\\u0000b"', '"\\udfff\\ud800"'):
            for path, body in (
                    ("/api/rooms", f'{{"rules": {bad}, "seats": {two}}}'),
                    ("/api/rooms", f'{{"rules": {{"preset": "amerikaans", {bad}: 1}}, '
                                   f'"seats": {two}}}'),
                    (f"/api/rooms/{room['room']}/join", f'{{"token": {bad}, "name": "Ann"}}'),
                    (f"/api/rooms/{room['room']}/start", f'{{"token": {bad}}}'),
                    (f"/api/rooms/{room['room']}/end", f'{{"token": {bad}}}'),
                    ("/api/play-now", f'{{"name": "Ann", "rules": {bad}}}'),
                    ("/api/rules/check", f'{{"rules": {{"preset": {bad}}}}}'),
                    ("/api/replay", f'{{"record": {bad}}}')):
                answer = await http.post(path, content=body,
                                         headers={"content-type": "application/json"})
                assert answer.status_code < 500, (path, body, answer.text)
                words = answer.json().get("text") or answer.json().get("error")
                assert words["en"] and words["nl"], (path, body, answer.text)
        found = await http.get(f"/api/rooms/{room['room']}",  # bytes that are not UTF-8
                               headers={"authorization": b"Bearer a\xed\xb3\xbf"})
        assert found.status_code == 403
    no_traceback(caplog)
