"""CI's second pass, on PostgreSQL, runs every test that reads or writes the database and only
those (`--database-only`, tests/conftest.py): the others would give the same answer again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def collected(*paths: str) -> set[str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:cacheprovider"]
        + ["-p", "no:xdist", "--database-only", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return {line for line in result.stdout.splitlines() if "::" in line}


def test_the_database_pass_keeps_the_tests_that_use_the_database_and_drops_the_others():
    tests = collected("tests/scorekeeper/test_grids.py", "tests/scorekeeper/test_two_instances.py")
    grids = "tests/scorekeeper/test_grids.py::"
    # A filled grid reads a game (pytest-django's `db`); a blank one reads none.
    assert grids + "test_the_filled_grid_of_a_game_without_jokers_prints_no_joker" in tests
    assert grids + "test_suit_symbols_print" not in tests
    assert not any(t.startswith(grids + "test_a_blank_grid_for_every_system") for t in tests)
    # Servers given the suite's DATABASE_URL: kept by their `database` mark.
    two_instances = [t for t in tests if "test_two_instances.py::" in t]
    assert len(two_instances) == 4
