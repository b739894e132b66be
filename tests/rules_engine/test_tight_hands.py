"""A hand holding just the cards a way of the contract needs can only lay every card, each
meld no longer than it must be: the finder searches it so (solver._tight), and decides
hands it used to give up on."""

import random

import pytest

import rules_engine.solver as solver
from rules_engine import Card, RulesError, SearchTooLarge, get_rules, parse_cards
from rules_engine.catalogue import contract_for
from rules_engine.contracts import check_contract
from rules_engine.limits import Budget, check_hand
from rules_engine.playable import read_document
from rules_engine.systems import Contract, Requirement
from rules_engine.variant_writer import document


def _variant(rounds, melds, lay_down, decks=4, jokers_per_deck=1):
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "tight", "name": {"en": "Tight"}, "rounds": rounds, "players": [2, 4]}
    doc["melds"] = {"set_min": 3, "jokers_side_by_side": True, **melds}
    doc["deal"] = {
        "extra_cards": 9,
        "jokers_per_deck": jokers_per_deck,
        "decks": [{"players": [2, 8], "decks": decks}],
    }
    doc["lay_down"] = {"exact": False, "no_contiguous_runs": False, **lay_down}
    return read_document(doc)


def test_a_way_needing_every_card_is_read_exact_with_every_card_laid():
    way = Contract((Requirement("set", 3), Requirement("run", 4)))
    assert solver._tight(way, 7) == Contract(
        (Requirement("set", 3, exact=True), Requirement("run", 4, exact=True)),
        lay_all_cards=True,
    )
    assert solver._tight(way, 8) is way  # a card to spare: any meld may take it


def test_six_sets_and_a_run_from_exactly_their_cards_are_decided():
    # Seen undecided on the bench (seed 39): 23 cards for six sets of 3 of different ranks
    # and a run of 5 of one colour, round the corner, with two wild deuces.
    rules = _variant(
        [{"cards": 20, "contract": [{"set": 3, "count": 6}, {"run": 5}]}],
        {"run_min": 3, "aces": "round_the_corner", "runs": "one_colour", "wild_deuces": "all"},
        {"same_rank_sets_count_once": True, "jokers_most": 4},
    )
    hand = parse_cards("QH 9H 9S QC 2D 9H 5S JS 2H 10S QS JS 7S 5D 7C JD 4H 8D 5D 9D KH 8S 6S")
    assert not solver.solve_contract(rules, 1, hand).found


def test_sets_and_runs_of_any_suits_from_exactly_their_cards_are_decided():
    # Seen undecided on the bench (seed 40): 26 cards, a set of 5, two runs of 6 of any
    # suits and three sets of 3 (or three runs of 5), four wild deuces.
    rules = _variant(
        [
            {
                "cards": 20,
                "contract": [{"set": 5}, {"run": 6, "count": 2}, {"set": 3, "count": 3}],
                "alternatives": [[{"run": 5, "count": 3}]],
            }
        ],
        {"run_min": 4, "runs": "any_suit", "wild_deuces": "all", "jokers_side_by_side": False},
        {"no_contiguous_runs": True, "same_rank_sets_count_once": True},
        jokers_per_deck=0,
    )
    hand = parse_cards(
        "AC 2D 8S 3C 9S 4S 3D 9S 10C KD 8H 9C 9C QD 3S 2H 3S QH 2S QS 6S 9H 5D QH 9H 3S"
    )
    assert not solver.solve_contract(rules, 1, hand).found


CONTRACTS = [
    [{"set": 3, "count": 2}, {"run": 4}],
    [{"run": 4, "count": 2}],
    [{"set": 3, "count": 3}],
    [{"run": 3, "count": 2}, {"set": 3}],
]


@pytest.mark.parametrize("contract", CONTRACTS, ids=str)
@pytest.mark.parametrize("aces", ["low_or_high", "round_the_corner"])
def test_the_tight_reading_gives_the_answers_of_the_plain_one(contract, aces, monkeypatch):
    """Random hands of exactly the contract's cards, many built from its melds: found or
    not, the same answer with the tight reading as without it, every lay-down valid."""
    rules = _variant(
        [{"cards": 10, "contract": contract}],
        {"run_min": 3, "aces": aces, "wild_deuces": "black"},
        {},
        decks=2,
    )
    reqs = contract_for(rules, 1).requirements
    need = sum(r.size for r in reqs)
    rng = random.Random(f"{contract}-{aces}")
    pack = [Card(r, s) for _ in range(2) for s in "SHDC" for r in range(1, 14)] + [Card(0)] * 2
    found = 0
    for _ in range(60):
        hand = _built(reqs, rng) if rng.random() < 0.6 else rng.sample(pack, need)
        try:
            check_hand(rules, hand)
        except RulesError:  # more copies of a card than two decks hold
            continue
        tight = _answer(rules, hand)
        with monkeypatch.context() as plain:
            plain.setattr(solver, "_tight", lambda way, cards: way)
            assert _answer(rules, hand) == tight, hand
        if tight:
            found += 1
            melds = solver.solve_contract(rules, 1, hand, budget=Budget(10**6)).melds
            assert check_contract(rules, 1, [list(m) for m in melds]).valid
    assert 5 < found < 60  # both answers are met


def _built(reqs, rng):
    """A hand made of melds meeting the requirements, a card or two swapped at random."""
    hand = []
    for req in reqs:
        if req.kind == "set":
            rank = rng.randint(1, 13)
            hand += [Card(rank, rng.choice("SHDC")) for _ in range(req.size)]
        else:
            low, suit = rng.randint(1, 14 - req.size), rng.choice("SHDC")
            hand += [Card(rank, suit) for rank in range(low, low + req.size)]
    for i in rng.sample(range(len(hand)), rng.randint(0, 2)):
        hand[i] = rng.choice([Card(0), Card(rng.randint(1, 13), rng.choice("SHDC"))])
    return hand


def _answer(rules, hand):
    try:
        return solver.solve_contract(rules, 1, hand, budget=Budget(10**6)).found
    except SearchTooLarge:
        pytest.fail(f"undecided: {hand}")
