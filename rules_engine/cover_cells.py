"""What the runs-all-together bound (walk_cover.py) counts over the cells ahead: the fewest
empty cells of a run's best stretch, the naturals of each rank from each cell on, and the
sets' largest counts, where no set lays more of one rank's naturals for the jokers than
the largest set's size (four 3s and two 6s make three 3s and two 6s and a joker, not two
full sets)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

NO_WAY = 99  # more jokers than any hand holds
RANKS = 13


def best_stretches(cells: Sequence[int], fits: Sequence[bool], size: int) -> list[int]:
    """For each cell, the fewest empty cells of a stretch of `size` cells of one suit from
    there on, where a run may lie (NO_WAY where none may)."""
    best = [NO_WAY] * (len(cells) + 1)
    for start in range(len(cells) - 1, -1, -1):
        here = NO_WAY
        if fits[start]:
            here = sum(not cells[c] for c in range(start, start + size))
        best[start] = min(here, best[start + 1])
    return best


def kept(tops: tuple[int, ...], count: int, most: int, chunk: int) -> tuple[int, ...]:
    """The sets' largest counts (smallest first, as many as there are sets), with one rank's
    `count` more: at most `most` of a rank, in pieces of `chunk` (the largest set's size)."""
    count = min(count, most)
    while count > 0:
        piece = min(count, chunk)
        if piece <= tops[0]:
            break
        tops = tuple(sorted((*tops[1:], piece)))
        count -= piece
    return tops


def sets_least(counts: list[int], tops: tuple[int, ...], most: int, chunk: int, cards: int) -> int:
    """The fewest jokers sets of `cards` cards in all take, with the largest counts `tops`
    settled and each rank's `counts` still to come."""
    sets = len(tops)
    pieces = list(tops)
    whole = pieces.count(chunk)
    for count in counts:
        if count > 0:
            full, part = divmod(min(count, most), chunk)
            whole += full
            if whole >= sets:  # as many sets' worth as there are sets
                return max(0, cards - sets * chunk)
            pieces += [chunk] * full
            if part:
                pieces.append(part)
    pieces.sort()
    return max(0, cards - sum(pieces[-sets:]))


def ahead_counts(cells: Sequence[int], ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """For each cell (and the end), the naturals of each rank (1-13) from it on."""
    counts = [0] * RANKS
    out = [tuple(counts)]
    for cell in range(len(cells) - 1, -1, -1):
        counts[ranks[cell] - 1] += cells[cell]
        out.append(tuple(counts))
    out.reverse()
    return out


def added(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Two covers of the cells ahead, cell by cell."""
    if len(a) < len(b):
        a, b = b, a
    return (*map(add, a, b), *a[len(b) :])
