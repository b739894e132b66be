"""The group's book kept up to date: a game's results are stored again whenever the game
changes (the book's pages only read them)."""

from __future__ import annotations

from scorekeeper.groups.book import RECORD_FIELDS, game_results
from scorekeeper.models import GameResult


def summarise(game_ids: list[int]) -> None:
    """Sum these games up again and store their result rows (a few queries however many)."""
    GameResult.objects.bulk_create(
        game_results(game_ids),
        update_conflicts=True,
        unique_fields=["player"],
        update_fields=["version", "finished", *RECORD_FIELDS],
    )
