"""The builder of a table's own game, driven through its pages: its form, a save, a game
saved from a known one, and a game of three started with it."""

from __future__ import annotations

import re

from scorekeeper.models import Game, HouseGame
from tests.scorekeeper.form_data import form_data


def builder(client, start="carioca"):
    page = client.get(f"/own/new/?from={start}")
    assert page.status_code == 200
    return form_data(page.content.decode())


def save(client, data, **changes):
    posted = {**data, **changes}
    posted.setdefault("action", "save")
    return client.post("/own/create/", posted)


def made(client, start="carioca", **changes):
    answer = save(client, builder(client, start), **changes)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    token = answer["Location"].split("/")[2]
    return HouseGame.objects.get(), token


def made_from(client, data):
    answer = save(client, data)
    assert answer.status_code == 302
    return HouseGame.objects.get(), answer["Location"].split("/")[2]


def start_from(client, house, token):
    """A game of three started from the own game's share link; the answer of the form."""
    page = client.get(f"/own/{token}/").content.decode()
    share = re.search(r"/own/([^/]+)/grid\.pdf", page).group(1)
    assert client.get(f"/new/?own={share}").status_code == 200
    answer = client.post(
        "/new/",
        {
            "own": share,
            "rules": house.document["slug"],
            "first_dealer": "0",
            "name_0": "Ana",
            "name_1": "Beto",
            "name_2": "Coni",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    return answer


def started(client, **changes):
    """A table's own Carioca (jokers 30, no round the corner) and a game of three with it."""
    house, token = made(client, joker_points="30", aces="low_or_high", **changes)
    answer = start_from(client, house, token)
    return Game.objects.get(), answer["Location"].split("/")[2]
