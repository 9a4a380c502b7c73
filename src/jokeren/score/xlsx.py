"""Grids as an Excel workbook (openpyxl): one sheet per grid, totals kept as formulas."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.worksheet import Worksheet

from ..support.files import write_atomic
from ..support.shown import shown
from .grids import Grid, col

SHEET_MOST = 31  # characters in a sheet's name: Excel's limit (it refuses a longer one)
_PART = " · "  # between the parts of a title: what the sheet is, its rules, an evening's date
# characters Excel refuses in a sheet's name, and what stands for each
_BAD = {"[": "(", "]": ")", ":": "-", "/": "-", "\\": "-", "?": "", "*": ""}


def _clean(title: str) -> str:
    """``title`` as a sheet may be named: the characters Excel refuses replaced or left
    out, white space made single spaces, no apostrophe at either end (Excel refuses one)."""
    text = "".join(_BAD.get(ch, ch) for ch in shown(title))
    return " ".join(text.split()).strip("'").strip()


def _words(text: str, most: int) -> str:
    """``text`` if it fits in ``most`` characters, else its first words that do, never a
    word cut (a sheet named "Scorekaart · Jokeren met 7 kaar" said neither); only a first
    word longer than ``most`` itself is cut."""
    if len(text) <= most:
        return text
    head = text[:most + 1].rsplit(" ", 1)[0].rstrip(" ·-,;")
    if head.count("(") > head.count(")"):  # no bracket left open: "Waar zit ik (tafel per"
        head = head[:head.rindex("(")].rstrip(" ·-,;")
    return head if head and len(head) <= most else text[:most].strip(" '")


def sheet_name(title: str, shared: Sequence[str] = ()) -> str:
    """A sheet's name (its tab) made of ``title``, whole when it fits in Excel's 31
    characters. Else a title's parts (``A · B · C``) that every sheet of the book shares
    (``shared``: an evening's title and date above each of its seating lists) are left
    out, and then the leading parts that fit are kept, which say what the sheet is ("Score
    card", "Round 2 · seating"): the whole title stays on the printed page. Only a part
    longer than the limit on its own is shortened, at a word."""
    text = _clean(title)
    if len(text) <= SHEET_MOST:
        return text or "Sheet"
    parts = [p for p in text.split(_PART) if p] or [text]
    own = [p for p in parts if p not in shared] or parts
    kept = [own[0]]
    for part in own[1:]:
        if len(_PART.join([*kept, part])) > SHEET_MOST:
            break
        kept.append(part)
    return _words(_PART.join(kept), SHEET_MOST) or "Sheet"


def _shared(names: Sequence[str]) -> list[str]:
    """The title parts every one of several sheets has (none for a single sheet)."""
    if len(names) < 2:
        return []
    split = [set(_clean(n).split(_PART)) for n in names]
    return sorted(set.intersection(*split) - {""})


def _unique(name: str, taken: set[str]) -> str:
    """``name``, or with a number after it when another sheet of the book has it (Excel
    compares them without case); shortened at a word to leave room for the number."""
    base, k = name, 2
    while name.lower() in taken or name.lower() == "history":  # Excel keeps History
        tail = f" {k}"
        name, k = _words(base, SHEET_MOST - len(tail)) + tail, k + 1
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
    shared = _shared([grid.sheet or grid.title for grid in grids])
    if grids:  # the file's own title (a spreadsheet shows it in the file's properties)
        book.properties.title = shown(grids[0].title)
    for grid in grids:
        sheet = book.create_sheet(_unique(sheet_name(grid.sheet or grid.title, shared),
                                          taken))
        sheet.oddHeader.center.text = shown(grid.title)  # on the printed page
        for j, name in enumerate(grid.header, 1):
            head = _text(sheet, 1, j, name)
            head.font = bold
            if _numbers(grid, j - 1):  # over its numbers, which a spreadsheet puts right
                head.alignment = Alignment(horizontal="right")
        for i, row in enumerate(grid.rows, 2):
            for j, c in enumerate(row, 1):
                cell = (sheet.cell(row=i, column=j, value=f"={c.formula}") if c.formula
                        else _text(sheet, i, j, c.value))
                if c.bold:
                    cell.font = bold
                if c.money:  # euros, in the reader's own way of writing them
                    cell.number_format = money_format(grid.lang)
        below = len(grid.rows) + 3
        wide = len(grid.header)
        chars = sum(6 * w for w in grid.widths) if grid.widths else 10.0 * wide
        for k, note in enumerate(grid.notes):
            # across the table's columns, wrapped: a long note (the rules in words under a
            # competition form) ran off the printed page in one cell
            cell = _text(sheet, below + k, 1, note)
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            if wide > 1:
                sheet.merge_cells(start_row=below + k, start_column=1, end_row=below + k,
                                  end_column=wide)
            lines = -(-len(shown(note)) * 11 // max(1, int(chars * 10)))
            if lines > 1:
                sheet.row_dimensions[below + k].height = 15 * lines
        for j, width in enumerate(grid.widths):
            sheet.column_dimensions[col(j)].width = 6 * width
        sheet.freeze_panes = "A2"
        # printed one page wide (the standings' later columns and notes went to a second
        # page, cut off), across the page when the table is wide
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
        sheet.page_setup.paperSize = sheet.PAPERSIZE_A4  # (LibreOffice took Letter)
        if chars > 90:
            sheet.page_setup.orientation = "landscape"
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def money_format(lang: str) -> str:
    """Euros as a number format: the sign as the language writes it (nl ``€ 5,61``, en
    ``€5.61``), the separators the reader's spreadsheet's own."""
    from ..support.messages import money

    sign = money(0, lang).split("0")[0]
    return f'"{sign}"#,##0.00'


def _numbers(grid: Grid, column: int) -> bool:
    """Whether a column's cells below the header are numbers (or formulas of them)."""
    cells = [row[column] for row in grid.rows if column < len(row)]
    return any(c.value is not None or c.formula for c in cells) and all(
        c.formula or c.value is None or isinstance(c.value, int | float) for c in cells)


def write_xlsx(path: str | Path, grids: Sequence[Grid]) -> None:
    write_atomic(path, xlsx_bytes(grids))


__all__ = ["SHEET_MOST", "sheet_name", "write_xlsx", "xlsx_bytes"]
