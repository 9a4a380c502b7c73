"""The browser's score card on the server (/api/score): a card kept by the browser, sent
with each request, counted by the score card's own rules, refused in Dutch and English."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import httpx
import pytest
from openpyxl import load_workbook

from jokeren.score.scorefile import from_obj


async def _ok(http: httpx.AsyncClient, path: str, body: object) -> dict[str, Any]:
    r = await http.post(path, json=body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


# amerikaans (docs/rules.md): 2-9 5, 10/J/Q/K 10, ace 15, joker 20
ROUNDS = [
    {"out": "Ann", "left": {"Bob": "Ks 7h * Ah", "Cor": 35, "Dirk": "2c 3c"}, "buys": {"Bob": 2}},
    {"out": "bob", "left": {"Ann": "*", "Cor": 0, "Dirk": "10"}},
]


@pytest.mark.anyio
async def test_a_card_made_and_two_rounds_counted_as_the_terminal_counts_them(
        http: httpx.AsyncClient) -> None:
    made = await _ok(http, "/api/score/new", {"rules": "amerikaans", "money": True,
                                              "players": ["Ann", "Bob", "Cor", "Dirk"]})
    assert made["card"]["format"] == "jokeren-score/1" and made["card"]["rounds"] == []
    assert made["tally"]["totals"] == [0, 0, 0, 0] and made["tally"]["money"]
    card = made["card"]
    for entry in ROUNDS:
        answer = await _ok(http, "/api/score/round", {"card": card, "entry": entry})
        card = answer["card"]
    tally = answer["tally"]
    assert [r["penalties"] for r in tally["rounds"]] == [[0, 50, 35, 10], [20, 0, 0, 10]]
    assert tally["totals"] == [20, 50, 35, 20]
    assert tally["pot"] == 2 + 95 + 30 and not tally["over"] and tally["winner"] is None
    assert card["rounds"][1]["out"] == "Bob"  # the name as the card spells it
    assert "Volgende: ronde 3" in tally["summary"][-1]["nl"]
    assert from_obj(card).players == ("Ann", "Bob", "Cor", "Dirk")  # a file scorefile reads
    undone = await _ok(http, "/api/score/undo", {"card": card})
    assert undone["tally"]["totals"] == [0, 50, 35, 10] and len(undone["card"]["rounds"]) == 1
    shown = await _ok(http, "/api/score/show", {"card": undone["card"]})
    assert shown == undone


@pytest.mark.anyio
async def test_refusals_name_the_trouble_in_both_languages(http: httpx.AsyncClient) -> None:
    card = (await _ok(http, "/api/score/new", {"players": ["Ann", "Bob", "Cor"]}))["card"]
    for body, key in [
        ({"card": card, "entry": {"out": "Ann", "left": {"Bob": 5}}}, "score_err_missing"),
        ({"card": card, "entry": {"out": "Zed", "left": {}}}, "score_err_who"),
        ({"card": card, "entry": {"out": "Ann", "left": {"Bob": "Zz", "Cor": 1}}},
         "score_err_card"),
        ({"card": card, "entry": {"out": "Ann", "left": {"Bob": "* * *", "Cor": "* * *"}}},
         "score_err_copies"),
        ({"card": {**card, "format": "x"}, "entry": {"out": None, "left": {}}},
         "score_err_format"),
    ]:
        r = await http.post("/api/score/round", json=body)
        assert r.status_code == 400, r.text
        refusal = r.json()
        assert refusal["key"] == key and refusal["text"]["en"] and refusal["text"]["nl"]
        assert refusal["text"]["en"] != refusal["text"]["nl"]  # the notation's error too
    for path, body in [("/api/score/new", {"players": ["Ann"]}),
                       ("/api/score/new", {"players": ["Ann", "ann"]}),
                       ("/api/score/new", {"rules": "nope", "players": ["A", "B"]}),
                       ("/api/score/undo", {"card": card})]:
        r = await http.post(path, json=body)
        assert r.status_code == 400 and r.json()["text"]["nl"], (path, r.text)


@pytest.mark.anyio
async def test_one_hands_penalty_under_each_presets_table(http: httpx.AsyncClient) -> None:
    for rules, left, come_out, points in [("amerikaans", "Ks 7h * Ah", True, 10 + 5 + 20 + 15),
                                          ("amerikaans-40", "* Ah 5c", False, 10 + 11 + 5),
                                          ("amerikaans-40", "* Ah 5c", True, 25 + 11 + 5),
                                          ("jokeren", "* Ah", True, 50 + 1),
                                          ("amerikaans", 35, True, 35)]:
        answer = await _ok(http, "/api/score/penalty",
                           {"rules": rules, "left": left, "come_out": come_out})
        assert answer["points"] == points, (rules, left)
    # points no hand can cost (every card a multiple of 5): refused, as a round refuses them
    r = await http.post("/api/score/penalty", json={"rules": "amerikaans", "left": 17})
    assert r.status_code == 400 and r.json()["key"] == "score_err_hand_step", r.text


@pytest.mark.anyio
async def test_exports_are_the_terminals_own(http: httpx.AsyncClient) -> None:
    card = (await _ok(http, "/api/score/new", {"players": ["Ann", "Bob", "Cor", "Dirk"]}))["card"]
    card = (await _ok(http, "/api/score/round", {"card": card, "entry": ROUNDS[1]}))["card"]
    r = await http.post("/api/score/export/csv?lang=nl", json={"card": card})
    assert r.status_code == 200 and "scorekaart.csv" in r.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0][4:8] == ["Ann", "Bob", "Cor", "Dirk"] and rows[1][4:8] == ["20", "0", "0", "10"]
    r = await http.post("/api/score/export/xlsx", json={"card": card})
    sheet = load_workbook(io.BytesIO(r.content)).active
    assert sheet is not None and sheet["E3"].value == "=SUM(E2:E2)"
    r = await http.post("/api/score/export/pdf", json={"card": card})
    assert r.headers["content-type"] == "application/pdf" and r.content.startswith(b"%PDF")
    assert (await http.post("/api/score/export/doc", json={"card": card})).status_code == 422
    schema = json.dumps((await http.get("/openapi.json")).json()["paths"])
    assert "/api/score/round" in schema and "/api/score/export/{kind}" in schema
