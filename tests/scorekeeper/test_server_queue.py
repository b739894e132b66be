"""nginx lets a short queue into the app: past it, a phone is told to come back at once."""

import importlib
import os

from scorekeeper.server.__main__ import nginx_config


def test_the_queue_into_the_app_is_twenty_requests_a_core(tmp_path, monkeypatch):
    monkeypatch.delenv("APP_QUEUE", raising=False)
    monkeypatch.setattr("scorekeeper.server.__main__.CORES", 2)
    config = nginx_config(tmp_path, ":8000", 3, f"unix:{tmp_path}/publish.sock")
    assert f"server unix:{tmp_path}/app.sock max_conns=40;" in config


def test_a_host_sets_its_own_queue(tmp_path, monkeypatch):
    monkeypatch.setenv("APP_QUEUE", "12")
    config = nginx_config(tmp_path, ":8000", 5, f"unix:{tmp_path}/publish.sock")
    assert "max_conns=12;" in config


def test_on_sqlite_gunicorn_runs_one_worker_more_than_the_cores(monkeypatch):
    """Each request is a core's work, and SQLite's writers meet on its file lock."""
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    settings = importlib.reload(importlib.import_module("scorekeeper.server.gunicorn"))
    assert settings.workers == 3


def test_on_postgresql_gunicorn_runs_twice_the_cores_and_one(monkeypatch):
    """PostgreSQL's queries wait on its server: more workers keep the cores busy."""
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rami")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    settings = importlib.reload(importlib.import_module("scorekeeper.server.gunicorn"))
    assert settings.workers == 5
