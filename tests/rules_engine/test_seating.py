"""Dealer, first player and direction, round after round."""

from rules_engine import get_rules
from rules_engine.seating import seats_for_round


def test_liverpool_the_deal_passes_to_the_left_and_the_next_player_starts():
    rules = get_rules("liverpool")
    seats = [seats_for_round(rules, n, first_dealer=2, players=4) for n in (1, 2, 3)]
    assert [(s.dealer, s.first_player, s.clockwise) for s in seats] == [
        (2, 3, True),
        (3, 0, True),
        (0, 1, True),
    ]


def test_rami_contrat_13_the_deal_passes_right_and_play_goes_counter_clockwise():
    rules = get_rules("rami-contrat-13")
    seats = [seats_for_round(rules, n, first_dealer=0, players=4) for n in (1, 2)]
    assert [(s.dealer, s.first_player, s.clockwise) for s in seats] == [
        (0, 3, False),
        (3, 2, False),
    ]
