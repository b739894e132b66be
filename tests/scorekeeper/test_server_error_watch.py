"""The suite's own guard: every 5xx a test causes is noticed (tests/conftest.py)."""

import logging

import pytest
from django.urls import path

from tests.conftest import _ServerErrors


def broken(request):
    raise RuntimeError("a bug")


urlpatterns = [path("broken/", broken)]


@pytest.mark.allow_5xx
@pytest.mark.urls(__name__)
def test_a_500_is_seen_by_the_watcher_and_a_404_is_not(client):
    watcher = _ServerErrors()
    logger = logging.getLogger("django.request")
    logger.addHandler(watcher)
    try:
        client.raise_request_exception = False
        assert client.get("/broken/").status_code == 500
        assert client.get("/nowhere/").status_code == 404
    finally:
        logger.removeHandler(watcher)
    assert len(watcher.seen) == 1 and watcher.seen[0].startswith("500")


@pytest.mark.allow_5xx
def test_the_live_server_log_is_read_too():
    """The live server the browser tests use logs through django.server."""
    watcher = _ServerErrors()
    logger = logging.getLogger("django.server")
    logger.addHandler(watcher)
    try:
        logger.error(
            '"%s" %s %s', "POST /g/x/rounds/ HTTP/1.1", "502", "0", extra={"status_code": 502}
        )
        logger.warning('"%s" %s %s', "GET /g/x/ HTTP/1.1", "404", "0", extra={"status_code": 404})
    finally:
        logger.removeHandler(watcher)
    # Seen, with the game's token kept out of the log (scorekeeper/core/logs.py).
    assert watcher.seen == ['502: "POST /g/…/rounds/ HTTP/1.1" 502 0']
