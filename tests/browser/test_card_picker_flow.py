"""The card picker as a flow: one open at a time (a second would push Save off the screen),
and a hand given by its cards shows no grey "0" in its points field."""

import pytest

from .test_end_of_game import poll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("width", "height"), [(360, 740), (390, 844)])
def test_one_card_picker_is_open_at_a_time(open_phone, start_game, width, height):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    page = open_phone(g.url, width, height)
    pickers = page.locator("details.picker")
    pickers.nth(1).locator("summary").tap()
    page.locator('.hand[data-seat="1"] [data-card="K"]').tap()
    pickers.nth(2).locator("summary").tap()
    page.wait_for_timeout(100)
    assert [pickers.nth(i).evaluate("d => d.open") for i in range(3)] == [False, False, True]
    assert page.locator("#id_cards_1").input_value() == "K"  # closed, not emptied
    placeholder = "getComputedStyle(document.querySelector('#id_points_1'), '::placeholder').color"
    assert page.evaluate(placeholder) == "rgba(0, 0, 0, 0)"
    assert page.evaluate(placeholder.replace("points_1", "points_0")) != "rgba(0, 0, 0, 0)"


@pytest.mark.parametrize(
    ("width", "height", "scheme", "locale"),
    [(360, 740, "dark", "fr-FR"), (390, 844, "light", "en-GB")],
)
def test_the_next_player_key_moves_the_picker_on_and_ends_on_save(
    open_phone, start_game, width, height, scheme, locale
):
    from .test_game_screen import assert_on_screen

    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    page = open_phone(g.url, width, height, scheme, locale)
    if locale.startswith("en"):
        page.goto("/language/en/?next=" + g.url)
    next_player = "Joueur suivant" if locale.startswith("fr") else "Next player"
    pickers = page.locator("details.picker")
    page.locator('.hand[data-seat="0"] input[name="went_out"]').check()
    pickers.nth(1).locator("summary").tap()
    for seat, cards in ((1, ["K", "7"]), (2, ["Q", "J", "3"])):
        hand = page.locator(f'.hand[data-seat="{seat}"]')
        for card in cards:
            hand.locator(f'[data-card="{card}"]').tap()
        # The hand's value comes from the server and takes a line: the keys stay in sight.
        poll(page, f"document.getElementById('value-{seat}').textContent.trim() !== ''")
        page.wait_for_timeout(100)
        key = hand.get_by_role("button", name=next_player)
        assert_on_screen(page, key, "the next player key")
        key.tap()
        page.wait_for_timeout(100)
        assert not pickers.nth(seat).evaluate("d => d.open")  # this hand is done
    assert [pickers.nth(i).evaluate("d => d.open") for i in range(3)] == [False, False, False]
    save = page.locator("[data-save]")
    assert page.evaluate("document.activeElement.hasAttribute('data-save')")
    assert_on_screen(page, save, "Save")
    assert page.locator("#id_cards_1").input_value() == "K 7"
    assert page.locator("#id_cards_2").input_value() == "Q J 3"
