"""People come and go, as a table does it on a phone: from "Players and game", Ben leaves
and Élodie sits down; the game page then deals without Ben and asks Élodie's hand, and the
standings say who left and where the newcomer started. At 360×740 and 390×844, light and
dark, French and English."""

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services

from .test_end_of_game import poll
from .test_game_screen import assert_on_screen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
OUT = frozenset({"went_out"})

WORDS = {
    "fr": {
        "leaves": "Ben quitte la table",
        "name": "Nom",
        "worst": "le pire total (30)",
        "sit": "L’asseoir à la table",
        "left": "parti·e après la manche 1",
        "since": "arrivé·e manche 2 avec 30",
        "joined": "Le nouveau joueur s’assoit à la table dès la manche suivante.",
    },
    "en": {
        "leaves": "Ben leaves the table",
        "name": "Name",
        "worst": "the worst total (30)",
        "sit": "Sit them at the table",
        "left": "left after round 1",
        "since": "joined round 2 with 30",
        "joined": "The new player sits at the table from the next round.",
    },
}


@pytest.mark.parametrize(
    ("width", "height", "scheme", "lang"),
    [(360, 740, "dark", "fr"), (390, 844, "light", "en"), (360, 740, "light", "en")],
)
def test_a_player_leaves_another_joins_and_the_game_page_follows(
    open_phone, start_game, width, height, scheme, lang
):
    words = WORDS[lang]
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"], first_dealer=0)
    entries = [PlayerDeal(0, None, OUT), PlayerDeal(12), PlayerDeal(30), PlayerDeal(7)]
    services.round_record(game=g.game, entries=entries)
    page = open_phone(g.url + "players/", width, height, scheme)
    if lang == "en":
        page.goto("/language/en/?next=" + g.url + "players/")
    leave = page.get_by_role("button", name=words["leaves"])
    leave.scroll_into_view_if_needed()
    assert_on_screen(page, leave, "the leave button")
    leave.click()
    page.wait_for_load_state()
    assert page.locator(f"li[data-seat='1'] :text('{words['left']}')").count() == 1
    name = page.get_by_label(words["name"], exact=True).last
    name.scroll_into_view_if_needed()
    name.fill("Élodie")
    worst = page.get_by_label(words["worst"])
    assert worst.is_checked()  # the house rule's default: the worst total so far
    page.get_by_role("button", name=words["sit"]).click()
    page.wait_for_load_state()
    assert words["joined"] in page.locator("main").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=f"/tmp/comings-players-{width}-{scheme}-{lang}.png", full_page=True)

    page.goto(g.url)
    # Round 2: Ben dealt nothing more; the deal passes from Ana to Cléo, Dan plays first.
    card = page.locator(".round-card:not([hidden])").first
    assert "Cléo" in card.inner_text()
    hands = page.locator("#round-form .hand-name").all_inner_texts()
    assert hands == ["Ana", "Cléo", "Dan", "Élodie"]
    standings = page.locator("#standings")
    assert words["left"] in standings.inner_text() and words["since"] in standings.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    grid = page.locator("table.scores")
    grid.scroll_into_view_if_needed()
    assert page.locator("table.scores td.sat-out").count() == 1  # Élodie in round 1
    page.screenshot(path=f"/tmp/comings-game-{width}-{scheme}-{lang}.png", full_page=True)


def test_a_second_phone_sees_the_new_player_without_reloading(open_phone, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    entries = [PlayerDeal(0, None, OUT), PlayerDeal(12), PlayerDeal(30)]
    services.round_record(game=g.game, entries=entries)
    other = open_phone(g.url, 390, 844)
    assert other.locator("#round-form .hand-name").count() == 3
    services.player_join(game=g.game, name="Dan")
    poll(other, "document.querySelectorAll('#round-form .hand-name').length === 4")
    assert "Dan" in other.locator("#standings").inner_text()
