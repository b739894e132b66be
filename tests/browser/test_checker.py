"""Tapping a contract-7 lay-down card by card: the verdict goes from missing to valid."""

import pytest

from .conftest import phone_context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page, card):
    rank, suit = card[:-1], card[-1]
    page.locator(f'.card-picker [data-rank="{rank}"]').click()
    page.locator(f'.card-picker [data-suit="{suit}"]').click()


def test_a_contract_7_lay_down_tapped_card_by_card(phone):
    page = phone
    page.goto("/check/?rules=rami-contrat&round=7")
    for card in ["2S", "3S", "4S", "5S"]:
        tap(page, card)
    page.locator('.card-picker [data-add="|"]').click()
    for card in ["7S", "8S", "9S", "10S"]:
        tap(page, card)
    page.locator('.card-picker [data-add="|"]').click()
    verdict = page.locator("#verdict")
    verdict.filter(has_text="Il manque encore une suite d'exactement 5 cartes").wait_for()
    for card in ["4H", "5H", "6H", "7H", "8H"]:
        tap(page, card)
    verdict.filter(has_text="Valable").wait_for()
    assert page.locator("#id_melds").input_value() == "2S 3S 4S 5S | 7S 8S 9S 10S | 4H 5H 6H 7H 8H"
    # Tapping a chip removes that card; the verdict follows.
    page.locator(".chip", has_text="8♥").click()
    verdict.filter(has_text="Non valable").wait_for()
    assert page.console_errors == []


@pytest.mark.parametrize("width", [360, 390])
def test_all_four_suits_are_on_screen_on_a_small_phone(browser, live_server, width):
    context = phone_context(browser, live_server.url, width, 740)
    page = context.new_page()
    page.goto("/check/?rules=liverpool&round=3")
    for suit in ("pique", "cœur", "carreau", "trèfle"):
        box = page.get_by_role("button", name=suit, exact=True).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, suit
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    context.close()
