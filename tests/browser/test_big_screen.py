"""The table's big screen, in Chromium at a TV's and a tablet's sizes: nothing scrolls or
sticks out, the standings read from across the table (their text at least 3 % of the
screen's height), light and dark, with 2, 5 and 8 players; and a round saved on the scorer's
phone appears on it within a second, on the server as `./dev start` runs it, without polling."""

from __future__ import annotations

import time

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services

from .test_join_the_table import Phone
from .test_live_table import enter_round, start_game, streaming

pytestmark = pytest.mark.browser

NAMES = ["Marie-Hélène", "Maximilien", "Ana", "Bruno", "Chloé", "Dan", "Élodie", "Fanny"]
OUT = frozenset({"went_out"})

FITS = """() => {
  const page = document.scrollingElement;
  const standings = [...document.querySelectorAll('.bs-standings li')];
  const smallest = Math.min(...standings.map((li) => parseFloat(getComputedStyle(li).fontSize)));
  const outside = [...document.querySelectorAll('#live *, .bs-controls *')].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width && box.height && (box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5);
  }).map((el) => el.tagName + '.' + el.className);
  return {scrolls: page.scrollHeight > innerHeight + 1 || page.scrollWidth > innerWidth + 1,
          smallest, height: innerHeight, outside, lines: standings.length};
}"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_big_screen_fits_every_screen_and_reads_from_afar(
    browser, live_server, start_game, players
):
    g = start_game("liverpool", NAMES[:players])
    for _ in range(2):
        deal = [PlayerDeal(0, None, OUT)] + [PlayerDeal(10 + seat) for seat in range(1, players)]
        services.round_record(game=g.game, entries=deal)
    services.seats_open(game=g.game)
    g.game.refresh_from_db()
    services.hand_send(game=g.game, seat=1, number=3, hand=services.Hand(cards="K 7"))
    # The three sizes asked for, light and dark; the smallest and the largest screens too.
    sizes = {
        "light": [(1280, 720), (1920, 1080), (1024, 768), (3840, 2160)],
        "dark": [(1280, 720), (1920, 1080), (1024, 768), (1024, 600)],
    }
    for scheme, screens in sizes.items():
        context = browser.new_context(base_url=live_server.url, locale="fr-FR", color_scheme=scheme)
        page = context.new_page()
        for width, height in screens:
            page.set_viewport_size({"width": width, "height": height})
            page.goto(g.view_url + "screen/")
            page.locator(".bs-race svg").wait_for()
            found = page.evaluate(FITS)
            assert found["lines"] == players
            assert not found["scrolls"], (width, height, players)
            assert found["outside"] == [], (width, height, players, found["outside"])
            assert found["smallest"] >= 0.03 * height, (width, height, players, found["smallest"])
            assert page.locator("input, textarea, select").count() == 0
            page.screenshot(path=f"/tmp/big-screen-{players}-{width}x{height}-{scheme}.png")
        context.close()


@pytest.mark.django_db(transaction=True)
def test_the_end_of_the_game_on_the_big_screen(browser, live_server, start_game):
    g = start_game("liverpool", NAMES[:5])
    for _ in range(7):
        services.round_record(game=g.game, entries=[PlayerDeal(0, None, OUT)] + [PlayerDeal(9)] * 4)
    context = browser.new_context(
        viewport={"width": 1280, "height": 720}, base_url=live_server.url, locale="fr-FR"
    )
    page = context.new_page()
    page.goto(g.view_url + "screen/")
    page.get_by_role("heading", name="Marie-Hélène gagne !").wait_for()
    assert not page.evaluate(FITS)["scrolls"]
    page.screenshot(path="/tmp/big-screen-end.png")
    context.close()


def test_a_round_saved_on_the_scorers_phone_is_on_the_big_screen_within_a_second(browser, server):
    scorer = Phone(browser, server)
    tv = browser.new_context(
        viewport={"width": 1920, "height": 1080}, base_url=server, locale="fr-FR"
    )
    try:
        scorer.page.goto("/")
        edit, view = start_game(scorer.page)
        screen = tv.new_page()
        screen.requests = []
        screen.on("request", lambda request: screen.requests.append(request.url))
        screen.goto(view + "screen/")
        streaming(screen)
        time.sleep(0.5)
        enter_round(scorer.page, ["0", "12", "7"])
        saved = time.monotonic()
        screen.locator('#live[data-version="1"]').wait_for()
        elapsed = time.monotonic() - saved
        # The scorer types round 2 once its own phone shows round 1 saved, as a person does.
        scorer.page.get_by_text("Manche 1 enregistrée.").wait_for()
        print(f"save to the big screen: {elapsed * 1000:.0f} ms")
        assert elapsed < 1
        assert "Manche 2 sur 7" in screen.inner_text("#live")
        assert "12" in screen.inner_text(".bs-standings")
        polls = [url for url in screen.requests if "/live/" in url and "v=0" not in url]
        assert len(polls) <= 1, polls  # the one fetch the news asked for, no polling

        # The network drops and comes back: the screen catches up by itself.
        tv.set_offline(True)
        enter_round(scorer.page, ["5", "0", "9"])
        scorer.page.get_by_text("Manche 2 enregistrée.").wait_for()
        tv.set_offline(False)
        screen.evaluate("window.dispatchEvent(new Event('online'))")
        screen.locator('#live[data-version="2"]').wait_for(timeout=15_000)
    finally:
        scorer.context.close()
        tv.close()
