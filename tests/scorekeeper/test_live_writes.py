"""An open page's stream as the hub writes to it (scorekeeper/live_asgi.Stream): each version
once and in order, the retry line first, pings only between events, and a deleted game's
stream told so and ended. No server: what the stream sends is kept in a list here."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from scorekeeper import live
from scorekeeper.live import PING_SECONDS, Hub, _ping_in_turn
from scorekeeper.live_asgi import Stream
from scorekeeper.views.events import GONE, OPENING, PING, event


class Phone:
    """What a phone receives through the server: the chunks of the stream's body."""

    def __init__(self, delay: float = 0) -> None:
        self.chunks: list[bytes] = []
        self.ended = False
        self.delay = delay

    async def send(self, message: dict) -> None:
        await asyncio.sleep(self.delay)  # a phone that reads slowly
        self.chunks.append(message["body"])
        self.ended = not message["more_body"]


def run_alone(coroutine) -> None:
    """Runs `coroutine` on a loop of its own thread: Playwright's sync API, used by other tests
    of the same session, may hold a running event loop in this one."""
    with ThreadPoolExecutor(1) as loop_thread:
        loop_thread.submit(asyncio.run, coroutine).result()


def written(steps, phone: Phone | None = None) -> list[bytes]:
    """What a phone receives when `steps(stream)` tells its stream things."""
    phone = phone or Phone()

    async def main() -> None:
        await steps(Stream(phone.send))
        await asyncio.sleep(0.05)  # the writes under way finish

    run_alone(main())
    return phone.chunks


def test_the_first_write_opens_with_the_retry_line_and_the_version():
    async def steps(stream):
        stream.tell(4)

    assert written(steps) == [OPENING + event(4)]


def test_news_arriving_together_is_written_once_at_its_newest():
    async def steps(stream):
        for version in (1, 3, 2):
            stream.tell(version)

    assert written(steps) == [OPENING + event(3)]


def test_news_during_a_slow_write_follows_it_never_overtakes_it():
    async def steps(stream):
        stream.tell(1)
        await asyncio.sleep(0)  # the first write has started
        stream.tell(2)
        stream.tell(2)  # heard twice (a reconnected source): written once

    assert written(steps, Phone(delay=0.01)) == [OPENING + event(1), event(2)]


def test_an_older_version_is_never_written():
    async def steps(stream):
        stream.tell(5)
        await asyncio.sleep(0.01)
        stream.tell(4)

    assert written(steps) == [OPENING + event(5)]


def test_a_ping_is_a_comment_line_between_events_and_never_the_first_line():
    async def steps(stream):
        stream.ping()  # nothing sent yet: the version comes first
        await asyncio.sleep(0.01)
        stream.tell(1)
        await asyncio.sleep(0.01)
        stream.ping()

    assert written(steps) == [OPENING + event(1), PING]


def test_a_deleted_games_stream_is_told_so_and_ends():
    phone = Phone()

    async def steps(stream):
        stream.tell(2)
        await asyncio.sleep(0.01)
        stream.gone()

    assert written(steps, phone) == [OPENING + event(2), GONE] and phone.ended


def test_a_stream_that_opens_just_after_a_change_is_told_it(monkeypatch):
    async def no_news(_hub: Hub) -> None:  # the hub's sources are not under test here
        return None

    monkeypatch.setattr(live, "SOURCES", dict.fromkeys(live.SOURCES, no_news))
    monkeypatch.setattr(live, "_ping_in_turn", no_news)

    async def steps(stream):
        hub = Hub()
        hub.listen(7, Stream(Phone().send))  # another page of this process watches game 7
        hub.publish(7, 3)
        hub.listen(7, stream)
        stream.tell(2)  # the version it read before the change landed

    assert written(steps) == [OPENING + event(3)]


def test_every_stream_is_pinged_once_per_period_a_slice_a_second(monkeypatch):
    pinged: list[tuple[int, int]] = []
    clock = [0]

    class Counted:
        def __init__(self, number: int) -> None:
            self.number = number

        def ping(self) -> None:
            pinged.append((clock[0], self.number))

    hub = Hub()
    for number in range(3 * PING_SECONDS):
        listener = Counted(number)
        hub.listeners[number].add(listener)
        hub.slices[number % PING_SECONDS].add(listener)

    async def tick(_seconds: float) -> None:
        clock[0] += 1
        if clock[0] > 2 * PING_SECONDS:
            hub.listeners.clear()  # every page closed: the timer stops

    monkeypatch.setattr(asyncio, "sleep", tick)
    run_alone(_ping_in_turn(hub))
    first_period = [number for second, number in pinged if second <= PING_SECONDS]
    assert sorted(first_period) == list(range(3 * PING_SECONDS))  # each once
    per_second = [sum(1 for s, _ in pinged if s == second) for second in range(1, 21)]
    assert per_second == [3] * PING_SECONDS  # never all at once
