"""The live table: which open pages wait for which game's next version, in this process, and
where news of a new version comes from.

A change to a game bumps its version (services/history.py) and announces it here. Open pages
hold a stream each (live_asgi.py); the hub tells the streams of that game the new version,
and each page then fetches what changed as it always did (`/live/?v=`). The version stays
the one source of truth: a page that missed news catches up from the version it holds.

A stream waits as nothing but an entry in the hub: the hub writes to it when there is news
and pings every stream from one timer, so thousands of idle phones cost no task and no
timer each (each one's objects are walked by every full garbage collection: at 2,000 tables,
a tenth of a second per 1,000 streams, holding the interpreter).

News crosses processes and instances through an engine the deployment already has
(`settings.LIVE_FANOUT`):
- "postgres": `NOTIFY` in the transaction that changes the game (sent on commit), `LISTEN`
  on one connection per process;
- "redis": `PUBLISH` once the change is committed, one subscription per process;
- "database" (the embedded SQLite default, one machine): one query per process every quarter
  second reads the versions of the games its pages watch, however many pages watch them.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import defaultdict
from collections.abc import Callable, Coroutine
from functools import cache
from typing import Any, Protocol

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError, connection, transaction

from .models import Game

CHANNEL = "rami_game_version"
WATCH_SECONDS = 0.25  # "database": how often the watched games' versions are read
RETRY_SECONDS = 2.0  # a lost LISTEN or subscription is opened again after this
PING_SECONDS = 20  # each stream is pinged this often: proxies and phones keep it open

log = logging.getLogger(__name__)


class Listener(Protocol):
    """An open page's stream, as the hub sees it (live_asgi.Stream)."""

    def tell(self, version: int) -> None:
        """The game's version is now `version` (the stream ignores what it already sent)."""

    def gone(self) -> None:
        """The game was deleted: the stream says so and ends."""

    def ping(self) -> None:
        """Nothing to say: a comment line, so nothing between closes a quiet stream."""


class Hub:
    """The streams of this process, by game; one source of news and one timer for pings run
    while any is open."""

    def __init__(self) -> None:
        self.listeners: dict[int, set[Listener]] = defaultdict(set)
        # The newest version heard of each watched game: a stream that opens just after a
        # change is told it, and the "database" watcher compares what it reads with it.
        self.known: dict[int, int] = {}
        # Streams pinged in turn, one slice a second, not all at once every PING_SECONDS.
        self.slices: list[set[Listener]] = [set() for _ in range(PING_SECONDS)]
        self.slice_of: dict[Listener, int] = {}
        self.turns = itertools.count()
        self.source: asyncio.Task[None] | None = None
        self.pinger: asyncio.Task[None] | None = None

    def listen(self, game_id: int, listener: Listener) -> None:
        self.listeners[game_id].add(listener)
        turn = next(self.turns) % PING_SECONDS
        self.slices[turn].add(listener)
        self.slice_of[listener] = turn
        loop = asyncio.get_running_loop()
        if self.source is None or self.source.done():
            self.source = loop.create_task(SOURCES[fanout()](self))
        if self.pinger is None or self.pinger.done():
            self.pinger = loop.create_task(_ping_in_turn(self))
        if game_id in self.known:
            listener.tell(self.known[game_id])

    def forget(self, game_id: int, listener: Listener) -> None:
        waiting = self.listeners.get(game_id)
        if waiting is not None:
            waiting.discard(listener)
            if not waiting:
                del self.listeners[game_id]
                self.known.pop(game_id, None)
        turn = self.slice_of.pop(listener, None)
        if turn is not None:
            self.slices[turn].discard(listener)

    def watched(self) -> list[int]:
        return list(self.listeners)

    def publish(self, game_id: int, version: int) -> None:
        waiting = self.listeners.get(game_id)
        if not waiting:
            return
        if version > self.known.get(game_id, -1):
            self.known[game_id] = version
        for listener in list(waiting):
            listener.tell(version)

    def gone(self, game_id: int) -> None:
        for listener in list(self.listeners.get(game_id, ())):
            listener.gone()

    async def recheck(self) -> None:
        """News may have been lost (a source reconnected): read every watched game's version."""
        watched = self.watched()
        try:
            versions = await sync_to_async(_versions, thread_sensitive=False)(watched)
        except DatabaseError:  # they hear the next change, or read again when they reconnect
            log.warning("live: the watched games' versions could not be read", exc_info=True)
            return
        for game_id in watched:
            if game_id in versions:
                self.publish(game_id, versions[game_id])
            else:
                self.gone(game_id)


hub = Hub()


async def _ping_in_turn(hub: Hub) -> None:
    turns = itertools.count()
    while hub.watched():
        await asyncio.sleep(1)
        for listener in list(hub.slices[next(turns) % PING_SECONDS]):
            listener.ping()


def fanout() -> str:
    return str(settings.LIVE_FANOUT)


# ---------------------------------------------------------------- announcing a new version


NOTIFY = (
    f"SELECT pg_notify(%s, id::text || ':' || version::text) FROM {Game._meta.db_table} "
    "WHERE id = %s"
)


def announce(game_id: int) -> None:
    """Tell every instance this game's new version (call inside the change's transaction,
    after the version is bumped: nothing is told if it rolls back). "database" needs no
    word: the watchers read the version themselves."""
    if fanout() == "postgres":  # the version read and the news sent in one query
        with connection.cursor() as cursor:
            cursor.execute(NOTIFY, [CHANNEL, game_id])
    elif fanout() == "redis":
        version = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
        payload = f"{game_id}:{version}"
        transaction.on_commit(lambda: _publish_redis(payload))


@cache
def _redis() -> Any:
    """One client (and its connection pool) per process, not a connection per change."""
    import redis

    return redis.Redis.from_url(settings.REDIS_URL)


def _publish_redis(payload: str) -> None:
    import redis

    try:
        _redis().publish(CHANNEL, payload)
    except (redis.RedisError, OSError):  # the pages catch up at their next news or reconnect
        log.warning("live: Redis did not take the news of %s", payload)


def _parse(payload: str | bytes) -> tuple[int, int] | None:
    text = payload.decode() if isinstance(payload, bytes) else payload
    game, _, version = text.partition(":")
    if not (game.isdigit() and version.isdigit()):
        return None
    return int(game), int(version)


# ---------------------------------------------------------------- hearing of new versions


def _conninfo() -> str:
    """The database this process uses (the test database under the tests): NOTIFY reaches
    only the listeners of its own database."""
    from psycopg.conninfo import make_conninfo

    given = connection.settings_dict
    parts = {"dbname": given["NAME"], "user": given.get("USER"), "password": given.get("PASSWORD")}
    parts |= {"host": given.get("HOST"), "port": given.get("PORT")}
    return make_conninfo(**{key: str(value) for key, value in parts.items() if value})


async def _listen_postgres(hub: Hub) -> None:
    import psycopg

    while hub.watched():
        try:
            conn = await psycopg.AsyncConnection.connect(_conninfo(), autocommit=True)
            async with conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                await hub.recheck()  # what changed while the LISTEN was not open
                async for notify in conn.notifies():
                    news = _parse(notify.payload)
                    if news is not None:
                        hub.publish(*news)
        except (psycopg.Error, OSError):
            log.warning("live: LISTEN lost; opening it again")
            await asyncio.sleep(RETRY_SECONDS)


async def _listen_redis(hub: Hub) -> None:
    import redis
    import redis.asyncio as aioredis

    while hub.watched():
        try:
            client = aioredis.Redis.from_url(settings.REDIS_URL)
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(CHANNEL)
                await hub.recheck()
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        news = _parse(message["data"])
                        if news is not None:
                            hub.publish(*news)
        except (redis.RedisError, OSError):
            log.warning("live: Redis subscription lost; opening it again")
            await asyncio.sleep(RETRY_SECONDS)


VERSIONS = f"SELECT id, version FROM {Game._meta.db_table} WHERE id IN "
CHUNK = 500  # ids a query, well under SQLite's limit on parameters


def _versions(game_ids: list[int]) -> dict[int, int]:
    """Through a plain cursor: for 2,000 watched games the ORM's handling of each id cost
    more than the query, four times a second in every worker."""
    found: dict[int, int] = {}
    with connection.cursor() as cursor:
        for start in range(0, len(game_ids), CHUNK):
            chunk = game_ids[start : start + CHUNK]
            cursor.execute(VERSIONS + "(" + ", ".join(["%s"] * len(chunk)) + ")", chunk)
            found.update(cursor.fetchall())
    return found


async def _watch_database(hub: Hub) -> None:
    while hub.watched():
        await asyncio.sleep(WATCH_SECONDS)
        watched = hub.watched()
        try:
            versions = await sync_to_async(_versions, thread_sensitive=False)(watched)
        except DatabaseError:  # the pages wait for the next read, as they wait for news
            log.warning("live: the watched games' versions could not be read", exc_info=True)
            continue
        for game_id in watched:
            version = versions.get(game_id)
            if version is None:
                hub.gone(game_id)
            elif version != hub.known.get(game_id):
                hub.publish(game_id, version)  # a stream ignores what it already sent


SOURCES: dict[str, Callable[[Hub], Coroutine[Any, Any, None]]] = {
    "postgres": _listen_postgres,
    "redis": _listen_redis,
    "database": _watch_database,
}
