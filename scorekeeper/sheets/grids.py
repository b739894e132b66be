"""Score grids as PDF: plain data in, bytes out (reportlab platypus tables on a canvas).

Every text from users goes through `escape` (sheet.paragraph) before reaching Paragraph
markup; sheet.py measures the cells, typefaces.py holds the fonts.
"""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.pdfgen import canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from scorekeeper.core.typefaces import BOLD, FONT
from scorekeeper.sheets.sheet import (
    FONT_SIZE,
    GAP,
    MARGIN,
    MIN_TEXT,
    PAPERS,
    SIDE_PAD,
    SMALLEST,
    TALL,
    Sheet,
    cell_widths,
    column_widths,
    paragraph,
    row_heights,
    whole_words_fit,
)


def _table(
    sheet: Sheet, width: float, size: float, stretch: float = 1.0, smallest: float = 0.0
) -> Table:
    widths = column_widths(sheet, width, smallest)
    data = []
    for row, row_widths in zip(sheet.header, cell_widths(sheet, widths), strict=True):
        data.append(
            [paragraph(c, size, True, 1, w, smallest) for c, w in zip(row, row_widths, strict=True)]
        )
    # Score cells are short plain strings (never parsed as markup, and much faster to lay out);
    # text columns wrap, so they are escaped Paragraphs.
    for row in sheet.rows:
        data.append(
            [
                paragraph(c, size, width=widths[i], smallest=smallest)
                if i < sheet.first_wide
                else c
                for i, c in enumerate(row)
            ]
        )
    for row in sheet.footer:
        data.append(
            [
                paragraph(c, size, bold=True, width=widths[i], smallest=smallest)
                if i < sheet.first_wide
                else c
                for i, c in enumerate(row)
            ]
        )
    heights = row_heights(sheet, data, widths, size, stretch)
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
) -> list[Flowable]:
    """Title, subtitle, the grid, then the winner line and the legend."""
    head = [
        paragraph(sheet.title, size * 1.5, bold=True, width=width, smallest=smallest),
        paragraph(sheet.subtitle, size, width=width, smallest=smallest),
    ]
    tail = [
        paragraph(line, size * 1.1, bold=True, width=width, smallest=smallest)
        for line in sheet.lines_after
    ]
    if sheet.legend:  # one block: no gap between its lines, which a small copy cannot spare
        legend = max(size * 0.9, smallest)
        tail.append(paragraph("\n".join(sheet.legend), legend, width=width, smallest=smallest))
    if sheet.chart is not None:
        tail += [paragraph(sheet.chart_title, size * 1.1, bold=True, width=width), sheet.chart]
    return [*head, _table(sheet, width, size, stretch, smallest), *tail]


def _scale_to_fit(
    flow: list[Flowable], w: float, h: float, gap: float
) -> tuple[float, list[float]]:
    heights = [f.wrap(w, TALL)[1] for f in flow]
    needed = sum(heights) + gap * len(flow)
    return (min(1.0, h / needed) if needed else 1.0), heights


class GridTooTall(Exception):
    """Copies that would print rows too short to write in (too many deals for the box)."""


def _stretch(
    sheet: Sheet, w: float, h: float, size: float, gap: float, smallest: float
) -> tuple[bool, float, list[Flowable]]:
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
    flow: list[Flowable],
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
        heading = paragraph(sheet.chart_title, size * 1.5, bold=True, width=doc.width)
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
    fitted: list[tuple[float, list[Flowable] | None]] = []
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
