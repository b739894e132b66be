"""Contracts of runs, with or without sets, decided by walking each suit's ranks once.

Runs of one suit never share a card with another suit's, so a lay-down of runs is, suit by
suit, which runs are open at each rank: each run open there takes one of the rank's cards or
a joker, or stops, and new ones may start. A state of the walk (the runs open, how many of
each requirement are laid, the jokers spent) is all the ranks after it need to know, so the
walk decides exactly whether the hand lays the contract, however many jokers it holds: where
the searches card by card and by shapes try the places of each joker (thousands beside a
long stretch of one suit), the walk meets each state once (run_states.py says what a run's
state keeps). Its work is every state it makes, counted in its own budget.
A set takes one rank's cards from any suits: a state also keeps how many naturals of each
rank no run took, and once every suit is walked, walk_sets.py says whether those and the
jokers left make the sets.
The walk goes depth first (walk_dive.py): one state at a time to the end, the most
promising first, so a hand that lays the contract is found long before every state is
made. A state it followed to no lay-down is not followed again, nor, where cards may stay
in hand, one that such a state does all of (as many runs laid or more, with as few jokers
or fewer, as many naturals left for the sets, the same runs open). A state is dropped where
its open runs need more natural cards than the suit has left, or more jokers than are left
at the ranks ahead (each open run takes a card at every rank until it may end; in the last
suit with cards, each run still to start takes the middle ranks of those ahead; the sets
take a joker for each card their fullest ranks lack, each rank's pool with the naturals
still to come), or whose runs still to lay need more cards than every suit and joker left,
or that leaves in hand more cards than the hand holds past what the melds need (walk_sets.py
counts them: the pool's naturals at more ranks than there are sets never make a set, nor a
rank too short for any set). Before the last suit, each run still to start takes at least
the jokers of its best stretch in the ranks still to walk (walk_costs.py), and a natural an
open run takes at the ranks ahead is not counted for the sets as well (walk_bounds.py).

Runs round the corner are walked from the ace too, a run across the corner in two pieces
(walk_corner.py). Sets of different suits are left to the other searches.
A walk not decided in its first states asks once whether the whole hand may lay its runs
in its jokers at all (walk_ring.py), and past them, of each state (walk_cover.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import partial

from .cards import SUITS, Card
from .errors import SearchTooLarge
from .limits import Budget, jokers_laid
from .systems import Contract, RuleSystem
from .walk_corner import quietest, turned, turned_rank
from .walk_costs import DEUCE, NATURAL, NOTHING, start_costs
from .walk_dive import Dive, Step
from .walk_laid import Choice, State, laid_melds
from .walk_steps import Rank, Walk

Where = tuple[str, int]  # (suit, position) of a step; position -1: the split of the aces


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
    return Walking(rules, contract, hand, wild).go(budget)


class Walking:
    """One walk (`walk_runs`) that stops where a budget ends and goes on, given another,
    where it stopped: several ways of a contract may take turns, each a little at a time,
    with no state met twice."""

    def __init__(
        self,
        rules: RuleSystem,
        contract: Contract,
        hand: list[Card],
        wild: Counter[tuple[int, str]] | None = None,
    ) -> None:
        self.contract = contract
        self.budget = Budget(0)  # the walk's own, given what each turn may spend
        self.diver: Dive | None = None
        self.answer: tuple[tuple[Card, ...], ...] | None = None
        wild = wild or Counter()
        held = sum(c.is_joker for c in hand) + sum(wild.values())
        # Jokers past what the melds may hold stay in hand (not so for wild deuces, which
        # may be laid as themselves).
        ways = () if wild else (contract,)
        jokers = jokers_laid(rules, held, contract.lay_all_cards, ways)
        if jokers is None:
            return
        # The cards that may stay in hand: those past what the melds need, the jokers one
        # lay-down may not hold among them.
        room = len(hand) - contract.cards_needed - (held - jokers)
        if room < 0:
            return
        self.reading = len(hand)  # reading the hand and making the walk's tables: work
        walk = self.walk = Walk(rules, contract, jokers, self.budget, room)
        held_cards = Counter((c.rank, c.suit) for c in hand if not c.is_joker)
        if too_few(walk, held_cards):
            return
        self.turn = quietest(held_cards) if walk.circular else 0
        if self.turn:  # round the corner, from the quietest rank (walk_corner.py)
            turn = self.turn
            held_cards = Counter({(turned_rank(r, turn), s): n for (r, s), n in held_cards.items()})
            wild = Counter({(turned_rank(r, turn), s): n for (r, s), n in wild.items()})
        steps = walk_steps(walk, held_cards, wild)
        self.plan = [where for where, _ in steps]
        start: State = (0, (), (0,) * len(walk.kinds), 0, walk.sets.start())
        ranked = [p >= 0 for (_, p), _ in steps]
        self.diver = Dive(walk, [step for _, step in steps], start, ranked)

    def go(self, budget: Budget) -> tuple[tuple[Card, ...], ...] | None:
        """The lay-down, or None where there is none; SearchTooLarge where `budget` ends
        first (what the walk spent is charged to it), after which `go` may be called again."""
        if self.diver is None:
            return self.answer
        own = self.budget
        own.reset(max(budget.left, 0))
        try:
            own.charge(self.reading)
            self.reading = 0
            path = self.diver.go()
        except SearchTooLarge:
            raise SearchTooLarge(nodes=budget.size) from None  # said as the caller's budget
        finally:
            budget.charge(own.size - own.left)
        if path is None:
            self.diver = None
            return None
        walk = self.walk
        melds = laid_melds(walk, self.contract, path, self.plan, next(iter(path[-1])))
        self.answer = turned(melds, 13 - self.turn) if self.turn else melds
        self.diver = None
        return self.answer


def too_few(walk: Walk, held: Counter[tuple[int, str]]) -> bool:
    """Whether the hand's naturals can never make the melds, whatever the walk does (each
    meld holds a natural card): a run holds its naturals at as many ranks of one suit, so
    a suit holds no run where it has fewer ranks than the fewest naturals a run holds, and
    no more runs than its naturals hold that many times; where two sets of one rank fill
    one requirement only, the sets need as many ranks as there are sets."""
    if walk.need:
        fewest = max(1, min(walk.whole_naturals))
        runs = 0
        for suit in SUITS:
            counts = [held[(rank, suit)] for rank in range(1, 14)]
            ranks = sum(map(bool, counts)) + (counts[0] > 1)  # two aces: low and high
            runs += sum(counts) // fewest if ranks >= fewest else 0
        if runs < sum(walk.need):
            return True
    sets = walk.sets
    if sets.empty or not sets.once:
        return False
    return len({rank for (rank, _), count in held.items() if count}) < sets.sets


def walk_steps(
    walk: Walk, held: Counter[tuple[int, str]], wild: Counter[tuple[int, str]]
) -> list[tuple[Where, Step]]:
    """The walk's steps in order, each with how a state goes one step further: for each
    suit, the split of its aces where they are low and high, then each rank."""
    suits = [s for s in SUITS if any(held[(r, s)] for r in range(1, 14))]
    # The suits of fewest cards first: the runs they may hold are few, the states too.
    suits.sort(key=lambda s: sum(held[(r, s)] for r in range(1, 14)))
    in_suit = [sum(held[(r, s)] for r in range(1, 14)) for s in suits]
    # The last suit walked that holds each rank: past it, the rank's pool is settled.
    last_suit = {
        r: max((i for i, s in enumerate(suits) if held[(r, s)]), default=-1) for r in range(1, 14)
    }
    ace_at = 1 if walk.last == 13 else 14
    steps: list[tuple[Where, Step]] = []
    positions = [*range(walk.first, walk.last + 1), 0]
    costs = _start_costs(walk, suits, positions[:-1], held, wild)
    ranks = [1 if p == 14 else p for p in positions[:-1]]
    walk.cover_cells(
        [[held[(r, s)] - wild[(r, s)] for r in ranks] for s in suits],
        [[held[(r, s)] for r in ranks] for s in suits],
        ranks,
    )
    places = len(positions) - 1
    for index, suit in enumerate(suits):
        aces = held[(1, suit)]
        # Where the ace is low and high, how many of the suit's aces are played low.
        lows = (
            (0,)
            if walk.first == 2 or walk.circular
            else (aces,)
            if walk.last == 13
            else range(aces + 1)
        )
        steps.append(((suit, -1), partial(_split, walk, tuple(lows))))
        count = [aces if p in (1, 14) else held[(p, suit)] for p in positions]
        beyond = sum(in_suit[index + 1 :])
        others = tuple(sum(held[(r, s)] for s in suits[index + 1 :]) for r in range(1, 14))
        for i, position in enumerate(positions):
            rank = 1 if position == 14 else position
            here = Rank(
                step=len(steps),
                position=position,
                held=held[(position, suit)] if position else 0,
                aces=aces if position in (1, 14) and not walk.circular else -1,
                later=sum(count[i + 1 :]),
                beyond=beyond,
                settles=last_suit.get(rank) == index and (rank != 1 or position == ace_at),
                deuces=wild[(position, suit)],
                ahead=tuple(count[i + 1 : -1]),
                others=others,
                costs=costs[index][i] if position else (),
                at=index * places + i + 1,
                end=(index + 1) * places,
            )
            steps.append(((suit, position), partial(_rank_step, walk, here)))
    return steps


def _start_costs(
    walk: Walk,
    suits: list[str],
    positions: list[int],
    held: Counter[tuple[int, str]],
    wild: Counter[tuple[int, str]],
) -> list[list[tuple[int, ...]]]:
    """The fewest jokers a run of each kind still to start takes, after each position of
    each suit (walk_costs.py)."""
    kinds = [(size, exact, walk.meld.jokers_most("run", size)) for size, exact in walk.kinds]
    ranks = [1 if p == 14 else p for p in positions]
    holds = [[_holds(held[(r, s)], wild[(r, s)]) for r in ranks] for s in suits]
    return start_costs(kinds, holds, walk.circular)


def _holds(cards: int, wild: int) -> int:
    return NATURAL if cards > wild else DEUCE if cards else NOTHING


def _split(walk: Walk, lows: tuple[int, ...], state: State) -> Iterator[tuple[State, int]]:
    for low in lows:
        walk.budget.spend()
        yield (low, *state[1:]), low


def _rank_step(walk: Walk, here: Rank, state: State) -> Iterator[tuple[State, Choice]]:
    if here.aces >= 0:  # the aces played low at 1, the others at 14
        available = state[0] if here.position == 1 else here.aces - state[0]
    else:
        available = here.held
    return walk.step(state, here, available)
