"""After a save the scorer's phone keeps its own round cards and form for the next round: the
server sends only the new standings and score sheet, and the page reads as if it had sent
everything (the next round's card, an empty form, the corrections and the undo at hand)."""

import pytest
from playwright.sync_api import expect

from scorekeeper.games.selectors import game_board
from scorekeeper.models import Round

from .test_offline import enter, open_controlled, pending_rows, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alice", "Bruno", "Chloé"]


def save(page, number, out, points):
    """Enter a round, and return the server's answer as the phone received it."""
    with page.expect_response(lambda r: r.url.endswith("/rounds/")) as answer:
        enter(page, out, points)
    page.get_by_text(f"Manche {number} enregistrée.").wait_for()
    return answer.value.text()


def test_two_saves_in_a_row_keep_the_form_and_move_to_the_next_round(open_phone, start_game):
    g = start_game("rami-contrat", NAMES)
    page = open_phone(g.url, 360, 740)
    bruno = page.locator('.hand[data-seat="1"]')
    bruno.locator("summary").click()  # Bruno's cards in the picker, worth what they are
    bruno.locator("input.cards").fill("K 7")
    expect(bruno.locator(".hand-value")).not_to_be_empty()
    answer = save(page, 1, 0, {2: "30"})
    assert "data-form-kept" in answer and "round-form" not in answer
    live = page.locator("#live")
    # Round 2's card, and no other, is shown; round 1's is gone.
    expect(live.locator(".round-card:visible")).to_have_count(1)
    expect(live.locator('.round-card[data-round="2"]')).to_be_visible()
    expect(live.locator('.round-card[data-round="1"]')).to_have_count(0)
    expect(page.get_by_role("heading", name="Manche 2 sur 7")).to_be_visible()
    # The form is empty and stands for round 2.
    expect(live.locator('input[name="number"]')).to_have_value("2")
    for field in live.locator("input.points, input.cards").all():
        expect(field).to_have_value("")
    expect(live.locator('input[name="went_out"]:checked')).to_have_count(0)
    expect(bruno.locator(".hand-value")).to_be_empty()
    expect(bruno.locator("details.picker")).not_to_have_attribute("open", "")
    assert live.locator("[data-client-uuid]").input_value()  # a new entry's own UUID
    # The second save is round 2, from the kept form.
    answer = save(page, 2, 1, {0: "9", 2: "4"})
    assert "data-form-kept" in answer
    assert list(Round.objects.filter(game=g.game).values_list("number", flat=True)) == [1, 2]
    expect(live.locator("table.scores tbody tr[data-round]")).to_have_count(2)
    expect(page.get_by_role("link", name="Corriger la manche 2")).to_be_visible()
    expect(page.get_by_role("heading", name="Manche 3 sur 7")).to_be_visible()
    totals = [str(total) for total in game_board(g.game).totals]
    assert totals[0] == "9" and totals[2] == "34"
    expect(live.locator("tfoot td.total")).to_have_text(totals)
    # The undo the answer brought works in place.
    page.get_by_role("button", name="↶ Annuler : manche 2 saisie").click()
    expect(live.locator("table.scores tbody tr[data-round]")).to_have_count(1)
    assert Round.objects.filter(game=g.game).count() == 1
    expect(page.get_by_role("heading", name="Manche 2 sur 7")).to_be_visible()
    expect(live.locator('input[name="number"]')).to_have_value("2")


def test_a_round_entered_offline_after_a_kept_save_is_the_next_one(phone, start_game):
    g = start_game("rami-contrat", NAMES)
    open_controlled(phone, g.url)
    save(phone, 1, 0, {1: "12", 2: "30"})
    phone.context.set_offline(True)
    enter(phone, 2, {0: "5", 1: "6"})
    pending_rows(phone).first.wait_for()
    expect(pending_rows(phone).first.locator("th")).to_contain_text("2")
    expect(phone.locator('#live input[name="number"]')).to_have_value("3")
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    wait_until(phone, "!document.querySelector('table.scores tr.pending')")
    assert list(Round.objects.filter(game=g.game).values_list("number", flat=True)) == [1, 2]
