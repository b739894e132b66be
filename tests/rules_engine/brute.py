"""A brute-force oracle for the finder's tests: two disjoint groups of a hand, of given
sizes, that the checker accepts for a round (fast where the general oracle of
test_solver.py, every split of the hand, would take minutes)."""

from itertools import combinations, product

from rules_engine.catalogue import round_rules
from rules_engine.contracts import check_contract
from rules_engine.melds import check_meld


def two_melds_meet(rules, number, hand, sizes):
    """Whether two disjoint groups of the hand, of `sizes` cards, meet round `number`:
    every group that is a meld on its own, then every pair of them, checked whole."""
    meld_rules = round_rules(rules, number).meld_rules
    melds = {
        size: [
            group
            for group in combinations(range(len(hand)), size)
            if check_meld([hand[i] for i in group], meld_rules).valid
        ]
        for size in set(sizes)
    }
    first, second = sizes
    pairs = (
        combinations(melds[first], 2) if first == second else product(melds[first], melds[second])
    )
    for a, b in pairs:
        if not set(a) & set(b):
            if check_contract(rules, number, [[hand[i] for i in a], [hand[i] for i in b]]).valid:
                return True
    return False
