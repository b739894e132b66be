"""The worst import the app accepts: a game file just under the size limit, as many rounds
and history entries as it may hold, every round scored again and stored in one transaction.

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

from scorekeeper.exchange import MAX_BYTES, MAX_HISTORY  # noqa: E402
from scorekeeper.models import Game  # noqa: E402

PLAYERS = 6
ROUNDS = 100  # rami-51 agreed on 100 deals, the most a table may agree on
HAND = "7H 8S KD QC JD 10H 9C"  # 64 points left in hand
MOMENT = "2026-11-01T10:00:00+00:00"


def document() -> dict:
    snapshot = {
        "number": 1,
        "no_winner": False,
        "scores": [
            {
                "seat": s,
                "name": f"P{s}",
                "hand_points": None,
                "cards": HAND,
                "facts": [],
                "score": 64,
            }
            for s in range(PLAYERS)
        ],
    }
    corrections = [
        {"at": MOMENT, "action": "edited", "round": 1, "before": snapshot, "after": snapshot}
        for _ in range(250)
    ]
    renames = [
        {
            "at": MOMENT,
            "action": "renamed",
            "round": None,
            "before": {"name": "a"},
            "after": {"name": "b"},
        }
        for _ in range(MAX_HISTORY - len(corrections))
    ]
    out = {"at": MOMENT, "action": "added", "round": 1, "before": None, "after": None}
    went_out = {"seat": 0, "points": 0, "cards": "", "facts": ["went_out"], "score": 0}
    return {
        "format": "rami-score-keeper/game",
        "version": 1,
        "uuid": str(uuid.uuid4()),
        "rules": "rami-51",
        "options": {"rounds": ROUNDS},
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
        "history": [
            {**entry, "undone": False} for entry in [out, *corrections, *renames][:MAX_HISTORY]
        ],
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
            f"{len(raw):,} bytes, {ROUNDS} rounds, {MAX_HISTORY} history entries: {elapsed:.2f} s"
        )
    assert Game.objects.count() == 3


if __name__ == "__main__":
    main()
