"""The score race laid out once, as plain geometry, then written two ways: SVG markup set
into the pages (no drawing library: a save renders it for every phone, so it must cost next
to nothing) and a reportlab drawing for the printed grid. Both come from one `RaceLayout`,
so the page and the paper show the same chart.

Coordinates are the SVG's: the origin top left, y growing downwards; the drawing turns them
over. Colours are the Okabe-Ito palette (told apart with colour blindness, legible on light
and dark); words and axes take the page's colours through classes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from reportlab.graphics.shapes import Drawing, Line, PolyLine, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from scorekeeper.core.typefaces import FONT

PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C6D31", "#999999"]
INK, GRID = "#333333", "#bbbbbb"  # words and axes, and the light lines across (on paper)
WIDTH = 340
PLOT_HEIGHT = 190  # the plot and its axes' words, above the legend
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 12, 22  # the plot's margins within PLOT_HEIGHT
TICK = 5
AXIS_SIZE, LEGEND_SIZE = 9, 10  # points: about as many CSS pixels on a phone
LEGEND_ROW = 16
SWATCH, SWATCH_GAP = 14, 6  # a legend's line sample, and the room before its name
COLUMN_GAP = 6
# The page's words are drawn in the browser's own sans-serif, which can run wider than the
# PDF's font measured here: columns keep that much room to spare.
BROWSER_SPARE = 1.2
MOST_ROUND_LABELS = 14  # past it, every other round (or fewer) is numbered
# The page's own colours where the chart is set in it; a file of its own carries them.
STANDALONE_STYLE = (
    "<style>.race-ink{fill:#333}.race-axis{stroke:#333}.race-grid{stroke:#bbb}"
    "@media (prefers-color-scheme: dark){.race-ink{fill:#eeebe5}.race-axis{stroke:#c9c4bb}"
    ".race-grid{stroke:#4a4540}}</style>"
)


Segment = tuple[float, float, float, float]  # from (x, y) to (x, y)


@dataclass(frozen=True)
class Label:
    x: float
    y: float  # the baseline
    text: str
    anchor: str  # "start", "middle" or "end"
    size: float


@dataclass(frozen=True)
class RaceLayout:
    width: float
    height: float
    axes: Sequence[Segment]  # the two axes and their ticks
    grid: Sequence[Segment]  # a light line across at each value step
    labels: Sequence[Label]  # the rounds', then the values' (the PDF's words keep that order)
    lines: Sequence[tuple[str, Sequence[tuple[float, float]]]]  # a colour and points, a player
    legend: Sequence[tuple[str, float, float, Label]]  # a colour, the sample's start, its row


def legend_columns(names: list[str]) -> tuple[list[str], int, float]:
    """The names as the legend shows them (shortened with … if wider than the chart), the
    names per column, and the columns' width: as many columns as the widest name allows, up
    to four."""
    room = WIDTH - 20
    most = (room - SWATCH - SWATCH_GAP - COLUMN_GAP) / BROWSER_SPARE
    shown = []
    for name in names:
        while stringWidth(name, FONT, LEGEND_SIZE) > most:
            name = name[:-2] + "…"
        shown.append(name)
    widest = max((stringWidth(n, FONT, LEGEND_SIZE) for n in shown), default=0)
    each = widest * BROWSER_SPARE + SWATCH + SWATCH_GAP + COLUMN_GAP
    columns = max(1, min(4, len(names), int(room // each)))
    per_column = -(-len(names) // columns)
    return shown, per_column, room / columns


def size(names: list[str]) -> tuple[int, int]:
    """The chart's width and height: the plot, then the legend's rows."""
    _shown, rows, _width = legend_columns(names)
    return WIDTH, PLOT_HEIGHT + LEGEND_ROW * rows + 8


def value_steps(low: float, high: float) -> list[int]:
    """Round values from `low` to `high` (widened to a step): steps of 1, 2 or 5 times a
    power of ten, about six of them."""
    wanted = (high - low) / 6
    power = 10 ** math.floor(math.log10(wanted)) if wanted > 0 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= wanted)
    step = max(1, int(step))
    first, last = math.floor(low / step) * step, math.ceil(high / step) * step
    return list(range(first, last + 1, step))


def totals_drawn(
    seats: int,
    running: list[list[int | None]],
    starts: list[int] | None = None,
    firsts: list[int] | None = None,
) -> list[list[tuple[int, int]]]:
    """Each seat's line as (round, total) points: from 0 before round 1, or for a late
    player from their starting total before their first round; a round sat out (None) is
    left out."""
    starts = starts or [0] * seats
    firsts = firsts or [1] * seats
    lines = []
    for seat in range(seats):
        line = [(firsts[seat] - 1, starts[seat])]
        for r, totals in enumerate(running):
            total = totals[seat]
            if r + 1 >= firsts[seat] and total is not None:
                line.append((r + 1, total))
        lines.append(line)
    return lines


def lay_out(
    names: list[str],
    running: list[list[int | None]],
    starts: list[int] | None = None,
    firsts: list[int] | None = None,
) -> RaceLayout:
    """The race of running totals round by round (`running[r][seat]`; `totals_drawn`),
    the values' axis in round steps from 0 (or the lowest total) up."""
    width, height = size(names)
    points = totals_drawn(len(names), running, starts, firsts)
    values = [v for line in points for _r, v in line] or [0]
    steps = value_steps(min(0, min(values)), max(10, max(values)))
    rounds = max(len(running), 1)
    left, right = LEFT, width - RIGHT
    top, bottom = TOP, PLOT_HEIGHT - BOTTOM

    def x(r: float) -> float:
        return round(left + (right - left) * r / rounds, 2)

    def y(v: float) -> float:
        return round(bottom - (bottom - top) * (v - steps[0]) / (steps[-1] - steps[0]), 2)

    every = max(1, -(-rounds // MOST_ROUND_LABELS))
    numbered = range(0, rounds + 1, every)
    axes: list[Segment] = [(left, bottom, right, bottom), (left, bottom, left, top)]
    axes += [(x(r), bottom, x(r), bottom + TICK) for r in numbered]
    axes += [(left - TICK, y(v), left, y(v)) for v in steps]
    labels = [
        Label(x(r), bottom + TICK + AXIS_SIZE + 1, str(r), "middle", AXIS_SIZE) for r in numbered
    ]
    labels += [
        Label(left - TICK - 2, y(v) + AXIS_SIZE / 3, str(v), "end", AXIS_SIZE) for v in steps
    ]
    shown, per_column, column_width = legend_columns(names)
    legend: list[tuple[str, float, float, Label]] = []
    for seat, name in enumerate(shown):
        column, row = divmod(seat, per_column)
        start = 10 + column * column_width
        middle = PLOT_HEIGHT + 6 + row * LEGEND_ROW
        text = Label(
            start + SWATCH + SWATCH_GAP, middle + LEGEND_SIZE / 3, name, "start", LEGEND_SIZE
        )
        legend.append((colour(seat), start, middle, text))
    return RaceLayout(
        width=width,
        height=height,
        axes=axes,
        grid=[(left, y(v), right, y(v)) for v in steps if v != steps[0]],
        labels=labels,
        lines=[(colour(seat), [(x(r), y(v)) for r, v in line]) for seat, line in enumerate(points)],
        legend=legend,
    )


def colour(seat: int) -> str:
    return PALETTE[seat % len(PALETTE)]


def _text(label: Label) -> str:
    return (
        f'<text x="{label.x:g}" y="{label.y:g}" font-size="{label.size:g}" '
        f'text-anchor="{label.anchor}" class="race-ink">{escape(label.text)}</text>'
    )


def svg(layout: RaceLayout, words: str, standalone: bool = False) -> str:
    """The chart as SVG markup: set into a page (its colours from the page's classes), or a
    file of its own (`standalone`: its namespace and colours). `words` say what it shows,
    for screen readers."""
    head = 'xmlns="http://www.w3.org/2000/svg" ' if standalone else ""
    parts = [
        f'<svg {head}viewBox="0 0 {layout.width:g} {layout.height:g}" width="{layout.width:g}" '
        f'height="{layout.height:g}" role="img" aria-label="{escape(words)}" class="race" '
        'font-family="system-ui, sans-serif">',
        STANDALONE_STYLE if standalone else "",
        '<g class="race-grid" stroke-width="0.5">',
        *(f'<path d="M{a:g} {b:g}H{c:g}"/>' for a, b, c, _d in layout.grid),
        '</g><g class="race-axis" stroke-width="1">',
        *(f'<path d="M{a:g} {b:g}L{c:g} {d:g}"/>' for a, b, c, d in layout.axes),
        "</g>",
        *(_text(label) for label in layout.labels),
        '<g fill="none" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">',
        *(
            f'<polyline stroke="{stroke}" points="{" ".join(f"{a:g},{b:g}" for a, b in points)}"/>'
            for stroke, points in layout.lines
        ),
        "</g>",
    ]
    for stroke, start, middle, label in layout.legend:
        parts.append(
            f'<path stroke="{stroke}" stroke-width="2" d="M{start:g} {middle:g}h{SWATCH}"/>'
        )
        parts.append(_text(label))
    parts.append("</svg>")
    return "".join(parts)


def drawing(layout: RaceLayout) -> Drawing:
    """The chart for the printed grid, in the PDF's own font and ink."""
    height = layout.height
    ink, grid = colors.HexColor(INK), colors.HexColor(GRID)
    sheet = Drawing(layout.width, height)
    for a, b, c, d in layout.grid:
        sheet.add(Line(a, height - b, c, height - d, strokeColor=grid, strokeWidth=0.3))
    for a, b, c, d in layout.axes:
        sheet.add(Line(a, height - b, c, height - d, strokeColor=ink, strokeWidth=1))
    words = [*layout.labels, *(label for *_rest, label in layout.legend)]
    for stroke, points in layout.lines:
        flat = [v for a, b in points for v in (a, height - b)]
        sheet.add(PolyLine(flat, strokeColor=colors.HexColor(stroke), strokeWidth=2))
    for stroke, start, middle, _label in layout.legend:
        sample = (start, height - middle, start + SWATCH, height - middle)
        sheet.add(Line(*sample, strokeColor=colors.HexColor(stroke), strokeWidth=2))
    for label in words:
        sheet.add(
            String(
                label.x,
                height - label.y,
                label.text,
                fontName=FONT,
                fontSize=label.size,
                fillColor=ink,
                textAnchor=label.anchor,
            )
        )
    return sheet
