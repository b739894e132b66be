"""Defects of the walk along the ranks that checking it against the card search found: where
it said no lay-down exists though one does, or failed."""

from __future__ import annotations

from rules_engine import get_rules, parse_cards
from rules_engine.card_search import search_cards
from rules_engine.catalogue import round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import Budget
from rules_engine.playable import read_document
from rules_engine.run_walk import walk_runs
from rules_engine.solver import solve_contract
from rules_engine.systems import Contract, Requirement
from rules_engine.variant_writer import document


def _variant(
    contract, melds, lay_down=None, decks=2, jokers_per_deck=2, players=(2, 3), **round_options
):
    """A one-round variant as a table might write it, read as the app reads a file."""
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "house", "name": {"en": "House"}, "players": list(players)}
    doc["rounds"] = [{"cards": 20, "contract": contract, **round_options}]
    doc["melds"] = {"set_min": 3, "run_min": 3, **melds}
    doc["lay_down"] = lay_down or {}
    doc["deal"] = {
        "extra_cards": 10,
        "jokers_per_deck": jokers_per_deck,
        "decks": [{"players": [2, 8], "decks": decks}],
    }
    return read_document(doc)


RUN_OF_4 = Requirement("run", 4)


def test_a_run_from_the_ace_low_may_end_in_jokers_side_by_side():
    # Defect: the walk asked a natural at every other card still to come even where jokers
    # may sit side by side, so a run that can only start at the ace (A-2-3-4, the ace low
    # only) and end in three jokers was said not to exist.
    rules = round_rules(_variant([{"run": 4}], {"aces": "low", "jokers_side_by_side": True}), 1)
    hand = parse_cards("AC JK JK JK")
    assert walk_runs(rules, Contract((RUN_OF_4,)), hand, Budget(1_000)) is not None


def test_every_wild_deuce_and_five_jokers_lay_two_sets_of_twos_and_two_runs_from_the_two():
    # Defect, found on the bench (seed 43, a hand of every wild deuce and joker of four
    # decks, every card laid): with the ace low only, a run of 4 from a 2 laid as itself
    # takes jokers side by side at the 3, 4 and 5, and the finder said none lays it.
    rules = _variant(
        [{"set": 6, "count": 2}, {"run": 4, "count": 2}],
        {"aces": "low", "runs": "any_suit", "wild_deuces": "all", "jokers_side_by_side": True},
        {"no_contiguous_runs": True},
        decks=4,
        lay_all_cards=True,
    )
    hand = parse_cards("2S 2S 2S 2S 2H 2H 2H 2H 2D 2D 2D 2D 2C 2C 2C 2C JK JK JK JK JK")
    found = solve_contract(rules, 1, hand)
    assert found.found and check_contract(rules, 1, [list(m) for m in found.melds]).valid


def test_where_jokers_may_not_sit_side_by_side_the_same_run_is_not_there():
    rules = round_rules(_variant([{"run": 4}], {"aces": "low", "jokers_side_by_side": False}), 1)
    hand = parse_cards("AC JK JK JK")
    assert search_cards(rules, Contract((RUN_OF_4,)), hand, Budget(10_000)) is None
    assert walk_runs(rules, Contract((RUN_OF_4,)), hand, Budget(1_000)) is None


def test_a_run_across_the_corner_may_end_its_first_piece_in_jokers():
    # Defect, found against the card search: round the corner, the walk starts at the
    # quietest rank, so A-2-3-4-5-6 here is walked in two pieces, the second ending in
    # jokers at its last ranks; it was said not to exist, and the whole hand with it.
    rules = _variant(
        [{"set": 3, "count": 2}, {"run": 6, "count": 2}],
        {"aces": "round_the_corner", "jokers_side_by_side": True},
        decks=3,
    )
    hand = parse_cards("JK 5C 7C JK AC AC JK 6C 7C 5C JK JC 7C 6C JK 2C JC JC")
    way = Contract((Requirement("set", 3),) * 2 + (Requirement("run", 6),) * 2, True)
    played = round_rules(rules, 1)
    assert search_cards(played, way, hand, Budget(150_000)) is not None
    assert walk_runs(played, way, hand, Budget(100_000)) is not None


def test_a_hand_of_jokers_alone_is_decided_by_the_walk():
    # Defect: with no natural card the walk has no step, and it failed going back.
    rules = round_rules(_variant([{"set": 3}], {"aces": "high"}), 1)
    way = Contract((Requirement("set", 3),), lay_all_cards=True)
    assert walk_runs(rules, way, parse_cards("JK JK JK"), Budget(1_000)) is None
