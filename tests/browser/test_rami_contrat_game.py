"""A whole rami-contrat game on a phone: typed and tapped hands, a correction, the winner."""

import pytest

from rules_engine import PlayerDeal, get_rules, parse_hand
from rules_engine.scoring import hand_points, ranking, score_deal
from scorekeeper.core.keypad import parse_points
from scorekeeper.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alice", "Bruno", "Chloé"]
# Per round: who went out, then per other player either typed points ("12+3") or tapped cards.
ROUNDS = [
    (0, {1: "12+3", 2: ["A", "K", "JK"]}),
    (1, {0: "20", 2: "7+8"}),
    (2, {0: ["Q", "Q", "5"], 1: "30"}),
    (0, {1: "45", 2: "−5+10"}),
    (1, {0: "2", 2: ["JK", "JK"]}),
    (2, {0: "18", 1: ["A", "2", "3"]}),
    (0, {1: "9", 2: "40"}),
]


def engine_scores(out, hands, rules):
    deals = []
    for seat in range(3):
        hand = hands.get(seat)
        if seat == out:
            deals.append(PlayerDeal(0, None, frozenset({"went_out"})))
        elif isinstance(hand, list):
            deals.append(PlayerDeal(None, tuple(parse_hand(" ".join(hand))), frozenset()))
        else:
            deals.append(PlayerDeal(parse_points(hand), None, frozenset()))
    return deals


def enter_round(page, out, hands):
    for seat, hand in hands.items():
        row = page.locator(f'.hand[data-seat="{seat}"]')
        if isinstance(hand, list):
            row.locator("summary").click()
            for card in hand:
                row.locator(f'.rank-pad button[data-card="{card}"]').click()
            expected = hand_points(get_rules("rami-contrat"), parse_hand(" ".join(hand)))
            row.locator(".hand-value strong").filter(has_text=str(expected)).wait_for()
        else:
            row.locator("input.points").fill(hand.replace("−", "-"))
    page.locator(f'.hand[data-seat="{out}"] input[name="went_out"]').check()
    page.get_by_role("button", name="Enregistrer la manche").click()


def test_a_full_rami_contrat_game_with_a_correction(phone):
    page = phone
    page.goto("/")
    page.get_by_role("link", name="Nouvelle partie").click()
    page.get_by_label("Rami Contrat", exact=False).first.check()
    for seat, name in enumerate(NAMES):
        page.locator(f"#id_name_{seat}").fill(name)
    page.locator("#id_first_dealer").select_option("0")
    page.get_by_role("button", name="Commencer la partie").click()
    page.get_by_role("heading", name="Manche 1 sur 7").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    rules = get_rules("rami-contrat")
    expected_rows = []
    for number, (out, hands) in enumerate(ROUNDS, start=1):
        if number == 5:
            # From round 5, correct round 2: Bruno went out, Alice really had 25, not 20.
            page.get_by_role("link", name="Corriger la manche 2").click()
            page.locator('input[name="points_0"]').fill("25")
            page.get_by_role("button", name="Enregistrer la correction").click()
            page.get_by_role("heading", name="Manche 5 sur 7").wait_for()
            expected_rows[1] = score_deal(rules, 2, engine_scores(1, {0: "25", 2: "7+8"}, rules))
        enter_round(page, out, hands)
        expected_rows.append(score_deal(rules, number, engine_scores(out, hands, rules)))
        heading = f"Manche {number + 1} sur 7" if number < 7 else "Classement final"
        page.get_by_role("heading", name=heading).wait_for()

    totals = [sum(row[i] for row in expected_rows) for i in range(3)]
    shown = [int(t) for t in page.locator("tfoot td.total").all_inner_texts()]
    assert shown == totals
    winner = NAMES[ranking(totals).index(1)]
    assert f"{winner} gagne" in page.locator(".summary").inner_text()
    game = Game.objects.get()
    assert game.rounds.count() == 7 and game.finished_at is not None
    assert page.console_errors == []
