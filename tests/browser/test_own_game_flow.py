"""A table's own game in browsers, on the server as `./dev start` runs it: built on a phone
at 360×740 (Carioca with jokers at 30 and no round the corner), two rounds played on two
phones, its grid printed; and the taps "Shanghai with one change" takes from the home page."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from .conftest import phone_context
from .test_game_screen import assert_on_screen
from .test_live_table import enter_round, streaming

pytestmark = pytest.mark.browser


def phone(browser, server, width=360, height=740, scheme="light"):
    context = phone_context(browser, server, width, height, color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.requests = []
    page.on("request", lambda request: page.requests.append(request.url))
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def build_carioca_30(page) -> None:
    """From the home page: Carioca, jokers at 30, the ace ends a run; saved."""
    page.goto("/")
    page.get_by_role("link", name="Créer votre jeu").tap()
    page.get_by_role("link", name="Carioca").tap()
    joker = page.get_by_role("spinbutton", name="Joker", exact=True)
    joker.fill("30")
    page.locator("#id_aces").select_option("low_or_high")
    # The preview follows: the engine's reading of the rules as they now are.
    page.locator("#preview").get_by_text("joker 30").wait_for()
    page.locator("#preview").get_by_text("L'as termine une suite").wait_for()
    page.get_by_role("button", name="Enregistrer mon jeu").tap()
    page.get_by_role("heading", name="Carioca, à notre façon").wait_for()


def test_a_table_builds_carioca_its_way_plays_two_rounds_on_two_phones_and_prints(browser, server):
    scorer_context, scorer = phone(browser, server)
    other_context, other = phone(browser, server, 390, 844, "dark")
    try:
        build_carioca_30(scorer)
        scorer.get_by_role("link", name="Commencer une partie").tap()
        chosen = scorer.locator('input[name="rules"]:checked')
        assert chosen.get_attribute("value") == "carioca-a-notre-facon"
        for seat, name in enumerate(["Ana", "Beto", "Coni"]):
            scorer.locator(f"#id_name_{seat}").fill(name)
        scorer.locator("#id_first_dealer").select_option(label="Ana")
        scorer.get_by_role("button", name="Commencer la partie").tap()
        scorer.get_by_role("heading", name="Manche 1 sur 9").wait_for()
        edit = "/g/" + scorer.url.split("/g/")[1]

        other.goto(edit)  # the second edit phone at the table
        for page in (scorer, other):
            streaming(page)
        enter_round(scorer, ["0", "37", "12"])
        other.locator('#live[data-version="1"]').wait_for()
        other.get_by_role("heading", name="Manche 2 sur 9").wait_for()
        enter_round(other, ["25", "0", "40"])
        scorer.locator('#live[data-version="2"]').wait_for()
        standings = scorer.locator("#standings-title")
        assert_on_screen(scorer, standings, "the standings")
        text = scorer.inner_text("#live")
        assert "37" in text and "52" in text  # Coni: 12 + 40

        # The rules this game is played by: its own, as frozen when it started.
        scorer.locator("a.help").first.tap()
        scorer.get_by_text("joker 30").first.wait_for()

        pdf = scorer.request.get(edit + "grid.pdf")
        assert pdf.headers["content-type"] == "application/pdf"
        with pdfplumber.open(io.BytesIO(pdf.body())) as document:
            printed = "\n".join(page.extract_text() or "" for page in document.pages)
        assert "Carioca, à notre façon" in printed and "Coni" in printed
        assert scorer.errors == [] and other.errors == []
    finally:
        scorer_context.close()
        other_context.close()


def test_shanghai_with_one_change_takes_four_taps_from_the_home_page(browser, server):
    context, page = phone(browser, server)
    taps = 0

    def tap(locator):
        nonlocal taps
        locator.tap()
        taps += 1

    try:
        page.goto("/")
        tap(page.get_by_role("link", name="Créer votre jeu"))
        tap(page.get_by_role("link", name="Shanghai"))
        field = page.get_by_role("spinbutton", name="Joker", exact=True)
        tap(field)  # the one change: jokers left in hand count 25
        field.fill("25")
        save = page.get_by_role("button", name="Enregistrer mon jeu")
        tap(save)
        page.get_by_role("heading", name="Shanghai, à notre façon").wait_for()
        print(f"Shanghai with one change, saved: {taps} taps from the home page")
        assert taps == 4
        page.get_by_text("joker 25").first.wait_for()
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_round_of_runs_red_and_black_alternating_is_built_on_a_phone(browser, server, scheme):
    context, page = phone(browser, server, scheme=scheme)
    try:
        page.goto("/own/new/?from=carioca")
        runs = page.locator("#id_runs_8")  # the ninth round: ace to king
        runs.scroll_into_view_if_needed()
        assert_on_screen(page, runs, "the round's runs")
        runs.select_option("alternating_colours")
        # The preview follows: the round card and the rules of its ace.
        page.locator("#preview").get_by_text("suites rouge et noir en alternance").first.wait_for()
        page.locator("#preview").get_by_text("l'as n'est que bas").wait_for()
        game = page.locator("#id_runs")
        game.scroll_into_view_if_needed()
        assert_on_screen(page, game, "the game's runs")
        page.get_by_role("button", name="Enregistrer mon jeu").tap()
        page.get_by_role("heading", name="Carioca, à notre façon").wait_for()
        assert page.get_by_text("rouge et noir en alternance").count() >= 1
        assert page.errors == []
    finally:
        context.close()
