"""The game's stream of versions, served at the ASGI layer, in front of Django.

Each open page holds one stream for as long as it is open. Through Django, a request's sync
middleware runs in a thread of its own for the request's whole life: thousands of idle
threads for thousands of phones (the capacity bench found the server at 85% CPU with 3,600
threads and p95 near 6 s at 1,000 tables). Here an open stream is the request's own
coroutine waiting for the phone to leave, and an entry in the hub (scorekeeper/live.py),
which writes to it when there is news: no task, timer or thread of its own while it waits.
Django still serves the same path where this wrapper is absent (WSGI, the test client),
answering 204 so the page polls.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable

from asgiref.sync import sync_to_async

from . import live
from .body_limits import Receive, Scope, Send
from .views.events import GONE, OPENING, PING, event, game_of, version_of

ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

EVENTS = re.compile(r"^/(?:g|s)/([^/]{1,64})/events/$")
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"private, no-store"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on as it comes
    (b"x-robots-tag", b"noindex, nofollow"),
    (b"x-content-type-options", b"nosniff"),
]

log = logging.getLogger(__name__)


class Stream:
    """One open page's stream: the newest version it was sent and the newest it should be;
    one write at a time (a task only while writing), so events never overtake each other."""

    __slots__ = ("send", "sent", "wanted", "ending", "ping_due", "writing")

    def __init__(self, send: Send) -> None:
        self.send = send
        self.sent = -1  # nothing yet: the first write opens with the retry line
        self.wanted = -1
        self.ending = False
        self.ping_due = False
        self.writing: asyncio.Task[None] | None = None

    def tell(self, version: int) -> None:
        if version > self.wanted:
            self.wanted = version
            self._write()

    def gone(self) -> None:
        self.ending = True
        self._write()

    def ping(self) -> None:
        if self.sent >= 0 and self.writing is None:  # a write under way says enough
            self.ping_due = True
            self._write()

    def stop(self) -> None:
        if self.writing is not None:
            self.writing.cancel()

    def _write(self) -> None:
        if self.writing is None:
            self.writing = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        try:
            while True:
                opening = OPENING if self.sent < 0 else b""
                if self.ending:
                    await self._body(opening + GONE, more=False)
                    return
                if self.wanted > self.sent:
                    version = self.wanted
                    await self._body(opening + event(version))
                    self.sent, self.ping_due = version, False
                elif self.ping_due:
                    self.ping_due = False
                    await self._body(PING)
                else:
                    return
        except OSError:  # the phone is gone: its request ends when the server tells it
            log.debug("live: a stream could not be written to")
        finally:
            self.writing = None

    async def _body(self, chunk: bytes, more: bool = True) -> None:
        await self.send({"type": "http.response.body", "body": chunk, "more_body": more})


class LiveEvents:
    """`GET /g/<token>/events/` and `/s/<token>/events/` as a stream; anything else to Django."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = EVENTS.match(scope.get("path", "")) if scope["type"] == "http" else None
        if match is None or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        game_id = await sync_to_async(game_of, thread_sensitive=False)(match.group(1))
        if game_id is None:
            await send({"type": "http.response.start", "status": 404, "headers": HEADERS[1:2]})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        stream = Stream(send)
        live.hub.listen(game_id, stream)  # first: no news slips in before the read below
        try:
            version = await sync_to_async(version_of, thread_sensitive=False)(game_id)
            if version is None:
                stream.gone()
            else:
                stream.tell(version)
            while (await receive())["type"] != "http.disconnect":
                pass
        finally:
            live.hub.forget(game_id, stream)
            stream.stop()
