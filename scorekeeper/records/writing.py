"""The transaction every service writes in.

SQLite lets one connection write at a time. A writer that finds the file locked sleeps in
SQLite's busy handler by growing steps (1, 2, 5, 10 ... 100 ms) however soon the lock frees:
under load a round entry waited there longer than it took (the capacity bench found an
eighth of the request threads' time at the write's first statement), and the writers of one
worker, handing the lock straight from one to the next, kept another worker's writer asleep
there (at 3,000 tables a round entry's turn came after 110 ms at p95, 470 ms at worst). So on
SQLite the writers of one process queue on a lock of their own first, then the processes of
the machine take turns on a file lock beside the database, and SQLite's lock is always free
when a writer asks for it. PostgreSQL locks rows and needs none of this.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import OperationalError, connection, transaction

_one_writer = threading.RLock()  # re-entrant: a service may call another inside its write
_inside = threading.local()  # how deep this thread's writes are nested
_files: dict[tuple[int, str], int] = {}  # (process, database file) -> its writers' lock
WAKE_SECONDS = 0.0005  # how often a writer of another process looks at the machine's lock


@contextmanager
def writing() -> Iterator[None]:
    """`transaction.atomic()`, in turn behind the machine's other SQLite writers (as a
    decorator too: `@writing()`)."""
    if connection.vendor != "sqlite":
        with transaction.atomic():
            yield
        return
    # No longer than SQLite itself would wait, and ending as its wait ends: the page answers
    # 503 with Retry-After (middleware.DatabaseBusyMiddleware).
    timeout = float(connection.settings_dict["OPTIONS"].get("timeout", 5))
    deadline = time.monotonic() + timeout
    if not _one_writer.acquire(timeout=timeout):
        raise OperationalError("database is locked")
    depth = getattr(_inside, "depth", 0)
    handle = _machine_lock() if depth == 0 else None
    try:
        if handle is not None:
            _take_turn(handle, deadline)
        _inside.depth = depth + 1
        try:
            with transaction.atomic():
                yield
        finally:
            _inside.depth = depth
            if handle is not None:
                fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        _one_writer.release()


def _machine_lock() -> int | None:
    """This process's handle on the lock file beside the database (none in memory)."""
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    # Opened in this process (a handle inherited through fork would be the parent's lock).
    key = (os.getpid(), name)
    if key not in _files:
        _files[key] = os.open(f"{name}-writers.lock", os.O_RDWR | os.O_CREAT, 0o600)
    return _files[key]


def _take_turn(handle: int, deadline: float) -> None:
    """The machine's turn: one short look every WAKE_SECONDS (a lock the kernel frees when
    its process dies; a blocking wait could not give up at the deadline)."""
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise OperationalError("database is locked") from None
            time.sleep(WAKE_SECONDS)
