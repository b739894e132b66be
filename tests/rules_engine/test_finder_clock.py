"""The contract finder keeps to a clock as well as to its nodes (limits.py): a node's cost
differs from hand to hand and from machine to machine, and a hostile hand must not hold a
server for long. Past the searches' time, the hand goes to the program; past the clock,
the answer is an honest "too many possibilities", never a wrong one."""

from __future__ import annotations

import pytest

from rules_engine import SearchTooLarge, get_rules, parse_cards
from rules_engine import run_walk as run_walk_module
from rules_engine import solver as solver_module
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import CLOCK_STRIDE, Budget, time_limit
from rules_engine.run_walk import walk_runs
from rules_engine.solver import solve_contract
from rules_engine.walk_turns import walk_in_turns

from .spy import calls
from .test_limits import HARD_LIVERPOOL
from .test_walk_deuces import _with_deuces
from .test_walk_turns import CLUBS, EIGHT_MELDS, every_card, one_round

# The hand: Liverpool's round 7 (three runs of 4, every card laid), one suit and a
# joker; the searches once gave up on it. None: the two fives need two runs through 5, and
# one joker cannot make both.
ONE_SUIT_AND_A_JOKER = "QH 5H JH 10H JK 5H AH 7H 6H 9H KH 8H 2H"


def test_a_budget_ends_at_the_clock_with_nodes_left():
    with time_limit(0), pytest.raises(SearchTooLarge):
        Budget(10**6).spend()


def test_a_budget_ended_by_the_clock_is_spent_whole():
    # A caller that charges what its share used, or tries again while nodes are left,
    # stops too.
    budget = Budget(500)
    with time_limit(0), pytest.raises(SearchTooLarge):
        budget.spend()
    assert budget.left < 0 and budget.used == 500


def test_without_a_clock_only_the_nodes_count():
    budget = Budget(10 * CLOCK_STRIDE)
    with time_limit(None):
        budget.spend(10 * CLOCK_STRIDE)
        with pytest.raises(SearchTooLarge):
            budget.spend()


def test_time_enough_leaves_every_node_to_spend():
    budget = Budget(10 * CLOCK_STRIDE)
    with time_limit(60):
        for _ in range(10 * CLOCK_STRIDE):
            budget.spend()
    assert budget.left == 0


def test_the_clock_ends_with_its_block():
    with time_limit(0):
        pass
    Budget(3).spend(3)  # no clock here


def test_work_that_must_end_once_begun_keeps_no_clock():
    budget = Budget(100, timed=False)
    with time_limit(0):
        budget.spend(100)
        with pytest.raises(SearchTooLarge):
            budget.spend()


def test_a_lay_down_found_as_the_clock_runs_out_is_still_given(monkeypatch):
    # Defect: the walk's sets were made again from the cards in a budget the clock had
    # ended, and the walk taking turns tried the same turn again and again.
    game = one_round(EIGHT_MELDS, "round_the_corner", joker_limits=[{"from_size": 1, "most": 1}])
    rules = round_rules(game, 1)
    way = every_card(contract_for(rules, 1))
    laid = walk_runs(rules, way, CLUBS, Budget(40_000))
    assert laid is not None
    made_again = run_walk_module.laid_melds

    def as_the_clock_ends(*args):
        with time_limit(0):
            return made_again(*args)

    monkeypatch.setattr(run_walk_module, "laid_melds", as_the_clock_ends)
    assert walk_runs(rules, way, CLUBS, Budget(40_000)) == laid


def test_a_turn_cut_short_at_once_still_ends_the_turns():
    class OutOfTime:
        def go(self, budget):
            raise SearchTooLarge(nodes=budget.size)  # before spending a node

    laid, found, undecided = walk_in_turns([OutOfTime, OutOfTime], [(Budget(50),), (Budget(50),)])
    assert (laid, found, undecided) == (None, None, True)


def test_searches_out_of_time_leave_the_hand_to_the_program(monkeypatch):
    monkeypatch.setattr(solver_module, "SEARCH_SECONDS", 0)
    monkeypatch.setattr(solver_module, "FINDER_SECONDS", 10)  # the program's time: enough
    rules = get_rules("liverpool")
    assert solve_contract(rules, 7, parse_cards(HARD_LIVERPOOL)).found is False
    assert solve_contract(rules, 7, parse_cards(ONE_SUIT_AND_A_JOKER)).found is False
    # A hand the program lays, asked of it alone: a lay-down the check passes.
    solution = solve_contract(rules, 7, parse_cards("AH 2H 3H 4H 6C 7C 8C 9C JK 10D JD QD KD"))
    assert solution.found
    assert check_contract(rules, 7, [list(m) for m in solution.melds]).valid


def test_out_of_time_everywhere_the_answer_is_honest(monkeypatch):
    monkeypatch.setattr(solver_module, "SEARCH_SECONDS", 0)
    monkeypatch.setattr(solver_module, "FINDER_SECONDS", 0)
    monkeypatch.setattr(solver_module, "PROGRAM_LEAST_SECONDS", 0)
    with pytest.raises(SearchTooLarge):
        solve_contract(get_rules("liverpool"), 7, parse_cards(HARD_LIVERPOOL))


def test_a_hand_decided_in_time_is_told_why_in_a_clock_of_its_own(monkeypatch):
    rules = get_rules("liverpool")
    hand = parse_cards("3H 4H 5H 9C 9D 9S KD")  # round 2: a set and a run; no run of 4
    told = solve_contract(rules, 2, hand)
    assert not told.found and told.reasons[0].code != "cannot_combine"
    monkeypatch.setattr(solver_module, "WHY_SECONDS", 0)
    hurried = solve_contract(rules, 2, hand)
    assert not hurried.found and [r.code for r in hurried.reasons] == ["cannot_combine"]


def test_the_ways_to_play_wild_deuces_stop_at_the_clock(monkeypatch):
    # Defect: past the clock, each of the 81 ways to play eight wild deuces was still read
    # again before its first search gave up (25 ms with sixteen deuces).
    rules = _with_deuces(get_rules("liverpool"), "SHDC")
    hand = parse_cards("2S 2S 2H 2H 2D 2D 2C 2C JK JK 7D 9C KS 5H 3D QC 8S 10H JC")
    plays = calls(monkeypatch, solver_module, "_lay")
    monkeypatch.setattr(solver_module, "SEARCH_SECONDS", 0)
    monkeypatch.setattr(solver_module, "FINDER_SECONDS", 10)
    solution = solve_contract(rules, 6, hand, players=8)
    assert not plays  # none searched: the program laid it
    assert solution.found and check_contract(rules, 6, [list(m) for m in solution.melds]).valid
