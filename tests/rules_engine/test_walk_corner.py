"""Round the corner, the walk along the ranks walks a run across K-A in its two pieces
(walk_corner.py): the tail from the ace waits, and goes on as the head up to the king."""

import random
from collections import Counter

import pytest

from rules_engine import Card, SearchTooLarge, TableOptions, get_rules, parse_cards, run_walk
from rules_engine.card_search import search_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.limits import Budget, hand_limits
from rules_engine.run_walk import walk_runs, walkable
from rules_engine.solver import solve_contract
from rules_engine.walk_corner import quietest, turned_rank

from .test_walk_sets import _hands, _held, _valid, house_variant

OPTIONS = [
    {},
    {"no_contiguous_runs": True},
    {"no_contiguous_runs": True, "overlap_counts_as_contiguous": True},
    {"exact_lay_down": True},
    {"jokers_at_most_naturals": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "as written")
def test_the_walk_answers_as_the_card_search_round_the_corner(options):
    # Continental: jokers never side by side, the king's joker beside the ace's included.
    rng = random.Random(f"corner-{sorted(options)}")
    compared = found = 0
    for slug in ("liverpool", "shanghai", "continental", "rami-contrat-13", "carioca"):
        rules = TableOptions(round_the_corner=True, **options).apply(get_rules(slug))
        for number in range(1, len(rules.contracts) + 1):
            played = round_rules(rules, number)
            contract = contract_for(rules, number)
            assert played.meld_rules.circular_runs and walkable(played, contract)
            for hand in _hands(rules, rng, 8, hand_limits(rules).cards):
                try:
                    expected = search_cards(played, contract, hand, Budget(300_000))
                    melds = walk_runs(played, contract, hand, Budget(300_000))
                except SearchTooLarge:
                    continue
                assert (melds is None) == (expected is None), (slug, number, hand)
                if melds is not None:
                    assert _valid(rules, number, contract, melds), melds
                    assert _held(hand, melds)
                    found += 1
                compared += 1
    assert compared >= 250 and found >= 100


def _rules(**options):
    return TableOptions(round_the_corner=True, **options).apply(get_rules("liverpool"))


def test_a_run_across_the_corner_is_laid_in_its_order():
    rules = _rules()
    contract = contract_for(rules, 3)  # two runs of 4
    hand = parse_cards("QH KH AH 2H 5S 6S 7S 8S")
    melds = walk_runs(round_rules(rules, 3), contract, hand, Budget(10_000))
    assert melds is not None
    assert sorted(" ".join(str(c) for c in m) for m in melds) == ["5S 6S 7S 8S", "QH KH AH 2H"]
    assert check_contract(rules, 3, [list(m) for m in melds]).valid


def test_without_the_corner_those_cards_make_one_run():
    rules = get_rules("liverpool")
    hand = parse_cards("QH KH AH 2H 5S 6S 7S 8S")
    assert walk_runs(round_rules(rules, 3), contract_for(rules, 3), hand, Budget(10_000)) is None


def test_the_king_and_the_ace_are_side_by_side_round_the_corner():
    # Continental's round 3, two runs of 4, no two jokers side by side: Q-K-A-2 from QH and
    # 2H needs jokers at the king and the ace, one beside the other across the corner.
    rules = TableOptions(round_the_corner=True).apply(get_rules("continental"))
    played, contract = round_rules(rules, 3), contract_for(rules, 3)
    hand = parse_cards("QH JK JK 2H 3S 4S 5S 6S")
    assert walk_runs(played, contract, hand, Budget(50_000)) is None
    hand = parse_cards("QH KH JK 2H 3S 4S 5S 6S")
    melds = walk_runs(played, contract, hand, Budget(50_000))
    assert melds is not None and check_contract(rules, 3, [list(m) for m in melds]).valid


def test_a_run_ending_at_the_king_touches_one_starting_at_the_ace():
    rules = _rules(no_contiguous_runs=True)
    contract = contract_for(rules, 3)
    hand = parse_cards("10H JH QH KH AH 2H 3H 4H")  # 10-K and A-4 follow on across the corner
    assert walk_runs(round_rules(rules, 3), contract, hand, Budget(10_000)) is None
    loose = _rules(no_contiguous_runs=False)
    assert walk_runs(round_rules(loose, 3), contract, hand, Budget(10_000)) is not None


def test_a_hand_of_many_jokers_round_the_corner_is_decided():
    # A table's own game: three runs of 7 of any suits round the corner, no two jokers side
    # by side, runs that may not follow on. The card search alone runs out on this hand.
    round_ = {"cards": 17, "contract": [{"run": 7, "count": 3}]}
    melds = {"run_min": 4, "aces": "round_the_corner", "jokers_side_by_side": False}
    melds["runs"] = "any_suit"
    rules = house_variant([round_], melds, {"no_contiguous_runs": True}, 1, [2, 3])
    hand = parse_cards("JK JK JK JK KC 4C 8C JC AC QC 10C 8C QC 9C 7C 6C 4C AC 9C 7C 8C JC 4C")
    with pytest.raises(SearchTooLarge):
        search_cards(round_rules(rules, 1), contract_for(rules, 1), hand, Budget(3_000))
    solution = solve_contract(rules, 1, hand)
    assert solution.found is False and solution.reasons


@pytest.fixture
def from_the_ace(monkeypatch):
    """The walk starts at the ace whichever rank is quietest, so that turning a hand moves
    the walk's seam to where a test puts it."""
    monkeypatch.setattr(run_walk, "quietest", lambda held: 0)


def test_a_run_ending_at_the_king_does_not_follow_on_from_a_run_across_the_corner(from_the_ace):
    # Defect: 10-K and K-A-2-3 share the king; the walk took the second run's piece that
    # starts at the ace for a run beginning there, right after 10-K, and found nothing.
    rules = _rules(no_contiguous_runs=True)
    played, contract = round_rules(rules, 3), contract_for(rules, 3)
    hand = parse_cards("10H JH QH KH KH AH 2H 3H")
    melds = walk_runs(played, contract, hand, Budget(10_000))
    assert melds is not None and check_contract(rules, 3, [list(m) for m in melds]).valid


def _turned(hand, ranks):
    """The hand with every rank moved on `ranks` round the 13 (the jokers stay)."""
    return [c if c.is_joker else Card(turned_rank(c.rank, ranks), c.suit) for c in hand]


def _ring_hands(rng, count):
    """Hands of three runs of 4 to 6 laid anywhere round the corner (many across it, or
    ending at the king), of one or two suits, a card or two made jokers, and a card more or
    one fewer (which most often leaves no lay-down)."""
    for _ in range(count):
        hand = []
        for _ in range(3):
            low, size, suit = rng.randint(1, 13), rng.randint(4, 6), rng.choice("HS")
            hand += [Card((low + i - 1) % 13 + 1, suit) for i in range(size)]
        for i in rng.sample(range(len(hand)), rng.randint(0, 2)):
            hand[i] = Card(0)
        if rng.random() < 0.5:
            hand.pop(rng.randrange(len(hand)))
        else:
            hand.append(Card(rng.randint(1, 13), rng.choice("HS")))
        yield hand


@pytest.mark.parametrize("overlap", [False, True], ids=["runs may overlap", "overlap meets"])
def test_round_the_corner_the_walk_answers_alike_from_whichever_rank_it_starts(
    overlap, from_the_ace
):
    # On a ring the ranks have no first one: the same hand turned round by any number of
    # ranks (the walk starting at the ace) lays three runs or not alike, and as the card
    # search says.
    options = {"no_contiguous_runs": True, "overlap_counts_as_contiguous": overlap}
    rules = _rules(**options)
    played, contract = round_rules(rules, 7), contract_for(rules, 7)
    rng = random.Random(f"ring-{overlap}")
    found = 0
    for hand in _ring_hands(rng, 70):
        expected = search_cards(played, contract, hand, Budget(300_000)) is not None
        for ranks in (0, 1, 5, 9):
            turned = _turned(hand, ranks)
            melds = walk_runs(played, contract, turned, Budget(300_000))
            assert (melds is not None) == expected, (hand, ranks)
            if melds is not None:
                assert _valid(rules, 7, contract, melds) and _held(turned, melds)
        found += expected
    assert 20 <= found <= 60  # both answers, each many times


def test_from_its_quietest_rank_the_walk_answers_as_the_card_search_round_the_corner():
    rules = _rules(no_contiguous_runs=True)
    played, contract = round_rules(rules, 7), contract_for(rules, 7)
    for hand in _ring_hands(random.Random("quietest"), 70):
        expected = search_cards(played, contract, hand, Budget(300_000))
        melds = walk_runs(played, contract, hand, Budget(300_000))
        assert (melds is None) == (expected is None), hand
        if melds is not None:
            assert _valid(rules, 7, contract, melds) and _held(hand, melds)


def test_round_the_corner_the_walk_starts_at_the_rank_the_hand_holds_fewest_of():
    held = Counter((c.rank, c.suit) for c in parse_cards("AH AS 2H 3H 4H 5H 6H 8H 9H 10H JH QH KH"))
    assert turned_rank(7, quietest(held)) == 1  # no 7: the walk starts there
    held[(7, "H")] += 1
    held[(1, "S")] -= 1
    assert quietest(held) == 0  # every rank held once: from the ace, as without turning
    held[(9, "H")] -= 1
    assert turned_rank(9, quietest(held)) == 1
    held[(10, "H")] -= 1
    assert turned_rank(10, quietest(held)) == 1  # of two ranks held none, the one after none


def _any_of_three_ways():
    """Three runs of 5 and two of 4 round the corner, or sets and runs, or three sets of
    6; four decks, four jokers, two of them in one lay-down at most."""
    round_ = {
        "cards": 20,
        "contract": [{"run": 5, "count": 3}, {"run": 4, "count": 2}],
        "alternatives": [
            [{"set": 4, "count": 3}, {"run": 4, "count": 3}],
            [{"set": 6, "count": 3}],
        ],
    }
    melds = {"run_min": 4, "aces": "round_the_corner"}
    return house_variant([round_], melds, {"jokers_most": 2}, 1, [2, 4])


def test_a_long_suit_with_four_jokers_is_decided_round_the_corner():
    # From the ace, the walk met 9,866 states to prove the five runs cannot be laid (the
    # finder answered "too many possibilities"); from the 10, which the hand holds none of,
    # it meets a few hundred.
    rules = _any_of_three_ways()
    hand = parse_cards("JK JK JK JK 6C AC JC 8C 7C JC KC 9C 4C 5C 4C 8C 3C 9C 3C QC QC 7C 9C JC 2C")
    budget = Budget(1_000)
    assert walk_runs(round_rules(rules, 1), contract_for(rules, 1), hand, budget) is None
    solution = solve_contract(rules, 1, hand)
    assert solution.found is False and solution.reasons
