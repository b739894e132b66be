"""Where a run may lie at all, for the bounds of the walk along the ranks (walk_cover.py,
walk_ring.py): a cell holding no card of its rank and suit (no natural, no wild deuce that
could be played as the 2) takes a joker in every run across it, so a stretch of cells is no
place for a run where those cells are more than the jokers one run may hold, or, where
jokers may not sit side by side, where two of them are next to each other.

A run longer than its fewest cards is counted by the bounds as a stretch of its fewest
cards within it: that stretch holds no more jokers than the whole run, which may hold as
many as its length allows, and no two of its jokers are side by side where the run's are
not. "No more jokers than naturals" holds of the whole run only, so it counts only where
the run is exactly its size.
"""

from __future__ import annotations

from collections.abc import Sequence

from .systems import MeldRules


def most_empty(meld: MeldRules, size: int, exact: bool) -> int:
    """The most empty cells a stretch of `size` cells may hold for a run of that kind."""
    if exact:
        return min(size, meld.jokers_most("run", size))
    longer = max(meld.jokers_most("run", length) for length in range(size, meld.run_max + 1))
    return max(0, min(size, longer))


def stretch_fits(
    live: Sequence[bool], ends: Sequence[int], size: int, most: int, apart: bool
) -> list[bool]:
    """For each cell, whether a run of `size` may lie on the stretch from it: within its
    suit (`ends`), no more than `most` empty cells (`live`: the cell holds a card), and,
    where `apart`, no two empty cells side by side."""
    fits = []
    for start in range(len(live)):
        stop = start + size
        if stop > ends[start]:
            fits.append(False)
            continue
        fits.append(ring_fits([live[cell] for cell in range(start, stop)], most, apart))
    return fits


def ring_fits(cells: Sequence[bool], most: int, apart: bool) -> bool:
    """Whether a run may lie on these cells in their order (for a run across the place a
    suit is cut, from the first cell of its piece before the place to the last after it)."""
    if len(cells) - sum(cells) > most:
        return False
    return not apart or all(a or b for a, b in zip(cells, cells[1:], strict=False))
