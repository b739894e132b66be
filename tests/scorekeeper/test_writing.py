"""Every service writes in one transaction; on SQLite the writers of a process take turns
before SQLite's own lock (its busy wait sleeps in growing steps however soon the lock frees).

Real threads, each with its own database connection (file SQLite here, PostgreSQL in CI's
second run, where the turns are the database's row locks and these still hold).
"""

import threading
import time

import pytest
from django.db import connection

from scorekeeper import services
from scorekeeper.models import Round
from scorekeeper.services.writing import writing

from .helpers import round_data

pytestmark = pytest.mark.django_db(transaction=True)


def in_threads(*work):
    """Run each callable in its own thread, released together; what each raised, if any."""
    barrier = threading.Barrier(len(work))
    raised = [None] * len(work)

    def run(index, job):
        try:
            barrier.wait()
            job()
        except Exception as error:  # noqa: BLE001 - reported to the test
            raised[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(work)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return raised


def test_two_writers_of_one_process_never_write_at_the_same_time(start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    inside = []

    def write(name):
        def job():
            with writing():
                inside.append(f"{name} in")
                services.player_rename(game=g.game, seat=0, name=name)
                time.sleep(0.05)  # the other writer arrives meanwhile
                inside.append(f"{name} out")

        return job

    assert in_threads(write("Alma"), write("Bea")) == [None, None]
    first, second = inside[0].split()[0], inside[2].split()[0]
    assert inside == [f"{first} in", f"{first} out", f"{second} in", f"{second} out"]
    g.game.refresh_from_db()
    assert g.game.players.get(seat=0).name == second  # the later write, not a lost one


def test_a_service_called_inside_another_write_joins_it(start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    with writing():
        services.player_rename(game=g.game, seat=1, name="Bruno")  # a write of its own
    assert g.game.players.get(seat=1).name == "Bruno"


def test_a_refused_write_leaves_nothing_and_lets_the_next_writer_in(start_game, client):
    g = start_game("liverpool", ["Ana", "Ben"])

    def refused():
        with writing():
            services.player_rename(game=g.game, seat=0, name="Alma")
            raise RuntimeError("refused after the first statement")

    def entered():
        assert client.post(g.url + "rounds/", round_data({1: "12"}, out=0)).status_code == 302

    raised = in_threads(refused)
    assert isinstance(raised[0], RuntimeError)
    assert g.game.players.get(seat=0).name == "Ana"  # rolled back
    entered()  # the lock is free again: this write does not wait for SQLite's timeout
    assert Round.objects.filter(game=g.game).count() == 1
