"""The replay page's endpoint: the engine plays a record and returns the table after every
deal and move, every hand open; a record it cannot replay is one sentence, never a 5xx."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.engine.record import Record, replay
from jokeren.play.table import Seat, Table
from jokeren.rules.house import Rules

EXAMPLE = Path(__file__).parent / "scenarios" / "jokeren-round-with-scores.json"


def _example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def _match() -> dict[str, Any]:
    """A whole jokeren-7 match of three computer players, as a room's record gives it."""
    table = Table(Rules.load({"preset": "jokeren-7", "rounds": 2}),
                  [Seat(n, "basic") for n in ("Ann", "Bob", "Cas")], 11)
    table.play_bots()
    assert table.finished
    return table.record.to_json()


@pytest.mark.anyio
async def test_every_deal_and_move_comes_back_with_every_hand_open(
        http: httpx.AsyncClient) -> None:
    record = _example()
    r = await http.post("/api/replay", json={"record": record})
    assert r.status_code == 200, r.text
    out = r.json()
    steps = out["steps"]
    assert out["players"] == ["Ann", "Bob", "Cas"]
    moves = record["rounds"][0]["moves"]
    assert [s["line"] for s in steps] == [None, *moves]
    assert [s["move"] for s in steps] == list(range(len(moves) + 1))
    deal = steps[0]
    dealt = record["rounds"][0]["hands"]["Ann"].split()
    assert sorted(deal["view"]["open_hands"][0]) == sorted(dealt)
    assert [e["kind"] for e in deal["events"]] == ["deal", "deal", "deal"]
    assert all(e["cards"] for e in deal["events"])  # every dealt hand shown
    draw = steps[1]
    assert draw["events"][0]["kind"] == "draw" and draw["events"][0]["cards"] == ["5s"]
    assert "5s" in draw["view"]["open_hands"][0]
    meld = steps[8]
    assert len(meld["view"]["table"]) == 4 and meld["view"]["hand_sizes"][0] == 1
    last = steps[-1]["view"]
    expected = json.loads(EXAMPLE.with_suffix(".expected.json").read_text(encoding="utf-8"))
    assert last["phase"] == "round-over"
    assert dict(zip(out["players"], last["results"][0]["penalties"], strict=True)) \
        == expected["rounds"][0]["penalties"]
    for step in steps:  # the open hands are the hands the sizes count
        assert [len(h) for h in step["view"]["open_hands"]] == step["view"]["hand_sizes"]


@pytest.mark.anyio
async def test_a_whole_match_ends_where_the_engines_replay_ends(
        http: httpx.AsyncClient) -> None:
    record = _match()
    r = await http.post("/api/replay", json={"record": json.dumps(record)})  # a file's text
    assert r.status_code == 200, r.text
    steps = r.json()["steps"]
    final = replay(Record.from_json(record)).state
    assert final is not None
    assert steps[-1]["view"]["phase"] == "match-over"
    assert steps[-1]["view"]["totals"] == list(final.totals)
    assert [s["round"] for s in steps if s["move"] == 0] == [1, 2]
    assert len(steps) == sum(len(rnd["moves"]) + 1 for rnd in record["rounds"])


def _broken() -> list[tuple[object, str]]:
    good = _example()
    illegal = json.loads(json.dumps(good))
    illegal["rounds"][0]["moves"][1] = "Ann: discard Ah"  # Ann does not hold it
    unknown = dict(good, players=["Ann", "Bob", "Dora"])
    return [
        ("not json at all", "record"),
        ([1, 2], "record"),
        ({"format": "jokeren-record/1"}, "record"),
        (dict(good, format="jokeren-record/9"), "record"),
        (dict(good, rules="no-such-preset"), "record"),
        (dict(good, rounds=[{"moves": ["Ann: fly"]}]), "record"),
        (unknown, "record"),
        (illegal, "record_move"),
        (dict(good, rounds=[]), "record_empty"),
    ]


@pytest.mark.anyio
@pytest.mark.parametrize("index", range(len(_broken())))
async def test_a_record_that_cannot_be_replayed_is_one_sentence(
        http: httpx.AsyncClient, index: int) -> None:
    record, key = _broken()[index]
    r = await http.post("/api/replay", json={"record": record})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["key"] == key
    for lang in ("en", "nl"):
        text = body["text"][lang]
        assert text and "\n" not in text and "Traceback" not in text
    assert body["text"]["en"] != body["text"]["nl"]
    if key == "record_move":
        assert body["text"]["en"].startswith("move 2 of round 1 (Ann: discard Ah)")


@pytest.mark.anyio
@pytest.mark.parametrize("text", ["", "\n  \n", "\ufeff"], ids=["empty", "blank", "bom"])
async def test_an_empty_record_file_is_said_to_be_empty(http: httpx.AsyncClient,
                                                        text: str) -> None:
    """The page sends the file's text: an empty file was "geen geldige JSON (fout op regel
    1)" (a file of new lines: "regel 3"), where the command line says it is empty."""
    r = await http.post("/api/replay", json={"record": text})
    assert r.status_code == 422, r.text
    said = r.json()["text"]
    assert said == {"en": "this is not a match record that can be replayed: the file is empty",
                    "nl": "dit is geen verslag van een potje dat teruggekeken kan worden: "
                          "het bestand is leeg"}, said


@pytest.mark.anyio
@pytest.mark.parametrize("headers", [{"content-type": "application/json"}, {}],
                         ids=["json", "no-type"])
async def test_a_request_with_no_body_is_said_to_be_empty(http: httpx.AsyncClient,
                                                          headers: dict[str, str]) -> None:
    """Not "the request is not as this address takes it (body)": a program word in Dutch."""
    r = await http.post("/api/replay", content=b"", headers=headers)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["key"] == "record_none"
    assert body["text"]["nl"].startswith("het verzoek is leeg: stuur het verslag van een "
                                         "potje mee"), body
    assert body["text"]["en"].startswith("the request is empty"), body
    # the body stays required in the description other programs are generated from (it was
    # made optional and nullable for this sentence)
    described = (await http.get("/openapi.json")).json()["paths"]["/api/replay"]["post"]
    assert described["requestBody"]["required"] is True, described["requestBody"]
    schema = described["requestBody"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/ReplayIn"}, schema
