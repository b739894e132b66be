"""The walk along the ranks also decides contracts with sets (walk_sets.py): the naturals no
run took are pooled by rank, and the sets are made from them and the jokers left."""

import random
from dataclasses import replace

import pytest

from rules_engine import Card, SearchTooLarge, TableOptions, get_rules, parse_cards
from rules_engine.card_search import search_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.errors import HandTooLarge
from rules_engine.limits import Budget, check_hand, hand_limits
from rules_engine.playable import read_document
from rules_engine.run_walk import walk_runs, walkable
from rules_engine.solver import solve_contract
from rules_engine.systems import JokerLimit
from rules_engine.variant_writer import document

# Rounds with sets: each option as a table may set it.
OPTIONS = [
    {},
    {"exact_lay_down": True},
    {"same_rank_sets_count_once": True},
    {"jokers_at_most_naturals": True},
    {"no_contiguous_runs": False},
]


def _valid(rules, number, contract, melds) -> bool:
    """The lay-down meets the round's contract, as the checker reads it (where every card
    must be laid, the checker counts the cards a deal gives; the tests count the hand's)."""
    contract = replace(contract, lay_all_cards=False)
    played = replace(
        rules,
        contracts=tuple(contract if i == number - 1 else c for i, c in enumerate(rules.contracts)),
    )
    return check_contract(played, number, [list(m) for m in melds]).valid


def _held(hand, melds) -> bool:
    """Every natural laid is one the hand holds, and no more jokers than it holds."""
    left = sorted(c.held or (0, "") for c in hand)
    for card in sorted(c.held or (0, "") for m in melds for c in m):
        if card not in left:
            return False
        left.remove(card)
    return True


def _hands(rules, rng, count, size):
    limits = hand_limits(rules)
    pack = [Card(r, s) for _ in range(limits.copies) for s in "SHDC" for r in range(1, 14)]
    for _ in range(count):
        jokers = rng.randint(0, min(limits.jokers, 4))
        if rng.random() < 0.5:
            yield rng.sample(pack, size - jokers) + [Card(0)] * jokers
        else:  # few ranks, many copies: sets and runs want the same cards
            ranks = rng.sample(range(1, 14), 6)
            few = [c for c in pack if c.rank in ranks and c.suit in "SH"]
            yield rng.sample(few, min(size - jokers, len(few))) + [Card(0)] * jokers


def _laid(rules, reqs, rng, count):
    """Hands made of melds that meet the requirements, a few cards turned into jokers: most
    lay every card, some cannot."""
    while count:
        hand = []
        for req in reqs:
            size = req.size + (0 if req.exact else rng.randint(0, 1))
            if req.kind == "set":
                rank = rng.randint(1, 13)
                hand += [Card(rank, rng.choice("SHDC")) for _ in range(size)]
            else:
                low, suit = rng.randint(1, 14 - size), rng.choice("SHDC")
                hand += [Card(rank, suit) for rank in range(low, low + size)]
        for i in rng.sample(range(len(hand)), rng.randint(0, 2)):
            hand[i] = Card(0)
        try:
            check_hand(rules, hand)
        except HandTooLarge:
            continue
        count -= 1
        yield hand


def _compare(rules, number, contract, hand) -> bool | None:
    """The walk and the card search agree on the hand: whether it lays the contract, or None
    where the search runs out."""
    played = round_rules(rules, number)
    try:
        expected = search_cards(played, contract, hand, Budget(200_000))
    except SearchTooLarge:
        return None
    melds = walk_runs(played, contract, hand, Budget(200_000))
    assert (melds is None) == (expected is None), (contract, hand)
    if melds is not None:
        assert _valid(rules, number, contract, melds), (contract, melds)
        assert _held(hand, melds)
    return melds is not None


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "as written")
def test_the_walk_answers_as_the_card_search_on_rounds_with_sets(options):
    rng = random.Random(f"sets-{sorted(options)}")
    compared = 0
    for slug in ("liverpool", "shanghai", "contract-rummy", "king-rummy"):
        rules = TableOptions(**options).apply(get_rules(slug))
        for number in range(1, len(rules.contracts) + 1):
            contract = contract_for(rules, number)
            if all(r.kind == "run" for r in contract.requirements):
                continue
            assert walkable(round_rules(rules, number), contract)
            size = hand_limits(rules).cards
            for hand in _hands(rules, rng, 10, size):
                compared += _compare(rules, number, contract, hand) is not None
    assert compared >= 150


@pytest.mark.parametrize("exact", [False, True])
def test_where_every_card_is_laid_the_sets_take_every_card_no_run_took(exact):
    rng = random.Random(f"lay-all-{exact}")
    compared = found = 0
    rules = get_rules("liverpool")
    for number in (1, 2, 5, 6):
        contract = contract_for(rules, number)
        reqs = tuple(replace(r, exact=exact) for r in contract.requirements)
        contract = replace(contract, requirements=reqs, lay_all_cards=True)
        size = sum(r.size for r in reqs) + (0 if exact else 2)
        for hand in [*_hands(rules, rng, 20, size), *_laid(rules, reqs, rng, 20)]:
            compared += _compare(rules, number, contract, hand) is not None
            melds = walk_runs(round_rules(rules, number), contract, hand, Budget(200_000))
            if melds is not None:
                found += 1
                assert sum(map(len, melds)) == len(hand)
    assert compared >= 120 and found >= 15


def test_joker_limits_hold_in_the_walks_sets():
    # At most one joker a meld: a set of three sevens of one natural and two jokers is no set.
    rules = get_rules("liverpool")
    rules = replace(
        rules, meld_rules=replace(rules.meld_rules, joker_limits=(JokerLimit("any", 1, 1),))
    )
    contract = contract_for(rules, 2)  # a set of 3 and a run of 4
    hand = parse_cards("7S JK JK 4H 5H 6H 8H")
    assert walk_runs(round_rules(rules, 2), contract, hand, Budget(10_000)) is None
    melds = walk_runs(
        round_rules(rules, 2), contract, parse_cards("7S 7D JK 4H 5H 6H JK"), Budget(10_000)
    )
    assert melds is not None and _valid(rules, 2, contract, melds)


def test_two_sets_of_one_rank_fill_one_requirement_where_the_table_says_so():
    rules = get_rules("liverpool")
    hand = parse_cards("7S 7D 7C 7H 7S 7D 4H 5H 6H 8C")  # round 5: two sets of 3, a run of 4
    contract = contract_for(rules, 5)
    melds = walk_runs(round_rules(rules, 5), contract, hand + [Card(0)], Budget(10_000))
    assert melds is not None and _valid(rules, 5, contract, melds)
    once = TableOptions(same_rank_sets_count_once=True).apply(rules)
    assert walk_runs(round_rules(once, 5), contract, hand + [Card(0)], Budget(10_000)) is None


def house_variant(rounds, melds, lay_down, jokers_per_deck, players):
    """A variant a table might write (four decks, nine cards bought at most), read as the
    app reads a variant file."""
    doc = document(get_rules("liverpool"))
    doc = {**doc, "slug": "house", "name": {"en": "House"}, "rounds": rounds}
    doc.update(melds=melds, lay_down=lay_down, players=players)
    deal = {"extra_cards": 9, "jokers_per_deck": jokers_per_deck}
    doc["deal"] = {**deal, "decks": [{"players": [2, 8], "decks": 4}]}
    return read_document(doc)


def _any_suit_lay_all_variant():
    """Every card laid in round 1, in one of three ways, runs of any suits, every deuce
    wild."""
    round_ = {
        "cards": 20,
        "contract": [{"set": 5, "count": 2}, {"run": 9}, {"set": 4}],
        "lay_all_cards": True,
        "alternatives": [[{"run": 3}, {"set": 3}, {"run": 4}], [{"set": 6, "count": 5}]],
    }
    melds = {"aces": "high", "runs": "any_suit", "wild_deuces": "all"}
    melds["joker_limits"] = [{"from_size": 1, "most": 3}]
    return house_variant([round_], melds, {"no_contiguous_runs": True}, 0, [2, 2])


def test_a_dealt_hand_of_a_lay_all_round_with_sets_is_decided():
    # The card search alone runs out on this dealt hand (the walk once needed 23,000 states
    # for it: every rank left over was kept apart until sets were counted).
    rules = _any_suit_lay_all_variant()
    hand = parse_cards("10S 7D 4H 6H AD QH 3S JD 6H AS AC 6D 2S KD 4S 8H 8D 2H 9S 2S 6C")
    solution = solve_contract(rules, 1, hand)
    assert solution.found is False and solution.reasons


def test_a_lay_all_round_of_runs_and_a_set_of_any_suits_is_laid():
    rules = _any_suit_lay_all_variant()
    hand = parse_cards("3S 4H 5D 6C 7S 8H 9D QS QH QD QC QS 5S 6S 7H 8D 9C 10S JH QD KC")
    solution = solve_contract(rules, 1, hand)
    assert solution.found
    assert sum(map(len, solution.melds)) == len(hand)
    assert check_contract(rules, 1, [list(m) for m in solution.melds]).valid
