"""How many sync workers gunicorn runs by default: each request is a core's work (rendering,
scoring), and nginx holds every slow phone, so workers wait only on the database.

- SQLite: one worker more than the cores. A write takes the file's lock, and a writer that
  finds it taken sleeps in SQLite's busy handler; more workers only meet there more often.
- PostgreSQL: twice the cores and one. Each query is a round trip to the server, which
  queues row locks itself; more workers keep the cores busy while others wait on it.

Measured back to back at 3,000 SQLite and 2,000 PostgreSQL tables (bench/RESULTS.md).
"""

import os


def default_workers() -> int:
    cores = os.cpu_count() or 1
    return 2 * cores + 1 if os.environ.get("DATABASE_URL") else cores + 1
