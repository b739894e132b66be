"""Score grids as PDF: plain data in, bytes out (reportlab platypus tables on a canvas).

Every text from users goes through `escape` before reaching Paragraph markup.
DejaVu (shipped in fonts/, free licence) prints ♠ ♥ ♦ ♣, accents and most alphabets.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

FONTS = Path(__file__).parent / "fonts"
FONT, BOLD = "DejaVuCond", "DejaVuCond-Bold"
pdfmetrics.registerFont(TTFont(FONT, str(FONTS / "DejaVuSansCondensed.ttf")))
pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSansCondensed-Bold.ttf")))
PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 10 * mm
GAP = 6 * mm
FONT_SIZE = {1: 9.0, 2: 7.5, 4: 7.0}
MIN_TEXT = 6.0  # points, as printed: no text on any sheet is smaller
MIN_ONE_PAGE_SCALE = 0.8  # one grid a sheet: shrink this far to keep it on one page, else flow
# The smallest size text is laid out at (a long word shrinks to fit its cell, not below): once
# the copy is scaled into its part of the sheet, it still prints at MIN_TEXT or more.
SMALLEST = {1: MIN_TEXT / MIN_ONE_PAGE_SCALE, 2: 6.5, 4: 6.5}
# Heights a pen needs, as printed: the players' names, and every row a score is written in.
NAME_ROW = 8 * mm
SIDE_PAD = 3  # points between a cell's text and its left and right borders
WRITING_ROW = 7 * mm
WRITING_WIDTH = 6 * mm  # the narrowest cell a score is written in


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
    chart: Flowable | None = None  # a filled grid's score race, drawn after the legend
    chart_title: str = ""


TALL = 10**6  # wrap height that lets a table lay out every row (it is then scaled or split)


def _fitted_size(text: str, width: float, size: float, font: str) -> float:
    """The font size at which the longest word of `text` fits `width` (never above `size`)."""
    room = width - 2 * SIDE_PAD
    longest = max((pdfmetrics.stringWidth(w, font, size) for w in text.split()), default=0)
    if longest <= room or longest == 0:
        return size
    return max(1.0, int(size * room / longest * 10) / 10)


def _paragraph(
    text: str,
    size: float,
    bold: bool = False,
    align: int = 0,
    width: float | None = None,
    smallest: float = 0.0,
) -> Paragraph:
    """Text that wraps between words: the size shrinks until the longest word fits, down to
    `smallest`; a word still too long there is split rather than printed smaller."""
    font = BOLD if bold else FONT
    split = 0
    if width is not None:
        fitted = _fitted_size(text, width, size, font)
        split = int(fitted < smallest)
        size = max(fitted, min(smallest, size))
    style = ParagraphStyle(
        "cell",
        fontName=font,
        fontSize=size,
        leading=size * 1.2,
        alignment=align,
        splitLongWords=split,
    )
    return Paragraph(escape(text).replace("\n", "<br/>"), style)


def _word_room(sheet: Sheet, smallest: float) -> list[float]:
    """Each column's room for its longest word at the smallest size text may print at (a
    score column: at least a written number's)."""
    spanned = {c for (c0, _r0), (c1, _r1) in sheet.spans if c1 > c0 for c in range(c0, c1 + 1)}
    needs = [0.0] * len(sheet.widths)
    for r, row in enumerate(sheet.header):
        for c, text in enumerate(row):
            if r == 0 and c in spanned:
                continue  # a name over two columns: it has both
            needs[c] = max(needs[c], _longest(text, BOLD, smallest))
    for row in [*sheet.rows, *sheet.footer]:
        for c, text in enumerate(row[: sheet.first_wide]):
            needs[c] = max(needs[c], _longest(text, BOLD, smallest))
    return [max(n + 2 * SIDE_PAD, WRITING_WIDTH) for n in needs]


def whole_words_fit(sheet: Sheet, width: float, smallest: float) -> bool:
    return sum(_word_room(sheet, smallest)) <= width


def _column_widths(sheet: Sheet, width: float, smallest: float) -> list[float]:
    """The sheet's relative widths over `width`, a column too narrow for its longest word at
    the smallest size widened to it, the others sharing what is left as the sheet says."""
    total = sum(sheet.widths)
    widths = [width * w / total for w in sheet.widths]
    if not smallest or not whole_words_fit(sheet, width, smallest):
        return widths  # long words will be split (or the caller lays it out otherwise)
    needs = _word_room(sheet, smallest)
    fixed: dict[int, float] = {}
    while True:
        rest = width - sum(fixed.values())
        share = sum(w for i, w in enumerate(sheet.widths) if i not in fixed)
        widths = [fixed.get(i, rest * w / share) for i, w in enumerate(sheet.widths)]
        short = {i: needs[i] for i, w in enumerate(widths) if i not in fixed and w < needs[i]}
        if not short:
            return widths
        fixed |= short


def _longest(text: str, font: str, size: float) -> float:
    return max((pdfmetrics.stringWidth(w, font, size) for w in text.split()), default=0.0)


def _cell_widths(sheet: Sheet, widths: list[float]) -> list[list[float]]:
    """Each header cell's width, spans included."""
    out = [list(widths) for _ in sheet.header]
    for (c0, r0), (c1, _r1) in sheet.spans:
        out[r0][c0] = sum(widths[c0 : c1 + 1])
    return out


def _row_heights(
    sheet: Sheet, data: list[list], widths: list[float], size: float, stretch: float
) -> list[float]:
    """Each row's height: what its tallest cell needs, and never less than a pen needs
    (`stretch` makes up for the scale the sheet will be printed at)."""
    pad = 2 * size * 0.35
    heights = []
    spanned = {
        (c, r)
        for (c0, r0), (c1, r1) in sheet.spans
        for c in range(c0, c1 + 1)
        for r in range(r0, r1 + 1)
        if (c1, r1) != (c0, r0) and r1 > r0
    }
    for r, row in enumerate(data):
        needed = 0.0
        for c, cell in enumerate(row):
            if (c, r) in spanned:
                continue  # drawn over two header rows, measured below
            if isinstance(cell, Paragraph):
                high = cell.wrap(widths[c] - 2 * SIDE_PAD, TALL)[1]
            else:
                high = size * 1.2 * (str(cell).count("\n") + 1)
            needed = max(needed, high + pad)
        heights.append(needed)
    head = len(sheet.header)
    if head:
        heights[0] = max(heights[0], NAME_ROW * stretch)
    for r in range(head, len(heights)):
        heights[r] = max(heights[r], WRITING_ROW * stretch)
    for (c0, r0), (c1, r1) in sheet.spans:
        if r1 > r0:  # a header cell over two rows: the second grows if the two are too short
            cell = data[r0][c0]
            high = cell.wrap(sum(widths[c0 : c1 + 1]) - 2 * SIDE_PAD, TALL)[1] + pad
            heights[r1] += max(0.0, high - sum(heights[r0 : r1 + 1]))
    return heights


def _table(
    sheet: Sheet, width: float, size: float, stretch: float = 1.0, smallest: float = 0.0
) -> Table:
    widths = _column_widths(sheet, width, smallest)
    data = []
    for row, cell_widths in zip(sheet.header, _cell_widths(sheet, widths), strict=True):
        data.append(
            [
                _paragraph(c, size, True, 1, w, smallest)
                for c, w in zip(row, cell_widths, strict=True)
            ]
        )
    # Score cells are short plain strings (never parsed as markup, and much faster to lay out);
    # text columns wrap, so they are escaped Paragraphs.
    for row in sheet.rows:
        data.append(
            [
                _paragraph(c, size, width=widths[i], smallest=smallest)
                if i < sheet.first_wide
                else c
                for i, c in enumerate(row)
            ]
        )
    for row in sheet.footer:
        data.append(
            [
                _paragraph(c, size, bold=True, width=widths[i], smallest=smallest)
                if i < sheet.first_wide
                else c
                for i, c in enumerate(row)
            ]
        )
    heights = _row_heights(sheet, data, widths, size, stretch)
    table = Table(data, colWidths=widths, rowHeights=heights, repeatRows=len(sheet.header))
    style = [
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#555555")),
        ("BACKGROUND", (0, 0), (-1, len(sheet.header) - 1), colors.HexColor("#e6efe9")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), size),
        ("ALIGN", (sheet.first_wide, len(sheet.header)), (-1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), size * 0.35),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.35),
        ("LEFTPADDING", (0, 0), (-1, -1), SIDE_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), SIDE_PAD),
    ]
    for start, end in sheet.spans:
        style.append(("SPAN", start, end))
    if sheet.footer:
        first_footer = len(sheet.header) + len(sheet.rows)
        style.append(("BACKGROUND", (0, first_footer), (-1, -1), colors.HexColor("#f3f0e6")))
        style.append(("FONTNAME", (0, first_footer), (-1, -1), BOLD))
    table.setStyle(TableStyle(style))
    return table


def _flowables(
    sheet: Sheet, width: float, size: float, stretch: float = 1.0, smallest: float = 0.0
) -> list:
    """Title, subtitle, the grid, then the winner line and the legend."""
    head = [
        _paragraph(sheet.title, size * 1.5, bold=True, width=width, smallest=smallest),
        _paragraph(sheet.subtitle, size, width=width, smallest=smallest),
    ]
    tail = [
        _paragraph(line, size * 1.1, bold=True, width=width, smallest=smallest)
        for line in sheet.lines_after
    ]
    if sheet.legend:  # one block: no gap between its lines, which a small copy cannot spare
        legend = max(size * 0.9, smallest)
        tail.append(_paragraph("\n".join(sheet.legend), legend, width=width, smallest=smallest))
    if sheet.chart is not None:
        tail += [_paragraph(sheet.chart_title, size * 1.1, bold=True, width=width), sheet.chart]
    return [*head, _table(sheet, width, size, stretch, smallest), *tail]


def _scale_to_fit(flow: list, w: float, h: float, gap: float) -> tuple[float, list[float]]:
    heights = [f.wrap(w, TALL)[1] for f in flow]
    needed = sum(heights) + gap * len(flow)
    return (min(1.0, h / needed) if needed else 1.0), heights


class GridTooTall(Exception):
    """Copies that would print rows too short to write in (too many deals for the box)."""


def _stretch(
    sheet: Sheet, w: float, h: float, size: float, gap: float, smallest: float
) -> tuple[bool, float, list]:
    """(fits, stretch, flowables): how much taller to make the rows so that, once the grid is
    scaled into the box, they still print at a pen's height, and the flowables laid out for
    it (not drawn yet). It does not fit when the box cannot hold such rows or the scale would
    print the smallest text under MIN_TEXT. Each try lays the grid out once: most need one."""
    give_up = MIN_TEXT / smallest
    stretch = 1.0
    for _ in range(10):
        flow = _flowables(sheet, w, size, stretch, smallest)
        scale, _heights = _scale_to_fit(flow, w, h, gap)
        if stretch * scale >= 1:
            return True, stretch, flow
        if scale < give_up:
            break
        stretch = 1.01 / scale
    return False, stretch, flow


def _draw_sheet(
    pdf: canvas.Canvas,
    flow: list,
    heights: list[float],
    scale: float,
    x: float,
    y: float,
    h: float,
    gap: float,
) -> None:
    """Draw one grid's flowables in the box (x, y from the bottom-left) at `scale`."""
    pdf.saveState()
    pdf.translate(x, y + h)
    pdf.scale(scale, scale)
    cursor = 0.0
    for item, height in zip(flow, heights, strict=True):
        cursor += height
        item.drawOn(pdf, 0, -cursor)
        cursor += gap
    pdf.restoreState()


def _flowing_pages(
    sheet: Sheet, items: list[Any], pagesize: tuple[float, float], size: float, title: str
) -> bytes:
    """A grid too long for one page: it continues on the next ones, header rows repeated."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author="Rami score keeper",
        pageCompression=1,
    )
    if sheet.chart is not None:  # the race and its title on one page, the chart as wide as it
        chart = items[-1]
        heading = _paragraph(sheet.chart_title, size * 1.5, bold=True, width=doc.width)
        items[-2] = heading  # headed as the grid is: it has the page to itself
        room = doc.height - heading.wrap(doc.width, doc.height)[1] - size * 2
        chart.renderScale = max(1.0, min(doc.width / chart.width, room / chart.height))
        items[-2:] = [KeepTogether(items[-2:])]
    flow = []
    for item in items:
        flow += [item, Spacer(1, size * 0.6)]
    doc.build(flow)
    return buffer.getvalue()


def render(
    sheets: list[Sheet],
    *,
    paper: str = "a4",
    wide: bool = False,
    per_sheet: int = 1,
    title: str = "",
) -> bytes:
    """A PDF with `per_sheet` copies of each grid per page (1, 2 or 4, to cut).

    Copies shrink to fit their part of the page, their rows still tall enough to write in
    (else GridTooTall). A single grid shrinks a little to stay on one page; longer ones (many
    deals or players) flow over pages with the header repeated.
    """
    pagesize = PAPERS[paper]
    pagesize = landscape(pagesize) if wide else pagesize
    width, height = pagesize
    cols, rows = {1: (1, 1), 2: (1, 2) if not wide else (2, 1), 4: (2, 2)}[per_sheet]
    box_w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    box_h = (height - 2 * MARGIN - (rows - 1) * GAP) / rows
    size, smallest = FONT_SIZE[per_sheet], SMALLEST[per_sheet]
    gap = size * 0.6
    fitted: list[tuple[float, list | None]] = []
    for sheet in sheets:
        if sheet.chart is not None and len(sheets) == 1:
            # A filled grid: its race has a page of its own, so it flows over pages anyway
            # (laying it out to fit one page first cost a fifth of its time).
            flow = _flowables(sheet, box_w, size, smallest=MIN_TEXT)
            return _flowing_pages(sheet, flow, pagesize, size, title)
        if not whole_words_fit(sheet, box_w, smallest):
            # Whole words at a readable size need more width than this copy has.
            if per_sheet > 1:
                raise GridTooTall(per_sheet)
            fits, stretch, flow = False, 1.0, list[Any]()
        else:
            fits, stretch, flow = _stretch(sheet, box_w, box_h, size, gap, smallest)
        if not fits and per_sheet > 1:
            raise GridTooTall(per_sheet)
        if not fits and len(sheets) == 1:
            # Over pages at full size, never scaled: text may be laid out at MIN_TEXT itself.
            flow = _flowables(sheet, box_w, size, smallest=MIN_TEXT)
            return _flowing_pages(sheet, flow, pagesize, size, title)
        fitted.append((stretch, flow) if fits else (1.0, None))
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=pagesize, pageCompression=1)
    pdf.setTitle(title)
    pdf.setAuthor("Rami score keeper")
    for sheet, (stretch, laid_out) in zip(sheets, fitted, strict=True):
        for index in range(per_sheet):
            # Each copy is its own set of flowables (a drawn flowable keeps its layout); the
            # first uses the ones laid out while fitting.
            flow = (
                laid_out
                if index == 0 and laid_out
                else _flowables(sheet, box_w, size, stretch, smallest)
            )
            scale, heights = _scale_to_fit(flow, box_w, box_h, gap)
            col, row = index % cols, index // cols
            x = MARGIN + col * (box_w + GAP)
            y = height - MARGIN - (row + 1) * box_h - row * GAP
            _draw_sheet(pdf, flow, heights, scale, x, y, box_h, gap)
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
