"""A grid's content (Sheet) and how its cells are measured: sizes that print legibly, column
widths that hold whole words, rows tall enough to write in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Paragraph

from scorekeeper.core.typefaces import BOLD, FONT

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


def fitted_size(text: str, width: float, size: float, font: str) -> float:
    """The font size at which the longest word of `text` fits `width` (never above `size`)."""
    room = width - 2 * SIDE_PAD
    longest = max((pdfmetrics.stringWidth(w, font, size) for w in text.split()), default=0)
    if longest <= room or longest == 0:
        return size
    return max(1.0, int(size * room / longest * 10) / 10)


def paragraph(
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
        fitted = fitted_size(text, width, size, font)
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


def word_room(sheet: Sheet, smallest: float) -> list[float]:
    """Each column's room for its longest word at the smallest size text may print at (a
    score column: at least a written number's)."""
    spanned = {c for (c0, _r0), (c1, _r1) in sheet.spans if c1 > c0 for c in range(c0, c1 + 1)}
    needs = [0.0] * len(sheet.widths)
    for r, row in enumerate(sheet.header):
        for c, text in enumerate(row):
            if r == 0 and c in spanned:
                continue  # a name over two columns: it has both
            needs[c] = max(needs[c], longest(text, BOLD, smallest))
    for row in [*sheet.rows, *sheet.footer]:
        for c, text in enumerate(row[: sheet.first_wide]):
            needs[c] = max(needs[c], longest(text, BOLD, smallest))
    return [max(n + 2 * SIDE_PAD, WRITING_WIDTH) for n in needs]


def whole_words_fit(sheet: Sheet, width: float, smallest: float) -> bool:
    return sum(word_room(sheet, smallest)) <= width


def column_widths(sheet: Sheet, width: float, smallest: float) -> list[float]:
    """The sheet's relative widths over `width`, a column too narrow for its longest word at
    the smallest size widened to it, the others sharing what is left as the sheet says."""
    total = sum(sheet.widths)
    widths = [width * w / total for w in sheet.widths]
    if not smallest or not whole_words_fit(sheet, width, smallest):
        return widths  # long words will be split (or the caller lays it out otherwise)
    needs = word_room(sheet, smallest)
    fixed: dict[int, float] = {}
    while True:
        rest = width - sum(fixed.values())
        share = sum(w for i, w in enumerate(sheet.widths) if i not in fixed)
        widths = [fixed.get(i, rest * w / share) for i, w in enumerate(sheet.widths)]
        short = {i: needs[i] for i, w in enumerate(widths) if i not in fixed and w < needs[i]}
        if not short:
            return widths
        fixed |= short


def longest(text: str, font: str, size: float) -> float:
    return max((pdfmetrics.stringWidth(w, font, size) for w in text.split()), default=0.0)


def cell_widths(sheet: Sheet, widths: list[float]) -> list[list[float]]:
    """Each header cell's width, spans included."""
    out = [list(widths) for _ in sheet.header]
    for (c0, r0), (c1, _r1) in sheet.spans:
        out[r0][c0] = sum(widths[c0 : c1 + 1])
    return out


def row_heights(
    sheet: Sheet, data: list[list[Any]], widths: list[float], size: float, stretch: float
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
