"""A word to the table, the host's pause and a person told what was missed (issue 39):
reactions and chat reach every connection, are checked, rate-limited and stored with the
match; the host switches the chat off and pauses the table; a person who comes back is
sent the moves made meanwhile as that seat may see them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.server.limits import Limits
from jokeren.server.runtime import Timing

from server_harness import Client, bearer, eventually, make_room, serve

pytestmark = pytest.mark.anyio
# the computer player waits long enough that the test decides when the table moves
SLOW = Timing(bot_delay=0.0, round_pause=0.0, grace=3600.0)


def _db(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"


async def _say(client: Client, **said: Any) -> None:
    await client.ws.send(json.dumps({"type": "say", **said}))


async def _next(client: Client, kind: str) -> dict[str, Any]:
    return await client.until(kind)


async def test_reactions_and_chat_reach_the_table_and_are_kept(tmp_path: Path) -> None:
    async with serve(_db(tmp_path), SLOW) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 2, ["basic"])
        rid = room["room"]
        url = f"{server.ws}/ws/{rid}"
        ann, bea = (Client(url, s["token"]) for s in room["seats"])
        watcher = Client(url, room["spectate_token"])
        for c in (ann, bea, watcher):
            await c.connect()
            words = await _next(c, "words")
            assert words["chat"] is True and words["paused"] is False and words["said"] == []
        await _say(ann, reaction="👍")
        for c in (ann, bea, watcher):
            said = await _next(c, "said")
            assert (said["seat"], said["kind"], said["text"]) == (0, "reaction", "👍")
        await _say(bea, text="  goed   gespeeld ")
        for c in (ann, bea, watcher):
            said = await _next(c, "said")
            assert (said["seat"], said["kind"], said["text"]) == (1, "chat", "goed gespeeld")
        # refused, each with its sentence: an unknown reaction, too long a line, a spectator
        for bad, key in (({"reaction": "💩"}, "reaction"), ({"text": "x" * 201}, "chat_length"),
                         ({"text": "   "}, "chat_length"), ({}, "say")):
            await _say(ann, **bad)
            refused = await _next(ann, "refused")
            assert refused["reason"]["key"] == key and refused["reason"]["text"]["nl"]
        await _say(watcher, reaction="👍")
        refused = await _next(watcher, "refused")
        assert refused["reason"]["key"] == "spectator_says"
        # the host switches the chat off: told to all; a line refused, a reaction goes
        off = await http.post(f"/api/rooms/{rid}/chat", json={"token": room["host_token"],
                                                                "on": False})
        assert off.status_code == 200, off.text
        for c in (ann, bea, watcher):
            assert (await _next(c, "chat"))["on"] is False
        refused_chat = await http.post(f"/api/rooms/{rid}/chat",
                                       json={"token": room["invite_token"], "on": True})
        assert refused_chat.status_code == 403  # only the host
        await _say(bea, text="hallo")
        assert (await _next(bea, "refused"))["reason"]["key"] == "chat_off"
        await _say(bea, reaction="😅")
        assert (await _next(ann, "said"))["text"] == "😅"
        # stored with the match, in order, with the names
        kept = (await http.get(f"/api/rooms/{rid}/words",
                               headers=bearer(room["spectate_token"]))).json()
        assert [(w["n"], w["name"], w["text"]) for w in kept] == [
            (1, "P0", "👍"), (2, "P1", "goed gespeeld"), (3, "P1", "😅")]
        # a seat that speaks too fast is slowed: the bucket's burst, then refusals
        for _ in range(12):
            await _say(ann, reaction="👏")
        keys = []
        for _ in range(12):
            frame = await ann.recv()
            while frame["type"] not in ("said", "refused") or (
                    frame["type"] == "said" and frame["seat"] != 0):
                frame = await ann.recv()
            keys.append(frame["type"] if frame["type"] == "said" else frame["reason"]["key"])
        assert "said" in keys and "rate" in keys
        for c in (ann, bea, watcher):
            await c.close()
    # after a restart the table's last words come with the connection, the switch too
    async with serve(_db(tmp_path), SLOW) as server:
        again = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await again.connect()
        words = await _next(again, "words")
        assert words["chat"] is False
        assert [w["text"] for w in words["said"]][:3] == ["👍", "goed gespeeld", "😅"]
        await again.close()


async def test_the_host_pauses_the_table(tmp_path: Path) -> None:
    timing = Timing(bot_delay=0.05, round_pause=0.0, grace=3600.0, turn=60.0)
    async with serve(_db(tmp_path), timing) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["basic", "basic"], turn_timer=60)
        rid, host = room["room"], room["host_token"]
        ann = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await ann.connect()
        await ann.until("welcome")
        runner = server.runner(rid)
        paused = await http.post(f"/api/rooms/{rid}/pause", json={"token": host, "on": True})
        assert paused.status_code == 200, paused.text
        assert (await ann.until("paused"))["on"] is True
        assert (await http.post(f"/api/rooms/{rid}/pause", json={
            "token": room["invite_token"], "on": False})).status_code == 403
        # while paused: Ann's move is refused, no computer player moves, no clock runs
        await ann.send("draw")
        refused = await ann.until("refused")
        assert refused["reason"]["key"] == "paused" and refused["reason"]["text"]["nl"]
        version = runner.table.version
        await asyncio.sleep(0.3)  # six computer moves' delay: none is made
        assert runner.table.version == version and runner._due() is None
        going = await http.post(f"/api/rooms/{rid}/pause", json={"token": host, "on": False})
        assert going.status_code == 200
        assert (await ann.until("paused"))["on"] is False
        assert await eventually(lambda: runner.table.version > version
                                or runner.table.to_act == 0)
        ended = await http.post(f"/api/rooms/{rid}/end", json={"token": host})
        assert ended.status_code == 200
        refused_pause = await http.post(f"/api/rooms/{rid}/pause",
                                        json={"token": host, "on": True})
        assert refused_pause.status_code == 409
        await ann.close()


async def test_a_person_back_is_told_the_moves_missed(tmp_path: Path) -> None:
    async with serve(_db(tmp_path), Timing(bot_delay=0.0, round_pause=0.0, grace=3600.0),
                     limits=Limits.off()) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["basic", "basic"])
        rid, host = room["room"], room["host_token"]
        url = f"{server.ws}/ws/{rid}"
        ann = Client(url, room["seats"][0]["token"])
        await ann.connect()
        await ann.until("welcome")
        runner = server.runner(rid)
        await ann.close()
        assert await eventually(lambda: 0 in runner.absent_since)
        since = runner.table.version
        given = await http.post(f"/api/rooms/{rid}/seats/0/computer",
                                json={"token": host, "level": "basic"})
        assert given.status_code == 200, given.text
        assert await eventually(lambda: runner.table.version >= since + 6
                                or runner.table.finished)
        ann = Client(url, room["seats"][0]["token"])
        await ann.connect()  # a page opened anew: no version of its own
        back = await ann.until("back")
        assert back["since"] == since and back["version"] > since
        assert back["count"] == len(back["events"]) > 0
        # as this seat may see them (the spy test reads them too): what the seat's own
        # log says happened between the two versions, event for event
        from jokeren.engine.wire import encode_event

        seen = [encode_event(e, 0) for v, e in runner.table.events_since(0, since)
                if v <= back["version"]]
        assert back["events"] == seen[-300:]
        assert runner.stand_ins.get(0) is None  # the seat is Ann's again
        await ann.close()


async def _finished(http: httpx.AsyncClient, room: str, token: str) -> None:
    for _ in range(1200):
        info = (await http.get(f"/api/rooms/{room}", headers=bearer(token))).json()
        if info["status"] == "finished":
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the computer players did not finish")


async def test_the_rooms_matches_survive_a_restart(tmp_path: Path) -> None:
    rules = {"preset": "jokeren-7", "rounds": 1, "max_turns": 200}
    seats = [{"kind": "computer", "level": "basic"}] * 3
    async with serve(_db(tmp_path)) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = (await http.post("/api/rooms", json={"rules": rules, "seats": seats})).json()
        first, host = room["room"], room["host_token"]
        await http.post(f"/api/rooms/{first}/start", json={"token": host})
        await _finished(http, first, host)
        second = (await http.post(f"/api/rooms/{first}/rematch",
                                  json={"token": host})).json()["room"]
    # a restart: the rematch link is read from the store, asked again the same room
    async with serve(_db(tmp_path)) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        info = (await http.get(f"/api/rooms/{first}", headers=bearer(host))).json()
        assert info["next"] == second
        again = await http.post(f"/api/rooms/{first}/rematch", json={"token": host})
        assert again.json()["room"] == second
        await _finished(http, second, host)
        third = (await http.post(f"/api/rooms/{second}/rematch",
                                 json={"token": host})).json()["room"]
        await _finished(http, third, host)
        # the room's matches, from any of them, with any token, in the order played
        for rid in (first, second, third):
            for token in (host, room["spectate_token"]):
                listed = (await http.get(f"/api/rooms/{rid}/matches",
                                         headers=bearer(token))).json()
                assert [(m["n"], m["room"], m["status"]) for m in listed] == [
                    (1, first, "finished"), (2, second, "finished"), (3, third, "finished")]
        assert (await http.get(f"/api/rooms/{first}/matches",
                               headers=bearer("x" * 32))).status_code == 403
        # each downloadable as its record and as its score sheet
        record = await http.get(f"/api/rooms/{second}/record", headers=bearer(host))
        assert record.json()["format"].startswith("jokeren-record")
        sheet = await http.get(f"/api/rooms/{second}/sheet.csv?lang=nl",
                               headers=bearer(room["spectate_token"]))
        assert sheet.status_code == 200, sheet.text
        assert "attachment" in sheet.headers["content-disposition"]
        names = [s["name"] for s in info["seats"]]
        head = sheet.text.splitlines()[0]
        assert all(name in head for name in names) and "Ronde" in head
        assert sheet.content.startswith(b"\xef\xbb\xbf") and head.startswith("\ufeffRonde;")
        xlsx = await http.get(f"/api/rooms/{second}/sheet.xlsx", headers=bearer(host))
        assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"


async def test_a_rematch_takes_from_the_rooms_bucket(tmp_path: Path) -> None:
    limits = Limits.off()
    from dataclasses import replace

    async with serve(_db(tmp_path), limits=replace(limits, rooms=(0.001, 1.0))) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = (await http.post("/api/rooms", json={
            "rules": {"preset": "jokeren-7", "rounds": 1, "max_turns": 200},
            "seats": [{"kind": "computer", "level": "basic"}] * 3})).json()
        rid, host = room["room"], room["host_token"]
        await http.post(f"/api/rooms/{rid}/start", json={"token": host})
        await _finished(http, rid, host)
        refused = await http.post(f"/api/rooms/{rid}/rematch", json={"token": host})
        assert refused.status_code == 429 and "Retry-After" in refused.headers
        assert refused.json()["text"]["nl"]


async def test_the_host_controls_refuse_with_a_sentence(tmp_path: Path) -> None:
    async with serve(_db(tmp_path)) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = (await http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 2})).json()
        rid, host = room["room"], room["host_token"]
        answers = [
            await http.post(f"/api/rooms/{rid}/pause", json={"token": host, "on": True}),
            await http.post(f"/api/rooms/{rid}/pause", json={"token": "x" * 32, "on": True}),
            await http.post(f"/api/rooms/{rid}/pause", json={"token": host, "on": "often"}),
            await http.post("/api/rooms/nosuchroom/chat", json={"token": host, "on": False}),
            await http.get(f"/api/rooms/{rid}/words"),
            await http.get(f"/api/rooms/{rid}/sheet.csv", headers=bearer(host)),
            await http.get(f"/api/rooms/{rid}/sheet.doc", headers=bearer(host)),
        ]
        assert [a.status_code for a in answers] == [409, 403, 422, 404, 401, 409, 422]
        for a in answers:
            assert a.json()["text"]["nl"] and a.json()["text"]["en"], a.text
        await http.post(f"/api/rooms/{rid}/end", json={"token": host})
        ended = await http.post(f"/api/rooms/{rid}/chat", json={"token": host, "on": False})
        assert ended.status_code == 409 and ended.json()["key"] == "ended"
