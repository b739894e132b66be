"""Exact lay-down finder for a round's contract.

Depth-first over the contract's requirements; each picks a concrete meld from
the cards still in hand (naturals by identity, jokers as a count). A joker may
also replace a natural the hand holds, because that natural may be needed
elsewhere: this keeps the search exact. Failed states are memoised, and a joker
floor per requirement prunes hands that cannot have enough jokers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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
from .cards import Card, natural
from .catalogue import cards_dealt, contract_for, round_rules
from .contracts import fits, runs_touch
from .deuces import deuce_plays, deuces_used
from .errors import SearchTooLarge
from .limits import CONTRACT_NODES, SHAPE_NODES, Budget, HandLimits, check_hand, hand_limits
from .melds import Reason, run_lows, run_readings, set_readings
from .run_suits import one_suit_rules, own_cards, renamed
from .shapes import NotDecided, decide
from .systems import Contract, Requirement, RuleSystem


@dataclass(frozen=True)
class Solution:
    found: bool
    melds: tuple[tuple[Card, ...], ...]
    reasons: tuple[Reason, ...] = ()


class _ContractSearch:
    def __init__(
        self, rules: RuleSystem, contract: Contract, lay_all: bool, budget: Budget
    ) -> None:
        self.rules = rules
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
        most = self.rules.lay_down_jokers_most
        if most is not None and jokers > most:
            if self.lay_all:
                return None  # every card laid would lay more jokers than one lay-down holds
            jokers = most  # the others stay in hand
        return self._step(0, counts, jokers, (), (), None)

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


def solve_contract(
    rules: RuleSystem,
    round_number: int,
    hand: list[Card],
    *,
    players: int | None = None,
    limits: HandLimits | None = None,
    budget: Budget | None = None,
) -> Solution:
    """A lay-down of the hand meeting the round's contract, or proof there is none.

    Raises HandTooLarge for a hand no table could hold and SearchTooLarge when deciding
    would take more than the budget.
    """
    contract = contract_for(rules, round_number)
    rules = round_rules(rules, round_number)
    if contract.no_jokers:  # a round dealt without jokers holds none, whatever the decks
        limits = replace(limits or hand_limits(rules, players), jokers=0)
    check_hand(rules, hand, players, limits=limits)
    budget = budget or Budget(CONTRACT_NODES)
    # A deuce written as wild (2C=9H) is the finder's to play: it starts natural.
    hand = [natural(c) if c.deuce else Card(0) if c.is_joker else c for c in hand]
    if contract.lay_all_cards:
        needed = cards_dealt(rules, round_number) + 1
        if len(hand) != needed:
            reason = Reason("must_lay_all", {"count": len(hand), "needed": needed})
            return Solution(False, (), (reason,))
    # Each way of the contract, for each way to play the wild deuces (every one wild first:
    # it makes the most melds), in one budget: the work stays bounded however many.
    ways = contract.ways()
    shapes = Budget(SHAPE_NODES)
    plays = deuce_plays(hand, rules.meld_rules)
    if not contract.lay_all_cards:
        plays = deuces_used(plays, ways, rules.meld_rules)
    undecided = False
    for play in reversed(plays):
        try:
            found = _lay(rules, ways, play, budget, shapes)
        except SearchTooLarge:
            undecided = True  # another play may still lay it; else the answer is undecided
            continue
        if found is not None:
            return Solution(True, found)
    if undecided:
        raise SearchTooLarge(nodes=budget.size)
    # Decided: none. Saying why is a shorter search for each kind of meld, in what is left
    # of the budget; past it the answer stays decided, with the general reason.
    searched_rules, searched = _searched(rules, _as_jokers(plays[-1]))
    try:
        reasons = _why_not(searched_rules, ways[0], searched, budget)
    except SearchTooLarge:
        reasons = [Reason("cannot_combine")]
    if len(ways) > 1:  # why the first way cannot be made, after saying none can
        reasons = [Reason("no_way_made", {"count": len(ways)}), *reasons]
    return Solution(False, (), tuple(reasons))


def _as_jokers(play: tuple[Card, ...]) -> list[Card]:
    """The hand as the searches read it: a wild deuce is one more joker."""
    return [Card(0) if card.is_joker else card for card in play]


def _searched(rules: RuleSystem, hand: list[Card]) -> tuple[RuleSystem, list[Card]]:
    """The rules and hand the searches read: runs that need not be of one suit are searched
    as runs of one suit, each card renamed (run_suits.py)."""
    if rules.meld_rules.run_suits == "one_suit":
        return rules, hand
    return one_suit_rules(rules), [renamed(c, rules.meld_rules) for c in hand]


def _lay(
    rules: RuleSystem,
    ways: tuple[Contract, ...],
    play: tuple[Card, ...],
    budget: Budget,
    shapes: Budget,
) -> tuple[tuple[Card, ...], ...] | None:
    """A lay-down of one way, from the hand with its deuces played as `play` says, in the
    hand's own cards, each wild deuce back in the place of a joker."""
    hand = _as_jokers(play)
    searched_rules, searched = _searched(rules, hand)
    for way in ways:
        found = _search_or_shapes(searched_rules, way, searched, budget, shapes)
        if found is None:
            continue
        if searched is not hand:
            found = own_cards(rules, way.requirements, found, hand)
        # Which joker a wild deuce replaces does not matter: every rule counts them alike.
        wild = iter(card.deuce for card in play if card.deuce)
        melds = [[replace(c, deuce=next(wild, "")) if c.is_joker else c for c in m] for m in found]
        # A deuce standing for itself is laid as the natural card it is.
        return tuple(
            tuple(natural(c) if c.deuce and c.pin == (2, c.deuce) else c for c in meld)
            for meld in melds
        )
    return None


def _search_or_shapes(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget, shapes: Budget
) -> tuple[tuple[Card, ...], ...] | None:
    """The card-by-card search, and where its budget runs out (many jokers beside long
    stretches of one suit), the search by shapes (shapes.py) in a budget of its own."""
    # A spent budget is not set to work again: past it, each of many ways to play wild
    # deuces would still pay for making its candidates or shapes before giving up.
    if budget.left > 0:
        try:
            return _search(rules, contract, hand, budget)
        except SearchTooLarge:
            pass
    if shapes.left <= 0:
        raise SearchTooLarge(nodes=budget.size)
    try:
        return decide(rules, contract, hand, shapes)
    except (NotDecided, SearchTooLarge):  # said as the contract search's budget
        raise SearchTooLarge(nodes=budget.size) from None


def _search(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget
) -> tuple[tuple[Card, ...], ...] | None:
    counts, jokers = hand_counts(hand)
    need = sum(r.size for r in contract.requirements)
    if len(hand) < need:
        return None
    search = _ContractSearch(rules, contract, contract.lay_all_cards, budget)
    picked = search.solve(counts, jokers)
    if picked is None:
        return None
    melds: list[tuple[Card, ...]] = [()] * len(picked)
    for position, cand in zip(search.order, picked, strict=True):
        melds[position] = cand.cards
    return tuple(melds)


def _why_not(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget
) -> list[Reason]:
    """A short explanation: which kind of meld the hand cannot make enough of."""
    reasons = []
    need = sum(r.size for r in contract.requirements)
    if len(hand) < need:
        return [Reason("hand_too_small", {"count": len(hand), "needed": need})]
    if rules.forbid_contiguous_runs:
        loose = replace(rules, forbid_contiguous_runs=False)
        if _search(loose, contract, hand, budget) is not None:
            return [Reason("only_contiguous_runs")]
    if rules.same_rank_sets_count_once:
        loose = replace(rules, same_rank_sets_count_once=False)
        if _search(loose, contract, hand, budget) is not None:
            return [Reason("only_same_rank_sets")]
    for kind in ("set", "run"):
        reqs = [r for r in contract.requirements if r.kind == kind]
        possible = len(reqs)
        if possible == len(contract.requirements) and not contract.lay_all_cards:
            possible -= 1  # the whole contract: the search just made says it cannot be
        while possible and _search(rules, Contract(tuple(reqs[:possible])), hand, budget) is None:
            possible -= 1
        if possible < len(reqs):
            params = {"kind": kind, "size": reqs[0].size, "possible": possible, "needed": len(reqs)}
            reasons.append(Reason("only_n_possible", params))
    if reasons:
        return reasons
    return [Reason("cannot_combine")]
