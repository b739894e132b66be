"""The card picker as a flow: one open at a time (a second would push Save off the screen),
and a hand given by its cards shows no grey "0" in its points field."""

import pytest

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
