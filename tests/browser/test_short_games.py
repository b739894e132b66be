"""Shorter browser games: rami-51 with its flat scores, ROMi RAMi to its final tally."""

import pytest

from scorekeeper.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(page, system_label, names, **options):
    page.goto("/new/")
    page.get_by_text(system_label, exact=True).click()
    for seat, name in enumerate(names):
        page.locator(f"#id_name_{seat}").fill(name)
    for field, value in options.items():
        page.locator(f"#id_{field}").fill(value)
    page.get_by_role("button", name="Commencer la partie").click()


def test_rami_51_three_deals_with_laid_nothing_and_rami_sec(phone):
    page = phone
    start(page, "Rami (51)", ["Ana", "Ben"], **{"rami-51-rounds": "3"})
    page.get_by_role("heading", name="Manche 1 sur 3").wait_for()
    page.locator('.hand[data-seat="1"] input.points').fill("31")
    page.locator('.hand[data-seat="0"] input[name="went_out"]').check()
    page.get_by_role("button", name="Enregistrer la manche").click()
    page.get_by_role("heading", name="Manche 2 sur 3").wait_for()
    page.locator('.hand[data-seat="0"] input[name="laid_nothing_0"]').check()
    page.locator('.hand[data-seat="1"] input[name="went_out"]').check()
    page.get_by_role("button", name="Enregistrer la manche").click()
    page.get_by_role("heading", name="Manche 3 sur 3").wait_for()
    page.locator('.hand[data-seat="0"] input[name="went_out"]').check()
    page.get_by_label("Rami sec", exact=False).check()
    page.get_by_role("button", name="Enregistrer la manche").click()
    page.get_by_role("heading", name="Classement final").wait_for()
    # Ana: 0 + 100 - 50; Ben: 31 + 0 + 100 (nobody else laid anything before a rami sec).
    assert page.locator("tfoot td.total").all_inner_texts() == ["50", "131"]
    assert "Ana gagne" in page.locator(".summary").inner_text()


def test_a_short_romi_rami_game_to_its_tally(phone):
    page = phone
    start(page, "ROMi RAMi", ["Judith", "Paul"])
    page.get_by_role("heading", name="Contrats remplis").wait_for()
    contracts = [("0", "12", "H", "3", "2"), ("1", "9", "C", "2,2", "3"), ("0", "6", "D", "4", "1")]
    for seat, points, colour, combos, bonus in contracts:
        page.locator("#id_player").select_option(seat)
        page.locator("#id_points").fill(points)
        page.locator(f'input[name="colour"][value="{colour}"]').check()
        for combo in combos.split(","):  # the combo symbols are tapped, not typed
            page.locator(f'.combo-pad [data-combo="{combo}"]').click()
        page.locator("#id_bonus_cards").fill(bonus)
        page.get_by_role("button", name="Ajouter le contrat").click()
        page.locator(".badge", has_text=f"{points} ").first.wait_for()
    page.get_by_text("Terminer la partie avant que quelqu'un atteigne la fin").click()
    page.locator('input[name="early"]').check()
    for symbol, points in [("H", "3"), ("C", "3"), ("4", "5"), ("2", "2")]:
        page.locator(f"#id_trophy_{symbol}").fill(points)
    page.get_by_role("button", name="Remettre les trophées et terminer").click()
    page.get_by_role("heading", name="Classement final").wait_for()
    # Judith: 18 + hearts 3 + 4-combo 5 + bonus 3 + joker 1 = 30; Paul: 9 + clubs 3 + 2-combo 2 + 3 + 1 = 18.
    assert page.locator("td.total").all_inner_texts() == ["30", "18"]
    assert Game.objects.get().finished_at is not None
    assert page.console_errors == []
