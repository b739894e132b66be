"""Posting a round the way the form does."""

from __future__ import annotations


def round_data(points: dict[int, str] | None = None, out: int | str | None = None, **extra) -> dict:
    data = {f"points_{seat}": value for seat, value in (points or {}).items()}
    if out is not None:
        data["went_out"] = str(out)
    data.update({k: str(v) for k, v in extra.items()})
    return data


def totals(game) -> list[int]:
    from scorekeeper.selectors import game_board

    return game_board(game).totals
