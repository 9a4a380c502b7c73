"""The csv exports as the spreadsheet of each language opens them (docs/score.md, "Exports"):
Dutch with ``;`` and decimal commas (Dutch Excel's list separator and decimal sign), English
with ``,`` and ``.``, both UTF-8 after a byte-order mark; and names with ``=`` on the
command line."""

from __future__ import annotations

import codecs
import csv
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.score.grids import Cell, Grid, csv_bytes, to_csv

runner = CliRunner()
BOM = codecs.BOM_UTF8
# A name holding each language's separator, the other's, and a quote.
NAMES = ["Éva", "Jan, Piet", "Bob; de Bouwer", 'Cor "Cee"']
# A club evening of 6 (two tables of 3): at table 1, seat 1 keeps 35 in 4 games, 8.75 a game.
CLUB = ["Ann", "Bob", "Cor", "Dirk", "Eva", "Finn"]
GAMES = [[0, 5, 5], [5, 0, 5], [10, 5, 0], [20, 0, 5]]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def rows_of(data: bytes, lang: str) -> list[list[str]]:
    assert data.startswith(BOM), data[:10]
    text = data.decode("utf-8-sig")
    return list(csv.reader(text.splitlines(), delimiter=";" if lang == "nl" else ","))


def awkward_card(tmp_path: Path) -> Path:
    """A card with money whose players' names hold ``,``, ``;`` and ``"``, two rounds in."""
    card = tmp_path / "card.json"
    card.write_text(json.dumps({"format": "jokeren-score/1",
                                "rules": {"preset": "amerikaans",
                                          "money": {"per_buy": 1, "per_point": 1}},
                                "players": NAMES, "rounds": []}), encoding="utf-8")
    for r in (["--out", "Éva", "--left", "Jan, Piet=Ks 7h *", "--left", "Bob; de Bouwer=35",
               "--left", 'Cor "Cee"=2c 3c', "--buy", "Jan, Piet=2"],
              ["--out", "Bob; de Bouwer", "--left", "Éva=*", "--left", "Jan, Piet=0",
               "--left", 'Cor "Cee"=10']):
        code, _, err = run("score", "round", str(card), *r, "--lang", "en")
        assert code == 0, err
    return card


def test_a_grid_is_written_in_each_languages_way() -> None:
    grid = Grid("t", ["Naam", "Per partij", "Pot", "Punten"])
    grid.add("Ann", 8.75, Cell(1.14, money=True), 1250)
    grid.add("Bob; de Bouwer", None, Cell(0.3, money=True), 0)
    other = Grid("u", ["x"])
    other.add(2.5)
    assert to_csv([grid, other], "nl") == (
        'Naam;Per partij;Pot;Punten\nAnn;8,75;1,14;1250\n"Bob; de Bouwer";;0,3;0\n'
        "\nx\n2,5\n")
    assert to_csv([grid, other], "en") == (
        "Naam,Per partij,Pot,Punten\nAnn,8.75,1.14,1250\nBob; de Bouwer,,0.3,0\n"
        "\nx\n2.5\n")
    for lang in ("nl", "en"):
        assert csv_bytes([grid], lang) == BOM + to_csv([grid], lang).encode("utf-8")


def test_a_name_a_spreadsheet_would_run_as_a_formula_stays_text() -> None:
    """A player joining a room by its invite names herself; the host opens the sheet."""
    grid = Grid("t", ["Ronde", "=HYPERLINK(\"x\")", "-Bob"])
    grid.add(1, "@SUM(A1)", -5)
    assert to_csv([grid], "nl") == (
        "Ronde;\"'=HYPERLINK(\"\"x\"\")\";'-Bob\n1;'@SUM(A1);-5\n")
    assert to_csv([grid], "en").startswith("Ronde,\"'=HYPERLINK(\"\"x\"\")\",'-Bob\n")


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_score_card_csv_has_the_languages_separator_decimals_and_a_bom(
        lang: str, tmp_path: Path) -> None:
    card = awkward_card(tmp_path)
    out = tmp_path / "kaart.csv"
    assert run("score", "export", str(card), str(out), "--lang", lang)[0] == 0
    data = out.read_bytes()
    rows = rows_of(data, lang)
    assert rows[0][4:8] == NAMES  # each name in one field, quoted where it must be
    head = data.decode("utf-8-sig").splitlines()[0]
    if lang == "nl":
        assert head.startswith("Ronde;Eis;Gever;Uit;Éva;Jan, Piet;")
        assert '"Bob; de Bouwer";"Cor ""Cee""";' in head
        assert rows[1][9] == "0,82" and rows[3][9] == "1,12"  # the pot, a decimal comma
    else:
        assert head.startswith('Round,Requirement,Dealer,Out,Éva,"Jan, Piet",')
        assert 'Bob; de Bouwer,"Cor ""Cee""",' in head
        assert rows[1][9] == "0.82" and rows[3][9] == "1.12"
    # Jan, Piet: K 10 + 7 5 + joker 20 (Amerikaans); the integers plain
    assert rows[1][4:8] == ["0", "35", "35", "10"] and rows[1][8] == "2"
    assert rows[2][3] == "Bob; de Bouwer" and rows[3][4:8] == ["20", "35", "35", "20"]


def test_the_club_standings_csv_writes_points_per_game_with_a_decimal_comma(
        tmp_path: Path) -> None:
    f = tmp_path / "avond.json"
    assert run("club", "new", str(f), "--players", ",".join(CLUB), "--rounds", "1",
               "--seed", "1", "--lang", "nl")[0] == 0
    games = [" ".join(str(p) for p in g) for g in GAMES]
    for table in ("1", "2"):  # a round counts once all its forms are in
        code, _, err = run("club", "enter", str(f), "--round", "1", "--table", table,
                           *[w for g in games for w in ("--game", g)], "--lang", "nl")
        assert code == 0, err
    first = json.loads(f.read_text())["draw"][0][0][0]  # seat 1 of table 1
    for lang, per_game in (("nl", "8,75"), ("en", "8.75")):
        out = tmp_path / f"stand-{lang}.csv"
        code, _, err = run("club", "standings", str(f), str(out), "--lang", lang)
        assert code == 0, err
        rows = rows_of(out.read_bytes(), lang)
        at = rows[0].index("Per partij" if lang == "nl" else "Per game")
        assert next(r for r in rows if r[1:2] == [first])[at] == per_game, rows


@pytest.mark.anyio
async def test_the_servers_csv_downloads_follow_the_language(http: httpx.AsyncClient) -> None:
    async def ok(response: httpx.Response, status: int = 200) -> dict[str, Any]:
        assert response.status_code == status, response.text
        data: dict[str, Any] = response.json()
        return data

    card = (await ok(await http.post("/api/score/new", json={
        "players": NAMES, "money": True})))["card"]
    card = (await ok(await http.post("/api/score/round", json={"card": card, "entry": {
        "out": "Éva", "left": {"Jan, Piet": "Ks 7h *", "Bob; de Bouwer": 35,
                               'Cor "Cee"': "2c 3c"}}})))["card"]
    for lang, pot in (("nl", "0,80"), ("en", "0.80")):
        r = await http.post(f"/api/score/export/csv?lang={lang}", json={"card": card})
        assert r.headers["content-type"] == "text/csv; charset=utf-8"
        rows = rows_of(r.content, lang)
        assert rows[0][4:8] == NAMES and rows[1][9].ljust(4, "0") == pot, rows
    made = await ok(await http.post("/api/club", json={"players": CLUB, "rounds": 1}), 201)
    club, me = made["id"], {"Authorization": f"Bearer {made['secretary_token']}"}
    drawn = await ok(await http.post(f"/api/club/{club}/draw", headers=me))
    seats = drawn["draws"][0][0]
    for table in (1, 2):  # a round counts once all its forms are in
        await ok(await http.post(f"/api/club/{club}/forms", headers=me, json={
            "round": 1, "table": table, "games": GAMES,
            "totals": [sum(c) for c in zip(*GAMES, strict=True)]}))
    for lang, per_game in (("nl", "8,75"), ("en", "8.75")):
        r = await http.get(f"/api/club/{club}/standings.csv", params={"lang": lang})
        assert r.headers["content-type"] == "text/csv; charset=utf-8"
        rows = rows_of(r.content, lang)
        assert next(row for row in rows if row[1:2] == [seats[0]])[-1] == per_game, rows


def test_libreoffice_reads_each_languages_csv_into_its_columns_and_numbers(
        tmp_path: Path) -> None:
    """As a spreadsheet opens the file: LibreOffice's csv import with the language's
    separator, '"' around text, UTF-8 (76) and the language's locale (1043 Dutch, 1033
    English US: it reads "0,82" as a number only in a locale whose decimal sign is ',')."""
    from openpyxl import load_workbook

    card = awkward_card(tmp_path)
    for lang, infilter in (("nl", "CSV:59,34,76,1,,1043"), ("en", "CSV:44,34,76,1,,1033")):
        mine = tmp_path / f"kaart-{lang}.csv"
        assert run("score", "export", str(card), str(mine), "--lang", lang)[0] == 0
        out = tmp_path / f"lo-{lang}"
        subprocess.run([shutil.which("soffice") or "soffice", "--headless",
                        f"-env:UserInstallation=file://{tmp_path}/profile", "--convert-to",
                        "xlsx", f"--infilter={infilter}", "--outdir", str(out), str(mine)],
                       check=True, capture_output=True, timeout=180)
        sheet = load_workbook(out / f"kaart-{lang}.xlsx").active
        assert sheet is not None
        rows = [list(r) for r in sheet.iter_rows(values_only=True)]
        assert rows[0][0] == ("Ronde" if lang == "nl" else "Round")  # the mark read as one
        assert rows[0][4:10] == [*NAMES, "Gekocht" if lang == "nl" else "Buys", "Pot"]
        assert rows[1][4:10] == [0, 35, 35, 10, 2, 0.82]  # numbers, the pot a fraction
        assert rows[2][3] == "Bob; de Bouwer" and rows[2][9] == pytest.approx(0.3)
        assert rows[3][4:10] == [20, 35, 35, 20, 2, 1.12]


def test_a_name_with_an_equals_sign_is_given_cards_left_by_its_full_name(
        tmp_path: Path) -> None:
    """``--left A=B=Hs 7h *`` is split on its last '=': a value has none, a name may. It
    was split on the first, so "A=B" could only be named by a beginning, and beside a
    player "A" not at all."""
    card = tmp_path / "k.json"
    assert run("score", "new", str(card), "--players", "A,A=B,Cor", "--money")[0] == 0
    code, _, err = run("score", "round", str(card), "--uit", "Cor", "--over", "A=B=Hs 7h *",
                       "--over", "A=5", "--koop", "A=B=2", "--lang", "nl")
    assert code == 0, err
    summary = json.loads(run("score", "show", str(card), "--json")[1])
    assert summary["totals"] == {"A": 5, "A=B": 35, "Cor": 0}
    assert json.loads(card.read_text())["rounds"][0]["buys"] == {"A=B": 2}


def test_an_unranked_place_stays_a_dash() -> None:
    """Review of e818f55: the '-' of an unranked player became "'-", which a spreadsheet
    shows with its apostrophe; a lone '-' is no formula."""
    grid = Grid("t", ["Plaats", "Speler"])
    grid.add("-", "Ann")
    assert to_csv([grid], "nl") == "Plaats;Speler\n-;Ann\n"
