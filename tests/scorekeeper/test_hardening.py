"""Refusals that keep the data whole: CSRF with htmx, a database too busy to write."""

import sqlite3

import pytest
from django.db import OperationalError, connection
from django.test import Client

from scorekeeper.models import Round

from .helpers import round_data


def test_an_htmx_post_without_csrf_gets_a_partial_in_the_alert_area(start_game):
    g = start_game("liverpool", ["A", "B"])
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(g.url + "rounds/", round_data({1: "5"}, out=0), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 403
    assert response["HX-Retarget"] == "#alerts"
    assert "ouverte depuis trop longtemps" in html and "<html" not in html
    assert Round.objects.count() == 0


def test_a_plain_post_without_csrf_gets_a_page_that_says_what_to_do(start_game):
    g = start_game("liverpool", ["A", "B"])
    response = Client(enforce_csrf_checks=True).post(g.url + "finish/")
    assert response.status_code == 403
    assert "Rechargez la page" in response.content.decode()


def test_every_state_change_needs_the_csrf_token(start_game):
    g = start_game("liverpool", ["A", "B"])
    strict = Client(enforce_csrf_checks=True)
    paths = [
        "/new/",
        g.url + "rounds/",
        g.url + "rounds/1/edit/",
        g.url + "rounds/1/delete/",
        g.url + "finish/",
        g.url + "reopen/",
        g.url + "again/",
        g.url + "share/new-edit-link/",
        g.url + "history/1/undo/",
    ]
    for path in paths:
        assert strict.post(path, {"language": "en"}).status_code == 403, path
        assert strict.post(path, HTTP_HX_REQUEST="true").status_code == 403, path


@pytest.mark.allow_5xx
def test_a_write_that_cannot_get_the_lock_answers_503_with_retry_after(
    client, start_game, monkeypatch
):
    g = start_game("liverpool", ["A", "B"])

    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(
        "scorekeeper.games.views.rounds.round_record", locked
    )  # as the view calls it
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}, {"HTTP_X_OUTBOX": "1"}):
        response = client.post(g.url + "rounds/", round_data({1: "5"}, out=0), **headers)
        assert response.status_code == 503
        assert response["Retry-After"] == "2"
        assert "Occupé" in response.content.decode()


@pytest.mark.allow_5xx
@pytest.mark.django_db(transaction=True)
def test_a_real_sqlite_lock_held_past_the_busy_timeout_gives_503(client, start_game, settings):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's file lock")
    g = start_game("liverpool", ["A", "B"])
    connection.close()
    connection.settings_dict["OPTIONS"] = {**connection.settings_dict["OPTIONS"], "timeout": 0.2}
    holder = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        response = client.post(g.url + "rounds/", round_data({1: "5"}, out=0))
        assert response.status_code == 503
        assert response["Retry-After"] == "2"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        connection.close()
        connection.settings_dict["OPTIONS"]["timeout"] = 20
    assert client.post(g.url + "rounds/", round_data({1: "5"}, out=0)).status_code == 302
    assert Round.objects.count() == 1


def test_scores_are_bounded_so_both_databases_agree(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    for value in ["9999999999", "1" * 5000, "99999+99999+99999"]:
        response = client.post(g.url + "rounds/", round_data({1: value}, out=0))
        assert response.status_code == 422
    assert Round.objects.count() == 0
