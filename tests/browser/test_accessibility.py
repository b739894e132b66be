"""axe-core finds no violation on any page, at 360 and 390 px, light and dark."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from scorekeeper import services
from scorekeeper.services import HandEntry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
OUT = frozenset({"went_out"})


@pytest.fixture
def pages(start_game):
    """Every kind of page a player meets: games of each kind, mid-game and finished."""
    g = start_game("rami-51", ["Ana", "Ben", "Cléo"], options={"rounds": 5})
    services.round_record(
        game=g.game, entries=[HandEntry(0, "", OUT), HandEntry(12), HandEntry(30)]
    )
    done = start_game("liverpool", ["Ana", "Ben"])
    for _ in range(7):
        services.round_record(game=done.game, entries=[HandEntry(0, "", OUT), HandEntry(9)])
    romi = start_game("romi-rami", ["Ana", "Ben"])
    return {
        "home": "/", "new game": "/new/", "game": g.url, "view only": g.view_url,
        "finished": done.url, "history": f"{g.url}history/", "share": f"{g.url}share/",
        "correct": f"{g.url}rounds/1/edit/", "delete": f"{g.url}rounds/1/delete/",
        "manage": f"{g.url}players/", "delete game": f"{g.url}delete/",
        "checker": "/check/?rules=liverpool&round=3&melds=2H+3H&hand=2H+3H+4H+5H",
        "grids": "/grids/", "offline": "/offline/", "romi": romi.url,
    }  # fmt: skip


@pytest.mark.parametrize(("width", "height"), [(360, 740), (390, 844)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_has_an_axe_violation(browser, live_server, pages, width, height, scheme):
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  is_mobile=True, locale="fr-FR", color_scheme=scheme,
                                  base_url=live_server.url)  # fmt: skip
    page = context.new_page()
    axe = Axe()
    found = {}
    for name, url in pages.items():
        page.goto(url)
        violations = axe.run(page).response["violations"]
        if violations:
            found[name] = [(v["id"], v["nodes"][0]["html"][:100]) for v in violations]
    context.close()
    assert found == {}
