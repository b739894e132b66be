"""The transaction every service writes in.

SQLite lets one connection write at a time. A writer that finds the file locked sleeps in
SQLite's busy handler by growing steps (1, 2, 5, 10 ... 100 ms) however soon the lock frees:
under load a round entry waited there longer than it took (the capacity bench found an
eighth of the request threads' time at the write's first statement). So on SQLite the
writers of one process queue on a lock of their own first, and each is woken the moment the
one before it commits; only writers of other processes still meet SQLite's wait. PostgreSQL
locks rows and needs none of this.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import OperationalError, connection, transaction

_one_writer = threading.RLock()  # re-entrant: a service may call another inside its write


@contextmanager
def writing() -> Iterator[None]:
    """`transaction.atomic()`, queued behind this process's other SQLite writers (as a
    decorator too: `@writing()`)."""
    if connection.vendor != "sqlite":
        with transaction.atomic():
            yield
        return
    # No longer than SQLite itself would wait, and ending as its wait ends: the page answers
    # 503 with Retry-After (middleware.DatabaseBusyMiddleware).
    timeout = float(connection.settings_dict["OPTIONS"].get("timeout", 5))
    if not _one_writer.acquire(timeout=timeout):
        raise OperationalError("database is locked")
    try:
        with transaction.atomic():
            yield
    finally:
        _one_writer.release()
