"""The live table in browsers, on the server as `./dev start` runs it: a scorer, a viewer and a
second edit phone hold one game; each save shows on every screen within a second, without
polling, and a round half typed on the second phone is never replaced under its fingers."""

from __future__ import annotations

import time

import pytest

from .conftest import phone_context
from .test_game_screen import assert_on_screen

pytestmark = pytest.mark.browser


@pytest.fixture
def phones(browser, server):
    contexts = []

    def open_(path, width=390, height=844, **options):
        context = phone_context(browser, server, width, height, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.requests = []
        page.on("request", lambda request: page.requests.append(request.url))
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(path)
        return page

    yield open_
    for context in contexts:
        context.close()


def start_game(page) -> tuple[str, str]:
    page.goto("/new/")
    page.locator('input[name="rules"][value="liverpool"]').check()
    for seat, name in enumerate(["Alice", "Bruno", "Chloé"]):
        page.locator(f"#id_name_{seat}").fill(name)
    page.locator("#id_first_dealer").select_option(label="Alice")
    page.get_by_role("button", name="Commencer la partie").click()
    page.get_by_role("heading", name="Manche 1 sur 7").wait_for()
    edit = "/g/" + page.url.split("/g/")[1]
    page.goto(edit + "share/")
    view = page.get_by_role("textbox", name="Lien en lecture seule").input_value()
    page.goto(edit)
    return edit, "/g/" + view.split("/g/")[1]


def enter_round(page, points):
    for seat, value in enumerate(points):
        page.locator(f"#id_points_{seat}").fill(value)
    page.get_by_role("button", name="Enregistrer la manche").tap()


def streaming(page) -> None:
    """Until the page has opened its stream (its first event follows at once)."""
    deadline = time.monotonic() + 10
    while not any("/events/" in url for url in page.requests):
        assert time.monotonic() < deadline, "no stream opened"
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)


def test_a_save_shows_on_every_phone_within_a_second_without_polling(phones):
    scorer = phones("/")
    edit, view = start_game(scorer)
    viewer = phones(view)
    other = phones(edit)
    for page in (scorer, viewer, other):
        streaming(page)
    time.sleep(0.5)

    enter_round(scorer, ["0", "12", "7"])
    saved = time.monotonic()
    for page in (viewer, other):
        page.locator('#live[data-version="1"]').wait_for()
    print(f"save to the other phones' boards: {(time.monotonic() - saved) * 1000:.0f} ms")
    assert time.monotonic() - saved < 1.5  # 1 s to hear it, and the page's own fetch
    for page in (viewer, other):
        standings = page.locator("#standings-title")
        assert_on_screen(page, standings, "the standings")
        assert "Bruno" in page.inner_text("#live") and "12" in page.inner_text("#live")
        assert not [url for url in page.requests if "/live/" in url and "v=0" not in url]
    # The other edit phone's form moved on to round 2.
    assert other.locator('input[name="number"]').input_value() == "2"
    # Collected, the page's own scripts arrive as one file, and run as they did apart.
    for page in (scorer, viewer, other):
        scripts = [url for url in page.requests if "/static/js/" in url]
        assert {url.split("/")[-1].split(".")[0] for url in scripts} == {"outbox", "page"}
        assert page.errors == []


def test_a_view_only_phone_shows_the_board_it_is_sent_without_asking_for_it(phones):
    scorer = phones("/")
    edit, view = start_game(scorer)
    viewer = phones(view)
    english = phones(view, locale="en-GB")  # sent a French board: it asks for its own
    for page in (viewer, english):
        streaming(page)
    asked = {id(page): len(fetches(page)) for page in (viewer, english)}
    enter_round(scorer, ["0", "12", "7"])
    for page in (viewer, english):
        page.locator('#live[data-version="1"]').wait_for()
    assert "Manche 2 sur 7" in viewer.inner_text("#live")
    assert "Round 2 of 7" in english.inner_text("#live")
    assert len(fetches(viewer)) == asked[id(viewer)]  # shown as it was sent
    assert len(fetches(english)) == asked[id(english)] + 1
    for page in (viewer, english):
        assert_on_screen(page, page.locator("#standings-title"), "the standings")
        assert page.errors == []


def fetches(page) -> list[str]:
    return [url for url in page.requests if "/live/" in url]


def test_a_round_half_typed_is_kept_and_saving_it_shows_both_versions(phones):
    scorer = phones("/")
    edit, _view = start_game(scorer)
    other = phones(edit)
    streaming(other)
    other.locator("#id_points_1").fill("30")  # the other phone starts typing round 1

    enter_round(scorer, ["0", "12", "7"])
    note = other.locator("[data-news]")
    note.wait_for()
    assert other.locator("#id_points_1").input_value() == "30"  # nothing wiped
    assert_on_screen(other, note, "the news")
    other.screenshot(path="/tmp/live-news.png")

    other.locator("#id_points_0").fill("0")
    other.locator("#id_points_2").fill("7")
    other.get_by_role("button", name="Enregistrer la manche").tap()
    other.locator(".taken").get_by_text("Manche 1 saisie sur un autre téléphone").wait_for()
