"""A group's page on a phone (360x740 and 390x844, light and dark): every figure and chart
in the width, the charts drawn, a head-to-head asked, a game started from the group lands in
its book."""

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services

from .conftest import phone_context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OUT = frozenset({"went_out"})
# A long name, hyphenated words and all, must wrap in its cell, never push a column out.
LONG = "Marie-Dominique Delacroix-Fontaine"


@pytest.fixture
def club_url(start_game):
    club, edit, _view = services.club_create(name="Jeudi soir", names=["Ana", "Ben", LONG])
    for points in ((9, 30), (40, 2)):
        g = start_game("rami-contrat", ["Ana", "Ben", LONG])
        for _ in range(7):
            deal = [PlayerDeal(0, None, OUT), PlayerDeal(points[0]), PlayerDeal(points[1])]
            services.round_record(game=g.game, entries=deal)
        services.game_attach(game=g.game, club=club)
    return f"/club/{edit}/"


@pytest.mark.parametrize(("width", "height"), [(360, 740), (390, 844)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_group_page_fits_a_phone_and_draws_its_charts(
    browser, live_server, club_url, scheme, width, height
):
    context = phone_context(browser, live_server.url, width, height, color_scheme=scheme)
    page = context.new_page()
    # French first (its words are the longest): every figure of the wins table in the width.
    page.goto(f"/language/fr/?next={club_url}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    rights = page.eval_on_selector_all(
        "table.wins th, table.wins td", "cells => cells.map(c => c.getBoundingClientRect().right)"
    )
    # Inside the section's own box, not merely the screen (the page's margin hides overflow).
    room = page.eval_on_selector("table.wins", "t => t.parentElement.getBoundingClientRect().right")
    assert len(rights) == 16 and max(rights) <= room + 0.5
    page.goto(f"/language/en/?next={club_url}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    cards = page.locator(".member-card")
    assert cards.count() == 3
    for index in range(3):
        card = cards.nth(index)
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        image = card.locator("img")
        image.scroll_into_view_if_needed()
        page.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
        )
        assert "average points per contract" in image.get_attribute("alt")
    # Ana went out every deal of both games: 0 points per deal, 2 games won.
    assert page.locator("table.wins tr").nth(1).inner_text().split() == [
        "Ana",
        "2",
        "2",
        "100",
        "%",
    ]
    page.select_option("select[name=a]", label="Ben")
    page.select_option("select[name=b]", label=LONG)
    page.get_by_role("button", name="Compare").click()
    result = page.locator(".h2h")
    assert "Ben finished ahead: 1" in result.inner_text()
    assert f"{LONG} finished ahead: 1" in result.inner_text()
    box = result.bounding_box()
    assert box["x"] + box["width"] <= width
    context.close()


def test_a_game_started_from_the_group_goes_in_its_book(phone, club_url):
    phone.goto(f"/language/en/?next={club_url}")
    phone.get_by_role("checkbox", name="Ana").check()
    phone.get_by_role("checkbox", name="Ben").check()
    phone.get_by_role("button", name="Start a game with them").click()
    assert phone.locator("#id_name_0").input_value() == "Ana"
    assert phone.locator("#id_name_1").input_value() == "Ben"
    phone.get_by_text("Liverpool Rummy", exact=False).first.click()
    phone.get_by_role("button", name="Start the game").click()
    phone.wait_for_url("**/g/**")
    phone.get_by_text("Menu").click()
    phone.get_by_role("link", name="Group: Jeudi soir").click()
    phone.wait_for_url(f"**{club_url}")
    newest = phone.locator("ul.games li").first.inner_text()
    assert "Liverpool Rummy" in newest and "Ana, Ben" in newest and "in progress" in newest
