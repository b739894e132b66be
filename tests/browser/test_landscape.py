"""Landscape phones and tablets: the keypad stands beside the rows, never over 60 % of the
height, and the field being typed is never under it."""

import pytest

from .test_game_screen import NAMES, key

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def overlap(a, b) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


@pytest.mark.parametrize(
    ("width", "height", "scheme"),
    [(740, 360, "dark"), (844, 390, "light"), (1024, 768, "light"), (1180, 820, "dark")],
)
def test_the_keypad_fits_beside_the_rows_and_never_covers_the_field_typed(
    open_phone, start_game, width, height, scheme
):
    g = start_game("liverpool", NAMES, first_dealer=0)
    page = open_phone(g.url, width, height, scheme)
    page.locator("#id_points_0").tap()
    pad = page.locator(".keypad")
    for seat in range(8):
        field = page.locator(f"#id_points_{seat}")
        assert page.evaluate("document.activeElement.id") == f"id_points_{seat}"
        pad_box, box = pad.bounding_box(), field.bounding_box()
        assert pad_box["height"] <= 0.6 * height or pad_box["x"] > 0, pad_box
        assert pad_box["x"] + pad_box["width"] <= width + 0.5
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"field {seat}: {box}"
        assert not overlap(box, pad_box), f"field {seat} under the keypad: {box} {pad_box}"
        for button in pad.locator("button").all():
            b = button.bounding_box()
            assert b["height"] >= 44 and b["y"] >= 0 and b["y"] + b["height"] <= height + 0.5
        page.keyboard.type(str(10 + seat))
        if seat == 0:
            page.screenshot(path=f"/tmp/landscape-{width}x{height}-{scheme}.png")
        key(page, "next").tap()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
