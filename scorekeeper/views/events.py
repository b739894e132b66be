"""A game's changes pushed to its open pages: a Server-Sent Events stream of its version.

On the server the stream is served in front of Django (scorekeeper/live_asgi.py), so that an
open page holds a coroutine, not a thread; this view answers the same path elsewhere.

Each event is the version alone (`id:` too, so a reconnecting browser says what it holds in
`Last-Event-ID`); the page then fetches `/live/?v=` as the polling page did. The first event
is sent at once, so a page that hears nothing within seconds knows a proxy buffers the
stream and polls instead (static/js/live.js). The stream holds no database connection while
it waits: the version is read once, then news comes from scorekeeper/live.py.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from asgiref.sync import sync_to_async
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from .. import live
from ..models import Game, SeatLink
from ..tokens import token_hash
from .access import MAX_TOKEN, WHERE_TOKEN

PING_SECONDS = 20  # a comment line keeps proxies and phones from closing a quiet stream
RETRY_MS = 2000  # how soon a browser opens a lost stream again
GAME_AND_VERSION = f"SELECT id, version FROM {Game._meta.db_table} {WHERE_TOKEN}"


def game_and_version(token: str) -> tuple[int, int] | None:
    """The game an edit, view or seat link opens, and its version."""
    if not token or len(token) > MAX_TOKEN:
        return None
    digest = token_hash(token)
    game = next(iter(Game.objects.raw(GAME_AND_VERSION, [digest, digest])), None)
    if game is None:
        link = SeatLink.objects.select_related("game").filter(token_hash=digest).first()
        game = link.game if link is not None else None
    return None if game is None else (game.pk, game.version)


def _version(game_id: int) -> int | None:
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


def _event(version: int) -> bytes:
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


async def stream(game_id: int, version: int) -> AsyncGenerator[bytes]:
    subscription = live.hub.subscribe(game_id)  # first: nothing slips in before the read
    try:
        yield f"retry: {RETRY_MS}\n".encode() + _event(version)
        sent = version
        while True:
            if not await subscription.news(PING_SECONDS):
                yield b": ping\n\n"
                continue
            heard = subscription.version
            subscription.version = None
            current = (
                heard
                if heard is not None
                else await sync_to_async(_version, thread_sensitive=False)(game_id)
            )
            if current is None:  # the game was deleted
                yield b"event: gone\ndata: \n\n"
                return
            if current > sent:
                yield _event(current)
                sent = current
    finally:
        live.hub.unsubscribe(game_id, subscription)


@require_GET
def game_events(request: HttpRequest, token: str) -> HttpResponse:
    """The stream's path where Django itself answers it: scorekeeper/live_asgi.py serves the
    stream in front of Django on the server, so here (WSGI, the test client) there is none:
    204 tells the browser not to retry, and the page polls instead."""
    return HttpResponse(status=204)
