"""A contract of runs only leaves in hand at most the cards past what its melds need (less
the jokers one lay-down may not hold): the walk counts how many it still may leave and
drops a state that leaves more (walk_sets.SetPlan's room)."""

import random

import pytest

import rules_engine.solver as solver
from rules_engine import Card, SearchTooLarge, get_rules, parse_cards
from rules_engine.card_search import search_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import Budget, hand_limits
from rules_engine.playable import read_document
from rules_engine.run_walk import walk_runs, walkable
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document


def test_three_long_runs_from_a_hand_one_card_past_them_are_decided():
    # Seen undecided on the bench (seed 39): a run of 8 and two of 9 of one suit, 27 cards
    # of which four jokers, no two runs following on; the walk met every state before.
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "room", "name": {"en": "Room"}, "players": [2, 4]}
    doc["rounds"] = [{"cards": 20, "contract": [{"run": 8}, {"run": 9, "count": 2}]}]
    doc["melds"] = {
        "set_min": 3,
        "run_min": 4,
        "aces": "low_or_high",
        "jokers_side_by_side": True,
        "joker_limits": [{"from_size": 1, "most": 2}],
    }
    doc["deal"] = {
        "extra_cards": 9,
        "jokers_per_deck": 2,
        "decks": [{"players": [2, 8], "decks": 2}],
    }
    doc["lay_down"] = {"exact": True, "no_contiguous_runs": True, "same_rank_sets_count_once": True}
    hand = parse_cards(
        "JK JK JK JK AS 5S 2S QS 8S 3S 5S JS 7S 4S 7S 8S QS KS 3S 9S AS 6S 10S 4S 6S 10S KS"
    )
    assert not solve_contract(read_document(doc), 1, hand).found


def _runs_only(jokers_most):
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "room", "name": {"en": "Room"}, "players": [2, 4]}
    doc["rounds"] = [{"cards": 10, "contract": [{"run": 4, "count": 2}]}]
    doc["lay_down"] = {"exact": False, "no_contiguous_runs": False, "jokers_most": jokers_most}
    return read_document(doc)


@pytest.mark.parametrize(
    "hand, lays",
    [
        ("3S 4S 5S 6S 3H 4H 5H JK JK", True),  # one joker stays in hand: nothing else may
        ("3S 4S 5S 6S 7S 3H 4H 5H JK JK", True),  # ...and the 7S may too
        ("3S 4S 5S 6S 3H 4H 9H JK JK", False),  # a joker and two naturals: one too many
        ("3S 4S 5S 6S JK JK JK 9H", False),  # two jokers stay: six cards cannot make eight
    ],
)
def test_a_hand_with_more_jokers_than_a_lay_down_holds_has_that_much_less_room(hand, lays):
    rules = _runs_only(jokers_most=1)
    played, contract = round_rules(rules, 1), contract_for(rules, 1)
    cards = parse_cards(hand)
    expected = search_cards(played, contract, cards, Budget(200_000))
    melds = walk_runs(played, contract, cards, Budget(200_000))
    assert (melds is not None) == (expected is not None) == lays
    if melds is not None:
        assert check_contract(rules, 1, [list(m) for m in melds]).valid


# Runs-only rounds of the games, hands of just the cards their runs need and one or two
# more: the walk's answer is the card search's.
GAMES = ("liverpool", "shanghai", "contract-rummy", "king-rummy", "rami-contrat")


@pytest.mark.parametrize("spare", [0, 1, 2])
def test_the_walk_answers_as_the_card_search_on_hands_with_little_to_spare(spare):
    rng = random.Random(f"room-{spare}")
    compared = found = 0
    for slug in GAMES:
        rules = get_rules(slug)
        for number in range(1, len(rules.contracts) + 1):
            played, contract = round_rules(rules, number), contract_for(rules, number)
            runs_only = all(r.kind == "run" for r in contract.requirements)
            if not runs_only or contract.lay_all_cards or not walkable(played, contract):
                continue
            for hand in _hands(rules, number, rng, 16, spare):
                try:
                    expected = search_cards(played, contract, hand, Budget(200_000))
                except SearchTooLarge:
                    continue
                melds = walk_runs(played, contract, hand, Budget(200_000))
                assert (melds is None) == (expected is None), (slug, number, hand)
                if melds is not None:
                    found += 1
                    assert check_contract(rules, number, [list(m) for m in melds]).valid
                compared += 1
    assert compared >= 60 and 10 <= found < compared


def _hands(rules, number, rng, count, spare):
    """Hands made of the runs the contract asks for, a card or two swapped for a joker or
    another card, and `spare` cards more."""
    limits = hand_limits(rules)
    reqs = contract_for(rules, number).requirements
    for _ in range(count):
        hand = []
        for req in reqs:
            low, suit = rng.randint(1, 14 - req.size), rng.choice("SHDC")
            hand += [Card(rank, suit) for rank in range(low, low + req.size)]
        for i in rng.sample(range(len(hand)), rng.randint(0, 3)):
            hand[i] = (
                Card(0) if rng.random() < 0.5 else Card(rng.randint(1, 13), rng.choice("SHDC"))
            )
        hand += [Card(rng.randint(1, 13), rng.choice("SHDC")) for _ in range(spare)]
        if sum(c.is_joker for c in hand) <= limits.jokers:
            yield hand


def test_runs_round_the_corner_are_walked_before_the_shapes(monkeypatch):
    # The bench's slowest hand (seed 39): six runs round the corner from 29 clubs, two to
    # spare; the shapes spent most of its time before the walk, which decides it alone.
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "corner", "name": {"en": "Corner"}, "players": [2, 4]}
    doc["rounds"] = [{"cards": 20, "contract": [{"run": 4, "count": 3}, {"run": 5, "count": 3}]}]
    doc["melds"] = {"set_min": 3, "run_min": 3, "aces": "round_the_corner"}
    doc["deal"] = {
        "extra_cards": 9,
        "jokers_per_deck": 0,
        "decks": [{"players": [2, 8], "decks": 4}],
    }
    doc["lay_down"] = {
        "exact": False,
        "no_contiguous_runs": True,
        "same_rank_sets_count_once": True,
    }
    hand = parse_cards(
        "8C QC 2C JC KC 3C AC JC 8C 8C 7C AC 7C 5C 9C 4C QC 5C 9C 3C 6C AC KC 9C 4C 9C 6C 10C 3C"
    )
    shapes = []
    monkeypatch.setattr(solver, "decide", lambda *args: shapes.append(args))
    assert not solver.solve_contract(read_document(doc), 1, hand).found
    assert shapes == []
