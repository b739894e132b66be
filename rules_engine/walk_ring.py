"""The question of the whole hand, asked once of a walk along the ranks (run_walk.py) that
has not decided in its first states: the bound of the runs all together (walk_cover.py)
from the first rank, before a single state is followed further.

Round the corner, every suit is a ring of 13 ranks, and the walk's own question can only
be asked in its last suit, where no run may still cross the corner. Of the whole hand it
is asked with each suit cut open at one place, every choice of runs across that place
tried: each run across is the piece before the place, to the cut suit's end, and the piece
after it, from its start. The place is where the runs across take the most jokers at the
least, so that few choices are left within the jokers; where two ranks holding no card sit
side by side and jokers may not, no run crosses between them and there is one choice, none.

The sets are not in this question: the fewest jokers they take with every natural of the
hand (walk_sets.py) are left out of the runs' jokers. Where the hand holds just the cards
its melds need and the contract has no set, every natural must go to a run: each cell's
naturals are then runs that must lie across it, and a suit takes at least as many runs as
its fullest cell holds naturals (three red 7s beside runs of one colour: three red runs).

On the bench's hands of every wild deuce and joker, two hands the walk gave up on after
9,000 units are decided so in 521 and 1,271 (bench/RESULTS.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from .cover_cells import NO_WAY
from .errors import SearchTooLarge
from .limits import Budget
from .walk_cover import Cover
from .walk_fits import most_empty, ring_fits, stretch_fits

if TYPE_CHECKING:
    from .walk_steps import Walk

RANKS = 13
CHOICES = 200  # the most choices of runs across the place a suit is cut, to be asked
# Its units, of the walk's: the bench's hands it decides take 1,271 at most, and where it
# decides nothing the walk has the rest (with 4,000, one hostile hand the walk decides in
# 5,663 ran out: seed 47 bench-359 round 4).
RING_NODES = 2_000
# A run across the place a suit is cut: its kind, the cover it gives the suit's cells (from
# the place on), and the jokers it takes at least (its cells with no natural).
Across = tuple[int, tuple[int, ...], int]


class Ring(Cover):
    """The suits of a walk round the corner, each cut open at one place: one Cover over a
    block of 13 cells for each suit, each block followed by a cell of nothing that ends
    the suit; entering a suit, the runs across its place are chosen."""

    def __init__(
        self,
        suits: Sequence[Sequence[int]],
        live: Sequence[Sequence[bool]],
        sizes: Sequence[int],
        most: Sequence[int],
        apart: bool,
        budget: Budget,
        every_natural: bool,
    ) -> None:
        cells: list[int] = []
        alive: list[bool] = []
        self.blocks: list[tuple[int, list[Across]]] = []
        exits: dict[int, int] = {}  # the cell after a suit's block -> the suit
        self.runs_in: list[int] = []  # where every natural goes to a run: the fewest runs
        for held, here in zip(suits, live, strict=True):
            place, across = _cut(held, here, sizes, most, apart)
            start = len(cells)
            cells += [held[(place + i) % RANKS] for i in range(RANKS)] + [0]
            alive += [here[(place + i) % RANKS] for i in range(RANKS)] + [False]
            exits[start + RANKS] = len(self.blocks)
            self.blocks.append((start, across))
            self.runs_in.append(max(held) if every_natural else 0)
        ends = [(i // (RANKS + 1)) * (RANKS + 1) + RANKS for i in range(len(cells))]
        fits = [
            stretch_fits(alive, ends, size, m, apart) for size, m in zip(sizes, most, strict=True)
        ]
        super().__init__(cells, ends, sizes, 1, [0], Budget(0), fits=fits)
        self.budget = budget
        self.best = [self._best_ahead(kind) for kind in range(len(sizes))]
        self.exits = exits
        if every_natural:
            self.must = cells
            after = [sum(self.runs_in[suit + 1 :]) for suit in range(len(self.blocks))]
            self.runs_after = [after[cell // (RANKS + 1)] for cell in range(len(cells))]

    def _best_ahead(self, kind: int) -> list[int]:
        """Cover's fewest empty cells of a stretch for a run of `kind` from each cell on
        (the suit's own and every suit's after), where in the suits after its own the
        run may also cross the place each is cut."""
        best = list(self.best[kind])
        across_after = NO_WAY
        for start, across in reversed(self.blocks):
            for cell in range(start, start + RANKS + 1):  # the suit's cells and its end
                best[cell] = min(best[cell], across_after)
            here = min((cost for k, _, cost in across if k == kind), default=NO_WAY)
            across_after = min(across_after, here)
        return best

    def lays_from_the_start(self, room: tuple[int, ...], jokers: int) -> bool:
        """Whether the runs still to lay (`room`, of each kind) may take no more than
        `jokers` (True where the budget ends first, or where a suit has more than CHOICES
        choices of runs across its place: on suits where most ranks hold naturals, a
        question that costs its whole budget and decides nothing)."""
        try:
            for _, across in self.blocks:
                for count, _ in enumerate(_chosen(across, list(room), jokers, 0)):
                    self.budget.spend()
                    if count > CHOICES:
                        return True
            return self._enter(0, room, jokers)
        except SearchTooLarge:
            return True

    def _enter(self, suit: int, room: tuple[int, ...], jokers: int) -> bool:
        """Whether suit `suit` and those after lay the runs of `room`, with every choice
        of runs across the place the suit is cut."""
        if sum(self.runs_in[suit:]) > sum(room):
            return False
        start, across = self.blocks[suit]
        for chosen in _chosen(across, list(room), jokers, 0):
            self.budget.spend()
            cover = [0] * RANKS
            left = list(room)
            for kind, covers, _ in chosen:
                left[kind] -= 1
                for cell, n in enumerate(covers):
                    cover[cell] += n
            while cover and not cover[-1]:
                cover.pop()
            if self._lays((start, tuple(cover), tuple(left), (), (), 0), jokers):
                return True
        return False

    def _next_suit(self, suit: int, room: tuple[int, ...], jokers: int) -> bool:
        suit += 1
        return not any(room) if suit == len(self.blocks) else self._enter(suit, room, jokers)


def _cut(
    held: Sequence[int],
    live: Sequence[bool],
    sizes: Sequence[int],
    most: Sequence[int],
    apart: bool,
) -> tuple[int, list[Across]]:
    """Where to cut a suit open: the place the runs across take the most jokers at the
    least (none may cross, best), and of those, the fewest ways across."""
    best: tuple[tuple[int, int], int, list[Across]] | None = None
    for place in range(RANKS):
        across = _across(held, live, sizes, most, apart, place)
        rank = (-min((cost for _, _, cost in across), default=NO_WAY), len(across))
        if best is None or rank < best[0]:
            best = (rank, place, across)
    assert best is not None
    return best[1], best[2]


def _across(
    held: Sequence[int],
    live: Sequence[bool],
    sizes: Sequence[int],
    most: Sequence[int],
    apart: bool,
    place: int,
) -> list[Across]:
    """The runs that may cross the place before cell `place` of a suit: each kind with
    each length of the piece after the place, the cells (from `place` on) they cover,
    and their cells with no natural, fewest first."""
    out = []
    for kind, size in enumerate(sizes):
        if size > RANKS:
            continue
        for after in range(1, size):
            cells = [(place - size + after + i) % RANKS for i in range(size)]
            if ring_fits([live[c] for c in cells], most[kind], apart):
                covers = [0] * RANKS
                for c in cells:
                    covers[(c - place) % RANKS] = 1
                out.append((kind, tuple(covers), sum(not held[c] for c in cells)))
    out.sort(key=lambda way: way[2])
    return out


def _chosen(
    across: list[Across], room: list[int], jokers: int, first: int
) -> Iterator[tuple[Across, ...]]:
    """Every choice of runs across a place (from option `first` on, each as often as the
    runs still to lay allow) that takes no more than `jokers` at the least."""
    yield ()
    for option in range(first, len(across)):
        kind, _, cost = across[option]
        if cost > jokers:
            break
        if not room[kind]:
            continue
        room[kind] -= 1
        for more in _chosen(across, room, jokers - cost, option):
            yield (across[option], *more)
        room[kind] += 1


def make_cover(
    walk: Walk,
    suits: list[list[int]],
    cards: list[list[int]],
    ranks: list[int],
) -> Cover:
    """The walk's Cover (walk_cover.py), from the naturals of each suit at each position
    and its cards there, wild deuces included."""
    live = [[count > 0 for count in suit] for suit in cards]
    places = len(ranks)
    cells = [count for suit in suits for count in suit]
    ends = [(i // places + 1) * places for i in range(len(cells))]
    alive = [here for suit in live for here in suit]
    most = [most_empty(walk.meld, size, exact) for size, exact in walk.kinds]
    apart = not walk.meld.jokers_side_by_side
    fits = [
        stretch_fits(alive, ends, size, m, apart) for size, m in zip(walk.whole, most, strict=True)
    ]
    sets = walk.sets
    pair = apart and not walk.circular  # (round the corner: not asked)
    cover = Cover(
        cells,
        ends,
        walk.whole,
        walk.states,
        walk.short_of,
        walk.budget,
        (0, 0, 0, 0) if sets.empty else (sets.sets, sets.cards, sets.most, sets.chunk),
        ranks * len(suits),
        fits,
        [n for suit in cards for n in suit] if pair else None,
        walk.runs.last if pair else (),
    )
    walk.held = (suits, live, most, apart)
    return cover


def may_lay(walk: Walk) -> bool:
    """The bound asked once of the whole walk, from its first rank: whether its runs and
    sets may take no more than its jokers. Round the corner, of each suit cut open
    (`Ring`); else of a walk of one suit."""
    cover = walk.cover
    if cover is None:
        return True
    start = walk.sets.start()
    if walk.circular:
        assert walk.held is not None
        suits, live, most, apart = walk.held
        own = cover.budget
        budget = Budget(max(0, min(own.left, RING_NODES)))
        every = walk.room == 0 and walk.sets.empty
        ring = Ring(suits, live, walk.whole, most, apart, budget, every)
        coming = [0] * RANKS
        for cell, count in enumerate(cover.cells):
            coming[cover.ranks[cell] - 1] += count
        plain = walk.sets.jokers_at_least(start, tuple(coming))
        try:
            return ring.lays_from_the_start(walk.need, walk.jokers - plain)
        finally:
            own.charge(budget.used)
            walk.budget.charge(budget.used)
            cover.free += budget.used
    if cover.ends[0] != len(cover.cells):
        return True
    return cover.lays_at_all(cover.ends[0], walk.need, walk.jokers, (start[0], start[1]))
