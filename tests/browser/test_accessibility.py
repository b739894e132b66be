"""axe-core finds no violation on any page, at 360 and 390 px, light and dark, in French and
in Spanish (whose longer words are the ones that could push a control out of reach)."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from .conftest import phone_context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("width", "height", "scheme", "language"),
    [
        # Each language at both widths and in both schemes, crossed: what axe checks (contrast,
        # names, roles) follows the scheme and the words, not the 30 px between the phones.
        (360, 740, "light", "fr"),
        (390, 844, "dark", "fr"),
        (360, 740, "dark", "es"),
        (390, 844, "light", "es"),
    ],
)
def test_no_page_has_an_axe_violation(
    browser, live_server, page_tour, width, height, scheme, language
):
    context = phone_context(browser, live_server.url, width, height, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"/language/{language}/?next=/")
    axe = Axe()
    found = {}
    for name, url in page_tour.items():
        page.goto(url)
        violations = axe.run(page).response["violations"]
        if violations:
            found[name] = [(v["id"], v["nodes"][0]["html"][:100]) for v in violations]
    context.close()
    assert found == {}


@pytest.mark.parametrize(("width", "height"), [(360, 740)])
def test_every_control_is_a_full_size_touch_target(browser, live_server, page_tour, width, height):
    """Buttons, fields, menus and file pickers are at least 44 px high, on every page."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, base_url=live_server.url
    )
    page = context.new_page()
    controls = (
        "main button, main .button, main select, main textarea, main summary, "
        "main input:not([type=hidden]):not([type=checkbox]):not([type=radio])"
    )
    small = {}
    for name, url in page_tour.items():
        page.goto(url)
        # Every control of the page measured in one call: shown (a box, not hidden) and
        # less than 44 px high.
        found = page.evaluate(SMALL_CONTROLS, controls)
        if found:
            small[name] = found
    context.close()
    assert small == {}


SMALL_CONTROLS = """selector => [...document.querySelectorAll(selector)].filter(e => {
    const box = e.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    if (getComputedStyle(e).visibility === "hidden") return false;
    return box.height < 43.5;
}).map(e => e.outerHTML.slice(0, 80))"""
