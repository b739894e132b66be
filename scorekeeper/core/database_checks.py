"""What Django's checks say about the database itself (run by `migrate`, so by `./dev start`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.checks import CheckMessage, Tags, Warning, register
from django.db import connections


@register(Tags.database)
def statistics_kept(databases: Iterable[str] | None = None, **_kwargs: Any) -> list[CheckMessage]:
    """PostgreSQL plans each query from the statistics autovacuum keeps. Without them a
    growing table keeps the plan of an empty one: every page of a game scanned all games'
    scores, and 5,000 tables took the database to a third of a core and more
    each minute (bench/analyze.py)."""
    found: list[CheckMessage] = []
    for alias in databases or ():
        connection = connections[alias]
        if connection.vendor != "postgresql":
            continue
        with connection.cursor() as cursor:
            cursor.execute("SHOW autovacuum")
            row = cursor.fetchone()
        if row is not None and row[0] != "on":
            found.append(
                Warning(
                    f"PostgreSQL's autovacuum is off (database {alias!r}): its tables are "
                    "never analysed, and the queries of a game slow down as they grow.",
                    hint="Turn it on (autovacuum = on, PostgreSQL's default), or run "
                    "ANALYZE every few minutes.",
                    id="scorekeeper.W001",
                )
            )
    return found
