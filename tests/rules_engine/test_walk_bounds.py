"""In the last suit the walk reaches, what the melds still to lay need is known: a run not
yet started lies within the ranks ahead, so it covers their middle ranks wherever it starts,
and a set holds one rank's naturals, which can grow no more than by that suit's cards ahead.
Each takes jokers where the naturals fall short; a state short of them is dropped."""

import random

import pytest

from rules_engine import Card, SearchTooLarge, get_rules, parse_cards
from rules_engine.card_search import search_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import Budget
from rules_engine.playable import read_document
from rules_engine.run_walk import walk_runs
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document


def one_round(contract, aces, decks=2, cards=20, **melds):
    """A house game of one round, read as the app reads a variant file."""
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "bounds", "name": {"en": "Bounds"}, "players": [2, 4]}
    doc["rounds"] = [{"cards": cards, "contract": contract}]
    doc["melds"] = {"set_min": 3, "run_min": 3, "aces": aces, "jokers_side_by_side": True}
    doc["melds"] |= melds
    doc["deal"] = {
        "extra_cards": 10,
        "jokers_per_deck": 2,
        "decks": [{"players": [2, 8], "decks": decks}],
    }
    return read_document(doc)


def decided_none(rules, hand, walked):
    """No lay-down, as the card search finds given all the time it needs; the walk says so
    within `walked` states, and so does the finder."""
    played, way = round_rules(rules, 1), contract_for(rules, 1)
    assert search_cards(played, way, hand, Budget(500_000)) is None
    assert walk_runs(played, way, hand, Budget(walked)) is None
    assert solve_contract(rules, 1, hand).found is False


def test_three_runs_of_seven_in_one_suit_cannot_leave_two_pairs_for_the_sets():
    # Seen undecided on the bench (seed 39): two decks of clubs, ace low only, 4 jokers.
    # Any two runs of 7 in 13 ranks share a rank, all three share one: a joker there. Two
    # sets of 3 need two pairs no run takes (or jokers): the 4 jokers never stretch that
    # far. The walk met 9,177 states to say so.
    rules = one_round([{"run": 7, "count": 3}, {"set": 3, "count": 2}], "low")
    hand = parse_cards(
        "AC AC 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9C 9C 10C 10C JC JC QC QC KC KC"
        " JK JK JK JK"
    )
    decided_none(rules, hand, 3_000)


def test_sets_of_one_suit_take_a_joker_for_each_card_their_fullest_ranks_lack():
    # Seen undecided on the bench (seed 39): a set of 5 and three of 3 beside two runs of
    # 6, from hearts of three decks, ace high only, 3 jokers and a wild 2H. The sets need
    # 14 cards and the four fullest ranks hold 11: 3 of the 4 wild cards are theirs
    # whatever the runs take. The walk met 9,191 states to say so.
    contract = [{"set": 5}, {"set": 3, "count": 3}, {"run": 6, "count": 2}]
    rules = one_round(contract, "high", decks=3, wild_deuces="red")
    hand = parse_cards(
        "2H 3H 3H 4H 4H 5H 6H 6H 7H 7H 8H 9H 9H 9H AH AH AH JH KH KH KH QH QH 10H JK JK JK"
    )
    decided_none(rules, hand, 1_000)


def test_round_the_corner_a_run_waiting_across_it_still_takes_the_ranks_to_the_king():
    # Seen undecided on the bench (seed 39): three runs of 7 round the corner in clubs of
    # four decks, no 7 nor queen, 4 jokers never side by side, runs never following on.
    # The walk met 3,541 states to say no: a run begun at the ace that waits was counted
    # as taking nothing, where it must come back and run to the king.
    rules = one_round(
        [{"run": 7, "count": 3}],
        "round_the_corner",
        decks=4,
        jokers_side_by_side=False,
        run_min=4,
    )
    hand = parse_cards("10C 10C 2C 3C 3C 4C 4C 4C 5C 5C 6C 8C 8C 8C 9C AC JC JC KC KC JK JK JK JK")
    decided_none(rules, hand, 1_000)


CONTRACTS = [
    [{"run": 4, "count": 2}, {"set": 3}],
    [{"run": 5}, {"run": 3, "count": 2}],
    [{"run": 3, "count": 3}, {"set": 3}],
    [{"run": 6}, {"set": 3, "count": 2}],
]


ACES = ["low", "high", "low_or_high", "round_the_corner"]


@pytest.mark.parametrize("aces", ACES)
def test_the_walk_answers_as_the_card_search_on_one_suit_and_jokers(aces):
    """One suit of two decks and jokers, where the bounds cut most: never a lay-down lost."""
    compared, found = _compared(aces)
    assert compared >= 60 and 10 <= found < compared


@pytest.mark.parametrize("aces", ACES)
def test_the_walk_answers_as_the_card_search_where_jokers_never_sit_side_by_side(aces):
    """A joker at every other card at most: a run's naturals are counted so, but for the
    pieces of a run across the corner, whose ends do not follow on."""
    compared, found = _compared(aces, jokers_side_by_side=False)
    assert compared >= 60 and 5 <= found < compared


def _compared(aces, **melds):
    """Hands of one suit and jokers the walk and the card search answer alike: how many
    were compared, and how many laid."""
    rng = random.Random(f"bounds-{aces}" + (f"-{sorted(melds)}" if melds else ""))
    compared = found = 0
    for contract in CONTRACTS:
        rules = one_round(contract, aces, cards=14, **melds)
        played, way = round_rules(rules, 1), contract_for(rules, 1)
        for _ in range(25):
            suit = rng.choice("SHDC")
            stretch = [Card(r, suit) for r in range(1, 14)] * 2
            jokers = rng.randint(0, 4)
            hand = rng.sample(stretch, rng.randint(11, 15 - jokers)) + [Card(0)] * jokers
            try:
                expected = search_cards(played, way, hand, Budget(200_000))
            except SearchTooLarge:
                continue
            melds_laid = walk_runs(played, way, hand, Budget(200_000))
            assert (melds_laid is None) == (expected is None), (contract, hand)
            if melds_laid is not None:
                assert check_contract(rules, 1, [list(m) for m in melds_laid]).valid
                found += 1
            compared += 1
    return compared, found
