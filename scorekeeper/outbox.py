"""What a phone's outbox is told when it replays a round entry: stored, or why not, as JSON.

The phone keeps the entry until it gets one of these answers, and shows a refusal with both
versions (the user's and the stored one), so nothing entered offline is dropped silently.
"""

from __future__ import annotations

from django.http import JsonResponse

from .selectors import Board, Row
from .templatetags.rami import fact_badge


def wants_json(request) -> bool:
    return request.headers.get("X-Outbox") == "1"


def row_answer(board: Board, row: Row) -> dict:
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


def refused(code: str, message: str, status: int, form=None, **extra) -> JsonResponse:
    """A refusal the user must see; `fields` repeats the form's errors per field."""
    fields = {
        name: [str(m) for m in errors] for name, errors in (form.errors.items() if form else [])
    }
    return JsonResponse(
        {"error": code, "message": message, "fields": fields, **extra}, status=status
    )


def form_message(form) -> str:
    """One sentence for the phone: the first problem the form found."""
    for errors in form.errors.values():
        if errors:
            return str(errors[0])
    return ""
