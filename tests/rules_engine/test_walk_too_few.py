"""Before it walks, the walk along the ranks counts what the hand's naturals can hold at
most: a run holds its naturals at as many ranks of one suit (where jokers never sit side by
side, a natural at every other card at least), and where two sets of one rank fill one
requirement only, the sets need as many ranks. A hand short of that lays nothing, and the
walk says so at once."""

from rules_engine import get_rules, parse_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.limits import Budget
from rules_engine.playable import read_document
from rules_engine.run_walk import walk_runs
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document


def every_card_round(contract, aces, lay_down, **melds):
    """A house game of one round laying every card, four decks and wild deuces."""
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "too-few", "name": {"en": "Too few"}, "players": [2, 4]}
    doc["rounds"] = [{"cards": 16, "contract": contract, "lay_all_cards": True}]
    doc["melds"] = {"set_min": 3, "run_min": 3, "aces": aces, "wild_deuces": "all"} | melds
    doc["lay_down"] = lay_down
    doc["deal"] = {
        "extra_cards": 0,
        "jokers_per_deck": 2,
        "decks": [{"players": [2, 8], "decks": 4}],
    }
    return read_document(doc)


def three_runs_round_the_corner():
    """Three runs of 4 round the corner and a set of 4, jokers never side by side."""
    return every_card_round(
        [{"set": 4}, {"run": 4, "count": 3}], "round_the_corner", {}, jokers_side_by_side=False
    )


def refused_at_once(rules, hand):
    played, way = round_rules(rules, 1), contract_for(rules, 1)
    assert walk_runs(played, way, hand, Budget(1)) is None  # not one state walked
    assert solve_contract(rules, 1, hand).found is False


def test_two_sets_of_one_rank_counting_once_need_two_ranks():
    # Seen undecided on the bench (seed 40): every deuce of four decks and a joker, every
    # card laid in two sets of 4 and two runs of 4. The sets may not both be deuces, and
    # a set holds a natural card: the deuce walk met 12,518 states before saying none.
    rules = every_card_round(
        [{"set": 4, "count": 2}, {"run": 4, "count": 2}],
        "low",
        {"same_rank_sets_count_once": True},
    )
    hand = parse_cards("2S 2S 2S 2S 2H 2H 2H 2H 2D 2D 2D 2D 2C 2C 2C 2C JK")
    refused_at_once(rules, hand)


def test_jokers_never_side_by_side_leave_one_suit_of_two_ranks_two_runs_at_most():
    # Seen undecided on the bench (seed 39): three runs of 4 round the corner and a set,
    # every card laid. A run of 4 holds two naturals at two ranks of its suit: hearts,
    # diamonds and clubs hold only deuces, spades 2S 2S 2S 4S (four naturals, two runs at
    # most). The deuce walk met 10,060 states before saying none.
    rules = three_runs_round_the_corner()
    hand = parse_cards("2S 2S 2S 2H 2H 2H 2D 2D 2D 2C 2C 2C JK JK JK 4S")
    refused_at_once(rules, hand)


def test_a_suit_of_enough_ranks_is_walked():
    # The same contract where spades hold every rank: the walk is made, and lays it.
    rules = three_runs_round_the_corner()
    hand = parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 5H 5D 5C 5S 5H")
    played, way = round_rules(rules, 1), contract_for(rules, 1)
    assert walk_runs(played, way, hand, Budget(1_000)) is not None
    assert solve_contract(rules, 1, hand).found
