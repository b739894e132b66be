"""Exact best opening for rami-51: the highest-scoring lay-down with a pure run.

Every meld the hand can make is listed once (solver.py's generators). A
memoised search then takes the lowest card still held and either keeps it in
hand or lays it in one of the melds that start with it; so every lay-down is
reached exactly once and the best is exact. One card must stay in hand: a
player always discards after laying down.

Where the best would take more than the budget (many jokers beside a long
stretch of one suit: thousands of lay-downs score alike), a second search in a
budget of its own asks only whether some lay-down reaches the minimum: it lays
the richest melds first and drops a branch as soon as even every card left at
its most could not reach it; then, while its budget lasts, a richer one. Its
answer is an opening, not always the best one.
"""

from __future__ import annotations

from functools import cache
from itertools import chain

from .candidates import Candidate, hand_counts, run_candidates, set_candidates
from .cards import Card
from .errors import SearchTooLarge
from .limits import OPENING_NODES, Budget, HandLimits, check_hand
from .melds import MeldReading, Reason
from .opening import meld_points
from .solver import Solution
from .systems import Requirement, RuleSystem

_NONE = (-1, ())


def _reading(cand: Candidate) -> MeldReading:
    if cand.run:
        suit, low, _ = cand.run
        return MeldReading("run", cand.cards, suit=suit, low=low, joins=suit)
    return MeldReading("set", cand.cards, rank=cand.key[1])


def solve_opening(
    rules: RuleSystem,
    hand: list[Card],
    *,
    players: int | None = None,
    limits: HandLimits | None = None,
    budget: Budget | None = None,
) -> tuple[Solution, int]:
    """(the best opening, or past the budget one that opens, or the reasons there is none;
    its points or the best short total, 0 where the budget left it unknown).

    Raises HandTooLarge for a hand no table could hold and SearchTooLarge when deciding
    would take more than the budget.
    """
    check_hand(rules, hand, players, limits=limits)
    budget = budget or Budget(OPENING_NODES)
    spend = budget.spend
    opening = rules.opening_rule
    if opening.rami_sec_only and len(hand) != opening.rami_sec_cards + 1:
        needed = opening.rami_sec_cards + 1  # the cards held after drawing
        reason = Reason("rami_sec_hand", {"count": len(hand), "needed": needed})
        return Solution(False, (), (reason,)), 0
    meld = rules.meld_rules
    hand = [Card(0) if c.is_joker else c for c in hand]
    counts, jokers = hand_counts(hand)
    # A long run that cuts into two runs, each with a natural, scores what the two score.
    generated = chain(
        set_candidates(rules, Requirement("set", meld.set_min), counts, jokers, True),
        run_candidates(
            rules, Requirement("run", meld.run_min), counts, jokers, True, True, splittable=False
        ),
    )
    # Most a natural can add to a lay-down (an ace counts 11), for an exact upper bound.
    most = max(opening.ace_high, opening.ace_in_set, opening.ace_low)
    value = [most if i % 13 == 0 else min(i % 13 + 1, opening.face) for i in range(52)]
    joker_most = most if opening.joker_as_card else opening.joker
    by_anchor: dict[int, list[tuple[Candidate, int, bool, int]]] = {}
    relevant: set[int] = set()
    for cand in generated:
        spend()
        reading = _reading(cand)
        pure = cand.run is not None and cand.jokers == 0 and len(cand.cards) >= opening.pure_run_min
        spent = sum(value[slot] * k for slot, k in cand.uses)
        item = (cand, meld_points(opening, reading), pure, spent)
        by_anchor.setdefault(cand.uses[0][0], []).append(item)
        relevant.update(slot for slot, _ in cand.uses)
    for items in by_anchor.values():
        items.sort(key=lambda item: -item[1])  # good lay-downs first, so the bound bites early
    outside = sum(counts) - sum(counts[i] for i in relevant)
    start = tuple(counts[i] if i in relevant else 0 for i in range(52))

    def ceiling(state: tuple[int, ...], jokers_left: int) -> int:
        """The most the cards left could add, each at its most (an exact upper bound)."""
        return sum(n * value[i] for i, n in enumerate(state) if n) + jokers_left * joker_most

    def may_end(need_pure: bool, need_keep: bool, jokers_left: int, keep: int) -> bool:
        """Whether a lay-down may end with every card placed: its pure run laid, a card kept
        for the discard, the jokers not laid within what may stay in hand."""
        return not (need_pure or (need_keep and not jokers_left) or jokers_left > keep)

    def without(state: tuple[int, ...], anchor: int) -> tuple[int, ...]:
        """The state once its lowest card stays in hand."""
        kept = list(state)
        kept[anchor] -= 1
        return tuple(kept)

    @cache
    def best(
        state: tuple[int, ...], jokers_left: int, need_pure: bool, need_keep: bool, keep: int
    ) -> tuple[int, tuple[tuple[Card, ...], ...]]:
        """(points, melds) of the best lay-down from this state, or (-1, ()) if none;
        `keep`: how many more cards may stay in hand (rami sec only: the discard)."""
        spend()
        anchor = next((i for i, n in enumerate(state) if n), None)
        if anchor is None:
            return (0, ()) if may_end(need_pure, need_keep, jokers_left, keep) else _NONE
        result: tuple[int, tuple[tuple[Card, ...], ...]] = _NONE
        if keep:  # the card stays in hand
            result = best(without(state, anchor), jokers_left, need_pure, False, keep - 1)
        most = ceiling(state, jokers_left)
        for cand, points, pure, spent in by_anchor.get(anchor, ()):
            spend()
            if cand.jokers > jokers_left or any(state[s] < k for s, k in cand.uses):
                continue
            # Exact pruning: even if every card left scored its most, this cannot win.
            if most - spent - (cand.jokers * joker_most) + points <= result[0]:
                continue
            after = list(state)
            for slot, k in cand.uses:
                after[slot] -= k
            rest = best(
                tuple(after), jokers_left - cand.jokers, need_pure and not pure, need_keep, keep
            )
            if rest[0] >= 0 and points + rest[0] > result[0]:
                result = (points + rest[0], (cand.cards,) + rest[1])
        return result

    def reach(
        state: tuple[int, ...],
        jokers_left: int,
        need_pure: bool,
        need_keep: bool,
        keep: int,
        needed: int,
    ) -> tuple[int, tuple[tuple[Card, ...], ...]] | None:
        """A lay-down from this state worth at least `needed` points, or None."""
        spend_more()
        key = (state, jokers_left, need_pure, need_keep, keep, needed)
        if key in failed:
            return None
        anchor = next((i for i, n in enumerate(state) if n), None)
        if anchor is None:
            if needed <= 0 and may_end(need_pure, need_keep, jokers_left, keep):
                return 0, ()
            failed.add(key)
            return None
        if ceiling(state, jokers_left) < needed:
            failed.add(key)
            return None
        # Enough laid: the rest may stay in hand, tried first; else the richest melds first.
        keep_first = not needed and not need_pure
        if keep and keep_first:
            rest = reach(without(state, anchor), jokers_left, False, False, keep - 1, 0)
            if rest is not None:
                return rest
        for cand, points, pure, _ in by_anchor.get(anchor, ()):  # the richest first
            spend_more()
            if cand.jokers > jokers_left or any(state[s] < k for s, k in cand.uses):
                continue
            after = list(state)
            for slot, k in cand.uses:
                after[slot] -= k
            rest = reach(
                tuple(after),
                jokers_left - cand.jokers,
                need_pure and not pure,
                need_keep,
                keep,
                max(0, needed - points),
            )
            if rest is not None:
                return points + rest[0], (cand.cards,) + rest[1]
        if keep and not keep_first:  # the card stays in hand
            rest = reach(without(state, anchor), jokers_left, need_pure, False, keep - 1, needed)
            if rest is not None:
                return rest
        failed.add(key)
        return None

    # Any number of cards may stay in hand, but a rami sec keeps only the one it discards.
    keep = 1 - outside if opening.rami_sec_only else len(hand)
    if keep < 0:
        return Solution(False, (), (Reason("no_rami_sec_possible"),)), 0
    failed: set[tuple[object, ...]] = set()
    spend_more = Budget(budget.size).spend  # the second search's own budget
    try:
        points, melds = best(start, jokers, True, outside == 0, keep)
    except SearchTooLarge:
        found = reach(start, jokers, True, outside == 0, keep, opening.minimum)
        if found is None:
            reason = Reason("no_opening_reaches", {"minimum": opening.minimum})
            return Solution(False, (), (reason,)), 0
        points, melds = found
        try:  # then richer ones, while its budget lasts (past the best: none, and it is exact)
            while (
                better := reach(start, jokers, True, outside == 0, keep, points + 1)
            ) is not None:
                points, melds = better
        except SearchTooLarge:
            pass
    finally:
        best.cache_clear()
    if points >= opening.minimum:
        return Solution(True, melds), points
    reasons = []
    if opening.rami_sec_only and points < 0:
        reasons.append(Reason("no_rami_sec_possible"))
    elif points < 0:
        reasons.append(Reason("no_pure_run_possible", {"minimum": opening.pure_run_min}))
    else:
        reasons.append(Reason("best_below_minimum", {"points": points, "minimum": opening.minimum}))
    return Solution(False, (), tuple(reasons)), max(points, 0)
