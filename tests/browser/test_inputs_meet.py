"""Two inputs meet, on the server as `./dev start` runs it: phone A saves round 1 and phone B
saves its own, different round 1 a moment later, while the news of A's save is still on its
way to B. Whatever the delay, B keeps what it was answered ("entered on another phone", both
versions side by side) until its scorer chooses; news arriving later never takes it back."""

from __future__ import annotations

import pytest

from .test_game_screen import assert_on_screen
from .test_live_table import phones, start_game, streaming  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def type_round(page, points) -> None:
    for seat, value in enumerate(points):
        page.locator(f"#id_points_{seat}").fill(value)


def slow_news(page, ms: int) -> None:
    """The page's live fetches take `ms` longer, as on a busy network: the news of A's save
    lands after B's own answer."""

    def late(route):
        page.wait_for_timeout(ms)
        route.continue_()

    page.route("**/live/?v=*", late)


def two_edit_phones(phones):  # noqa: F811
    """Phone A and phone B on one game's edit link, both streaming; B hears news late."""
    a = phones("/")
    edit, _view = start_game(a)
    b = phones(edit)
    for page in (a, b):
        streaming(page)
    slow_news(b, 400)
    return a, b


@pytest.mark.parametrize("delay", [0, 150, 300, 500])
def test_the_second_phone_keeps_both_versions_until_its_scorer_chooses(phones, delay):  # noqa: F811
    a, b = two_edit_phones(phones)
    type_round(a, ["0", "12", "7"])
    type_round(b, ["0", "30", "7"])

    a.get_by_role("button", name="Enregistrer la manche").tap()
    b.wait_for_timeout(delay)
    b.get_by_role("button", name="Enregistrer la manche").tap()

    losers = []
    for page in (a, b):
        page.locator("[data-saved], .taken").first.wait_for()
        if page.locator(".taken").count():
            losers.append(page)
    assert len(losers) == 1, "exactly one phone saved round 1, the other sees both versions"
    loser = losers[0]
    mine = "30" if loser is b else "12"
    b.wait_for_timeout(1500)  # every late refresh has landed by now
    taken = loser.locator(".taken")
    assert taken.count() == 1, f"the choice was wiped (delay {delay} ms)"
    assert mine in taken.locator("tbody tr").nth(1).inner_text()
    assert_on_screen(loser, taken.get_by_role("button", name="Remplacer par les miens"), "mine")
    winner = a if loser is b else b
    assert winner.locator("[data-saved]").count() == 1, "the saved note stays"

    # Later news (round 2 saved on the winner) updates the board, and the choice stays.
    type_round(winner, ["5", "0", "9"])
    winner.get_by_role("button", name="Enregistrer la manche").tap()
    winner.get_by_text("Manche 2 enregistrée.").wait_for()
    loser.locator('#live[data-version="2"]').wait_for()
    assert loser.locator(".taken").count() == 1
    assert loser.locator('.scores tr[data-round="2"]').count() == 1


def test_a_phone_answered_already_entered_keeps_the_note(phones):  # noqa: F811
    a, b = two_edit_phones(phones)
    for page in (a, b):
        type_round(page, ["0", "12", "7"])
    a.get_by_role("button", name="Enregistrer la manche").tap()
    b.wait_for_timeout(150)
    b.get_by_role("button", name="Enregistrer la manche").tap()
    notes = {page: page.locator("[data-saved], [data-already-entered]") for page in (a, b)}
    for note in notes.values():
        note.first.wait_for()
    b.wait_for_timeout(1500)
    assert all(note.count() == 1 for note in notes.values()), "a note was wiped by late news"
