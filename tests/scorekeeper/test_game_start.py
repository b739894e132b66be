"""Starting a game: system, players in seat order, first dealer, options, recent names."""

import pytest

from scorekeeper.models import Game

from .helpers import texts


def new_game(client, **fields):
    data = {"rules": "rami-contrat", "first_dealer": "random", **fields}
    return client.post("/new/", data)


@pytest.mark.django_db
def test_it_starts_a_game_and_opens_its_edit_page(client):
    response = new_game(client, name_0="Alice", name_1="Bob", name_2="Chloé", first_dealer="1")
    assert response.status_code == 302
    game = Game.objects.get()
    assert [p.name for p in game.players.all()] == ["Alice", "Bob", "Chloé"]
    assert game.first_dealer == 1
    page = client.get(response["Location"])
    assert "Bob" in texts(page.content.decode(), "label", "hand-name")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "slug", ["rami-contrat", "liverpool", "rami-51", "rami-contrat-13", "romi-rami"]
)
def test_every_system_can_be_started_and_shown(client, slug):
    response = new_game(client, rules=slug, name_0="Ann", name_1="Ben", name_2="Cid")
    assert response.status_code == 302
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.django_db
def test_it_refuses_a_player_count_the_system_does_not_allow(client):
    response = new_game(client, name_0="Alice", name_1="Bob")  # rami-contrat is for 3 to 5
    assert response.status_code == 422
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_it_refuses_two_players_with_the_same_name(client):
    response = new_game(client, name_0="Alice", name_1="alice", name_2="Bob")
    assert response.status_code == 422


@pytest.mark.django_db
def test_empty_name_fields_between_names_are_skipped(client):
    new_game(client, name_0="Alice", name_3="Bob", name_5="Chloé")
    assert [p.seat for p in Game.objects.get().players.all()] == [0, 1, 2]


@pytest.mark.django_db
def test_a_random_first_dealer_is_one_of_the_players(client):
    new_game(client, name_0="A", name_1="B", name_2="C")
    assert 0 <= Game.objects.get().first_dealer < 3


@pytest.mark.django_db
def test_the_options_are_kept(client):
    new_game(client, rules="rami-51", name_0="A", name_1="B", **{"rami-51-rounds": "5"})
    new_game(client, rules="liverpool", name_0="A", name_1="B", **{"liverpool-no_jokers": "1"})
    assert [g.options for g in Game.objects.order_by("pk")] == [{"rounds": 5}, {"no_jokers": True}]


@pytest.mark.django_db
def test_recent_names_are_offered_again(client):
    new_game(client, name_0="Zoé", name_1="Yann", name_2="Xavier")
    assert '<option value="Zoé">' in client.get("/new/").content.decode()


@pytest.mark.django_db
def test_the_device_lists_its_games_newest_first(client):
    # Names no random token can hold (a space, an accent), looked for in the list's items only.
    new_game(client, name_0="Zoé un", name_1="B1", name_2="C1")
    new_game(client, rules="liverpool", name_0="Zoé deux", name_1="B2")
    items = " | ".join(texts(client.get("/").content.decode(), "li"))
    assert 0 <= items.index("Zoé deux") < items.index("Zoé un")


@pytest.mark.django_db
def test_a_name_with_markup_is_shown_escaped(client):
    new_game(client, name_0="<b>Bob</b>", name_1="A", name_2="C")
    game = Game.objects.get()
    html = client.get("/").content.decode()
    assert "&lt;b&gt;Bob&lt;/b&gt;" in html
    assert game.players.first().name == "<b>Bob</b>"


@pytest.mark.parametrize("dealer", ["²", "٣", "1" * 5000, "-1", "3"])
def test_a_first_dealer_that_is_not_a_seat_is_refused(client, db, dealer):
    response = client.post(
        "/new/",
        {
            "rules": "rami-contrat",
            "name_0": "A",
            "name_1": "B",
            "name_2": "C",
            "first_dealer": dealer,
        },
    )
    assert response.status_code == 422
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_rami_51_may_count_a_joker_in_the_opening_as_its_card(client):
    form = client.get("/new/").content.decode()
    assert 'name="rami-51-joker_counts_as_card"' in form and 'data-for="rami-51"' in form
    new_game(
        client, rules="rami-51", name_0="A", name_1="B", **{"rami-51-joker_counts_as_card": "1"}
    )
    game = Game.objects.get()
    assert game.options == {"joker_counts_as_card": True} and game.seats == 2
    assert game.table.options.joker_counts_as_card


@pytest.mark.django_db
def test_an_option_another_game_offers_is_not_kept(client):
    other = {"rami-51-rounds": "4", "liverpool-no_jokers": "1", "no_jokers": "1"}
    new_game(client, rules="rami-contrat-13", name_0="A", name_1="B", **other)
    assert Game.objects.get().options == {}
