"""Fixtures of several test modules of the web app."""

from __future__ import annotations

import pytest

from .clubs import GAME_A, GAME_B, play


@pytest.fixture
def group(client, db):
    """A group of Ana, Ben and Cléo with games A and B finished; returns its edit URL."""
    response = client.post("/groups/new/", {"name": "Jeudi", "names": "Ana\nBen\nCléo"})
    assert response.status_code == 302
    url = response["Location"]
    token = url.rstrip("/").rsplit("/", 1)[-1]
    for deals in (GAME_A, GAME_B):
        response = client.post(
            f"/new/?club={token}",
            {
                "club": token,
                "rules": "rami-contrat",
                "name_0": "Ana",
                "name_1": "Ben",
                "name_2": "Cléo",
                "first_dealer": "0",
            },
        )
        game_url = response["Location"]
        play(client, game_url, deals)
        client.post(game_url + "finish/")
    return url
