"""Shared fixtures: a started game of any system, and its two links."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper import services
from scorekeeper.models import Game


@dataclass
class StartedGame:
    game: Game
    edit: str  # the edit token
    view: str  # the view-only token

    @property
    def url(self) -> str:
        return f"/g/{self.edit}/"

    @property
    def view_url(self) -> str:
        return f"/g/{self.view}/"


@pytest.fixture
def start_game(db):
    """start_game("rami-contrat", ["A", "B", "C"], first_dealer=0, options={}) -> StartedGame."""

    def start(slug: str, names: list[str], first_dealer: int = 0, options: dict | None = None):
        game, edit, view = services.game_start(
            rules_slug=slug, names=names, first_dealer=first_dealer, options=options or {}
        )
        return StartedGame(game, edit, view)

    return start


@pytest.fixture(autouse=True)
def plain_static_files(settings):
    """Tests run without collectstatic: serve static files by plain names from the finders."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
