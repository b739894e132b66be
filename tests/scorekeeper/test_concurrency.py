"""Eight phones writing to one game at once: nothing lost, nothing stored twice, no 5xx.

Real threads behind a barrier, each with its own database connection, on the file SQLite
test database (WAL, IMMEDIATE transactions, busy timeout) and on PostgreSQL in CI.
"""

import random
import threading
import uuid
from collections import Counter, defaultdict

import pytest
from django.db import connection
from django.test import Client

from scorekeeper.games.selectors import game_board
from scorekeeper.models import Round, RoundScore

PHONES = 8
OPERATIONS = 500
NAMES = ["Ana", "Ben", "Cléo", "Dan"]
OUTBOX = {"HTTP_X_OUTBOX": "1"}


def entry(rng):
    out = rng.randrange(len(NAMES))
    data = {"went_out": str(out)}
    for seat in range(len(NAMES)):
        if seat != out:
            data[f"points_{seat}"] = str(rng.randrange(2, 60))
    return data


class Phone(threading.Thread):
    def __init__(self, number, game_url, barrier, operations):
        super().__init__()
        self.rng = random.Random(number)
        self.game_url = game_url
        self.barrier = barrier
        self.operations = operations
        self.statuses = Counter()
        self.entered = {}  # uuid -> (round number, data), acknowledged by the server
        self.corrections = []  # (round number, version it replaced, data), acknowledged
        self.replays = []  # (status, answer, expected number)
        self.error = None

    def run(self):
        client = Client()
        try:
            self.barrier.wait()
            for _ in range(self.operations):
                played = Round.objects.count()
                choice = self.rng.random()
                if choice < 0.1 and self.entered:
                    key = self.rng.choice(list(self.entered))
                    number, data = self.entered[key]
                    response = client.post(
                        self.game_url + "rounds/", {**data, "client_uuid": key}, **OUTBOX
                    )
                    self.replays.append((response.status_code, response.json(), number))
                elif choice < 0.45 or not played:
                    key, data = str(uuid.uuid4()), entry(self.rng)
                    response = client.post(
                        self.game_url + "rounds/",
                        {**data, "client_uuid": key, "number": played + 1},
                        **OUTBOX,
                    )
                    if response.status_code == 201:
                        self.entered[key] = (response.json()["number"], data)
                else:
                    number = self.rng.randrange(1, played + 1)
                    version = Round.objects.get(number=number).version  # what this phone saw
                    data = entry(self.rng)
                    response = client.post(
                        self.game_url + f"rounds/{number}/edit/",
                        {**data, "version": version},
                        **OUTBOX,
                    )
                    if response.status_code == 201:
                        self.corrections.append((number, version, data))
                self.statuses[response.status_code] += 1
        except Exception as error:  # reported by the test, not lost in the thread
            self.error = error
        finally:
            connection.close()


def stored_points(round_):
    scores = RoundScore.objects.filter(round=round_).order_by("player__seat")
    return [s.hand_points for s in scores]


def wanted_points(data):
    return [
        0 if data["went_out"] == str(seat) else int(data[f"points_{seat}"])
        for seat in range(len(NAMES))
    ]


@pytest.mark.django_db(transaction=True)
def test_eight_phones_entering_and_correcting_the_same_game(start_game):
    g = start_game("rami-51", NAMES, options={"rounds": None})
    barrier = threading.Barrier(PHONES)
    phones = [Phone(n, g.url, barrier, OPERATIONS // PHONES + 1) for n in range(PHONES)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(timeout=300)
    assert all(phone.error is None for phone in phones), [phone.error for phone in phones]
    statuses = sum((phone.statuses for phone in phones), Counter())
    assert sum(statuses.values()) >= OPERATIONS
    assert not [code for code in statuses if code >= 500], statuses
    assert set(statuses) <= {200, 201, 409}, statuses

    # Every acknowledged entry is stored exactly once, under its UUID, and nothing else is.
    entered = {key: value for phone in phones for key, value in phone.entered.items()}
    rounds = list(Round.objects.order_by("number"))
    assert {str(r.client_uuid) for r in rounds} == set(entered)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    for r in rounds:
        assert entered[str(r.client_uuid)][0] == r.number
    # A replay of an acknowledged entry answers the stored round, never a second row.
    for phone in phones:
        for status, answer, number in phone.replays:
            assert (status, answer) == (200, {"result": "already_stored", "number": number})

    # Corrections: each acknowledged one moved the version by one (no lost update), and the
    # round holds the values of the one that replaced the latest version.
    corrections = [c for phone in phones for c in phone.corrections]
    per_round = defaultdict(list)
    for number, version, data in corrections:
        per_round[number].append((version, data))
    for r in rounds:
        done = sorted(per_round[r.number], key=lambda c: c[0])
        assert [v for v, _ in done] == list(range(1, len(done) + 1))
        assert r.version == 1 + len(done)
        last = done[-1][1] if done else entered[str(r.client_uuid)][1]
        assert stored_points(r) == wanted_points(last)

    # Totals are the sum of the rounds.
    board = game_board(g.game)
    for seat in range(len(NAMES)):
        assert board.totals[seat] == sum(row.cells[seat].score for row in board.rows)
    assert statuses[201] == len(entered) + len(corrections)
