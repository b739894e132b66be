"""The walk taken depth first (walk_dive.py): lay-downs the walk rank after rank ran out of
its budget on are found in a few hundred states, and the answers stay the walk's."""

from __future__ import annotations

import gc
from dataclasses import replace

from rules_engine import get_rules, parse_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import Budget
from rules_engine.playable import read_document
from rules_engine.run_walk import walk_runs
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document


def _variant(round_, melds, lay_down, deal):
    """A one-round variant as a table might write it, read as the app reads a file."""
    doc = document(get_rules("liverpool"))
    doc = {**doc, "slug": "house", "name": {"en": "House"}, "rounds": [round_]}
    doc.update(melds={"set_min": 3, "run_min": 4, **melds}, lay_down=lay_down, deal=deal)
    return read_document({**doc, "players": [2, 4]})


def _corner_variant():
    """Exact runs round the corner, black deuces wild, six jokers (three decks)."""
    round_ = {
        "cards": 20,
        "contract": [{"run": 6}, {"run": 4, "count": 3}, {"set": 4}],
        "alternatives": [[{"set": 5, "count": 3}, {"run": 4}]],
    }
    melds = {"aces": "round_the_corner", "wild_deuces": "black", "jokers_side_by_side": True}
    lay_down = {"exact": True, "no_contiguous_runs": True, "same_rank_sets_count_once": True}
    deal = {"extra_cards": 4, "jokers_per_deck": 2, "decks": [{"players": [2, 8], "decks": 3}]}
    return _variant(round_, melds, lay_down, deal)


def _laid(rules, hand: str):
    """The finder's lay-down of the hand in round 1, which the checker must accept."""
    found = solve_contract(rules, 1, parse_cards(hand))
    assert found.found
    assert check_contract(rules, 1, [list(m) for m in found.melds]).valid
    return found.melds


# Six jokers beside a stretch of clubs: the walk rank after rank met 460,000 states before
# the last rank showed a lay-down; the finder answered "too many possibilities".
CORNER_HAND = "JK JK JK JK JK JK JC 10C QC 9C 4C AC 9C 4C 8C 8C QC AC 7C 5C KC 3C"


def test_six_jokers_beside_one_suit_lay_exact_runs_round_the_corner():
    _laid(_corner_variant(), CORNER_HAND)


def test_the_depth_first_walk_finds_it_in_a_few_thousand_states():
    rules = _corner_variant()
    budget = Budget(5_000)
    way = contract_for(rules, 1).ways()[0]
    melds = walk_runs(round_rules(rules, 1), way, parse_cards(CORNER_HAND), budget)
    assert melds is not None
    assert sum(len(m) for m in melds) == 6 + 3 * 4 + 4


def test_a_dealt_hand_lays_three_runs_of_any_suits_with_its_wild_deuces():
    # Every deuce wild, runs of any suits, sets of one rank once: the finder ran out on the
    # first way (a set of 5, two runs of 6, three sets of 3) before the second was tried.
    round_ = {
        "cards": 20,
        "contract": [{"set": 5}, {"run": 6, "count": 2}, {"set": 3, "count": 3}],
        "alternatives": [[{"run": 5, "count": 3}]],
    }
    melds = {"aces": "low_or_high", "runs": "any_suit", "wild_deuces": "all"}
    lay_down = {"no_contiguous_runs": True, "same_rank_sets_count_once": True}
    deal = {"extra_cards": 9, "jokers_per_deck": 0, "decks": [{"players": [2, 8], "decks": 4}]}
    rules = _variant(round_, melds, lay_down, deal)
    hand = "JS 2C 9S 8C 7S JS 7S 8D 10C KD 6C 6H 8H 2S 8H 2S QD JH KS AH 8S 7H KS AC 6S 5D 3S 10D"
    melds = _laid(rules, hand)
    assert len(melds) == 3 and all(len(m) >= 5 for m in melds)  # the second way


def test_the_one_walk_for_every_play_of_the_deuces_comes_before_the_searches():
    # Red deuces wild: the searches card by card and by shapes, for each way to play the
    # two red deuces in turn, spent the budgets before the one walk for them all came.
    round_ = {"cards": 19, "contract": [{"run": 8, "count": 3}]}
    round_["alternatives"] = [[{"set": 4, "count": 3}]]
    melds = {"aces": "round_the_corner", "wild_deuces": "red", "jokers_at_most_naturals": True}
    melds["joker_limits"] = [{"from_size": 1, "most": 3}]
    lay_down = {"no_contiguous_runs": True, "same_rank_sets_count_once": True}
    deal = {"extra_cards": 6, "jokers_per_deck": 1, "decks": [{"players": [2, 8], "decks": 3}]}
    rules = _variant(round_, melds, lay_down, deal)
    _laid(rules, "JK JK JK KH 4H 10H JH JH 9H QH 7H 6H 5H 5H KH 10H 6H KH 9H AH 4H 8H 5H 9H QH 2H")


def test_the_walk_leaves_nothing_for_the_cycle_collector():
    # A walk that met thousands of states and left them in a reference cycle made every
    # few answers wait 80-120 ms for the collector.
    rules, hand = _corner_variant(), parse_cards(CORNER_HAND)
    solve_contract(rules, 1, hand)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage
    try:
        solve_contract(rules, 1, hand)
        gc.collect()
        left = [o for o in gc.garbage if _engine_object(o)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []


def _engine_object(thing) -> bool:
    """A function or object of the engine (other threads' garbage is not the walk's)."""
    module = getattr(thing, "__module__", None) or type(thing).__module__
    return isinstance(module, str) and module.startswith("rules_engine")


def test_the_dive_closes_runs_as_soon_as_they_may_end():
    # Seen undecided on the bench (seed 40): two runs of 5, three of 3, two sets of 3 and
    # one of 4 from two decks of spades and 4 jokers, ace high only, every card laid. The
    # sets take every joker; with the most runs under way first, the dive met 8,429 states
    # before a lay-down, with the fewest left open first, 501.
    contract = [
        {"run": 5, "count": 2},
        {"set": 3, "count": 2},
        {"run": 3, "count": 3},
        {"set": 4, "count": 1},
    ]
    deal = {"extra_cards": 8, "jokers_per_deck": 2, "decks": [{"players": [2, 8], "decks": 2}]}
    round_ = {"cards": 20, "contract": contract}
    lay_down = {"exact": False, "no_contiguous_runs": False}
    rules = round_rules(_variant(round_, {"run_min": 3, "aces": "high"}, lay_down, deal), 1)
    hand = parse_cards(
        "JK JK JK JK 10S 3S 9S 2S 9S KS 4S AS 2S 6S QS JS 7S 5S JS 7S 4S KS 10S 8S 3S 8S 6S QS 5S"
    )
    budget = Budget(20_000)
    # Just the cards the melds need: every card laid, each meld its size, as the finder
    # reads such a hand.
    way = contract_for(rules, 1)
    exact = tuple(replace(r, exact=True) for r in way.requirements)
    laid = walk_runs(rules, replace(way, requirements=exact, lay_all_cards=True), hand, budget)
    assert laid is not None
    assert check_contract(rules, 1, [list(m) for m in laid]).valid
    assert budget.used < 1_000
