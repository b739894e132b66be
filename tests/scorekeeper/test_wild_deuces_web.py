"""Wild deuces on the web: the house rule chosen for a game, the checker and the API, the
card picker and the score, the rules page, and a table's own game built with them."""

import pytest

from scorekeeper.models import Game, Round

from .helpers import round_data, visible_text
from .test_house_rules_web import english, new_game
from .test_own_games import builder, made


@pytest.mark.django_db
def test_the_api_reads_a_deuce_as_wild_only_where_the_table_plays_it(client):
    body = {"rules": "shanghai", "round": 1, "melds": "7H 2C 7S | 8D 8S 8H"}

    def check(**extra):
        return client.post("/api/check", {**body, **extra}, content_type="application/json")

    assert check().json()["valid"] is False
    answer = check(options={"wild_deuces": "black"}).json()
    assert answer["valid"] is True
    assert answer["melds"][0] == ["7H", "2C=7C", "7S"]
    red = check(options={"wild_deuces": "red"}).json()
    assert red["valid"] is False


@pytest.mark.django_db
def test_the_finder_plays_a_deuce_wild_for_the_table_that_does(client):
    body = {"rules": "contract-rummy", "round": 1, "hand": "7H 7S 2C 9D 9S 2D KH QS 4C 5D 6H"}
    plain = client.post("/api/solve", body, content_type="application/json").json()
    assert plain["found"] is False
    options = {"wild_deuces": "all"}
    wild = client.post("/api/solve", {**body, "options": options}, content_type="application/json")
    assert wild.json()["found"] is True


@pytest.mark.django_db
def test_the_checker_page_shows_the_deuce_and_the_card_it_stands_for(client):
    english(client)
    query = {"rules": "contract-rummy", "round": "2", "melds": "7H 7S 7D | 5D 6D 2S 8D"}
    assert "Not valid" in client.get("/check/", query).content.decode()
    page = client.get("/check/", {**query, "wild_deuces": "all"}).content.decode()
    assert "✓ Valid" in page and "5 to 8 of diamonds; 2 of spades = 7 of diamonds" in page


@pytest.mark.django_db
def test_a_black_deuce_left_in_hand_counts_as_a_joker_and_has_its_own_key(client, start_game):
    g = start_game("contract-rummy", ["Ana", "Ben", "Cléo"], options={"wild_deuces": "black"})
    page = client.get(g.url).content.decode()
    assert 'data-card="2♠"' in page and 'data-card="2"' in page
    client.post(g.url + "rounds/", round_data({1: "5"}, out=0, cards_2="2♠ 2 K"))
    scores = Round.objects.get(game=g.game).scores.order_by("player__seat")
    assert [s.score for s in scores] == [0, 5, 15 + 2 + 10]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "label", "own"),
    [
        ("en", "Wild deuces", "jokers only"),
        ("fr", "Les deux servent de jokers", "les jokers seuls"),
        ("es", "Doses comodín", "solo los comodines"),
    ],
)
def test_the_rules_page_offers_wild_deuces_to_shanghai_and_contract_rummy(
    client, language, label, own
):
    client.get(f"/language/{language}/")
    for slug in ("shanghai", "contract-rummy"):
        page = visible_text(client.get(f"/rules/{slug}/").content.decode())
        assert label in page and own in page


@pytest.mark.django_db
def test_a_tables_own_game_plays_the_black_deuces_wild_at_its_own_value(client):
    english(client)
    data = builder(client, "contract-rummy")
    assert data["wild_deuces"] == "none" and data["wild_deuce_points"] == ""
    house, token = made(client, "contract-rummy", wild_deuces="black", wild_deuce_points="20")
    assert house.document["melds"]["wild_deuces"] == "black"
    assert house.document["values"]["wild_deuce"] == 20
    page = visible_text(client.get(f"/own/{token}/").content.decode())
    assert "The black deuces (♠ ♣) are wild too" in page
    assert "A wild deuce left in hand: 20." in page


@pytest.mark.django_db
@pytest.mark.parametrize("wild", ["all", "black", "red"])
def test_the_new_game_form_takes_each_way_to_play_wild_deuces(client, wild):
    answer = new_game(client, "shanghai", ["Ana", "Ben", "Cléo"], wild_deuces=wild)
    assert answer.status_code == 302
    assert Game.objects.get().options == {"wild_deuces": wild}


@pytest.mark.django_db
def test_the_hand_being_tapped_is_shown_as_its_keys_with_its_value(client, start_game):
    g = start_game("contract-rummy", ["Ana", "Ben", "Cléo"], options={"wild_deuces": "black"})
    answer = client.get(g.url + "hand-value/", {"seat": "1", "cards_1": "2♠ 2 K"})
    assert answer.content.decode().strip() == "<span>2♠ 2 K = <strong>27</strong></span>"
