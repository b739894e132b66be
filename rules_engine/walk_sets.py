"""The sets of a contract the walk along the ranks decides (run_walk.py).

A set takes cards of one rank from any suits, so it does not care which suit's walk left a
card over: the walk only keeps, for each rank, how many natural cards no run took (the
pool), and once every suit is walked, this module says whether the pool and the jokers the
runs left make the contract's sets. That is a small search rank by rank over which sets sit
at each rank, each set's naturals and jokers within the meld rules. Where cards may stay in
hand, more of a rank than the sets could ever use is the same as enough, so the pool is
capped there and more states of the walk are alike; what the cap leaves out stays in hand,
and the pool counts how many more cards may (a hand leaves no more than it holds past what
the melds need). A set holds so many naturals at least (a set of 3 with one joker at most:
2), so a rank settled with fewer makes none: its naturals stay in hand, or, where every
card must be laid, the state lays nothing.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product
from operator import add

from .cover_cells import sets_least
from .limits import Budget
from .systems import MeldRules, Requirement

RANKS = 13
MANY = 99  # no bound: a set of "at least" its size with no largest size
# The naturals no run took: per rank while a suit still to walk holds it, then among the
# settled counts, largest first; and how many cards may still stay in hand (SetPlan.room).
Pool = tuple[tuple[int, ...], tuple[int, ...], int]


class SetPlan:
    """The sets of one way of a contract, and how a pool of naturals with jokers makes them."""

    def __init__(
        self,
        meld: MeldRules,
        reqs: list[Requirement],
        lay_all: bool,
        once_a_rank: bool,
        room: int | None = None,
    ) -> None:
        counted = Counter((r.size, r.exact) for r in reqs)
        self.kinds = sorted(counted)
        self.empty = not self.kinds  # no sets: runs only
        # Where cards may stay in hand, how many may (the hand's cards past what its melds
        # need, or None: not counted). The pool then counts how many are still free to stay:
        # each natural no meld can take is one fewer, and past none the state lays nothing.
        self.room = None if lay_all else room
        self.need = tuple(counted[k] for k in self.kinds)
        self.lay_all = lay_all
        self.once = once_a_rank  # two sets of one rank fill one requirement only
        self.meld = meld
        # The most naturals of one rank the sets may hold: past it a pool is as good as full
        # (cards may stay in hand) or can never be laid (every card must be).
        per_set = [_largest(meld, s, e) for (s, e), n in counted.items() for _ in range(n)]
        if lay_all:
            self.most = max(per_set, default=0) if once_a_rank else min(MANY, sum(per_set))
        else:
            plain = [s for (s, _), n in counted.items() for _ in range(n)]
            self.most = max(plain, default=0) if once_a_rank else sum(plain)
        self.sets = sum(self.need)
        # The fewest naturals one set holds (with its most jokers): a rank's pool settled
        # below it makes no set, and lays nothing where every card must be laid; elsewhere
        # its naturals stay in hand (sets are then their size, no longer).
        self.least = min((_fewest(meld, s, e, lay_all) for s, e in counted), default=1)
        self.cards = sum(size * n for (size, _), n in counted.items())  # the fewest they hold
        # No set lays more of a rank's naturals for the jokers than the largest set's size.
        self.chunk = max((size for size, _ in counted), default=1)
        self._memo: dict[tuple[object, ...], tuple[object, ...] | None] = {}
        self._taken: dict[tuple[tuple[int, ...], int], list[int]] = {}
        self._least: dict[tuple[tuple[int, ...], ...], int] = {}
        self._stay: dict[tuple[tuple[int, ...], ...], int] = {}

    def jokers_at_least(self, pool: Pool, coming: tuple[int, ...]) -> int:
        """The fewest jokers the sets take, whatever the walk does next: each set holds one
        rank's naturals, so all of them hold no more than the largest counts of as many
        ranks, each rank's pool with the naturals still `coming` to it (ranks 1-13), and
        no more than the sets of one rank may hold, none laying more of them for the jokers
        than the largest set's size (cover_cells.sets_least)."""
        if self.empty:
            return 0
        open_, settled, _ = pool
        key = (open_, settled, coming)
        made = self._least.get(key)
        if made is None:
            counts = [*settled, *map(add, open_, coming)]
            least = sets_least(counts, (0,) * self.sets, self.most, self.chunk, self.cards)
            made = self._least[key] = least
        return made

    def start(self) -> Pool:
        return ((0,) * RANKS if self.kinds else (), (), self.room or 0)

    def added(self, pool: Pool, rank: int, count: int, settles: bool) -> Pool | None:
        """The pool with `count` more naturals of `rank` (1-13); once no suit still to walk
        holds that rank (`settles`), its count joins the settled ones, where which rank it
        was no longer matters (largest first; where cards may stay in hand, only as many as
        there are sets). None where every card must be laid and the sets could never hold
        them all, or where more would stay in hand than may."""
        open_, settled, free = pool
        if self.empty:  # runs only: what no run took stays in hand
            if self.room is None or not count:
                return pool
            return None if free < count else (open_, settled, free - count)
        if not (count or settles):
            return pool
        have = open_[rank - 1] + count
        stay = 0  # naturals no set can hold
        if have > self.most:
            if self.lay_all:
                return None
            stay, have = have - self.most, self.most
        if not settles:
            open_ = (*open_[: rank - 1], have, *open_[rank:])
        else:
            open_ = (*open_[: rank - 1], 0, *open_[rank:])
            if have < self.least:
                if have and self.lay_all:
                    return None
                stay, have = stay + have, 0
            if have:
                settled = tuple(sorted((*settled, have), reverse=True))
                if not self.lay_all:  # the sets sit at as many ranks at most
                    stay += sum(settled[self.sets :])
                    settled = settled[: self.sets]
        # Where every card must be laid, each rank left over is one set at least.
        if self.lay_all and len(settled) + sum(map(bool, open_)) > self.sets:
            return None
        if self.room is not None:
            if free < stay:
                return None
            free -= stay
            if self._bound_to_stay(open_, settled) > free:
                return None
        return open_, settled, free

    def _bound_to_stay(self, open_: tuple[int, ...], settled: tuple[int, ...]) -> int:
        """The naturals of the pool that stay in hand however it grows: the sets sit at as
        many ranks at most, and what the pool holds at the others is never laid."""
        key = (open_, settled)
        made = self._stay.get(key)
        if made is None:
            counts = sorted((*settled, *open_), reverse=True)
            made = self._stay[key] = sum(counts[self.sets :])
        return made

    def make(
        self, pool: tuple[int, ...], jokers: int, budget: Budget
    ) -> list[tuple[int, list[tuple[int, int, int]]]] | None:
        """Whether the naturals of each rank `pool` counts (ranks 1-13, or any order) and
        `jokers` make every set (where every card must be laid: with every natural and
        every joker): per rank with sets, (rank, each set's (kind, naturals, jokers)), or
        None."""
        if self.empty:  # every joker left must have gone into the runs where all are laid
            return [] if not self.lay_all or jokers == 0 else None
        plan = self._from(pool, 0, self.need, jokers, budget)
        if plan is None:
            return None
        out = []
        for rank, chosen, jokers_there in plan:
            out.append((rank + 1, _split(self, chosen, pool[rank], jokers_there)))
        return out

    def _from(
        self, pool: tuple[int, ...], rank: int, left: tuple[int, ...], jokers: int, budget: Budget
    ) -> list[tuple[int, tuple[int, ...], int]] | None:
        if rank == len(pool):
            done = not any(left) and (not self.lay_all or jokers == 0)
            return [] if done else None
        key = (pool[rank:], rank, left, jokers)
        if key in self._memo:
            found = self._memo[key]
            return None if found is None else list(found)  # type: ignore[arg-type]
        have = pool[rank]
        ways = _chosen(left, self.once)
        budget.spend(len(ways))
        answer = None
        for chosen in ways:
            if not any(chosen):
                if have and self.lay_all:
                    continue
                options = [0]
            elif not have:
                continue
            else:
                known = self._taken.get((chosen, have))
                if known is None:
                    known = self._taken[(chosen, have)] = _jokers_taken(self, chosen, have, budget)
                options = known
            rest = tuple(a - b for a, b in zip(left, chosen, strict=True))
            for taken in options:
                if taken > jokers:
                    break
                after = self._from(pool, rank + 1, rest, jokers - taken, budget)
                if after is not None:
                    answer = [(rank, chosen, taken), *after] if any(chosen) else after
                    break
            if answer is not None:
                break
        self._memo[key] = None if answer is None else tuple(answer)
        return answer


def _fewest(meld: MeldRules, size: int, exact: bool, lay_all: bool) -> int:
    """The fewest naturals a set filling this requirement may hold, as the sets' search
    reads it (`_kind_pairs`; more than it ever holds where no set can be made)."""
    have = min(_largest(meld, size, exact), size + 14)
    return min((n for n, _ in _kind_pairs(meld, size, exact, lay_all, have)), default=have + 1)


def _largest(meld: MeldRules, size: int, exact: bool) -> int:
    """The most cards a set filling this requirement may hold."""
    if exact:
        return size
    return meld.set_max if meld.set_max is not None else MANY


@cache
def _chosen(left: tuple[int, ...], once: bool) -> list[tuple[int, ...]]:
    """The sets that may sit at one rank: none, one, or (two sets of one rank counting)
    any number of each kind still needed."""
    if once:
        out = [tuple(0 for _ in left)]
        for i, n in enumerate(left):
            if n:
                out.append(tuple(int(j == i) for j in range(len(left))))
        return out
    return list(product(*(range(n + 1) for n in left)))


def _pairs(plan: SetPlan, kind: int, have: int) -> list[tuple[int, int]]:
    """(naturals, jokers) one set of this kind may hold with at most `have` naturals."""
    return _kind_pairs(plan.meld, *plan.kinds[kind], plan.lay_all, have)


@cache
def _kind_pairs(
    meld: MeldRules, size: int, exact: bool, lay_all: bool, have: int
) -> list[tuple[int, int]]:
    least = max(1, meld.min_naturals)  # a set holds a natural card, whatever the rules
    out = []
    for naturals in range(least, have + 1):
        if not lay_all:  # cards may stay in hand: the set is its size, no longer
            if naturals <= size and size - naturals <= meld.jokers_most("set", size):
                out.append((naturals, size - naturals))
            continue
        largest = _largest(meld, size, exact)
        for length in range(max(size, naturals), min(largest, naturals + size + 14) + 1):
            jokers = length - naturals
            if length >= meld.set_min and jokers <= meld.jokers_most("set", length):
                out.append((naturals, jokers))
    return out


def _combined(
    plan: SetPlan, chosen: tuple[int, ...], have: int, budget: Budget | None = None
) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """(naturals, jokers) the chosen sets hold together -> each set's share, in order. Its
    work (many sets of no largest size at a rank of many naturals: hundreds of thousands
    of sums) is the walk's: a state's worth for every 32 sums."""
    made: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {(0, 0): ()}
    for kind, count in enumerate(chosen):
        for _ in range(count):
            grown: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
            work = 0
            for (n, j), shares in made.items():
                pairs = _pairs(plan, kind, have - n)
                work += len(pairs)
                for pn, pj in pairs:
                    grown.setdefault((n + pn, j + pj), (*shares, (pn, pj)))
            if budget is not None:
                budget.spend(work >> 5)
            made = grown
    return made


def _jokers_taken(plan: SetPlan, chosen: tuple[int, ...], have: int, budget: Budget) -> list[int]:
    """The jokers the chosen sets may take at a rank with `have` naturals in its pool,
    fewest first (where every card must be laid, with all of them)."""
    made = _combined(plan, chosen, have, budget)
    if plan.lay_all:
        return sorted({j for (n, j) in made if n == have})
    return sorted({j for (n, j) in made})[:1]


def _split(
    plan: SetPlan, chosen: tuple[int, ...], have: int, jokers: int
) -> list[tuple[int, int, int]]:
    """Each chosen set's (kind, naturals, jokers) for that many jokers at the rank."""
    kinds = [kind for kind, count in enumerate(chosen) for _ in range(count)]
    for (n, j), shares in _combined(plan, chosen, have).items():
        if j == jokers and (n == have or not plan.lay_all):
            return [(kind, pn, pj) for kind, (pn, pj) in zip(kinds, shares, strict=True)]
    raise AssertionError("a set plan the search made cannot be split again")
