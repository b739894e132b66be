"""Hands no table could hold are refused, and every finder stops within a work budget."""

import pytest

from rules_engine import (
    Card,
    HandTooLarge,
    SearchTooLarge,
    get_rules,
    parse_cards,
    parse_hand,
    parse_melds,
    solver,
)
from rules_engine.contracts import check_contract
from rules_engine.limits import CONTRACT_NODES, Budget, check_hand, hand_limits
from rules_engine.romi import check_romi_contract, parse_requirements, parse_value_cards
from rules_engine.solver import solve_contract
from rules_engine.solver_opening import solve_opening

FULL_DECK = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)]
# Found by bench/solver.py's adversarial search: the card search needs about 19,000 nodes to
# decide it (the walk along the ranks, 1,300 states).
HARD_LIVERPOOL = "JK 7H JK JK JK 6C JK JH 7H 8H 9H 10H JH 2C 3H 10D 9S QC 5S"


@pytest.mark.parametrize(
    ("slug", "cards"),
    [
        ("rami-contrat", 19),
        ("liverpool", 19),
        ("rami-contrat-13", 20),
        ("rami-51", 14),
        ("romi-rami", 13),
    ],
)
def test_a_hand_holds_at_most_the_deal_the_card_drawn_and_what_may_i_adds(slug, cards):
    assert hand_limits(get_rules(slug)).cards == cards


def test_the_decks_bound_copies_and_jokers_by_player_count():
    liverpool = get_rules("liverpool")
    assert (hand_limits(liverpool).copies, hand_limits(liverpool).jokers) == (3, 6)
    assert (hand_limits(liverpool, 2).copies, hand_limits(liverpool, 2).jokers) == (1, 2)


def test_a_44_card_hand_is_refused_at_once_instead_of_searched():
    with pytest.raises(HandTooLarge) as refused:
        solve_opening(get_rules("rami-51"), FULL_DECK[:44])
    assert refused.value.code == "hand_too_large"
    assert refused.value.params == {"count": 44, "most": 14}


def test_a_third_nine_of_clubs_from_two_decks_is_refused():
    with pytest.raises(HandTooLarge) as refused:
        check_contract(get_rules("rami-contrat"), 1, parse_melds("9C 9C 9C | 5S 5H 5D"))
    assert refused.value.code == "too_many_copies"
    with pytest.raises(HandTooLarge):
        solve_contract(get_rules("rami-contrat"), 1, parse_cards("9C 9C 9C 9C 9C 9C 5S 5H 5D"))


def test_more_jokers_than_the_system_has_are_refused():
    with pytest.raises(HandTooLarge) as refused:
        solve_contract(get_rules("rami-contrat"), 4, parse_cards("JK JK JK JK JK JK 2H 3S 4D"))
    assert refused.value.code == "too_many_jokers"


def test_a_penalty_hand_without_suits_counts_each_rank_across_the_four_suits():
    rami_contrat = get_rules("rami-contrat")  # two decks: eight kings
    check_hand(rami_contrat, parse_hand("K K K K K K K K"))
    with pytest.raises(HandTooLarge):
        check_hand(rami_contrat, parse_hand("K K K K K K K K K"))


def test_the_largest_real_hand_is_still_searched():
    hand = parse_cards("2H 3H 4H 5H 7H 8H 9H 10H QS KS AS 2C 3C 4C 5C 6D 7D 8D JK")
    assert len(hand) == 19
    assert solve_contract(get_rules("liverpool"), 7, hand).found


def test_a_search_past_its_budget_says_so_instead_of_answering(monkeypatch):
    rules = get_rules("liverpool")
    hand = parse_cards(HARD_LIVERPOOL)
    # The walk and the shapes each with a budget too small for this hand.
    monkeypatch.setattr(solver, "WALK_NODES", 100)
    monkeypatch.setattr(solver, "SHAPE_NODES", 100)
    monkeypatch.setattr(solver, "LATE_WALK_NODES", 100)
    monkeypatch.setattr(solver, "FINDER_SECONDS", 0)  # and no time for the last resort
    monkeypatch.setattr(solver, "PROGRAM_LEAST_SECONDS", 0)
    with pytest.raises(SearchTooLarge) as stopped:
        solve_contract(rules, 7, hand)
    assert stopped.value.code == "search_too_large"
    assert stopped.value.params == {"nodes": CONTRACT_NODES}
    # With room enough the same hand is decided, so the refusal was never a wrong "no".
    monkeypatch.setattr(solver, "WALK_NODES", 10**6)
    monkeypatch.setattr(solver, "SEARCH_SECONDS", None)  # and no clock
    assert solve_contract(rules, 7, hand, budget=Budget(10**6)).found is False


def test_the_opening_finder_has_a_budget_too():
    hand = parse_cards("JK JK JK JK 2H 6H 5H KC 7H 8H 3H 4H 4H 2D")
    with pytest.raises(SearchTooLarge):
        solve_opening(get_rules("rami-51"), hand, budget=Budget(100))
    solution, points = solve_opening(get_rules("rami-51"), hand)  # the real budget decides it
    assert not solution.found and points == 49  # jokers count 0 towards the 51


def test_romi_rami_refuses_more_value_cards_than_a_turn_can_hold():
    cards = parse_value_cards(
        " ".join(f"{v}{c}" for v in range(1, 6) for c in "HDCY") + " 1H 2H 3H 4H"
    )
    with pytest.raises(HandTooLarge) as refused:
        check_romi_contract(parse_requirements("run5+run5+run5"), cards, joker=True)
    assert refused.value.params == {"count": 24, "most": 13}


def test_romi_rami_decides_three_runs_of_five_from_a_full_hand_within_its_budget():
    cards = parse_value_cards("1H 2H 3H 4H 5H 1D 2D 3D 4D 5D 1C 2C 3C")
    result = check_romi_contract(parse_requirements("run5+run5+run5"), cards, joker=True)
    assert not result.valid  # 13 cards and the joker cannot fill 15 places
    four = check_romi_contract(parse_requirements("run4+run4+run4"), cards, joker=True, bonus="D")
    assert four.valid and four.bonus_kept == 5  # every diamond, the joker filling a gap


def test_romi_rami_search_past_its_budget_says_so():
    cards = parse_value_cards("3Y 3D 3H 3D 3H 3H 3Y 3H 3D 3C 3C 3Y 4H")
    with pytest.raises(SearchTooLarge):
        check_romi_contract(
            parse_requirements("pair+pair+pair"), cards, joker=True, budget=Budget(5)
        )
    assert check_romi_contract(parse_requirements("pair+pair+pair"), cards, joker=True).valid
