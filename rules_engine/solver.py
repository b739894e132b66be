"""Exact lay-down finder for a round's contract.

Each way of the contract, for each way to play the hand's wild deuces, is searched card by
card (card_search.py) and, where that runs out of its budget, by shapes (shapes.py) and,
past them, by walking each suit's ranks (run_walk.py) for a contract with sets; round the
corner, the walk comes before the shapes, in its share past them. A contract of runs is
glanced at card by card, then walked; so is a hand whose naturals are of one suit, sets or
not (the walk settles each rank's sets at that rank). A hand holding just the cards a way needs is
searched with every card laid, each meld its size (`_tight`). Where the walk takes every
way, it first plays the wild deuces itself, once for all their ways, the contract's ways
taking turns (walk_turns.py): where no way lays, that is the answer for all of them (with
sets or round the corner, in the shapes' time: the searches of each play after it are
card by card only). Where a contract has several ways, each is first glanced at card by
card (solver_ways.py), so that a later way that lays is not hidden by an earlier one that takes
every budget to refuse. Where every search runs out, each way is asked as an integer program
(solver_program.py), in a budget of its own. A hand none can lay is then told why
(solver_why.py). Besides their nodes, the searches keep to a clock, the program has what is
left of the finder's time and the explanation a clock of its own (limits.py): a node's cost
differs from hand to hand, and the worst hand's time is what a server feels.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, replace
from functools import partial

from .card_search import glance_cards, search_cards
from .cards import Card, natural
from .catalogue import cards_dealt, contract_for, round_rules
from .deuces import deuce_plays, deuces_placed, deuces_used
from .errors import SearchTooLarge
from .limits import (
    CONTRACT_NODES,
    FINDER_SECONDS,
    GLANCE_NODES,
    LATE_WALK_NODES,
    PLAYS_WALK_NODES,
    PROGRAM_LEAST_SECONDS,
    SEARCH_SECONDS,
    SHAPE_NODES,
    WALK_NODES,
    WHY_SECONDS,
    Budget,
    HandLimits,
    check_hand,
    hand_limits,
    out_of_time,
    time_limit,
    wild_laid_most,
)
from .melds import Reason
from .natural_room import NaturalRoom
from .run_suits import one_suit_rules, own_cards, renamed
from .run_walk import Walking, walk_runs, walkable
from .shapes import NotDecided, decide
from .solver_program import programmed
from .solver_ways import first_laid, glance_ways
from .solver_why import why_not
from .systems import Contract, RuleSystem
from .walk_turns import walk_in_turns


@dataclass(frozen=True)
class Solution:
    found: bool
    melds: tuple[tuple[Card, ...], ...]
    reasons: tuple[Reason, ...] = ()


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
    # A way the hand's naturals can never hold is not searched (natural_room.py).
    tight = (_tight(way, len(hand)) for way in ways)
    room = NaturalRoom(rules, hand)
    searched_ways = tuple(way for way in tight if not room.short(way))
    budgets = Budgets(budget, Budget(WALK_NODES), Budget(SHAPE_NODES), Budget(LATE_WALK_NODES))
    started = time.perf_counter()
    with time_limit(SEARCH_SECONDS):  # the nodes bound the work; the clock, its time
        found, undecided, telling, late = _searches(rules, searched_ways, hand, contract, budgets)
    if found is not None:
        return Solution(True, found)
    if undecided:  # the last resort, with what is left of the finder's time
        seconds = max(PROGRAM_LEAST_SECONDS, FINDER_SECONDS - (time.perf_counter() - started))
        try:
            found = programmed(rules, round_number, searched_ways, hand, limits, seconds)
        except SearchTooLarge:
            raise SearchTooLarge(nodes=budget.size) from None  # said as the card search's
        if found is not None:
            return Solution(True, found)
    # Decided: none. Saying why is a shorter search for each kind of meld, in what is left
    # of the budget and a clock of its own; past them the answer stays decided, with the
    # general reason.
    searched_rules, searched = _searched(rules, _as_jokers(telling))
    try:
        # The explanation's walk keeps to the walk's share past the shapes (what is left of
        # it, where the walk of every play of the deuces had more), and its card search to
        # half the card search's budget: where the search itself was short, or the walk
        # decided, a whole budget would add the most that search may cost.
        walk = Budget(max(0, min(budgets.walk.left, late.left, LATE_WALK_NODES - late.used)))
        told = Budget(min(budget.left, budget.size // 2))
        with time_limit(WHY_SECONDS):
            reasons = why_not(searched_rules, ways[0], searched, told, walk)
    except SearchTooLarge:
        reasons = [Reason("cannot_combine")]
    if len(ways) > 1:  # why the first way cannot be made, after saying none can
        reasons = [Reason("no_way_made", {"count": len(ways)}), *reasons]
    return Solution(False, (), tuple(reasons))


def _searches(
    rules: RuleSystem,
    searched_ways: tuple[Contract, ...],
    hand: list[Card],
    contract: Contract,
    start: Budgets,
) -> tuple[Melds | None, bool, tuple[Card, ...], Budget]:
    """Every search of every way, for each way to play the wild deuces: (a lay-down or
    None, whether one stayed undecided, the play the hand is told with where none lays,
    the budget of the walk past the shapes)."""
    budget, walks, shapes, late_walk = start.cards, start.walk, start.shapes, start.late_walk
    ways = contract.ways()
    every = deuce_plays(hand, rules.meld_rules)
    plays = deuces_used(every, ways, rules.meld_rules, contract.lay_all_cards)
    telling = plays[-1]  # where none lays, the hand is told with every deuce wild
    most = (
        wild_laid_most(rules, ways, sum(c.is_joker for c in every[-1])) if len(every) > 1 else None
    )
    if most is not None:  # no more deuces wild than one lay-down has room for
        plays = deuces_used(every, ways, rules.meld_rules, contract.lay_all_cards, most)
    # Where the walk takes every way, it plays the wild deuces itself, once for all plays.
    wild = _deuces_walked(rules, searched_ways, hand) if len(plays) > 1 and searched_ways else None
    walked: Melds | None = None
    to_search = plays if searched_ways else []
    if wild is not None:
        # The one walk first: where no way lays, it proves so for every play of the deuces
        # at once; a lay-down it finds is kept for last, the searches below lay each deuce
        # as the card it is where they can, card by card only. The shapes decide nothing
        # past this walk that it does not (bench/solver_variants.py): it has their time.
        shapes = Budget(0)
        late_walk = Budget(PLAYS_WALK_NODES)
        budgets = Budgets(budget, walks, shapes, late_walk, each_play=False)
        walked, undecided = _walk_deuces(rules, searched_ways, hand, wild, budgets)
        if walked is None and not undecided:
            to_search = []  # decided: none, whichever way the deuces are played
    undecided = False
    for play in reversed(to_search):
        if len(plays) > 1:  # reading the hand again for each way to play its deuces is work
            shapes.charge(len(play))
        spent = (budget, shapes, walks, late_walk)
        if all(b.left <= 0 for b in spent) or out_of_time():  # the rest stays undecided
            undecided = True
            break
        try:
            budgets = Budgets(budget, walks, shapes, late_walk, each_play=wild is None)
            found = _lay(rules, searched_ways, play, budgets)
        except SearchTooLarge:
            undecided = True  # another play may still lay it; else the answer is undecided
            continue
        if found is not None:
            return found, False, telling, late_walk
    return walked, undecided, telling, late_walk


def _tight(way: Contract, cards: int) -> Contract:
    """The way as the searches read it: where the hand holds just the cards its melds
    need, every card is laid and no meld is longer than it must be (as many cards as the
    melds' sizes add up to can only be laid that way), which cuts the searches short."""
    if way.lay_all_cards or way.cards_needed != cards:
        return way
    exact = tuple(replace(r, exact=True) for r in way.requirements)
    return replace(way, requirements=exact, lay_all_cards=True)


def _as_jokers(play: tuple[Card, ...]) -> list[Card]:
    """The hand as the searches read it: a wild deuce is one more joker."""
    return [Card(0) if card.is_joker else card for card in play]


def _searched(rules: RuleSystem, hand: list[Card]) -> tuple[RuleSystem, list[Card]]:
    """The rules and hand the searches read: runs that need not be of one suit are searched
    as runs of one suit, each card renamed (run_suits.py)."""
    if rules.meld_rules.run_suits == "one_suit":
        return rules, hand
    return one_suit_rules(rules), [renamed(c, rules.meld_rules) for c in hand]


@dataclass(frozen=True)
class Budgets:
    """The searches' budgets for one hand, shared by every way and every play of deuces."""

    cards: Budget
    walk: Budget
    shapes: Budget
    late_walk: Budget
    each_play: bool = True  # the walk runs for each way to play the deuces (else once)
    # Each way was glanced at card by card in GLANCE_NODES at least (solver_ways.py): a
    # glance again would search the same nodes again.
    glanced: bool = False


def _lay(
    rules: RuleSystem, ways: tuple[Contract, ...], play: tuple[Card, ...], budgets: Budgets
) -> tuple[tuple[Card, ...], ...] | None:
    """A lay-down of one way, from the hand with its deuces played as `play` says, in the
    hand's own cards, each wild deuce back in the place of a joker."""
    hand = _as_jokers(play)
    searched_rules, searched = _searched(rules, hand)
    share = budgets.cards.left // (2 * len(ways)) if len(ways) > 1 else 0
    way, found, rest = glance_ways(searched_rules, ways, searched, budgets.cards)
    undecided = False
    if found is None:
        glanced = replace(budgets, glanced=share >= GLANCE_NODES)
        way, found, undecided = first_laid(
            rest, lambda way: _search(searched_rules, way, searched, glanced)
        )
    if way is None or found is None:
        if undecided:
            raise SearchTooLarge(nodes=budgets.cards.size)
        return None
    if searched is not hand:
        found = own_cards(rules, way.requirements, found, hand)
    return deuces_placed(found, [card.deuce for card in play if card.deuce])


Melds = tuple[tuple[Card, ...], ...]


def _search(
    rules: RuleSystem, contract: Contract, hand: list[Card], budgets: Budgets
) -> tuple[tuple[Card, ...], ...] | None:
    """For a contract of runs, a glance card by card, then the walk along the ranks; else
    the card-by-card search, and where its budget runs out (many jokers beside long
    stretches of one suit), the search by shapes (shapes.py) and the walk, each in a budget
    of its own (round the corner, the walk before the shapes)."""
    # A spent budget is not set to work again: past it, each of many ways to play wild
    # deuces would still pay for making its candidates or shapes before giving up.
    budget, shapes = budgets.cards, budgets.shapes
    walks = walkable(rules, contract)
    runs_only = all(r.kind == "run" for r in contract.requirements)
    # A contract of runs (not round the corner), or a hand of one suit: a glance card by
    # card (most hands are laid in a few dozen nodes), then the walk, which decides in a few
    # hundred or thousand states what the card search (and the shapes) would spend their
    # whole budget on; with one suit, it settles the sets of each rank at that rank.
    runs_walked = walks and runs_only and not rules.meld_rules.circular_runs
    suit_walked = walks and budgets.each_play and len({c.suit for c in hand if not c.is_joker}) == 1
    if (runs_walked or suit_walked) and budget.left > 0 and not budgets.glanced:
        try:
            return glance_cards(rules, contract, hand, budget, GLANCE_NODES)
        except SearchTooLarge:
            pass
    if runs_walked:
        # The walk has the time of the rest of the card search's budget where it needs more
        # (limits.py). Where it took every play of the wild deuces at once, the card search
        # lays this play in the rest of its budget.
        if budgets.each_play:
            return _walk(rules, contract, hand, budgets.walk, budget)
        if budget.left <= 0:
            raise SearchTooLarge(nodes=budget.size)
        return search_cards(rules, contract, hand, budget)
    if suit_walked:  # bench/RESULTS.md: the card search and shapes took 100 times as long
        try:
            return _walk(rules, contract, hand, budgets.walk, budget)
        except SearchTooLarge:
            walks = False
    if budget.left > 0:
        try:
            return search_cards(rules, contract, hand, budget)
        except SearchTooLarge:
            pass
    if walks and runs_only and budgets.each_play:
        # Round the corner, the walk first in its share past the shapes, then the shapes
        # (and not the walk again after them).
        try:
            return _walk(rules, contract, hand, budgets.walk, budget, budgets.late_walk)
        except SearchTooLarge:
            walks = False
    if shapes.left > 0:
        try:
            return decide(rules, contract, hand, shapes)
        except (NotDecided, SearchTooLarge):
            pass
    if walks and budgets.each_play:  # with sets or round the corner, the shapes come first
        return _walk(rules, contract, hand, budgets.walk, budget, budgets.late_walk)
    raise SearchTooLarge(nodes=budget.size)  # said as the contract search's budget


def _walk(
    rules: RuleSystem,
    contract: Contract,
    hand: list[Card],
    walk: Budget,
    said: Budget,
    most: Budget | None = None,
) -> tuple[tuple[Card, ...], ...] | None:
    """The walk along the ranks in its budget, shared by every way of the hand (and past
    the shapes, no more than `most` of it); past it, said as the contract search's."""
    share = Budget(min(walk.left, most.left if most else walk.left))
    try:
        if share.left > 0:
            return walk_runs(rules, contract, hand, share)
    except SearchTooLarge:
        pass
    finally:
        used = share.size - share.left
        walk.charge(used)
        if most:
            most.charge(used)
    raise SearchTooLarge(nodes=said.size)


def _deuces_walked(
    rules: RuleSystem, ways: tuple[Contract, ...], hand: list[Card]
) -> Counter[tuple[int, str]] | None:
    """The hand's wild deuces as the walk reads them (how many of each searched suit), where
    the walk takes every way and no lay-down limits its jokers (a wild deuce laid natural
    would not count there); else None, and each way to play them is searched apart."""
    meld = rules.meld_rules
    if rules.lay_down_jokers_most is not None:
        return None
    searched_rules, searched = _searched(rules, hand)
    if not all(walkable(searched_rules, way) for way in ways):
        return None
    wild: Counter[tuple[int, str]] = Counter()
    plain: Counter[tuple[int, str]] = Counter()
    for own, seen in zip(hand, searched, strict=True):
        if own.rank == 2 and not own.is_joker:
            (wild if meld.wild(own) else plain)[(2, seen.suit)] += 1
    if any(key in plain for key in wild):  # renamed alike, a lay-down could not tell them
        return None
    return wild or None


def _walk_deuces(
    rules: RuleSystem,
    ways: tuple[Contract, ...],
    hand: list[Card],
    wild: Counter[tuple[int, str]],
    budgets: Budgets,
) -> tuple[tuple[tuple[Card, ...], ...] | None, bool]:
    """Each way walked once for every way to play the wild deuces: (a lay-down in the
    hand's own cards, each wild deuce laid as a joker in a joker's place, or None; whether
    some way stayed undecided). It comes before the searches for each play, the ways
    taking turns (walk_turns.py); with sets or round the corner, within the walk's share
    past the shapes (the worst hand's time stays what it was with the walk after them)."""
    searched_rules, searched = _searched(rules, hand)
    meld = rules.meld_rules

    def charged(way: Contract) -> tuple[Budget, ...]:
        late = meld.circular_runs or any(r.kind == "set" for r in way.requirements)
        return (budgets.walk, budgets.late_walk) if late else (budgets.walk,)

    walks = [partial(Walking, searched_rules, way, searched, wild) for way in ways]
    laid, found, undecided = walk_in_turns(walks, [charged(way) for way in ways])
    if laid is None or found is None:
        return None, undecided
    way = ways[laid]
    if searched is not hand:
        found = own_cards(rules, way.requirements, found, hand)
    # The wild deuces not laid as natural cards stand in the jokers' places first.
    deuces = Counter(c.suit for c in hand if meld.wild(c))
    deuces.subtract(c.suit for m in found for c in m if not c.is_joker and meld.wild(c))
    return deuces_placed(found, list(deuces.elements())), False
