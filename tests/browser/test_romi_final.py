"""ROMi RAMi's final table at the narrowest phone: every column, trophies included, whole."""

import pytest

from scorekeeper import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = ["Marie-Christine", "Bartholomé", "Gwendoline", "Jean-Baptiste"]


def finished_romi(start_game):
    g = start_game("romi-rami", NAMES)
    players = list(g.game.players.order_by("seat"))
    cards = [
        (0, 12, "H", [3], 2),
        (1, 19, "C", [2, 2], 3),
        (2, 16, "D", [4], 1),
        (3, 25, "Y", [5], 4),
    ]
    for seat, points, colour, combos, bonus in cards * 2:
        services.romi_contract_log(
            game=g.game,
            player=players[seat],
            points=points,
            colour=colour,
            combos=combos,
            bonus_cards=bonus,
            joker_used=False,
        )
    services.romi_finish(game=g.game, trophies=[("H", 13), ("C", 17), ("4", 20), ("2", 12)])
    return g


@pytest.mark.parametrize(("width", "height", "scheme"), [(360, 740, "dark"), (390, 844, "light")])
def test_the_final_table_fits_the_phone_with_every_figure_whole(
    open_phone, start_game, width, height, scheme
):
    g = finished_romi(start_game)
    page = open_phone(g.url, width, height, scheme)
    page.get_by_role("heading", name="Classement final").wait_for()
    page.get_by_text("Bartholomé gagne !").wait_for()
    page.screenshot(path=f"/tmp/romi-final-{width}-{scheme}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    table = page.locator("table.romi")
    box = table.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('table td, table th')]
             .filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent.trim())"""
    )
    assert clipped == []


def test_the_romi_result_is_shared_with_its_ranking(open_phone, start_game, live_server):
    g = finished_romi(start_game)
    page = open_phone(g.url)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.get_by_role("button", name="Partager le résultat").tap()
    page.get_by_role("status").filter(has_text="Résultat copié").wait_for()
    lines = page.evaluate("navigator.clipboard.readText()").splitlines()
    assert lines[1:6] == [
        "1. Bartholomé: 74",
        "2. Jean-Baptiste: 59",
        "3. Gwendoline: 55",
        "4. Marie-Christine: 42",
        "Bartholomé gagne\u00a0!",
    ]
    assert lines[6].endswith(g.view_url)
