"""The table's big screen: a view-only page with the standings, the round to deal, the hands
sent, the score race and the code to join; the end of the game; nothing to type."""

import re

import pytest

from scorekeeper import services

from .helpers import round_data, visible_text


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def screen_of(client, g) -> str:
    share = client.get(g.url + "share/").content.decode()
    return re.search(r'href="(/g/[^"]+/screen/)" data-big-screen-link', share).group(1)


def test_the_share_page_offers_the_big_screen_through_the_view_link(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    screen = screen_of(client, g)
    assert screen == g.view_url + "screen/"
    page = client.get(screen)
    assert page.status_code == 200 and page["Cache-Control"] == "private, no-store"
    text = visible_text(page.content.decode())
    assert "Round 1 of 7" in text and "Dealer" in text and "Plays first" in text
    assert "<input" not in page.content.decode() and "<form" not in page.content.decode()


def test_the_big_screen_shows_the_standings_the_hands_sent_and_the_code_to_join(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    client.post(g.url + "rounds/", round_data({1: "12", 2: "30"}, out=0))
    services.seats_open(game=g.game)
    g.game.refresh_from_db()
    services.hand_send(game=g.game, seat=1, number=2, hand=services.Hand(cards="K 7"))
    page = client.get(g.view_url + "screen/").content.decode()
    text = visible_text(page)
    assert re.search(r"1\s*Ana\s*0", text) and "12 behind" in text
    assert "K 7 = 17" in text and "Cléo waiting…" in text
    assert "<svg" in page and "Scan to send your own hand" in text
    assert 'class="bs-race"' in page


def test_the_big_screen_follows_the_game_and_says_nothing_new_cheaply(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    live = g.view_url + "screen/live/"
    assert client.get(live + "?v=0").status_code == 204
    client.post(g.url + "rounds/", round_data({1: "9"}, out=0))
    fresh = client.get(live + "?v=0")
    assert fresh.status_code == 200 and 'data-version="1"' in fresh.content.decode()


def test_the_end_of_the_game_on_the_big_screen(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    for number in range(1, 8):
        client.post(g.url + "rounds/", round_data({1: "5"}, out=0, number=number))
    text = visible_text(client.get(g.view_url + "screen/").content.decode())
    assert "Ana wins!" in text and "7 rounds played." in text


def test_romi_rami_has_no_big_screen(client, start_game):
    g = start_game("romi-rami", ["Ana", "Ben"])
    assert client.get(g.view_url + "screen/").status_code == 404
    assert "big-screen-link" not in client.get(g.url + "share/").content.decode()
