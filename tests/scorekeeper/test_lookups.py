"""The token lookup every game page starts with: the same game as the ORM, and it survives a
dropped database connection without a ping before each request."""

import pytest
from django.db import close_old_connections, connection, connections

from scorekeeper.models import Game
from scorekeeper.views.access import game_access


def test_the_token_lookup_loads_the_same_game_as_the_orm(start_game):
    g = start_game("rami-51", ["A", "B", "C"])
    stored = Game.objects.get()
    for token, can_edit in [(g.edit, True), (g.view, False)]:
        access = game_access(token)
        assert access.can_edit is can_edit
        for field in Game._meta.concrete_fields:
            loaded, expected = getattr(access.game, field.attname), getattr(stored, field.attname)
            assert loaded == expected and type(loaded) is type(expected), field.name


@pytest.mark.django_db(transaction=True)
def test_the_lookup_is_the_health_check_so_a_healthy_connection_is_not_pinged(start_game):
    g = start_game("liverpool", ["A", "B"])
    game_access(g.view)
    wrapper = connections["default"]
    pings = []
    wrapper.is_usable = lambda: pings.append(1) or True
    enabled, wrapper.health_check_enabled = wrapper.health_check_enabled, True
    try:
        close_old_connections()  # what the end of a request does: the next one must check
        assert game_access(g.view).game.pk == g.game.pk
        assert pings == []
        assert wrapper.health_check_done  # later queries of the request are not pinged either
    finally:
        del wrapper.is_usable
        wrapper.health_check_enabled = enabled


@pytest.mark.django_db(transaction=True)
def test_a_connection_the_database_dropped_is_replaced_and_the_page_still_answers(
    start_game, client
):
    if connection.vendor != "postgresql":
        pytest.skip("needs a server that can drop a connection")
    import psycopg

    g = start_game("liverpool", ["A", "B"])
    game_access(g.view)
    old_pid = connection.connection.info.backend_pid
    close_old_connections()  # the request ends; the connection is kept for the next one
    assert connection.connection is not None
    params = connection.get_connection_params()
    with psycopg.connect(**params, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [old_pid])
    response = client.get(g.view_url)
    assert response.status_code == 200
    assert connection.connection.info.backend_pid != old_pid
