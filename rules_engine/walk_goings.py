"""The ways the runs open at a rank of the walk along the ranks (walk_steps.py) go on: each
takes a natural card or a joker, or ends, or round the corner waits or comes back; made once
for every state that holds the same runs, with what the runs they leave open still need.
"""

from __future__ import annotations

from collections.abc import Iterator

from .run_states import RunStates
from .walk_corner import JOKER, NATURAL, STOP, WAITING, corner_options

# (runs still open, kinds laid, naturals and jokers taken, choices, runs that ended, waiting
# runs that went on, naturals and cards the runs still open need, runs open at the rank)
Going = tuple[tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...], int, int, int, int, int]


class Goings:
    """The ways on of one walk's runs (`runs`: the table of a run's states)."""

    def __init__(
        self,
        runs: RunStates,
        states: int,
        naturals_of: list[int],
        short_of: list[int],
        farthest: int,
    ) -> None:
        self.runs = runs
        self.states = states
        self.naturals_of = naturals_of
        self.short_of = short_of
        self.farthest = farthest
        self._ways_on: dict[tuple[object, ...], list[Going]] = {}
        self._groups: dict[tuple[int, ...], list[Going]] = {}

    def going_on(self, runs: tuple[int, ...], available: int, spare: int, left: int) -> list[Going]:
        """`_continued` of these runs, made once for every state that holds them: with what
        the runs still open need (naturals, cards) before they may end."""
        # No run takes more than one card a rank, nor needs more ranks than the longest
        # way to its end: past those, more cards or ranks change nothing.
        available = min(available, len(runs))
        spare = min(spare, len(runs))
        left = min(left, self.farthest)
        key = (runs, available, spare, left)
        made = self._ways_on.get(key)
        if made is None:
            made = [
                (tuple(sorted(going[0])), *going[1:])  # as the state keeps its runs
                for going in self._continued(runs, available, spare, left)
            ]
            self._ways_on[key] = made
        return made

    def _continued(
        self, runs: tuple[int, ...], naturals: int, jokers: int, left: int
    ) -> list[Going]:
        """Each way the runs open go on at this rank (a `Going`, its runs still open not
        yet sorted). Runs in the same state are told apart by how many of them do what, not
        which. `left`: the ranks of the suit after this one (-1: past its end), which a run
        must be able to reach its size in."""
        ways: list[Going] = [((), (), 0, 0, (), 0, 0, 0, 0, 0)]
        i = 0
        while i < len(runs):
            me = runs[i]
            end = i + 1
            while end < len(runs) and runs[end] == me:
                end += 1
            group = end - i
            ways = [
                (
                    still + new,
                    shut + laid,
                    n + natural,
                    j + joker,
                    choices + picks,
                    e + ended,
                    b + back,
                    need_n + more_n,
                    need_c + more_c,
                    open_ + more_open,
                )
                for still, shut, n, j, choices, e, b, need_n, need_c, open_ in ways
                for (
                    new,
                    laid,
                    natural,
                    joker,
                    picks,
                    ended,
                    back,
                    more_n,
                    more_c,
                    more_open,
                ) in self._group(me, group, naturals - n, jokers - j, left)
            ]
            i = end
        return ways

    def _group(self, me: int, group: int, naturals: int, jokers: int, left: int) -> list[Going]:
        """`_options` of `group` runs of id `me`, made once for every state that asks: with
        what the runs they leave open need (naturals, cards), and how many of those are open
        at this rank (a run waiting across the corner holds none)."""
        key = (me, group, min(naturals, group), min(jokers, group), left)
        made = self._groups.get(key)
        if made is None:
            need_n, need_c, states = self.naturals_of, self.short_of, self.states
            made = self._groups[key] = [
                (
                    tuple(new),
                    tuple(laid),
                    natural,
                    joker,
                    picks,
                    ended,
                    back,
                    sum(need_n[r] for r in new),
                    sum(need_c[r] for r in new),
                    sum((r // states) & 3 != WAITING for r in new),
                )
                for new, laid, natural, joker, picks, ended, back in self._options(
                    me, group, naturals, jokers, left
                )
            ]
        return made

    def _options(
        self, me: int, group: int, naturals: int, jokers: int, left: int
    ) -> Iterator[tuple[list[int], list[int], int, int, tuple[int, ...], int, int]]:
        """How `group` runs of id `me` go on at this rank (see `_continued`)."""
        table = self.runs
        if me >= self.states:  # a piece of a run across the corner
            yield from corner_options(table, self.states, me, group, naturals, jokers, left)
            return
        grow = table.natural[me] if left >= 0 else -1
        if grow >= 0 and table.short[grow] > left:
            grow = -1
        add = table.joker[me] if left >= 0 else -1
        if add >= 0 and table.short[add] > left:
            add = -1
        kind = table.kind[me]
        for stop in range(group + 1) if table.closes[me] else (0,):
            for natural in range(min(group - stop, naturals) + 1) if grow >= 0 else (0,):
                joker = group - stop - natural
                if joker and (add < 0 or joker > jokers):
                    continue
                yield (
                    [grow] * natural + [add] * joker,
                    [kind] * stop,
                    natural,
                    joker,
                    (STOP,) * stop + (NATURAL,) * natural + (JOKER,) * joker,
                    stop,
                    0,
                )
