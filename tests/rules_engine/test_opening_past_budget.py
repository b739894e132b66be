"""Rami 51's opening finder past its budget: where the best opening would take too long to
find, a second search says whether some lay-down reaches the minimum, then looks for richer
ones while its own budget lasts; it never answers a wrong "no"."""

from rules_engine import get_rules, parse_cards
from rules_engine.limits import Budget
from rules_engine.opening import check_opening
from rules_engine.solver_opening import solve_opening

# Four jokers beside a long stretch of hearts: thousands of lay-downs score alike, and the
# search for the best gave up on it ("too many possibilities") before this second search.
HEARTS = "JK QH 7H JH 10H JK AH 7H 6H 9H KH 8H 6C JK"


def test_a_hand_the_best_search_gives_up_on_still_opens():
    rules = get_rules("rami-51")
    solution, points = solve_opening(rules, parse_cards(HEARTS))
    assert solution.found and points >= 51
    laid = [list(meld) for meld in solution.melds]
    assert check_opening(rules, laid).valid


def test_the_second_search_finds_the_best_here_within_its_budget():
    rules = get_rules("rami-51")
    _, points = solve_opening(rules, parse_cards(HEARTS))
    _, best = solve_opening(rules, parse_cards(HEARTS), budget=Budget(10**7))
    assert points == best == 88


def test_a_hand_that_cannot_reach_the_minimum_says_so_past_the_best_searchs_budget():
    rules = get_rules("rami-51")
    hand = parse_cards("JK JK JK JK 2H 6H 5H KC 7H 8H 3H 4H 4H 2D")  # the best is 49
    solution, points = solve_opening(rules, hand, budget=Budget(30_000))
    assert not solution.found and points == 0
    assert [r.code for r in solution.reasons] == ["no_opening_reaches"]
    exact, best = solve_opening(rules, hand, budget=Budget(10**7))
    assert not exact.found and best == 49
