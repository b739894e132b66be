"""Two app instances (two gunicorn processes) on one PostgreSQL, with and without a shared
Redis: a round entered through one is seen by a viewer polling the other at its next poll,
and by a phone streaming from the other within a second; no instance serves a stale page.

Runs in the PostgreSQL pass of the suite (DATABASE_URL set to PostgreSQL), on a database of
its own; skipped when no PostgreSQL or Redis answers.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import uuid
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
import requests

from tests.servers import Stream, csrf, free_port, start_game, wait_until_up

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("DATABASE_URL", "")
REDIS = "redis://127.0.0.1:6379/0"

pytestmark = pytest.mark.skipif(
    not PG.startswith("postgres"), reason="runs in the PostgreSQL pass of the suite"
)


def answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def shared_database(tmp_path_factory):
    """A database of its own on the same server, migrated once; static files collected."""
    import psycopg

    parsed = urllib.parse.urlparse(PG)
    name = f"rami_instances_{os.getpid()}"
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = parsed._replace(path=f"/{name}").geturl()
    os.environ["STATIC_ROOT"] = str(tmp_path_factory.mktemp("static"))
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "0"}
    for command in (["migrate"], ["collectstatic", "--noinput"]):
        subprocess.run(
            [sys.executable, "manage.py", *command, "-v0"], cwd=ROOT, env=env, check=True
        )
    yield url
    del os.environ["STATIC_ROOT"]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def instance(database: str, redis: str | None, pages: Path):
    port = free_port()
    # Without Redis, each instance as on a machine of its own: its own folder of pages.
    env = {**os.environ, "DATABASE_URL": database, "DEBUG": "0", "PAGE_CACHE_DIR": str(pages)}
    env.pop("REDIS_URL", None)
    if redis:
        env.update(REDIS_URL=redis, CACHE_KEY_PREFIX=f"test-{uuid.uuid4().hex}")
    gunicorn = Path(sys.executable).parent / "gunicorn"
    server = subprocess.Popen(
        [
            str(gunicorn),
            "-c",
            "python:scorekeeper.serving",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_until_up(f"http://127.0.0.1:{port}", server, "gunicorn did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def two_instances(database: str, shared_cache: bool, scratch: Path):
    """Two instances on one database, both with the shared Redis or neither."""
    if shared_cache and not answers(6379):
        pytest.skip("no Redis on 127.0.0.1:6379")
    with ExitStack() as stack:
        redis = REDIS if shared_cache else None
        yield (
            stack.enter_context(instance(database, redis, scratch / "one")),
            stack.enter_context(instance(database, redis, scratch / "two")),
        )


def version(html: str) -> str:
    return re.search(r'data-version="(\d+)"', html).group(1)


@pytest.mark.parametrize("shared_cache", [False, True], ids=["own caches", "shared Redis"])
def test_a_round_entered_on_one_instance_reaches_a_viewer_of_the_other(
    shared_database, shared_cache, tmp_path
):
    with two_instances(shared_database, shared_cache, tmp_path) as (one, two):
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


@pytest.mark.parametrize("shared_cache", [False, True], ids=["LISTEN/NOTIFY", "Redis pub/sub"])
def test_a_round_saved_on_one_instance_reaches_a_phone_streaming_from_the_other_within_1s(
    shared_database, shared_cache, tmp_path
):
    with two_instances(shared_database, shared_cache, tmp_path) as (one, two):
        scorer, edit, view = start_game(one)
        with Stream(two + view + "events/") as phone:
            assert phone.next_version() == 0  # at once: the version the phone must show
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
