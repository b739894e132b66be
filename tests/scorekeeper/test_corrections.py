"""Correcting mistakes: edit any round, delete the last, undo, and a visible history."""

import re

from scorekeeper.models import HistoryEntry, Round

from .helpers import round_data, texts, totals


def play(client, g, *rounds):
    for data in rounds:
        assert client.post(g.url + "rounds/", data).status_code == 302


def test_correcting_an_old_round_changes_the_totals(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    play(
        client,
        g,
        round_data({1: "10"}, out=0),
        round_data({0: "20"}, out=1),
        round_data({1: "5"}, out=0),
    )
    version = Round.objects.get(number=1).version
    response = client.post(g.url + "rounds/1/edit/", round_data({1: "40"}, out=0, version=version))
    assert response.status_code == 302
    assert totals(g.game) == [20, 45]


def test_the_edit_form_is_prefilled_with_the_stored_round(client, start_game):
    g = start_game("rami-contrat-13", ["A", "B"])
    play(client, g, round_data({1: "12"}, out=0, opened_first=1))
    html = client.get(g.url + "rounds/1/edit/").content.decode()
    assert re.search(r'<input(?=[^>]*name="points_1")[^>]*value="12"', html)
    assert re.search(r'<input(?=[^>]*name="opened_first")(?=[^>]*value="1")[^>]*checked', html)


def test_a_stale_correction_is_a_conflict_that_keeps_the_users_values(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    play(client, g, round_data({1: "10"}, out=0))
    client.post(g.url + "rounds/1/edit/", round_data({1: "11"}, out=0, version=1))
    response = client.post(g.url + "rounds/1/edit/", round_data({1: "99"}, out=0, version=1))
    html = response.content.decode()
    assert response.status_code == 409
    assert "B 11" in html  # the stored value is shown
    assert 'value="99"' in html  # the user's value is offered back
    assert totals(g.game) == [0, 11]


def test_only_the_last_round_can_be_deleted_after_confirmation(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    play(client, g, round_data({1: "10"}, out=0), round_data({1: "20"}, out=0))
    assert "Supprimer" in client.get(g.url + "rounds/2/delete/").content.decode()
    assert Round.objects.count() == 2  # asking is not deleting
    assert client.post(g.url + "rounds/1/delete/").status_code == 409
    assert client.post(g.url + "rounds/2/delete/").status_code == 302
    assert totals(g.game) == [0, 10]


def test_a_deleted_round_comes_back_with_undo(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    play(client, g, round_data({1: "10"}, out=0), round_data({1: "20"}, out=0))
    client.post(g.url + "rounds/2/delete/")
    entry = HistoryEntry.objects.get(action="deleted")
    assert client.post(g.url + f"history/{entry.pk}/undo/").status_code == 302
    assert totals(g.game) == [0, 30]
    assert client.post(g.url + f"history/{entry.pk}/undo/").status_code == 409


def test_a_correction_can_be_undone(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    play(client, g, round_data({1: "10"}, out=0))
    client.post(g.url + "rounds/1/edit/", round_data({1: "40"}, out=0, version=1))
    entry = HistoryEntry.objects.get(action="edited")
    client.post(g.url + f"history/{entry.pk}/undo/")
    assert totals(g.game) == [0, 10]


def test_the_history_shows_what_changed_old_to_new(client, start_game):
    g = start_game("liverpool", ["Anna", "Ben"])
    play(client, g, round_data({1: "10"}, out=0))
    client.post(g.url + "rounds/1/edit/", round_data({1: "40"}, out=0, version=1))
    html = client.get(g.url + "history/").content.decode()
    assert "manche corrigée" in html
    assert "Ben: 10 → 40" in html


def test_deleting_the_last_round_of_a_finished_game_reopens_it(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    play(client, g, *[round_data({1: "2"}, out=0)] * 7)
    client.post(g.url + "rounds/7/delete/")
    assert "Manche 7 sur 7" in client.get(g.url).content.decode()


def test_play_again_keeps_the_table_and_the_dealer_continues(client, start_game):
    g = start_game("liverpool", ["A", "B", "C"], first_dealer=0)
    play(client, g, *[round_data({1: "2", 2: "2"}, out=0)] * 7)
    response = client.post(g.url + "again/")
    html = client.get(response["Location"]).content.decode()
    assert "Manche 1 sur 7" in html
    card = texts(html, "section", "round-card")[0]
    assert "Donneur B " in card  # 7 deals from A: A B C A B C A, then B


def test_the_history_leaves_out_players_a_correction_did_not_change(client, start_game):
    g = start_game("liverpool", ["Anna", "Ben", "Cléo"])
    play(client, g, round_data({1: "10", 2: "20"}, out=0))
    client.post(g.url + "rounds/1/edit/", round_data({1: "40", 2: "20"}, out=0, version=1))
    changes = texts(client.get(g.url + "history/").content.decode(), "ul", "changes")[0]
    assert changes == "Ben: 10 → 40"


def test_the_game_page_undoes_the_last_round_entered(client, start_game):
    g = start_game("liverpool", ["Anna", "Ben"])
    play(client, g, round_data({1: "10"}, out=0), round_data({1: "20"}, out=0))
    page = client.get(g.url).content.decode()
    assert "↶ Annuler : manche 2 saisie" in texts(page, "button")
    entry = re.search(r'name="entry" value="(\d+)"', page).group(1)
    assert client.post(g.url + "undo-last/", {"entry": entry}).status_code == 302
    assert totals(g.game) == [0, 10]
    # The deletion it made is the latest change now: undoing it brings round 2 back.
    page = client.get(g.url).content.decode()
    assert "↶ Annuler : manche 2 supprimée" in texts(page, "button")
    entry = re.search(r'name="entry" value="(\d+)"', page).group(1)
    client.post(g.url + "undo-last/", {"entry": entry})
    assert totals(g.game) == [0, 30]


def test_undo_of_a_change_that_is_no_longer_the_last_is_refused(client, start_game):
    g = start_game("liverpool", ["Anna", "Ben"])
    play(client, g, round_data({1: "10"}, out=0))
    entry = re.search(r'name="entry" value="(\d+)"', client.get(g.url).content.decode()).group(1)
    play(client, g, round_data({1: "20"}, out=0))  # another phone enters round 2 meanwhile
    response = client.post(g.url + "undo-last/", {"entry": entry})
    assert response.status_code == 409
    assert totals(g.game) == [0, 30]
