"""The welcome's ``round_end`` (docs/protocol.md): a page opened after a round ended can
show how it ended; absent before any round ended (older clients ignore the key)."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest

from jokeren.engine.wire import encode_event, encode_view

from server_harness import SHORT, Client, make_room, play_person, serve


@pytest.mark.anyio
async def test_the_welcome_brings_the_last_round_end_as_the_seat_saw_it(tmp_path: Path) -> None:
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}") as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["random"], rules=SHORT)
        rid, token = room["room"], room["seats"][0]["token"]
        first = Client(f"{server.ws}/ws/{rid}", token)
        await first.connect()
        welcome = await first.until("welcome")
        assert "round_end" not in welcome  # no round has ended yet
        seat = welcome["seat"]
        await play_person(first, server, rid, seat, random.Random(5))  # the whole match
        await first.close()  # the finished table is let go; the next look rebuilds it
        again = Client(f"{server.ws}/ws/{rid}", token)
        await again.connect()
        ended = (await again.until("welcome"))["round_end"]
        table = server.runner(rid).table
        await again.close()
        expected = table.round_end(seat)
        assert expected is not None
        view, events = expected
        assert ended == {"view": encode_view(view),
                         "events": [encode_event(e, seat) for e in events]}
        assert ended["view"]["results"] and ended["view"]["seat"] == seat
        others = [e for e in ended["events"] if e["kind"] in ("deal", "draw") and e["seat"] != seat]
        assert others and all(not e["cards"] for e in others)  # no other hand, no stock card
