"""A contract of runs only is decided by walking each suit's ranks (run_walk.py): exactly,
whatever the jokers, where the card-by-card search runs out of its budget."""

import random
from dataclasses import replace

import pytest

from rules_engine import Card, SearchTooLarge, TableOptions, get_rules, parse_cards
from rules_engine.card_search import search_cards
from rules_engine.catalogue import cards_dealt, contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import CONTRACT_NODES, Budget, hand_limits
from rules_engine.run_walk import walk_runs, walkable
from rules_engine.solver import solve_contract

# Liverpool's last round (three runs of 4) with many jokers: the finder answered "too many
# possibilities" on each before the walk.
MANY_JOKERS = [
    "5H JK 8C JK JK 2S 3S 4S 7S 5S 2C JS JK 4H 6D KD 9H",
    "JK JK JK JK JK 6H 6H 9H 10D 8H 6C 4S QC 6H AH 10H JK AH",
    "JK 7H JK JK JK 6C JK JH 7H 8H 9H 10H JH 2C 3H 10D 9S QC 5S",
    "QH 5H JH 10H JK 5H AH 7H 6H 9H KH 8H 2H",
]


@pytest.mark.parametrize("hand", MANY_JOKERS)
def test_liverpool_last_round_hands_of_many_jokers_are_decided(hand):
    solution = solve_contract(get_rules("liverpool"), 7, parse_cards(hand), players=8)
    assert solution.found is False  # the runs would touch, or need a joker more
    assert solution.reasons


def test_a_lay_down_the_card_search_gives_up_on_is_found_by_the_walk():
    rules = get_rules("liverpool")
    hand = parse_cards("JK JK JK JK JK AH 6H AH 7H 5H 8H JC 3H 3S KC")
    with pytest.raises(SearchTooLarge):
        search_cards(round_rules(rules, 7), contract_for(rules, 7), hand, Budget(CONTRACT_NODES))
    solution = solve_contract(rules, 7, hand, players=8)
    assert solution.found
    assert check_contract(rules, 7, [list(meld) for meld in solution.melds]).valid


def test_runs_of_one_suit_may_overlap_but_not_follow_on():
    rules = get_rules("liverpool")
    contract = contract_for(rules, 3)  # two runs of 4
    # 3-6 and 7-10 would follow on; 3-4-5-JK(6) and 6-7-8-9 overlap, which the table allows.
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H JK KS")
    melds = walk_runs(round_rules(rules, 3), contract, hand, Budget(10_000))
    assert melds is not None and check_contract(rules, 3, [list(m) for m in melds]).valid
    # Where the table counts overlapping as meeting, these cards make no two runs.
    meeting = TableOptions(overlap_counts_as_contiguous=True).apply(rules)
    assert walk_runs(round_rules(meeting, 3), contract, hand, Budget(10_000)) is None
    assert (
        walk_runs(
            round_rules(meeting, 3),
            contract,
            parse_cards("3H 4H 5H 6H 8H 9H 10H JK KS"),
            Budget(10_000),
        )
        is not None
    )


def test_a_run_longer_than_asked_may_be_the_one_that_holds_enough_jokers():
    # Shanghai: a run holds one joker up to 4 cards, two from 5. Two runs of 4 here need
    # 8-JK-10-JK-Q, five cards for two jokers (the finder once said none).
    hand = parse_cards("4H AH 5D 10H QS 4H 7C 2S QH 8H 8S 9C 7S KC AS JS 4H JK JK JK")
    solution = solve_contract(get_rules("shanghai"), 3, hand, players=6)
    assert solution.found
    assert sorted(len(meld) for meld in solution.melds) == [4, 5]
    assert check_contract(get_rules("shanghai"), 3, [list(m) for m in solution.melds]).valid


HOUSE_RULES = [
    {},
    {"exact_lay_down": True},
    {"overlap_counts_as_contiguous": True},
    {"no_contiguous_runs": False},
    {"jokers_at_most_naturals": True},
    {"last_round_all_out": True},
]


def _hands(rules, number, rng, count):
    """Dealt hands with the most a hand holds, and hard ones: jokers beside one suit."""
    limits = hand_limits(rules)
    pack = [Card(r, s) for _ in range(limits.copies) for s in "SHDC" for r in range(1, 14)]
    held = limits.cards
    if contract_for(rules, number).lay_all_cards:
        held = cards_dealt(rules, number) + 1
    for _ in range(count):
        jokers = rng.randint(0, min(limits.jokers, held // 2))
        if rng.random() < 0.5:
            yield rng.sample(pack, held - jokers) + [Card(0)] * jokers
        else:
            suit = rng.choice("SHDC")
            stretch = [c for c in pack if c.suit == suit]
            yield [Card(0)] * jokers + rng.sample(stretch, min(held - jokers, len(stretch)))


@pytest.mark.parametrize("options", HOUSE_RULES, ids=lambda o: ",".join(o) or "as written")
def test_the_walk_answers_as_the_card_search_on_every_runs_only_round(options):
    rng = random.Random(f"walk-{sorted(options)}")
    compared = 0
    for slug in ("liverpool", "shanghai", "contract-rummy", "king-rummy", "rami-contrat"):
        rules = TableOptions(**options).apply(get_rules(slug))
        for number in range(1, len(rules.contracts) + 1):
            played = round_rules(rules, number)
            contract = contract_for(rules, number)
            if not walkable(played, contract):
                continue
            for hand in _hands(rules, number, rng, 12):
                try:
                    expected = search_cards(played, contract, hand, Budget(200_000))
                except SearchTooLarge:
                    continue
                melds = walk_runs(played, contract, hand, Budget(200_000))
                assert (melds is None) == (expected is None), (options, slug, number, hand)
                if melds is not None:
                    assert check_contract(rules, number, [list(m) for m in melds]).valid
                    used = sorted(c.held or (0, "") for m in melds for c in m)
                    left = sorted(c.held or (0, "") for c in hand)
                    for card in used:
                        left.remove(card)  # every card laid is one the hand holds
                compared += 1
    assert compared >= 60


def test_a_run_of_jokers_only_is_never_laid_even_where_the_rules_ask_no_natural():
    rules = get_rules("liverpool")
    rules = replace(rules, meld_rules=replace(rules.meld_rules, min_naturals=0))
    hand = parse_cards("JK JK JK JK 5H 6H 7H 8H")
    melds = walk_runs(round_rules(rules, 3), contract_for(rules, 3), hand, Budget(10_000))
    assert melds is not None  # 5H JK JK 8H and 6H 7H JK JK, or alike
    assert all(any(not card.is_joker for card in meld) for meld in melds)
    assert check_contract(rules, 3, [list(m) for m in melds]).valid


def test_the_reason_for_none_comes_from_the_walk_where_the_card_search_runs_out():
    # Three runs of 4 cannot be laid; two can. The card search alone runs out before it
    # can say so (the answer once was the general "the melds need the same cards").
    hand = parse_cards("5H JK 8C JK JK 2S 3S 4S 7S 5S 2C JS JK 4H 6D KD 9H")
    solution = solve_contract(get_rules("liverpool"), 7, hand, players=8)
    assert solution.found is False
    assert [(r.code, r.params.get("possible")) for r in solution.reasons] == [
        ("only_n_possible", 2)
    ]
