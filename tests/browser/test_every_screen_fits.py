"""Every screen at both phone sizes, in French, English and Spanish: nothing sticks out of the page's
column. The page's column hides what overflows it, so a screen-wide scroll check alone would
miss a word cut at the edge; this one measures each element against the column itself.

The names are the worst the app accepts (40 characters, and eight players at one table)."""

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services

from .conftest import phone_context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONGEST = "Marie-Dominique Delacroix-Fontaine du Pré"[:40]
EIGHT = ["Ana", "Benoît", LONGEST, "Dominique", "Eva", "Fred", "Gus", "Maximilienne"]
OUT = frozenset({"went_out"})

# The elements whose right edge passes the column's content box (scrolling grids aside: they
# are meant to scroll, and their own tests look inside; a closed menu's links are not shown).
OUTSIDE = """() => {
  const main = document.querySelector('main');
  const room = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
  const outside = [];
  for (const el of main.querySelectorAll('*')) {
    const grid = el.closest('.grid-scroll');
    if (grid && grid !== el) continue;
    if (el.closest('details:not([open])') && !el.closest('summary')) continue;  // not shown
    const box = el.getBoundingClientRect();
    if (box.width && box.height && box.right > room + 0.5)
      outside.push(`${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 30)}"`);
  }
  return outside;
}"""


@pytest.fixture
def screens(page_tour, start_game):
    """Every kind of page (the tour the other page tests take), then those that show names
    at their worst: a group's, a finished game of five, an eight-player game under way, a
    Rami 51 game of six and a ROMi RAMi game of four (each edit and view-only)."""
    club, club_edit, club_view = services.club_create(name="Le club du jeudi soir", names=EIGHT)
    finished = start_game("rami-contrat-13", EIGHT[:5])
    for _ in range(7):
        deal = [PlayerDeal(0, None, OUT | {"opened_first"})] + [PlayerDeal(25)] * 4
        services.round_record(game=finished.game, entries=deal)
    services.game_finish(game=finished.game)
    services.game_attach(game=finished.game, club=club)
    playing = start_game("liverpool", EIGHT)
    services.round_record(
        game=playing.game, entries=[PlayerDeal(0, None, OUT)] + [PlayerDeal(45)] * 7
    )
    services.game_attach(game=playing.game, club=club)
    rami = start_game("rami-51", EIGHT[:6])
    romi = start_game("romi-rami", EIGHT[:4])
    pages = list(page_tour.values())
    pages += [f"/new/?club={club_edit}&player={LONGEST}&player=Ana"]
    for game in (finished, playing, rami, romi):
        pages += [f"/g/{game.edit}/", f"/g/{game.view}/"]
    for part in ("share/", "players/", "history/", "rounds/1/edit/", "finish/"):
        pages.append(f"/g/{playing.edit}/{part}")
    for part in ("", "games/", "history/", "players/"):
        pages.append(f"/club/{club_edit}/{part}")
    pages.append(f"/club/{club_view}/")
    return pages


SIZES = [(360, 740), (390, 844)]


def _outside_everywhere(page, schemes):
    """What sticks out at each phone size and colour scheme (one page load for them all)."""
    found = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            found += [f"{width} {scheme}: {e}" for e in page.evaluate(OUTSIDE)]
    return found


@pytest.mark.parametrize(
    ("language", "schemes"), [("fr", ["light"]), ("en", ["light"]), ("es", ["light", "dark"])]
)
def test_nothing_sticks_out_of_any_screen(browser, live_server, screens, language, schemes):
    context = phone_context(browser, live_server.url, *SIZES[0], locale=None)
    page = context.new_page()
    page.goto(f"/language/{language}/?next=/")
    found = {}
    for url in screens:
        assert page.goto(url).status == 200, url
        outside = _outside_everywhere(page, schemes)
        # Then with every menu and fold open (the group's figures, house rules, history).
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        outside += _outside_everywhere(page, schemes)
        if outside:
            found[url] = outside[:5]
    context.close()
    assert found == {}
