"""The workbook writer (score/xlsx.py) with text people typed: names and titles are written
as text whatever they hold."""

from __future__ import annotations

import io

from openpyxl import load_workbook

from jokeren.score.grids import Cell, Grid, total_cell
from jokeren.score.xlsx import xlsx_bytes


def test_names_are_text_even_with_an_equals_sign_or_a_control_character() -> None:
    """A name with a control character failed the whole workbook (openpyxl refuses it: the
    server answered 500 to a score card's or a club evening's xlsx); a name starting with
    '=' became a formula."""
    grid = Grid("Kaart \x07", ["Round", "=1+1", "a\x00b"], notes=["=HYPERLINK(\"x\")"])
    grid.add(1, Cell(5), Cell("=2+2"))
    grid.add("Total", total_cell(1, 2, 2, 5), Cell(0, "SUM(C2:C2)"))
    sheet = load_workbook(io.BytesIO(xlsx_bytes([grid]))).active
    assert sheet is not None
    assert sheet["B1"].value == "=1+1" and sheet["B1"].data_type == "s"
    assert sheet["C1"].value == "a\\u0000b"
    assert sheet["C2"].value == "=2+2" and sheet["C2"].data_type == "s"
    assert sheet["A5"].value == '=HYPERLINK("x")' and sheet["A5"].data_type == "s"
    assert sheet["B3"].value == "=SUM(B2:B2)" and sheet["B3"].data_type == "f"
    assert sheet["C3"].value == "=SUM(C2:C2)"
    assert sheet["B2"].value == 5


def test_a_form_prints_with_its_headers_over_their_numbers_and_its_notes_wrapped() -> None:
    """A competition form as xlsx, printed by LibreOffice: each player's name stood at the
    left of its column and the points at the right, under the next name ('0' under 'Ans',
    Els's points); the rules in words under the form ran off the page in one cell."""
    from jokeren.club.clubgrids import form_grid
    from jokeren.club.evening import Form, draw_next, enter_form, new_evening

    ev = draw_next(new_evening(["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda"],
                               rounds=1, seed=1))
    size = len(ev.draws[0][0])
    games = tuple(tuple(0 if s == g % size else 5 + s for s in range(size)) for g in range(4))
    ev = enter_form(ev, 1, 1, Form(games))
    grid = form_grid(ev, 1, 1, "nl")
    from jokeren.club.clubgrids import seating_grids

    # each grid knows its language: the pdf and the terminal write its numbers in it
    assert {g.lang for g in [grid, *seating_grids(ev, "nl")]} == {"nl"}
    sheet = load_workbook(io.BytesIO(xlsx_bytes([grid]))).active
    assert sheet is not None
    names = [sheet.cell(1, 3 + s) for s in range(size)]
    assert [c.value for c in names] == [ev.players[p] for p in ev.draws[0][0]]
    assert all(c.alignment.horizontal == "right" for c in names)
    assert sheet["B1"].alignment.horizontal != "right"  # the dealers' names: text
    rules = next(row for row in range(1, sheet.max_row + 1)
                 if str(sheet.cell(row, 1).value or "").startswith("Regels: "))
    assert sheet.cell(rules, 1).alignment.wrap_text
    assert f"A{rules}:{chr(64 + len(grid.header))}{rules}" in {
        str(r) for r in sheet.merged_cells.ranges}
    assert (sheet.row_dimensions[rules].height or 0) >= 45  # room for its lines


def test_a_sheet_prints_one_page_wide_on_a4() -> None:
    """The club standings as xlsx printed by LibreOffice: 79 Letter pages for an evening of
    4 rounds, the standings' later columns and notes each on pages of their own. Now every
    sheet is one page wide on A4, across the page when the table is wide."""
    from jokeren.club.clubgrids import standings_book
    from jokeren.club.evening import Form, draw_next, enter_form, new_evening

    ev = draw_next(new_evening(["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda"],
                               rounds=1, seed=1))
    for k, seats in enumerate(ev.draws[0], 1):
        games = tuple(tuple(0 if s == g % len(seats) else 5 + s for s in range(len(seats)))
                      for g in range(4))
        ev = enter_form(ev, 1, k, Form(games))
    book = load_workbook(io.BytesIO(xlsx_bytes(standings_book(ev, "nl"))))
    for sheet in book.worksheets:
        assert sheet.sheet_properties.pageSetUpPr is not None
        assert sheet.sheet_properties.pageSetUpPr.fitToPage
        assert (sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight) == (1, 0)
        assert int(sheet.page_setup.paperSize or 0) == int(sheet.PAPERSIZE_A4) == 9
    standings, form = book.worksheets[0], book.worksheets[1]
    assert standings.page_setup.orientation == "landscape"
    assert form.page_setup.orientation != "landscape"


def test_a_score_cards_cards_left_are_in_the_readers_letters() -> None:
    """The cards left under a score card (xlsx, pdf) were in the notation's letters in Dutch
    too ('Bob: K♠ 7♥ ★ A♥'); a Dutch reader's king is H (the glossary: B, V, H, A)."""
    from jokeren.score.grids import score_grid
    from jokeren.score.scorefile import from_obj

    card = from_obj({"format": "jokeren-score/1", "rules": "amerikaans",
                     "players": ["Ann", "Bob", "Cor"],
                     "rounds": [{"out": "Ann", "left": {"Bob": "Ks Qh Jd Ac", "Cor": 35}}]})
    nl = [n for n in score_grid(card, "nl").notes if n.startswith("Ronde 1")]
    assert nl and "Bob: H♠ V♥ B♦ A♣" in nl[0], nl
    en = [n for n in score_grid(card, "en").notes if n.startswith("Round 1")]
    assert en and "Bob: K♠ Q♥ J♦ A♣" in en[0], en
