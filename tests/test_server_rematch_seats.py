"""Who plays a seat in a rematch (issue 39): the host's "let the computer play" for a person
who left for good stands in the rematch, until that person's page comes back; a person who
was there at the match's end has the seat, as before. Two taps on "play again" at once make
one rematch."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.server.runtime import Timing

from server_harness import Client, Server, bearer, make_room, play_person, play_until, serve

pytestmark = pytest.mark.anyio
SHORT1 = {"preset": "jokeren-7", "rounds": 1, "max_turns": 200}
QUICK = Timing(bot_delay=0.0, round_pause=0.0, grace=3600.0)


def _db(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"


async def _finished(http: httpx.AsyncClient, rid: str, token: str) -> None:
    for _ in range(2400):
        info = (await http.get(f"/api/rooms/{rid}", headers=bearer(token))).json()
        if info["status"] == "finished":
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the match did not end")


async def _seats(client: Client) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = (await client.until("seats"))["seats"]
    return seats


async def _bea_given_away(http: httpx.AsyncClient, server: Server, rng: random.Random
                          ) -> tuple[str, str, str, str, Client]:
    """Ann, Bea and a computer player: Bea's page closed for good, the host lets the
    computer play her seat ("random"), Ann plays the match to its end. The room, the host's,
    Ann's and Bea's tokens, and Ann's page, open."""
    room = await make_room(http, 2, ["basic"], rules=SHORT1, grace=3600)
    rid, host = room["room"], room["host_token"]
    ann_token, bea_token = (s["token"] for s in room["seats"])
    ann = Client(f"{server.ws}/ws/{rid}", ann_token)
    await ann.connect()
    await ann.until("welcome")
    bea = Client(f"{server.ws}/ws/{rid}", bea_token)
    await bea.connect()
    await bea.until("welcome")
    await bea.close()
    given = await http.post(f"/api/rooms/{rid}/seats/1/computer",
                            json={"token": host, "level": "random"})
    assert given.status_code == 200, given.text
    await play_person(ann, server, rid, 0, rng)
    return rid, host, ann_token, bea_token, ann


async def test_the_hosts_let_the_computer_play_stands_in_the_rematch(tmp_path: Path) -> None:
    """Before: the rematch started every person's seat as a person's, so the seat of Bea,
    who had closed her page for good, was "away" again and the table waited out the grace
    period (here an hour; 60 s by default) until the host let the computer play once more."""
    rng = random.Random(7)
    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        rid, host, ann_token, bea_token, ann = await _bea_given_away(http, server, rng)
        await _finished(http, rid, host)
        await ann.close()
        before = (await http.get(f"/api/rooms/{rid}", headers=bearer(host))).json()
        assert "stand_ins" not in before["options"]  # kept for the rematch, not shown

        made = await http.post(f"/api/rooms/{rid}/rematch", json={"token": host})
        assert made.status_code == 201, made.text
        new = made.json()["room"]
        after = (await http.get(f"/api/rooms/{new}", headers=bearer(host))).json()
        assert after["options"] == before["options"] and after["seats"] == before["seats"]
        # Ann, there at the end, has her seat; Bea's is the computer's, at the host's level
        runner = server.runner(new)
        assert {s: p.name for s, p in runner.stand_ins.items()} == {1: "random"}
        ann = Client(f"{server.ws}/ws/{new}", ann_token)
        await ann.connect()
        seats = await _seats(ann)
        assert [(s["person"], s["present"], s["computer"]) for s in seats[:2]] == [
            (True, True, False), (True, False, True)]
        # the table plays on without Bea (no grace period waited out): Ann plays until
        # Bea's seat has discarded, then thinks; the table waits for her
        await play_until(ann, server, new, 0, rng, lambda: _discarded(ann, 1))
        # Bea's page comes back: the seat is hers again, as in a match
        bea = Client(f"{server.ws}/ws/{new}", bea_token)
        await bea.connect()
        seats = await _seats(bea)
        assert [(s["present"], s["computer"]) for s in seats[:2]] == [
            (True, False), (True, False)]
        assert runner.stand_ins == {}
        await asyncio.gather(play_person(ann, server, new, 0, rng),
                             play_person(bea, server, new, 1, rng))
        await _finished(http, new, host)
        for page in (ann, bea):
            await page.close()

        # both were there at the end: the next rematch gives each of them the seat
        again = await http.post(f"/api/rooms/{new}/rematch", json={"token": host})
        assert again.status_code == 201, again.text
        third = again.json()["room"]
        assert server.runner(third).stand_ins == {}
        ann = Client(f"{server.ws}/ws/{third}", ann_token)
        await ann.connect()
        seats = await _seats(ann)
        assert [(s["present"], s["computer"]) for s in seats[:2]] == [
            (True, False), (False, False)]
        await ann.close()


async def test_a_person_back_at_the_finished_table_is_not_given_to_the_computer(
        tmp_path: Path) -> None:
    """Review of 88170bf: the match's end stored Bea's seat as the computer's; her page
    came back to the finished table; the rematch still started her seat as the computer's,
    which could move for her before her page followed to the new table."""
    rng = random.Random(8)
    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        rid, host, _, bea_token, ann = await _bea_given_away(http, server, rng)
        await _finished(http, rid, host)
        bea = Client(f"{server.ws}/ws/{rid}", bea_token)  # back, at the final standings
        await bea.connect()
        await bea.until("welcome")
        made = await http.post(f"/api/rooms/{rid}/rematch", json={"token": host})
        assert made.status_code == 201, made.text
        assert server.runner(made.json()["room"]).stand_ins == {}
        for page in (ann, bea):
            await page.close()


def _discarded(client: Client, seat: int) -> bool:
    """Whether ``client`` was told of a discard by ``seat``."""
    return any(e["kind"] == "discard" and e["seat"] == seat
               for f in client.frames if f["type"] == "events" for e in f["events"])


async def test_two_taps_on_play_again_make_one_rematch(tmp_path: Path) -> None:
    """Before: two rematch requests at once both made a room; the later ones failed on the
    stored link with a 503 ("the server cannot store anything just now") and left rooms of
    the same people that nobody played."""
    async with serve(_db(tmp_path), QUICK) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        made = await http.post("/api/rooms", json={
            "rules": SHORT1, "seats": [{"kind": "computer", "level": "basic"}] * 3})
        room = made.json()
        rid, host = room["room"], room["host_token"]
        assert (await http.post(f"/api/rooms/{rid}/start", json={"token": host})) \
            .status_code == 200
        await _finished(http, rid, host)
        taps = await asyncio.gather(*(http.post(f"/api/rooms/{rid}/rematch",
                                                json={"token": host}) for _ in range(3)))
        assert [t.status_code for t in taps] == [201] * 3, [t.text for t in taps]
        assert len({t.json()["room"] for t in taps}) == 1
        listed = (await http.get(f"/api/rooms/{rid}/matches", headers=bearer(host))).json()
        assert len(listed) == 2
        playing = [r for r in server.app.state.rooms.runners if r != rid]
        assert playing in ([], [taps[0].json()["room"]]), playing
