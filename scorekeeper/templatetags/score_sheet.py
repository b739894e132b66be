"""The score sheet's table, written in Python: a round entry draws the sheet twice (the
scorer's answer and the viewers' live part) and every page once, and as a template loop its
rows were more than half of each live part's rendering (a variable lookup per cell and per
fact, an escaped node per value). The markup is the one the template wrote; the sheet's
title and its actions (undo, delete the last round) stay in `games/_scoreboard.html`."""

from __future__ import annotations

from html import escape

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scorekeeper.core.facts import FACT_MARKS
from scorekeeper.core.names import SHORT_FROM, short_names
from scorekeeper.games.selectors import Board, Cell, Row
from scorekeeper.templatetags.rami import fact_badge

register = template.Library()
# Every value below is escaped where it is written (names, words) or is a whole number.
MARK = '<span class="mark" aria-hidden="true">{}</span><span class="visually-hidden">{}</span>'


def _marks(cell: Cell, no_winner: bool) -> str:
    """A hand's facts as the grid's compact signs, each with its words for screen readers."""
    marks = "".join(
        MARK.format(escape(FACT_MARKS.get(f, f)), escape(fact_badge(f))) for f in cell.facts
    )
    if no_winner:
        marks += MARK.format("⊘", escape(_("no winner")))
    return marks


def _cells(row: Row, absent: str) -> str:
    parts = []
    for index, cell in enumerate(row.cells):
        if cell.sat_out:
            parts.append(absent)
            continue
        marks = _marks(cell, row.no_winner and index == 0)
        parts.append(
            f'<td><span class="score">{int(cell.score)}</span> '
            f'<small class="running">{int(cell.running)}</small>{marks}</td>'
        )
    return "".join(parts)


def _heading(row: Row, token: str, can_edit: bool) -> str:
    """The round's number (a link to correct it, for the edit holder) and its dealer."""
    number = str(int(row.number))
    if can_edit:
        link = escape(reverse("round_edit", args=[token, row.number]))
        label = escape(_("Correct round %(n)s") % {"n": number})
        number = f'<a href="{link}" aria-label="{label}">{number}&nbsp;✎</a>'
    return f"{number} <small>{escape(str(row.dealer.name))}</small>"


def _rows(rows: list[Row], token: str, can_edit: bool) -> str:
    """One `<tr>` per round: its heading, then each seat's score, running total and facts."""
    absent = (
        '<td class="sat-out"><span aria-hidden="true">—</span>'
        f'<span class="visually-hidden">{escape(_("not at the table"))}</span></td>'
    )
    return "\n".join(
        f'<tr data-round="{int(row.number)}"><th scope="row">{_heading(row, token, can_edit)}'
        f"</th>{_cells(row, absent)}</tr>"
        for row in rows
    )


def _head(board: Board) -> tuple[str, bool]:
    """The players' names (short ones beside the full, from SHORT_FROM players), the
    leaders marked; and whether the names are shortened."""
    names = [str(p.name) for p in board.players]
    shorts = short_names(names) if len(names) >= SHORT_FROM else []
    cells = []
    for seat, name in enumerate(names):
        leader = ' class="leader"' if seat in board.leaders else ""
        shown = escape(name)
        if shorts:
            shown = (
                f'<span class="name-short" aria-hidden="true">{escape(shorts[seat])}</span>'
                f'<span class="name-full">{shown}</span>'
            )
        cells.append(f'<th scope="col"{leader}>{shown}</th>')
    round_word = escape(_("Round"))
    head = (
        '<thead><tr><th scope="col"><span aria-hidden="true">#</span>'
        f'<span class="visually-hidden">{round_word}</span></th>{"".join(cells)}</tr></thead>'
    )
    return head, bool(shorts)


def _foot(board: Board) -> str:
    totals = "".join(
        f'<td class="total{" leader" if seat in board.leaders else ""}">{int(total)}</td>'
        for seat, total in enumerate(board.totals)
    )
    ranks = "".join(f"<td>{int(rank)}</td>" for rank in board.ranks)
    return (
        f'<tfoot><tr><th scope="row">{escape(_("Total"))}</th>{totals}</tr>'
        f'<tr><th scope="row">{escape(_("Rank"))}</th>{ranks}</tr></tfoot>'
    )


@register.simple_tag
def score_table(board: Board, token: str, can_edit: bool) -> SafeString:
    """The score sheet: the players, a row per round (or a word that none was played yet),
    each seat's total and rank."""
    head, short = _head(board)
    if board.rows:
        body, foot = _rows(board.rows, token, can_edit), _foot(board)
    else:
        words = escape(_("No round yet."))
        body = f'<tr data-no-round><td colspan="{len(board.players) + 1}">{words}</td></tr>'
        foot = ""
    table = (
        f'<table class="scores fit{" short" if short else ""}" data-names-toggle>'
        f"{head}<tbody>{body}</tbody>{foot}</table>"
    )
    return mark_safe(table)  # noqa: S308 (every value escaped above)
