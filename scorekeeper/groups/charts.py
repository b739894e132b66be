"""Each player's chart on the group page, drawn with reportlab like the score race.

Contract games: the average points each contract cost (bonuses included; the costliest in
orange), the figure no paper sheet gives. Other games: the player's totals, game after game.
Each chart has its words (`member_summary`) for the image's alt and a table of the same
figures on the page.
"""

from __future__ import annotations

from typing import Any, cast

from django.utils.formats import date_format, number_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

from scorekeeper.core.charts import AXIS_SIZE, INK, PALETTE, WIDTH, style_axes
from scorekeeper.core.typefaces import FONT
from scorekeeper.groups.book import Book, Line

HEIGHT = 170
LAST_GAMES = 20  # the totals chart shows the latest games, a phone's width of bars
COSTLIEST = PALETTE[1]  # orange against the blue bars
CONTRACT_SIZE = 11


def member_series(line: Line, book: Book) -> list[tuple[str, float]]:
    """The bars: (label, value), contracts by round or the latest games' totals."""
    if book.has_contracts:
        return [(str(number), average) for number, _words, average in line.contracts]
    return [(date_format(localtime(day), "d/m"), total) for day, total in _totals(line, book)]


def _totals(line: Line, book: Book) -> list[tuple[Any, ...]]:
    mine = [
        (book.dates[cast(int, game.key)], seat.record.total)
        for game in book.games
        for seat in game.seats
        if seat.member == line.member.pk
    ]
    return sorted(mine)[-LAST_GAMES:]


def member_chart(line: Line, book: Book) -> Drawing:
    series = member_series(line, book)
    drawing = Drawing(WIDTH, HEIGHT)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 38, 38, WIDTH - 48, HEIGHT - 54
    chart.data = [[value for _label, value in series] or [0]]
    labels = [label for label, _value in series] or [""]
    if len(labels) > 10:  # a label every other bar, the latest always: each has room upright
        labels = [label if (len(labels) - 1 - i) % 2 == 0 else "" for i, label in enumerate(labels)]
    chart.categoryAxis.categoryNames = labels
    values = chart.data[0]
    chart.valueAxis.valueMin = min(0, min(values))
    chart.valueAxis.valueMax = max(10, max(values) * 1.1)
    # Seven contract numbers have room to be read at arm's length; up to ten dates do not.
    size = CONTRACT_SIZE if book.has_contracts else AXIS_SIZE
    style_axes(chart.categoryAxis, chart.valueAxis, size)
    chart.categoryAxis.labelAxisMode = "low"  # under the plot, not inside a bar below 0
    chart.bars[0].fillColor = colors.HexColor(PALETTE[0])
    chart.bars[0].strokeColor = None
    if book.has_contracts and line.costliest is not None:
        index = [c[0] for c in line.contracts].index(line.costliest[0])
        chart.bars[(0, index)].fillColor = colors.HexColor(COSTLIEST)
    drawing.add(chart)
    axis_title = _("Round (contract)") if book.has_contracts else pgettext("chart axis", "Game")
    drawing.add(
        String(
            chart.x + chart.width / 2,
            4,
            axis_title,
            fontName=FONT,
            fontSize=size + 1,
            fillColor=colors.HexColor(INK),
            textAnchor="middle",
        )
    )
    return drawing


def _number(value: float) -> str:
    return number_format(round(value, 1), decimal_pos=1 if value % 1 else 0)


def member_summary(line: Line, book: Book) -> str:
    """The chart in words."""
    name = line.member.name
    if book.has_contracts:
        if not line.contracts:
            return _("%(name)s: no contract played yet.") % {"name": name}
        parts = ", ".join(
            _("round %(n)d %(points)s") % {"n": n, "points": _number(avg)}
            for n, _words, avg in line.contracts
        )
        if line.costliest is None:
            return _(
                "%(name)s, average points per contract: %(parts)s. No contract cost them a point."
            ) % {"name": name, "parts": parts}
        number, words, average = line.costliest
        return _(
            "%(name)s, average points per contract: %(parts)s. "
            "Costliest: round %(n)d (%(words)s), %(points)s on average."
        ) % {"name": name, "parts": parts, "n": number, "words": words, "points": _number(average)}
    totals = _totals(line, book)
    if not totals:
        return _("%(name)s: no finished game yet.") % {"name": name}
    parts = ", ".join(str(total) for _day, total in totals)
    return _("%(name)s, totals of the latest games, oldest first: %(parts)s.") % {
        "name": name,
        "parts": parts,
    }
