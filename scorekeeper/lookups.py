"""The capability-token lookup: the one query every game page starts with, kept cheap.

Viewers' pages are otherwise served from the cache, so this query is most of their cost. It
is run through a plain cursor and turned into a Game the way the ORM does (a QuerySet costs
three times as much), and it doubles as the connection's health check.
"""

from __future__ import annotations

from functools import cache

from django.db import InterfaceError, OperationalError, connection

from .models import Game


def game_by_token_hash(digest: str) -> Game | None:
    sql, names, converters = _game_query(connection.vendor)
    row = _fetch_one_as_health_check(sql, [digest, digest])
    if row is None:
        return None
    values = list(row)
    for index, column, functions in converters:
        for convert in functions:
            values[index] = convert(values[index], column, connection)
    return Game.from_db(connection.alias, names, values)


@cache
def _game_query(vendor: str) -> tuple[str, list[str], list]:
    """The lookup's SQL, the field names in its column order, and each column's converters."""
    fields = Game._meta.concrete_fields
    table = Game._meta.db_table
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    sql = (
        f"SELECT {columns} FROM {connection.ops.quote_name(table)}"
        " WHERE edit_token_hash = %s OR view_token_hash = %s"  # both unique, so indexed
    )
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(table)
        # As the SQL compiler does: the backend's converters, then the field's own.
        functions = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if functions:
            converters.append((index, column, functions))
    return sql, [f.attname for f in fields], converters


def _fetch_one_as_health_check(sql: str, params: list) -> tuple | None:
    """One row of an idempotent read that stands in for Django's connection health check.

    With CONN_HEALTH_CHECKS, a reused connection is pinged before a request's first query: a
    second round trip to PostgreSQL for every viewer. Reading is as good a test, so the ping is
    skipped, and if the connection turns out dead the read is made again on a new one.
    """
    check_pending = (
        connection.connection is not None
        and connection.health_check_enabled
        and not connection.health_check_done
        and not connection.in_atomic_block
    )
    if check_pending:
        connection.health_check_done = True
    try:
        return _fetch_one(sql, params)
    except (InterfaceError, OperationalError):
        if not check_pending or connection.is_usable():
            raise  # not a dropped connection: a real error, for the caller
        connection.close()
    return _fetch_one(sql, params)


def _fetch_one(sql: str, params: list) -> tuple | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()
