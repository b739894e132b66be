"""Penalties, deal scores with bonuses and flat scores, validation, totals and ranking."""

import pytest

from rules_engine import DealError, PlayerDeal, get_rules, parse_cards
from rules_engine.scoring import (
    behind_leader,
    hand_points,
    lone_zero,
    ranking,
    score_deal,
    totals,
    winners,
)


def points(slug, text):
    return hand_points(get_rules(slug), parse_cards(text))


def deal(points=None, cards=None, *facts):
    return PlayerDeal(points, tuple(parse_cards(cards)) if cards else None, frozenset(facts))


def test_rami_contrat_ace_and_joker_are_15_faces_10_numbers_their_value():
    assert points("rami-contrat", "AS JK KD QH JC 7H 2D") == 15 + 15 + 30 + 9


def test_liverpool_counts_like_rami_contrat():
    assert points("liverpool", "AS JK 10H") == 40


def test_rami_51_ace_is_11_and_joker_50():
    assert points("rami-51", "AS JK KD") == 71


def test_rami_contrat_13_ace_is_20_and_joker_50():
    assert points("rami-contrat-13", "AS JK KD 3C") == 83


def test_the_player_who_went_out_scores_0_and_the_others_their_hand():
    rules = get_rules("rami-contrat")
    assert score_deal(rules, 1, [deal(0, None, "went_out"), deal(25), deal(None, "AS KD")]) == [
        0,
        25,
        25,
    ]


def test_rami_contrat_13_first_opener_and_closer_get_minus_10_each():
    rules = get_rules("rami-contrat-13")
    scores = score_deal(
        rules, 1, [deal(0, None, "went_out"), deal(12, None, "opened_first"), deal(30)]
    )
    assert scores == [-10, 2, 30]


def test_rami_contrat_13_opening_and_closing_bonuses_add_up_on_one_player():
    rules = get_rules("rami-contrat-13")
    assert score_deal(rules, 1, [deal(0, None, "went_out", "opened_first"), deal(5)]) == [-20, 5]


def test_rami_51_a_player_who_laid_nothing_scores_a_flat_100():
    rules = get_rules("rami-51")
    assert score_deal(
        rules, 1, [deal(0, None, "went_out"), deal(None, None, "laid_nothing"), deal(31)]
    ) == [0, 100, 31]


def test_rami_51_rami_sec_scores_minus_50_and_everyone_else_laid_nothing():
    rules = get_rules("rami-51")
    assert score_deal(rules, 1, [deal(0, None, "went_out", "rami_sec"), deal(20), deal(None)]) == [
        -50,
        100,
        100,
    ]


def test_rami_contrat_deal_with_no_winner_everyone_scores_their_hand():
    rules = get_rules("rami-contrat")
    assert score_deal(rules, 1, [deal(10), deal(20), deal(30)], no_winner=True) == [10, 20, 30]


def test_only_rami_contrat_has_deals_with_no_winner():
    with pytest.raises(DealError) as caught:
        score_deal(get_rules("liverpool"), 1, [deal(10), deal(20)], no_winner=True)
    assert caught.value.problems[0].code == "no_winner_not_allowed"


def problem_codes(slug, players, **kw):
    with pytest.raises(DealError) as caught:
        score_deal(get_rules(slug), 1, players, **kw)
    return [problem.code for problem in caught.value.problems]


def test_exactly_one_player_goes_out():
    assert problem_codes("liverpool", [deal(0), deal(5)]) == ["went_out_count", "hand_too_low"]
    assert problem_codes("liverpool", [deal(0, None, "went_out"), deal(0, None, "went_out")]) == [
        "went_out_count"
    ]


def test_the_player_who_went_out_has_no_points():
    assert problem_codes("liverpool", [deal(3, None, "went_out"), deal(5)]) == [
        "went_out_with_points"
    ]


def test_no_hand_is_negative_or_above_what_the_cards_could_be_worth():
    assert problem_codes("liverpool", [deal(0, None, "went_out"), deal(-1)]) == ["negative_hand"]
    assert problem_codes("liverpool", [deal(0, None, "went_out"), deal(9999)]) == ["hand_too_high"]


def test_rami_contrat_13_needs_one_first_opener_when_someone_went_out():
    assert problem_codes("rami-contrat-13", [deal(0, None, "went_out"), deal(5)]) == [
        "opened_first_count"
    ]


def test_rami_sec_is_made_by_the_player_who_went_out():
    assert "rami_sec_not_out" in problem_codes(
        "rami-51", [deal(0, None, "went_out"), deal(5, None, "rami_sec")]
    )


def test_totals_add_rounds_and_ties_share_a_rank():
    sums = totals([[0, 25, 25], [10, 0, 5]], 3)
    assert sums == [10, 25, 30]
    assert ranking([10, 25, 10]) == [1, 3, 1]
    assert winners([10, 25, 10]) == [0, 2]
    assert ranking([38, 29], lowest_wins=False) == [1, 2]


def test_the_gap_to_the_leader_counts_down_when_the_lowest_total_wins():
    assert behind_leader([30, 12, 12, 50]) == [18, 0, 0, 38]


def test_the_gap_to_the_leader_counts_up_when_the_highest_total_wins():
    assert behind_leader([30, 12, 41], lowest_wins=False) == [11, 29, 0]


def test_a_lone_zero_says_who_went_out_and_two_say_nothing():
    assert lone_zero([12, 0, None, 7]) == 1
    assert lone_zero([0, 0, 5]) is None
    assert lone_zero([None, 4]) is None


def test_a_hand_that_did_not_go_out_is_worth_its_cheapest_card_at_least():
    # Rami Contrat's cheapest card is a 2: no hand left after the deal is worth 0 or 1.
    assert problem_codes("rami-contrat", [deal(0, None, "went_out"), deal(1), deal(2)]) == [
        "hand_too_low"
    ]
    assert problem_codes("rami-contrat", [deal(0, None, "went_out"), deal(0), deal(2)]) == [
        "hand_too_low"
    ]
    scored = score_deal(get_rules("rami-contrat"), 1, [deal(0, None, "went_out"), deal(2), deal(2)])
    assert scored == [0, 2, 2]
