"""The end of a game: the winner, the ranking, the race, play again, and the result shared
through the phone's share sheet (with its PDF), or copied where there is none."""

import datetime

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services

from .test_game_screen import assert_on_screen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
OUT = frozenset({"went_out"})

# A phone with a share sheet: what it was given is kept for the test to read.
SHARE_SHEET = """
window.sharedWith = null;
navigator.canShare = (data) => !data.files || data.files.every((f) => f.type === "application/pdf");
navigator.share = async (data) => {
  const files = await Promise.all((data.files || []).map(async (f) => ({
    name: f.name, type: f.type, head: await f.slice(0, 5).text() })));
  window.sharedWith = { title: data.title, text: data.text, files };
};
"""
NO_CLIPBOARD = "Object.defineProperty(navigator, 'clipboard', { value: undefined });"


def finished_game(start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    for deal in range(7):
        entries = [PlayerDeal(0, None, OUT), PlayerDeal(12 + deal), PlayerDeal(30)]
        services.round_record(game=g.game, entries=entries)
    return g


def poll(page, script, timeout_ms=5000):
    """The value of `script` once it is truthy (the page's CSP forbids wait_for_function)."""
    for _ in range(timeout_ms // 100):
        value = page.evaluate(script)
        if value:
            return value
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {script}")


@pytest.mark.parametrize(
    ("width", "height", "scheme", "locale", "words"),
    [
        (
            360,
            740,
            "dark",
            "fr-FR",
            ("Ana gagne !", "Partager le résultat", "Rejouer avec la même table"),
        ),
        (390, 844, "light", "en-GB", ("Ana wins!", "Share the result", "Play again, same table")),
    ],
)
def test_the_end_shows_winner_ranking_race_and_both_buttons_on_the_first_screen(
    open_phone, start_game, width, height, scheme, locale, words
):
    wins, share, again = words
    g = finished_game(start_game)
    page = open_phone(g.url, width, height, scheme, locale)
    if locale.startswith("en"):
        page.goto("/language/en/?next=" + g.url)
    assert_on_screen(page, page.get_by_text(wins), "the winner")
    ranking = page.locator(".summary .ranking li")
    assert ranking.all_inner_texts() == ["1 Ana 0", "2 Ben 105", "3 Cléo 210"]
    for button in (share, again):
        assert_on_screen(page, page.get_by_role("button", name=button), button)
    race = page.get_by_role(
        "img",
        name="Score race after 7 rounds"
        if locale.startswith("en")
        else "Course aux points après 7 manches",
    )
    race.scroll_into_view_if_needed()
    box = race.bounding_box()
    assert box and box["width"] > width * 0.8 and box["x"] + box["width"] <= width
    assert abs(box["height"] / box["width"] - 214 / 340) < 0.02  # scaled, not squeezed
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=f"/tmp/end-of-game-{width}-{scheme}.png", full_page=True)


def test_share_opens_the_share_sheet_with_the_result_the_view_link_and_the_pdf(
    open_phone, start_game
):
    g = finished_game(start_game)
    page = open_phone(g.url)
    page.context.add_init_script(SHARE_SHEET)
    page.reload()
    page.wait_for_timeout(500)  # the PDF is fetched before the tap
    page.get_by_role("button", name="Partager le résultat").tap()
    shared = poll(page, "window.sharedWith")
    lines = shared["text"].splitlines()
    assert lines[0] == f"Rami Contrat · {datetime.date.today():%d/%m/%Y}"
    assert lines[1:6] == [
        "1. Ana: 0",
        "2. Ben: 105",
        "3. Cléo: 210",
        "Ana gagne\u00a0!",
        "7 manches jouées.",
    ]
    assert lines[6].endswith(g.view_url) and g.url not in shared["text"]  # never the edit link
    assert shared["files"] == [
        {
            "name": f"rami-contrat-{datetime.date.today():%Y-%m-%d}.pdf",
            "type": "application/pdf",
            "head": "%PDF-",
        }
    ]


def test_without_a_share_sheet_the_result_is_copied_and_the_phone_says_so(
    open_phone, start_game, live_server
):
    g = finished_game(start_game)
    page = open_phone(g.url)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    assert page.evaluate("navigator.share === undefined")
    page.get_by_role("button", name="Partager le résultat").tap()
    page.get_by_role("status").filter(has_text="Résultat copié").wait_for()
    assert page.get_by_role("button", name="✓ Partager le résultat").is_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[4] == "Ana gagne\u00a0!" and copied.endswith(g.view_url)


def test_without_a_clipboard_the_result_is_shown_selected_to_copy_by_hand(open_phone, start_game):
    g = finished_game(start_game)
    page = open_phone(g.url)
    page.context.add_init_script(NO_CLIPBOARD)
    page.reload()
    page.get_by_role("button", name="Partager le résultat").tap()
    text = page.get_by_role("textbox", name="Copiez ce texte pour partager le résultat :")
    assert_on_screen(page, text, "the result to copy")
    assert "Ana gagne\u00a0!" in text.input_value()
    assert page.evaluate(
        "document.activeElement.selectionEnd - document.activeElement.selectionStart"
    ) == len(text.input_value())
