"""The finder's last resort (solver.py): where every search ran out of its budget, each
way of the contract is asked as an integer program (lay_program.py), within its own small
budget (limits.py). A lay-down it finds is given only once the contract check passes it;
"none" is proof, the program allowing every lay-down the rules allow."""

from __future__ import annotations

import time

from .cards import Card
from .contracts import check_contract
from .deuces import deuces_as_themselves, deuces_placed
from .errors import RulesError, SearchTooLarge
from .lay_program import LayProgram
from .lay_program_cards import NotDealt, deal
from .limits import PROGRAM_NODES, PROGRAM_SECONDS, HandLimits
from .program import load_highs
from .systems import Contract, RuleSystem

Melds = tuple[tuple[Card, ...], ...]


def programmed(
    rules: RuleSystem,
    round_number: int,
    ways: tuple[Contract, ...],
    hand: list[Card],
    limits: HandLimits | None = None,
    seconds: float | None = None,
    nodes: int | None = None,
) -> Melds | None:
    """A lay-down of one of the ways from the hand (wild deuces natural, each joker a
    `Card(0)`), or None where none can be laid; SearchTooLarge past the budget. `rules`:
    the round's. The budget: `seconds` and `nodes`, or limits.py's."""
    nodes = PROGRAM_NODES if nodes is None else nodes
    if rules.meld_rules.min_naturals < 1:  # a meld of jokers alone has no rank nor suit to count
        raise SearchTooLarge(nodes=nodes)
    load_highs()  # once a process (a server loads it before forking): no part of the budget
    deadline = time.perf_counter() + (PROGRAM_SECONDS if seconds is None else seconds)
    undecided = False
    for way in ways:
        program = LayProgram(rules, way.requirements, hand).build(way.lay_all_cards)
        try:
            values = program.p.solve(nodes, deadline - time.perf_counter())
        except SearchTooLarge:
            undecided = True  # a later way may still lay
            continue
        if values is None:
            continue
        try:
            melds, wild = deal(program, values, hand)
        except NotDealt:
            undecided = True
            continue
        laid = deuces_placed(tuple(tuple(m) for m in melds), wild)
        try:
            check = check_contract(rules, round_number, [list(m) for m in laid], limits=limits)
        except RulesError:  # more of a card than the table's decks: never given
            check = None
        if check is None or not check.valid:  # dealt against a rule the counts cannot see
            undecided = True
            continue
        return deuces_as_themselves(check.melds)  # as the check read each wild deuce
    if undecided:
        raise SearchTooLarge(nodes=nodes)
    return None
