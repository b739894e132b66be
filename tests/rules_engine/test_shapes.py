"""The search by shapes (shapes.py): where the card-by-card search runs out of budget, each
meld's shape is chosen and a flow of the hand's real cards says whether jokers fill the
rest. It must answer exactly as the card search does, given all the time it needs."""

import random

import pytest

from rules_engine import Card, HandTooLarge, SearchTooLarge, get_rules, parse_cards
from rules_engine.card_search import search_cards as _search
from rules_engine.cards import SUITS
from rules_engine.catalogue import cards_dealt, contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import CONTRACT_NODES, Budget, check_hand, hand_limits
from rules_engine.playable import read_document
from rules_engine.shapes import decide
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document


def hard_hands(rules, rng, count):
    """Dealt hands and hard ones: jokers beside a stretch of one suit, with repeats."""
    limits = hand_limits(rules)
    for _ in range(count):
        number = rng.randint(1, len(rules.contracts))
        held = cards_dealt(rules, number) + 1
        if not rules.contracts[number - 1].lay_all_cards:
            held += rng.randint(0, rules.extra_cards_allowance)
        suit = rng.choice(SUITS)
        stretch = [Card(r, suit) for r in range(1, 14)] * limits.copies
        stretch += [Card(r, rng.choice(SUITS)) for r in range(1, 14)]
        rng.shuffle(stretch)
        jokers = [Card(0)] * rng.randint(0, limits.jokers)
        hand = (jokers + stretch)[:held]
        try:
            check_hand(rules, hand)
        except HandTooLarge:
            continue  # more copies of a card than the decks hold
        yield number, hand


def shapes_say(rules, number, hand):
    rules = round_rules(rules, number)
    for way in contract_for(rules, number).ways():
        found = decide(rules, way, hand, Budget(10**6))
        if found is not None:
            return found
    return None


def apart_variant():
    """Liverpool where two jokers never sit side by side in a run (Continental's rule)."""
    doc = {**document(get_rules("liverpool")), "slug": "apart", "name": {"en": "Apart"}}
    doc["melds"] = {**doc["melds"], "jokers_side_by_side": False}
    return read_document(doc)


@pytest.mark.parametrize("slug", ["liverpool", "shanghai", "carioca", "continental", "apart"])
def test_the_shapes_answer_as_the_card_search_does_and_the_checker_agrees(slug):
    rules = apart_variant() if slug == "apart" else get_rules(slug)
    rng = random.Random(slug)
    answered = 0
    for number, hand in hard_hands(rules, rng, 40):
        if (
            contract_for(rules, number).lay_all_cards
            and len(hand) != cards_dealt(rules, number) + 1
        ):
            continue
        try:
            expected = solve_contract(rules, number, hand, budget=Budget(200_000)).found
        except SearchTooLarge:
            continue
        found = shapes_say(rules, number, hand)
        assert (found is not None) == expected, (number, hand)
        if found is not None:
            verdict = check_contract(rules, number, [list(meld) for meld in found])
            assert verdict.valid, [e.code for e in verdict.errors]
        answered += 1
    assert answered >= 30


def test_a_hand_the_card_search_gives_up_on_is_decided_by_its_shapes():
    rules = get_rules("liverpool")
    hand = parse_cards("JK JK JK 7D 10D KD 6D 9D AD JD 8D 7D 8H")
    with pytest.raises(SearchTooLarge):  # three runs of 4: too many ways to place 3 jokers
        _search(rules, contract_for(rules, 7), hand, Budget(CONTRACT_NODES))
    solution = solve_contract(rules, 7, hand)
    # Decided: the diamonds and three jokers make two runs of 4 that do not touch, not three.
    assert not solution.found
    assert solution.reasons


def test_where_jokers_must_stay_apart_the_shapes_never_lay_two_side_by_side():
    hand = parse_cards("4H 7H JK JK 9S 10S JS QS 2D 3D 4D 5D KC")  # 4♥ JK JK 7♥ or nothing
    found = shapes_say(get_rules("liverpool"), 7, hand)
    assert found is not None and any(
        a.is_joker and b.is_joker for meld in found for a, b in zip(meld, meld[1:], strict=False)
    )
    assert shapes_say(apart_variant(), 7, hand) is None
