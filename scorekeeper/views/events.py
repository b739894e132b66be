"""A game's changes pushed to its open pages: a Server-Sent Events stream of its version.

On the server the stream is served in front of Django (scorekeeper/live_asgi.py), so that an
open page holds no thread; this view answers the same path elsewhere.

Each event is the version alone (`id:` too, so a reconnecting browser says what it holds in
`Last-Event-ID`); the page then fetches `/live/?v=` as the polling page did. The first event
is sent at once, so a page that hears nothing within seconds knows a proxy buffers the
stream and polls instead (static/js/live.js). The stream holds no database connection while
it waits: the version is read when it opens, then news comes from scorekeeper/live.py.
"""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from ..models import Game, SeatLink
from ..tokens import token_hash
from .access import MAX_TOKEN, WHERE_TOKEN

RETRY_MS = 2000  # how soon a browser opens a lost stream again
GAME_OF_TOKEN = f"SELECT id FROM {Game._meta.db_table} {WHERE_TOKEN}"

# What a stream says: its first lines, a new version, that nothing changed (a comment line
# that keeps proxies and phones from closing a quiet stream), that the game was deleted.
OPENING = f"retry: {RETRY_MS}\n".encode()
PING = b": ping\n\n"
GONE = b"event: gone\ndata: \n\n"


def event(version: int) -> bytes:
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


def game_of(token: str) -> int | None:
    """The game an edit, view or seat link opens."""
    if not token or len(token) > MAX_TOKEN:
        return None
    digest = token_hash(token)
    with connection.cursor() as cursor:
        cursor.execute(GAME_OF_TOKEN, [digest, digest])
        row = cursor.fetchone()
    if row is not None:
        return int(row[0])
    return SeatLink.objects.filter(token_hash=digest).values_list("game_id", flat=True).first()


def version_of(game_id: int) -> int | None:
    """The game's version (None: deleted), read once its stream listens for news."""
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


@require_GET
def game_events(request: HttpRequest, token: str) -> HttpResponse:
    """The stream's path where Django itself answers it: scorekeeper/live_asgi.py serves the
    stream in front of Django on the server, so here (WSGI, the test client) there is none:
    204 tells the browser not to retry, and the page polls instead."""
    return HttpResponse(status=204)
