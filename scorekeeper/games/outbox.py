"""What a phone's outbox is told when it replays a round entry: stored (a refusal is
answered by scorekeeper.web.refusals), as JSON.

The phone keeps the entry until it gets one of these answers, and shows a refusal with both
versions (the user's and the stored one), so nothing entered offline is dropped silently.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_lazy

from scorekeeper.games.selectors import Board, Row
from scorekeeper.templatetags.rami import fact_badge

# What the phone says of its outbox (static/js/sync.js reads them as data-msg-* attributes).
MESSAGES = {
    "waiting": gettext_lazy("Rounds waiting to be sent: {n}."),
    "offline": gettext_lazy(
        "No connection: the rounds are kept on this phone and sent when it comes back."
    ),
    "send": gettext_lazy("Send now"),
    "pending": gettext_lazy("pending"),
    "not-stored": gettext_lazy("not stored"),
    "out": gettext_lazy("out"),
    "no-winner": gettext_lazy("no winner"),
    "title": gettext_lazy("Round {n} was not stored"),
    "yours": gettext_lazy("Yours"),
    "player": gettext_lazy("Player"),
    "stored": gettext_lazy("On the server"),
    "replace": gettext_lazy("Replace the stored round with mine"),
    "keep": gettext_lazy("Keep the stored round"),
    "edit": gettext_lazy("Put mine back in the form"),
    "discard": gettext_lazy("Discard mine"),
    "discard-confirm": gettext_lazy("Discard your round for good?"),
    "gone": gettext_lazy(
        "This link no longer accepts entries: the edit link was replaced or the game was deleted. Your round is kept here."
    ),
    "forbidden": gettext_lazy(
        "The server refused the entry (security check). Your round is kept here; reload the page and send it again."
    ),
    "refused": gettext_lazy("The server refused this entry."),
    "went-out": gettext_lazy("Mark who went out."),
    "provisional": gettext_lazy(
        "Provisional: these totals count the rounds still waiting on this phone."
    ),
    "behind": gettext_lazy("{n} behind"),
    "behind-one": gettext_lazy("1 point behind"),
    "differs": gettext_lazy(
        "Round {n}: the server counted {stored}, not {shown} as shown on this phone."
    ),
    "all-entered": gettext_lazy(
        "Every round of the game is entered; the last ones are waiting to be sent."
    ),
}


def wants_json(request: HttpRequest) -> bool:
    return request.headers.get("X-Outbox") == "1"


def row_answer(board: Board, row: Row) -> dict[str, Any]:
    """A stored round as the phone displays it next to its own version."""
    return {
        "number": row.number,
        "version": row.version,
        "no_winner": row.no_winner,
        "cells": [
            {
                "name": player.name,
                "points": cell.hand_points,
                "cards": cell.cards,
                "score": cell.score,
                "facts": [str(fact_badge(f)) for f in cell.facts],
            }
            for player, cell in zip(board.players, row.cells, strict=True)
        ],
    }


def stored(number: int, replayed: bool) -> JsonResponse:
    return JsonResponse(
        {"result": "already_stored" if replayed else "stored", "number": number},
        status=200 if replayed else 201,
    )
