"""French by default, English on request; rule texts follow the language."""


def test_the_app_speaks_french_by_default(client, start_game):
    g = start_game("rami-contrat", ["A", "B", "C"])
    html = client.get(g.url).content.decode()
    assert 'lang="fr"' in html and "Deux brelans d&#x27;exactement 3 cartes" in html


def test_english_can_be_chosen_and_the_contract_follows(client, start_game):
    g = start_game("rami-contrat", ["A", "B", "C"])
    client.get("/language/en/", {"next": g.url})
    html = client.get(g.url).content.decode()
    assert 'lang="en"' in html
    assert "Two sets of exactly 3" in html and "Round 1 of 7" in html and "Dealer" in html


def test_engine_messages_follow_the_language(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    client.get("/language/en/", {"next": "/"})
    response = client.post(g.url + "rounds/", {"went_out": "0", "points_1": "-4"})
    assert "A hand cannot be below 0." in response.content.decode()


def test_the_admin_lists_games_players_and_rounds(admin_client, start_game):
    start_game("liverpool", ["Anna", "Ben"])
    assert "liverpool" in admin_client.get("/admin/scorekeeper/game/").content.decode()
    assert "Anna" in admin_client.get("/admin/scorekeeper/player/").content.decode()
    assert admin_client.get("/admin/scorekeeper/round/").status_code == 200
