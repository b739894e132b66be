"""Tapping a contract-7 lay-down card by card: the verdict goes from missing to valid."""

import pytest

from .conftest import phone_context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page, card):
    rank, suit = card[:-1], card[-1]
    page.locator(f'.card-picker[data-target="id_melds"] [data-rank="{rank}"]').click()
    page.locator(f'.card-picker[data-target="id_melds"] [data-suit="{suit}"]').click()


def test_a_contract_7_lay_down_tapped_card_by_card(phone):
    page = phone
    page.goto("/check/?rules=rami-contrat&round=7")
    for card in ["2S", "3S", "4S", "5S"]:
        tap(page, card)
    page.locator('.card-picker[data-target="id_melds"] [data-add="|"]').click()
    for card in ["7S", "8S", "9S", "10S"]:
        tap(page, card)
    page.locator('.card-picker[data-target="id_melds"] [data-add="|"]').click()
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


@pytest.mark.parametrize(("width", "height"), [(360, 740), (390, 844)])
def test_the_finder_takes_the_hand_from_the_same_card_picker(browser, live_server, width, height):
    context = phone_context(browser, live_server.url, width, height)
    page = context.new_page()
    page.goto("/check/?rules=liverpool&round=1")
    page.get_by_text("Toucher les cartes de ma main").click()
    picker = page.locator('.card-picker[data-target="id_hand"]')
    assert picker.locator('[data-add="|"]').count() == 0  # a hand is one pile, not melds
    for card in ["7H", "7S", "7C", "9D", "9S", "9C", "KH"]:
        picker.locator(f'[data-rank="{card[:-1]}"]').tap()
        picker.locator(f'[data-suit="{card[-1]}"]').tap()
    assert page.locator("#id_hand").input_value() == "7H 7S 7C 9D 9S 9C KH"
    assert page.locator("#id_melds").input_value() == ""  # the lay-down's picker untouched
    page.locator('[data-chips-for="id_hand"] .chip', has_text="K♥").tap()
    assert page.locator("#id_hand").input_value() == "7H 7S 7C 9D 9S 9C"
    page.get_by_role("button", name="Trouver une pose").click()
    page.locator("#solution").filter(has_text="Une pose").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


def test_a_house_rule_that_adds_rounds_adds_them_to_the_contract_list(phone):
    page = phone
    page.goto("/check/?rules=carioca&round=9")
    rounds = page.locator("#id_round option")
    assert rounds.count() == 9
    page.locator("details.house-rules summary").click()
    page.locator("#id_a_to_k_rounds").select_option("1")
    page.locator('#id_round option[value="13"]').wait_for(state="attached")
    assert rounds.count() == 13
    page.locator("#id_round").select_option("12")
    page.locator("#id_melds").fill("AH 2S 3D 4C 5H 6S 7H 8S 9D 10C JD QS JK")
    page.locator("#verdict").filter(has_text="rouge et noir en alternance").wait_for()
    page.locator("#verdict").filter(has_text="Valable").wait_for()
    assert page.console_errors == []
