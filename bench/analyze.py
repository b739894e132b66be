"""Statistics kept fresh on a PostgreSQL whose autovacuum is off, as a stock server's are.

A stock PostgreSQL (Debian's included) runs autovacuum, which ANALYZEs a table once a tenth
of it changed, checking every minute. This host's server has it off (its CI settings), so
the tables the load fills were never analysed: the planner kept assuming some forty rounds
per game, read the game's scores by a sequential scan of every table's scores, and cached
that plan on each connection. At 5,000 tables the database's processes then used a third
of a core, and more each minute (2026-11-28). The load's figures are a deployment's only
with the statistics a deployment has: while the load runs, the database is analysed every
minute, as autovacuum's naptime would.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

EVERY_SECONDS = 60  # autovacuum_naptime's default


def autovacuum_is_on(url: str) -> bool:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SHOW autovacuum").fetchone()
    return row is not None and row[0] == "on"


@contextmanager
def analysed(url: str) -> Iterator[None]:
    """While inside: ANALYZE every minute, when DATABASE_URL is a PostgreSQL whose
    autovacuum is off (nothing otherwise)."""
    if not url.startswith("postgres") or autovacuum_is_on(url):
        yield
        return
    import psycopg

    print("  (autovacuum is off on this server: ANALYZE every minute in its place)", flush=True)
    stop = threading.Event()

    def keep_analysing() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            while not stop.wait(EVERY_SECONDS):
                conn.execute("ANALYZE")

    thread = threading.Thread(target=keep_analysing, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=30)
