"""The game's stream of versions, served at the ASGI layer, in front of Django.

Each open page holds one stream for as long as it is open. Through Django, a request's sync
middleware runs in a thread of its own for the request's whole life: thousands of idle
threads for thousands of phones (the capacity bench found the server at 85% CPU with 3,600
threads and p95 near 6 s at 1,000 tables). Here a stream is a coroutine: the token is read
once on the shared executor, then news comes from scorekeeper/live.py. Django still serves
the same path where this wrapper is absent (WSGI, the test client), answering 204 so the
page polls.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable

from asgiref.sync import sync_to_async

from .body_limits import Receive, Scope, Send
from .views.events import game_and_version, stream

ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

EVENTS = re.compile(r"^/(?:g|s)/([^/]{1,64})/events/$")
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"private, no-store"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on as it comes
    (b"x-robots-tag", b"noindex, nofollow"),
    (b"x-content-type-options", b"nosniff"),
]


class LiveEvents:
    """`GET /g/<token>/events/` and `/s/<token>/events/` as a stream; anything else to Django."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = EVENTS.match(scope.get("path", "")) if scope["type"] == "http" else None
        if match is None or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        found = await sync_to_async(game_and_version, thread_sensitive=False)(match.group(1))
        if found is None:
            await send({"type": "http.response.start", "status": 404, "headers": HEADERS[1:2]})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        events = stream(*found)
        sending = asyncio.ensure_future(_send_all(events, send))
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            await asyncio.wait({sending, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sending, gone):
                task.cancel()
            await asyncio.gather(sending, gone, return_exceptions=True)
            await events.aclose()


async def _send_all(events: AsyncIterator[bytes], send: Send) -> None:
    async for chunk in events:
        await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": b""})


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
