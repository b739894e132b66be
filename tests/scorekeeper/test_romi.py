"""ROMi RAMi sheet: contracts logged during play, the joker token once, trophies and tally."""

import re

from scorekeeper.games.selectors import game_board


def log(client, g, seat, points, colour="H", combos="2", bonus=0, joker=False):
    data = {
        "player": seat,
        "points": points,
        "colour": colour,
        "combos": combos,
        "bonus_cards": bonus,
    }
    if joker:
        data["joker_used"] = "on"
    return client.post(g.url + "romi/contracts/", data)


def test_completed_contracts_add_up_per_player(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    log(client, g, 0, 5, bonus=2)
    log(client, g, 0, 7)
    log(client, g, 1, 4, bonus=1, joker=True)
    lines = game_board(g.game).romi.lines
    assert [(line.points, line.bonus_cards, line.joker_used) for line in lines] == [
        (12, 2, False),
        (4, 1, True),
    ]


def test_the_joker_token_serves_once_per_game(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    assert log(client, g, 0, 5, joker=True).status_code == 302
    assert log(client, g, 0, 5, joker=True).status_code == 422


def test_the_app_says_when_the_end_is_triggered(client, start_game):
    g = start_game("romi-rami", ["A", "B", "C", "D"])
    for _ in range(5):
        log(client, g, 2, 3)
    assert "C a déclenché la fin" in client.get(g.url).content.decode()


def test_trophies_a_tie_gives_nobody_and_the_tally_breaks_ties_on_bonus_cards(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    log(client, g, 0, 10, colour="H", combos="3", bonus=2)
    log(client, g, 1, 10, colour="H", combos="2", bonus=3)
    response = client.post(
        g.url + "romi/finish/",
        {"trophy_H": 3, "trophy_3": 2, "trophy_C": 5, "trophy_5": 2, "early": "on"},
    )
    assert response.status_code == 302
    lines = game_board(g.game).romi.lines
    # Hearts tie: nobody gets it; Judith alone has a 3-card combo: +2; both kept the joker: +1.
    assert [(line.total, line.rank) for line in lines] == [(10 + 2 + 2 + 1, 1), (10 + 3 + 1, 2)]
    assert "Classement final" in client.get(g.url).content.decode()


def test_exactly_four_trophies_are_entered(client, start_game):
    g = start_game("romi-rami", ["A", "B"])
    assert client.post(g.url + "romi/finish/", {"trophy_H": 3}).status_code == 422


def test_a_tie_on_total_goes_to_the_player_with_more_bonus_cards(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    log(client, g, 0, 11, colour="D", combos="2", bonus=1)
    log(client, g, 1, 10, colour="D", combos="2", bonus=2)
    client.post(
        g.url + "romi/finish/",
        {"trophy_H": 3, "trophy_4": 2, "trophy_C": 5, "trophy_5": 2, "early": "on"},
    )
    lines = game_board(g.game).romi.lines
    assert [(line.total, line.rank) for line in lines] == [(13, 2), (13, 1)]


def test_finishing_before_the_end_trigger_must_be_confirmed(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    log(client, g, 0, 10, colour="H", combos="3", bonus=2)
    trophies = {"trophy_H": 3, "trophy_3": 2, "trophy_C": 5, "trophy_5": 2}
    response = client.post(g.url + "romi/finish/", trophies)
    assert response.status_code == 422
    assert "Cochez pour confirmer la fin de la partie maintenant." in response.content.decode()
    assert not game_board(g.game).finished
    assert client.post(g.url + "romi/finish/", {**trophies, "early": "on"}).status_code == 302
    g.game.refresh_from_db()
    assert game_board(g.game).finished


def test_once_the_end_is_triggered_the_trophies_need_no_confirmation(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    for _ in range(7):  # two players: the 7th contract ends the game
        log(client, g, 0, 3)
    html = client.get(g.url).content.decode()
    assert 'name="early"' not in html and "Terminer la partie avant" not in html
    trophies = {"trophy_H": 3, "trophy_3": 2, "trophy_C": 5, "trophy_5": 2}
    assert client.post(g.url + "romi/finish/", trophies).status_code == 302


def test_logging_a_contract_after_the_end_says_so_in_words(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    log(client, g, 0, 3)
    client.post(
        g.url + "romi/finish/",
        {"trophy_H": 3, "trophy_3": 2, "trophy_C": 5, "trophy_5": 2, "early": "on"},
    )
    response = log(client, g, 1, 3)  # a phone that still showed the form
    assert response.status_code == 422
    html = response.content.decode()
    assert "La partie est terminée" in html and "game_over" not in html


def test_removing_a_contract_asks_first_and_can_be_undone(client, start_game):
    from scorekeeper.models import RomiContract

    from .helpers import visible_text

    g = start_game("romi-rami", ["Judith", "Adèle"])
    log(client, g, 1, 9, colour="C", combos="2,3", bonus=2, joker=True)
    contract = RomiContract.objects.get()
    page = client.get(g.url).content.decode()
    assert f'href="{g.url}romi/contracts/{contract.pk}/delete/"' in page
    ask = visible_text(client.get(f"{g.url}romi/contracts/{contract.pk}/delete/").content.decode())
    assert "Retirer ce contrat ?" in ask and "Adèle" in ask
    assert RomiContract.objects.count() == 1  # asking changes nothing
    client.post(f"{g.url}romi/contracts/{contract.pk}/delete/")
    assert RomiContract.objects.count() == 0
    page = client.get(g.url).content.decode()
    assert "Annuler : contrat d’Adèle retiré" in visible_text(page)
    entry = re.search(r'name="entry" value="(\d+)"', page).group(1)
    client.post(g.url + "undo-last/", {"entry": entry})
    back = RomiContract.objects.get()
    assert (back.player.name, back.points, back.colour, back.combos) == ("Adèle", 9, "C", "2,3")
    assert (back.bonus_cards, back.joker_used) == (2, True)
