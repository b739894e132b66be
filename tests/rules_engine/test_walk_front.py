"""Where cards may stay in hand, the walk keeps, among states with the same runs open, only
those no other does all of (walk_front.py): as few jokers spent or fewer, and as many runs
laid and naturals left for the sets or more, field by field."""

import random

from rules_engine import get_rules
from rules_engine.limits import Budget
from rules_engine.systems import Requirement
from rules_engine.walk_front import Front
from rules_engine.walk_sets import RANKS, SetPlan

MELD = get_rules("liverpool").meld_rules
# 3 sets of 3, from a hand with 6 cards past what the melds need
SETS = SetPlan(MELD, [Requirement("set", 3, False)] * 3, False, False, room=6)


def front(jokers: int = 4) -> Front:
    return Front(jokers, (2, 1), SETS, Budget(10**6))  # runs: 2 of one kind, 1 of another


def state(used=0, done=(0, 0), open_=(0,) * RANKS, settled=(), runs=(3,), free=6):
    return (0, runs, done, used, (open_, settled, free))


def does_all(one, other) -> bool:
    """The rule, field by field: `one` spent no more jokers and has as much of each."""
    if one[:2] != other[:2] or one[3] > other[3]:
        return False
    (open_one, settled_one, free_one), (open_other, settled_other, free_other) = one[4], other[4]
    padded = max(len(settled_one), len(settled_other))
    settled_one += (0,) * (padded - len(settled_one))
    settled_other += (0,) * (padded - len(settled_other))
    pairs = [
        (free_one, free_other),
        *zip(one[2], other[2], strict=True),
        *zip(open_one, open_other, strict=True),
        *zip(settled_one, settled_other, strict=True),
    ]
    return all(a >= b for a, b in pairs)


def test_a_state_no_better_than_one_kept_is_dropped():
    kept = front()
    assert kept.keeps(state(used=1, done=(1, 0))) == (True, [])
    assert kept.keeps(state(used=2, done=(1, 0))) == (False, [])  # a joker more, nothing else
    assert kept.keeps(state(used=1, done=(0, 0))) == (False, [])  # a run fewer


def test_a_state_that_does_all_a_kept_one_can_replaces_it():
    kept = front()
    worse = state(used=2, done=(1, 0), settled=(3,))
    kept.keeps(worse)
    better = state(used=1, done=(1, 0), settled=(3,))
    assert kept.keeps(better) == (True, [worse])


def test_states_neither_of_which_does_all_the_other_can_are_both_kept():
    kept = front()
    more_jokers_left = state(used=0, done=(0, 0))
    more_laid = state(used=2, done=(1, 0))
    assert kept.keeps(more_jokers_left) == (True, [])
    assert kept.keeps(more_laid) == (True, [])


def test_states_with_other_runs_open_are_never_compared():
    kept = front()
    kept.keeps(state(used=0, done=(2, 1), runs=(3,)))
    assert kept.keeps(state(used=3, runs=(4,))) == (True, [])


def test_a_state_that_may_leave_fewer_cards_in_hand_is_no_better():
    kept = front()
    kept.keeps(state(free=2))
    assert kept.keeps(state(free=1)) == (False, [])
    assert kept.keeps(state(free=3))[0]


def test_a_settled_count_missing_is_a_zero():
    kept = front()
    kept.keeps(state(settled=(3, 2)))
    assert kept.keeps(state(settled=(3,))) == (False, [])  # (3, 0) against (3, 2)
    assert kept.keeps(state(settled=(3, 2, 1)))[0]


def test_comparing_whole_states_at_once_agrees_with_comparing_each_field():
    rng = random.Random(7)
    for _ in range(3000):
        one, other = (
            state(
                used=rng.randint(0, 4),
                done=(rng.randint(0, 2), rng.randint(0, 1)),
                open_=tuple(rng.choice((0, 0, 0, 1, 2, 3, 9)) for _ in range(RANKS)),
                settled=tuple(sorted(rng.sample(range(1, 10), rng.randint(0, 3)), reverse=True)),
                free=rng.randint(0, 6),
            )
            for _ in range(2)
        )
        kept = front()
        kept.keeps(other)
        assert kept.keeps(one)[0] == (not does_all(other, one)), (one, other)
