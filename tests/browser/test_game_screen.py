"""The game screen at a real table: standings first, a round in a dozen taps, nothing hidden.

Phones of 360×740 and 390×844, light and dark: the page never scrolls sideways, every
player's total is on screen after each save, the keypad never covers the field being typed.
"""

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services
from scorekeeper.games.selectors import game_board
from scorekeeper.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alexandrine", "Bob", "Chloé", "Dominique", "Emmanuelle", "Fred", "Gwen", "Hippolyte"]
PHONES = [(360, 740), (390, 844)]


def keypad_top(page) -> float:
    return page.evaluate(
        "(() => { const k = document.querySelector('.keypad');"
        " return k && !k.hidden ? k.getBoundingClientRect().top : innerHeight; })()"
    )


def assert_on_screen(page, locator, what=""):
    """Wholly inside the viewport and above the keypad (the keypad's own keys: inside the
    viewport): a player sees it without scrolling."""
    box = locator.bounding_box()
    assert box is not None, f"{what} is not displayed"
    width = page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (
        f"{what} off to the side: {box}"
    )
    on_pad = locator.evaluate("e => !!e.closest('.keypad')")
    bottom = page.viewport_size["height"] if on_pad else keypad_top(page)
    assert box["y"] >= 0 and box["y"] + box["height"] <= bottom + 0.5, (
        f"{what} hidden (below the screen or the keypad): {box}"
    )


class Taps:
    """Counts taps; each tapped thing must be on screen, and the page must not have scrolled."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, locator, what=""):
        assert self.page.evaluate("scrollY") == 0, f"the page scrolled before tapping {what}"
        assert_on_screen(self.page, locator, what)
        locator.tap()
        self.count += 1


def key(page, name):
    return page.locator(f'.keypad button[data-key="{name}"]')


WORDS = {
    "fr-FR": {"save": "Enregistrer la manche", "saved": "Manche 1 enregistrée."},
    "en-US": {"save": "Save the round", "saved": "Round 1 saved."},
}


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_4_player_round_of_two_digit_hands_takes_13_taps_and_no_scroll(
    open_phone, start_game, locale
):
    words = WORDS[locale]
    g = start_game("liverpool", NAMES[:4], first_dealer=0)
    page = open_phone(g.url, 390, 844, locale=locale)
    tap = Taps(page)
    tap(page.locator("#id_points_0"), "Alexandrine's field")
    tap(key(page, "0"), "0")  # a lone 0 says who went out
    for seat, digits in ((1, "25"), (2, "13"), (3, "40")):
        tap(key(page, "next"), "next player")
        assert page.evaluate("document.activeElement.id") == f"id_points_{seat}"
        for digit in digits:
            tap(key(page, digit), digit)
    tap(key(page, "next"), "next player")  # after the last player: the pad closes on Save
    tap(page.get_by_role("button", name=words["save"]), "Save")
    page.get_by_text(words["saved"]).wait_for()
    assert tap.count <= 13
    assert game_board(g.game).totals == [0, 25, 13, 40]
    for seat, total in enumerate(["0", "25", "13", "40"]):
        item = page.locator(f'#standings li[data-seat="{seat}"]')
        assert item.locator(".total").inner_text() == total
        assert_on_screen(page, item, f"the total of seat {seat}")
    assert page.locator(".keypad").is_hidden()
    assert page.evaluate("document.activeElement.id") == "standings-title"


@pytest.mark.parametrize(("width", "height"), PHONES)
@pytest.mark.parametrize("players", [3, 5, 8])
def test_every_total_is_on_screen_after_each_save_and_nothing_scrolls_sideways(
    open_phone, start_game, width, height, players
):
    g = start_game("liverpool" if players > 5 else "rami-contrat", NAMES[:players], first_dealer=0)
    page = open_phone(g.url, width, height, "light")
    for number in (1, 2):
        page.emulate_media(color_scheme="light")
        fields = page.locator("input.points")
        fields.first.tap()
        for seat in range(players):
            page.keyboard.type("0" if seat == number - 1 else str(10 + seat))
            key(page, "next").tap()
        page.get_by_role("button", name="Enregistrer la manche").tap()
        page.get_by_text(f"Manche {number} enregistrée.").wait_for()
        for scheme in ("light", "dark"):  # the same page seen in each scheme
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), scheme
            for seat in range(players):
                total = page.locator(f'#standings li[data-seat="{seat}"] .total')
                assert_on_screen(page, total, f"{scheme}: {seat}")
    # The whole grid fits too: every column inside the width, and no total cut short.
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for cell in page.locator("table.scores tfoot td.total").all():
            box = cell.bounding_box()
            assert box["x"] + box["width"] <= width + 0.5, scheme
            assert cell.evaluate("td => td.scrollWidth <= td.clientWidth"), cell.inner_text()


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_the_keypad_never_covers_the_field_being_typed(open_phone, start_game, width, height):
    g = start_game("liverpool", NAMES, first_dealer=0)
    page = open_phone(g.url, width, height)
    page.locator("#id_points_0").tap()
    for seat in range(8):
        field = page.locator(f"#id_points_{seat}")
        assert page.evaluate("document.activeElement.id") == f"id_points_{seat}"
        assert field.get_attribute("inputmode") == "none"  # no second keyboard on top of ours
        assert_on_screen(page, field, f"field {seat}")
        key(page, "next").tap()
    assert page.locator(".keypad").is_hidden()


def test_the_running_sum_shows_as_you_type(open_phone, start_game):
    g = start_game("liverpool", NAMES[:3])
    page = open_phone(g.url)
    page.locator("#id_points_1").tap()
    for digit in "12+11+7":
        key(page, digit if digit != "+" else "+").tap()
    assert page.locator("#sum-1").inner_text() == "= 30"


@pytest.mark.parametrize("width", [360, 390])
def test_a_long_typed_sum_shows_its_end_and_its_total(open_phone, start_game, width):
    g = start_game("liverpool", NAMES)  # eight players: the narrowest fields
    page = open_phone(g.url, width, 740 if width == 360 else 844)
    field = page.locator("#id_points_1")
    field.tap()
    for digit in "12+11+7+25+13+9":
        key(page, digit).tap()
    assert page.locator("#sum-1").inner_text() == "= 77"
    assert_on_screen(page, page.locator("#sum-1"), "the sum")
    shown = field.evaluate("f => f.scrollLeft + f.clientWidth >= f.scrollWidth - 1")
    assert shown, "the end of the typed sum is out of sight"


def test_a_zero_marks_went_out_only_when_nobody_is_marked_and_can_be_taken_back(
    open_phone, start_game
):
    g = start_game("liverpool", NAMES[:3])
    page = open_phone(g.url)
    page.locator("#id_points_0").tap()
    key(page, "0").tap()
    key(page, "next").tap()
    out = page.locator('input[name="went_out"][value="0"]')
    assert out.is_checked()
    page.locator("#id_points_0").tap()
    key(page, "back").tap()
    key(page, "5").tap()
    assert not out.is_checked()  # the 0 became 5: the mark the 0 made goes with it
    page.locator('.hand[data-seat="2"] label.toggle').first.tap()  # Chloé went out, by hand
    page.locator("#id_points_1").tap()
    key(page, "0").tap()
    key(page, "next").tap()
    assert page.locator('input[name="went_out"][value="2"]').is_checked()
    assert not page.locator('input[name="went_out"][value="1"]').is_checked()


def test_the_card_picker_stays_open_for_the_next_player(open_phone, start_game):
    g = start_game("liverpool", NAMES[:3])
    page = open_phone(g.url)
    page.locator('.hand[data-seat="0"] details.picker summary').tap()
    page.locator("#id_points_0").tap()
    key(page, "next").tap()
    assert page.locator('.hand[data-seat="1"] details.picker').evaluate("d => d.open")


def test_the_phone_keyboard_is_one_key_away(open_phone, start_game):
    g = start_game("liverpool", NAMES[:3])
    page = open_phone(g.url)
    field = page.locator("#id_points_1")
    field.tap()
    key(page, "system").tap()
    assert page.locator(".keypad").is_hidden()
    assert field.get_attribute("inputmode") == "tel"
    assert page.evaluate("document.activeElement.id") == "id_points_1"


def test_a_refused_round_puts_focus_on_the_first_wrong_field(open_phone, start_game):
    g = start_game("liverpool", NAMES[:3])
    page = open_phone(g.url)
    page.locator("#id_points_1").fill("10")
    page.locator('.hand[data-seat="1"] details.picker summary').tap()
    page.locator("#id_cards_1").fill("K K")
    page.locator('.hand[data-seat="0"] label.toggle').first.tap()
    page.get_by_role("button", name="Enregistrer la manche").tap()
    page.get_by_text("Tapez les points ou touchez les cartes, pas les deux.").wait_for()
    assert page.evaluate("document.activeElement.id") == "id_points_1"
    assert_on_screen(page, page.locator("#err-points-1"), "the message")
    assert Round.objects.count() == 0


def test_the_last_round_closes_the_pad_and_shows_the_final_ranking(open_phone, start_game):
    g = start_game("liverpool", NAMES[:2], first_dealer=0)
    page = open_phone(g.url, 360, 740)
    for number in range(1, 8):
        page.locator("#id_points_0").tap()
        key(page, "0").tap()
        key(page, "next").tap()
        page.keyboard.type("9")
        key(page, "next").tap()
        page.get_by_role("button", name="Enregistrer la manche").tap()
        if number < 7:
            page.get_by_text(f"Manche {number} enregistrée.").wait_for()
    page.get_by_role("heading", name="Classement final").wait_for()
    assert page.locator(".keypad").is_hidden()
    assert_on_screen(
        page, page.get_by_role("button", name="Rejouer avec la même table"), "Play again"
    )


def test_the_correction_links_and_the_undo_are_large_enough_to_tap(open_phone, start_game):
    g = start_game("liverpool", NAMES[:8], first_dealer=0)
    page = open_phone(g.url, 360, 740)
    page.locator("#id_points_0").tap()
    key(page, "0").tap()
    for _seat in range(1, 8):
        key(page, "next").tap()
        key(page, "7").tap()
    key(page, "next").tap()
    page.get_by_role("button", name="Enregistrer la manche").tap()
    page.get_by_text("Manche 1 enregistrée.").wait_for()
    for target in (
        page.get_by_role("link", name="Corriger la manche 1"),
        page.get_by_role("button", name="↶ Annuler : manche 1 saisie"),
    ):
        box = target.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    page.get_by_role("button", name="↶ Annuler : manche 1 saisie").tap()
    page.get_by_role("heading", name="Manche 1 sur 7").wait_for()
    assert Round.objects.count() == 0


def test_the_new_game_form_shows_only_what_the_chosen_game_has(open_phone):
    page = open_phone("/new/", 360, 740)
    seats = page.locator(".seat")
    page.get_by_label("Rami Contrat", exact=False).first.check()
    assert [seats.nth(i).is_visible() for i in range(8)] == [True] * 5 + [False] * 3
    assert page.locator("#id_rami-contrat-no_jokers").is_visible()
    assert not page.locator("#id_rami-51-rounds").is_visible()
    page.locator('input[name="rules"][value="rami-51"]').check()
    assert [seats.nth(i).is_visible() for i in range(8)] == [True] * 6 + [False] * 2
    assert page.locator("#id_rami-51-rounds").is_visible()
    assert not page.locator("#id_rami-contrat-no_jokers").is_visible()
    page.locator('input[name="rules"][value="liverpool"]').check()
    assert all(seats.nth(i).is_visible() for i in range(8))
    for seat, name in enumerate(["Ana", "Ben", "Cléo"]):
        page.locator(f"#id_name_{seat}").fill(name)
    dealer = page.locator("#id_first_dealer")
    choices = [o for o in dealer.locator("option").all() if not o.evaluate("o => o.disabled")]
    assert [o.inner_text() for o in choices] == ["Tirer au sort", "Ana", "Ben", "Cléo"]
    dealer.select_option(label="Ben")
    page.get_by_role("button", name="Commencer la partie").click()
    page.get_by_role("heading", name="Manche 1 sur 7").wait_for()
    card = page.locator("section.round-card").first.inner_text()
    assert "Donneur Ben" in card


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_eight_players_with_three_digit_totals_fit_uncut(open_phone, start_game, width, height):
    g = start_game("liverpool", NAMES, first_dealer=0)
    for number in range(5):
        entries = [
            PlayerDeal(0, None, frozenset({"went_out"}))
            if seat == number
            else PlayerDeal(90 + seat * 13)
            for seat in range(8)
        ]
        services.round_record(game=g.game, entries=entries)
    page = open_phone(g.url, width, height)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    totals = game_board(g.game).totals
    assert max(totals) >= 400
    cells = page.locator("table.scores tfoot td.total")
    assert cells.all_inner_texts() == [str(t) for t in totals]
    for cell in cells.all():
        assert cell.evaluate("td => td.scrollWidth <= td.clientWidth"), cell.inner_text()
    for seat in range(8):  # the standings name each player, at least in part, and the total
        item = page.locator(f'#standings li[data-seat="{seat}"]')
        assert item.locator(".total").inner_text() == str(totals[seat])
        assert item.locator(".name").evaluate("n => n.clientWidth >= 40")


def test_a_tap_on_the_grid_header_shows_whole_names(open_phone, start_game):
    g = start_game("liverpool", NAMES, first_dealer=0)
    page = open_phone(g.url, 360, 740)
    head = page.locator("table.scores thead th").nth(1)
    # Eight at the table: each name's shortest distinct start, whole in the cell...
    short = head.locator(".name-short").inner_text()
    assert short != "Alexandrine" and "Alexandrine".startswith(short)
    assert head.evaluate("th => th.scrollWidth <= th.clientWidth")
    heads = page.locator("table.scores thead th .name-short").all_inner_texts()
    assert len(set(heads)) == len(heads)  # two names beginning alike stay two
    head.tap()
    assert head.evaluate("th => th.scrollWidth <= th.clientWidth")  # ...the whole name on a tap
    assert head.inner_text() == "Alexandrine"


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_the_finished_romi_sheet_shows_trophies_totals_and_contracts_uncut(
    open_phone, start_game, width, height
):
    g = start_game("romi-rami", NAMES[:4])
    players = list(g.game.players.all())
    for i in range(9):
        services.romi_contract_log(
            game=g.game,
            player=players[i % 4],
            points=5 + i,
            colour="HDCY"[i % 4],
            combos=[2 + i % 2],
            bonus_cards=i % 3,
            joker_used=False,
        )
    services.romi_finish(game=g.game, trophies=[("H", 3), ("3", 2), ("C", 5), ("5", 2)])
    page = open_phone(g.url, width, height)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    ranking = page.get_by_role("heading", name="Classement final")
    assert_on_screen(page, ranking, "the final ranking")
    for cell in page.locator("table.romi td.total, table.romi tr.contracts-line td").all():
        assert cell.evaluate("td => td.scrollWidth <= td.clientWidth"), cell.inner_text()
        box = cell.bounding_box()
        assert box["x"] + box["width"] <= width + 0.5


@pytest.mark.parametrize(("width", "height"), PHONES)
@pytest.mark.parametrize("slug", ["rami-51", "rami-contrat-13", "liverpool"])
def test_each_players_line_holds_name_field_and_buttons_on_one_row(
    open_phone, start_game, slug, width, height
):
    """Rami 51 and Contract 13 have a third button (laid nothing, opened first)."""
    g = start_game(slug, NAMES[:4], first_dealer=0)
    page = open_phone(g.url, width, height)
    for seat in range(4):
        row = page.locator(f'.hand[data-seat="{seat}"]')
        name, picker = row.locator(".hand-name"), row.locator(".picker summary")
        top = name.bounding_box()["y"]
        assert abs(picker.bounding_box()["y"] - top) < 20, f"{slug}: seat {seat} wraps"
