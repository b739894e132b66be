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


def test_gunicorn_runs_one_worker_more_than_the_cores(monkeypatch):
    """Each request is a core's work: more workers than that only answer later."""
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    settings = importlib.reload(importlib.import_module("scorekeeper.server.gunicorn"))
    assert settings.workers == 3
