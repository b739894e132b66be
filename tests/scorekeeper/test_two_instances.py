"""Two app instances (each nginx in front of gunicorn, as `./dev start` runs it) on one
PostgreSQL: a round entered through one is seen by a viewer of the other at its next fetch,
and by a phone streaming from the other within a second; no instance serves a stale page.
Either each instance publishes to both nginx servers (`LIVE_PUBLISH`), or the two nginx share
their streams through Redis (nchan's own clustering, `NCHAN_REDIS_URL`), with the app's cache
in Redis too.

Runs in the PostgreSQL pass of the suite (DATABASE_URL set to PostgreSQL), on a database of
its own; skipped when no PostgreSQL or Redis answers.
"""

from __future__ import annotations

import os
import re
import socket
import time
import urllib.parse
import uuid
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
import requests

from tests.servers import Stream, app_server, csrf, prepared, start_game

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("DATABASE_URL", "")
REDIS = "redis://127.0.0.1:6379/0"

pytestmark = [
    pytest.mark.database,
    pytest.mark.skipif(
        not PG.startswith("postgres"), reason="runs in the PostgreSQL pass of the suite"
    ),
]


def answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def shared_database():
    """A database of its own on the same server, migrated once; static files collected."""
    import psycopg

    parsed = urllib.parse.urlparse(PG)
    name = f"rami_instances_{os.getpid()}"
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = parsed._replace(path=f"/{name}").geturl()
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "0"}
    prepared(env)  # migrated, and the test process's static files
    os.environ["STATIC_ROOT"] = env["STATIC_ROOT"]
    yield url
    del os.environ["STATIC_ROOT"]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def two_instances(database: str, shared_cache: bool, scratch: Path):
    """Two instances on one database: sharing Redis (streams and cache), or each publishing
    to both nginx servers with a cache of its own (as on two machines)."""
    if shared_cache and not answers(6379):
        pytest.skip("no Redis on 127.0.0.1:6379")
    sockets = [scratch / name / "run" / "publish.sock" for name in ("one", "two")]
    with ExitStack() as stack:
        bases = []
        for name, other in (("one", sockets[1]), ("two", sockets[0])):
            (scratch / name).mkdir()
            env = {"DATABASE_URL": database, "PAGE_CACHE_DIR": str(scratch / name / "pages")}
            env["STATIC_ROOT"] = os.environ["STATIC_ROOT"]  # collected once for both
            if shared_cache:
                env |= {"REDIS_URL": REDIS, "CACHE_KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
                env |= {"NCHAN_REDIS_URL": REDIS}
            else:
                env |= {"LIVE_PUBLISH": f"unix:{other}"}
            server = app_server(scratch / name, workers=1, prepare=False, **env)
            bases.append(stack.enter_context(server))
        yield bases


@pytest.fixture(scope="module", params=[False, True], ids=["each its own", "through Redis"])
def instances(request, shared_database, tmp_path_factory):
    """The two instances, started once for the tests of each way (each test plays a game of
    its own on them)."""
    scratch = tmp_path_factory.mktemp("instances")
    with two_instances(shared_database, request.param, scratch) as bases:
        yield bases


def version(html: str) -> str:
    return re.search(r'data-version="(\d+)"', html).group(1)


def test_a_round_entered_on_one_instance_reaches_a_viewer_of_the_other(instances):
    one, two = instances
    scorer, edit, view = start_game(one)
    viewer = requests.Session()
    for base in (one, two):  # both instances have the empty board cached now
        assert "Aucune manche" in viewer.get(base + view).text
    before = version(viewer.get(two + view).text)
    assert viewer.get(f"{two}{view}live/", params={"v": before}).status_code == 204

    page = scorer.get(one + edit).text
    entered = scorer.post(
        one + edit + "rounds/",
        {
            "csrfmiddlewaretoken": csrf(page),
            "went_out": "0",
            "points_1": "17",
            "points_2": "23",
        },
        headers={"Referer": one + edit},
    )
    assert entered.status_code == 200 and ">23<" in entered.text

    # The very next poll on the other instance brings the round, never the cached board.
    polled = viewer.get(f"{two}{view}live/", params={"v": before})
    assert polled.status_code == 200 and ">23<" in polled.text
    assert version(polled.text) != before
    for base in (one, two):
        assert ">23<" in viewer.get(base + view).text


def test_a_round_saved_on_one_instance_reaches_a_phone_streaming_from_the_other_within_1s(
    instances,
):
    one, two = instances
    scorer, edit, view = start_game(one)
    with Stream(two + view + "events/") as phone:
        page = scorer.get(one + edit).text
        saved = time.monotonic()
        answer = scorer.post(
            one + edit + "rounds/",
            {
                "csrfmiddlewaretoken": csrf(page),
                "went_out": "0",
                "points_1": "17",
                "points_2": "5",
            },
            headers={"Referer": one + edit},
            allow_redirects=False,  # the scorer's own next page is not the news's time
        )
        assert answer.status_code == 302
        assert phone.next_version() == 1
        print(f"save to news on the other instance: {(time.monotonic() - saved) * 1000:.0f} ms")
        assert time.monotonic() - saved < 1
