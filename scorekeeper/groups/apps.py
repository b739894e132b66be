from __future__ import annotations

from django.apps import AppConfig


class GroupsConfig(AppConfig):
    """The groups and their book; it follows the games' news (games/signals.py)."""

    name = "scorekeeper.groups"
    label = "groups"

    def ready(self) -> None:
        # Read once the apps are loaded, as Django asks of code that touches models.
        from scorekeeper.games.signals import game_started, player_joined, player_renamed
        from scorekeeper.groups.services import (
            book_follows_rename,
            book_takes_game,
            member_of_joined,
        )

        player_joined.connect(member_of_joined, dispatch_uid="groups.member_of_joined")
        game_started.connect(book_takes_game, dispatch_uid="groups.book_takes_game")
        player_renamed.connect(book_follows_rename, dispatch_uid="groups.book_follows_rename")
