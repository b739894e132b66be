"""The lay-down the walk along the ranks reached (run_walk.py), replayed from its choices:
each run's cards in order, and the sets from the naturals no run took."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .limits import Budget
from .melds import run_readings, set_readings
from .systems import Contract
from .walk_corner import HEAD, JOKER, SEAM, STOP, TAIL, WAIT, WAITING
from .walk_sets import Pool

if TYPE_CHECKING:
    from .walk_steps import Walk

# A state: (aces of this suit played low, the runs open as sorted ids, runs laid per
# requirement kind, jokers spent, naturals of each rank no run took: the sets' pool).
State = tuple[int, tuple[int, ...], tuple[int, ...], int, Pool]
# How the runs open go on at a rank: each run's choice (STOP...), the new runs: (id, a joker
# first) each, and the naturals of the rank no run took that go to the sets.
Choice = tuple[tuple[int, ...], tuple[tuple[int, bool], ...], int]
Layer = dict[State, tuple[State | None, Choice | int | None]]  # state -> (before, choice)
Sets = list[tuple[int, list[tuple[int, int, int]]]]  # (rank, each set's kind, naturals, jokers)


def laid_melds(
    walk: Walk,
    contract: Contract,
    layers: list[Layer],
    plan: list[tuple[str, int]],
    goal: State,
) -> tuple[tuple[Card, ...], ...]:
    """The melds of the walk that reached `goal`, as the contract's melds in its order."""
    choices: list[Choice | int | None] = []
    state: State | None = goal
    for layer in reversed(layers):
        assert state is not None
        state, choice = layer[state]
        choices.append(choice)
    choices.reverse()
    # Each open run beside its id, sorted as the walk sorted them (runs of one id are
    # interchangeable for everything after): (id, first position, jokers, a tail's jokers).
    laid: list[list[tuple[str, int, list[bool]]]] = [[] for _ in walk.kinds]
    open_runs: list[tuple[int, int, list[bool], list[bool]]] = []
    spare: dict[int, list[Card]] = {}  # rank -> the naturals no run took
    for (suit, position), choice in zip(plan, choices, strict=True):
        if position == -1 or not isinstance(choice, tuple):
            continue  # the split of the suit's aces
        made, new, pooled = choice
        still = []
        for run, pick in zip(open_runs, made, strict=True):
            after = _next(walk, *run, pick, position, suit, laid)
            if after is not None:
                still.append(after)
        for me, joker in new:
            still.append((me, position, [joker], []))
        still.sort(key=lambda run: run[0])
        open_runs = still
        if position:
            rank = 1 if position == 14 else position
            spare.setdefault(rank, []).extend([Card(rank, suit)] * pooled)
    runs = [[_run(walk, *run) for run in kind] for kind in laid]
    # The walk knew the pool made the sets; which ranks they take is worked out again from
    # the cards themselves (a small search: the pool holds 13 ranks at most).
    pool = tuple(len(spare.get(rank, ())) for rank in range(1, 14))
    sets = walk.sets.make(pool, walk.jokers - goal[3], Budget(1_000_000, timed=False))
    assert sets is not None, "the walk's sets cannot be made again from its cards"
    made_sets = _sets(walk, sets, spare)
    out = []
    for r in contract.requirements:
        if r.kind == "run":
            out.append(runs[walk.kinds.index((r.size, r.exact))].pop())
        else:
            out.append(made_sets[walk.sets.kinds.index((r.size, r.exact))].pop())
    return tuple(out)


def _next(
    walk: Walk,
    me: int,
    begin: int,
    places: list[bool],
    tail: list[bool],
    pick: int,
    position: int,
    suit: str,
    laid: list[list[tuple[str, int, list[bool]]]],
) -> tuple[int, int, list[bool], list[bool]] | None:
    """An open run after its choice at this rank: still open (its id, first position,
    jokers, a tail's jokers) or laid (None). Round the corner (walk_corner.py), a tail that
    waits keeps its cards aside, and the head it becomes later ends with them."""
    table, states = walk.runs, walk.states
    flag, state = divmod(me, states)
    role = flag & 3
    if pick == STOP:  # a head's cards, then its tail's from the ace
        laid[table.kind[state]].append((suit, begin, places + tail))
        return None
    if pick == WAIT:
        waiting = (flag & SEAM | WAITING) * states + state
        return (waiting, 0, [], places) if role == TAIL else (me, begin, places, tail)
    joker = pick == JOKER
    if role == WAITING:  # the head begins here
        rested = table.rested[state]
        after = table.joker[rested] if joker else table.natural[rested]
        return ((flag & SEAM | HEAD) * states + after, position, [joker], tail)
    after = table.joker[state] if joker else table.natural[state]
    return (flag * states + after, begin, [*places, joker], tail)


def _run(walk: Walk, suit: str, begin: int, places: list[bool]) -> tuple[Card, ...]:
    """A run's cards in order, each joker pinned, as the table reads them (the ace after
    the king, high or round the corner)."""
    cards = tuple(
        Card(0) if joker else Card((begin + i - 1) % 13 + 1, suit) for i, joker in enumerate(places)
    )
    low = begin - 1 if walk.circular else begin  # round the corner, the ace is 0
    for reading in run_readings(cards, walk.meld):
        if reading.low == low:
            return reading.cards
    raise AssertionError(f"the walk laid a run the table cannot read: {cards}")


def _sets(walk: Walk, sets: Sets, spare: dict[int, list[Card]]) -> list[list[tuple[Card, ...]]]:
    """The sets of each kind, from the naturals no run took, each joker pinned."""
    out: list[list[tuple[Card, ...]]] = [[] for _ in walk.sets.kinds]
    for rank, shares in sets:
        for kind, naturals, jokers in shares:
            cards = tuple(spare[rank].pop() for _ in range(naturals)) + (Card(0),) * jokers
            readings = set_readings(cards, walk.meld)
            assert readings, f"the walk laid a set the table cannot read: {cards}"
            out[kind].append(readings[0].cards)
    return out
