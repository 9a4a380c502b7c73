"""Whole matches through a real server on 127.0.0.1: people and computer players mixed,
reconnects, refusals; on SQLite and (JOKEREN_TEST_PG_URL) on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.engine.wire import encode_view

from server_harness import Client, bearer, make_room, play_person, serve


async def watch(client: Client) -> None:
    """A spectator reads until the match is over."""
    for _ in range(100_000):
        await client.recv()
        if client.view is not None and client.view["phase"] == "match-over":
            return


# each person's page and the spectator's: the first protocol, protocol 2 (the view as
# changes), and an old page beside a new one at one table
PAGES = {"first": (1, 1, 1), "lighter": (2, 2, 2), "old and new": (1, 2, 2)}


@pytest.mark.anyio
@pytest.mark.parametrize("pages", list(PAGES))
async def test_people_and_computers_play_a_whole_match(db: str, tmp_path: Path,
                                                       pages: str) -> None:
    async with serve(db) as server, httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 2, ["basic"])
        rid = room["room"]
        *mine, theirs = PAGES[pages]
        people = [Client(f"{server.ws}/ws/{rid}", s["token"], protocol=p)
                  for s, p in zip(room["seats"], mine, strict=True)]
        spectator = Client(f"{server.ws}/ws/{rid}", room["spectate_token"], protocol=theirs)
        for c in (*people, spectator):
            await c.connect()
        await asyncio.gather(
            *(play_person(c, server, rid, s["seat"], random.Random(i), mischief=True)
              for i, (c, s) in enumerate(zip(people, room["seats"], strict=True))),
            watch(spectator))
        runner = server.runner(rid)
        assert runner.table.finished
        for i, c in enumerate((*people, spectator)):
            assert c.version == runner.table.version
            assert c.view == encode_view(runner.table.view(i if i < 2 else None))
            await c.close()
        frames = [f for c in (*people, spectator) for f in c.frames]
        assert any("changes" in f for f in frames) == (pages != "first")
        assert any("view" in f for f in frames if f["type"] == "events") == (pages != "lighter")
        r = await http.get(f"/api/rooms/{rid}/record", headers=bearer(room["spectate_token"]))
        assert r.status_code == 200
        path = tmp_path / "match.json"
        path.write_text(json.dumps(r.json()))
    done = subprocess.run([sys.executable, "-m", "jokeren", "replay", str(path), "--json"],
                          capture_output=True, text=True, check=False)  # the jokeren under test
    assert done.returncode == 0, done.stderr
    summary: dict[str, Any] = json.loads(done.stdout)
    assert summary["finished"] and summary["ok"]
