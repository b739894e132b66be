"""Where a contract has several ways to meet it (solver.py): each glanced at first, then
searched in turn, so that one way the searches run out on does not hide a later one."""

from __future__ import annotations

from collections.abc import Callable

from .card_search import glance_cards
from .cards import Card
from .errors import SearchTooLarge
from .limits import Budget
from .systems import Contract, RuleSystem

Melds = tuple[tuple[Card, ...], ...]


def glance_ways(
    rules: RuleSystem, ways: tuple[Contract, ...], hand: list[Card], budget: Budget
) -> tuple[Contract | None, Melds | None, tuple[Contract, ...]]:
    """Where a contract has several ways, each searched card by card first in a small share
    of that search's budget (half of it in all): a later way that lays is found before the
    first spends every budget proving it cannot. The way laid and its lay-down, or the
    ways left to search (not those the glance proved cannot be laid)."""
    share = budget.left // (2 * len(ways))
    if len(ways) < 2 or share <= 0:
        return None, None, ways
    left = []
    for way in ways:
        try:
            found = glance_cards(rules, way, hand, budget, share)
        except SearchTooLarge:
            left.append(way)
            continue
        if found is not None:
            return way, found, ()
    return None, None, tuple(left)


def first_laid(
    ways: tuple[Contract, ...], search: Callable[[Contract], Melds | None]
) -> tuple[Contract | None, Melds | None, bool]:
    """The first way `search` lays, with its lay-down, and whether a way was left
    undecided: a way the search runs out on does not hide the ways after it."""
    undecided = False
    for way in ways:
        try:
            found = search(way)
        except SearchTooLarge:
            undecided = True
            continue
        if found is not None:
            return way, found, undecided
    return None, None, undecided
