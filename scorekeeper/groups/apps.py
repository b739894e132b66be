from __future__ import annotations

from django.apps import AppConfig


class GroupsConfig(AppConfig):
    """The groups and their book; it follows the games' news (games/signals.py)."""

    name = "scorekeeper.groups"
    label = "groups"

    def ready(self) -> None:
        # Read once the apps are loaded, as Django asks of code that touches models.
        from scorekeeper.games.signals import player_joined
        from scorekeeper.groups.services import member_of_joined

        player_joined.connect(member_of_joined, dispatch_uid="groups.member_of_joined")
