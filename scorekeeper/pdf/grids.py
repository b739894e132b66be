"""Score grids as PDF: plain data in, bytes out (reportlab platypus tables on a canvas).

Every text from users goes through `escape` before reaching Paragraph markup.
DejaVu (shipped in fonts/, free licence) prints ♠ ♥ ♦ ♣, accents and most alphabets.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph, Table, TableStyle

FONTS = Path(__file__).parent / "fonts"
FONT, BOLD = "DejaVuCond", "DejaVuCond-Bold"
pdfmetrics.registerFont(TTFont(FONT, str(FONTS / "DejaVuSansCondensed.ttf")))
pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSansCondensed-Bold.ttf")))
PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 10 * mm
GAP = 6 * mm
FONT_SIZE = {1: 9.0, 2: 7.0, 4: 5.5}


@dataclass
class Sheet:
    """One grid's content, already in the chosen language."""

    title: str
    subtitle: str
    header: list[list[str]]  # header rows (cells may be "" under a span)
    spans: list[tuple[tuple[int, int], tuple[int, int]]]  # (start, end) cells in header rows
    rows: list[list[str]]  # body rows
    footer: list[list[str]]  # totals and the like
    legend: list[str]  # lines at the foot
    widths: list[float]  # relative column widths
    first_wide: int = 0  # columns holding text (left aligned)
    lines_after: list[str] = field(default_factory=list)  # e.g. "Winner: ____"


def _paragraph(text: str, size: float, bold: bool = False, align: int = 0) -> Paragraph:
    style = ParagraphStyle("cell", fontName=BOLD if bold else FONT, fontSize=size,
                           leading=size * 1.2, alignment=align)  # fmt: skip
    return Paragraph(escape(text).replace("\n", "<br/>"), style)


def _table(sheet: Sheet, width: float, size: float) -> Table:
    data = []
    for row in sheet.header:
        data.append([_paragraph(c, size, bold=True, align=1) for c in row])
    # Score cells are short plain strings (never parsed as markup, and much faster to lay out);
    # text columns wrap, so they are escaped Paragraphs.
    for row in sheet.rows:
        data.append([_paragraph(c, size) if i < sheet.first_wide else c for i, c in enumerate(row)])
    for row in sheet.footer:
        data.append(
            [
                _paragraph(c, size, bold=True) if i < sheet.first_wide else c
                for i, c in enumerate(row)
            ]
        )
    total = sum(sheet.widths)
    table = Table(
        data, colWidths=[width * w / total for w in sheet.widths], repeatRows=len(sheet.header)
    )
    style = [
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#555555")),
        ("BACKGROUND", (0, 0), (-1, len(sheet.header) - 1), colors.HexColor("#e6efe9")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), size),
        ("ALIGN", (sheet.first_wide, len(sheet.header)), (-1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), size * 0.35),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.35),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
    for start, end in sheet.spans:
        style.append(("SPAN", start, end))
    if sheet.footer:
        first_footer = len(sheet.header) + len(sheet.rows)
        style.append(("BACKGROUND", (0, first_footer), (-1, -1), colors.HexColor("#f3f0e6")))
        style.append(("FONTNAME", (0, first_footer), (-1, -1), BOLD))
    table.setStyle(TableStyle(style))
    return table


def _draw_sheet(
    pdf: canvas.Canvas, sheet: Sheet, x: float, y: float, w: float, h: float, size: float
) -> None:
    """Draw one grid in the box (x, y from the bottom-left), shrunk to fit when needed."""
    parts = [_paragraph(sheet.title, size * 1.5, bold=True), _paragraph(sheet.subtitle, size)]
    table = _table(sheet, w, size)
    tail = [_paragraph(line, size * 1.1, bold=True) for line in sheet.lines_after]
    tail += [_paragraph(line, size * 0.9) for line in sheet.legend]
    flow = [*parts, table, *tail]
    heights = [f.wrap(w, h)[1] for f in flow]
    needed = sum(heights) + size * 0.6 * len(flow)
    scale = min(1.0, h / needed) if needed else 1.0
    pdf.saveState()
    pdf.translate(x, y + h)
    pdf.scale(scale, scale)
    cursor = 0.0
    for item, height in zip(flow, heights, strict=True):
        cursor += height
        item.drawOn(pdf, 0, -cursor)
        cursor += size * 0.6
    pdf.restoreState()


def render(sheets: list[Sheet], *, paper: str = "a4", wide: bool = False, per_sheet: int = 1,
           title: str = "") -> bytes:  # fmt: skip
    """A PDF with `per_sheet` copies of each grid per page (1, 2 or 4, to cut)."""
    pagesize = PAPERS[paper]
    pagesize = landscape(pagesize) if wide else pagesize
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=pagesize, pageCompression=1)
    pdf.setTitle(title)
    pdf.setAuthor("Rami score keeper")
    width, height = pagesize
    cols, rows = {1: (1, 1), 2: (1, 2) if not wide else (2, 1), 4: (2, 2)}[per_sheet]
    box_w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    box_h = (height - 2 * MARGIN - (rows - 1) * GAP) / rows
    size = FONT_SIZE[per_sheet]
    for sheet in sheets:
        for index in range(per_sheet):
            col, row = index % cols, index // cols
            x = MARGIN + col * (box_w + GAP)
            y = height - MARGIN - (row + 1) * box_h - row * GAP
            _draw_sheet(pdf, sheet, x, y, box_w, box_h, size)
        if per_sheet > 1:
            pdf.setDash(3, 3)
            pdf.setStrokeColor(colors.grey)
            if cols == 2:
                pdf.line(width / 2, MARGIN / 2, width / 2, height - MARGIN / 2)
            if rows == 2:
                pdf.line(MARGIN / 2, height / 2, width - MARGIN / 2, height / 2)
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()
