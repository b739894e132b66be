"""How large a request body may be, and how long it may take to arrive.

Only the import pages take a file (a game, or a group's book); every other form and the JSON
API fit in a few kilobytes. A body past its path's limit is refused before it is read (413);
under the ASGI server a body that has not arrived after BODY_SECONDS is refused too (408),
so slow senders hold neither memory nor a worker. `BodyLimitMiddleware` applies the size
limit under any server (and Django's test client); `BodyLimits` wraps the ASGI application
for what only the server sees: chunked bodies and the time they take.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from .book_exchange import MAX_BOOK_BYTES
from .exchange import MAX_BYTES

MOST_OTHER = 256_000  # the largest form (8 players, every house rule) is a few kilobytes
BODY_SECONDS = float(os.environ.get("REQUEST_BODY_SECONDS", "30"))


def most_body_bytes(path: str) -> int:
    """Up to twice the largest file on an import page: a file somewhat too large still reaches
    the page, which says so next to the field (uploads.BoundedUpload skips it unread)."""
    if path.rstrip("/") == "/groups/import":
        return 2 * MAX_BOOK_BYTES
    if path.rstrip("/") == "/import":
        return 2 * MAX_BYTES
    return MOST_OTHER


REFUSALS = {
    413: b"Request body too large.\n",
    408: b"Request body too slow: it did not arrive in time.\n",
    400: b"Bad Content-Length.\n",
}


class BodyLimitMiddleware:
    """First in the chain: a declared body past the path's limit is never read; the phone
    gets a page in words (JSON under /api/)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        declared = request.META.get("CONTENT_LENGTH") or "0"
        if not (declared.isascii() and declared.isdigit()):
            return HttpResponse(REFUSALS[400], status=400, content_type="text/plain")
        if int(declared) > most_body_bytes(request.path):
            return too_large(request)
        return self.get_response(request)


def too_large(request: HttpRequest) -> HttpResponse:
    from .views.errors import problem  # views import this module's limits

    if request.path.startswith("/api/"):
        message = "The body is too large."
        return JsonResponse({"error": "too_large", "message": message}, status=413)
    return problem(
        request,
        _("Too large"),
        _(
            "What was sent is larger than this page ever takes (a game’s file is at most "
            "%(most)s MB): nothing was read or stored."
        )
        % {"most": MAX_BYTES // 1_000_000},
        413,
    )


Scope = dict[str, Any]
Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


async def _refuse(send: Send, status: int) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), (b"connection", b"close")],
        }
    )
    await send({"type": "http.response.body", "body": REFUSALS[status]})


class BodyLimits:
    """ASGI wrapper: the whole body is read here, in the event loop, counted as it arrives
    (chunked ones too) and timed, before the application sees the request; the application
    then reads it at once, with its length declared."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        most = most_body_bytes(scope["path"])
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > most:
            # Not read at all: Django gets an empty body and BodyLimitMiddleware answers
            # with a page in words from the declared length.
            await self.app(scope, _replay(b"", receive), send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + BODY_SECONDS
        body = bytearray()
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(deadline - loop.time(), 0))
            except TimeoutError:
                await _refuse(send, 408)
                return
            if message["type"] != "http.request":  # the phone left before its body was in
                return
            body += message.get("body", b"")
            if len(body) > most:
                await _refuse(send, 413)
                return
            if not message.get("more_body", False):
                break
        if body and b"content-length" not in headers:
            # A chunked body reaches Django with its length, as a declared one does.
            kept = [(k, v) for k, v in scope["headers"] if k != b"transfer-encoding"]
            scope = {**scope, "headers": [*kept, (b"content-length", b"%d" % len(body))]}
        await self.app(scope, _replay(bytes(body), receive), send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body in one message, then the phone's own messages (its disconnect)."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
