"""Grids as a printable pdf (reportlab), in DejaVu Sans so that ♠ ♥ ♦ ♣ print.

The font is looked for where Debian (fonts-dejavu-core), Fedora and Homebrew keep it, then
in matplotlib's own copy; ``JOKEREN_FONT`` names another TrueType file.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from functools import cache
from html import escape
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ..support.files import write_atomic
from .grids import Grid, shown

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
         "/usr/share/fonts/TTF", "/usr/local/share/fonts", "/opt/homebrew/share/fonts",
         "/Library/Fonts")


def find_font(name: str = "DejaVuSans.ttf") -> Path:
    """The TrueType file ``name``: JOKEREN_FONT's folder, the usual font folders, then
    matplotlib's bundled DejaVu. FileNotFoundError (one sentence) when none has it."""
    dirs: list[Path] = []
    if os.environ.get("JOKEREN_FONT"):
        chosen = Path(os.environ["JOKEREN_FONT"])
        if name == "DejaVuSans.ttf" and chosen.is_file():
            return chosen
        dirs.append(chosen.parent)
    dirs += [Path(d) for d in _DIRS]
    try:
        import matplotlib

        dirs.append(Path(matplotlib.get_data_path()) / "fonts" / "ttf")
    except ImportError:
        pass
    for d in dirs:
        if (d / name).is_file():
            return d / name
    raise FileNotFoundError(f"no {name} found: install fonts-dejavu-core or set JOKEREN_FONT")


@cache
def _register() -> None:
    pdfmetrics.registerFont(TTFont(FONT, str(find_font())))
    try:
        pdfmetrics.registerFont(TTFont(BOLD, str(find_font("DejaVuSans-Bold.ttf"))))
    except FileNotFoundError:
        pdfmetrics.registerFont(TTFont(BOLD, str(find_font())))


def _rich(text: str) -> str:
    """Paragraph markup: escaped, red hearts and diamonds."""
    out = escape(text)
    for suit in "♥♦":
        out = out.replace(suit, f'<font color="#c00000">{suit}</font>')
    return out


def pdf_bytes(grids: Sequence[Grid], page_per_grid: bool = True, per_page: int = 1,
              portrait: bool = False, big: bool = False) -> bytes:
    """The grids, one to a landscape A4 page (or ``per_page`` to a page, portrait if asked,
    with a cut line between them); ``big``: large type, to read on a wall."""
    _register()
    body = ParagraphStyle("body", fontName=FONT, fontSize=9, leading=11)
    head = ParagraphStyle("head", fontName=BOLD, fontSize=9, leading=11)
    title = ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=19, spaceAfter=6)
    if big:
        body = ParagraphStyle("body", fontName=FONT, fontSize=18, leading=22)
        head = ParagraphStyle("head", fontName=BOLD, fontSize=18, leading=22)
        title = ParagraphStyle("title", fontName=BOLD, fontSize=26, leading=32, spaceAfter=10)
    buf = io.BytesIO()
    page = A4 if portrait else landscape(A4)
    doc = SimpleDocTemplate(buf, pagesize=page, leftMargin=12 * mm, rightMargin=12 * mm,
                            topMargin=12 * mm, bottomMargin=12 * mm, title=grids[0].title
                            if grids else "", author="jokeren")
    story: list[object] = []
    for k, grid in enumerate(grids):
        if k and page_per_grid and k % per_page == 0:
            story.append(PageBreak())
        elif k and page_per_grid:  # the next form on the same page, below a cut line
            story.append(Spacer(1, 4 * mm))
            story.append(Table([[""]], colWidths=[page[0] - 24 * mm], style=TableStyle([
                ("LINEABOVE", (0, 0), (-1, -1), 0.5, colors.grey, None, (2, 3))])))
            story.append(Spacer(1, 2 * mm))
        story.append(Paragraph(_rich(grid.title + "  ♠ ♥ ♦ ♣"), title))
        data = [[Paragraph(_rich(h), head) for h in grid.header]]
        for row in grid.rows:
            data.append([Paragraph(_rich(shown(c.value, grid.lang, c.money)),
                                   head if c.bold else body) for c in row])
        widths = grid.widths or [1.0] * len(grid.header)
        scale = (page[0] - 24 * mm) / sum(widths)
        heights = None if grid.row_mm is None else [None] + [grid.row_mm * mm] * len(grid.rows)
        table = Table(data, colWidths=[w * scale for w in widths], rowHeights=heights,
                      repeatRows=1)
        table.setStyle(TableStyle([
            ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8f0e8")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]))
        story.append(table)
        story.append(Spacer(1, 5 * mm))
        story += [Paragraph(_rich(note), body) for note in grid.notes]
    doc.build(story)
    return buf.getvalue()


def write_pdf(path: str | Path, grids: Sequence[Grid], page_per_grid: bool = True,
              per_page: int = 1, portrait: bool = False, big: bool = False) -> None:
    write_atomic(path, pdf_bytes(grids, page_per_grid, per_page, portrait, big))


__all__ = ["find_font", "pdf_bytes", "write_pdf"]
