"""The builder's plumbing: rows added or removed in the posted fields, a file handed out."""

from __future__ import annotations

from django.http import HttpResponse, QueryDict

from scorekeeper.own_games.builder import MOST_DECK_ROWS, MOST_ROUNDS
from scorekeeper.own_games.contract_rows import every_name


def _round_keys(n: int) -> list[str]:
    return [f"cards_{n}", f"all_out_{n}", f"no_jokers_{n}", f"runs_{n}", *every_name(n)]


def grown(posted: QueryDict, action: str, row: str) -> QueryDict:
    """The posted fields with a round added (a copy of the last), a round removed (the rows
    after it move up) or a row of decks added."""
    data = posted.copy()
    rounds = _count(data.get("rounds"), MOST_ROUNDS)
    if action == "add_round" and rounds < MOST_ROUNDS:
        for old, new in zip(_round_keys(rounds - 1), _round_keys(rounds), strict=True):
            if old in data:
                data.setlist(new, data.getlist(old))
        data["rounds"] = str(rounds + 1)
    elif action == "remove_round" and rounds > 1 and row.isdigit() and int(row) < rounds:
        for n in range(int(row), rounds - 1):
            for old, new in zip(_round_keys(n + 1), _round_keys(n), strict=True):
                data.pop(new, None)
                if old in data:
                    data.setlist(new, data.getlist(old))
        for key in _round_keys(rounds - 1):
            data.pop(key, None)
        data["rounds"] = str(rounds - 1)
    elif action == "add_decks":
        data["deck_rows"] = str(
            min(_count(data.get("deck_rows"), MOST_DECK_ROWS) + 1, MOST_DECK_ROWS)
        )
    return data


def _count(value: object, most: int) -> int:
    text = str(value or "")
    return max(1, min(int(text), most)) if text.isdigit() and len(text) <= 2 else 1


def downloaded(content: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/toml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
