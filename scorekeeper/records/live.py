"""The live table: each change of a game is published to its open pages' streams.

The streams are held by nginx's nchan module (scorekeeper/server), never by Django. An open
page's stream listens on two channels: its game's, which carries each new version, and its
link's, which the app deletes when that link stops opening the game (a new edit link, the
players' links closed), so nginx ends those streams. Publishing happens once the change is
committed, to every address in `settings.LIVE_PUBLISH` (this machine's nginx, or several
when nginx servers do not share a Redis). Without one (Django's own test server) nothing is
published and the pages poll.

A page that missed a message loses nothing: the version is the one source of truth, and the
page asks for what changed since the version it shows whenever its stream (re)opens.
"""

from __future__ import annotations

import hashlib
import http.client
import logging
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)
PUBLISH_SECONDS = 2.0  # nginx answers in a millisecond; past this, the pages will poll
_request = threading.local()  # the news a request holds back (holding())


@contextmanager
def holding() -> Iterator[None]:
    """News of the changes committed inside waits until the block ends: the request first
    prepares what that news will make the other phones ask for (the viewers' board), so
    they find it ready instead of each rendering it while the request still does."""
    _request.held = []
    try:
        yield
    finally:
        held, _request.held = _request.held, None
        for send in held:
            send()


def _publish(send: Callable[[], None]) -> None:
    held = getattr(_request, "held", None)
    if held is None:
        send()
    else:
        held.append(send)


def publishing() -> bool:
    """Whether changes reach open pages through streams (else the pages poll)."""
    return bool(settings.LIVE_PUBLISH)


def game_channel(game_id: int) -> str:
    return f"game-{game_id}"


def link_channel(token_hash: str) -> str:
    """A link's channel: derived from its stored hash, so neither the token nor the hash a
    database holds ever shows in a channel's name."""
    return "link-" + hashlib.sha256(f"stream:{token_hash}".encode()).hexdigest()[:32]


def stream_path(game_id: int, token_hash: str) -> str:
    """Where nginx holds a page's stream (its internal location, scorekeeper/server)."""
    return f"/_stream/{game_channel(game_id)}/{link_channel(token_hash)}"


class UnixConnection(http.client.HTTPConnection):
    """HTTP over nginx's publishing socket (`unix:/path`)."""

    def __init__(self, path: str) -> None:
        super().__init__("localhost", timeout=PUBLISH_SECONDS)
        self.path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(PUBLISH_SECONDS)
        self.sock.connect(self.path)


def _connection(address: str) -> http.client.HTTPConnection:
    if address.startswith("unix:"):
        return UnixConnection(address.removeprefix("unix:"))
    parts = urlsplit(address)
    return http.client.HTTPConnection(parts.netloc, timeout=PUBLISH_SECONDS)


_kept = threading.local()  # this thread's open connection to each publishing address


def _send(method: str, channel: str, body: str = "", event: str = "") -> None:
    headers = {"Content-Type": "text/plain; charset=utf-8"}
    if event:
        headers["X-EventSource-Event"] = event
    for address in settings.LIVE_PUBLISH:
        try:
            _deliver(address, method, f"/channel/{channel}", body.encode(), headers)
        except (OSError, http.client.HTTPException) as error:
            log.error("could not publish to %s: %s", address, error)


def _deliver(address: str, method: str, path: str, body: bytes, headers: dict[str, str]) -> None:
    """One publish on this thread's kept connection to `address` (a new connection per
    message cost a socket, a connect and nginx's accept each time: a few percent of the
    app's time under load). A kept connection nginx has since closed fails at once; the
    message then goes once more on a new one (a message twice is harmless: each names its
    version, and a deleted channel stays deleted)."""
    kept = _kept.__dict__.setdefault("connections", {})
    for attempt in (1, 2):
        connection = kept.pop(address, None)
        reused = connection is not None
        if connection is None:
            connection = _connection(address)
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            answer.read()
        except (OSError, http.client.HTTPException):
            connection.close()
            if reused and attempt == 1:
                continue
            raise
        if not answer.will_close:
            kept[address] = connection
        else:
            connection.close()
        return


def announce(game_id: int, version: int) -> None:
    """The game is now at `version`: its open pages hear it once the change is committed."""
    if settings.LIVE_PUBLISH:
        send = partial(_send, "POST", game_channel(game_id), str(version), "version")
        transaction.on_commit(partial(_publish, send))


BOARD_BYTES = 64_000  # a board larger than this is fetched, as before (nginx keeps each one)


def board(token_hash: str, html: str) -> None:
    """The view-only pages' live part of the new version, sent along their link's own channel
    (only that link's pages listen to it) before the version itself is announced: each of
    them shows it at once instead of asking for it. A page in another language, a board too
    large to send, or a page whose stream opens later (nchan hands it the newest version
    only) fetches it as before."""
    if settings.LIVE_PUBLISH and len(html.encode()) <= BOARD_BYTES:
        transaction.on_commit(partial(_send, "POST", link_channel(token_hash), html, "board"))


def revoke(token_hashes: Iterable[str]) -> None:
    """These links no longer open their game: their open streams end (once committed)."""
    if settings.LIVE_PUBLISH:
        for token_hash in token_hashes:
            transaction.on_commit(partial(_send, "DELETE", link_channel(token_hash)))


def gone(game_id: int) -> None:
    """The game was deleted: every open page is told so, then its stream ends."""
    if settings.LIVE_PUBLISH:
        channel = game_channel(game_id)
        transaction.on_commit(partial(_send, "POST", channel, "", "gone"))
        transaction.on_commit(partial(_send, "DELETE", channel))
