"""PDF grid timings: a blank grid and the filled grid of a finished 8-player, 7-round game.

Run: .venv/bin/python bench/pdf.py   (target: median under 50 ms each)
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ.setdefault("SQLITE_PATH", ":memory:")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.utils import translation  # noqa: E402

from rules_engine import PlayerDeal, read_table  # noqa: E402
from scorekeeper import services  # noqa: E402
from scorekeeper.games.selectors import game_board  # noqa: E402
from scorekeeper.sheets.content import round_sheet  # noqa: E402
from scorekeeper.sheets.grids import render  # noqa: E402

RUNS = 30
NAMES = ["Alice", "Bruno", "Chloé", "David", "Élodie", "Farid", "Gaëlle", "Hugo"]


def median_ms(fn) -> float:
    fn()  # warm up (font loading, imports)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    call_command("migrate", verbosity=0)
    table = read_table("liverpool", len(NAMES))
    game, _, _ = services.game_start(rules_slug="liverpool", names=NAMES, first_dealer=0)
    for _ in range(7):
        entries = [PlayerDeal(0, None, frozenset({"went_out"}))]
        entries += [PlayerDeal(10 + i) for i in range(7)]
        services.round_record(game=game, entries=entries)
    with translation.override("fr"):
        blank = median_ms(lambda: render([round_sheet(table, [""] * 8)], wide=True))
        filled = median_ms(
            lambda: render([round_sheet(game.table, NAMES, board=game_board(game))], wide=True)
        )
    print(f"blank grid, 8 players, 7 rounds:  median {blank:.1f} ms over {RUNS} runs")
    print(f"filled grid (incl. board query): median {filled:.1f} ms over {RUNS} runs")


if __name__ == "__main__":
    main()
