"""DATABASE_URL is read by dj-database-url; only PostgreSQL is accepted besides SQLite."""

import pytest

from scorekeeper.settings import database_from_url


def test_a_postgres_url_gives_the_connection_and_its_options(monkeypatch):
    monkeypatch.delenv("DB_PREPARED", raising=False)
    monkeypatch.delenv("DB_CONN_MAX_AGE", raising=False)
    config = database_from_url("postgres://rami:s%40cret@db.internal:5433/rami")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["USER"], config["PASSWORD"], config["HOST"], config["PORT"], config["NAME"]) == (
        "rami",
        "s@cret",
        "db.internal",
        5433,
        "rami",
    )
    # gunicorn's sync workers: one connection each, kept, checked before a request's use.
    assert config["CONN_MAX_AGE"] == 600 and config["CONN_HEALTH_CHECKS"] is True
    assert config["OPTIONS"] == {
        "server_side_binding": True,
        "prepare_threshold": 5,
    }


def test_how_long_a_connection_is_kept_can_be_set(monkeypatch):
    monkeypatch.setenv("DB_CONN_MAX_AGE", "0")
    assert database_from_url("postgres://x@h/db")["CONN_MAX_AGE"] == 0


def test_prepared_statements_can_be_turned_off_for_poolers(monkeypatch):
    monkeypatch.setenv("DB_PREPARED", "0")
    assert "server_side_binding" not in database_from_url("postgres://x@h/db").get("OPTIONS", {})


def test_another_database_is_refused_loudly():
    with pytest.raises(ValueError, match="not supported"):
        database_from_url("mysql://root@localhost/rami")
