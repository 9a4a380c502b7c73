"""Tables to print or to open in a spreadsheet, before they become csv, xlsx or pdf.

A ``Grid`` is one sheet: a header in row 1, rows below it, notes under the table. A cell may
carry a spreadsheet formula (A1 references within its own sheet) beside the value the
program computed: the xlsx gets the formula, so the sheet works on as the Excel card
players know (000); csv and pdf get the value.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules.requirements import Requirement
from ..words.catalogue import t
from ..words.rules import preset_name
from .outcome import outcome_lines, tied_winners
from .scorecard import ScoreCard, tally

if TYPE_CHECKING:
    from rich.table import Table

Value = int | float | str | None


@dataclass(frozen=True)
class Cell:
    value: Value
    formula: str | None = None  # without the leading "="
    bold: bool = False
    money: bool = False  # the value is euros: written as money (nl € 5,61, en €5.61)


@dataclass
class Grid:
    title: str
    header: list[str]
    rows: list[list[Cell]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)  # relative column widths (pdf, xlsx)
    row_mm: float | None = None  # pdf: body rows this tall (room to write by hand)
    sheet: str | None = None  # xlsx: the sheet's name (31 characters at most), else the title
    lang: str = "en"  # how the text and the pdf write a fraction (nl 8,75; en 8.75)
    keep: int = 1  # text: the columns that name a row, in each part of a table too wide
    right: tuple[int, ...] = ()  # text: the columns set to the right (numbers)

    def add(self, *values: Value | Cell, bold: bool = False) -> int:
        """Append a row; its spreadsheet row number (the header is row 1)."""
        self.rows.append([v if isinstance(v, Cell) else Cell(v, bold=bold) for v in values])
        return len(self.rows) + 1


def hundredths(x: float) -> float:
    """``x`` to two decimals, a half up, as a spreadsheet's ROUND(x, 2) does (Python's
    round() takes a half to the even side: 530/16 = 33.125 became 33.12 where the xlsx
    standings, recomputed, say 33.13)."""
    from decimal import ROUND_HALF_UP, Decimal

    return float(Decimal(repr(x)).quantize(Decimal("0.01"), ROUND_HALF_UP))


def shown(value: Value, lang: str = "en", money: bool = False) -> str:
    """A cell's value as the text and the pdf print it: an amount as money (``money``), a
    fraction with two decimals in the language's way (nl 8,75; en 8.75), anything else as
    it is."""
    if value is None:
        return ""
    if money and isinstance(value, int | float):
        from ..support.messages import money as euros

        return euros(round(value * 100), lang)
    if isinstance(value, float):
        from ..support.messages import decimals

        return decimals(value, lang)
    return str(value)


def col(index: int) -> str:
    """Spreadsheet column letters of a 0-based column: 0 -> A, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def total_cell(column: int, first: int, last: int, value: float, bold: bool = True,
               money: bool = False) -> Cell:
    """``=SUM(...)`` of a column's rows first..last, with the program's own total."""
    ref = col(column)
    formula = f"SUM({ref}{first}:{ref}{last})" if last >= first else "0"
    return Cell(value, formula, bold, money)


_FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet takes for a formula's start


def to_csv(grids: Sequence[Grid], lang: str) -> str:
    """The grids one below the other, separated by an empty line; values, not formulas.

    As the spreadsheet of the language's readers opens it by a double click: Dutch (``nl``)
    with ``;`` between the fields and a decimal comma (8,75; the pot 1,14), as Excel's list
    separator is ``;`` where the decimal sign is ``,`` (with ``,`` it put every row in one
    column); English with ``,`` and ``.``. Integers are plain, a field holding the
    separator, a quote or a line break is quoted; text that a spreadsheet would run as a
    formula (a player named ``=1+1``) gets a leading ``'``. The byte-order mark is
    ``csv_bytes``'s."""
    dutch = lang == "nl"
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if dutch else ",", lineterminator="\n")

    def field(value: Value) -> Value:
        if isinstance(value, float) and dutch:
            return repr(value).replace(".", ",")
        if isinstance(value, str) and len(value) > 1 and value[:1] in _FORMULA:
            return "'" + value  # a name such as =HYPERLINK(...) stays text in Excel
        return "" if value is None else value

    for i, grid in enumerate(grids):
        if i:
            writer.writerow([])
        writer.writerow([field(name) for name in grid.header])
        for row in grid.rows:
            writer.writerow([field(c.value) for c in row])
    return out.getvalue()


def csv_bytes(grids: Sequence[Grid], lang: str) -> bytes:
    """``to_csv`` as the file holds it: UTF-8 after a byte-order mark, without which Excel
    reads the file in the system's code page (K♠ and Éva as mojibake); LibreOffice and
    Python's "utf-8-sig" take the mark for what it is."""
    return to_csv(grids, lang).encode("utf-8-sig")


MIN_WIDTH = 20  # text: the narrowest terminal drawn as it is


def to_text(grid: Grid, width: int | None = None) -> str:
    """A grid as a terminal table (values), its notes below, as wide as the terminal:
    ``width``, else what rich's Console finds (``COLUMNS``, else the terminal's size, else
    80). A word is never cut (a club's standings, 7 rounds, were drawn 120 wide with
    "Strafp…" and "Gewonn…"): a header or cell wraps between its words; a table wider than
    its longest words allow is drawn with less room around the cells, else in parts one
    below the other, each with the grid's first ``keep`` columns (place and player). The
    notes wrap between words too."""
    import textwrap
    from io import StringIO

    from rich.cells import cell_len
    from rich.console import Console

    out = StringIO()
    console = Console(file=out, width=width, color_system=None, legacy_windows=False)
    # a width no terminal has (COLUMNS=0, a window of a few cells): 80, as without one
    room = console.width if console.width >= MIN_WIDTH else 80
    n = len(grid.header)
    texts = [[shown(c.value, grid.lang, c.money) for c in row] + [""] * (n - len(row))
             for row in grid.rows]
    columns = [[name, *(row[k] for row in texts)] for k, name in enumerate(grid.header)]
    widest = [max(cell_len(line) for text in col for line in text.splitlines() or [""])
              for col in columns]
    word = [max([cell_len(w) for text in col for w in text.split()] or [1]) for col in columns]

    def least(part: list[int], pad: int) -> int:  # the box: a line beside each column
        return sum(word[k] + 2 * pad + 1 for k in part) + 1

    every = list(range(n))
    pad = next((p for p in (1, 0) if least(every, p) <= room), None)
    if pad is not None:
        parts = [every]
    else:  # in parts, each repeating the columns that name the rows
        pad, keep = 1, every[:max(0, min(grid.keep, n - 1))]
        parts, part = [], list(keep)
        for k in every[len(keep):]:
            if len(part) > len(keep) and least([*part, k], pad) > room:
                parts.append(part)
                part = list(keep)
            part.append(k)
        parts.append(part)
    # a word wider than the terminal (a long name, a narrow window) widens the table rather
    # than being cut: the terminal folds the line, the name stays whole
    console.width = max(room, *(least(part, pad) for part in parts))
    for i, part in enumerate(parts):
        if i:
            console.print()
        console.print(_table(grid.title if i == 0 else None, part, grid.header, texts,
                             _fit(part, columns, widest, word, room - least(part, pad) +
                                  sum(word[k] for k in part)), pad, grid.right))
    return "\n".join([out.getvalue().rstrip(),
                      *(textwrap.fill(note, room, break_long_words=False,
                                      break_on_hyphens=False) for note in grid.notes)])


def _fit(part: list[int], columns: list[list[str]], widest: list[int], word: list[int],
         room: int) -> dict[int, int]:
    """Each column's width within ``room`` (the columns' text, without the box): its
    widest line, the widest columns narrowed first, none below its longest word; a column
    narrowed is as wide as its text wrapped between words then is ("Penalty points" in
    two lines is 7 wide, not 13)."""
    import textwrap

    from rich.cells import cell_len

    widths = {k: widest[k] for k in part}
    while sum(widths.values()) > room:
        k = max((k for k in part if widths[k] > word[k]), key=lambda k: widths[k], default=None)
        if k is None:
            break
        widths[k] -= 1
    for k in part:
        if widths[k] < widest[k]:
            # rich wraps at spaces only: so does the measure (a name "Smit-Groothuis" is
            # one word), in terminal cells (a wide character is two)
            widths[k] = max(word[k], *(cell_len(line) for text in columns[k]
                                       for line in textwrap.wrap(
                                           text, widths[k], break_long_words=False,
                                           break_on_hyphens=False) or [""]))
    return widths


def _table(title: str | None, part: list[int], header: list[str], rows: list[list[str]],
           widths: dict[int, int], pad: int, right: Sequence[int] = ()) -> Table:
    """The columns ``part`` as a rich table, those in ``right`` set to the right; every
    text as it is (a name such as "[b]Ann" is no markup)."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=None if title is None else Text(title), padding=(0, pad))
    for k in part:
        table.add_column(Text(header[k]), width=widths[k],
                         justify="right" if k in right else "left")
    for row in rows:
        table.add_row(*(Text(row[k]) for k in part))
    return table


def score_grid(card: ScoreCard, lang: str = "en") -> Grid:
    """The score card: a row per round, totals as formulas, the pot when playing for money."""
    score = tally(card)
    names, n = list(card.players), len(card.players)
    money = card.rules.money
    header = [t("round", lang), t("requirement", lang), t("dealer", lang), t("score_out", lang),
              *names]
    if money is not None:
        header += [t("score_buys", lang), t("score_pot_col", lang)]
    title = card.title or f"{t('score_title', lang)} · {preset_name(card.rules, lang)}"
    grid = Grid(title, header, widths=[1.2, 3.2, 1.8, 1.8, *[1.6] * n]
                + ([1.4, 1.4] if money else []), lang=lang)
    first_player = 4
    for i, r in enumerate(score.rounds, 1):
        out = names[r.out] if r.out is not None else t("score_stock_out", lang)
        row = len(grid.rows) + 2
        gone = score.rounds[i - 2].eliminated if i > 1 else ()
        cells: list[Value | Cell] = [i, Requirement.parse(r.requirement).describe(lang),
                                     names[r.dealer], out,
                                     *[t("score_out_cell", lang) if s in gone else p
                                       for s, p in enumerate(r.penalties)]]
        if money is not None:
            span = f"{col(first_player)}{row}:{col(first_player + n - 1)}{row}"
            buys = col(first_player + n) + str(row)
            cells += [sum(r.buys), Cell(r.pot_gain / 100, f'({money.per_buy}*{buys}+'
                                        f'{money.per_point}*SUMIF({span},">0"))/100', money=True)]
        grid.add(*cells)
    last = len(grid.rows) + 1
    totals: list[Value | Cell] = [None, t("total", lang), None, None]
    totals += [total_cell(first_player + s, 2, last, score.totals[s]) for s in range(n)]
    if money is not None:
        totals += [total_cell(first_player + n, 2, last, sum(sum(r.buys) for r in score.rounds)),
                   total_cell(first_player + n + 1, 2, last, score.pot / 100, money=True)]
    grid.add(*totals, bold=True)
    for i, r in enumerate(score.rounds, 1):  # running totals, as formulas too
        grid.add(i, t("score_running", lang), None, None,
                 *[total_cell(first_player + s, 2, i + 1, r.totals[s], bold=False)
                   for s in range(n)])
    if score.over:
        _outcome_rows(grid, card, lang, last + 1, first_player)
    grid.notes = _card_notes(card, lang)
    return grid


def _outcome_rows(grid: Grid, card: ScoreCard, lang: str, total_row: int,
                  first_player: int) -> None:
    """The winner (a tie said as one) and, with money, the pot and who takes it: formulas
    over the totals and the last round's "out" column, beside the program's values."""
    score, n = tally(card), len(card.players)
    a, b = col(first_player), col(first_player + n - 1)
    totals = f"{a}{total_row}:{b}{total_row}"
    tied = tied_winners(card)
    tie = t("score_tie_cell", lang)
    value = card.players[tied[0]] if len(tied) == 1 else tie
    all_out = bool(score.eliminated) and not score.active
    formula = None if all_out else (
        f'IF(COUNTIF({totals},MIN({totals}))>1,"{tie}",'
        f'INDEX({a}1:{b}1,MATCH(MIN({totals}),{totals},0)))')
    grid.add(None, t("winner", lang), None, None, Cell(value, formula, True))
    if card.rules.money is None:
        return
    last = len(score.rounds) + 1  # the last round's row
    stock, nobody = t("score_stock_out", lang), t("score_nobody", lang)
    who = card.players[score.pot_winner] if score.pot_winner is not None else nobody
    grid.add(None, t("score_pot_col", lang), None, None,
             Cell(score.pot / 100, f"{col(first_player + n + 1)}{total_row}", bold=True,
                  money=True))
    grid.add(None, t("score_pot_to", lang), None, None,
             Cell(who, f'IF(D{last}="{stock}","{nobody}",D{last})', True))


def _card_notes(card: ScoreCard, lang: str) -> list[str]:
    names = card.players
    notes = []
    for i, entry in enumerate(card.rounds, 1):
        kept = [f"{names[s]}: {' '.join(c.symbol(lang) for c in e.cards) or '-'}"
                for s, e in enumerate(entry.left) if e is not None and e.cards is not None]
        if kept:
            notes.append(f"{t('round', lang)} {i} · {t('score_cards_left', lang)}: "
                         + "; ".join(kept))
    if tally(card).over:  # the winner and the pot are rows with formulas
        return notes + [line for line in outcome_lines(card, lang)
                         if line.startswith(t("eliminated", lang))]
    return notes + outcome_lines(card, lang)


__all__ = ["Cell", "Grid", "col", "csv_bytes", "score_grid", "to_csv", "to_text", "total_cell"]
