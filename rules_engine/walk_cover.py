"""The fewest jokers the runs still to lay take, all together, for the walk along the ranks
(run_walk.py): the walk's own question with most joker rules left out.

Each run covers a stretch of ranks of one suit, and at every rank the runs cover past the
naturals there, one of them takes a joker (a wild deuce played as a 2 costs the walk one as
well, so it is no natural here). The open runs must cover the ranks until they may end, and
the runs still to start may lie anywhere ahead, each in one suit; they share the naturals.
Walking the cells ahead (the ranks left in this suit, then each suit still to walk) with,
at each, how many runs lie over each cell still to come and the runs still to start, gives
the fewest jokers exactly for this looser question, so never more than any lay-down takes:
a state needing more than the jokers it has left lays nothing. Where the bounds run by run
(walk_bounds.py, walk_costs.py) let each run count a natural another takes too, this counts
it once: beside 25 clubs and at most 4 jokers, two runs of 8 and three of 4 need 5 jokers.

The sets may be counted too: each set holds one rank's naturals, a rank's count being what
the suits walked before left of it and what the runs leave of each of its cells ahead (the
runs take a cell's naturals first: one a run leaves to a set saves the set a joker and
costs the run one), settled at the rank's last cell; the sets hold no more than the
largest counts, and no set lays more of them for the jokers than the largest set's size,
so a rank of more counts as several sets' (four 3s and two 6s: three 3s and two 6s and a
joker). Counted at its first cell ahead instead, a rank's naturals in the suits after were
the sets' and the runs' there both. The sets are counted in the last suit, and in every
suit of a walk of two (runs of one colour, or of alternating colours); elsewhere they keep
their own bound (walk_sets.py), added to this one, since over more suits the question costs
more than the states it drops save (every wild deuce of four suits against three runs and
three sets: 12,357 units, against 8,003).

Where jokers may not sit side by side, a run that takes a joker at a cell takes a natural
at the next: at each cell, the jokers past its naturals (a wild deuce there may be played
as the 2: a joker spent, but no joker beside another) go first to the runs that end there,
never to a run whose joker came just before, and the rest are runs that need a natural at
the next cell. Counted so, bench-600's hand (every black deuce wild beside runs of
alternating colours and sets, one card of room) needs 4,681 units, not 14,526.

A run still to start lies only where it may (walk_fits.py): a stretch with more cells
holding no card of their rank and suit than the jokers one run may hold, or, where jokers
may not sit side by side, with two such cells side by side, is no place for it.

Round the corner, later suits may hold runs across it: there, the walk asks only in the
last suit, where a run waiting across the corner covers the ranks before the king; the
whole hand is asked once with each suit cut open (walk_ring.py).

The question is a walk of its own, asked of many states: where the jokers are enough it
looks first for a way that starts as many runs at each cell as its naturals allow, and
where they are not it must meet every way. It has a budget of its own within the walk's,
and where it drops no state for each TRIAL units it spends (on hands whose runs share few
naturals) it is asked no more.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from .cover_cells import NO_WAY, added, ahead_counts, best_stretches, kept, sets_least
from .errors import SearchTooLarge
from .limits import COVER_NODES, Budget
from .walk_corner import HEAD, TAIL, WAITING

# A question: the first cell ahead; the runs under way over each cell from it; the runs of
# each kind still to start; the sets' largest counts so far (smallest first); each rank's
# count still to settle (ranks 1-13); the runs under way whose joker came just before.
Ahead = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
TRIAL = 500  # the units it may spend for each state it drops, a state near the start more
WHOLE = 4_000  # the most the question of the whole walk may spend


class Cover:
    """The cells ahead of one walk and the fewest jokers from each, made once for every
    state that asks the same (each made counted in the walk's budget)."""

    def __init__(
        self,
        cells: Sequence[int],
        ends: Sequence[int],
        sizes: Sequence[int],
        states: int,
        short_of: Sequence[int],
        budget: Budget,
        sets: tuple[int, int, int, int] = (0, 0, 0, 0),
        ranks: Sequence[int] = (),
        fits: Sequence[Sequence[bool]] | None = None,
        solid: Sequence[int] | None = None,
        last: Sequence[bool] = (),
    ) -> None:
        self.cells = cells  # the naturals at each cell, suit after suit
        # Where jokers may not sit side by side: the cards of each cell a run may hold
        # without a joker (its naturals and wild deuces), and whether a run's last card
        # is a joker, by its state.
        self.solid = solid
        self.last = last
        self.ends = ends  # for each cell, where its suit's cells end
        self.suits = len(cells) // ends[0] if cells else 0
        self.sizes = sizes  # the fewest cards of a run of each kind
        self.states = states
        self.short_of = short_of
        # The sets, asked in the last suit: how many, the fewest cards they hold, the most
        # naturals one rank gives them and the largest set's size; the rank (1-13) of each
        # cell.
        self.set_count, self.set_cards, self.set_most, self.set_chunk = sets
        self.ranks = ranks
        # For each rank, its last cell (there the sets' count of it is settled); for each
        # cell, the naturals of each rank from it on.
        self.last_cell = {rank: cell for cell, rank in enumerate(ranks)}
        self.ahead = ahead_counts(cells, ranks) if sets[0] else []
        self.walk_budget = budget  # charged with what each question cost
        self.budget = Budget(COVER_NODES)  # its own: a question is never cut short
        self.dropped = 0  # the states it found could lay nothing (nearer the start: more)
        self.free = 0  # spent on the question of the whole walk (`lays_at_all`)
        self._known: dict[tuple[object, ...], tuple[int, int]] = {}
        self._ways: dict[
            tuple[object, ...], list[tuple[int, tuple[int, ...], tuple[int, ...]]]
        ] = {}
        # For each kind and cell, whether a run may lie on the stretch from it (walk_fits.py)
        self.fits = fits or [[c + size <= ends[c] for c in range(len(cells))] for size in sizes]
        # Where every natural must go to a run (none may stay in hand, no set: asked of the
        # whole hand only, walk_ring.py), the naturals at each cell the runs must cover.
        self.must: Sequence[int] | None = None
        self.runs_after: Sequence[int] = ()  # ...and the fewest runs the suits after take
        self.exits: dict[int, int] = {}  # the cell after a suit cut open -> the suit
        # For each kind and cell, the fewest empty cells of a stretch of its size from there.
        self.best = [
            best_stretches(cells, fit, size) for fit, size in zip(self.fits, sizes, strict=True)
        ]

    def lays(
        self,
        at: int,
        end: int,
        runs: tuple[int, ...],
        room: tuple[int, ...],
        jokers: int,
        pool: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    ) -> bool:
        """Whether the open `runs` and those still to start (`room`, of each kind) take no
        more than `jokers` from cell `at` on (`end`: where the suit being walked ends).
        In the last suit, `pool`: the naturals of each rank (1-13) the suits walked before
        left for the sets, and the settled counts, largest first; the sets' jokers are then
        counted too."""
        cover = [0] * (end - at)  # the open runs under way at each cell of the suit left
        states, short = self.states, self.short_of
        blocked = 0  # ...of them, those whose last card is a joker
        for run in runs:
            role = (run // states) & 3
            need = short[run]
            if role == WAITING:  # back as a head that ends at the suit's end
                first, last = max(0, end - at - max(1, need)), end - at
            elif role == HEAD:
                first, last = 0, end - at
            elif role == TAIL or not need:  # a tail's head may be short of nothing
                continue
            elif need > end - at:
                return False
            else:
                first, last = 0, need
                if self.last and self.last[run % states]:
                    blocked += 1
            for cell in range(first, last):
                cover[cell] += 1
        while cover and not cover[-1]:
            cover.pop()
        own = self.budget
        # Spent, or dropping no state for each TRIAL units it spent: the walk goes on
        # without this bound (on hands where the runs share few naturals it only costs).
        if own.left <= 0 or own.used - self.free > TRIAL * (self.dropped + 1):
            return True
        before = own.left
        carried: tuple[int, ...] = ()
        tops: tuple[int, ...] = ()
        if pool is not None and self.set_count:
            carried, settled = pool
            tops = (0,) * self.set_count
            for count in settled:
                tops = kept(tops, count, self.set_most, self.set_chunk)
        try:
            lays = self._lays((at, tuple(cover), room, tops, carried, blocked), jokers)
        except SearchTooLarge:
            return True
        finally:
            self.walk_budget.charge(before - max(own.left, 0))
        if not lays:  # a state dropped nearer the start saves more of the walk
            self.dropped += 1 + (end - at) // 2
        return lays

    def lays_at_all(
        self,
        end: int,
        room: tuple[int, ...],
        jokers: int,
        pool: tuple[tuple[int, ...], tuple[int, ...]] | None,
    ) -> bool:
        """`lays` asked once of the whole walk, from its first cell, in WHOLE units at
        most; what it spends does not count against the states it drops."""
        own = self.budget
        self.budget = Budget(min(own.left, WHOLE))
        try:
            return self.lays(0, end, (), room, jokers, pool)
        finally:
            spent = self.budget.used
            self.budget = own
            own.charge(spent)
            self.free += spent

    def _lays(self, key: Ahead, jokers: int) -> bool:
        """Whether what is still to lay from `key` takes no more than `jokers`."""
        at, cover, room, tops, _, _ = key
        known = self._known.get(key)
        if known is not None:
            fails, lays = known  # the most jokers known too few, the fewest known enough
            if jokers <= fails:
                return False
            if jokers >= lays:
                return True
        else:
            fails, lays = -1, NO_WAY
        self.budget.spend()
        suit = self.exits.get(at)
        if suit is not None:  # past a suit cut open (walk_ring.py)
            found = self._next_suit(suit, room, jokers)
        elif at == len(self.cells):
            found = not cover and not any(room) and self._sets_take(tops) <= jokers
        elif self._least(key, jokers) > jokers:
            found = False
        else:
            found = self._try(key, jokers)
        self._known[key] = (fails, min(lays, jokers)) if found else (max(fails, jokers), lays)
        return found

    def _try(self, key: Ahead, jokers: int) -> bool:
        at, cover, room, tops, carried, blocked = key
        under = cover[0] if cover else 0
        rest = cover[1:]
        held = self.cells[at]
        must = self.must[at] if self.must else 0
        solid = self.solid[at] if self.solid else -1
        if blocked > solid >= 0:  # a run whose joker came just before finds no natural
            return False
        rank = self.ranks[at] - 1 if carried else 0
        pooled = carried[rank] if carried else 0
        settles = bool(carried) and self.last_cell[rank + 1] == at
        for count, left, grows in self._ordered(at, room, max(0, held - under)):
            runs = under + count
            spent = max(0, runs - held)
            if spent > jokers or runs < must:
                continue
            after = added(rest, grows) if grows else rest  # the runs started go on too
            next_blocked = 0
            if solid >= 0 and after:
                # Jokers past the naturals go first to the runs ending here and never to a
                # run whose joker came just before; the rest lie in runs going on.
                ending = runs - after[0]
                next_blocked = max(0, runs - solid - min(ending, runs - blocked))
            grown, carry = tops, carried
            if carried:  # what no run takes at this rank is the sets', counted at its last cell
                pool = pooled + max(0, held - runs)
                if settles:
                    grown = kept(tops, pool, self.set_most, self.set_chunk)
                    pool = 0
                if pool != pooled:
                    carry = (*carried[:rank], pool, *carried[rank + 1 :])
            if self._lays((at + 1, after, left, grown, carry, next_blocked), jokers - spent):
                return True
        return False

    def _sets_take(self, tops: tuple[int, ...]) -> int:
        """The fewest jokers the sets take: no more naturals than the largest counts
        (`kept`) of as many sets."""
        return max(0, self.set_cards - sum(tops)) if tops else 0  # (no sets asked: none)

    def _sets_least(
        self, at: int, cover: tuple[int, ...], tops: tuple[int, ...], carried: tuple[int, ...]
    ) -> int:
        """The fewest jokers the sets take with each rank's count still to settle and every
        natural of it ahead the runs under way leave."""
        counts = list(map(add, carried, self.ahead[at]))
        ranks, cells = self.ranks, self.cells
        for i, under in enumerate(cover):
            counts[ranks[at + i] - 1] -= min(under, cells[at + i])
        return sets_least(counts, tops, self.set_most, self.set_chunk, self.set_cards)

    def _least(self, key: Ahead, jokers: int) -> int:
        """The jokers the runs under way take past the naturals, each run still to start
        its best stretch's empty cells, and the sets theirs with every natural ahead: fewer
        than all together take (each counted with every natural, as runs take them first)."""
        at, cover, room, tops, carried, _ = key
        least = 0
        for kind, count in enumerate(room):
            if count:
                least += count * self.best[kind][at]
        cells = self.cells
        for i, under in enumerate(cover):
            if under > cells[at + i]:
                least += under - cells[at + i]
        if carried and least <= jokers:  # (past `jokers`, how far past is not asked)
            least += self._sets_least(at, cover, tops, carried)
        if self.must is not None:  # the runs still to start, against what the cells lack
            ends, width = self.ends[at], len(cover)
            lacking = max(
                self.must[c] - (cover[c - at] if c - at < width else 0) for c in range(at, ends)
            )
            if lacking + self.runs_after[at] > sum(room):
                return NO_WAY
        return least

    def _next_suit(self, suit: int, room: tuple[int, ...], jokers: int) -> bool:
        """Whether the suits after `suit` lay the runs of `room` (walk_ring.py)."""
        return not any(room)

    def _ordered(
        self, at: int, room: tuple[int, ...], free: int
    ) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """`_starts`, those that start as many runs as the cell has naturals free first,
        then fewer, then more: where the jokers are enough, a way is found soonest."""
        ways = self._starts(at, room)
        if free == 0 or ways[-1][0] == 0:
            return ways
        first = [way for way in ways if way[0] <= free]
        first.sort(key=lambda way: -way[0])
        return first + ways[len(first) :]

    def _starts(
        self, at: int, room: tuple[int, ...]
    ) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """The ways runs may start at cell `at`, the fewest first: how many, the runs left
        to start, and how many of them cover each cell after it."""
        fits = tuple(fit[at] for fit in self.fits)
        key = (room, fits)
        made = self._ways.get(key)
        if made is None:
            sizes = self.sizes
            ways: list[tuple[int, ...]] = [()]
            for kind, fit in enumerate(fits):
                if room[kind] and fit:
                    ways = [way + (kind,) * n for way in ways for n in range(room[kind] + 1)]
            ways.sort(key=len)
            made = []
            for way in ways:
                left = list(room)
                for kind in way:
                    left[kind] -= 1
                longest = max((sizes[kind] for kind in way), default=1)
                grows = tuple(sum(sizes[kind] - 1 > i for kind in way) for i in range(longest - 1))
                made.append((len(way), tuple(left), grows))
            self._ways[key] = made
        self.budget.spend(len(made) >> 2)
        return made
