"""A club evening run from the browser (/api/club): the secretary changes it with the token
made with it, a reader with only the evening's id reads it and nothing more, a form's
wrong column is refused with a sentence that says where, the standings are the club
package's, and the evening outlives the server (it is in the store)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.club.clubfile import from_obj
from jokeren.club.evening import standings

from server_harness import FAST, bearer, serve

PLAYERS = [f"P{i:02d}" for i in range(1, 14)]  # 13: two tables of 3 a round


def _form(seats: list[str], games: int = 4) -> dict[str, Any]:
    """A form that passes the checks: game g is won by seat g % size, the others keep
    5 points per letter of the seat's place, in steps of 5 (jokeren's cards)."""
    size = len(seats)
    rows = [[0 if s == g % size else 5 * (s + g + 1) for s in range(size)]
            for g in range(games)]
    return {"games": rows, "totals": [sum(r[s] for r in rows) for s in range(size)]}


async def _ok(response: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.anyio
async def test_an_evening_run_by_the_secretary_and_read_by_anyone(db: str) -> None:
    async with serve(db, FAST) as server, httpx.AsyncClient(base_url=server.base) as http:
        made = await _ok(await http.post("/api/club", json={
            "players": PLAYERS, "date": "2026-12-03", "rules": "jokeren",
            "missed": "average"}), 201)
        club, token = made["id"], made["secretary_token"]
        assert token not in made["read_link"] and made["read_link"].endswith(f"/club/{club}")
        assert made["secretary_link"].endswith(f"/club/{club}#{token}")
        me = bearer(token)

        # A reader with only the id: reads, cannot change anything (403, a sentence).
        seen = await _ok(await http.get(f"/api/club/{club}"))
        assert seen["players"] == PLAYERS and not seen["secretary"] and seen["draws"] == []
        assert (await _ok(await http.get(f"/api/club/{club}", headers=me)))["secretary"]
        for path, body in (("draw", None), ("players", {"name": "Zoe"}),
                           ("presence", {"name": "P01", "present": False}),
                           ("forms", {"round": 1, "table": 1, "games": []})):
            for headers in ({}, bearer("not-the-token"), bearer(made["id"])):
                r = await http.post(f"/api/club/{club}/{path}", json=body, headers=headers)
                assert r.status_code == 403, (path, headers, r.text)
                assert r.json()["key"] == "not_secretary" and r.json()["text"]["nl"]
        assert (await _ok(await http.get(f"/api/club/{club}")))["draws"] == []

        # Round 1 for all 13; P05 goes home, Zoe comes late: round 2 without P05, with Zoe.
        one = await _ok(await http.post(f"/api/club/{club}/draw", headers=me))
        assert sorted(p for t in one["draws"][0] for p in t) == sorted(PLAYERS)
        assert sorted(len(t) for t in one["draws"][0]) == [3, 3, 3, 4]
        await _ok(await http.post(f"/api/club/{club}/presence", headers=me,
                                  json={"name": "p05", "present": False}))
        later = await _ok(await http.post(f"/api/club/{club}/players", headers=me,
                                          json={"name": "Zoe"}))
        assert later["absent"] == ["P05"] and later["players"][-1] == "Zoe"
        two = await _ok(await http.post(f"/api/club/{club}/draw", headers=me))
        seated = sorted(p for t in two["draws"][1] for p in t)
        assert seated == sorted([*PLAYERS, "Zoe"][:4] + [*PLAYERS, "Zoe"][5:])

        # A wrong column total: refused, a sentence in both languages, the column named.
        seats = one["draws"][0][0]
        wrong = _form(seats)
        wrong["totals"][1] += 5
        r = await http.post(f"/api/club/{club}/forms", headers=me,
                            json={"round": 1, "table": 1, **wrong})
        assert r.status_code == 400 and r.json()["key"] == "club_err_total"
        assert r.json()["params"] == {"column": 2}
        assert seats[1] in r.json()["text"]["en"] and "kolom" in r.json()["text"]["nl"]
        # 995 in a game: more than 13 cards can cost, the game and column named.
        odd = _form(seats)
        odd["games"][2][1 if 2 % len(seats) != 1 else 0] = 995
        del odd["totals"]
        r = await http.post(f"/api/club/{club}/forms", headers=me,
                            json={"round": 1, "table": 1, **odd})
        assert r.status_code == 400 and r.json()["params"]["game"] == 3, r.text
        assert r.json()["key"] == "club_err_most" and "column" in r.json()["params"]

        # Every form of both rounds entered: the standings are the club package's.
        latest: dict[str, Any] = {}
        for r_no, tables in enumerate((one["draws"][0], two["draws"][1]), 1):
            for t_no, table in enumerate(tables, 1):
                latest = await _ok(await http.post(
                    f"/api/club/{club}/forms", headers=me,
                    json={"round": r_no, "table": t_no, **_form(table)}))
        stored = await server.app.state.rooms.store.club(club)
        evening = from_obj(json.loads(stored[1])["evening"])
        expected = [(s.place, s.name, s.points, s.games, s.won, s.missed)
                    for s in standings(evening)]
        got = [(s["place"], s["name"], s["points"], s["games"], s["won"], s["missed"])
               for s in latest["standings"]]
        assert got == expected
        # ... and an independent sum: P05 missed round 2, counted as its average.
        own: dict[str, int] = {}
        for tables in (one["draws"][0], two["draws"][1]):
            for table in tables:
                for s, name in enumerate(table):
                    own[name] = own.get(name, 0) + _form(table)["totals"][s]
        played2 = [n for t in two["draws"][1] for n in t]
        average = sum(own[n] - (0 if n == "Zoe" else sum(
            _form(t)["totals"][t.index(n)] for t in one["draws"][0] if n in t))
            for n in played2)
        by_name = {s["name"]: s for s in latest["standings"]}
        fill = (2 * average + len(played2)) // (2 * len(played2))  # half up
        assert by_name["P05"]["points"] == own["P05"] + fill and by_name["P05"]["missed"] == 1
        assert by_name["Zoe"]["points"] == own["Zoe"] + fill
        assert by_name["P01"]["points"] == own["P01"]
        assert by_name["P05"]["rounds"][1] == fill

    # The evening outlives the server: a new server on the same store reads it.
    async with serve(db, FAST) as server, httpx.AsyncClient(base_url=server.base) as http:
        again = await _ok(await http.get(f"/api/club/{club}", headers=bearer(token)))
        assert again["standings"] == latest["standings"] and again["secretary"]


@pytest.mark.anyio
async def test_an_evening_refused_in_one_sentence(http: httpx.AsyncClient) -> None:
    for body, key in (({"players": PLAYERS, "rules": "klaverjassen"}, "club_err_rules"),
                      ({"players": PLAYERS, "date": "3-12-2026"}, "club_err_date"),
                      ({"players": [*PLAYERS, "p01"]}, "score_err_names"),
                      ({"players": PLAYERS, "missed": "never"}, "club_err_missed")):
        r = await http.post("/api/club", json=body)
        assert r.status_code == 400 and r.json()["key"] == key, r.text
        assert r.json()["text"]["en"] and r.json()["text"]["nl"]
    assert (await http.get("/api/club/0123456789abcdef")).status_code == 404
    assert (await http.get("/api/club/..%2Fetc")).status_code == 404
    made = await _ok(await http.post("/api/club", json={"players": PLAYERS[:6],
                                                        "rounds": 1}), 201)
    me = bearer(made["secretary_token"])
    r = await http.post(f"/api/club/{made['id']}/presence", headers=me,
                        json={"name": "Nobody", "present": False})
    assert r.status_code == 400 and r.json()["key"] == "club_no_player"
    await _ok(await http.post(f"/api/club/{made['id']}/presence", headers=me,
                              json={"name": "P01", "present": False}))
    r = await http.post(f"/api/club/{made['id']}/draw", headers=me)  # 5 present
    assert r.status_code == 400 and r.json()["key"] == "club_err_few"
    await _ok(await http.post(f"/api/club/{made['id']}/presence", headers=me,
                              json={"name": "P01", "present": True}))
    await _ok(await http.post(f"/api/club/{made['id']}/draw", headers=me))
    r = await http.post(f"/api/club/{made['id']}/draw", headers=me)
    assert r.status_code == 400 and r.json()["key"] == "club_err_all_drawn"


@pytest.mark.anyio
async def test_the_pages_xlsx_standings_recompute_in_libreoffice_to_the_pages(
        http: httpx.AsyncClient, tmp_path: Path) -> None:
    """Done-means of #41 from the browser's side: the standings xlsx the evening's page
    offers (formulas reading the forms' sheets) recompute in LibreOffice to the standings
    the page shows, with a player gone home counted as the round's average."""
    import csv
    import shutil
    import subprocess

    made = await _ok(await http.post("/api/club", json={"players": PLAYERS, "rounds": 3}), 201)
    club, me = made["id"], bearer(made["secretary_token"])
    for r_no in (1, 2, 3):
        if r_no == 3:
            await _ok(await http.post(f"/api/club/{club}/presence", headers=me,
                                      json={"name": "P07", "present": False}))
        drawn = await _ok(await http.post(f"/api/club/{club}/draw", headers=me))
        for t_no, table in enumerate(drawn["draws"][r_no - 1], 1):
            shown = await _ok(await http.post(f"/api/club/{club}/forms", headers=me, json={
                "round": r_no, "table": t_no, **_form(table)}))
    r = await http.get(f"/api/club/{club}/standings.xlsx", params={"lang": "nl"})
    assert r.status_code == 200 and r.headers["content-type"].startswith(
        "application/vnd.openxmlformats")
    assert 'filename="stand.xlsx"' in r.headers["content-disposition"]
    xlsx = tmp_path / "stand.xlsx"
    xlsx.write_bytes(r.content)
    out = tmp_path / "lo"
    subprocess.run([shutil.which("soffice") or "soffice", "--headless",
                    f"-env:UserInstallation=file://{tmp_path}/profile", "--convert-to",
                    "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", str(out),
                    str(xlsx)], check=True, capture_output=True, timeout=180)
    rows = list(csv.reader((out / "stand.csv").read_text(encoding="utf-8").splitlines()))
    points = rows[0].index("Strafpunten")
    theirs = {row[1]: int(row[points]) for row in rows[1:1 + len(PLAYERS)]}
    assert theirs == {s["name"]: s["points"] for s in shown["standings"]}
    assert next(s for s in shown["standings"] if s["name"] == "P07")["missed"] == 1
    for what, kind in (("seating", "pdf"), ("standings", "csv")):
        r = await http.get(f"/api/club/{club}/{what}.{kind}")
        assert r.status_code == 200 and len(r.content) > 100, (what, kind)
    assert (await http.get("/api/club/0123456789abcdef/standings.xlsx")).status_code == 404


@pytest.mark.anyio
async def test_a_round_drawn_again_when_someone_leaves(http: httpx.AsyncClient) -> None:
    """Henk goes home after round 2 was drawn: round 2 is drawn again without him (the
    secretary only), and no longer once one of its forms is entered."""
    made = await _ok(await http.post("/api/club", json={"players": PLAYERS}), 201)
    club, me = made["id"], bearer(made["secretary_token"])
    one = await _ok(await http.post(f"/api/club/{club}/draw", headers=me))
    await _ok(await http.post(f"/api/club/{club}/draw", headers=me))
    await _ok(await http.post(f"/api/club/{club}/presence", headers=me,
                              json={"name": "P03", "present": False}))
    r = await http.post(f"/api/club/{club}/redraw", json={"round": 2})
    assert r.status_code == 403
    again = await _ok(await http.post(f"/api/club/{club}/redraw", headers=me,
                                      json={"round": 2}))
    assert again["draws"][0] == one["draws"][0] and len(again["draws"]) == 2
    assert sorted(p for t in again["draws"][1] for p in t) == sorted(set(PLAYERS) - {"P03"})
    await _ok(await http.post(f"/api/club/{club}/forms", headers=me, json={
        "round": 2, "table": 1, **_form(again["draws"][1][0])}))
    r = await http.post(f"/api/club/{club}/redraw", headers=me, json={"round": 2})
    assert r.status_code == 400 and r.json()["key"] == "club_err_redraw_entered"
    assert "ronde 2" in r.json()["text"]["nl"]


@pytest.mark.anyio
async def test_how_missed_rounds_and_tables_of_3_count_is_refused_without_a_flag(
        http: httpx.AsyncClient) -> None:
    """The page was told "--missed is average, highest or per-game" (nl "--gemist ..."): a
    flag of the command line, which the terminal keeps."""
    from jokeren.club.evening import ClubError

    for field, value, words in (("missed", "x", "per-game"), ("threes", "odd", "scaled")):
        r = await http.post("/api/club", json={"players": PLAYERS, field: value})
        assert r.status_code == 400 and r.json()["key"] == f"club_err_{field}", r.text
        text = r.json()["text"]
        assert repr(value) in text["en"] and repr(value) in text["nl"]
        assert words in text["en"] and words in text["nl"] and text["en"] != text["nl"]
        assert "--" not in text["en"] + text["nl"], text
    assert "--gemist" in ClubError("club_err_missed", value="x").text("nl")


@pytest.mark.anyio
async def test_a_round_counts_on_the_page_once_all_its_forms_are_in(
        http: httpx.AsyncClient) -> None:
    """h11: with the first form of a round entered, its four players had their points and
    the nine others none: the page and the projector put the nine ahead until their forms
    came. The round counts once complete; a note says which tables are awaited."""
    made = await _ok(await http.post("/api/club", json={"players": PLAYERS}), 201)
    club, me = made["id"], bearer(made["secretary_token"])
    one = await _ok(await http.post(f"/api/club/{club}/draw", headers=me))
    tables = one["draws"][0]
    seen = await _ok(await http.post(f"/api/club/{club}/forms", headers=me, json={
        "round": 1, "table": 1, **_form(tables[0])}))
    assert seen["forms"][0][0] is not None  # the form is kept and shown
    assert all(s["rounds"] == [None] and s["points"] == 0 and s["place"] is None
               for s in seen["standings"])
    awaited = ", ".join(str(k) for k in range(2, len(tables))) + f" en {len(tables)}"
    assert {"en": f"Round 1 counts once all its forms are in (still to enter: tables "
                  f"{awaited.replace(' en ', ' and ')}).",
            "nl": f"Ronde 1 telt mee zodra alle formulieren binnen zijn (nog in te voeren: "
                  f"tafels {awaited})."} == seen["notes"][0]  # first: the projector shows it
    for k in range(2, len(tables) + 1):
        seen = await _ok(await http.post(f"/api/club/{club}/forms", headers=me, json={
            "round": 1, "table": k, **_form(tables[k - 1])}))
    assert all(s["rounds"][0] is not None and s["place"] is not None
               for s in seen["standings"])
    assert not any("counts once" in n["en"] for n in seen["notes"])


@pytest.mark.anyio
async def test_a_player_is_found_however_her_name_is_typed(http: httpx.AsyncClient) -> None:
    """The page's presence found a name with ``lower`` alone: "Éva" typed as E and an
    accent (as a phone sends it), or "eva" on a keyboard without accents, was "not a
    player of the evening", where the command line (find_player) finds her. Found as
    there, in full: a beginning names nobody here."""
    import unicodedata

    eva = "\u00c9va"
    made = await _ok(await http.post("/api/club", json={
        "players": [*PLAYERS[:5], eva, "Jan Smit"]}), 201)
    club, me = made["id"], bearer(made["secretary_token"])
    for typed, away in ((unicodedata.normalize("NFD", eva), [eva]), ("eva", []),
                        (" \u00c9VA ", [eva]), ("jan  smit", [eva, "Jan Smit"]),
                        ("Jan Smit", [eva])):
        seen = await _ok(await http.post(f"/api/club/{club}/presence", headers=me, json={
            "name": typed, "present": typed in ("eva", "Jan Smit")}))
        assert seen["absent"] == away, (typed, seen["absent"])
    drawn = await _ok(await http.post(f"/api/club/{club}/draw", headers=me))
    assert eva not in [p for t in drawn["draws"][0] for p in t]
    for nobody in ("Ev", "Evaa", "Jan"):
        r = await http.post(f"/api/club/{club}/presence", headers=me,
                            json={"name": nobody, "present": True})
        assert r.status_code == 400 and r.json()["key"] == "club_no_player", (nobody, r.text)


def test_an_evening_stored_before_names_were_kept_in_one_form_keeps_who_is_away() -> None:
    """An evening stored before names were kept in one form holds its players and its
    absent names as typed ("Éva" as E and an accent, "Jan  Smit"). Read anew the evening
    writes them in one form; the absent list, left as typed, matched nobody, and the
    players sent home were drawn again."""
    from jokeren.club.clubfile import to_json
    from jokeren.club.evening import draw_next, new_evening
    from jokeren.server.club_api import _load

    nfd, spaced = "E\u0301va", "Jan  Smit"
    stored = json.loads(to_json(new_evening([*PLAYERS[:8], "Ed", "Jan Smit"], seed=5)))
    stored["players"] = [*PLAYERS[:8], nfd, spaced]
    evening, absent = _load(json.dumps({"evening": stored, "absent": [nfd, spaced, "P01"]}))
    assert absent == ["\u00c9va", "Jan Smit", "P01"], absent
    away = [i for i, p in enumerate(evening.players) if p in absent]
    drawn = draw_next(evening, away).draws[-1]
    assert not {p for t in drawn for p in t} & set(away)
