"""Locust users for bench/capacity.py: the people around one table.

A table is one scorer entering a round every 2 minutes (a PDF export once per 7 rounds) and
three other phones. `--mode polling`, the app before the live table: `Scorer` then fetches
the whole game page again after each round (what its service worker did to keep its offline
copy) and `Viewer` polls the live board every 3 s. `--mode live`, the app now: `LiveScorer`
holds the game's stream open like every page (its own saves need no fetch: the save's answer
is the new live part, and the worker sets it into its copy), and `LiveViewer` holds the
stream, shows the live board it is sent, and fetches it when a version is announced without
it (static/js/live.js); every phone loads the score race where what it shows names it as an
image (the app before 2026-11-27; it is set into the page since), as a browser
does. It reports "news to a phone", the time from the start of the scorer's save to the
announcement on that phone. Tables come from the JSON file CAPACITY_TABLES names:
[[edit, view], ...]. Locust runs one user a table (`Table`, `LiveTable`): the scorer, with
its three other phones in greenlets of their own.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import time
import urllib.parse

import gevent
from gevent import socket
from locust import FastHttpUser, between, constant, events, task
from locust.runners import WorkerRunner

TABLES = json.loads(open(os.environ["CAPACITY_TABLES"]).read())
VERSION = re.compile(r'data-version="(\d+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# The score race as an image (the app until 2026-11-27): a browser loads it with the page or
# live part that names it, once per version (lazy or not: on a phone the chart is near
# enough the screen to load at once). Since, the race is part of the page: nothing to load.
CHART = re.compile(r'<img src="(/g/[^"]+/chart\.svg\?v=\d+)"')
ROUND_EVERY = 120  # seconds between two rounds at one table
SAVED: dict[str, dict[int, float]] = {}  # view token -> version -> when its save began


# A request a phone makes now and then closes its connection after the answer (the server
# would close it 5 s later anyway): the load generator then holds only the streams open, not
# one idle connection per phone besides (a process may hold 20,000 files here).
ONCE = {"Connection": "close"}


def note_news(now: float, ms: float) -> None:
    """One news delay, written as it is heard to this load process's own file (one JSON list
    per line), for bench/capacity.py: with several load processes, locust's master interrupts
    its workers 3 s after the run ends, and one still stopping 8,000 phones then never wrote
    what it held (no news was heard at 4,000 tables, 2026-11-28)."""
    global _news_file
    if not os.environ.get("CAPACITY_NEWS"):
        return
    if _news_file is None:
        _news_file = open(f"{os.environ['CAPACITY_NEWS']}.{os.getpid()}", "a", buffering=1)
    _news_file.write(f"[{now}, {ms}]\n")


_news_file = None


@events.test_start.add_listener
def _reset_at_the_window(environment, **_kwargs) -> None:
    """Locust's statistics start at the window (CAPACITY_RESET_AT, when the phones have
    settled), not when the last phone joined (`--reset-stats`). Workers send what they
    count to the master, whose statistics are the ones written."""
    at = float(os.environ.get("CAPACITY_RESET_AT") or 0)
    if at and not isinstance(environment.runner, WorkerRunner):
        gevent.spawn_later(max(0.0, at - time.time()), environment.runner.stats.reset_all)


def load_images(client, html: str) -> None:
    """What a browser loads with a page or a live part it shows: the score race, where it is
    an image."""
    for url in set(CHART.findall(html)):
        client.get(url, name="chart", headers=ONCE)


_tables: list[itertools.cycle] = []


def seat(environment) -> list[str]:
    """The next table of this load process: with several (`--processes`), each plays its own
    share of the tables, and a table's four phones are one locust user (`Table`), so they
    are in one process, where the news's delay is timed."""
    if not _tables:
        runner = environment.runner
        count = getattr(environment.parsed_options, "processes", 1) or 1
        index = getattr(runner, "worker_index", 0) if count > 1 else 0
        _tables.append(itertools.cycle(TABLES[max(index, 0) :: max(count, 1)]))
    return next(_tables[0])


class Scorer(FastHttpUser):
    wait_time = constant(ROUND_EVERY)

    def on_start(self) -> None:
        self.edit, self.view = seat(self.environment)
        self.sit_down()

    def sit_down(self) -> None:
        self.reload()  # the scorer opens the game as the table sits down, as every phone does
        self.opened()
        # Tables are not in step: each scorer's first round comes at a random moment.
        gevent.sleep(random.uniform(0, ROUND_EVERY))

    def opened(self) -> None:
        """What the phone does once the game's page is open (the live table: its stream)."""

    def reload(self) -> None:
        page = open_page(self.client, f"/g/{self.edit}/", "game page (edit)")
        self.token = TOKEN.search(page).group(1)
        self.version = int(VERSION.search(page).group(1))
        load_images(self.client, page)

    reload_after_save = True  # the app before the live table (see the module's words)
    # The live table's page keeps its own round cards and form after a save (live.js).
    keep_form: dict[str, str] = {}

    @task
    def enter_a_round(self) -> None:
        hands = {f"points_{seat}": str(random.randint(5, 60)) for seat in range(1, 4)}
        began = time.time()
        # Noted before the save: news through NOTIFY may reach a phone before the answer
        # reaches the scorer. A round bumps the version by one; only the scorer writes.
        SAVED.setdefault(self.view, {})[self.version + 1] = began
        with self.client.post(
            f"/g/{self.edit}/rounds/",
            data={"csrfmiddlewaretoken": self.token, "went_out": "0", **hands},
            headers={"HX-Request": "true", "Referer": f"{self.host}/g/{self.edit}/", **ONCE}
            | self.keep_form,
            name="round entry",
            catch_response=True,
        ) as response:
            if response.status_code != 200 or "field-error" in response.text:
                response.failure(f"round not stored: {response.status_code}")
            else:
                self.version = int(VERSION.search(response.text).group(1))
                load_images(self.client, response.text)
        if self.reload_after_save:
            self.reload()
        # A game is 7 rounds on average: its PDF is exported, and the next game's page opens
        # (the bench's game goes on: Rami 51's deals never run out).
        if random.random() < 1 / 7:
            self.client.get(f"/g/{self.edit}/grid.pdf", name="PDF export", headers=ONCE)
            if not self.reload_after_save:
                self.reload()


class Retry:
    """How long a phone whose stream was refused waits before opening it again, as the page
    does (static/js/live.js): a random moment within a wait that doubles from 2 s up to a
    minute, back to none once a stream opens."""

    def __init__(self) -> None:
        self.most = 0.0

    def after(self, opened: bool) -> None:
        if opened:
            self.most = 0.0
            return
        self.most = min(max(2 * self.most, 2.0), 60.0)
        gevent.sleep(random.uniform(self.most / 2, self.most))


def open_page(client, path: str, name: str) -> str:
    """A page, opened again after a refusal as a person does on reading "busy, try again in a
    moment": after the wait its Retry-After names, then later each time (`Retry`). Each
    refusal counts as a failure. (A phone that gave up on a refused page used to end there,
    and locust replaced it at once with a new one asking for its page: at 4,000 tables a
    burst of refusals turned into a storm of page loads that never ended, 2026-11-28.)"""
    retry = Retry()
    while True:
        with client.get(path, name=name, headers=ONCE, catch_response=True) as answer:
            if answer.status_code == 200:
                return answer.text
            answer.failure(f"{name} answered {answer.status_code}")
            waited = answer.headers.get("Retry-After", "")
        gevent.sleep(int(waited) if waited.isdigit() else 0)
        retry.after(False)


def hold_stream(host: str, token: str, heard, opened=None, refused=None) -> bool:
    """One phone's stream of the game's versions, held until it drops: `opened()` once it
    listens (the page then asks what changed since it loaded), `heard(version, board)` for
    each announcement (`board`: the live part itself, when it came with it, else None). A
    failure is counted and `refused()` called (the page asks what changed once); the answer
    says whether the stream opened (`Retry` waits as the page does when it did not)."""
    address = urllib.parse.urlparse(host)
    listening = False
    try:
        stream = socket.create_connection((address.hostname, address.port), timeout=60)
        stream.sendall(
            f"GET /g/{token}/events/ HTTP/1.1\r\nHost: {address.netloc}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        lines = stream.makefile("rb")
        status = lines.readline()
        if b" 200 " not in status:
            raise OSError(f"stream answered {status!r}")
        listening = True
        if opened is not None:
            opened()
        event, data = b"", []
        for line in lines:  # chunked: every event is one chunk, its lines whole
            if line.startswith(b"event: "):
                event, data = line[7:].strip(), []
            elif line.startswith(b"data: "):
                data.append(line[6:])
            elif not line.strip() and event:  # the event's end
                text = b"".join(data).decode(errors="replace")
                if event == b"version" and text.strip().isdigit():
                    heard(int(text), None)
                elif event == b"board" and (shown := VERSION.search(text)):
                    heard(int(shown.group(1)), text)  # the live part itself: nothing to fetch
                event, data = b"", []
    except OSError as error:
        events.request.fire(
            request_type="SSE",
            name="stream",
            response_time=0,
            response_length=0,
            exception=error,
            context={},
        )
        if not listening and refused is not None:
            refused()
    return listening


class LiveScorer(Scorer):
    """The scorer's phone with the live table: its page holds the stream too."""

    reload_after_save = False
    keep_form = {"X-Keep-Form": "1"}

    def opened(self) -> None:
        self.streaming = gevent.spawn(self.keep_streaming)

    def keep_streaming(self) -> None:
        retry = Retry()
        while True:  # its own saves' news: the page shows that version already
            retry.after(hold_stream(self.host, self.edit, lambda version, board: None))

    def on_stop(self) -> None:
        self.streaming.kill()


class Viewer(FastHttpUser):
    wait_time = between(2.9, 3.1)

    view = ""  # the table's view link, given by `Table`

    def on_start(self) -> None:
        page = open_page(self.client, f"/g/{self.view}/", "view page")
        self.version = VERSION.search(page).group(1)

    @task
    def poll(self) -> None:
        with self.client.get(
            f"/g/{self.view}/live/?v={self.version}", name="live poll", catch_response=True
        ) as response:
            if response.status_code == 200:
                self.version = VERSION.search(response.text).group(1)
            elif response.status_code != 204:
                response.failure(f"poll answered {response.status_code}")


class LiveViewer(FastHttpUser):
    """A phone with the game open: its stream of versions and boards, and a fetch of the
    live board for a new version it was not sent."""

    wait_time = constant(0)

    view = ""  # the table's view link, given by `LiveTable`

    def on_start(self) -> None:
        page = open_page(self.client, f"/g/{self.view}/", "view page")
        self.version = int(VERSION.search(page).group(1))
        self.retry = Retry()  # its stream, when refused
        load_images(self.client, page)

    @task
    def listen(self) -> None:
        self.retry.after(hold_stream(self.host, self.view, self.heard, self.fetch, self.fetch))

    def heard(self, version: int, board: str | None) -> None:
        if version <= self.version:
            return
        began = SAVED.get(self.view, {}).get(version)
        if began is not None:
            now = time.time()
            note_news(now, (now - began) * 1000)
        if board is not None:
            self.version = version
            load_images(self.client, board)  # as the page swapping it in does
        else:
            self.fetch()

    def fetch(self) -> None:
        """The live board, when newer than the version shown (else 204)."""
        with self.client.get(
            f"/g/{self.view}/live/?v={self.version}",
            name="live fetch",
            headers=ONCE,
            catch_response=True,
        ) as response:
            if response.status_code == 200:
                self.version = int(VERSION.search(response.text).group(1))
                load_images(self.client, response.text)
            elif response.status_code != 204:
                response.failure(f"live fetch answered {response.status_code}")


class Table(Scorer):
    """A whole table as one locust user: its scorer, and its three other phones each in a
    greenlet of its own, sitting down within a few seconds of the scorer. With several load
    processes, locust hands out users class by class in turn (with two processes, every
    scorer went to one of them), so a table made of a scorer and three viewers, each a user,
    was split across processes: its news went untimed (timed where the save began), and
    tables had two scorers or none (found 2026-11-28). One user a table keeps it whole."""

    phone: type[FastHttpUser] = Viewer

    def on_start(self) -> None:
        edit, view = seat(self.environment)
        self.phone.host = self.host
        self.others = []
        for _ in range(3):
            other = self.phone(self.environment)
            other.view = view
            self.others.append(gevent.spawn_later(random.uniform(0, 3), other.run))
        self.edit, self.view = edit, view
        self.sit_down()

    def on_stop(self) -> None:
        gevent.killall(self.others)


class LiveTable(Table, LiveScorer):
    """A table of the live table: the scorer's phone and its other three hold streams."""

    phone = LiveViewer

    def on_stop(self) -> None:
        Table.on_stop(self)
        LiveScorer.on_stop(self)
