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
    assert r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.content.startswith(b"\xef\xbb\xbf")  # the byte-order mark Excel reads UTF-8 by
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][4:8] == ["Ann", "Bob", "Cor", "Dirk"] and rows[1][4:8] == ["20", "0", "0", "10"]
    r = await http.post("/api/score/export/xlsx", json={"card": card})
    sheet = load_workbook(io.BytesIO(r.content)).active
    assert sheet is not None and sheet["E3"].value == "=SUM(E2:E2)"
    r = await http.post("/api/score/export/pdf", json={"card": card})
    assert r.headers["content-type"] == "application/pdf" and r.content.startswith(b"%PDF")
    assert (await http.post("/api/score/export/doc", json={"card": card})).status_code == 422
    schema = json.dumps((await http.get("/openapi.json")).json()["paths"])
    assert "/api/score/round" in schema and "/api/score/export/{kind}" in schema


@pytest.mark.anyio
async def test_the_browser_is_refused_in_its_own_words_not_the_command_lines(
        http: httpx.AsyncClient) -> None:
    """A tester met "give A's cards or points left (--left A=...)" in the browser, for a
    round whose player who went out was also listed as not come out: a flag of the command
    line, and a missing field blamed for a contradiction. The page is told the
    contradiction; every other score sentence it may meet names no flag; the terminal keeps
    its own."""
    from jokeren.score.scorecard import ScoreError

    card = (await _ok(http, "/api/score/new", {"players": ["Ann", "Bob", "Cor"]}))["card"]
    for entry, key, name in [
        ({"out": "Ann", "left": {"Bob": 5, "Cor": 5}, "not_come_out": ["Ann"]},
         "score_out_not_come_out", "Ann"),
        ({"out": "ann", "left": {"Bob": 5}, "not_come_out": ["Bob", "an"]},
         "score_out_not_come_out", "Ann"),
        ({"out": "Ann", "left": {"Bob": 5}}, "score_err_missing", "Cor"),
        ({"out": "Ann", "left": {"Bob": 5}, "not_come_out": ["Cor"]}, "score_err_missing",
         "Cor"),
        ({"out": None, "all_at_once": True, "left": {"Ann": 5, "Bob": 5, "Cor": 5}},
         "score_err_all_at_once", ""),
    ]:
        r = await http.post("/api/score/round", json={"card": card, "entry": entry})
        assert r.status_code == 400 and r.json()["key"] == key, (entry, r.text)
        text = r.json()["text"]
        assert text["en"] != text["nl"] and name in text["en"] and name in text["nl"]
        assert "--" not in text["en"] + text["nl"], text
    # a card whose round misses a player: the round named, in the browser's words
    broken = {**card, "rounds": [{"out": "Ann", "left": {"Bob": 5}}]}
    r = await http.post("/api/score/show", json={"card": broken})
    assert r.status_code == 400 and r.json()["key"] == "score_err_in_round", r.text
    assert "Cor" in r.json()["text"]["en"] and "--" not in json.dumps(r.json()["text"])
    assert "--left Cor=" in ScoreError("score_err_missing", name="Cor").text("en")  # terminal
    # the contradiction in a card's round (score/ finds it): the browser's words too
    broken = {**card, "rounds": [{"out": "Ann", "left": {"Bob": 5, "Cor": 5},
                                  "not_come_out": ["Ann"]}]}
    r = await http.post("/api/score/show", json={"card": broken})
    assert r.status_code == 400 and r.json()["key"] == "score_err_in_round", r.text
    assert r.json()["text"]["nl"] == ("ronde 1: Ann ging uit en was dus al uitgekomen: haal Ann "
                                      "weg bij wie nog niet uitgekomen was"), r.text


def test_no_score_or_club_sentence_the_server_gives_names_the_command_line() -> None:
    """Every sentence of the score card and club code (which the browser's /score and
    /club pages meet through the API), as the server words it: no --flag, no pip."""
    import re
    from pathlib import Path

    import jokeren
    from jokeren.server.score_api import WEB_WORDS
    from jokeren.support.messages import catalogue

    src = Path(jokeren.__file__).parent
    files = [*(src / "score").glob("*.py"), *(src / "club").glob("*.py"),
             *(src / "server").glob("*.py")]
    keys = {key for f in files for key in re.findall(
        r"(?:ScoreError|ClubError)\(\s*\"(\w+)\"", f.read_text(encoding="utf-8"))}
    assert {"score_err_missing", "club_err_missed", "score_err_needs_extra"} <= keys
    words = catalogue()
    found = [(key, text) for key in sorted(keys) if WEB_WORDS.get(key, key) in words
             for text in json.dumps(words[WEB_WORDS.get(key, key)], ensure_ascii=False)
             .split('", "') if re.search(r"(?<![\w-])--\w|pip install", text)]
    assert found == []
