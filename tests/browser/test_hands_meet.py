"""The scorer's phone and the players' own phones at once, on the server as `./dev start`
runs it: hands arriving fill the scorer's empty fields without taking the focus or closing
the keypad, a hand that differs from what the scorer typed is flagged before Save and the
player told what was stored; a hand sent with no network waits and leaves once the network
is back; a player typing when the round is saved follows the game and is told."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_game_screen import assert_on_screen
from .test_join_the_table import Phone, open_players_links
from .test_live_table import start_game, streaming

pytestmark = pytest.mark.browser


def table(browser, server, names=("Bruno", "Chloé")):
    scorer = Phone(browser, server)
    scorer.page.goto("/")
    edit, _view = start_game(scorer.page)
    link = open_players_links(scorer.page, edit)
    scorer.page.goto(edit)
    streaming(scorer.page)
    players = {}
    for name in names:
        phone = Phone(browser, server)
        phone.page.goto(link)
        phone.tap(phone.page.get_by_role("button", name=name))
        phone.page.get_by_role("button", name="Envoyer ma main").wait_for()
        streaming(phone.page)
        players[name] = phone
    return scorer, players


def send_points(phone, points: str) -> None:
    phone.page.locator("#id_points").fill(points)
    phone.page.get_by_role("button", name="Envoyer ma main").tap()


def test_hands_fill_the_scorers_empty_fields_and_a_different_one_is_flagged(browser, server):
    scorer, players = table(browser, server, ("Alice", "Bruno", "Chloé"))
    page = scorer.page
    try:
        page.locator("#id_points_2").tap()  # the keypad opens on Chloé's field
        page.keyboard.type("30")
        send_points(players["Bruno"], "20")
        expect(page.locator("#id_points_1")).to_have_value("20")
        assert page.evaluate("document.activeElement.id") == "id_points_2"
        assert page.locator("#id_points_2").input_value() == "30"
        keypad_open = page.evaluate("document.body.classList.contains('pad-open')")

        send_points(players["Chloé"], "10")
        differs = page.locator('.hand[data-seat="2"].differs')
        differs.wait_for()
        page.screenshot(path="/tmp/hands-differs.png")
        assert_on_screen(page, differs.locator(".sent-line"), "the difference")
        assert "pas ce que vous avez tapé" in differs.inner_text()
        assert page.locator("#id_points_2").input_value() == "30"
        assert page.evaluate("document.body.classList.contains('pad-open')") == keypad_open

        alice = players["Alice"].page
        players["Alice"].tap(alice.locator(".toggle", has=alice.locator('input[name="went_out"]')))
        players["Alice"].tap(alice.get_by_role("button", name="Envoyer ma main"))
        expect(page.locator('input[name="went_out"][value="0"]')).to_be_checked()
        page.screenshot(path="/tmp/hands-meet-scorer.png")
        page.get_by_role("button", name="Enregistrer la manche").tap()
        page.get_by_text("Manche 1 enregistrée.").wait_for()
        told = players["Chloé"].page.locator("[data-last-round]")
        told.wait_for()
        assert "vous avez envoyé 10, la personne qui compte a noté 30" in told.inner_text()
        # Each phone hears the saved round on its own stream: Bruno's may come a moment later.
        bruno = players["Bruno"].page.locator("#live")
        expect(bruno).to_contain_text("avec la main que vous avez envoyée")
    finally:
        for phone in (scorer, *players.values()):
            phone.context.close()


def test_a_hand_sent_with_no_network_waits_and_leaves_once_when_it_is_back(browser, server):
    scorer, players = table(browser, server)
    bruno = players["Bruno"]
    try:
        bruno.context.set_offline(True)
        send_points(bruno, "12")
        waiting = bruno.page.locator("[data-seat-waiting]")
        waiting.wait_for()
        assert_on_screen(bruno.page, waiting, "the hand waiting")
        bruno.page.screenshot(path="/tmp/seat-waiting.png")
        assert "Bruno" in scorer.page.inner_text(".hands-sent")
        assert "12" not in scorer.page.locator(".hands-sent li", has_text="Bruno").inner_text()

        bruno.context.set_offline(False)
        bruno.page.evaluate("window.dispatchEvent(new Event('online'))")
        bruno.page.locator("[data-sent]").wait_for()
        assert bruno.page.locator("[data-seat-waiting]").count() == 0
        expect(scorer.page.locator("#id_points_1")).to_have_value("12")
        assert bruno.page.evaluate("localStorage.length") == 0
    finally:
        for phone in (scorer, *players.values()):
            phone.context.close()


def test_a_player_typing_when_the_round_is_saved_follows_the_game(browser, server):
    scorer, players = table(browser, server)
    bruno = players["Bruno"].page
    try:
        bruno.locator("#id_points").fill("5")  # typed, not sent
        for seat, points in enumerate(["0", "12", "7"]):
            scorer.page.locator(f"#id_points_{seat}").fill(points)
        scorer.page.get_by_role("button", name="Enregistrer la manche").tap()
        bruno.locator("#live h2:visible", has_text="Manche 2 sur 7").wait_for()
        told = bruno.locator("[data-last-round]")
        assert "sans main envoyée de ce téléphone : 12 noté pour vous" in told.inner_text()
        assert_on_screen(bruno, bruno.locator("#live .flash").first, "the round saved note")
        assert "12" in bruno.inner_text("#standings")
        bruno.screenshot(path="/tmp/seat-unsent.png")
    finally:
        for phone in (scorer, *players.values()):
            phone.context.close()
