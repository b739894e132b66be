"""A walk along the ranks stops where its budget ends and goes on, given more, where it
stopped; the ways of a contract walk in turns, so a way that needs more than an equal share
is decided where the other ways take little."""

from dataclasses import replace

from rules_engine import SearchTooLarge, get_rules, parse_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.limits import Budget
from rules_engine.playable import read_document
from rules_engine.run_walk import Walking, walk_runs
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document


def one_round(round_, aces, decks=2, jokers=2, **melds):
    """A house game of one round, read as the app reads a variant file."""
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "turns", "name": {"en": "Turns"}, "players": [2, 4], "rounds": [round_]}
    doc["melds"] = {"set_min": 3, "run_min": 3, "aces": aces, "jokers_side_by_side": True}
    doc["melds"] |= melds
    doc["lay_down"] = {"exact": False, "no_contiguous_runs": False}
    doc["deal"] = {
        "extra_cards": 10,
        "jokers_per_deck": jokers,
        "decks": [{"players": [2, 8], "decks": decks}],
    }
    return read_document(doc)


def in_turns(walking, size):
    """The walk's answer, given `size` states a turn, the states spent in all and the
    turns. (A turn shorter than one state's way on would make no headway.)"""
    spent = 0
    for turns in range(1, 1_000):
        turn = Budget(size)
        try:
            return walking.go(turn), spent + turn.used, turns
        except SearchTooLarge:
            spent += turn.size - turn.left
    raise AssertionError("the walk made no headway")


# Seen undecided on the bench (seed 39): two runs of 3, three sets of 3 and three runs of 4
# round the corner, from two decks of clubs and 4 jokers, at most one joker a meld and never
# more jokers than naturals: just the cards the melds need, so every card is laid, each meld
# its size, as the finder reads it. The walk found a lay-down after 13,507 states; since a
# rank too short for any set makes none (test_walk_joint_bounds.py), after 1,395.
CLUBS = parse_cards(
    "JK JK JK JK KC 4C 6C AC 2C 5C QC 7C 8C 9C 8C KC 4C 5C AC 3C 9C 10C 6C 7C 3C QC JC"
)
EIGHT_MELDS = {
    "cards": 20,
    "contract": [{"run": 3, "count": 2}, {"set": 3, "count": 3}, {"run": 4, "count": 3}],
}


def every_card(way):
    exact = tuple(replace(r, exact=True) for r in way.requirements)
    return replace(way, requirements=exact, lay_all_cards=True)


def test_a_walk_stopped_where_its_budget_ends_goes_on_where_it_stopped():
    limits = [{"from_size": 1, "most": 1}]
    game = one_round(
        EIGHT_MELDS, "round_the_corner", joker_limits=limits, jokers_at_most_naturals=True
    )
    rules = round_rules(game, 1)
    way = every_card(contract_for(rules, 1))
    whole = Budget(40_000)
    laid = walk_runs(rules, way, CLUBS, whole)
    assert laid is not None
    found, spent, turns = in_turns(Walking(rules, way, CLUBS), 200)
    assert found == laid  # the same lay-down, as if walked at once
    assert turns > 5
    # No state is followed twice: a turn cut short makes again only the way on it was
    # making when it stopped (a few dozen states).
    assert whole.used <= spent <= whole.used + 40 * turns


def test_a_walk_in_turns_proves_none_as_a_whole_walk_does():
    # Three runs of 7 of one suit share a rank, where a joker goes; two sets of 3 beside
    # them need two pairs no run takes: 4 jokers never stretch that far.
    round_ = {"cards": 20, "contract": [{"run": 7, "count": 3}, {"set": 3, "count": 2}]}
    rules = round_rules(one_round(round_, "low"), 1)
    way = contract_for(rules, 1)
    hand = parse_cards(
        "AC AC 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9C 9C 10C 10C JC JC QC QC KC KC"
        " JK JK JK JK"
    )
    whole = Budget(20_000)
    assert walk_runs(rules, way, hand, whole) is None
    assert whole.used > 500
    found, spent, turns = in_turns(Walking(rules, way, hand), 50)
    assert found is None
    assert turns > 10
    assert whole.used <= spent <= whole.used + 20 * turns


def test_a_way_needing_more_than_an_equal_share_is_decided_beside_ways_that_take_none():
    # Seen undecided on the bench (seed 39): every card laid, in one of three ways; twelve
    # natural spades and three wild 2♠ of four decks, any suits in a run. The first and
    # last ways are refused at once; the second needs 2,306 states of the walk, which took
    # turns of 1,500 each: all three were undecided.
    round_ = {
        "cards": 20,
        "lay_all_cards": True,
        "contract": [{"set": 5, "count": 2}, {"run": 9}, {"set": 4}],
        "alternatives": [[{"run": 3}, {"set": 3}, {"run": 4}], [{"set": 6, "count": 5}]],
    }
    rules = one_round(
        round_,
        "high",
        decks=4,
        jokers=0,
        runs="any_suit",
        wild_deuces="all",
        joker_limits=[{"from_size": 1, "most": 3}],
    )
    hand = parse_cards("9S 6S 8S QS 3S 3S 2S 5S KS 7S KS QS 7S KS KS JS 9S 2S 10S 4S 2S")
    assert solve_contract(rules, 1, hand).found is False
