"""Contracts of runs, with or without sets, decided by walking each suit's ranks once.

Runs of one suit never share a card with another suit's, so a lay-down of runs is, suit by
suit, which runs are open at each rank: each run open there takes one of the rank's cards or
a joker, or stops, and new ones may start. The walk keeps every distinct state (the runs
open, how many of each requirement are laid, the jokers spent) rank after rank, suit after
suit, so it decides exactly whether the hand lays the contract, however many jokers it
holds: where the searches card by card and by shapes try the places of each joker
(thousands beside a long stretch of one suit), the walk meets each state once (run_states.py
says what a run's state keeps). Its work is every state it makes, counted in its own budget.
A set takes one rank's cards from any suits: a state also keeps how many naturals of each
rank no run took, and once every suit is walked, walk_sets.py says whether those and the
jokers left make the sets.
Where cards may stay in hand, a state that laid as many runs or more with as few jokers or
fewer (and as many naturals left for the sets) than another with the same runs open is kept
instead of it; a state whose open runs need more natural cards than the suit has left, or
whose runs still to lay need more cards than every suit and joker left, is dropped.

Round-the-corner runs and sets of different suits are left to the other searches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .cards import SUITS, Card
from .limits import Budget, jokers_laid
from .run_states import run_states
from .systems import Contract, Requirement, RuleSystem
from .walk_laid import JOKER, NATURAL, STOP, Layer, State, laid_melds
from .walk_sets import SetPlan

# (runs still open, kinds laid, naturals and jokers taken, choices, naturals and cards the
# runs still open need)
Going = tuple[list[int], list[int], int, int, tuple[int, ...], int, int]
# (new runs, their states, naturals and jokers taken, naturals and cards they need, and
# whole runs of their kinds would need)
Starting = tuple[tuple[tuple[int, bool], ...], list[int], int, int, int, int, int, int]


def walkable(rules: RuleSystem, contract: Contract) -> bool:
    """Whether the walk decides this way of a contract (runs of one suit, not round the
    corner, searched as one suit; sets of any suits)."""
    meld = rules.meld_rules
    return (
        bool(contract.requirements)
        and not meld.circular_runs
        and meld.run_suits == "one_suit"
        and not meld.set_distinct_suits
    )


class _Walk:
    def __init__(self, rules: RuleSystem, contract: Contract, jokers: int, budget: Budget):
        meld = rules.meld_rules
        self.meld = meld
        self.budget = budget
        self.lay_all = contract.lay_all_cards
        self.jokers = jokers
        runs = [r for r in contract.requirements if r.kind == "run"]
        sets = [r for r in contract.requirements if r.kind == "set"]
        self.sets = SetPlan(meld, sets, self.lay_all, rules.same_rank_sets_count_once)
        counted = Counter((r.size, r.exact) for r in runs)
        self.kinds = sorted(counted)
        self.need = tuple(counted[k] for k in self.kinds)
        self.reqs = tuple(Requirement("run", size, exact) for size, exact in self.kinds)
        self.first = 2 if meld.ace_end == "high" else 1
        self.last = 13 if meld.ace_end == "low" else 14
        several = rules.forbid_contiguous_runs and sum(self.need) > 1
        self.no_touch = several  # a run may not start just after another of its suit ended
        self.apart = several and rules.overlapping_runs_meet  # ...nor beside an open one
        self.runs = run_states(meld, self.reqs)
        # The runs open -> how they may go on; what may start -> the ways it may.
        self._ways_on: dict[tuple[object, ...], list[Going]] = {}
        self._ways_in: dict[tuple[object, ...], list[Starting]] = {}
        # What a run of each kind needs whole: its cards, and natural ones of them.
        self.whole = [size for size, _ in self.kinds]
        self.whole_naturals = [
            min(
                (
                    self.runs.naturals[s] + (not j)
                    for (k, j), s in self.runs.start.items()
                    if k == kind
                ),
                default=99,
            )
            for kind in range(len(self.kinds))
        ]
        # Each way a run may start: (kind, a joker first, its state).
        self.openings = [
            (kind, joker, state)
            for kind in range(len(self.kinds))
            for joker in (False, True)
            if (state := self.runs.start.get((kind, joker), -1)) >= 0
        ]

    def _continued(
        self, runs: tuple[int, ...], i: int, naturals: int, jokers: int, left: int
    ) -> Iterator[tuple[list[int], list[int], int, int, tuple[int, ...]]]:
        """Each way the runs open from index i on go on at this rank: (runs still open,
        kinds laid, naturals taken, jokers taken, each run's choice). Runs in the same state
        are told apart by how many of them do what, not which. `left`: the ranks of the suit
        after this one (-1: past its end), which a run must be able to reach its size in."""
        if i == len(runs):
            yield [], [], 0, 0, ()
            return
        me = runs[i]
        end = i + 1
        while end < len(runs) and runs[end] == me:
            end += 1
        group = end - i
        table = self.runs
        grow = table.natural[me] if left >= 0 else -1
        if grow >= 0 and table.short[grow] > left:
            grow = -1
        add = table.joker[me] if left >= 0 else -1
        if add >= 0 and table.short[add] > left:
            add = -1
        kind = table.kind[me]
        for stop in range(group + 1) if table.closes[me] else (0,):
            for natural in range(min(group - stop, naturals) + 1) if grow >= 0 else (0,):
                joker = group - stop - natural
                if joker and (add < 0 or joker > jokers):
                    continue
                for rest, laid, n, j, choices in self._continued(
                    runs, end, naturals - natural, jokers - joker, left
                ):
                    yield (
                        [grow] * natural + [add] * joker + rest,
                        [kind] * stop + laid,
                        n + natural,
                        j + joker,
                        (STOP,) * stop + (NATURAL,) * natural + (JOKER,) * joker + choices,
                    )

    def _started(
        self, room: list[int], naturals: int, jokers: int, most: int, at: int, left: int
    ) -> Iterator[Starting]:
        """The new runs that may start at this rank: (kind, a joker first) pairs in one
        order (from option `at` on), at most `most` of them, within the naturals and jokers
        left and the runs each kind still needs; with their states, the naturals and jokers
        they take, what they still need (naturals, cards) and what whole runs of their kinds
        would need."""
        yield (), [], 0, 0, 0, 0, 0, 0
        if most == 0:
            return
        table = self.runs
        for option in range(at, len(self.openings)):
            kind, joker, state = self.openings[option]
            if not room[kind] or table.short[state] > left:
                continue
            if (joker and not jokers) or (not joker and not naturals):
                continue
            room[kind] -= 1
            for more, states, n, j, need_n, need_c, whole_n, whole_c in self._started(
                room, naturals - (not joker), jokers - joker, most - 1, option, left
            ):
                yield (
                    ((kind, joker), *more),
                    [state, *states],
                    n + (not joker),
                    j + joker,
                    need_n + table.naturals[state],
                    need_c + table.short[state],
                    whole_n + self.whole_naturals[kind],
                    whole_c + self.whole[kind],
                )
            room[kind] += 1

    def _going_on(
        self, runs: tuple[int, ...], available: int, spare: int, left: int
    ) -> list[Going]:
        """`_continued` of these runs, made once for every state that holds them: with what
        the runs still open need (naturals, cards) before they may end."""
        key = (runs, available, min(spare, len(runs)), left)
        made = self._ways_on.get(key)
        if made is None:
            table = self.runs
            made = [
                (
                    still,
                    shut,
                    n,
                    j,
                    choices,
                    sum(table.naturals[r] for r in still),
                    sum(table.short[r] for r in still),
                )
                for still, shut, n, j, choices in self._continued(runs, 0, available, spare, left)
            ]
            self._ways_on[key] = made
        return made

    def _starting(
        self, room: list[int], naturals: int, jokers: int, most: int, left: int
    ) -> list[Starting]:
        """`_started`, made once for every state that may start the same runs."""
        key = (tuple(room), min(naturals, most), min(jokers, most), most, left)
        made = self._ways_in.get(key)
        if made is None:
            made = list(self._started(room, naturals, jokers, most, 0, left))
            self._ways_in[key] = made
        return made

    def step(
        self, state: State, position: int, available: int, later: int, beyond: int, settles: bool
    ) -> Iterator[tuple[State, tuple[tuple[int, ...], tuple[tuple[int, bool], ...]]]]:
        """The states one rank further (position 0: past the suit's end). `later`: the
        suit's natural cards at the ranks after this one; `beyond`: the other suits' still
        to walk; `settles`: no suit after holds this rank (the sets' pool)."""
        aces, runs, laid, spent, pool = state
        spare = self.jokers - spent
        rank = 1 if position == 14 else position
        final = position == 0
        left = -1 if final else self.last - position
        table = self.runs
        kinds = range(len(self.kinds))
        naturals_left = later + beyond
        spend = self.budget.spend
        for still, shut, n, j, choices, need_naturals, need_cards in self._going_on(
            runs, available, spare, left
        ):
            done = list(laid)
            for kind in shut:
                done[kind] += 1
            if final:
                spend()
                yield (0, (), tuple(done), spent + j, pool), (choices, ())
                continue
            room = [self.need[k] - done[k] for k in kinds]
            for run in still:
                room[table.kind[run]] -= 1
            most = sum(room)
            if (self.no_touch and shut) or (self.apart and still):
                most = 0
            elif self.apart:
                most = min(most, 1)
            # What the open runs need, against what the suit has left, and with the runs
            # still to start, against what every suit has left.
            to_start_n = to_start_c = 0
            for k in kinds:
                to_start_n += room[k] * self.whole_naturals[k]
                to_start_c += room[k] * self.whole[k]
            starts = self._starting(room, available - n, spare - j, most, left)
            spend(len(starts))
            for new, opened, taken, jokers, open_n, open_c, whole_n, whole_c in starts:
                after = pool
                if n + taken != available or settles:  # what no run takes is the sets'
                    if self.lay_all and self.sets.empty and n + taken != available:
                        continue
                    grown = self.sets.added(pool, rank, available - n - taken, settles)
                    if grown is None:
                        continue
                    after = grown
                jokers_left = spare - j - jokers
                open_n += need_naturals
                open_c += need_cards
                if open_n > later or open_c > later + jokers_left:
                    continue
                if open_n + to_start_n - whole_n > naturals_left:
                    continue
                if open_c + to_start_c - whole_c > naturals_left + jokers_left:
                    continue
                key = (aces, tuple(sorted(still + opened)), tuple(done), spent + j + jokers, after)
                yield key, (choices, new)


def walk_runs(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget
) -> tuple[tuple[Card, ...], ...] | None:
    """A lay-down of this way of a contract of runs (`walkable`), or None when there is
    none; SearchTooLarge past the budget."""
    jokers = jokers_laid(rules, sum(c.is_joker for c in hand), contract.lay_all_cards)
    if jokers is None:
        return None
    budget.charge(len(hand))  # reading the hand and making the walk's tables, once a call
    walk = _Walk(rules, contract, jokers, budget)
    held = Counter((c.rank, c.suit) for c in hand if not c.is_joker)
    suits = [s for s in SUITS if any(held[(r, s)] for r in range(1, 14))]
    # The suits of fewest cards first: the runs they may hold are few, the states too.
    suits.sort(key=lambda s: sum(held[(r, s)] for r in range(1, 14)))
    in_suit = [sum(held[(r, s)] for r in range(1, 14)) for s in suits]
    layers: list[Layer] = []
    plan: list[tuple[str, int]] = []  # (suit, position) of each layer; -1: the aces' split
    current: Layer = {(0, (), (0,) * len(walk.kinds), 0, walk.sets.start()): (None, None)}
    # The last suit walked that holds each rank: past it, the rank's pool is settled.
    last_suit = {
        r: max((i for i, s in enumerate(suits) if held[(r, s)]), default=-1) for r in range(1, 14)
    }
    ace_at = 1 if walk.last == 13 else 14
    for index, suit in enumerate(suits):
        aces = held[(1, suit)]
        split: Layer = {}
        # Where the ace is low and high, how many of the suit's aces are played low.
        lows = (0,) if walk.first == 2 else (aces,) if walk.last == 13 else range(aces + 1)
        for state in current:
            for low in lows:
                walk.budget.spend()
                split.setdefault((low, *state[1:]), (state, low))
        layers.append(split)
        plan.append((suit, -1))
        current = split
        positions = [*range(walk.first, walk.last + 1), 0]
        count = [aces if p in (1, 14) else held[(p, suit)] for p in positions]
        beyond = sum(in_suit[index + 1 :])
        for i, position in enumerate(positions):
            later = sum(count[i + 1 :])
            following: Layer = {}
            # Where cards may stay in hand, a state that laid as many runs of each kind or
            # more with as few jokers or fewer does all another can: only the best are kept.
            best: dict[tuple[int, tuple[int, ...]], list[State]] = {}
            for state in current:
                if position in (1, 14):
                    available = state[0] if position == 1 else aces - state[0]
                else:
                    available = held[(position, suit)] if position else 0
                rank = 1 if position == 14 else position
                settles = last_suit.get(rank) == index and (rank != 1 or position == ace_at)
                for key, choice in walk.step(state, position, available, later, beyond, settles):
                    if walk.lay_all:
                        following.setdefault(key, (state, choice))
                        continue
                    if key in following:
                        continue
                    kept = best.get(key[:2])
                    if kept is None:
                        best[key[:2]] = [key]
                        following[key] = (state, choice)
                        continue
                    if _any_covers(kept, key):
                        continue
                    beaten = [o for o in kept if _covers(key, o)]
                    for other in beaten:
                        kept.remove(other)
                        del following[other]
                    kept.append(key)
                    following[key] = (state, choice)
            layers.append(following)
            plan.append((suit, position))
            current = following
            if not current:
                return None
    for goal in current:
        if goal[2] != walk.need:
            continue
        if walk.sets.make(goal[4][1], walk.jokers - goal[3], walk.budget) is not None:
            return laid_melds(walk, contract, layers, plan, goal, held)
    return None


def _any_covers(kept: list[State], key: State) -> bool:
    for other in kept:
        if _covers(other, key):
            return True
    return False


def _covers(one: State, other: State) -> bool:
    """Whether state `one` does all `other` can (the same runs open)."""
    if one[3] > other[3]:
        return False
    for a, b in zip(one[2], other[2], strict=True):  # plain loops: run for each pair
        if a < b:
            return False
    (open_one, settled_one), (open_other, settled_other) = one[4], other[4]
    if len(settled_one) < len(settled_other):  # largest first: the one more is a zero
        return False
    for a, b in zip(open_one, open_other, strict=True):
        if a < b:
            return False
    for a, b in zip(settled_one, settled_other, strict=False):
        if a < b:
            return False
    return True
