"""The states of a run the walk along the ranks keeps (run_walk.py).

A run open at some rank is its requirement's kind, its length and jokers so far, and, where
jokers may not sit side by side, whether its last card is one. Most of that does not change
what it may still become: two runs of one kind whose futures close alike (the same cards and
jokers added make both fit or neither) are one state, so Liverpool's run of 4 only tells
whether it reached 4 cards and holds a natural one, whatever it holds past that. The table
of those states is made once per meld rules and contract.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .contracts import fits
from .systems import MeldRules, Requirement

RUN_MOST = 14  # the longest run: A-2-...-K-A


@dataclass(frozen=True)
class RunStates:
    """The states of an open run, numbered; what each may do."""

    kind: tuple[int, ...]  # the requirement kind of each state
    closes: tuple[bool, ...]  # may end here
    natural: tuple[int, ...]  # the state after one more natural card (-1: none fits)
    joker: tuple[int, ...]  # ...after one more joker (-1: none fits)
    short: tuple[int, ...]  # the fewest cards more before it may end
    naturals: tuple[int, ...]  # ...and the fewest natural cards of them
    # ...where they follow on from its last card: where jokers may not sit side by side,
    # a natural at every other one at least (a piece of a run across the corner is not
    # followed on by the other piece's first card: `naturals` counts for it).
    in_a_row: tuple[int, ...]
    start: dict[tuple[int, bool], int]  # (kind, a joker first) -> state
    # Round the corner, a run's two ends are walked apart (run_walk.py): whether its last
    # card is a joker (where jokers may not sit side by side), and the state once it is not.
    last: tuple[bool, ...] = ()
    rested: tuple[int, ...] = ()


@cache
def run_states(meld: MeldRules, reqs: tuple[Requirement, ...]) -> RunStates:
    """The states of runs of these requirements (each one kind) under these meld rules."""
    # A run holds a natural card whatever the rules (the table reads a run from its cards).
    most = [min(meld.jokers_most("run", n), n - 1) for n in range(2 * RUN_MOST + 3)]
    apart = not meld.jokers_side_by_side
    ids: dict[tuple[int, int, int, bool], int] = {}
    info: list[tuple[int, bool, int, int, int]] = []  # kind, closes, short, naturals (twice)
    edges: dict[int, list[int]] = {}
    canon: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    dead: set[tuple[int, int, int]] = set()
    for kind, req in enumerate(reqs):
        fit = [fits(req, n) for n in range(2 * RUN_MOST + 3)]
        seen: dict[tuple[int, ...], tuple[int, int, int]] = {}
        for length in range(1, RUN_MOST + 3):
            for used in range(length + 1):
                # Its future: for m cards more, the most jokers among them that fit (0 to
                # that many, -1: none, m cards more never fit).
                future = tuple(
                    max(-1, min(more, most[length + more] - used)) if fit[length + more] else -1
                    for more in range(RUN_MOST + 1)
                )
                me = seen.setdefault(future, (kind, length, used))
                canon[(kind, length, used)] = me
                ways = [(m, j) for m, j in enumerate(future) if j >= 0]
                if not ways:
                    dead.add(me)
                elif me == (kind, length, used):
                    for last in (False, True) if apart else (False,):
                        ids[(*me, last)] = len(info)
                        short = ways[0][0]
                        naturals = min(m - j for m, j in ways)
                        # Of m cards more in a row, a joker at every other one at most
                        # where jokers may not sit side by side.
                        spaced = (
                            min(max(m - j, (m + last) // 2) for m, j in ways) if apart else naturals
                        )
                        info.append((kind, future[0] >= 0, short, naturals, spaced))
    for (kind, length, used, last), number in ids.items():
        grown = []
        for joker in (False, True):
            after = canon.get((kind, length + 1, used + joker))
            if after is None or after in dead or (joker and last):
                grown.append(-1)
            else:
                grown.append(ids[(*after, joker and apart)])
        edges[number] = grown
    order = sorted(ids.values())
    start = {
        (kind, joker): ids[(*canon[(kind, 1, int(joker))], joker and apart)]
        for kind in range(len(reqs))
        for joker in (False, True)
        if canon[(kind, 1, int(joker))] not in dead
    }
    return RunStates(
        kind=tuple(info[i][0] for i in order),
        closes=tuple(info[i][1] for i in order),
        natural=tuple(edges[i][0] for i in order),
        joker=tuple(edges[i][1] for i in order),
        short=tuple(info[i][2] for i in order),
        naturals=tuple(info[i][3] for i in order),
        in_a_row=tuple(info[i][4] for i in order),
        start=start,
        last=tuple(key[3] for key in sorted(ids, key=ids.__getitem__)),
        rested=tuple(ids[(*key[:3], False)] for key in sorted(ids, key=ids.__getitem__)),
    )
