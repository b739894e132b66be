"""The fewest jokers the runs still to start take, for the walk along the ranks (run_walk.py).

A run not yet started lies, whatever the walk does, within the ranks still ahead in the suit
being walked or within a suit still to walk, and it takes a joker at each rank of it the
suit holds no natural of. Its fewest jokers are those of the best stretch of its size there
(a longer run holds such a stretch, with as many jokers or more). A wild deuce counts as a
joker here: played as a natural 2 it still costs the walk one (walk_steps.py), though in
the meld it is a natural card (a run of just its size holds no more jokers than the rules
let it). The runs still to start each take their fewest at least, beside what the open
runs and the sets take.
"""

from __future__ import annotations

from collections.abc import Sequence

NO_ROOM = 99  # more jokers than any hand holds: a run of that size fits nowhere there


# What a suit holds at a position: nothing, only wild deuces, or a natural card of its own.
NOTHING, DEUCE, NATURAL = 0, 1, 2


def stretch_jokers(held: Sequence[int], size: int, ring: bool, most: int | None) -> list[int]:
    """For each place a run of `size` may start along `held` (what the suit holds at each
    position), the jokers it costs the walk; on a ring it may go round the end. With `most`
    (a run of just that size), a stretch holding more jokers than that is no room."""
    places = len(held)
    starts = range(places) if ring and size <= places else range(places - size + 1)
    out = []
    for start in starts:
        stretch = [held[(start + d) % places] for d in range(size)]
        if most is not None and size - sum(map(bool, stretch)) > most:
            out.append(NO_ROOM)
        else:
            out.append(size - stretch.count(NATURAL))
    return out


def start_costs(
    kinds: Sequence[tuple[int, bool, int]], suits: Sequence[Sequence[int]], ring: bool
) -> list[list[tuple[int, ...]]]:
    """For each suit in the walk's order and each of its positions, the fewest jokers a run
    of each kind (size, exact, most jokers) still to start takes: after that position in
    the suit (never round the end: a run across the corner begins at the ace) or anywhere
    in a suit walked after it."""
    later = [[NO_ROOM] * len(kinds)]  # after the last suit: none
    for held in reversed(suits[1:]):
        best = [
            min(stretch_jokers(held, size, ring, most if exact else None), default=NO_ROOM)
            for size, exact, most in kinds
        ]
        later.append([min(a, b) for a, b in zip(best, later[-1], strict=True)])
    later.reverse()
    out = []
    for index, held in enumerate(suits):
        places = len(held)
        # For each kind, the best stretch starting at each position or after it.
        after = []
        for size, exact, most in kinds:
            costs = stretch_jokers(held, size, False, most if exact else None)
            costs += [NO_ROOM] * (places + 1 - len(costs))
            for i in range(len(costs) - 2, -1, -1):
                costs[i] = min(costs[i], costs[i + 1])
            after.append(costs)
        out.append(
            [
                tuple(min(after[k][i + 1], later[index][k]) for k in range(len(kinds)))
                for i in range(places)
            ]
        )
    return out
