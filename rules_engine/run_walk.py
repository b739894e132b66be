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

Runs round the corner are walked from the ace too, a run across the corner in two pieces
(walk_corner.py). Sets of different suits are left to the other searches.
"""

from __future__ import annotations

from collections import Counter

from .cards import SUITS, Card
from .limits import Budget, jokers_laid
from .systems import Contract, RuleSystem
from .walk_front import Front
from .walk_laid import Layer, laid_melds
from .walk_steps import Walk


def walkable(rules: RuleSystem, contract: Contract) -> bool:
    """Whether the walk decides this way of a contract (runs of one suit, searched as one
    suit; sets of any suits)."""
    meld = rules.meld_rules
    return (
        bool(contract.requirements) and meld.run_suits == "one_suit" and not meld.set_distinct_suits
    )


def walk_runs(
    rules: RuleSystem,
    contract: Contract,
    hand: list[Card],
    budget: Budget,
    wild: Counter[tuple[int, str]] | None = None,
) -> tuple[tuple[Card, ...], ...] | None:
    """A lay-down of this way of a contract (`walkable`), or None when there is none;
    SearchTooLarge past the budget. `wild`: how many of the hand's deuces of each suit are
    wild: each is then a natural 2 or a joker, as the lay-down needs (every way to play
    them in one walk); the lay-down's jokers are then the hand's jokers and those deuces."""
    wild = wild or Counter()
    jokers = jokers_laid(
        rules, sum(c.is_joker for c in hand) + sum(wild.values()), contract.lay_all_cards
    )
    if jokers is None:
        return None
    budget.charge(len(hand))  # reading the hand and making the walk's tables, once a call
    walk = Walk(rules, contract, jokers, budget)
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
        lows = (
            (0,)
            if walk.first == 2 or walk.circular
            else (aces,)
            if walk.last == 13
            else range(aces + 1)
        )
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
            front = Front(walk.jokers, walk.need, walk.sets, walk.budget)
            for state in current:
                if position in (1, 14) and not walk.circular:
                    available = state[0] if position == 1 else aces - state[0]
                else:
                    available = held[(position, suit)] if position else 0
                rank = 1 if position == 14 else position
                settles = last_suit.get(rank) == index and (rank != 1 or position == ace_at)
                deuces = wild[(2, suit)] if position == 2 else 0
                for key, choice in walk.step(
                    state, position, available, later, beyond, settles, deuces
                ):
                    if walk.lay_all:
                        following.setdefault(key, (state, choice))
                        continue
                    if key in following:
                        continue
                    kept, beaten = front.keeps(key)
                    if not kept:
                        continue
                    for other in beaten:
                        del following[other]
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
            return laid_melds(walk, contract, layers, plan, goal)
    return None
