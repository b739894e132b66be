"""A solution of the lay-down's integer program (lay_program.py) dealt out into melds of the
hand's own cards.

The program counts alike melds together: so many runs on a window with so many naturals in
each cell, so many sets of a rank with so many naturals of each suit. Dealing gives each
cell's naturals first to the runs that need one there (a joker just before, where jokers may
not sit side by side), then to those holding the most jokers; each suit's naturals to the
set furthest from its fewest naturals. A deal that breaks a rule is caught by the contract
check the finder makes before giving a lay-down (solver.py)."""

from __future__ import annotations

from .cards import Card
from .lay_program import LayProgram, SetRank, Window


class NotDealt(Exception):
    """The counts could not be dealt into melds that each keep the rules."""


def deal(
    program: LayProgram, values: list[int], hand: list[Card]
) -> tuple[list[list[Card]], list[str]]:
    """The melds (each joker, and each wild deuce playing wild, a `Card(0)` in its place)
    and the suits of the deuces playing wild."""
    pool: dict[tuple[int, str], list[Card]] = {}
    for card in hand:
        if not card.is_joker:
            pool.setdefault((card.rank, card.suit), []).append(card)
    wild = [suit for suit, d in program.deuces.items() for _ in range(values[d])]
    taken = {key: values[w] for key, w in program.taken.items()}
    melds: list[list[Card]] = []
    for group in program.groups:
        for made in group.ranks:
            melds += _sets(program, made, values, pool)
        for window in group.windows:
            for run in _runs(program, window, values):
                melds.append([_own(program, pool, taken, c, window.letter) for c in run])
    return melds, wild


def _runs(program: LayProgram, window: Window, values: list[int]) -> list[list[int | None]]:
    """The runs on a window, each cell a position holding a natural, or None (a joker)."""
    meld = program.meld
    runs: list[list[int | None]] = [[] for _ in range(values[window.count])]
    if not runs:
        return []
    for q in window.cells:
        v = window.naturals.get(q)
        given = values[v] if v is not None else 0

        def need(run: list[int | None]) -> tuple[bool, int]:
            after_joker = bool(run) and run[-1] is None and not meld.jokers_side_by_side
            return (after_joker, sum(c is None for c in run))

        order = sorted(range(len(runs)), key=lambda i: need(runs[i]), reverse=True)
        natural = set(order[:given])
        for i, run in enumerate(runs):
            run.append(q if i in natural else None)
    return runs


def _own(
    program: LayProgram,
    pool: dict[tuple[int, str], list[Card]],
    taken: dict[tuple[int, str], int],
    position: int | None,
    letter: str,
) -> Card:
    if position is None:
        return Card(0)
    rank = program.rank_at(position)
    for (r, suit), left in taken.items():
        if r == rank and left and program.letter(r, suit) == letter:
            taken[(r, suit)] -= 1
            return _take(pool, (r, suit))
    raise NotDealt


def _sets(
    program: LayProgram, made: SetRank, values: list[int], pool: dict[tuple[int, str], list[Card]]
) -> list[list[Card]]:
    meld = program.meld
    sizes = [s for s, v in made.sizes.items() for _ in range(values[v])]
    sets: list[list[Card]] = [[] for _ in sizes]
    least = [max(s - meld.jokers_most("set", s), meld.min_naturals) for s in sizes]
    for suit, t in made.naturals.items():
        for _ in range(values[t]):
            open_ = [
                i
                for i, cards in enumerate(sets)
                if len(cards) < sizes[i]
                and not (meld.set_distinct_suits and any(c.suit == suit for c in cards))
            ]
            if not open_:
                raise NotDealt
            i = max(open_, key=lambda i: least[i] - len(sets[i]))
            sets[i].append(_take(pool, (made.rank, suit)))
    for cards, size, fewest in zip(sets, sizes, least, strict=True):
        if len(cards) < fewest:
            raise NotDealt
        cards += [Card(0)] * (size - len(cards))
    return sets


def _take(pool: dict[tuple[int, str], list[Card]], key: tuple[int, str]) -> Card:
    """One of the hand's cards of this rank and suit (counts the solver rounded wrong would
    ask one too many: that deal is not made)."""
    if not pool.get(key):
        raise NotDealt
    return pool[key].pop()
