"""A rematch (issue 39): the host of a finished match plays again in one call; the new room
has the same rules, options and seats, is started at once, and every token of the old room
opens it (a person's page follows without joining again)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from server_harness import bearer

pytestmark = pytest.mark.anyio


async def _finished(http: httpx.AsyncClient) -> dict[str, str]:
    made = await http.post("/api/rooms", json={
        "rules": {"preset": "jokeren-7", "rounds": 1, "max_turns": 200},
        "seats": [{"kind": "computer", "level": "basic"}] * 3, "buying_window": 5})
    assert made.status_code == 201, made.text
    room = made.json()
    refused = await http.post(f"/api/rooms/{room['room']}/rematch",
                              json={"token": room["host_token"]})
    assert refused.status_code == 409  # not over yet
    started = await http.post(f"/api/rooms/{room['room']}/start",
                              json={"token": room["host_token"]})
    assert started.status_code == 200, started.text
    for _ in range(1200):
        info = (await http.get(f"/api/rooms/{room['room']}",
                               headers=bearer(room["host_token"]))).json()
        if info["status"] == "finished":
            return dict(room)
        await asyncio.sleep(0.1)
    raise AssertionError("the computer players did not finish")


async def test_a_rematch_keeps_seats_rules_and_tokens(http: httpx.AsyncClient) -> None:
    room = await _finished(http)
    old = room["room"]
    before = (await http.get(f"/api/rooms/{old}", headers=bearer(room["host_token"]))).json()
    assert before["next"] is None
    for token in (room["invite_token"], room["spectate_token"], "x" * 32):
        refused = await http.post(f"/api/rooms/{old}/rematch", json={"token": token})
        assert refused.status_code in (403, 404), refused.text  # only the host
    made = await http.post(f"/api/rooms/{old}/rematch", json={"token": room["host_token"]})
    assert made.status_code == 201, made.text
    new = made.json()["room"]
    assert new != old
    again = await http.post(f"/api/rooms/{old}/rematch", json={"token": room["host_token"]})
    assert again.json()["room"] == new  # one rematch, however often it is asked
    for token in (room["host_token"], room["invite_token"], room["spectate_token"]):
        info = (await http.get(f"/api/rooms/{old}", headers=bearer(token))).json()
        assert info["next"] == new
    after = (await http.get(f"/api/rooms/{new}", headers=bearer(room["spectate_token"]))).json()
    assert after["status"] in ("playing", "finished")
    assert after["rules"] == before["rules"] and after["options"] == before["options"]
    assert after["seats"] == before["seats"]
    assert after["rules_text"]["nl"] and after["rules_text"]["en"] != after["rules_text"]["nl"]
    record = await http.get(f"/api/rooms/{old}/record", headers=bearer(room["host_token"]))
    assert record.status_code == 200 and record.json()["format"].startswith("jokeren-record")


async def test_the_host_arranges_free_seats_before_the_start(http: httpx.AsyncClient) -> None:
    made = await http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 3})
    room = made.json()
    rid, host = room["room"], room["host_token"]

    def kind(seat: int, what: str, token: str = host) -> Any:
        return http.post(f"/api/rooms/{rid}/seats/{seat}/kind",
                         json={"token": token, "kind": what, "level": "strong"})

    joined = await http.post(f"/api/rooms/{rid}/join",
                             json={"token": room["invite_token"], "name": "Ann"})
    assert joined.json()["seat"] == 0
    assert (await kind(0, "computer")).status_code == 409  # Ann's seat is hers
    assert (await kind(2, "computer", room["invite_token"])).status_code == 403
    assert (await kind(7, "computer")).status_code == 409
    assert (await kind(2, "computer")).status_code == 200
    assert (await kind(1, "computer")).status_code == 200
    info = (await http.get(f"/api/rooms/{rid}", headers=bearer(host))).json()
    assert [(s["kind"], s["level"]) for s in info["seats"]] == [
        ("person", None), ("computer", "strong"), ("computer", "strong")]
    assert len({s["name"] for s in info["seats"]}) == 3  # two computer players, two names
    assert (await kind(1, "person")).status_code == 200
    full = await http.post(f"/api/rooms/{rid}/join",
                           json={"token": room["invite_token"], "name": "Bea"})
    assert full.json()["seat"] == 1  # the seat kept for a person is Bea's
    # who is here: a person whose page asked lately (Ann now), not one who never asked
    ann = (await http.get(f"/api/rooms/{rid}", headers=bearer(joined.json()["token"]))).json()
    assert [s["here"] for s in ann["seats"]] == [True, False, False]  # Bea; a computer
    started = await http.post(f"/api/rooms/{rid}/start", json={"token": host})
    assert started.status_code == 200, started.text
    assert (await kind(2, "person")).status_code == 409  # the match has started
