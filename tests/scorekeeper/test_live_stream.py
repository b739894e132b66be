"""Changes pushed, not polled: every open page of a game holds a stream of its version and
hears each change within a second, on the server as `./dev start` runs it (here with two
workers, the embedded SQLite). Where the server cannot stream, the page is told so and polls."""

from __future__ import annotations

import threading
import time

import pytest
import requests

from tests.servers import Stream, csrf, sqlite_server, start_game


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with sqlite_server(tmp_path_factory.mktemp("live")) as base:
        yield base


def enter_round(base: str, scorer: requests.Session, edit: str, points: str) -> float:
    page = scorer.get(base + edit).text
    saved = time.monotonic()
    answer = scorer.post(
        base + edit + "rounds/",
        {"csrfmiddlewaretoken": csrf(page), "went_out": "0", "points_1": points, "points_2": "5"},
        headers={"Referer": base + edit},
    )
    assert answer.status_code == 200
    return saved


def test_every_phone_hears_a_saved_round_within_a_second(server):
    scorer, edit, view = start_game(server)
    phones = [Stream(server + path + "events/") for path in (edit, view, view, edit)]
    for phone in phones:
        phone.__enter__()
        assert phone.next_version() == 0  # at once: the version each page must show
    try:
        arrivals: list[float] = []

        def hear(phone: Stream) -> None:
            assert phone.next_version() == 1
            arrivals.append(time.monotonic())

        listeners = [threading.Thread(target=hear, args=(phone,)) for phone in phones]
        for listener in listeners:
            listener.start()
        saved = enter_round(server, scorer, edit, "17")
        for listener in listeners:
            listener.join(5)
        assert len(arrivals) == len(phones)
        slowest = max(arrivals) - saved
        print(f"save to news on {len(phones)} phones: at most {slowest * 1000:.0f} ms")
        assert slowest < 1
    finally:
        for phone in phones:
            phone.__exit__()


def test_a_phone_that_slept_catches_up_from_the_version_it_holds(server):
    scorer, edit, view = start_game(server)
    enter_round(server, scorer, edit, "10")
    enter_round(server, scorer, edit, "20")
    # It held version 1 when it fell asleep: the stream opens on the current one, once.
    with Stream(server + view + "events/", **{"Last-Event-ID": "1"}) as phone:
        assert phone.next_version() == 2
        enter_round(server, scorer, edit, "30")
        assert phone.next_version() == 3


def test_a_deleted_games_open_pages_are_told_it_is_gone(server):
    scorer, edit, view = start_game(server)
    with Stream(server + view + "events/") as phone:
        assert phone.next_version() == 0
        page = scorer.get(server + edit + "delete/").text
        deleted = scorer.post(
            server + edit + "delete/",
            {"csrfmiddlewaretoken": csrf(page), "confirm": "yes"},
            headers={"Referer": server + edit + "delete/"},
        )
        assert deleted.status_code == 200 and "deleted=1" in deleted.url
        assert phone.told_gone()


def test_a_stream_is_for_a_game_a_token_opens(server):
    assert requests.get(server + "/g/no-such-token/events/", timeout=5).status_code == 404


def test_a_server_that_cannot_stream_says_so_and_the_page_polls(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    assert client.get(g.url + "events/").status_code == 204  # the test client is WSGI
    page = client.get(g.url).content.decode()
    assert f'data-events-url="{g.url}events/"' in page and 'data-live-url="' in page
