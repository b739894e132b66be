"""The score race: each player's running total after every round, drawn once with reportlab's
graphics and rendered as SVG for the pages and as a flowable in the PDF.

Colours are the Okabe-Ito palette (told apart with colour blindness, legible on light and
dark); the SVG carries its own dark-mode style, since an <img> does not see the page's CSS.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.graphics import renderSVG
from reportlab.graphics.charts.legends import LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from scorekeeper.core.typefaces import FONT

PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C6D31", "#999999"]
INK = "#333333"  # axes and words; the dark style below turns them light
# renderSVG writes colours as inline styles (rgb in percent): only !important overrides them.
DARK_STYLE = (
    "<style>@media (prefers-color-scheme: dark) {"
    ' [style*="fill: rgb(20%,20%,20%)"] { fill: #eeebe5 !important }'
    ' [style*="stroke: rgb(20%,20%,20%)"] { stroke: #c9c4bb !important }'
    ' [style*="stroke: rgb(73%,73%,73%)"] { stroke: #4a4540 !important }'
    "}</style>"
)


WIDTH = 340
PLOT_HEIGHT = 190
AXIS_SIZE, LEGEND_SIZE = 9, 10  # points: about as many CSS pixels on a phone
LEGEND_ROW = 16
SWATCH = 26  # the line sample, the gap after it and the gap before the next column
# The SVG's words are drawn in the browser's own sans-serif, which can run wider than the
# PDF's font measured here: columns keep that much room to spare.
BROWSER_SPARE = 1.2


def style_axes(across: Any, values: Any, size: float = AXIS_SIZE) -> None:
    """Both axes in the chart's ink, with light lines across at the values' steps."""
    for axis in (across, values):
        axis.labels.fontName, axis.labels.fontSize = FONT, size
        axis.labels.fillColor = colors.HexColor(INK)
        axis.strokeColor = colors.HexColor(INK)
    values.visibleGrid = True
    values.gridStrokeColor = colors.HexColor("#bbbbbb")
    values.gridStrokeWidth = 0.3


def _legend(names: list[str]) -> tuple[list[str], int, float]:
    """The names as the legend shows them (shortened with … if wider than the chart), the
    names per column, and the columns' width: as many columns as the widest name allows, up
    to four."""
    room = WIDTH - 20
    most = (room - SWATCH) / BROWSER_SPARE
    shown = []
    for name in names:
        while stringWidth(name, FONT, LEGEND_SIZE) > most:
            name = name[:-2] + "…"
        shown.append(name)
    widest = max((stringWidth(n, FONT, LEGEND_SIZE) for n in shown), default=0)
    columns = max(1, min(4, len(names), int(room // (widest * BROWSER_SPARE + SWATCH))))
    per_column = -(-len(names) // columns)
    return shown, per_column, room / columns


def size(names: list[str]) -> tuple[int, int]:
    """The drawing's width and height: the plot, then the legend's rows."""
    _shown, rows, _width = _legend(names)
    return WIDTH, PLOT_HEIGHT + LEGEND_ROW * rows + 8


def score_race(
    names: list[str],
    running: list[list[int | None]],
    starts: list[int] | None = None,
    firsts: list[int] | None = None,
) -> Drawing:
    """Running totals round by round (`running[r][seat]`), starting from 0 before round 1.
    Where players came and went, a late player's line starts before their `firsts` round at
    their `starts` total, and a round a seat sat out (None) is not drawn."""
    width, height = size(names)
    legend_height = height - PLOT_HEIGHT
    drawing = Drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y = 34, 22 + legend_height
    plot.width, plot.height = width - 44, height - plot.y - 12
    starts = starts or [0] * len(names)
    firsts = firsts or [1] * len(names)
    plot.data = [
        [(firsts[seat] - 1, starts[seat])]
        + [
            (r + 1, line[seat])
            for r, line in enumerate(running)
            if r + 1 >= firsts[seat] and line[seat] is not None
        ]
        for seat in range(len(names))
    ]
    totals = [y for line in plot.data for _x, y in line] or [0]
    plot.yValueAxis.valueMin = min(0, min(totals))
    plot.yValueAxis.valueMax = max(10, max(totals))
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, max(len(running), 1)
    plot.xValueAxis.valueSteps = list(range(0, max(len(running), 1) + 1))
    style_axes(plot.xValueAxis, plot.yValueAxis)
    for seat in range(len(names)):
        line = plot.lines[seat]
        line.strokeColor = colors.HexColor(PALETTE[seat % len(PALETTE)])
        line.strokeWidth = 2
    drawing.add(plot)
    shown, per_column, column_width = _legend(names)
    legend = LineLegend()
    legend.x, legend.y = 10, legend_height - 4
    legend.fontName, legend.fontSize = FONT, LEGEND_SIZE
    legend.fillColor = colors.HexColor(INK)
    legend.columnMaximum = per_column
    legend.dx, legend.dy, legend.dxTextSpace = 14, 2, 6
    legend.deltax, legend.deltay = column_width, LEGEND_ROW
    legend.alignment = "right"
    legend.colorNamePairs = [
        (colors.HexColor(PALETTE[seat % len(PALETTE)]), name) for seat, name in enumerate(shown)
    ]
    drawing.add(legend)
    return drawing


def as_svg(drawing: Drawing) -> str:
    """A standalone SVG document, with its dark-mode style."""
    svg = renderSVG.drawToString(drawing)
    # The PDF's font is embedded there; a browser has its own sans-serif.
    svg = svg.replace(f"font-family: {FONT};", "font-family: system-ui, sans-serif;")
    tag_end = svg.index(">", svg.index("<svg")) + 1
    return str(svg[:tag_end]) + DARK_STYLE + str(svg[tag_end:])


def summary(
    names: list[str],
    running: list[list[int | None]],
    ranks: list[int],
    totals: list[int] | None = None,
) -> str:
    """The chart in words, for screen readers and anyone who cannot see it; `ranks` and
    `totals` are the table's standings after the last round."""
    if not running:
        return _("Score race: no round played yet.")
    last = totals if totals is not None else running[-1]
    order = sorted(range(len(names)), key=lambda seat: ranks[seat])
    standings = ", ".join(f"{names[seat]} {last[seat]}" for seat in order)
    words = ngettext(
        "Score race after %(n)d round: %(standings)s.",
        "Score race after %(n)d rounds: %(standings)s.",
        len(running),
    )
    return words % {
        "n": len(running),
        "standings": standings,
    }
