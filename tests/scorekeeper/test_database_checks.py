"""Django's checks warn where PostgreSQL would keep no statistics (autovacuum off)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection

from scorekeeper.core.database_checks import statistics_kept


def autovacuum_setting() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW autovacuum")
        return cursor.fetchone()[0]


@pytest.mark.django_db
def test_the_warning_follows_postgresqls_own_setting():
    found = statistics_kept(databases=["default"])
    if connection.vendor != "postgresql":
        assert found == []  # only PostgreSQL is asked
        return
    if autovacuum_setting() == "on":
        assert found == []
    else:
        (warning,) = found
        assert warning.id == "scorekeeper.W001"
        assert "autovacuum is off" in warning.msg and "ANALYZE" in warning.hint


def test_without_a_database_asked_for_nothing_is_read():
    assert statistics_kept(databases=None) == []


@pytest.mark.django_db
def test_migrate_runs_the_check(capsys):
    """`./dev start` migrates before it serves: the warning is then printed there."""
    call_command("migrate", verbosity=0, skip_checks=False)  # as on the command line
    printed = capsys.readouterr().err
    off = connection.vendor == "postgresql" and autovacuum_setting() != "on"
    assert ("scorekeeper.W001" in printed) == off
