"""Runs round the corner in the walk along the ranks (run_walk.py).

The walk goes from the ace to the king. A run across the corner (Q-K-A-2) is walked in its
two pieces: it starts at the ace as a tail (A-2), which may not end but waits once it has
its cards; while it waits it takes no card, and it goes on as a head at a later rank (Q),
which takes a card at every rank to the king and ends there. Its state counts both pieces'
cards and jokers, as the table reads the run (the order of its cards does not change what it
may become); where jokers may not sit side by side, the tail's last card is not beside the
head's first, and the head's last card (the king) is beside the tail's first (the ace): the
run's id remembers whether that first card is a joker.

On a ring no rank comes first, so the walk starts at the quietest rank (`quietest`), the
hand turned round for it and the lay-down turned back (the ace and the king above are then
the walk's first and last ranks): every natural at the first may start a tail that waits
the whole walk (on the bench's hardest hands, half the states in all, and some hands a
tenth or less: bench/RESULTS.md).

An open run's id is `flag * states + state`: flag 0 a run that does not cross the corner,
else TAIL, WAITING or HEAD, plus SEAM where its first card is a joker that matters.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from .cards import Card
from .run_states import RunStates

TAIL, WAITING, HEAD, SEAM = 1, 2, 3, 4
FLAGS = 8  # the flags an open run's id may carry (0 to HEAD | SEAM)
STOP, NATURAL, JOKER, WAIT = 0, 1, 2, 3
# (new ids, kinds laid, naturals taken, jokers taken, choices, runs that ended (for "runs may
# not follow on"), waiting runs that went on)
Option = tuple[list[int], list[int], int, int, tuple[int, ...], int, int]


def corner_options(
    table: RunStates,
    states: int,
    me: int,
    group: int,
    naturals: int,
    jokers: int,
    left: int,
) -> Iterator[Option]:
    """How `group` runs of id `me` (a run across the corner) go on at this rank."""
    flag, state = divmod(me, states)
    role, seam = flag & 3, flag & SEAM
    final = left < 0
    if role == HEAD and final:  # past the king: the run ends, its king beside its ace
        if table.closes[state] and not (seam and table.last[state]):
            yield [], [table.kind[state]] * group, 0, 0, (STOP,) * group, 0, 0
        return
    if final:  # a tail or a waiting run that never came back to the king is no run
        return
    if role == WAITING:  # the head's first card is not beside the tail's last
        rested = table.rested[state]
        grow, add = table.natural[rested], table.joker[rested]
        after = (HEAD | seam) * states
    else:
        grow, add = table.natural[state], table.joker[state]
        after = flag * states
    if role != TAIL:  # a head must have its cards by the king; a tail has the head's too
        grow = -1 if grow >= 0 and table.short[grow] > left else grow
        add = -1 if add >= 0 and table.short[add] > left else add
    waits = range(group + 1) if role != HEAD else (0,)
    waiting = (WAITING | seam) * states + state
    for wait in waits:
        for natural in range(min(group - wait, naturals) + 1) if grow >= 0 else (0,):
            joker = group - wait - natural
            if joker and (add < 0 or joker > jokers):
                continue
            took = natural + joker
            yield (
                [waiting] * wait + [after + grow] * natural + [after + add] * joker,
                [],
                natural,
                joker,
                (WAIT,) * wait + (NATURAL,) * natural + (JOKER,) * joker,
                wait if role == TAIL else 0,
                took if role == WAITING else 0,
            )


def quietest(held: Counter[tuple[int, str]]) -> int:
    """The ranks to turn the hand by so that the walk starts at the rank of fewest natural
    cards (and of those, after the rank of fewest): the ace where it is as quiet."""
    count: Counter[int] = Counter()
    for (rank, _), n in held.items():
        count[rank] += n
    first = min(range(1, 14), key=lambda r: (count[r], count[(r - 2) % 13 + 1], r))
    return (14 - first) % 13


def turned_rank(rank: int, by: int) -> int:
    return (rank - 1 + by) % 13 + 1


def turned(melds: tuple[tuple[Card, ...], ...], by: int) -> tuple[tuple[Card, ...], ...]:
    """The lay-down with every card's rank, and every joker's place, turned on `by` round
    the 13 ranks."""
    return tuple(tuple(_turned(card, by) for card in meld) for meld in melds)


def _turned(card: Card, by: int) -> Card:
    if not card.is_joker:
        return replace(card, rank=turned_rank(card.rank, by))
    if card.pin is None:
        return card
    return replace(card, pin=(turned_rank(card.pin[0], by), card.pin[1]))
