"""Rename or replace a player, archive a game, delete it: with confirmation, never by a viewer."""

import pytest

from scorekeeper.models import Game, HistoryEntry

from .helpers import round_data, texts, totals


def rename(client, g, seat, name, change="rename"):
    return client.post(
        f"{g.url}players/",
        {
            "seat": str(seat),
            f"seat{seat}-seat": str(seat),
            f"seat{seat}-name": name,
            f"seat{seat}-change": change,
        },
    )


def test_a_player_renamed_keeps_the_seat_and_its_score(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    client.post(g.url + "rounds/", round_data({1: "12"}, out=0))
    assert rename(client, g, 1, "Benoît").status_code == 302
    assert [p.name for p in g.game.players.all()] == ["Ana", "Benoît"]
    assert totals(g.game) == [0, 12]
    entry = HistoryEntry.objects.get(game=g.game, action="renamed")
    assert (entry.before["name"], entry.after["name"]) == ("Ben", "Benoît")
    history = client.get(g.url + "history/").content.decode()
    assert "Ben → Benoît" in texts(history, "p")


def test_a_player_replaced_mid_game_is_recorded_as_a_replacement(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    client.post(g.url + "rounds/", round_data({1: "12"}, out=0))
    assert rename(client, g, 1, "Chloé", change="replace").status_code == 302
    assert totals(g.game) == [0, 12]
    assert HistoryEntry.objects.filter(game=g.game, action="replaced").count() == 1
    assert "joueur remplacé" in client.get(g.url + "history/").content.decode()


@pytest.mark.parametrize(
    ("name", "message"),
    [("ana", "Un autre joueur a déjà ce nom."), ("", "Ce champ est obligatoire.")],
)
def test_a_name_already_at_the_table_or_empty_is_refused(client, start_game, name, message):
    g = start_game("liverpool", ["Ana", "Ben"])
    response = rename(client, g, 1, name)
    assert response.status_code == 422
    assert message in texts(response.content.decode(), "span", "field-error")
    assert [p.name for p in g.game.players.all()] == ["Ana", "Ben"]


def test_a_view_only_link_cannot_rename_archive_or_delete(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    view = g.view_url
    assert (
        client.post(
            f"{view}players/",
            {"seat": "1", "seat1-seat": "1", "seat1-name": "X", "seat1-change": "rename"},
        ).status_code
        == 403
    )
    assert client.post(f"{view}archive/", {"archived": "1"}).status_code == 403
    assert client.post(f"{view}delete/", {"confirm": "yes"}).status_code == 403
    assert Game.objects.filter(pk=g.game.pk, archived_at=None).exists()


def test_an_archived_game_leaves_the_list_but_stays_reachable(client, start_game):
    g = start_game("liverpool", ["Zoé un", "Ben"])
    client.get(g.url)  # the phone remembers it
    assert client.post(f"{g.url}archive/", {"archived": "1"}).status_code == 302
    home = client.get("/").content.decode()
    assert "Pas encore de partie sur ce téléphone." in texts(home, "p")
    assert "1 partie archivée" in texts(home, "summary")
    assert "Zoé un" in texts(home, "details", "archived")[0]
    assert client.get(g.url).status_code == 200
    client.post(f"{g.url}archive/", {"archived": "0"})
    assert "Zoé un" in texts(client.get("/").content.decode(), "ul", "games")[0]


def test_deleting_a_game_needs_the_confirmation(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    assert "Supprimer la partie" in client.get(f"{g.url}delete/").content.decode()
    assert client.post(f"{g.url}delete/", {}).status_code == 422
    assert Game.objects.filter(pk=g.game.pk).exists()
    response = client.post(f"{g.url}delete/", {"confirm": "yes"})
    assert response.status_code == 302 and response["Location"] == "/?deleted=1"
    assert not Game.objects.filter(pk=g.game.pk).exists()
    assert client.get(g.url).status_code == 404


def test_a_returning_phone_opens_on_the_game_in_progress(client, start_game):
    assert "Reprendre" not in client.get("/").content.decode()  # nothing to resume yet
    done = start_game("liverpool", ["Ana", "Ben"])
    client.get(done.url)
    for _ in range(7):
        client.post(done.url + "rounds/", round_data({1: "5"}, out=0))
    watched = start_game("rami-51", ["Cy", "Dan"])
    client.get(watched.view_url)  # only watched from this phone
    playing = start_game("rami-contrat", ["Éva", "Fred", "Gus"])
    client.get(playing.url)
    client.get(done.url)  # opened last, but finished
    home = client.get("/").content.decode()
    resume = home.split('class="resume"')[1].split("</p>")[0]
    assert f'href="{playing.url}"' in resume and "Reprendre" in resume
    assert "Éva, Fred, Gus" in resume
    assert home.index('class="resume"') < home.index("Nouvelle partie")
