"""The end of a game in a few lines of text: what a phone's share sheet (or a copy) sends to
the players' chat. Plain text in the page's language; the page adds the view-only link."""

from __future__ import annotations

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext

from scorekeeper.core.i18n import lang
from scorekeeper.games.selectors import Board


def result_text(board: Board) -> str:
    rules = board.rules
    date = date_format(timezone.localtime(board.game.created_at), "SHORT_DATE_FORMAT")
    lines = [f"{rules.name[lang()]} · {date}"]
    if board.romi is not None:
        ranked = sorted(board.romi.lines, key=lambda line: line.rank)
        lines += [f"{line.rank}. {line.player.name}: {line.total}" for line in ranked]
        winners = board.romi.winners
    else:
        lines += [f"{line.rank}. {line.player.name}: {line.total}" for line in board.standings]
        winners = [board.standings[0].player] if len(board.leaders) == 1 else []
    if len(winners) == 1:
        lines.append(gettext("%(name)s wins!") % {"name": winners[0].name})
    else:
        lines.append(gettext("Tie for first place."))
    if board.romi is not None:
        return "\n".join(lines)
    played = len(board.rows)
    if board.stopped_early and board.table.rounds:
        lines.append(
            gettext("Stopped after round %(n)s of %(total)s.")
            % {"n": played, "total": board.table.rounds}
        )
    else:
        lines.append(
            ngettext("%(n)s round played.", "%(n)s rounds played.", played) % {"n": played}
        )
    return "\n".join(lines)
