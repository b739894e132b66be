"""The fewest jokers the runs of a state of the walk (walk_steps.py) still take at the
ranks ahead in their suit, and where the sets' naturals may still come from.

Each open run takes a card at every rank until it may end, and past the suit's naturals of
a rank, a joker. In the last suit with cards, every run still to start lies within the
ranks ahead too: a run of n cards within r ranks covers their middle ranks (from r - n to
n - 1 ahead, where 2n > r) wherever it starts, and one longer than r ranks has no room.
Round the corner, a run waiting across it comes back as a head that ends at the king.

The runs and the sets draw on the same naturals: where the runs cover a rank ahead, they
take its naturals first, and the sets count only the rest still to come. That is still a
bound: a run that takes a joker there instead leaves the sets one natural more, which saves
them one joker at most.
"""

from __future__ import annotations

from collections.abc import Sequence

from .walk_corner import HEAD, WAITING
from .walk_sets import RANKS


class Bounds:
    """The bounds of one walk, each made once for every state that asks the same."""

    def __init__(
        self,
        jokers: int,
        need: tuple[int, ...],
        whole: list[int],
        states: int,
        kind_of: Sequence[int],
        short_of: Sequence[int],
    ) -> None:
        self.jokers = jokers
        self.need = need  # runs of each kind the contract asks
        self.whole = whole  # the cards a run of each kind holds at the least
        self.states = states
        self.kind_of = kind_of
        self.short_of = short_of
        self._ahead: dict[tuple[object, ...], tuple[int, tuple[int, ...]]] = {}
        self._less: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        self._by_rank: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}

    def coming(
        self, position: int, ahead: tuple[int, ...], others: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The naturals still to come of each rank (1-13): the suit's at the ranks after
        this position and `others`, the suits' still to walk. The sets' pool of a rank
        grows by no more than that."""
        key = (position, ahead, others)
        made = self._by_rank.get(key)
        if made is None:
            counts = list(others) if others else [0] * RANKS
            for d, count in enumerate(ahead):
                at = position + 1 + d
                counts[(1 if at == 14 else at) - 1] += count
            made = self._by_rank[key] = tuple(counts)
        return made

    def jokers_ahead(
        self, runs: tuple[int, ...], ahead: tuple[int, ...], laid: tuple[int, ...] | None
    ) -> tuple[int, tuple[int, ...]]:
        """The fewest jokers the runs open after this rank still take (`ahead`: the suit's
        naturals at each rank after it), and the naturals they take at each of those ranks
        at least; `laid`: in the last suit, the runs of each kind laid, and those still to
        start are counted too."""
        key = (runs, ahead, laid)
        made = self._ahead.get(key)
        if made is None:
            made = self._ahead[key] = self._count(runs, ahead, laid)
        return made

    def coming_less(
        self, step: int, coming: tuple[int, ...], position: int, taken: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The naturals still `coming` to the sets less those the runs take at the ranks
        after `position` (`taken`, from `jokers_ahead`): a run that takes a joker there in
        place of a natural leaves the sets one natural, which saves them a joker at most.
        Made once for every state of the step (`step`) that asks the same."""
        key = (step, taken)
        made = self._less.get(key)
        if made is None:
            left = list(coming)
            for d, count in enumerate(taken):
                if count:
                    at = position + 1 + d
                    left[(1 if at == 14 else at) - 1] -= count
            made = self._less[key] = tuple(left)
        return made

    def _count(
        self, runs: tuple[int, ...], ahead: tuple[int, ...], laid: tuple[int, ...] | None
    ) -> tuple[int, tuple[int, ...]]:
        # How many runs cover each rank ahead, as the changes where each run's cover
        # starts and stops (a run covers the ranks from one to another).
        size = len(ahead)
        change = [0] * (size + 1)
        if laid is not None:
            to_start = [need - done for need, done in zip(self.need, laid, strict=True)]
            for run in runs:
                to_start[self.kind_of[run]] -= 1
            for kind, count in enumerate(to_start):
                if count <= 0:
                    continue
                whole = self.whole[kind]
                if whole > size:
                    return self.jokers + 1, ()  # no room left for it
                if size - whole < whole:
                    change[size - whole] += count
                    change[whole] -= count
        states, short = self.states, self.short_of
        for run in runs:
            role = (run // states) & 3
            if role == WAITING:  # it comes back as a head that ends at the king
                change[max(0, size - max(1, short[run]))] += 1
                change[size] -= 1
                continue
            # A head across the corner goes on to the king; a tail: counted none.
            reach = short[run] if role == 0 else size if role == HEAD else 0
            if reach > 0:
                change[0] += 1
                change[min(reach, size)] -= 1
        lacking = cover = 0
        taken = []
        for d, held in enumerate(ahead):
            cover += change[d]
            if cover > held:
                lacking += cover - held
                taken.append(held)
            else:
                taken.append(cover)
        return lacking, tuple(taken) if any(taken) else ()
