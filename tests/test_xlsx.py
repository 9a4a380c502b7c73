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
