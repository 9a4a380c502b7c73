"""Grids as an Excel workbook (openpyxl): one sheet per grid, totals kept as formulas."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from ..support.files import write_atomic
from ..support.shown import shown
from .grids import Grid, col

_BAD = '[]:*?/\\'


def _sheet_name(title: str, taken: set[str]) -> str:
    base = "".join("-" if ch in _BAD else ch for ch in shown(title))[:31].strip() or "Sheet"
    name, k = base, 2
    while name.lower() in taken:
        name, k = f"{base[:28]} {k}", k + 1
    taken.add(name.lower())
    return name


def _text(sheet: Worksheet, row: int, column: int, value: object) -> Cell:
    """A cell holding ``value`` as it is: a name or title is text even when it starts with
    '=' (openpyxl would take it for a formula), and a control character a name brought in
    (which openpyxl refuses, failing the whole workbook) is written as its escape."""
    if not isinstance(value, str):
        return sheet.cell(row=row, column=column, value=value)
    cell = sheet.cell(row=row, column=column, value=shown(value))
    cell.data_type = "s"
    return cell


def xlsx_bytes(grids: Sequence[Grid]) -> bytes:
    book = Workbook()
    book.remove(book.active)
    taken: set[str] = set()
    bold = Font(bold=True)
    for grid in grids:
        sheet = book.create_sheet(_sheet_name(grid.sheet or grid.title, taken))
        sheet.oddHeader.center.text = shown(grid.title)  # on the printed page
        for j, name in enumerate(grid.header, 1):
            _text(sheet, 1, j, name).font = bold
        for i, row in enumerate(grid.rows, 2):
            for j, c in enumerate(row, 1):
                cell = (sheet.cell(row=i, column=j, value=f"={c.formula}") if c.formula
                        else _text(sheet, i, j, c.value))
                if c.bold:
                    cell.font = bold
        below = len(grid.rows) + 3
        for k, note in enumerate(grid.notes):
            _text(sheet, below + k, 1, note)
        for j, width in enumerate(grid.widths):
            sheet.column_dimensions[col(j)].width = 6 * width
        sheet.freeze_panes = "A2"
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def write_xlsx(path: str | Path, grids: Sequence[Grid]) -> None:
    write_atomic(path, xlsx_bytes(grids))


__all__ = ["write_xlsx", "xlsx_bytes"]
