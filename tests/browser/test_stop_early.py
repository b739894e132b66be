"""Stop early at the table: a 7-round game ended after round 5 on a phone, confirmed, shown
with its final ranking, then taken up again."""

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services

from .test_game_screen import assert_on_screen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
OUT = frozenset({"went_out"})


@pytest.mark.parametrize(
    ("width", "height", "scheme", "locale", "words"),
    [
        (
            360,
            740,
            "dark",
            "fr-FR",
            (
                "Terminer la partie ici…",
                "Oui, terminer la partie",
                "Arrêtée après la manche 5 sur 7.",
                "Continuer la partie",
            ),
        ),
        (
            390,
            844,
            "light",
            "en-GB",
            (
                "End the game here…",
                "Yes, end the game",
                "Stopped after round 5 of 7.",
                "Continue the game",
            ),
        ),
    ],
)
def test_a_game_stopped_after_round_5_and_taken_up_again(
    open_phone, start_game, width, height, scheme, locale, words
):
    end, confirm, stopped, go_on = words
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    for _ in range(5):
        entries = [PlayerDeal(0, None, OUT), PlayerDeal(12), PlayerDeal(30)]
        services.round_record(game=g.game, entries=entries)
    page = open_phone(g.url, width, height, scheme, locale)
    if locale.startswith("en"):
        page.goto("/language/en/?next=" + g.url)
    page.get_by_role("link", name=end).tap()
    button = page.get_by_role("button", name=confirm)
    assert_on_screen(page, button, "the confirmation")
    page.screenshot(path=f"/tmp/finish-{width}-{scheme}.png")
    button.tap()
    page.get_by_text(stopped).wait_for()
    # The whole page is drawn once it has loaded: a full-page capture while the page after
    # the confirmation still loads failed now and then ("Unable to capture screenshot").
    page.wait_for_load_state()
    page.screenshot(path=f"/tmp/stopped-{width}-{scheme}.png", full_page=True)
    page.get_by_role("button", name=go_on).tap()
    page.get_by_role("heading", name="6").or_(page.locator("#round-title-6")).first.wait_for()
    assert page.locator('input[name="number"]').input_value() == "6"
