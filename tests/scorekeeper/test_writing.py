"""Every service writes in one transaction; on SQLite the writers of a process, then the
processes of the machine, take turns before SQLite's own lock (its busy wait sleeps in
growing steps however soon the lock frees).

Real threads, each with its own database connection (file SQLite here, PostgreSQL in CI's
second run, where the turns are the game's row lock and the same order holds).
"""

import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import pytest
from django.db import connection

from scorekeeper import services
from scorekeeper.models import Round
from scorekeeper.records.writing import writing

from .helpers import at_once, round_data

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def busy_timeout_of_a_fifth_of_a_second(monkeypatch):
    """SQLite's busy timeout, which a writer's turn also keeps to, cut from 20 s to 0.2 s."""
    options = {**connection.settings_dict["OPTIONS"], "timeout": 0.2}
    monkeypatch.setitem(connection.settings_dict, "OPTIONS", options)


def test_two_writers_never_write_the_same_game_at_the_same_time(start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    steps = []

    def write(name):
        def phone(_client):
            with writing():
                services.player_rename(game=g.game, seat=0, name=name)  # locks the game
                steps.append(f"{name} in")
                time.sleep(0.05)  # the other writer arrives meanwhile
                steps.append(f"{name} out")

        return phone

    at_once(write("Alma"), write("Bea"))
    first, second = steps[0].split()[0], steps[2].split()[0]
    assert steps == [f"{first} in", f"{first} out", f"{second} in", f"{second} out"]
    assert g.game.players.get(seat=0).name == second  # the later write, not a lost one


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's writers only")
def test_on_sqlite_a_second_writer_waits_for_its_turn_before_asking_sqlite(start_game):
    """While one writer of the process is inside, the next has sent SQLite nothing (not even
    its BEGIN): it never sleeps in SQLite's busy wait, however long the first one takes."""
    start_game("liverpool", ["Ana", "Ben"])
    first_inside = threading.Event()
    sent_by_second = []
    seen_when_first_left = []

    def first(_client):
        with writing():
            first_inside.set()
            time.sleep(0.05)  # the second writer arrives meanwhile
            seen_when_first_left.extend(sent_by_second)

    def note(execute, sql, params, many, context):
        sent_by_second.append(sql)
        return execute(sql, params, many, context)

    def second(_client):
        first_inside.wait(5)
        with connection.execute_wrapper(note), writing():
            pass

    at_once(first, second)
    assert seen_when_first_left == []
    assert any(sql.startswith("BEGIN") for sql in sent_by_second)  # its turn came after


def test_a_service_called_inside_another_write_joins_it(start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    with writing():
        services.player_rename(game=g.game, seat=1, name="Bruno")  # a write of its own
    assert g.game.players.get(seat=1).name == "Bruno"


def test_a_refused_write_leaves_nothing_and_lets_the_next_writer_in(start_game, client):
    g = start_game("liverpool", ["Ana", "Ben"])
    with pytest.raises(RuntimeError):
        with writing():
            services.player_rename(game=g.game, seat=0, name="Alma")
            raise RuntimeError("refused after the first statement")
    assert g.game.players.get(seat=0).name == "Ana"  # rolled back
    # The turn is free again: in another thread this write does not wait for a timeout.
    answers = at_once(lambda phone: phone.post(g.url + "rounds/", round_data({1: "12"}, out=0)))
    assert answers[0].status_code == 302
    assert Round.objects.filter(game=g.game).count() == 1


@pytest.mark.allow_5xx
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's writers only")
def test_a_turn_that_does_not_come_within_the_busy_timeout_answers_503(
    client, start_game, busy_timeout_of_a_fifth_of_a_second
):
    """As a write SQLite keeps waiting past its timeout: 503 with Retry-After, nothing stored."""
    g = start_game("liverpool", ["Ana", "Ben"])
    holding, release = threading.Event(), threading.Event()

    def slow_writer():
        try:
            with writing():
                holding.set()
                release.wait(5)
        finally:
            connection.close()

    other = threading.Thread(target=slow_writer)
    other.start()
    try:
        holding.wait(5)
        response = client.post(g.url + "rounds/", round_data({1: "5"}, out=0))
        assert response.status_code == 503
        assert response["Retry-After"] == "2"
    finally:
        release.set()
        other.join()
    assert client.post(g.url + "rounds/", round_data({1: "5"}, out=0)).status_code == 302
    assert Round.objects.filter(game=g.game).count() == 1


HOLD_THE_MACHINES_TURN = """
import fcntl, os, sys, time
handle = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(handle, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""


@contextmanager
def another_worker_writing(seconds: float):
    """Another process of the machine (a second worker) inside its write for `seconds`."""
    lock = f"{connection.settings_dict['NAME']}-writers.lock"
    worker = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_MACHINES_TURN, lock, str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert worker.stdout.readline().strip() == "held"
        yield
    finally:
        worker.wait(10)


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's writers only")
def test_on_sqlite_a_writer_waits_for_other_workers_before_asking_sqlite(start_game):
    """The processes of a machine take turns too: while another worker writes, a writer here
    has sent SQLite nothing, and it goes in as soon as that worker is done."""
    g = start_game("liverpool", ["Ana", "Ben"])
    sent = []

    def note(execute, sql, params, many, context):
        sent.append((time.monotonic(), sql))
        return execute(sql, params, many, context)

    with another_worker_writing(0.3):
        left = time.monotonic() + 0.3
        with connection.execute_wrapper(note), writing():
            services.player_rename(game=g.game, seat=0, name="Alma")
    began = [at for at, sql in sent if sql.startswith("BEGIN")]
    assert began and began[0] >= left - 0.05  # nothing sent while the other worker wrote
    assert began[0] < left + 0.2  # and in at once after it, not after a growing sleep
    assert g.game.players.get(seat=0).name == "Alma"


@pytest.mark.allow_5xx
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's writers only")
def test_a_turn_another_worker_keeps_past_the_busy_timeout_answers_503(
    client, start_game, busy_timeout_of_a_fifth_of_a_second
):
    g = start_game("liverpool", ["Ana", "Ben"])
    with another_worker_writing(1):
        response = client.post(g.url + "rounds/", round_data({1: "5"}, out=0))
    assert response.status_code == 503 and response["Retry-After"] == "2"
    assert Round.objects.filter(game=g.game).count() == 0
    assert client.post(g.url + "rounds/", round_data({1: "5"}, out=0)).status_code == 302
