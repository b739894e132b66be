"""The blank-grid form: what shows is what the page came with, nothing moves after loading."""

import time

import pytest

from .conftest import phone_context

LAYOUT_SHIFT = """() => new Promise((resolve) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(total), 500);
})"""


@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_the_blank_grid_form_does_not_shift_after_loading(browser, live_server, size):
    context = phone_context(browser, live_server.url, *size)
    page = context.new_page()

    def slow_script(route):
        time.sleep(0.6)  # a slow phone: the form is painted before app.js runs
        route.continue_()

    page.route("**/js/app.js", slow_script)
    page.goto("/grids/")
    page.wait_for_load_state("load")
    assert page.evaluate(LAYOUT_SHIFT) == 0
    context.close()


def test_choosing_another_game_shows_its_house_rules_and_hides_the_others(phone):
    phone.goto("/grids/")
    shown = phone.locator("details.house-rules:visible")
    first = phone.locator('select[name="rules"]').input_value()
    assert shown.count() == 1 and shown.get_attribute("data-for") == first
    phone.locator('select[name="rules"]').select_option("rami-51")
    assert shown.count() == 1 and shown.get_attribute("data-for") == "rami-51"
    assert phone.get_by_label("Rami 51 : nombre de donnes").is_visible()
