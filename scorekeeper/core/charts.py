"""Charts drawn with reportlab's graphics (a club's members), their SVG for an <img>, and the
score race in words. The score race itself is laid out in `race`.

An <img> does not see the page's CSS: its SVG carries its own dark-mode style.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors

from scorekeeper.core.race import AXIS_SIZE, GRID, INK, PALETTE, WIDTH
from scorekeeper.core.typefaces import FONT

__all__ = ["AXIS_SIZE", "INK", "PALETTE", "WIDTH", "as_svg", "style_axes", "summary"]

# renderSVG writes colours as inline styles (rgb in percent): only !important overrides them.
DARK_STYLE = (
    "<style>@media (prefers-color-scheme: dark) {"
    ' [style*="fill: rgb(20%,20%,20%)"] { fill: #eeebe5 !important }'
    ' [style*="stroke: rgb(20%,20%,20%)"] { stroke: #c9c4bb !important }'
    ' [style*="stroke: rgb(73%,73%,73%)"] { stroke: #4a4540 !important }'
    "}</style>"
)


def style_axes(across: Any, values: Any, size: float = AXIS_SIZE) -> None:
    """Both axes in the chart's ink, with light lines across at the values' steps."""
    for axis in (across, values):
        axis.labels.fontName, axis.labels.fontSize = FONT, size
        axis.labels.fillColor = colors.HexColor(INK)
        axis.strokeColor = colors.HexColor(INK)
    values.visibleGrid = True
    values.gridStrokeColor = colors.HexColor(GRID)
    values.gridStrokeWidth = 0.3


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
