"""The card-by-card search for a lay-down meeting one way of a contract.

Depth-first over the contract's requirements; each picks a concrete meld from
the cards still in hand (naturals by identity, jokers as a count). A joker may
also replace a natural the hand holds, because that natural may be needed
elsewhere: this keeps the search exact. Failed states are memoised, and a joker
floor per requirement prunes hands that cannot have enough jokers.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from .candidates import (
    Candidate,
    hand_counts,
    rest_cards,
    run_candidates,
    set_candidates,
    spans,
)
from .cards import Card
from .contracts import fits, runs_touch
from .limits import Budget, jokers_laid
from .melds import run_lows, run_readings, set_readings
from .systems import Contract, Requirement, RuleSystem


class _CardSearch:
    def __init__(
        self, rules: RuleSystem, contract: Contract, lay_all: bool, budget: Budget
    ) -> None:
        self.rules = rules
        self.contract = contract
        self.budget = budget
        order = sorted(
            range(len(contract.requirements)),
            key=lambda i: (contract.requirements[i].kind != "run", -contract.requirements[i].size),
        )
        self.order = order
        self.reqs = [contract.requirements[i] for i in order]
        self.lay_all = lay_all
        self.runs = sum(r.kind == "run" for r in self.reqs)
        self.contiguity = rules.forbid_contiguous_runs and self.runs > 1
        self.overlap_meets = rules.overlapping_runs_meet
        self.circular = rules.meld_rules.circular_runs
        self.distinct_sets = rules.same_rank_sets_count_once
        self.failed: set[object] = set()
        self.floors: dict[tuple[int, ...], dict[Requirement, int]] = {}
        # Alike requirements (three runs of 4) are filled in one order of their candidates
        # only: a lay-down is the same whichever of them each meld fills.
        self.group_start = [0] * len(self.reqs)
        for i in range(1, len(self.reqs)):
            alike = self.reqs[i] == self.reqs[i - 1]
            self.group_start[i] = self.group_start[i - 1] if alike else i

    def solve(self, counts: list[int], jokers: int) -> list[Candidate] | None:
        usable = jokers_laid(self.rules, jokers, self.lay_all, (self.contract,))
        if usable is None:
            return None
        return self._step(0, counts, usable, (), (), None)

    def _rest(
        self,
        req: Requirement,
        counts: list[int],
        jokers: int,
        runs: tuple[tuple[str, int, int], ...],
        ranks: tuple[int, ...],
    ) -> list[Candidate] | None:
        """The cards left as the last requirement's meld, if they make one that fits it."""
        size = sum(counts) + jokers
        if not fits(req, size):
            return None
        held = [i for i, count in enumerate(counts) if count]
        if req.kind == "run":
            if len({i // 13 for i in held}) > 1 or (size < 14 and max(counts) > 1):
                return None  # two suits, or a rank twice: no run, nothing to read
            self.budget.spend()
            if not spans(held, size, self.rules.meld_rules):
                return None  # the real cards do not fit in one window of its length
            read = run_readings
            # Reading a run tries each window it may sit in: each is a node.
            self.budget.spend(len(run_lows(size, self.rules.meld_rules)))
        else:
            if len({i % 13 for i in held}) > 1:
                return None  # two ranks: no set
            read = set_readings
            self.budget.spend()
        for reading in read(tuple(rest_cards(counts, jokers)), self.rules.meld_rules):
            run = (reading.suit, reading.low, reading.high) if req.kind == "run" else None
            if run and self.contiguity and runs_touch(run, runs, self.overlap_meets, self.circular):
                continue
            if run is None and self.distinct_sets and reading.rank in ranks:
                continue
            return [Candidate(("rest",), (), jokers, reading.cards, run)]
        return None

    def _step(
        self,
        i: int,
        counts: list[int],
        jokers: int,
        runs: tuple[tuple[str, int, int], ...],
        ranks: tuple[int, ...],  # of the sets laid so far, when two may not share one
        after: tuple[Any, ...] | None,  # the candidate the alike requirement before took
    ) -> list[Candidate] | None:
        if i == len(self.reqs):
            if self.lay_all and (jokers or any(counts)):
                return None
            return []
        req = self.reqs[i]
        self.budget.spend()
        held = tuple(counts)
        memo = (i, held, jokers, runs if self.contiguity else (), ranks, after)
        if memo in self.failed:
            return None
        if self.lay_all and i == len(self.reqs) - 1:
            # Every card is laid: the last meld is whatever is left, read once.
            last = self._rest(req, counts, jokers, runs, ranks)
            if last is None:
                self.failed.add(memo)
            return last
        # The same cards come back with other runs laid (contiguity) or other set ranks:
        # their joker floors are worked out once.
        floors = self.floors.setdefault(held, {})
        for r in self.reqs[i:]:
            if r not in floors:
                floors[r] = _joker_floor(self.rules, r, counts)
        if sum(floors[r] for r in self.reqs[i:]) > jokers:
            self.failed.add(memo)
            return None
        # A joker stands in for a natural still in hand only when that natural is the lone
        # natural of a later meld (any other lay-down can swap it back), so at most one such
        # swap per requirement still to come. Alike requirements are filled in candidate
        # order, not in the order that bound assumes: theirs is the jokers held.
        alike = self.group_start[i] < i or (i + 1 < len(self.reqs) and self.group_start[i + 1] <= i)
        swaps = jokers if alike else len(self.reqs) - i - 1
        if req.kind == "set":
            first = after[1] if after is not None else 1
            candidates = set_candidates(
                self.rules, req, counts, jokers, self.lay_all, swaps, start=first
            )
        else:
            candidates = run_candidates(
                self.rules,
                req,
                counts,
                jokers,
                self.lay_all,
                self.contiguity,
                self.runs,
                swaps,
                budget=self.budget,
                start=(after[1], after[2]) if after is not None else ("", 0),
            )
        spend = self.budget.spend
        for cand in candidates:
            spend()
            if (
                self.contiguity
                and cand.run
                and runs_touch(cand.run, runs, self.overlap_meets, self.circular)
            ):
                continue
            if after is not None and cand.key < after:
                continue  # this meld with the alike one before: tried in the other order
            rank = cand.key[1] if self.distinct_sets and cand.run is None else None
            if rank is not None and rank in ranks:
                continue
            for slot, k in cand.uses:
                counts[slot] -= k
            rest = self._step(
                i + 1,
                counts,
                jokers - cand.jokers,
                runs + (cand.run,) if cand.run else runs,
                ranks + (rank,) if rank is not None else ranks,
                cand.key if i + 1 < len(self.reqs) and self.group_start[i + 1] <= i else None,
            )
            for slot, k in cand.uses:
                counts[slot] += k
            if rest is not None:
                return [cand] + rest
        self.failed.add(memo)
        return None


def _joker_floor(rules: RuleSystem, req: Requirement, counts: list[int]) -> int:
    """The fewest jokers one meld for this requirement needs from these cards (a lower bound)."""
    meld = rules.meld_rules
    size = max(req.size, meld.set_min if req.kind == "set" else meld.run_min)
    best = 0
    if req.kind == "set":
        ranks = zip(counts[0:13], counts[13:26], counts[26:39], counts[39:52], strict=True)
        if meld.set_distinct_suits:
            best = max(sum(map(bool, have)) for have in ranks)
        else:
            best = max(map(sum, ranks))
        return 99 if not best else max(0, size - best)
    circular = meld.circular_runs
    for s in range(4):
        held = [1 if n else 0 for n in counts[s * 13 : s * 13 + 13]]
        # Naturals in each window of `size` positions, from running sums: A..K then the
        # ace again (high), or the row twice round for circular runs.
        line = held + held if circular else held + held[:1]
        sums = list(accumulate(line, initial=0))
        lows = range(13) if circular else range(0, 15 - size)
        best = max(best, max((sums[low + size] - sums[low] for low in lows), default=0))
        if best >= size:
            return 0
    return 99 if not best else size - best


def search_cards(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget
) -> tuple[tuple[Card, ...], ...] | None:
    """A lay-down of this way of the contract from the hand, or None; SearchTooLarge past
    the budget."""
    counts, jokers = hand_counts(hand)
    if len(hand) < contract.cards_needed:
        return None
    search = _CardSearch(rules, contract, contract.lay_all_cards, budget)
    picked = search.solve(counts, jokers)
    if picked is None:
        return None
    melds: list[tuple[Card, ...]] = [()] * len(picked)
    for position, cand in zip(search.order, picked, strict=True):
        melds[position] = cand.cards
    return tuple(melds)


def glance_cards(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget, nodes: int
) -> tuple[tuple[Card, ...], ...] | None:
    """`search_cards` in `nodes` of `budget` at most, what it spent charged to `budget`
    (at least one: a search made is work, if only reading the hand); SearchTooLarge past
    them."""
    glance = Budget(min(nodes, budget.left))
    try:
        return search_cards(rules, contract, hand, glance)
    finally:
        budget.charge(max(glance.used, 1))
