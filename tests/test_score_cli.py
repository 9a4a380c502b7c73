"""``jokeren score``: the commands, their errors, and the exports (xlsx, csv, pdf)."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.support.messages import money

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["score", *args])
    return result.exit_code, result.stdout, result.stderr


def match(tmp_path: Path) -> Path:
    card = tmp_path / "m.json"
    assert run("new", str(card), "--players", "Ann,Bob,Cor,Dirk", "--money", "--lang", "en")[0] \
        == 0
    rounds = [["--out", "Ann", "--left", "Bob=Ks 7h * Ah", "--left", "Cor=35",
               "--left", "Dirk=2c 3c", "--buy", "Bob=2"],
              ["--out", "bob", "--left", "Ann=*", "--left", "Cor=0", "--left", "Dirk=10"],
              ["--stock-out", "--left", "Ann=15", "--left", "Bob=3h", "--left", "Cor=Jd",
               "--left", "Dirk=5"]]
    for r in rounds:
        code, _, err = run("round", str(card), *r)
        assert code == 0, err
    return card


def test_a_match_from_the_command_line(tmp_path: Path) -> None:
    card = match(tmp_path)
    code, out, _ = run("show", str(card), "--json")
    summary = json.loads(out)
    assert summary["totals"] == {"Ann": 35, "Bob": 55, "Cor": 45, "Dirk": 25}
    assert summary["pot"] == {"cents": 2 + 95 + 30 + 35, "won_by": None}
    code, out, _ = run("show", str(card), "--lang", "nl")
    assert code == 0 and "Volgende: ronde 4, een rij van vijf; Cor geeft, Dirk begint." in out


def test_bad_input_is_one_sentence_and_the_file_survives(tmp_path: Path) -> None:
    card = match(tmp_path)
    before = card.read_bytes()
    for args, words in [
        (["--out", "Zed", "--left", "Bob=1"], "no player 'Zed'"),
        (["--out", "Ann", "--left", "Bob=Zz", "--left", "Cor=1", "--left", "Dirk=1"],
         "'Zz' is not a card"),
        (["--out", "Ann", "--left", "Bob=1"], "give Cor's cards or points"),
        (["--out", "Ann", "--stock-out"], "give --out NAME"),
        (["--out", "Ann", "--left", "Bob"], "write NAME=VALUE"),
    ]:
        code, _, err = run("round", str(card), *args, "--lang", "en")
        assert code == 2 and words in err and "Traceback" not in err
        assert err.count("\n") == 1
        assert card.read_bytes() == before
    code, _, err = run("round", str(card), "--out", "Ann", "--left", "Bob=1", "--lang", "nl")
    assert code == 2 and "geef de kaarten of punten die Cor overhield" in err
    code, _, err = run("round", str(card), "--uit", "Ann", "--stok-op", "--lang", "nl")
    assert (code, err) == (2, "jokeren: geef --uit NAAM, of --stok-op als niemand uitging\n")
    code, _, err = run("new", str(card), "--players", "Ann,Bob")
    assert code == 2 and "exists already" in err and card.read_bytes() == before
    (tmp_path / "bad.json").write_text('{"format": "jokeren-score/1", "players": ["A"]}')
    code, _, err = run("show", str(tmp_path / "bad.json"))
    assert code == 2 and "at least 2 players" in err
    code, _, err = run("export", str(card), str(tmp_path / "m.doc"))
    assert code == 2 and ".xlsx, .csv or .pdf" in err
    assert run("undo", str(card))[0] == 0
    assert len(json.loads(card.read_text())["rounds"]) == 2


def test_the_xlsx_formulas_recomputed_by_libreoffice_equal_the_totals(tmp_path: Path) -> None:
    card = match(tmp_path)
    xlsx = tmp_path / "m.xlsx"
    assert run("export", str(card), str(xlsx))[0] == 0
    from openpyxl import load_workbook

    sheet = load_workbook(xlsx).active
    assert str(sheet["E5"].value).startswith("=SUM(E2:E4)")  # a formula, no stored value
    assert str(sheet["J2"].value).startswith("=(1*I2+1*SUMIF(")  # euros: /100
    out = tmp_path / "lo"
    subprocess.run([shutil.which("soffice") or "soffice", "--headless",
                    f"-env:UserInstallation=file://{tmp_path}/profile", "--convert-to",
                    "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", str(out),
                    str(xlsx)], check=True, capture_output=True, timeout=180)
    rows = list(csv.reader((out / "m.csv").read_text(encoding="utf-8").splitlines()))
    summary = json.loads(run("show", str(card), "--json")[1])
    total = rows[4]
    assert total[1] == "Total"
    assert [int(x) for x in total[4:8]] == list(summary["totals"].values())
    assert total[9] == money(summary["pot"]["cents"], "en")  # as the spreadsheet shows it
    assert [int(x) for x in rows[7][4:8]] == list(summary["totals"].values())  # running
    assert run("export", str(card), str(tmp_path / "m.csv"))[0] == 0
    ours = list(csv.reader((tmp_path / "m.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert rows[0] == ours[0]
    for r, o in zip(rows[1:8], ours[1:8], strict=True):  # ours: values, the pot in euros
        shows = r[:len(o)]
        if len(o) > 9 and o[9]:
            assert shows[9] == money(round(float(o[9]) * 100), "en")
            shows[9] = o[9]
        assert shows == o


def test_the_pdf_prints_the_suit_symbols(tmp_path: Path) -> None:
    card = match(tmp_path)
    pdf = tmp_path / "m.pdf"
    assert run("export", str(card), str(pdf))[0] == 0
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True,
                           check=True).stdout
    assert "DejaVuSans" in fonts and " yes " in fonts.split("DejaVuSans", 1)[1].split("\n")[0]
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "♠ ♥ ♦ ♣" in text and "K♠ 7♥ ★ A♥" in text
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", str(pdf),
                    str(tmp_path / "page")], check=True)
    page = Image.open(tmp_path / "page.png").convert("RGB")
    title = page.crop((0, 0, page.width // 2, page.height // 10))
    raw = title.tobytes()
    red = sum(1 for i in range(0, len(raw), 3)
              if raw[i] > 150 and raw[i + 1] < 80 and raw[i + 2] < 80)
    assert red > 20  # the ♥ and ♦ of the title, drawn in red


def test_a_played_match_becomes_a_score_card(tmp_path: Path) -> None:
    """A record played by the program (money, buying, a stock cap) gives a card whose totals,
    pot and winner are the engine's."""
    from jokeren.bots.random_player import RandomPlayer
    from jokeren.play.simulate import play_match
    from jokeren.rules.house import Rules

    rules = Rules.load({"preset": "amerikaans", "money": {"per_buy": 1, "per_point": 1},
                        "max_turns": 200, "max_reshuffles": 1})
    names = ["Ann", "Bob", "Cor", "Dirk"]
    game = play_match(rules, names, 3, [RandomPlayer(30 + i) for i in range(4)])
    record = tmp_path / "match.json"
    record.write_text(game.record.dumps(), encoding="utf-8")
    card = tmp_path / "card.json"
    code, _, err = run("from-record", str(record), str(card))
    assert code == 0, err
    summary = json.loads(run("show", str(card), "--json")[1])
    state = game.state
    assert list(summary["totals"].values()) == list(state.totals)
    assert summary["pot"]["cents"] == state.pot and summary["finished"]
    assert summary["winner"] == names[state.winner]  # type: ignore[index]
    code, _, err = run("from-record", str(record), str(card))
    assert code == 2 and "exists already" in err
    record.write_text('{"format": "jokeren-record/1"}', encoding="utf-8")
    code, _, err = run("from-record", str(record), str(tmp_path / "other.json"))
    assert code == 2 and str(record) in err and "Traceback" not in err


def test_the_font_is_found_without_debian_fonts(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """No font folder at all: matplotlib's own DejaVu Sans; JOKEREN_FONT wins over both."""
    from jokeren.score import pdf

    monkeypatch.setattr(pdf, "_DIRS", ())
    monkeypatch.delenv("JOKEREN_FONT", raising=False)
    assert pdf.find_font().name == "DejaVuSans.ttf"
    assert "matplotlib" in str(pdf.find_font())
    own = tmp_path / "Mine.ttf"
    own.write_bytes(pdf.find_font().read_bytes())
    monkeypatch.setenv("JOKEREN_FONT", str(own))
    assert pdf.find_font() == own
    with pytest.raises(FileNotFoundError, match="fonts-dejavu-core"):
        pdf.find_font("NoSuchFont.ttf")


def test_score_round_refuses_what_no_round_can_be(tmp_path: Path) -> None:
    """#41: an empty entry, a player twice, points no hand can hold, and points that are not
    a multiple of 5 in Amerikaans are refused, the card unchanged."""
    card = match(tmp_path)
    run("undo", str(card))
    before = card.read_bytes()
    others = ["--left", "Cor=10", "--left", "Dirk=10"]
    for args, words in [
        (["--left", "Bob=", *others], "write Bob's cards or points after the =, or - for none"),
        (["--left", "Bob=10", "--left", "bob=20", *others], "Bob is given twice"),
        (["--left", "Bob=37", *others], "Bob's 37 points cannot be: in American Jokeren every "
                                        "card counts a multiple of 5"),
        (["--left", "Bob=9995", *others], "Bob's 9995 points cannot be: 14 cards cost 220 at "
                                          "most"),
    ]:
        code, _, err = run("round", str(card), "--out", "Ann", *args, "--lang", "en")
        assert code == 2 and words in err and err.count("\n") == 1, err
        assert card.read_bytes() == before
    assert run("round", str(card), "--out", "Ann", "--left", "Bob=220", *others)[0] == 0


def lo_csv(xlsx: Path, tmp_path: Path) -> list[list[str]]:
    """The first sheet of ``xlsx`` as LibreOffice computes it (headless), as csv rows."""
    out = tmp_path / "lo"
    subprocess.run([shutil.which("soffice") or "soffice", "--headless",
                    f"-env:UserInstallation=file://{tmp_path}/profile", "--convert-to",
                    "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", str(out),
                    str(xlsx)], check=True, capture_output=True, timeout=180)
    return list(csv.reader((out / f"{xlsx.stem}.csv").read_text(encoding="utf-8")
                           .splitlines()))


def test_a_tie_an_empty_pot_and_the_eliminated_are_said_in_words(tmp_path: Path) -> None:
    """#41: a three-way tie is a tie (not 'Winner: Ann'), a pot nobody won says so (not
    'won by -'), and the xlsx rows for them are formulas LibreOffice recomputes alike."""
    card = tmp_path / "tie.json"
    assert run("new", str(card), "--players", "Ann,Bob,Cor", "--money", "--rounds", "3")[0] == 0
    for r in (["--out", "Ann", "--left", "Bob=10", "--left", "Cor=10"],
              ["--out", "Cor", "--left", "Ann=10", "--left", "Bob=0"],
              ["--stock-out", "--left", "Ann=5", "--left", "Bob=5", "--left", "Cor=5"]):
        assert run("round", str(card), *r)[0] == 0
    _, out, _ = run("show", str(card), "--lang", "en")
    assert "Match over. A tie: Ann, Bob and Cor (15 each)" in out and "Winner: Ann" not in out
    assert "Pot: €0.45; nobody takes it: nobody went out in the last round" in out
    assert "won by -" not in out
    _, out, _ = run("show", str(card), "--lang", "nl")
    assert "Gelijkspel: Ann, Bob en Cor (elk 15)" in out and "niemand krijgt hem" in out
    xlsx = tmp_path / "tie.xlsx"
    assert run("export", str(card), str(xlsx), "--lang", "en")[0] == 0
    rows = lo_csv(xlsx, tmp_path)
    assert rows[8][:5] == ["", "Winner", "", "", "tie"]
    assert rows[9][:5] == ["", "Pot", "", "", "€0.45"]
    assert rows[10][:5] == ["", "Pot goes to", "", "", "nobody"]
    from openpyxl import load_workbook

    sheet = load_workbook(xlsx).active
    assert str(sheet["E9"].value).startswith("=IF(COUNTIF(E5:G5")  # formulas, not text
    assert str(sheet["E11"].value).startswith('=IF(D4="stock ran out"')


def test_an_eliminated_player_is_shown_as_out(tmp_path: Path) -> None:
    card = tmp_path / "el.json"
    assert run("new", str(card), "--players", "Ann,Bob,Cor", "--rules", "jokeren-30",
               "--eliminate-at", "250")[0] == 0
    for r in (["--out", "Ann", "--left", "Bob=200", "--left", "Cor=10"],
              ["--out", "Ann", "--left", "Bob=50", "--left", "Cor=10"],
              ["--out", "Ann", "--left", "Cor=10"]):
        code, _, err = run("round", str(card), *r)
        assert code == 0, err
    _, out, _ = run("show", str(card), "--lang", "en")
    row3 = next(line for line in out.splitlines() if line.strip("│ ").startswith("3 "))
    assert "eliminated" in row3 and "(250)" not in row3
    assert run("export", str(card), str(tmp_path / "el.csv"))[0] == 0
    rows = list(csv.reader((tmp_path / "el.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert rows[3][5] == "eliminated" and rows[2][5] == "50"


def test_cards_left_in_dutch_letters_count_and_are_written_in_the_notation(
        tmp_path: Path) -> None:
    """Issue 40: "Bob=Hs 7h *" (heer schoppen) was refused; a Dutch family writes the cards
    left as it reads them: B V H, k r. The file keeps the notation (Ks), as it always did."""
    english, dutch = tmp_path / "en.json", tmp_path / "nl.json"
    for card, left in ((english, ["Bob=Ks 7h *", "Cor=Qd 10c Jc"]),
                       (dutch, ["Bob=Hs 7h *", "Cor=Vr 10k Bk"])):
        assert run("new", str(card), "--players", "Ann,Bob,Cor", "--lang", "nl")[0] == 0
        code, _, err = run("round", str(card), "--out", "Ann", "--left", left[0],
                           "--left", left[1], "--lang", "nl")
        assert code == 0, err
    assert json.loads(dutch.read_text(encoding="utf-8")) == \
        json.loads(english.read_text(encoding="utf-8"))
    assert '"Ks 7h *"' in dutch.read_text(encoding="utf-8")
    code, _, err = run("round", str(dutch), "--out", "Ann", "--left", "Bob=Hx",
                       "--left", "Cor=5", "--lang", "nl")
    assert code == 2 and "'Hx' is geen kaart (waarden A 2-10 B V H" in err


def test_a_terminal_that_is_not_utf8_gets_letters_and_a_saved_round_is_a_success(
        tmp_path: Path) -> None:
    """h1 A1: on a Latin-1 or cp1252 terminal `score round` saved the round, then died of a
    UnicodeEncodeError (exit 1), so a retry entered the round twice; `new` and `show` too."""
    card = tmp_path / "c.json"
    for charset in ("latin-1", "cp1252"):
        card.unlink(missing_ok=True)
        narrow = CliRunner(charset=charset)
        for args in (["new", str(card), "--players", "Ann,Bob"],
                     ["round", str(card), "--out", "Ann", "--left", "Bob=K♠ 7h"],
                     ["show", str(card), "--lang", "nl"], ["round", "--help"]):
            result = narrow.invoke(app, ["score", *args])
            assert result.exit_code == 0, (charset, args, result.output)
            assert "Traceback" not in result.output
        assert len(json.loads(card.read_text(encoding="utf-8"))["rounds"]) == 1
        out = narrow.invoke(app, ["score", "show", str(card), "--lang", "en"]).output
        assert "| Round |" in out and "+-------+" in out  # the table's boxes in ASCII


def test_a_card_reached_through_a_link_is_written_where_the_link_points(
        tmp_path: Path) -> None:
    """h1 A4: `score round link.json` replaced the link by a plain file and left the real
    card without the round; a club evening the same."""
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    assert run("new", str(real), "--players", "Ann,Bob")[0] == 0
    link.symlink_to(real.name)
    assert run("round", str(link), "--out", "Ann", "--left", "Bob=5")[0] == 0
    assert link.is_symlink() and link.resolve() == real
    assert len(json.loads(real.read_text(encoding="utf-8"))["rounds"]) == 1
    evening, club_link = tmp_path / "avond.json", tmp_path / "club.json"
    club_link.symlink_to(evening)
    code = runner.invoke(app, ["club", "new", str(club_link), "--players", "A,B,C,D,E,F",
                               "--seed", "1", "--force"]).exit_code
    assert code == 0 and club_link.is_symlink() and evening.is_file()


def test_who_went_out_listed_as_not_come_out_is_told_the_contradiction(
        tmp_path: Path) -> None:
    """``--out Ann --not-come-out Ann`` said "give Ann's cards or points left (--left
    Ann=...)": a value blamed as missing for a contradiction. Going out is coming out: the
    command line, in both languages, and a card file's round say so; the card unchanged."""
    card = tmp_path / "k.json"
    assert run("new", str(card), "--players", "Ann,Bob,Cor")[0] == 0
    before = card.read_bytes()
    for args, lang, words in [
        (["--out", "Ann", "--not-come-out", "Ann"], "en",
         "Ann went out and so had come out already: take Ann off those who had not come out "
         "(--not-come-out)"),
        (["--uit", "ann", "--niet-uitgekomen", "Bob", "--niet-uitgekomen", "an"], "nl",
         "Ann ging uit en was dus al uitgekomen: haal Ann weg bij wie nog niet uitgekomen was "
         "(--niet-uitgekomen)"),
    ]:
        code, _, err = run("round", str(card), *args, "--left", "Bob=5", "--left", "Cor=10",
                           "--lang", lang)
        assert (code, err) == (2, f"jokeren: {words}\n")
        assert card.read_bytes() == before
    obj = json.loads(before)
    obj["rounds"] = [{"out": "Ann", "left": {"Bob": 5, "Cor": 10}, "not_come_out": ["Ann"]}]
    (tmp_path / "f.json").write_text(json.dumps(obj), encoding="utf-8")
    code, _, err = run("show", str(tmp_path / "f.json"), "--lang", "nl")
    assert code == 2 and "ronde 1: Ann ging uit en was dus al uitgekomen" in err, err


def test_an_out_of_range_option_of_score_new_names_the_option(tmp_path: Path) -> None:
    """``--af-bij -5`` said 'eliminate_at is een heel getal ... of "null" (geen)': the rules
    file's key and its null, which the command line has not. No card is written."""
    card = tmp_path / "n.json"
    for args, lang, words in [
        (["--eliminate-at", "-5"], "en", "--eliminate-at is a whole number from 1 to 100000, "
                                         "not -5"),
        (["--af-bij", "0"], "nl", "--af-bij is een heel getal van 1 tot en met 100000, niet 0"),
        (["--rondes", "100001"], "nl", "--rondes is een heel getal van 1 tot en met 100000, "
                                       "niet 100001"),
    ]:
        code, _, err = run("new", str(card), "--players", "Ann,Bob", *args, "--lang", lang)
        assert (code, err) == (2, f"jokeren: {words}\n")
        assert not card.exists()


def test_the_dutch_sentences_name_the_dutch_options_and_af_is_eliminated(
        tmp_path: Path) -> None:
    """In Dutch, a missing hand said (--left Ann=...) and all at once (--out), where the
    other sentences say --uit and --stok-op; and an eliminated player's cell said "uit",
    the very word for going out, under the column "Uit" of who went out: now "af"."""
    card = tmp_path / "k.json"
    assert run("new", str(card), "--players", "Ann,Bob,Cor", "--eliminate-at", "100")[0] == 0
    code, _, err = run("round", str(card), "--uit", "Ann", "--over", "Bob=5", "--lang", "nl")
    assert (code, err) == (2, "jokeren: geef de kaarten of punten die Cor overhield "
                              "(--over Cor=...)\n")
    code, _, err = run("round", str(card), "--stok-op", "--in-een-keer", "--over", "Ann=5",
                       "--over", "Bob=5", "--over", "Cor=5", "--lang", "nl")
    assert (code, err) == (
        2, "jokeren: in één keer uitgaan kan alleen als iemand uitging: zeg wie (--uit)\n")
    for left in (["Bob=100", "Cor=10"], ["Cor=10"]):
        assert run("round", str(card), "--uit", "Ann",
                   *[x for v in left for x in ("--over", v)])[0] == 0
    _, out, _ = run("show", str(card), "--lang", "nl")
    row2 = next(line for line in out.splitlines() if line.strip("│ ").startswith("2 "))
    assert " af " in row2 and "uit" not in row2, row2
    assert run("export", str(card), str(tmp_path / "k.csv"), "--lang", "nl")[0] == 0
    rows = list(csv.reader((tmp_path / "k.csv").read_text(encoding="utf-8-sig").splitlines(),
                           delimiter=";"))
    assert rows[0][3] == "Uit" and rows[2][3:7] == ["Ann", "0", "af", "10"], rows


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_examples_of_cards_left_are_in_the_languages_letters_and_count(
        lang: str, tmp_path: Path) -> None:
    """The Dutch help and refusals showed "Ks 7h *", the English letters (K is not a Dutch
    card: the king is H, heer): each language's example, given as it is shown, counts."""
    import re

    from jokeren.words.catalogue import t

    examples = {re.search(r'"([^"]+)"', t(k, lang, name="Bob")).group(1)  # type: ignore[union-attr]
                for k in ("score_err_hand_value", "score_err_left_value")}
    examples.add(re.search(r"[\"']Bob=([^\"']+)[\"']", t("cli_help__left", lang)).group(1))  # type: ignore[union-attr]
    assert examples == {"Hs 7h *" if lang == "nl" else "Ks 7h *"}
    card = tmp_path / "k.json"
    assert run("new", str(card), "--players", "Ann,Bob", "--lang", lang)[0] == 0
    code, _, err = run("round", str(card), "--out", "Ann", "--left", f"Bob={examples.pop()}",
                       "--lang", lang)
    assert code == 0, err
    assert json.loads(card.read_text())["rounds"][0]["left"]["Bob"] == "Ks 7h *"


SEVEN = "Annemarie,Bernadette,Cornelis,Dirk-Jan,Evelien,Frederique,Geertruida"


def _seven(tmp_path: Path) -> Path:
    card = tmp_path / "zeven.json"
    assert run("new", str(card), "--players", SEVEN, "--money", "--lang", "en")[0] == 0
    left = [f"--left={name}={p}" for name, p in zip(SEVEN.split(",")[1:],
                                                    ("Ks 7h", 25, "-", 5, 10, 20), strict=True)]
    code, _, err = run("round", str(card), "--out", "Annemarie", *left, "--lang", "en")
    assert code == 0, err
    return card


@pytest.mark.parametrize("columns", [50, 70, 100])
def test_score_show_fits_the_terminal_and_cuts_no_word(tmp_path: Path, columns: int) -> None:
    """It was drawn 120 wide whatever the terminal (a phone's ssh, a split window): now as
    wide as the terminal, as club show, a table too wide in parts each with the round's
    number and the totals' name, the notes wrapped between words; nothing cut."""
    card = _seven(tmp_path)
    for lang, total, after in (("en", "Total", "Bernadette plays first."),
                               ("nl", "Totaal", "Bernadette begint.")):
        result = runner.invoke(app, ["score", "show", str(card), "--lang", lang],
                               env={"COLUMNS": str(columns)})
        out = result.stdout
        assert result.exit_code == 0 and "…" not in out, out
        assert max(len(line) for line in out.splitlines()) <= columns, out
        cells = [c.strip() for line in out.splitlines() for c in re.split("[│┃]", line)]
        assert all(name in cells for name in SEVEN.split(",")), out
        parts = out.count("┏")
        assert (parts > 1) == (columns < 100), out
        assert cells.count(total) == parts, out  # each part names the totals' row
        assert " ".join(out.split()).endswith(after), out


def test_score_show_piped_is_whole_without_a_terminal(tmp_path: Path) -> None:
    """Without a terminal (a pipe, cron, a file) and without COLUMNS: 80 columns, the
    table in parts, never a name or a number cut."""
    import os
    import sys

    card = _seven(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    done = subprocess.run([sys.executable, "-m", "jokeren", "score", "show", str(card),
                           "--lang", "nl"], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=60)
    out = done.stdout
    assert done.returncode == 0 and "…" not in out, done.stderr
    assert max(len(line) for line in out.splitlines()) <= 80, out
    cells = [c.strip() for line in out.splitlines() for c in re.split("[│┃]", line)]
    assert all(name in cells for name in SEVEN.split(",")), out
    assert "15 (15)" in out and "20 (20)" in out and "€ 0,75" in out, out


@pytest.mark.parametrize("columns", ["0", "5", "30"])
def test_a_width_no_terminal_has_or_a_long_name_neither_fails_nor_cuts(
        tmp_path: Path, columns: str) -> None:
    """COLUMNS=0 made score round fail with a traceback ('invalid width 0') before the
    round was saved; a name wider than a narrow terminal's part of the table was cut
    ("…Johan…"). Now 80 columns for a width no terminal has, and a table wider than the
    terminal rather than a name cut."""
    card = tmp_path / "k.json"
    long = "Anne-Marie-Wilhelmina-Johanna"
    assert run("new", str(card), "--players", f"{long},Bob,Cor", "--lang", "en")[0] == 0
    result = runner.invoke(app, ["score", "round", str(card), "--out", "Bob",
                                 f"--left={long}=5", "--left=Cor=10", "--lang", "en"],
                           env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    assert len(json.loads(card.read_text())["rounds"]) == 1  # the round is kept
    shown_ = runner.invoke(app, ["score", "show", str(card), "--lang", "en"],
                           env={"COLUMNS": columns})
    assert shown_.exit_code == 0 and "…" not in shown_.stdout, shown_.stdout
    assert long in shown_.stdout and "Round" in shown_.stdout
