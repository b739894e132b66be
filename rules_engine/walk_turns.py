"""Several walks along the ranks (run_walk.py), one for each way of a contract, taking turns.

A contract's ways were walked one after the other, each in an equal share of what was left:
a way that needs more than its share stayed undecided even where the ways after it took
nothing. Each way now walks a short turn, then those still undecided a turn twice as long,
and so on, each going on where it stopped (`Walking.go`): a way takes what it needs of
the budget, the others what they need, and none is walked twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import Card
from .errors import SearchTooLarge
from .limits import Budget
from .run_walk import Walking

Melds = tuple[tuple[Card, ...], ...]


def walk_in_turns(
    walks: Sequence[Callable[[], Walking]], budgets: Sequence[tuple[Budget, ...]]
) -> tuple[int | None, Melds | None, bool]:
    """(the way laid, its lay-down, whether a way stayed undecided), walking each way
    (`walks`: made at its first turn) in turns, each turn charged to the way's budgets."""
    count = len(walks)
    walkers: list[Walking | None] = [None] * count
    undecided = list(range(count))
    most = min(b.left for way in budgets for b in way)
    turn = max(1, most // (2 * count)) if count > 1 else None
    while undecided:
        walked = False
        for way in list(undecided):
            left = min(b.left for b in budgets[way])
            if left <= 0:
                continue
            share = Budget(left if turn is None else min(turn, left))
            walker = walkers[way] = walkers[way] or walks[way]()
            try:
                found = walker.go(share)
            except SearchTooLarge:
                walked = True
                continue
            finally:  # at least a node a turn: a turn cut short at once still ends the turns
                for budget in budgets[way]:
                    budget.charge(max(1, share.size - share.left))
            undecided.remove(way)
            if found is not None:
                return way, found, bool(undecided)
        if not walked:
            break
        turn = None if turn is None else turn * 2
    return None, None, bool(undecided)
