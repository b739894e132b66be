"""The finder's last resort asks for a lay-down of the fewest cards (lay_program.py): a meld
longer than its requirement is counted only where no shorter one does as well."""

from __future__ import annotations

from rules_engine import parse_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.lay_program import LayProgram, loses_an_end
from rules_engine.systems import JokerLimit, MeldRules

from .test_lay_program import _program
from .test_walk_defects import _variant

PLAIN = MeldRules()
RATIO = MeldRules(jokers_at_most_naturals=True)


def _sizes(rules, hand, lay_all=False):
    """The sizes of the melds the program counts, by requirement."""
    rules = round_rules(rules, 1)
    way = contract_for(rules, 1).requirements
    program = LayProgram(rules, way, parse_cards(hand)).build(lay_all)
    sizes = {}
    for group in program.groups:
        req = group.requirement
        found = {len(w.cells) for w in group.windows} | {s for m in group.ranks for s in m.sizes}
        sizes[(req.kind, req.size)] = found
    return sizes


def test_a_meld_longer_than_needed_stays_a_meld_less_an_end_card():
    assert loses_an_end(PLAIN, "run", 3, 13)
    assert loses_an_end(PLAIN, "set", 3, 8)


def test_a_run_with_as_many_jokers_as_naturals_and_natural_ends_may_lose_none():
    # 5H JK JK 8H JK 10H: three jokers of six; less either 5H or 10H, three of five.
    assert not loses_an_end(RATIO, "run", 4, 6)
    assert loses_an_end(RATIO, "set", 3, 8)  # a set gives up a joker first


def test_a_run_allowed_more_jokers_for_its_length_may_lose_none():
    # One joker a meld, two from seven cards: 5H JK 7H 8H 9H JK JH keeps both jokers inside.
    growing = MeldRules(joker_limits=(JokerLimit("any", 1, 1), JokerLimit("any", 7, 2)))
    assert not loses_an_end(growing, "run", 4, 7)
    assert loses_an_end(growing, "run", 4, 6)


def test_the_program_counts_each_requirement_at_its_own_size_only():
    rules = _variant([{"run": 4}, {"set": 3}], {})
    sizes = _sizes(rules, "3H 4H 5H 6H 7H 8H 9H 9S 9D 9C JK")
    assert sizes == {("run", 4): {4}, ("set", 3): {3}}


def test_every_size_where_every_card_is_laid():
    rules = _variant([{"run": 4}, {"set": 3}], {})
    sizes = _sizes(rules, "3H 4H 5H 6H 7H 8H 9S 9D 9C", lay_all=True)
    assert sizes[("run", 4)] == {4, 5, 6}


def test_every_size_where_a_longer_run_may_keep_jokers_a_shorter_one_may_not():
    rules = _variant([{"run": 4}], {"jokers_at_most_naturals": True})
    assert _sizes(rules, "5H 8H 10H JH QH JK JK JK")[("run", 4)] == {4, 5, 6, 7, 8}


def test_where_runs_may_not_meet_a_longer_run_blocked_at_both_ends_is_laid():
    # A-2-3, 3-4-5-6, 6-7-8: 3-4-5 would meet 6-7-8 and 4-5-6 would meet A-2-3; the run
    # of four overlaps both, and is the only lay-down.
    rules = _variant([{"run": 3, "count": 3}], {}, lay_down={"no_contiguous_runs": True})
    found = _program(rules, "AH 2H 3H 3H 4H 5H 6H 6H 7H 8H")
    assert found is not None
    assert sorted(len(meld) for meld in found) == [3, 3, 4]
    assert _program(rules, "AH 2H 3H 4H 5H 6H 6H 7H 8H") is None  # one 3 only: none


def test_a_longer_run_with_no_run_to_block_an_end_is_not_counted():
    # Nothing can end at 3H (no ace, no deuce): 3-4-5-6 would do as well as 4-5-6.
    rules = round_rules(
        _variant([{"run": 3, "count": 2}], {}, lay_down={"no_contiguous_runs": True}), 1
    )
    way = contract_for(rules, 1).requirements

    def laying(cells):
        program = LayProgram(rules, way, parse_cards("3H 4H 5H 6H 7H 8H 10H JH QH")).build(False)
        window = next(w for g in program.groups for w in g.windows if tuple(w.cells) == cells)
        program.p.lower[window.count] = 1
        return program.p.solve(1_000, 10.0)

    assert laying((3, 4, 5, 6)) is None
    assert laying((4, 5, 6)) is not None


# Seed 45 bench-557 round 8 of bench/solver_variants.py: two runs of 8 and three sets of 3,
# or a run of 6, two sets of 4 and two runs of 5; round the corner, red deuces wild. Every
# search gave up, and so did the program in its time while it counted runs of 8 to 13.
BOMB_557 = dict(
    contract=[{"run": 8, "count": 2}, {"set": 3, "count": 3}],
    melds={"run_min": 4, "aces": "round_the_corner", "wild_deuces": "red"},
    lay_down={"same_rank_sets_count_once": True},
    jokers_per_deck=0,
    alternatives=[[{"run": 6}, {"set": 4, "count": 2}, {"run": 5, "count": 2}]],
)
HAND_557 = (
    "2H 2H 2D 2D 5C 10C 10D 7S JS JD 4D 6C 8D KH 8H 3D QH 7H QD 3D JD 10C QC 8C 5H 9C 9D 9H 8S JH"
)


def test_two_runs_of_eight_from_thirty_cards_are_counted_at_eight_and_proved_none():
    rules = _variant(**BOMB_557)
    assert _sizes(rules, HAND_557) == {("run", 8): {8}, ("set", 3): {3}}
    assert _program(rules, HAND_557) is None
