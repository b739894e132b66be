"""Who leads: totals, ranks and gaps, as every page and the offline phone read them.

A player who left keeps their total and is ranked after everyone still at the table, and the
gaps are measured from the leader at the table, never from a total that left. The page's
offline standings apply the same rule from `Table.scoring()["ranked_after"]`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .scoring import ranking


@dataclass(frozen=True)
class Standings:
    totals: list[int]
    ranks: list[int]
    behind: list[int]  # points behind the leader, 0 for the leaders
    leaders: list[int]  # seats ranked first; none before the first round


def standings(
    totals: Sequence[int], lowest_wins: bool, left: Sequence[int], played: bool
) -> Standings:
    """The standings of these totals, the seats in `left` ranked after the others."""
    seats = range(len(totals))
    stayed = [seat for seat in seats if seat not in left]
    gone = [seat for seat in seats if seat in left]
    groups = [stayed, gone] if stayed else [gone]
    ranks = [0] * len(totals)
    offset = 0
    for group in groups:
        for seat, rank in zip(group, ranking([totals[s] for s in group], lowest_wins), strict=True):
            ranks[seat] = rank + offset
        offset += len(group)
    leaders = [seat for seat in seats if ranks[seat] == 1] if played else []
    best = totals[min(seats, key=lambda s: ranks[s])] if totals else 0
    behind = [abs(total - best) for total in totals]
    return Standings(list(totals), ranks, behind, leaders)
