"""Join the table, in four browsers at 390×844 on the server as `./dev start` runs it: the
scorer opens the players' links, three players pick their seats and tap their own cards,
and the last hand sent saves the round; every phone then shows the new standings."""

from __future__ import annotations

import time

import pytest

from .conftest import phone_context
from .test_game_screen import assert_on_screen
from .test_live_table import start_game, streaming

pytestmark = pytest.mark.browser


class Phone:
    """A phone that counts the taps it takes."""

    def __init__(self, browser, server: str) -> None:
        self.context = phone_context(browser, server)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.page.requests = []
        self.page.on("request", lambda request: self.page.requests.append(request.url))
        self.taps = 0

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1


def open_players_links(page, edit: str) -> str:
    """The scorer opens the players' links on the share page; returns the join path."""
    page.goto(edit + "share/")
    page.get_by_role("button", name="Ouvrir les liens des joueurs").tap()
    join = page.get_by_role("textbox", name="Lien pour rejoindre la table")
    return "/j/" + join.input_value().split("/j/")[1]


def test_three_players_send_their_own_hands_and_the_last_one_saves_the_round(browser, server):
    scorer = Phone(browser, server)
    phones = [scorer]
    try:
        scorer.page.goto("/")
        edit, _view = start_game(scorer.page)
        scorer.page.goto(edit + "share/")
        scorer.page.get_by_role("button", name="Ouvrir les liens des joueurs").tap()
        scorer.page.get_by_role("button", name="Laisser la dernière main envoyée").tap()
        scorer.page.get_by_text("La dernière main envoyée enregistre la manche.").wait_for()
        join = scorer.page.get_by_role("textbox", name="Lien pour rejoindre la table")
        link = "/j/" + join.input_value().split("/j/")[1]
        scorer.page.goto(edit)
        streaming(scorer.page)

        # Each player's own phone: pick the seat, tap the cards left (3 to 6), send.
        hands = {"Alice": None, "Bruno": ["K", "7", "3"], "Chloé": ["Q", "J", "9", "2", "A", "5"]}
        players = {}
        for name in hands:
            phone = Phone(browser, server)
            phones.append(phone)
            phone.page.goto(link)
            phone.tap(phone.page.get_by_role("button", name=name))
            phone.page.get_by_role("button", name="Envoyer ma main").wait_for()
            streaming(phone.page)
            players[name] = phone
        for name, cards in hands.items():
            phone, page = players[name], players[name].page
            if cards is None:
                phone.tap(page.locator(".toggle", has=page.locator('input[name="went_out"]')))
            else:
                phone.tap(page.locator("details.picker summary"))
                for card in cards:
                    phone.tap(page.locator(f'.rank-pad [data-card="{card}"]'))
            send = page.get_by_role("button", name="Envoyer ma main")
            assert_on_screen(page, send, f"{name}'s send button")
            if name != "Chloé":
                phone.tap(send)
                page.locator("[data-sent]").wait_for()
        # The scorer's screen shows the hands arriving, with who sent them.
        scorer.page.locator(".hand.sent").nth(1).wait_for()
        scorer.page.screenshot(path="/tmp/join-scorer.png")
        last = players["Chloé"]
        last.tap(last.page.get_by_role("button", name="Envoyer ma main"))
        sent = time.monotonic()
        for phone in phones:
            round_2 = phone.page.locator("#live h2:visible", has_text="Manche 2 sur 7")
            round_2.wait_for()
            assert "Bruno" in phone.page.inner_text("#standings")
        elapsed = time.monotonic() - sent
        taps = {name: players[name].taps for name in hands}
        print(
            f"taps: {taps}, scorer 0 for the round; last hand to every phone: {elapsed * 1000:.0f} ms"
        )
        assert elapsed < 2
        assert taps == {"Alice": 3, "Bruno": 6, "Chloé": 9}
    finally:
        for phone in phones:
            phone.context.close()


def test_a_seat_is_taken_once_and_only_the_scorer_gives_it_back(browser, server):
    scorer, first, second = (Phone(browser, server) for _ in range(3))
    try:
        scorer.page.goto("/")
        edit, _view = start_game(scorer.page)
        link = open_players_links(scorer.page, edit)

        first.page.goto(link)
        first.tap(first.page.get_by_role("button", name="Chloé"))
        first.page.get_by_role("button", name="Envoyer ma main").wait_for()
        streaming(first.page)
        seat_page = first.page.url

        # The second phone holding the code sees Chloé's seat taken, and no way into it.
        second.page.goto(link)
        assert second.page.get_by_role("button", name="Chloé").count() == 0
        taken = second.page.get_by_text("prise par un autre téléphone")
        assert_on_screen(second.page, taken, "the taken seat")
        assert seat_page.split("/s/")[1] not in second.page.content()
        second.page.screenshot(path="/tmp/join-taken.png")

        # The scorer gives the seat back: the first phone is told, the second may take it.
        scorer.page.reload()
        give_back = scorer.page.get_by_role("button", name="Rendre la place de Chloé")
        assert_on_screen(scorer.page, give_back, "give the seat back")
        scorer.page.screenshot(path="/tmp/share-seats.png", full_page=True)
        scorer.tap(give_back)
        gone = first.page.locator("[data-gone]")
        gone.wait_for(timeout=8000)
        assert_on_screen(first.page, gone, "the seat was given back")
        assert first.page.get_by_role("button", name="Envoyer ma main").is_disabled()
        second.page.reload()
        second.tap(second.page.get_by_role("button", name="Chloé"))
        second.page.get_by_role("button", name="Envoyer ma main").wait_for()
        assert second.page.url != seat_page
    finally:
        for phone in (scorer, first, second):
            phone.context.close()
