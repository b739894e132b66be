"""How the walk along the ranks (run_walk.py) goes one rank further: the ways the runs open
at a rank go on, and the new runs that may start there, made once for every state that
holds the same runs, with the bounds that drop a state that can no longer lay the contract.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .limits import COVER_AFTER, Budget
from .run_states import run_states
from .systems import Contract, Requirement, RuleSystem
from .walk_bounds import Bounds
from .walk_corner import (
    FLAGS,
    HEAD,
    SEAM,
    TAIL,
)
from .walk_cover import Cover
from .walk_goings import Goings
from .walk_laid import Choice, State
from .walk_ring import make_cover, may_lay
from .walk_sets import SetPlan

NO_RANKS: tuple[int, ...] = ()  # the runs take no natural at the ranks ahead
# (kinds laid after the rank, room for runs of each kind still to start, how many may start,
# naturals and cards whole runs of the kinds still to start need)
Plan = tuple[tuple[int, ...], tuple[int, ...], int, int, int]
# (new runs: (id, a joker first) each, their ids, naturals and jokers taken, naturals and
# cards they need, and whole runs of their kinds would need)
Starting = tuple[tuple[tuple[int, bool], ...], tuple[int, ...], int, int, int, int, int, int]


@dataclass(frozen=True)
class Rank:
    """What one rank of one suit holds for the walk."""

    step: int  # the step's number in the walk (for the bounds made once a step)
    position: int  # 1-14, 0: past the suit's end
    held: int  # the suit's naturals of the rank
    aces: int  # where the ace is low and high, the suit's aces (else -1)
    later: int  # the suit's naturals at the ranks after this one
    beyond: int  # the other suits' naturals still to walk
    settles: bool  # no suit after holds this rank (the sets' pool)
    deuces: int  # the suit's wild deuces, at the 2 (turned, round the corner)
    ahead: tuple[int, ...]  # the suit's naturals at each rank after this one
    others: tuple[int, ...]  # the naturals of each rank (1-13) in the suits still to walk
    # The fewest jokers a run of each kind still to start takes (walk_costs.py).
    costs: tuple[int, ...]
    at: int  # the first cell ahead, and where the suit's cells end (walk_cover.py)
    end: int


class Walk:
    """The states of one walk: how the runs open at a rank go on, and which may start."""

    def __init__(
        self,
        rules: RuleSystem,
        contract: Contract,
        jokers: int,
        budget: Budget,
        room: int | None = None,
    ):
        meld = rules.meld_rules
        self.meld = meld
        self.budget = budget
        self.lay_all = contract.lay_all_cards
        self.jokers = jokers
        self.room = room  # the cards that may stay in hand (run_walk.py)
        runs = [r for r in contract.requirements if r.kind == "run"]
        sets = [r for r in contract.requirements if r.kind == "set"]
        self.sets = SetPlan(meld, sets, self.lay_all, rules.same_rank_sets_count_once, room)
        counted = Counter((r.size, r.exact) for r in runs)
        self.kinds = sorted(counted)
        self.need = tuple(counted[k] for k in self.kinds)
        self.reqs = tuple(Requirement("run", size, exact) for size, exact in self.kinds)
        self.circular = meld.circular_runs  # the ace is one rank, between king and two
        self.first = 2 if meld.ace_end == "high" and not self.circular else 1
        self.last = 13 if meld.ace_end == "low" or self.circular else 14
        several = rules.forbid_contiguous_runs and sum(self.need) > 1
        self.no_touch = several  # a run may not start just after another of its suit ended
        self.apart = several and rules.overlapping_runs_meet  # ...nor beside an open one
        self.runs = run_states(meld, self.reqs)
        # An open run's id: its state, and where round the corner, its piece (walk_corner).
        self.states = states = len(self.runs.kind)
        self.kind_of = list(self.runs.kind) * FLAGS
        self.short_of = list(self.runs.short) * FLAGS
        # The naturals an open run still needs: the pieces of a run across the corner do
        # not follow on from their last card (run_states.py).
        self.naturals_of = [
            need
            for flag in range(FLAGS)
            for need in (self.runs.in_a_row if flag & 3 in (0, HEAD) else self.runs.naturals)
        ]
        self.farthest = max(self.runs.short, default=0)
        # The runs open -> how they may go on; what may start -> the ways it may.
        self._ways_in: dict[tuple[object, ...], list[Starting]] = {}
        self._plans: dict[tuple[object, ...], Plan] = {}
        # What a run of each kind needs whole: its cards, and natural ones of them.
        self.whole = [size for size, _ in self.kinds]
        self.whole_naturals = [
            min(
                (
                    self.runs.in_a_row[s] + (not j)
                    for (k, j), s in self.runs.start.items()
                    if k == kind
                ),
                default=99,
            )
            for kind in range(len(self.kinds))
        ]
        # Each way a run may start: (kind, a joker first, its id); at the ace, round the
        # corner, also as the tail of a run across it.
        self.openings = [
            (kind, joker, state)
            for kind in range(len(self.kinds))
            for joker in (False, True)
            if (state := self.runs.start.get((kind, joker), -1)) >= 0
        ]
        seam = SEAM if not meld.jokers_side_by_side else 0
        self.at_ace = self.openings + [
            (kind, joker, (TAIL | (seam if joker else 0)) * states + state)
            for kind, joker, state in self.openings
        ]
        self.bounds = Bounds(jokers, self.need, self.whole, states, self.kind_of, self.short_of)
        self.goings = Goings(self.runs, states, self.naturals_of, self.short_of, self.farthest)
        self.cover: Cover | None = None
        # Each suit's naturals and cards at each position, the most empty cells of a run's
        # stretch of each kind, and whether they may not be side by side (walk_ring.py).
        self.held: tuple[list[list[int]], list[list[bool]], list[int], bool] | None = None
        self.met = 0  # the states whose way on was made
        self.asked = False  # whether the bound was asked of the whole walk
        self.hopeless = False  # ...and found it lays nothing (walk_cover.py)

    def cover_cells(self, suits: list[list[int]], cards: list[list[int]], ranks: list[int]) -> None:
        """The naturals of each suit walked at each position, its cards there (wild
        deuces too), and the positions' ranks (walk_cover.py)."""
        if self.need:
            self.cover = make_cover(self, suits, cards, ranks)

    def _started(
        self,
        room: list[int],
        naturals: int,
        jokers: int,
        most: int,
        at: int,
        left: int,
        openings: list[tuple[int, bool, int]],
    ) -> Iterator[Starting]:
        """The new runs that may start at this rank: (kind, a joker first) pairs in one
        order (from option `at` on), at most `most` of them, within the naturals and jokers
        left and the runs each kind still needs; with their states, the naturals and jokers
        they take, what they still need (naturals, cards) and what whole runs of their kinds
        would need."""
        yield (), (), 0, 0, 0, 0, 0, 0
        if most == 0:
            return
        short = self.short_of
        for option in range(at, len(openings)):
            kind, joker, state = openings[option]
            if not room[kind] or (state < self.states and short[state] > left):
                continue
            if (joker and not jokers) or (not joker and not naturals):
                continue
            room[kind] -= 1
            for more, states, n, j, need_n, need_c, whole_n, whole_c in self._started(
                room, naturals - (not joker), jokers - joker, most - 1, option, left, openings
            ):
                yield (
                    ((state, joker), *more),
                    (state, *states),
                    n + (not joker),
                    j + joker,
                    need_n + self.naturals_of[state],
                    need_c + short[state],
                    whole_n + self.whole_naturals[kind],
                    whole_c + self.whole[kind],
                )
            room[kind] += 1

    def _starting(
        self, room: tuple[int, ...], naturals: int, jokers: int, most: int, left: int, ace: bool
    ) -> list[Starting]:
        """`_started`, made once for every state that may start the same runs (`ace`:
        at the ace round the corner, where tails may start too)."""
        key = (room, min(naturals, most), min(jokers, most), most, left, ace)
        made = self._ways_in.get(key)
        if made is None:
            openings = self.at_ace if ace else self.openings
            made = [
                (new, tuple(sorted(opened)), n, j, need_n, need_c, whole_n, whole_c)
                for new, opened, n, j, need_n, need_c, whole_n, whole_c in self._started(
                    list(room), naturals, jokers, most, 0, left, openings
                )
            ]
            self._ways_in[key] = made
        return made

    def _plan(self, laid: tuple[int, ...], still: tuple[int, ...], shut: tuple[int, ...]) -> Plan:
        """What the runs laid and still open after a rank leave to start, made once for
        every state that asks the same."""
        key = (laid, still, shut)
        made = self._plans.get(key)
        if made is None:
            done = list(laid)
            for kind in shut:
                done[kind] += 1
            room = [need - d for need, d in zip(self.need, done, strict=True)]
            for run in still:
                room[self.kind_of[run]] -= 1
            to_start_n = sum(r * n for r, n in zip(room, self.whole_naturals, strict=True))
            to_start_c = sum(r * c for r, c in zip(room, self.whole, strict=True))
            made = self._plans[key] = (tuple(done), tuple(room), sum(room), to_start_n, to_start_c)
        return made

    def step(self, state: State, here: Rank, available: int) -> Iterator[tuple[State, Choice]]:
        """The states one rank further (`here`: what the rank holds; `available`: its
        naturals the runs may take)."""
        aces, runs, laid, spent, pool = state
        position, later, ahead, wild = here.position, here.later, here.ahead, here.deuces
        spare = self.jokers - spent
        rank = 1 if position == 14 else position
        final = position == 0
        left = -1 if final else self.last - position
        naturals_left = later + here.beyond
        spend = self.budget.spend
        ace = self.circular and position == 1
        last_suit = not here.beyond
        bounds, sets, no_touch, apart = self.bounds, self.sets, self.no_touch, self.apart
        coming = None if sets.empty else bounds.coming(position, ahead, here.others)
        # In the last suit with cards, the runs still to start lie ahead too (walk_bounds.py);
        # before it, each takes the fewest jokers of its best stretch still to walk.
        costs = () if last_suit else here.costs
        only_runs = self.lay_all and sets.empty  # every natural no run takes stays in hand
        # Most hands are decided in a few hundred states: the bound waits for the others.
        # Round the corner, a suit still to walk may hold a run across it: of each state,
        # it is asked in the last suit only (of the whole hand, walk_ring.py cuts it open).
        cover = None
        if self.met >= COVER_AFTER:
            if not self.asked:  # first, once, of the whole walk
                self.asked = True
                self.hopeless = not may_lay(self)
            if last_suit or not self.circular:
                cover = self.cover
        if self.hopeless:
            return
        for going in self.goings.going_on(runs, available, spare, left):
            still, shut, n, j, choices, ended, back, need_naturals, need_cards, occupied = going
            # A waiting run going on starts again, as far as following on and meeting go.
            if back and ((no_touch and ended) or (apart and occupied > 1)):
                continue
            laid_now, room, most, to_start_n, to_start_c = self._plan(laid, still, shut)
            if final:
                if self.circular and no_touch and aces and ended:
                    continue  # a run ended at the king, beside one that began at the ace
                spend()
                yield (0, (), laid_now, spent + j, pool), (choices, (), 0)
                continue
            if (no_touch and ended) or (apart and occupied):
                most = 0
            elif apart:
                most = min(most, 1)
            # What the open runs need, against what the suit has left, and with the runs
            # still to start (`to_start_n`, `to_start_c`), against what every suit has left.
            starts = self._starting(room, available - n, spare - j, most, left, ace)
            spend(len(starts))
            to_start = sum(r * c for r, c in zip(room, costs, strict=True)) if costs else 0
            for new, opened, taken, jokers, open_n, open_c, whole_n, whole_c in starts:
                open_n += need_naturals
                open_c += need_cards
                # The runs open after this rank, sorted as a state keeps them.
                runs_after = tuple(sorted(still + opened)) if opened else still
                over = (
                    self._left_over(available, n + taken, wild)
                    if wild
                    else ((available - n - taken, 0),)
                )
                for pooled, natural_wild in over:
                    jokers_left = spare - j - jokers - natural_wild
                    if jokers_left < 0 or open_n > later or open_c > later + jokers_left:
                        continue
                    if open_n + to_start_n - whole_n > naturals_left:
                        continue
                    if open_c + to_start_c - whole_c > naturals_left + jokers_left:
                        continue
                    after = pool
                    if pooled or here.settles:  # what no run takes is the sets'
                        if only_runs and pooled:
                            continue
                        grown = sets.added(pool, rank, pooled, here.settles)
                        if grown is None:
                            continue
                        after = grown
                    # The jokers the open runs take ahead, those still to start, and the
                    # sets', their pool grown by the naturals still to come at most (and
                    # where that leaves jokers, by those the runs do not take first).
                    taken, took = 0, NO_RANKS
                    if ahead:
                        starting = laid_now if last_suit else None
                        taken, took = bounds.jokers_ahead(runs_after, ahead, starting)
                    if to_start:
                        kind_of = self.kind_of
                        taken += to_start - sum(costs[kind_of[run]] for run, _ in new)
                    plain = 0
                    if coming is not None:
                        plain = need = sets.jokers_at_least(after, coming)
                        if took and taken + need <= jokers_left:
                            less = bounds.coming_less(here.step, coming, position, took)
                            need = sets.jokers_at_least(after, less)
                        taken += need
                    if taken > jokers_left:
                        continue
                    # The runs all together, sharing the naturals ahead (walk_cover.py).
                    if cover is not None:
                        left_to_start = room
                        if new:
                            rest = list(room)
                            for run, _ in new:
                                rest[self.kind_of[run]] -= 1
                            left_to_start = tuple(rest)
                        # The sets too, which then count for themselves (before the last
                        # suit, in a walk of two suits only: over more, the question costs
                        # more than the states it drops save).
                        if not sets.empty and (last_suit or cover.suits <= 2):
                            for_sets = (after[0], after[1])
                            lays = cover.lays(
                                here.at, here.end, runs_after, left_to_start, jokers_left, for_sets
                            )
                        else:
                            lays = cover.lays(
                                here.at, here.end, runs_after, left_to_start, jokers_left - plain
                            )
                        if not lays:
                            continue
                    # Round the corner, the first field tells whether a run began at the ace
                    # (a tail there belongs to a run that began before the king).
                    mark = self._began(new) if ace else aces
                    used = spent + j + jokers + natural_wild
                    key = (mark, runs_after, laid_now, used, after)
                    yield key, (choices, new, pooled)
        self.met += 1  # counted once made: a walk cut short makes it again (walk_turns.py)

    def _began(self, new: tuple[tuple[int, bool], ...]) -> int:
        """Whether a run that does not cross the corner began at the ace, where runs may
        not follow on: a run ending at the king would be beside it."""
        states = self.states
        return int(self.no_touch and any((run // states) & 3 != TAIL for run, _ in new))

    def _left_over(self, available: int, used: int, wild: int) -> Iterator[tuple[int, int]]:
        """The naturals of this rank no run took that go to the sets, and the wild deuces
        laid as natural cards (each one a joker fewer: the walk counts jokers spent and
        wild deuces played natural together). A wild deuce no run took is a joker, or, for
        a set of 2s, a natural card."""
        if not wild:
            yield available - used, 0
            return
        plain = available - wild  # deuces of suits whose deuces are not wild: naturals
        played = max(0, used - plain)  # the runs take plain deuces first
        spare = max(0, plain - used)
        for kept in range(wild - played + 1) if not self.sets.empty else (0,):
            yield spare + kept, played + kept
