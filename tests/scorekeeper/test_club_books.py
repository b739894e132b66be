"""A group's book exported and imported whole: on an empty server, twice, refused whole
when it does not add up, its malformed places named."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper import services
from scorekeeper.models import Club, Game, Member

from .clubs import GAME_B, play, wins_table
from .helpers import visible_text


@pytest.fixture(autouse=True)
def english(client, db):
    """The words below are the English ones (French is the default)."""
    client.get("/language/en/")


def upload_book(client, document):
    from django.core.files.uploadedfile import SimpleUploadedFile

    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post(
        "/groups/import/", {"document": SimpleUploadedFile("book.json", raw, "application/json")}
    )


def test_a_groups_book_comes_back_whole_on_an_empty_server(client, group):
    ana = Member.objects.get(name="Ana")
    client.post(group + "players/", {"action": "member", "member": ana.pk, "name": "Anaïs"})
    before = json.loads(client.get(group + "book.json").content)
    assert before["format"] == "rami-score-keeper/book" and len(before["games"]) == 2
    Club.objects.all().delete()
    Game.objects.all().delete()
    response = upload_book(client, before)
    assert response.status_code == 302
    after = json.loads(client.get(response["Location"] + "book.json").content)
    assert after == before
    assert wins_table(client.get(response["Location"]).content.decode())["Anaïs"] == [
        "2",
        "1",
        "50 %",
    ]


def test_a_book_is_stored_in_the_same_queries_for_2_games_or_8(client, group, start_game):
    url = group

    def import_queries() -> tuple[int, str]:
        """Export the book, empty the server, import it: its queries and the new address."""
        document = json.loads(client.get(url + "book.json").content)
        Club.objects.all().delete()
        Game.objects.all().delete()
        with CaptureQueriesContext(connection) as captured:
            response = upload_book(client, document)
        assert response.status_code == 302
        return len(captured), response["Location"]

    few, url = import_queries()
    club = Club.objects.get()
    for _ in range(6):
        g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
        play(client, g.url, GAME_B)
        services.game_finish(game=g.game)
        services.game_attach(game=g.game, club=club)
    many, url = import_queries()
    assert Game.objects.count() == 8 and many == few


def test_a_book_imported_twice_creates_nothing_new(client, group):
    document = json.loads(client.get(group + "book.json").content)
    response = upload_book(client, document)
    assert response.status_code == 422
    assert "already on this server" in visible_text(response.content.decode())
    assert (Club.objects.count(), Game.objects.count(), Member.objects.count()) == (1, 2, 3)


def test_a_book_that_does_not_add_up_is_refused_whole(client, group):
    document = json.loads(client.get(group + "book.json").content)
    Club.objects.all().delete()
    Game.objects.all().delete()
    document["games"][1]["game"]["rounds"][0]["hands"][0]["score"] = 99
    response = upload_book(client, document)
    assert response.status_code == 422
    words = visible_text(response.content.decode())
    assert "games[1].game.rounds[0].hands" in words
    assert (Club.objects.count(), Game.objects.count(), Member.objects.count()) == (0, 0, 0)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(format="x"), "format"),
        (lambda d: d["members"].append(dict(d["members"][0])), "members[3].uuid"),
        (lambda d: d["games"][0].update(members=["nobody"]), "games[0].members"),
        (lambda d: d["history"].append({"action": "exploded"}), "history"),
    ],
)
def test_a_malformed_book_names_the_place(client, group, change, where):
    document = json.loads(client.get(group + "book.json").content)
    Club.objects.all().delete()
    change(document)
    response = upload_book(client, document)
    assert response.status_code == 422
    assert where in visible_text(response.content.decode())
    assert not Club.objects.exists()
