"""A group's pages and stored results cost a fixed number of queries, and reading never writes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper import services
from scorekeeper.models import Club, Game, GameResult, RoundScore

from .clubs import GAME_B, play, wins_table


@pytest.fixture(autouse=True)
def english(client, db):
    """The words below are the English ones (French is the default)."""
    client.get("/language/en/")


def test_the_group_page_costs_the_same_queries_for_2_games_or_12(client, group, start_game):
    club = Club.objects.get()

    def queries():
        client.get(group)  # results stored
        with CaptureQueriesContext(connection) as captured:
            assert client.get(group).status_code == 200
        return len(captured)

    few = queries()
    for _ in range(10):
        g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
        play(client, g.url, GAME_B)
        services.game_finish(game=g.game)
        services.game_attach(game=g.game, club=club)
    assert queries() == few


def test_stale_results_are_summed_up_in_a_fixed_number_of_queries(client, group, start_game):
    club = Club.objects.get()
    for _ in range(6):
        g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
        play(client, g.url, GAME_B)
        services.game_attach(game=g.game, club=club)
    GameResult.objects.all().delete()
    with CaptureQueriesContext(connection) as many:
        client.get(group)
    GameResult.objects.all().delete()
    Game.objects.filter(pk__in=Game.objects.order_by("pk").values("pk")[:6]).update(club=None)
    with CaptureQueriesContext(connection) as few:
        client.get(group)
    assert len(many) == len(few)


WRITES = ("INSERT", "UPDATE", "DELETE")


def test_reading_a_groups_pages_never_writes(client, group):
    """Even with every result stale (a game changed outside the services), the page sums the
    games up for itself and stores nothing."""
    GameResult.objects.all().delete()
    Game.objects.update(version=99)
    with CaptureQueriesContext(connection) as reads:
        page = client.get(group)
        client.get(group + "games/")
        client.get(group + "?period=year&players=3")
    written = [q["sql"] for q in reads if q["sql"].lstrip().upper().startswith(WRITES)]
    assert written == [] and GameResult.objects.count() == 0
    assert wins_table(page.content.decode())["Ana"][0] == "2"


def test_every_change_to_a_groups_game_stores_its_results_at_once(client, group, start_game):
    club = Club.objects.get()
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    services.game_attach(game=g.game, club=club)
    assert GameResult.objects.filter(game=g.game).count() == 3
    play(client, g.url, GAME_B[:1])
    stored = GameResult.objects.filter(game=g.game)
    assert {r.version for r in stored} == {Game.objects.get(pk=g.game.pk).version}
    scores = RoundScore.objects.filter(round__game=g.game).order_by("player__seat")
    assert [r.total for r in stored.order_by("player__seat")] == [s.score for s in scores]
