"""The worst import the app accepts: a game with as many rounds and history entries as it may
hold, every round and every round the history holds scored again, stored in one transaction.

Run: .venv/bin/python bench/import_worst.py   (scratch SQLite in memory; set DATABASE_URL for
PostgreSQL). Prints the file's size and the time of the import request, 3 runs.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ.setdefault("SQLITE_PATH", ":memory:")
os.environ.setdefault("DEBUG", "1")  # static files from the finders, no collectstatic

import django  # noqa: E402

django.setup()

from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from scorekeeper.models import Game  # noqa: E402
from scorekeeper.records.documents import (  # noqa: E402
    MAX_BYTES,  # noqa: E402
    MOST_HISTORY,
    MOST_ROUNDS,
)

PLAYERS = 6
ROUNDS = MOST_ROUNDS  # rami-51 played on without a set number of deals: the most a game holds
HAND = "7H 8S KD QC JD 10H 9C"  # 64 points left in hand
MOMENT = "2026-11-01T10:00:00+00:00"


def snapshot(number: int) -> dict:
    return {
        "number": number,
        "no_winner": False,
        "scores": [
            {
                "seat": 0,
                "name": "P0",
                "hand_points": 0,
                "cards": "",
                "facts": ["went_out"],
                "score": 0,
            }
        ]
        + [
            {
                "seat": s,
                "name": f"P{s}",
                "hand_points": None,
                "cards": HAND,
                "facts": [],
                "score": 64,
            }
            for s in range(1, PLAYERS)
        ],
    }


def document() -> dict:
    """Every round entered, then as many corrections as a game may keep, each history
    snapshot a whole round the import scores again."""
    added = [
        {"at": MOMENT, "action": "added", "round": n, "before": None, "after": snapshot(n)}
        for n in range(1, ROUNDS + 1)
    ]
    corrections = [
        {"at": MOMENT, "action": "edited", "round": 1, "before": snapshot(1), "after": snapshot(1)}
        for _ in range(MOST_HISTORY)
    ]
    went_out = {"seat": 0, "points": 0, "cards": "", "facts": ["went_out"], "score": 0}
    return {
        "format": "rami-score-keeper/game",
        "version": 1,
        "uuid": str(uuid.uuid4()),
        "rules": "rami-51",
        "options": {},
        "first_dealer": 0,
        "created_at": MOMENT,
        "finished_at": None,
        "archived_at": None,
        "players": [{"seat": s, "name": f"P{s}"} for s in range(PLAYERS)],
        "rounds": [
            {
                "number": n,
                "uuid": str(uuid.uuid4()),
                "no_winner": False,
                "hands": [went_out]
                + [
                    {"seat": s, "points": None, "cards": HAND, "facts": [], "score": 64}
                    for s in range(1, PLAYERS)
                ],
            }
            for n in range(1, ROUNDS + 1)
        ],
        "history": [{**entry, "undone": False} for entry in [*added, *corrections]],
    }


def main() -> None:
    call_command("migrate", verbosity=0)
    client = Client()
    for _ in range(3):
        raw = json.dumps(document()).encode()
        assert len(raw) <= MAX_BYTES
        upload = SimpleUploadedFile("game.json", raw, "application/json")
        start = time.perf_counter()
        response = client.post("/import/", {"document": upload})
        elapsed = time.perf_counter() - start
        assert response.status_code == 302, response.content[:300]
        print(
            f"{len(raw):,} bytes, {ROUNDS} rounds, {ROUNDS + MOST_HISTORY} history entries "
            f"(each a round scored again): {elapsed:.2f} s"
        )
    assert Game.objects.count() == 3


if __name__ == "__main__":
    main()
