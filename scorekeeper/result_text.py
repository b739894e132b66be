"""The end of a game in a few lines of text: what a phone's share sheet (or a copy) sends to
the players' chat. Plain text in the page's language; the page adds the view-only link."""

from __future__ import annotations

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext

from .i18n import lang
from .selectors import Board


def result_text(board: Board) -> str:
    rules = board.rules
    date = date_format(timezone.localtime(board.game.created_at), "SHORT_DATE_FORMAT")
    lines = [f"{rules.name[lang()]} · {date}"]
    lines += [f"{line.rank}. {line.player.name}: {line.total}" for line in board.standings]
    if len(board.leaders) == 1:
        lines.append(gettext("%(name)s wins!") % {"name": board.standings[0].player.name})
    else:
        lines.append(gettext("Tie for first place."))
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
