"""The scoreboard, round entry and PDF export cost a fixed number of SQL queries, however many
players and rounds the game has."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from .helpers import round_data

SAVEPOINTS = ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")
NAMES = ["Ana", "Ben", "Cléo", "Dan", "Eve", "Fred", "Gil", "Hugo"]
# Upper bounds on the statements sent (the test's savepoints aside: in production the write
# is one transaction); the counts must also be equal across the four game sizes. An edit
# holder's page also reads the latest change (its undo). A round entry: the game, its
# players and rounds, then the game locked with its count of rounds, the round, its scores,
# its history entry and the game's new version; its answer reads nothing back.
LIMITS = {"scoreboard": 8, "live": 5, "round entry": 8, "pdf": 4}


def played_game(start_game, client, players: int, rounds: int):
    g = start_game("liverpool", NAMES[:players])
    for _ in range(rounds):
        points = {seat: "5" for seat in range(1, players)}
        assert client.post(g.url + "rounds/", round_data(points, out=0)).status_code == 302
    return g


def requests(client, g, players):
    points = {seat: "7" for seat in range(1, players)}
    return {
        "scoreboard": lambda: client.get(g.url),
        "live": lambda: client.get(g.url + "live/"),
        "round entry": lambda: client.post(
            g.url + "rounds/", round_data(points, out=0), HTTP_HX_REQUEST="true"
        ),
        "pdf": lambda: client.get(g.url + "grid.pdf"),
    }


# Reads on games of 1 and 7 rounds; a round entered after 1 and after 5 rounds (entering
# the 7th also closes the game: one more, fixed, query).
ROUNDS = {"scoreboard": (1, 7), "live": (1, 7), "round entry": (1, 5), "pdf": (1, 7)}


@pytest.mark.parametrize("request_name", list(LIMITS))
def test_query_count_is_constant(request_name, start_game, client):
    found = {}
    for players in (2, 8):
        for rounds in ROUNDS[request_name]:
            g = played_game(start_game, client, players, rounds)
            client.get(g.url)  # the session remembers the game once
            call = requests(client, g, players)[request_name]
            with CaptureQueriesContext(connection) as queries:
                assert call().status_code == 200
            sent = [q["sql"] for q in queries if not q["sql"].startswith(SAVEPOINTS)]
            assert len(sent) <= LIMITS[request_name], sent
            found[(players, rounds)] = len(sent)
    assert len(set(found.values())) == 1, found


@pytest.mark.django_db
def test_the_home_page_costs_the_same_queries_for_1_or_20_games(
    client, django_assert_max_num_queries
):
    counts = []
    for games in (1, 20):
        client.cookies.clear()
        for n in range(games):
            data = {
                "rules": "liverpool",
                "name_0": f"Ana {n}",
                "name_1": "Ben",
                "first_dealer": "0",
            }
            assert client.post("/new/", data).status_code == 302
        with CaptureQueriesContext(connection) as queries:
            html = client.get("/").content.decode()
        assert html.count('class="games"') >= 1 and f"Ana {games - 1}" in html
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 2
