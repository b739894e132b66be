"""Changes pushed, not polled: every open page of a game holds a stream of its version (held
by nginx's nchan, authorised by Django) and hears each change within a second, on the server
as `./dev start` runs it. A link that stops opening the game stops its streams; a deleted
game tells every open page. Where no stream server is in front, the page is told so and polls."""

from __future__ import annotations

import re
import threading
import time

import pytest
import requests

from tests.servers import Stream, app_server, csrf, start_game


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with app_server(tmp_path_factory.mktemp("live")) as base:
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


def post(
    base: str, scorer: requests.Session, path: str, action: str = "", **fields: str
) -> requests.Response:
    """The form of page `path` sent to `action` (the page itself by default)."""
    page = scorer.get(base + path).text
    return scorer.post(
        base + (action or path),
        {"csrfmiddlewaretoken": csrf(page), **fields},
        headers={"Referer": base + path},
    )


def test_every_phone_hears_a_saved_round_within_a_second(server):
    scorer, edit, view = start_game(server)
    phones = [Stream(server + path + "events/") for path in (edit, view, view, edit)]
    for phone in phones:
        phone.__enter__()  # listening once its answer's headers are in
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


def enter_round_from_the_page(
    base: str, scorer: requests.Session, edit: str, points: str, **headers: str
) -> requests.Response:
    """A round saved as the game's page saves it (htmx): the answer is the new live part."""
    page = scorer.get(base + edit, headers=headers).text
    return scorer.post(
        base + edit + "rounds/",
        {"csrfmiddlewaretoken": csrf(page), "went_out": "0", "points_1": points, "points_2": "5"},
        headers={"Referer": base + edit, "HX-Request": "true", **headers},
    )


def test_a_view_only_phone_is_sent_the_new_board_before_the_version(server):
    scorer, edit, view = start_game(server)
    with Stream(server + view + "events/") as viewer, Stream(server + edit + "events/") as other:
        assert enter_round_from_the_page(server, scorer, edit, "17").status_code == 200
        name, board = viewer.next_event()
        assert name == "board"
        assert 'data-version="1"' in board and 'data-board="fr"' in board
        assert "17" in board and edit.strip("/").split("/")[1] not in board  # no edit link
        assert board == requests.get(server + view + "live/?v=0").text  # what a fetch gets
        assert viewer.next_event() == ("version", "1")
        # An edit phone is told the version only: its live part holds the form.
        assert other.next_event() == ("version", "1")


def test_the_board_sent_is_in_the_scorers_language_for_the_pages_to_compare(server):
    scorer, edit, view = start_game(server)
    with Stream(server + view + "events/") as viewer:
        english = {"Accept-Language": "en"}
        assert enter_round_from_the_page(server, scorer, edit, "9", **english).status_code == 200
        name, board = viewer.next_event()
    assert name == "board" and 'data-board="en"' in board and "Round 2 of 7" in board


def test_a_phone_that_slept_is_told_the_newest_version_when_its_stream_opens_again(server):
    scorer, edit, view = start_game(server)
    with Stream(server + view + "events/") as phone:
        enter_round(server, scorer, edit, "10")
        assert phone.next_version() == 1
        last_id = phone.last_id
    enter_round(server, scorer, edit, "20")
    enter_round(server, scorer, edit, "30")
    # The browser opens it again with the last event it had: the news it missed follows.
    with Stream(server + view + "events/", **{"Last-Event-ID": last_id}) as phone:
        assert phone.next_version() == 3
        enter_round(server, scorer, edit, "40")
        assert phone.next_version() == 4


def test_a_deleted_games_open_pages_are_told_it_is_gone(server):
    scorer, edit, view = start_game(server)
    with Stream(server + view + "events/") as phone:
        deleted = post(server, scorer, edit + "delete/", confirm="yes")
        assert deleted.status_code == 200 and "deleted=1" in deleted.url
        assert phone.told_gone()
    assert requests.get(server + view + "events/", timeout=5).status_code == 404


def test_a_replaced_edit_link_ends_the_streams_opened_with_it(server):
    scorer, edit, view = start_game(server)
    with Stream(server + edit + "events/") as old, Stream(server + view + "events/") as viewer:
        answer = post(server, scorer, edit + "share/", edit + "share/new-edit-link/")
        new = "/g/" + answer.url.split("/g/")[1].split("/")[0] + "/"
        assert new != edit
        assert old.ended()  # nginx closed it: the old link opens nothing now
        enter_round(server, scorer, new, "12")
        assert viewer.next_version() == 1  # the view link still follows the game
    assert requests.get(server + edit + "events/", timeout=5).status_code == 404


def test_closing_the_players_links_ends_their_streams(server):
    scorer, edit, _view = start_game(server)
    post(server, scorer, edit + "share/", edit + "seats/open/")
    join = re.search(r"(/j/[^/\"<]+/)", scorer.get(server + edit + "share/").text).group(1)
    player = requests.Session()  # the player's own phone takes their seat
    seat = post(server, player, join, seat="1").url.split(server)[1]
    assert seat.startswith("/s/")
    with Stream(server + seat + "events/") as phone:
        post(server, scorer, edit + "share/", edit + "seats/close/")
        assert phone.ended()
    assert requests.get(server + seat + "events/", timeout=5).status_code == 404


def test_giving_a_seat_back_ends_the_streams_of_its_old_link(server):
    scorer, edit, _view = start_game(server)
    post(server, scorer, edit + "share/", edit + "seats/open/")
    join = re.search(r"(/j/[^/\"<]+/)", scorer.get(server + edit + "share/").text).group(1)
    seat = post(server, requests.Session(), join, seat="0").url.split(server)[1]
    with Stream(server + seat + "events/") as phone:
        post(server, scorer, edit + "share/", edit + "seats/0/release/")
        assert phone.ended()
    assert requests.get(server + seat + "events/", timeout=5).status_code == 404


def test_a_stream_is_for_a_game_a_token_opens(server):
    assert requests.get(server + "/g/no-such-token/events/", timeout=5).status_code == 404


def test_a_server_that_cannot_stream_says_so_and_the_page_polls(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    assert client.get(g.url + "events/").status_code == 204  # no stream server in front
    page = client.get(g.url).content.decode()
    # No stream's address: the page polls (a refused stream is only opened again later).
    assert "data-events-url" not in page and 'data-live-url="' in page


def test_behind_a_stream_server_the_page_is_given_its_stream(client, start_game, settings):
    settings.LIVE_PUBLISH = ["unix:/nowhere.sock"]
    g = start_game("liverpool", ["Ana", "Ben"])
    page = client.get(g.url).content.decode()
    assert f'data-events-url="{g.url}events/"' in page and 'data-live-url="' in page
