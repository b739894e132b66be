"""What the sets' pool of the walk (walk_sets.py) can still become, bounded before the last
suit: the naturals no run took at more ranks than there are sets stay in hand, and the sets
hold no more naturals of a rank than the pool has and every suit still to walk brings."""

from __future__ import annotations

import random

from rules_engine import Card, SearchTooLarge, get_rules, parse_cards
from rules_engine.card_search import search_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.limits import LATE_WALK_NODES, Budget
from rules_engine.playable import read_document
from rules_engine.run_walk import walk_runs
from rules_engine.solver import solve_contract
from rules_engine.systems import Contract, Requirement
from rules_engine.variant_writer import document
from rules_engine.walk_bounds import Bounds
from rules_engine.walk_sets import SetPlan


def _variant(round_, melds, lay_down, deal, players=(2, 3)):
    """A one-round variant as a table might write it, read as the app reads a file."""
    doc = document(get_rules("liverpool"))
    doc = {**doc, "slug": "house", "name": {"en": "House"}, "rounds": [round_]}
    doc.update(melds={"set_min": 3, **melds}, lay_down=lay_down, deal=deal)
    return read_document({**doc, "players": list(players)})


def _one_set(room: int) -> SetPlan:
    rules = get_rules("liverpool")
    return SetPlan(rules.meld_rules, [Requirement("set", 3)], False, False, room)


def test_naturals_pooled_at_more_ranks_than_there_are_sets_stay_in_hand():
    plan = _one_set(room=1)
    pool = plan.added(plan.start(), 5, 1, False)
    pool = plan.added(pool, 7, 1, False)
    assert pool is not None  # one set: the 5 or the 7 stays in hand, and one card may
    assert plan.added(pool, 9, 1, False) is None  # two of them would stay


def test_the_pool_still_grows_where_one_rank_may_hold_the_set():
    plan = _one_set(room=1)
    pool = plan.added(plan.start(), 5, 1, False)
    pool = plan.added(pool, 7, 1, False)
    assert plan.added(pool, 5, 1, False) is not None  # the 5s may still make the set


def test_the_naturals_still_to_come_count_every_suit_still_to_walk():
    bounds = Bounds(2, (1,), [3], 1, [0], [3])
    others = (0,) * 4 + (2,) + (0,) * 8  # two 5s in the suits still to walk
    coming = bounds.coming(3, (1, 1), others)  # one 4 and one 5 ahead in this suit
    assert coming[3] == 1 and coming[4] == 3 and sum(coming) == 4


# Six jokers against four exact sets of 4 (one rank each) and three exact runs of 4 round the
# corner: the walk met 396,000 states to say none. The pool's naturals at ranks no set can
# take stay in hand, and a hand of 30 cards for 28 keeps two at most: 1,500 states now.
def _sets_of_four(**melds):
    round_ = {"cards": 20, "contract": [{"set": 4, "count": 4}, {"run": 4, "count": 3}]}
    melds = {"run_min": 4, "aces": "round_the_corner", **melds}
    lay_down = {"exact": True, "same_rank_sets_count_once": True}
    deal = {"extra_cards": 9, "jokers_per_deck": 2, "decks": [{"players": [2, 8], "decks": 3}]}
    return _variant(round_, melds, lay_down, deal)


SETS_OF_FOUR_HAND = (
    "JK JK JK JK JK JK JH 5C 3S 8H 9D 10S QS 6D 5D 6S 10D QC 5H 3D 9C KS KC 4C JD 8S 6C 8D QC 6H"
)


def test_six_jokers_against_four_sets_of_four_are_decided_in_the_walks_budget():
    rules = _sets_of_four()
    way = contract_for(rules, 1).ways()[0]
    hand = parse_cards(SETS_OF_FOUR_HAND)
    assert walk_runs(round_rules(rules, 1), way, hand, Budget(LATE_WALK_NODES)) is None


# The same with every black deuce wild and two jokers: the one walk of every way to play the
# deuces needs 8,700 states (it has the time the shapes took after it: solver.py).
def test_every_black_deuce_against_four_sets_of_four_is_decided():
    hand = SETS_OF_FOUR_HAND.replace("JK JK JK JK", "2S 2S 2C 2C", 1)
    assert not solve_contract(_sets_of_four(wild_deuces="black"), 1, parse_cards(hand)).found


# Every deuce wild and a joker against a set and three runs of 8 in alternating colours
# round the corner: 22,000 states of the walk before.
def test_every_wild_deuce_against_runs_of_alternating_colours_is_decided():
    round_ = {"cards": 20, "contract": [{"set": 3}, {"run": 8, "count": 3}]}
    melds = {
        "run_min": 3,
        "aces": "round_the_corner",
        "jokers_at_most_naturals": True,
        "wild_deuces": "all",
        "runs": "alternating_colours",
    }
    lay_down = {"same_rank_sets_count_once": True}
    deal = {"extra_cards": 8, "jokers_per_deck": 1, "decks": [{"players": [2, 8], "decks": 1}]}
    rules = _variant(round_, melds, lay_down, deal, players=(2, 2))
    hand = (
        "2S 2H 2D 2C JK 8C 7D 4C KD 6H 7H 8H 3D 7C 9D 3S 10H 4H 7S 5C 6C 9C QH 6S KC 10D 10S QD 8D"
    )
    assert not solve_contract(rules, 1, parse_cards(hand)).found


def test_the_walk_answers_as_the_card_search_on_hands_with_sets_and_little_room():
    """Hands of a few ranks in every suit, one to three cards past what the melds need:
    the bounds on the pool refuse no hand the card search lays."""
    rules = _sets_of_four()
    played = round_rules(rules, 1)
    rng = random.Random("pool-bounds")
    compared = found = 0
    set_of_four, run_of_four = Requirement("set", 4, True), Requirement("run", 4, True)
    for sets, runs in ((2, 1), (3, 0), (1, 2)):
        short = Contract((set_of_four,) * sets + (run_of_four,) * runs)
        for _ in range(40):
            size = short.cards_needed + rng.randint(1, 3)
            ranks = rng.sample(range(3, 14), rng.randint(3, 6))
            hand = [Card(rng.choice(ranks), rng.choice("SHDC")) for _ in range(size - 1)]
            hand.append(Card(0))
            try:
                expected = search_cards(played, short, hand, Budget(100_000))
            except SearchTooLarge:
                continue
            melds = walk_runs(played, short, hand, Budget(300_000))
            assert (melds is None) == (expected is None), (short, hand)
            compared += 1
            found += melds is not None
    assert compared >= 80 and 5 <= found < compared
