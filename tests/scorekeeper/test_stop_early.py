"""Stop early: any game ends at the table's word, after a confirmation, with its final
ranking and its place in the group's book; reopening takes it up where it stopped."""

import pytest

from scorekeeper.models import Game, HistoryEntry

from .helpers import round_data, visible_text
from .test_clubs import wins_table


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def play(client, g, *rounds):
    for points in rounds:
        assert client.post(g.url + "rounds/", round_data(points, out=0)).status_code == 302


def test_a_seven_round_game_stopped_after_round_5_asks_first(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, *[{1: "10", 2: "20"}] * 5)
    page = visible_text(client.get(g.url).content.decode())
    assert "End the game here…" in page
    confirm = visible_text(client.get(g.url + "finish/").content.decode())
    assert "The game stops after round 5 of 7." in confirm
    assert "Yes, end the game" in confirm and "Keep playing" in confirm
    assert Game.objects.get().finished_at is None  # asking changes nothing


def test_the_stopped_game_shows_its_final_ranking_and_where_it_stopped(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, *[{1: "10", 2: "20"}] * 5)
    assert client.post(g.url + "finish/").status_code == 302
    page = visible_text(client.get(g.url).content.decode())
    assert "Final ranking" in page and "Ana wins!" in page
    assert "Stopped after round 5 of 7." in page
    assert "Continue the game" in page
    assert HistoryEntry.objects.filter(action=HistoryEntry.Action.FINISHED).count() == 1


def test_reopening_a_stopped_game_goes_on_with_round_6(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, *[{1: "10", 2: "20"}] * 5)
    client.post(g.url + "finish/")
    client.post(g.url + "reopen/")
    page = visible_text(client.get(g.url).content.decode())
    assert "Round 6 of 7" in page and "Final ranking" not in page


def test_a_game_that_played_all_its_rounds_offers_no_reopening(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, *[{1: "10", 2: "20"}] * 7)
    page = visible_text(client.get(g.url).content.decode())
    assert "Final ranking" in page and "Continue the game" not in page
    assert "7 rounds played." in page


def test_a_game_stopped_early_counts_in_its_groups_book(client, db):
    made = client.post("/groups/new/", {"name": "Thursday", "names": "Ana\nBen\nCléo"})
    group = made["Location"]
    token = group.rstrip("/").rsplit("/", 1)[-1]
    names = {"name_0": "Ana", "name_1": "Ben", "name_2": "Cléo", "first_dealer": "0"}
    started = client.post("/new/", {"club": token, "rules": "rami-contrat", **names})
    game = started["Location"]
    for _ in range(5):
        client.post(game + "rounds/", round_data({1: "10", 2: "20"}, out=0))
    assert "1 game in progress is not counted yet." in visible_text(
        client.get(group).content.decode()
    )
    client.post(game + "finish/")
    html = client.get(group).content.decode()
    assert "not counted yet" not in visible_text(html)
    assert wins_table(html)["Ana"] == ["1", "1", "100 %"]  # played, won, rate


def test_ending_a_game_twice_is_one_end(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    play(client, g, {1: "10"})
    client.post(g.url + "finish/")
    client.post(g.url + "finish/")  # a second phone's tap, a moment later
    assert HistoryEntry.objects.filter(action=HistoryEntry.Action.FINISHED).count() == 1


def test_the_group_s_list_of_games_says_where_a_stopped_game_stopped(client, db):
    made = client.post("/groups/new/", {"name": "Thursday", "names": "Ana\nBen\nCléo"})
    group = made["Location"]
    token = group.rstrip("/").rsplit("/", 1)[-1]
    names = {"name_0": "Ana", "name_1": "Ben", "name_2": "Cléo", "first_dealer": "0"}
    game = client.post("/new/", {"club": token, "rules": "rami-contrat", **names})["Location"]
    for _ in range(5):
        client.post(game + "rounds/", round_data({1: "10", 2: "20"}, out=0))
    client.post(game + "finish/")
    assert "stopped after round 5 of 7" in visible_text(client.get(group).content.decode())
    assert "stopped after round 5 of 7" in visible_text(
        client.get(group + "games/").content.decode()
    )
