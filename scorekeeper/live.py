"""The live table: which open pages wait for which game's next version, in this process, and
where news of a new version comes from.

A change to a game bumps its version (services/history.py) and announces it here. Open pages
hold a stream each (views/events.py); the hub wakes the streams of that game with the new
version, and each page then fetches what changed as it always did (`/live/?v=`). The version
stays the one source of truth: a page that missed news catches up from the version it holds.

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
import logging
from collections import defaultdict
from collections.abc import Callable, Coroutine
from functools import cache
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection, transaction

from .models import Game

CHANNEL = "rami_game_version"
WATCH_SECONDS = 0.25  # "database": how often the watched games' versions are read
RETRY_SECONDS = 2.0  # a lost LISTEN or subscription is opened again after this

log = logging.getLogger(__name__)


class Subscription:
    """One open page's wait for news of one game: the newest version heard (None: read it
    again, news may have been missed) and an event set when news arrives."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.version: int | None = None

    def tell(self, version: int | None) -> None:
        if version is None or self.version is None or version > self.version:
            self.version = version
        self.event.set()

    async def news(self, timeout: float) -> bool:
        """Whether news arrived within `timeout` seconds."""
        try:
            await asyncio.wait_for(self.event.wait(), timeout)
        except TimeoutError:
            return False
        self.event.clear()
        return True


class Hub:
    """The streams of this process, by game; one source of news runs while any is open."""

    def __init__(self) -> None:
        self.subscriptions: dict[int, set[Subscription]] = defaultdict(set)
        self.source: asyncio.Task[None] | None = None

    def subscribe(self, game_id: int) -> Subscription:
        subscription = Subscription()
        self.subscriptions[game_id].add(subscription)
        if self.source is None or self.source.done():
            self.source = asyncio.get_running_loop().create_task(SOURCES[fanout()](self))
        return subscription

    def unsubscribe(self, game_id: int, subscription: Subscription) -> None:
        waiting = self.subscriptions.get(game_id)
        if waiting is not None:
            waiting.discard(subscription)
            if not waiting:
                del self.subscriptions[game_id]

    def watched(self) -> list[int]:
        return list(self.subscriptions)

    def publish(self, game_id: int, version: int | None) -> None:
        for subscription in list(self.subscriptions.get(game_id, ())):
            subscription.tell(version)

    def recheck(self) -> None:
        """News may have been lost (a source reconnected): every stream reads its version."""
        for game_id in self.watched():
            self.publish(game_id, None)


hub = Hub()


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
                hub.recheck()  # what changed while the LISTEN was not open
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
                hub.recheck()
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
    known: dict[int, int] = {}
    while hub.watched():
        await asyncio.sleep(WATCH_SECONDS)
        watched = hub.watched()
        versions = await sync_to_async(_versions, thread_sensitive=False)(watched)
        for game_id in watched:
            version = versions.get(game_id)
            if version is None or known.get(game_id) != version:
                hub.publish(game_id, version)  # a stream ignores what it already sent
        known = {game_id: versions[game_id] for game_id in watched if game_id in versions}


SOURCES: dict[str, Callable[[Hub], Coroutine[Any, Any, None]]] = {
    "postgres": _listen_postgres,
    "redis": _listen_redis,
    "database": _watch_database,
}
