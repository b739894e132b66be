"""The walk along the ranks (run_walk.py), taken depth first.

Keeping every state rank after rank proves a hand cannot lay the contract, but where it
can, thousands of states may be made before the last rank shows one. Depth first, the walk
follows one state at a time to the end, the most promising first (fewest jokers spent, most
runs under way), and goes back only where a state can go no further: most lay-downs are
found in a few hundred states. A state once followed to no lay-down is not followed again,
nor one it does all of (walk_front.py), so where no lay-down exists the walk meets about as
many states as rank after rank, and having met them all is the proof.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .walk_front import Front
from .walk_laid import Choice, Layer, State
from .walk_steps import Walk

Step = Callable[[State], Iterator[tuple[State, Choice | int]]]


def dive(walk: Walk, steps: list[Step], start: State, ranked: list[bool]) -> list[Layer] | None:
    """The walk's path to a lay-down, one state a step (as `laid_melds` reads layers), or
    None where no state reaches one; SearchTooLarge past the walk's budget. `ranked`:
    whether a step is a rank's (else the split of a suit's aces)."""
    diver = _Dive(walk, steps, ranked)
    if not diver.follow(0, start):
        return None
    layers: list[Layer] = []
    before: State | None = start
    for state, choice in diver.path:
        layers.append({state: (before, choice)})
        before = state
    return layers


class _Dive:
    """One dive's states. A class, not a closure that calls itself: such a closure is a
    reference cycle, and every state it met would wait for the cycle collector (a pause of
    a hundred milliseconds, measured)."""

    def __init__(self, walk: Walk, steps: list[Step], ranked: list[bool]) -> None:
        self.walk = walk
        self.steps = steps
        self.dead: list[set[State]] = [set() for _ in steps]  # followed to no lay-down
        # Where cards may stay in hand, a state that another followed to no lay-down does
        # all of, at the same step, cannot reach one either (as the walk keeps the best).
        self.beaten = [
            Front(walk.jokers, walk.need, walk.sets, walk.budget)
            if rank and not walk.lay_all
            else None
            for rank in ranked
        ]
        self.path: list[tuple[State, Choice | int]] = []

    def follow(self, depth: int, state: State) -> bool:
        """Whether a lay-down is reached from `state` at this step (the path to it kept)."""
        if depth == len(self.steps):
            walk = self.walk
            return state[2] == walk.need and (
                walk.sets.make(state[4][1], walk.jokers - state[3], walk.budget) is not None
            )
        seen, front = self.dead[depth], self.beaten[depth]
        after = [(key, choice) for key, choice in self.steps[depth](state) if key not in seen]
        after.sort(key=_promise)
        for key, choice in after:
            if key in seen:
                continue
            seen.add(key)
            if front is not None and not front.keeps(key)[0]:
                continue
            self.path.append((key, choice))
            if self.follow(depth + 1, key):
                return True
            self.path.pop()
        return False


def _promise(step: tuple[State, Choice | int]) -> tuple[int, int]:
    """Fewest jokers spent first, then most runs laid and open."""
    state = step[0]
    return state[3], -(sum(state[2]) + len(state[1]))
