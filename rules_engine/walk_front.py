"""The states the walk followed to no lay-down at a step, where cards may stay in hand
(walk_dive.py): of the states with the same runs open, only those no other does all of; a
state one of them does all of cannot lay the contract either. One state does all another
can when it spent as few jokers or fewer and has, field by field, as much or more: cards
free to stay in hand, runs laid of each kind, naturals of each rank left for the sets,
settled counts.

Comparing two states field by field was a Python loop over some twenty fields. Each state
is written once as one integer, a field of a few bits each with a spare top bit (the guard),
and one subtraction compares every field at once: with the guards set in `a`, `a - b` borrows
from a field's guard only where that field of `a` is smaller, and never from the next field.
"""

from __future__ import annotations

from .limits import Budget
from .walk_laid import State
from .walk_sets import RANKS, SetPlan


class Front:
    """For each group of states with the same runs open, the states none beats."""

    def __init__(self, jokers: int, need: tuple[int, ...], sets: SetPlan, budget: Budget) -> None:
        self.jokers = jokers
        self.budget = budget
        self.settled = 0 if sets.empty else sets.sets  # settled counts kept, largest first
        # No field passes these: jokers spent stay within the jokers, runs laid within the
        # contract's, the pool is capped at the most a rank's sets may hold, and the cards
        # free to stay in hand within the hand's room.
        largest = max(jokers, *need, 0 if sets.empty else sets.most, sets.room or 0, 1)
        self.width = largest.bit_length() + 1
        fields = 2 + len(need) + (0 if sets.empty else RANKS + self.settled)
        self.guards = sum(1 << (i * self.width + self.width - 1) for i in range(fields))
        self.groups: dict[tuple[object, ...], tuple[list[int], list[State]]] = {}

    def vector(self, state: State) -> int:
        """The state's fields as one integer: jokers not spent, cards free to stay in
        hand, runs laid, the pool."""
        _, _, done, used, (open_, settled, free) = state
        width = self.width
        packed = ((self.jokers - used) << width) | free
        for field in done:
            packed = (packed << width) | field
        for field in open_:
            packed = (packed << width) | field
        for field in settled:
            packed = (packed << width) | field
        return packed << (width * (self.settled - len(settled)))  # the counts not there: 0

    def keeps(self, state: State) -> tuple[bool, list[State]]:
        """Whether `state` is kept (none kept does all it can), and the kept states it
        beats, which are kept no longer. Comparing is work: a state's worth for every eight
        compared."""
        group = state[:2]
        found = self.groups.get(group)
        vector = self.vector(state)
        if found is None:
            self.groups[group] = ([vector], [state])
            return True, []
        vectors, states = found
        self.budget.spend(len(vectors) >> 3)
        guards = self.guards
        for other in vectors:
            if ((other | guards) - vector) & guards == guards:
                return False, []
        mine = vector | guards
        beaten = [i for i, other in enumerate(vectors) if (mine - other) & guards == guards]
        gone = [states[i] for i in beaten]
        for i in reversed(beaten):
            del vectors[i]
            del states[i]
        vectors.append(vector)
        states.append(state)
        return True, gone
