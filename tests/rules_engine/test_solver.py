"""The lay-down finder is exact: it agrees with a brute-force oracle and its answers check."""

from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, reject, settings
from hypothesis import strategies as st

from rules_engine import Card, HandTooLarge, SearchTooLarge, get_rules, parse_cards
from rules_engine.contracts import check_contract
from rules_engine.limits import check_hand
from rules_engine.opening import check_opening
from rules_engine.solver import solve_contract
from rules_engine.solver_opening import solve_opening

# Small rank and suit ranges so that lay-downs are common and the oracle stays cheap.
small_cards = st.one_of(
    st.builds(Card, st.integers(1, 7), st.sampled_from(("S", "H"))),
    st.builds(Card, st.integers(1, 13), st.sampled_from(("S", "H", "D", "C"))),
    st.just(Card(0)),
)


def fits(rules, hand) -> bool:
    """Whether a table of this system could deal the hand (no third 5♠ from two decks)."""
    try:
        check_hand(rules, hand)
    except HandTooLarge:
        return False
    return True


def oracle_contract(rules, round_number, hand):
    """Try every way to split the hand into the contract's melds plus cards kept."""
    k = len(rules.contracts[round_number - 1].requirements)
    for labels in product(range(k + 1), repeat=len(hand)):
        groups = [[c for c, lab in zip(hand, labels, strict=True) if lab == g] for g in range(k)]
        if any(len(g) < 3 for g in groups):
            continue
        if check_contract(rules, round_number, groups).valid:
            return True
    return False


def oracle_opening(rules, hand):
    best = -1
    for labels in product(range(4), repeat=len(hand)):
        groups = [[c for c, lab in zip(hand, labels, strict=True) if lab == g] for g in range(3)]
        groups = [g for g in groups if g]
        if not groups or any(len(g) < 3 for g in groups):
            continue
        result = check_opening(rules, groups, hand_size=len(hand))
        if not [e for e in result.errors if e.code != "below_minimum"]:
            best = max(best, result.points)
    return best


CASES = [
    ("rami-contrat", 1),
    ("rami-contrat", 2),
    ("rami-contrat", 3),
    ("liverpool", 1),
    ("liverpool", 3),
    ("rami-contrat-13", 2),
    ("rami-contrat-13", 3),
    # presets whose rules the finder must keep: joker limits, a lay-down's jokers, jokers apart
    ("shanghai", 1),
    ("carioca", 2),
    ("carioca", 3),
    ("continental", 3),
]


@pytest.mark.parametrize(("slug", "round_number"), CASES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(small_cards, min_size=6, max_size=8))
def test_the_finder_agrees_with_the_brute_force_oracle(slug, round_number, hand):
    rules = get_rules(slug)
    assume(fits(rules, hand))
    solution = solve_contract(rules, round_number, hand)
    assert solution.found == oracle_contract(rules, round_number, hand)
    if solution.found:
        assert check_contract(rules, round_number, [list(m) for m in solution.melds]).valid


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(small_cards, min_size=4, max_size=7))
def test_the_best_opening_agrees_with_the_brute_force_oracle(hand):
    rules = get_rules("rami-51")
    assume(fits(rules, hand))
    solution, points = solve_opening(rules, hand)
    best = oracle_opening(rules, hand)
    if solution.found:
        assert points == best
        result = check_opening(rules, [list(m) for m in solution.melds], hand_size=len(hand))
        assert result.valid and result.points == points
    else:
        assert best < 51


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(small_cards, min_size=8, max_size=14),
    round_number=st.integers(1, 7),
    slug=st.sampled_from(["rami-contrat", "liverpool", "rami-contrat-13"]),
)
def test_every_lay_down_found_passes_check_contract(hand, round_number, slug):
    rules = get_rules(slug)
    assume(fits(rules, hand))
    try:
        solution = solve_contract(rules, round_number, hand)
    except SearchTooLarge:
        reject()  # an honest "too many possibilities": no answer to check
    if solution.found:
        assert check_contract(rules, round_number, [list(m) for m in solution.melds]).valid
    else:
        assert solution.reasons


def solve(slug, round_number, text):
    return solve_contract(get_rules(slug), round_number, parse_cards(text))


def test_contract_7_lays_all_13_cards_with_no_contiguous_runs():
    hand = "2S 3S 4S 5S 7S 8S 9S 10S 4H 5H 6H 7H 8H"
    assert solve("rami-contrat", 7, hand).found
    assert [e.code for e in solve("rami-contrat", 7, hand.replace("8H", "")).reasons] == [
        "must_lay_all"
    ]


def test_only_contiguous_runs_are_named_as_the_reason():
    solution = solve("rami-contrat", 3, "2S 3S 4S 5S 6S 7S 8S 9S KD")
    assert not solution.found
    assert [r.code for r in solution.reasons] == ["only_contiguous_runs"]


def test_liverpool_may_need_a_longer_run_to_avoid_contiguity():
    solution = solve("liverpool", 7, "2H 3H 4H 5H 5H 6H 7H 8H 9H 9H 10H JH QH")
    assert solution.found
    assert sorted(len(m) for m in solution.melds) == [4, 4, 5]


def test_a_hand_with_one_set_says_only_one_set_is_possible():
    solution = solve("liverpool", 1, "7H 7S 7D 2C 5H 9S KD QH 4C 3D")
    assert [(r.code, r.params["possible"]) for r in solution.reasons] == [("only_n_possible", 1)]


def test_circular_runs_are_found_in_rami_contrat_13():
    solution = solve("rami-contrat-13", 3, "KH AH 2H 3H QS KS AS 2S")
    assert solution.found


def test_four_jokers_make_many_lay_downs_possible():
    assert solve("rami-contrat", 6, "JK JK JK JK 2H 2S KD QD 5C 7C 8C 3S").found
    assert not solve("rami-contrat", 6, "JK JK JK JK 2H 9S KD 5C 7H 3S QD 8C").found


def test_best_opening_picks_the_highest_points():
    solution, points = solve_opening(
        get_rules("rami-51"), parse_cards("5S 6S 7S KH KS KD QH QS QC 2D 9C 4H AS JK")
    )
    assert solution.found and points == 78 + 0  # the joker adds nothing by default
