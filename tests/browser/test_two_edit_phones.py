"""Two phones with the edit link enter round 1 at once: the second sees both versions, and
one more tap on Save never stores the same deal twice."""

import pytest

from scorekeeper.models import Round

from ..scorekeeper.helpers import totals
from .test_game_screen import assert_on_screen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter_round(page, points):
    for seat, value in enumerate(points):
        page.locator(f"#id_points_{seat}").fill(value)
    page.get_by_role("button", name="Enregistrer la manche").tap()


@pytest.mark.parametrize(("width", "height", "scheme"), [(390, 844, "light"), (360, 740, "dark")])
def test_a_round_entered_on_two_phones_is_counted_once(
    open_phone, start_game, width, height, scheme
):
    g = start_game("liverpool", ["Alice", "Bruno", "Chloé"])
    first = open_phone(g.url, width, height, scheme)
    second = open_phone(g.url, width, height, scheme)  # opened before round 1 lands

    enter_round(first, ["0", "12", "7"])
    first.get_by_text("Manche 1 enregistrée.").wait_for()
    enter_round(second, ["0", "30", "7"])

    taken = second.locator(".taken")
    taken.get_by_text("Manche 1 saisie sur un autre téléphone entre-temps").wait_for()
    assert_on_screen(second, taken.get_by_role("heading"), "what happened")
    assert_on_screen(second, taken.get_by_role("link", name="Garder les leurs"), "keep theirs")
    assert_on_screen(second, taken.get_by_role("button", name="Remplacer par les miens"), "mine")
    second.screenshot(path=f"/tmp/taken-{width}-{scheme}.png")

    # One more tap on Save: the form stands for round 2 and is empty, so nothing is stored.
    second.get_by_role("button", name="Enregistrer la manche").tap()
    second.locator(".field-error, .errors").first.wait_for()
    assert Round.objects.count() == 1 and totals(g.game) == [0, 12, 7]

    # Replace with mine: a correction of round 1, seen as such on the game page.
    second.reload()
    enter_round(second, ["0", "30", "7"])  # the form now asks for round 2: this is round 2
    second.get_by_text("Manche 2 enregistrée.").wait_for()
    assert Round.objects.count() == 2 and totals(g.game) == [0, 42, 14]


def test_replace_with_mine_corrects_the_round_the_other_phone_entered(open_phone, start_game):
    g = start_game("liverpool", ["Alice", "Bruno", "Chloé"])
    first = open_phone(g.url)
    second = open_phone(g.url)
    enter_round(first, ["0", "12", "7"])
    first.get_by_text("Manche 1 enregistrée.").wait_for()
    enter_round(second, ["0", "30", "7"])
    with second.expect_navigation():
        second.get_by_role("button", name="Remplacer par les miens").tap()
    assert Round.objects.count() == 1 and totals(g.game) == [0, 30, 7]
    assert "manche 1 corrigée" in second.inner_text("body").lower()
