"""Offline keeps counting: rounds waiting in the outbox count in the standings, the running
totals and the grid, marked provisional, scored from the engine's data (never a copy of the
rules in JavaScript); once sent, the server's totals are the same."""

import pytest

from rules_engine import PlayerDeal
from scorekeeper import services
from scorekeeper.games.selectors import game_board
from scorekeeper.models import Round

from .test_offline import NAMES, open_controlled, pending_rows, wait_for_db, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fill_hand(page, seat, value):
    if any(c.isalpha() for c in value):  # cards left in hand, through the picker's field
        # Done with the last points field first: its keypad closes and the rows settle, so the
        # tap on the picker lands where it was aimed (one run in five, the pad closed between
        # the press and the release and the tap fell beside it).
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.locator("body:not(.pad-open)").wait_for()
        page.locator(f'.hand[data-seat="{seat}"] details.picker summary').click()
        page.locator(f"#id_cards_{seat}").fill(value)
    else:
        page.locator(f"#id_points_{seat}").fill(value)


def enter(page, out, hands, ticks=()):
    for seat, value in hands.items():
        fill_hand(page, seat, value)
    page.locator(f'.hand[data-seat="{out}"] input[name="went_out"]').check()
    for tick in ticks:  # the round's other facts: opened first, rami sec, laid nothing
        page.locator(tick).check()
    page.get_by_role("button", name="Enregistrer la manche").click()


# Per system, rounds that use what it scores: sums, cards (jokers too), bonuses, flat scores
# and the facts they imply.
ROUNDS = {
    "rami-contrat": [(0, {1: "12+3", 2: "K 7 JK"}, ()), (1, {0: "A 2", 2: "30"}, ())],
    "liverpool": [(2, {0: "5", 1: "Q Q"}, ()), (0, {1: "40", 2: "JK A"}, ())],
    "rami-contrat-13": [
        (1, {0: "20", 2: "A K"}, ('input[name="opened_first"][value="0"]',)),
        (0, {1: "7", 2: "9"}, ('input[name="opened_first"][value="0"]',)),
    ],
    "rami-51": [
        (0, {}, ('input[name="rami_sec"]',)),  # a rami sec: the others laid nothing
        (2, {0: "K A 4"}, ('input[name="laid_nothing_1"]',)),
    ],
}


def provisional_totals(page):
    lines = page.locator("#standings li[data-seat]")
    totals = {}
    for i in range(lines.count()):
        line = lines.nth(i)
        totals[int(line.get_attribute("data-seat"))] = int(line.locator(".total").inner_text())
    return [totals[seat] for seat in sorted(totals)]


@pytest.mark.parametrize("slug", sorted(ROUNDS))
def test_rounds_entered_offline_count_at_once_and_match_the_server(phone, start_game, slug):
    g = start_game(slug, NAMES, first_dealer=0)
    page = phone
    open_controlled(page, g.url)
    page.context.set_offline(True)
    for out, hands, ticks in ROUNDS[slug]:
        enter(page, out, hands, ticks)
    assert pending_rows(page).count() == len(ROUNDS[slug])
    wait_until(page, "!!document.querySelector('#standings.provisional')")
    shown = provisional_totals(page)
    assert any(shown) and page.locator(".provisional-note").is_visible()
    page.screenshot(path=f"/tmp/provisional-{slug}.png", full_page=True)

    page.context.set_offline(False)
    wait_for_db(page, lambda: Round.objects.filter(game=g.game).count() == len(ROUNDS[slug]))
    wait_until(page, "document.querySelectorAll('table.scores tr.pending').length === 0")
    g.game.refresh_from_db()
    assert game_board(g.game).totals == shown
    assert page.locator("[data-differs]").count() == 0


def test_black_deuces_tapped_offline_count_as_jokers_and_match_the_server(phone, start_game):
    """Contract Rummy with the black deuces wild: the picker's 2♠ key counts a joker's 15, a
    plain 2 counts 2, offline as on the server."""
    g = start_game("contract-rummy", NAMES, first_dealer=0, options={"wild_deuces": "black"})
    page = phone
    open_controlled(page, g.url)
    hand = page.locator('.hand[data-seat="1"]')
    page.locator('.hand[data-seat="1"] details.picker summary').click()
    for key in ("2♠", "2", "K"):
        hand.locator(f'[data-card="{key}"]').tap()
    assert page.locator("#id_cards_1").input_value() == "2♠ 2 K"
    page.context.set_offline(True)
    page.locator("#id_points_2").fill("5")
    page.locator('.hand[data-seat="0"] input[name="went_out"]').check()
    page.get_by_role("button", name="Enregistrer la manche").click()
    wait_until(page, "!!document.querySelector('#standings.provisional')")
    assert provisional_totals(page) == [0, 15 + 2 + 10, 5]
    page.context.set_offline(False)
    wait_for_db(page, lambda: Round.objects.filter(game=g.game).count() == 1)
    wait_until(page, "document.querySelectorAll('table.scores tr.pending').length === 0")
    g.game.refresh_from_db()
    assert game_board(g.game).totals == [0, 27, 5]
    assert page.locator("[data-differs]").count() == 0


def test_offline_rounds_without_a_player_who_left_count_right(phone, start_game):
    """Ben left: the rounds typed offline have no hand for him, his total stands still, and
    a rami sec's flat 100 goes to the others at the table only."""
    from rules_engine import PlayerDeal
    from scorekeeper import services

    g = start_game("rami-51", ["Ana", "Ben", "Cléo", "Dan"], first_dealer=0)
    out = frozenset({"went_out"})
    services.round_record(
        game=g.game,
        entries=[PlayerDeal(0, None, out), PlayerDeal(12), PlayerDeal(30), PlayerDeal(8)],
    )
    services.player_leave(game=g.game, seat=1)
    page = phone
    open_controlled(page, g.url)
    assert page.locator("#id_points_1").count() == 0  # no field for Ben
    page.context.set_offline(True)
    enter(page, 0, {}, ('input[name="rami_sec"]',))  # a rami sec: the others laid nothing
    enter(page, 2, {0: "9", 3: "K A 4"})
    wait_until(page, "!!document.querySelector('#standings.provisional')")
    shown = provisional_totals(page)
    assert shown[1] == 12  # Ben's total stands still
    assert page.locator("table.scores tr.pending td.sat-out").count() == 2
    page.context.set_offline(False)
    wait_for_db(page, lambda: Round.objects.filter(game=g.game).count() == 3)
    wait_until(page, "document.querySelectorAll('table.scores tr.pending').length === 0")
    g.game.refresh_from_db()
    assert game_board(g.game).totals == shown
    assert page.locator("[data-differs]").count() == 0


def standings_shown(page):
    """Each line of the standings as shown: seat, rank, total, leader or not, its notes."""
    return page.eval_on_selector_all(
        "#standings li[data-seat]",
        """lines => lines.map(li => [
            Number(li.dataset.seat), li.querySelector('.rank').textContent.trim(),
            li.querySelector('.total').textContent.trim(), li.classList.contains('leader'),
            [...li.querySelectorAll('.behind')].map(b => b.textContent.trim())])""",
    )


def test_offline_standings_rank_a_player_who_left_after_the_table(phone, start_game):
    """Bruno left with the best total (0): offline as on the server he is ranked after the
    players still at the table, keeps his "left after round 1" note and leads nothing, and the
    gaps are measured from the leader at the table."""
    g = start_game("liverpool", NAMES, first_dealer=0)
    out = frozenset({"went_out"})
    entries = [PlayerDeal(30), PlayerDeal(0, None, out), PlayerDeal(50)]
    services.round_record(game=g.game, entries=entries)
    services.player_leave(game=g.game, seat=1)
    page = phone
    open_controlled(page, g.url)
    page.context.set_offline(True)
    enter(page, 0, {2: "20"})  # Alice goes out: Alice 30, Chloé 70, Bruno still 0
    wait_until(page, "!!document.querySelector('#standings.provisional')")
    offline = standings_shown(page)
    assert [line[:4] for line in offline] == [
        [0, "1", "30", True],
        [2, "2", "70", False],
        [1, "3", "0", False],
    ]
    page.context.set_offline(False)
    wait_for_db(page, lambda: Round.objects.filter(game=g.game).count() == 2)
    wait_until(page, "document.querySelectorAll('table.scores tr.pending').length === 0")
    page.reload()
    assert standings_shown(page) == offline
