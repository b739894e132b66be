"""The checker's plans (which requirement each meld fills): alike requirements are one
plan, not one per order, and a plan already as wrong as the best is not finished."""

import random
from dataclasses import replace

import pytest

from rules_engine import contracts as contracts_module
from rules_engine import get_rules, parse_melds
from rules_engine.cards import Card
from rules_engine.contracts import check_contract
from rules_engine.limits import HandLimits
from rules_engine.systems import Contract, Requirement

LP = get_rules("liverpool")
ROOMY = HandLimits(cards=60, copies=16, jokers=40)  # the lay-downs below, whatever the decks


def eight_runs(**options):
    """Liverpool with a round of eight runs of 4 that may not meet."""
    contract = Contract(tuple(Requirement("run", 4) for _ in range(8)))
    return replace(LP, contracts=(contract,) * 7, forbid_contiguous_runs=True, **options)


RUNS_THAT_MEET = (
    "JK JK 10C JK JK JK | JK JK 4C JK JK | JK JK 3C JK JK | JK JK 4C JK | 8C JK JK JK JK"
    " | 3C JK JK JK JK | JK AC JK JK JK JK | AC JK JK JK JK"
)


def test_eight_runs_that_cannot_be_read_apart_name_two_that_meet():
    rules = eight_runs(overlapping_runs_meet=True, extra_melds_allowed=True)
    result = check_contract(rules, 7, parse_melds(RUNS_THAT_MEET), limits=ROOMY)
    assert [e.code for e in result.errors] == ["runs_meet"]


def test_eight_runs_read_apart_meet_the_contract():
    text = (
        "AH 2H 3H 4H | 6H 7H 8H 9H | JH QH KH AH | AS 2S 3S 4S | 6S 7S 8S 9S | JS QS KS AS"
        " | 2D 3D 4D 5D | 2C 3C 4C 5C"
    )
    result = check_contract(eight_runs(), 7, parse_melds(text), limits=ROOMY)
    assert result.valid
    assert sorted(result.requirement_of) == list(range(8))


def test_alike_requirements_are_filled_in_one_order(monkeypatch):
    """Eight runs for eight "run of 4": one plan each way to leave melds out, not 8! orders
    (a lay-down like this one took the checker 12 seconds)."""
    scored = []
    score = contracts_module._Search._score
    monkeypatch.setattr(
        contracts_module._Search,
        "_score",
        lambda self, plan: (scored.append(plan), score(self, plan)),
    )
    rules = eight_runs(overlapping_runs_meet=True, extra_melds_allowed=True)
    check_contract(rules, 7, parse_melds(RUNS_THAT_MEET), limits=ROOMY)
    assert 0 < len(scored) <= 2**8


class _EveryPlan(contracts_module._Search):
    """The checker's search before plans were pruned: every plan, in the same order."""

    def run(self):
        self._every(0, [], frozenset())

    def _every(self, i, plan, used):
        if self.best is not None and self.best[0] == 0:
            return
        if i == len(self.checks):
            self._score(plan)
            return
        check = self.checks[i]
        if check.valid:
            for r, req in enumerate(self.reqs):
                if r not in used and check.readings_of(req.kind):
                    self._every(i + 1, plan + [r], used | {r})
        self._every(i + 1, plan + [None], used)


def _random_meld(rng):
    suit = rng.choice("SH")  # runs of two suits: many that meet
    size = rng.randint(3, 6)
    if rng.random() < 0.5:
        low = rng.randint(1, 14 - size)
        cards = [Card(low + k, suit) for k in range(size)]
    else:
        rank = rng.randint(1, 13)
        cards = [Card(rank, rng.choice("SHDC")) for _ in range(size)]
    for k in range(size):
        if rng.random() < 0.2:
            cards[k] = Card(0)
    return cards


@pytest.mark.parametrize("seed", range(6))
def test_pruned_plans_give_the_answer_every_plan_gives(seed, monkeypatch):
    rng = random.Random(seed)
    requirements = [Requirement("run", 4), Requirement("run", 5), Requirement("set", 3)]
    for _ in range(60):
        reqs = tuple(rng.choice(requirements) for _ in range(rng.randint(1, 5)))
        rules = replace(
            LP,
            contracts=(Contract(reqs, lay_all_cards=rng.random() < 0.2),) * 7,
            forbid_contiguous_runs=rng.random() < 0.7,
            overlapping_runs_meet=rng.random() < 0.5,
            same_rank_sets_count_once=rng.random() < 0.5,
            extra_melds_allowed=rng.random() < 0.5,
        )
        melds = [_random_meld(rng) for _ in range(rng.randint(1, 6))]
        pruned = check_contract(rules, 7, melds, limits=ROOMY)
        with monkeypatch.context() as patch:
            patch.setattr(contracts_module, "_Search", _EveryPlan)
            every = check_contract(rules, 7, melds, limits=ROOMY)
        assert (pruned.valid, pruned.errors, pruned.melds) == (
            every.valid,
            every.errors,
            every.melds,
        )
