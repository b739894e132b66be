"""A write that still cannot get the database's lock answers 503 with Retry-After, not 500."""

from __future__ import annotations

from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse

from scorekeeper.web.errors import database_busy

# SQLite after its busy timeout; PostgreSQL when a lock or deadlock timeout cancels the write.
BUSY_MARKERS = (
    "database is locked",
    "database table is locked",
    "deadlock detected",
    "lock timeout",
    "canceling statement due to lock timeout",
)


class DatabaseBusyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OperationalError) and any(
            marker in str(exception).lower() for marker in BUSY_MARKERS
        ):
            return database_busy(request)
        return None
