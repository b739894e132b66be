"""nginx lets a short queue into the app: past it, a phone is told to come back at once."""

from scorekeeper.server.__main__ import nginx_config


def test_the_queue_into_the_app_is_eight_requests_a_worker(tmp_path, monkeypatch):
    monkeypatch.delenv("APP_QUEUE", raising=False)
    config = nginx_config(tmp_path, ":8000", 5, f"unix:{tmp_path}/publish.sock")
    assert f"server unix:{tmp_path}/app.sock max_conns=40;" in config


def test_a_host_sets_its_own_queue(tmp_path, monkeypatch):
    monkeypatch.setenv("APP_QUEUE", "12")
    config = nginx_config(tmp_path, ":8000", 5, f"unix:{tmp_path}/publish.sock")
    assert "max_conns=12;" in config
