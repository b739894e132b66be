"""A lay-down holds no more jokers than its melds may: each meld's joker limits, at the
longest the meld may be, bound the jokers one lay-down holds (limits.lay_down_jokers_most).
The jokers past them stay in hand, which the walk counts among the cards that may stay there,
and no more wild deuces are played wild than that room. A hand of one suit is walked right
after a glance card by card: the walk settles each rank's sets at that rank."""

import random

import pytest

from rules_engine import Card, parse_cards, solver
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.errors import SearchTooLarge
from rules_engine.limits import CONTRACT_NODES, GLANCE_NODES, Budget, lay_down_jokers_most
from rules_engine.solver import solve_contract

from .brute import two_melds_meet
from .spy import calls
from .test_walk_sets import house_variant


def _jokers_most(contract, melds, lay_down=None):
    rules = house_variant([{"cards": 12, "contract": contract}], melds, lay_down or {}, 2, [2, 4])
    return lay_down_jokers_most(round_rules(rules, 1), contract_for(rules, 1).ways())


def _no_program(monkeypatch):
    """The searches alone: the last resort, asked, would fail the test."""

    def refused(*args, **kwargs):
        raise AssertionError("the searches should have decided")

    monkeypatch.setattr(solver, "programmed", refused)


def test_a_lay_down_of_three_melds_of_one_joker_holds_three():
    melds = {"joker_limits": [{"from_size": 1, "most": 1}]}
    assert _jokers_most([{"run": 4, "count": 2}, {"set": 3}], melds) == 3


def test_the_most_is_read_just_short_of_a_stricter_limit_by_size():
    # Two jokers up to five cards, one from six: a run of 4 or more holds two at most (at 5).
    melds = {"joker_limits": [{"from_size": 1, "most": 2}, {"from_size": 6, "most": 1}]}
    assert _jokers_most([{"run": 4}], melds) == 2


def test_a_meld_of_exact_size_holds_what_that_size_holds():
    melds = {"jokers_at_most_naturals": True}
    assert _jokers_most([{"run": 4, "exact": True}, {"set": 3, "exact": True}], melds) == 3


def test_the_games_own_limit_counts_where_it_is_lower():
    melds = {"joker_limits": [{"from_size": 1, "most": 1}]}
    assert _jokers_most([{"run": 4, "count": 3}], melds, {"jokers_most": 2}) == 2


def test_with_melds_unbounded_the_games_limit_alone_counts():
    # A run is 14 cards at most (the ace at both ends), a natural among them: 13 jokers.
    assert _jokers_most([{"run": 4, "count": 3}], {}) == 39
    assert _jokers_most([{"run": 4}], {}, {"extra_melds": True, "jokers_most": 2}) == 2


def test_jokers_no_meld_can_hold_stay_in_hand_and_the_walk_decides(monkeypatch):
    # Eight jokers beside 21 spades, six runs of a joker each that may not meet: six jokers
    # at most are laid, so one card more than the melds need may stay in hand, not three.
    # The walk, which gave up after 12,000 states (16,753 to decide), now takes 8,182.
    _no_program(monkeypatch)
    round_ = {
        "cards": 20,
        "contract": [{"run": 6}, {"run": 4, "count": 5}],
        "alternatives": [[{"run": 6}, {"set": 4, "count": 4}]],
    }
    melds = {"run_min": 4, "jokers_side_by_side": False}
    melds["joker_limits"] = [{"from_size": 1, "most": 1}]
    rules = house_variant([round_], melds, {"no_contiguous_runs": True}, 2, [2, 4])
    hand = parse_cards(
        "JK JK JK JK JK JK JK JK 5S AS 3S QS 3S 2S KS KS 9S 9S 8S JS 6S 5S 4S 10S 10S KS 10S 6S 7S"
    )
    assert not solve_contract(rules, 1, hand).found


def test_a_way_glanced_at_among_several_is_not_glanced_at_again(monkeypatch):
    # Four ways, each glanced at in 375 nodes first (solver_ways.py): the walk of the one
    # left comes next, without the 300 nodes of a glance that would search the same nodes
    # again (28 clubs and jokers: the walk needs 4,762 states, 48 ms, and the clock is 55).
    again = calls(monkeypatch, solver, "glance_cards")
    walked = calls(monkeypatch, solver, "walk_runs")
    round_ = {"cards": 20, "contract": [{"run": 5, "count": 3}, {"set": 3, "count": 3}]}
    round_["alternatives"] = [
        [{"run": 4, "count": 3}, {"set": 5, "count": 2}],
        [{"set": 4, "count": 4}],
        [{"set": 3}, {"run": 6, "count": 3}, {"run": 5}],
    ]
    melds = {"run_min": 4, "aces": "round_the_corner", "jokers_side_by_side": False}
    melds["wild_deuces"] = "red"
    lay_down = {"no_contiguous_runs": True, "jokers_most": 1}
    rules = house_variant([round_], melds, lay_down, 1, [2, 3])
    hand = parse_cards(
        "JK JK 7C AC 2C AC 7C KC JC 6C 6C 9C QC 10C KC 9C 4C 5C 2C 4C JC 8C 10C 3C 5C 8C 3C QC"
    )
    assert not solve_contract(rules, 1, hand).found
    assert walked and not again


def _round_the_corner_sets(exact):
    round_ = {
        "cards": 20,
        "contract": [{"run": 5}, {"run": 4, "count": 3}, {"set": 3, "count": 3}],
    }
    melds = {"aces": "round_the_corner", "joker_limits": [{"from_size": 1, "most": 1}]}
    return house_variant([round_], melds, {"exact": exact}, 1, [2, 2])


def test_a_hand_of_one_suit_with_sets_is_walked_after_a_glance(monkeypatch):
    # Runs round the corner and sets, three jokers beside 23 diamonds: the card search would
    # spend 180,000 nodes and the shapes 215,000 to say none; the walk says so in 4,222.
    _no_program(monkeypatch)
    hand = parse_cards(
        "JK JK JK 7D JD 5D 10D 6D 2D KD JD 8D 2D 9D QD 3D 4D 4D 7D 2D 9D KD AD AD KD 7D"
    )
    budget = Budget(CONTRACT_NODES)
    assert not solve_contract(_round_the_corner_sets(True), 1, hand, budget=budget).found
    assert budget.used <= GLANCE_NODES


def test_a_lay_down_the_walk_finds_in_one_suit_checks(monkeypatch):
    # Eight melds, three of them sets, round the corner, from four jokers and 23 clubs: the
    # card search finds it in 47,000 nodes, the walk in 4,707 states.
    _no_program(monkeypatch)
    round_ = {
        "cards": 20,
        "contract": [{"run": 3, "count": 2}, {"set": 3, "count": 3}, {"run": 4, "count": 3}],
    }
    melds = {"aces": "round_the_corner", "jokers_at_most_naturals": True}
    melds["joker_limits"] = [{"from_size": 1, "most": 1}]
    lay_down = {"no_contiguous_runs": True, "same_rank_sets_count_once": True}
    rules = house_variant([round_], melds, lay_down, 2, [2, 4])
    hand = parse_cards(
        "JK JK JK JK KC 4C 6C AC 2C 5C QC 7C 8C 9C 8C KC 4C 5C AC 3C 9C 10C 6C 7C 3C QC JC"
    )
    budget = Budget(CONTRACT_NODES)
    solution = solve_contract(rules, 1, hand, budget=budget)
    assert solution.found and budget.used <= GLANCE_NODES
    assert check_contract(rules, 1, [list(m) for m in solution.melds]).valid


def test_wild_deuces_no_meld_may_hold_are_played_only_as_themselves(monkeypatch):
    # No meld holds a joker: of the ways to play the hand's five wild deuces, only the one
    # keeping them all natural is searched (all of them once ran past the clock).
    _no_program(monkeypatch)
    laid = calls(monkeypatch, solver, "_lay")
    round_ = {
        "cards": 20,
        "contract": [{"set": 4, "count": 3}, {"set": 3}, {"run": 5, "count": 3}],
        "alternatives": [[{"set": 3, "count": 2}, {"run": 4, "count": 2}, {"run": 6, "count": 2}]],
    }
    melds = {"run_min": 4, "aces": "low", "runs": "any_suit", "wild_deuces": "all"}
    melds["joker_limits"] = [{"from_size": 1, "most": 0}]
    lay_down = {"no_contiguous_runs": True, "same_rank_sets_count_once": True, "jokers_most": 2}
    rules = house_variant([round_], melds, lay_down, 1, [2, 4])
    hand = parse_cards(
        "9S 8H 2C QC KC 3S 8D 2H 3D 8C 6H 7C 5C 7C JH 9S 2S 4C AS 10S JD 4C 6D 5H KS 10S QC "
        "6C 3C 2C"
    )
    solve_contract(rules, 1, hand)
    assert len(laid) == 1
    _, _, play, _ = laid[0]
    assert not any(card.is_joker for card in play)


@pytest.mark.parametrize("jokers", [2, 3, 4])
def test_two_runs_of_a_joker_each_agree_with_the_oracle(jokers):
    # Hands of one suit with more jokers than two melds may hold: the finder's answer is the
    # brute force's, and what it lays checks.
    melds = {"jokers_side_by_side": False, "joker_limits": [{"from_size": 1, "most": 1}]}
    lay_down = {"no_contiguous_runs": True}
    rules = house_variant(
        [{"cards": 9, "contract": [{"run": 4, "count": 2}]}], melds, lay_down, 2, [2, 4]
    )
    rng = random.Random(f"melds-hold-{jokers}")
    for _ in range(12):
        naturals = [Card(rng.randint(1, 13), "H") for _ in range(10 - jokers)]
        hand = [Card(0)] * jokers + naturals
        try:
            solution = solve_contract(rules, 1, hand)
        except SearchTooLarge:  # pragma: no cover - the test's hands are small
            pytest.fail("a small hand stayed undecided")
        assert solution.found == two_melds_meet(rules, 1, hand, (4, 4))
        if solution.found:
            assert check_contract(rules, 1, [list(m) for m in solution.melds]).valid
