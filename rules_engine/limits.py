"""What a real hand can hold, and how much work a finder may do before it gives up honestly.

Both bound what a public endpoint can be made to compute: a hand no table could deal is
refused with a code, and a search that would explore more than its budget stops with
`SearchTooLarge` ("too many possibilities to decide here"), never with a wrong answer.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from .cards import Card
from .errors import HandTooLarge, SearchTooLarge
from .systems import Contract, RuleSystem

# Nodes each finder may explore. A node costs each finder a different time, so each has its
# own budget: under 100 ms of the slowest nodes on this project's machine, whatever the house
# rules or the variant (bench/solver_house_rules.py, bench/solver_variants.py: 28-card hands
# of three decks and six jokers cost the most; a contract search counts each start of a run
# window in a suit the hand holds). Real hands need a fraction (bench/solver.py prints the
# most any of the seeded hands needed: under 1,000).
CONTRACT_NODES = 3_000
# A contract of runs (not round the corner) is glanced at card by card in this many nodes,
# then walked (most hands are laid in a few dozen nodes; past them, the walk decides in a
# few hundred states what the card search spent its whole budget on).
GLANCE_NODES = 300
SHAPE_NODES = 9_000  # the search by shapes, where the contract search runs out (shapes.py)
# The walk along the ranks, shared by every way of a hand (run_walk.py). Since 2026-11-29
# (bench/RESULTS.md) a contract of runs is walked before the card search spends its budget
# and not searched by shapes: its walk has their time (12,000 states, against 7,700).
WALK_NODES = 12_000
LATE_WALK_NODES = 5_800  # ...of them past the shapes (sets, or runs round the corner)
# ...where one walk plays the wild deuces for every way to play them, before the card search
# and in place of the shapes (solver.py): with sets, or round the corner.
PLAYS_WALK_NODES = 9_000
# ...of which the runs taken all together may spend this many (walk_cover.py): past it, the
# walk goes on without them.
COVER_NODES = 6_000
COVER_AFTER = 50  # ...asked once the walk has made the way on of this many states
# Where every search above runs out, the lay-down as an integer program (solver_program.py):
# branches, and seconds where its caller gives none (the finder gives what is left of its
# clock, below): a branch of HiGHS has no fixed cost.
PROGRAM_NODES = 30
PROGRAM_SECONDS = 0.1
# Nodes bound the work, but a node's cost differs from hand to hand and machine to machine:
# the contract finder also keeps to a clock (bench/RESULTS.md, "The finder's clock"). Its
# searches stop at SEARCH_SECONDS; the program has what is left of FINDER_SECONDS (at least
# PROGRAM_LEAST_SECONDS); saying why none can be laid, WHY_SECONDS more.
SEARCH_SECONDS = 0.055
FINDER_SECONDS = 0.08
PROGRAM_LEAST_SECONDS = 0.02
WHY_SECONDS = 0.01
MELD_MOST = 64  # longer than any meld a hand holds
CLOCK_STRIDE = 64  # nodes between two looks at the clock (a node takes 2 to 40 µs)
OPENING_NODES = 50_000
ROMI_NODES = 25_000


@dataclass(frozen=True)
class HandLimits:
    cards: int  # cards in hand at the moment of laying down (after drawing)
    copies: int  # copies of one natural card: one per deck in play
    jokers: int


def hand_limits(rules: RuleSystem, players: int | None = None) -> HandLimits:
    """The most a hand of this system holds: the deal, the card drawn, "May I?" takes.

    Without a player count, the most the system ever has (any table size, any round).
    ROMi RAMi: the hand limit plus the cards one turn may take.
    """
    if rules.romi is not None:
        return HandLimits(rules.romi.most_held, rules.romi.most_held, 0)
    cards = max(rules.cards_dealt, default=0) + 1 + rules.extra_cards_allowance
    copies = jokers = 0
    for rule in rules.decks:
        low, high = rule.players
        if players is None or low <= players <= high:
            copies = max(copies, rule.decks)
            jokers = max(jokers, rule.jokers_in_play(rules.jokers_per_deck))
    return HandLimits(cards, copies, jokers)


def check_hand(
    rules: RuleSystem,
    cards: Sequence[Card],
    players: int | None = None,
    *,
    limits: HandLimits | None = None,
) -> None:
    """Refuse a hand (or lay-down) that no table of this system (or `limits`) could hold."""
    limits = limits or hand_limits(rules, players)
    if len(cards) > limits.cards:
        raise HandTooLarge("hand_too_large", count=len(cards), most=limits.cards)
    jokers = sum(card.held is None for card in cards)  # a wild deuce is still a deuce
    if jokers > limits.jokers:
        raise HandTooLarge("too_many_jokers", count=jokers, most=limits.jokers)
    naturals = Counter(card.held for card in cards if card.held is not None)
    for (rank, suit), count in sorted(naturals.items()):
        if suit and count > limits.copies:
            card = Card(rank, suit)
            raise HandTooLarge("too_many_copies", card=card, count=count, most=limits.copies)
    # A hand counted for its penalty may leave suits out (`K K 7`): a rank still has 4 suits.
    ranks = Counter(card.held[0] for card in cards if card.held is not None)
    for rank, count in sorted(ranks.items()):
        if count > 4 * limits.copies:
            card = Card(rank, "")
            raise HandTooLarge("too_many_copies", card=card, count=count, most=4 * limits.copies)


def jokers_laid(
    rules: RuleSystem, jokers: int, lay_all: bool, ways: Sequence[Contract] = ()
) -> int | None:
    """The jokers of the hand one lay-down may use: all of them, or as many as the game lets
    one lay-down hold (the others stay in hand); None where every card must be laid and that
    would lay more jokers than one lay-down holds. Given the `ways` it is of, also no more
    than their melds may hold (`lay_down_jokers_most`)."""
    most = lay_down_jokers_most(rules, ways)
    if most is None or jokers <= most:
        return jokers
    return None if lay_all else most


def lay_down_jokers_most(rules: RuleSystem, ways: Sequence[Contract]) -> int | None:
    """The most jokers one lay-down of any of the ways may hold: the game's limit, and
    each meld's at the longest it may be (a contract lay-down is its melds, no more); None
    where nothing bounds them."""
    most = rules.lay_down_jokers_most
    if rules.extra_melds_allowed or not ways:
        return most
    meld = rules.meld_rules
    longest = {"run": meld.run_max, "set": meld.set_max or MELD_MOST}

    def fullest(kind: str, size: int, exact: bool) -> int:
        # A meld's jokers grow with its size but for the limits by size, each holding from
        # its size on: the most is at the longest size, or just short of a stricter limit.
        last = size if exact else max(size, longest[kind])
        sizes = {last, *(r.from_size - 1 for r in meld.joker_limits if size < r.from_size <= last)}
        return max(meld.jokers_most(kind, s) for s in sizes)

    held = max(sum(fullest(r.kind, r.size, r.exact) for r in way.requirements) for way in ways)
    return held if most is None else min(most, held)


def wild_laid_most(rules: RuleSystem, ways: Sequence[Contract], wild: int) -> int | None:
    """The most of the hand's `wild` cards (jokers and wild deuces) one lay-down of the ways
    holds, where that leaves some out (the game's limit, or its melds'); else None. Past
    it, no more deuces are played wild (deuces.deuces_used)."""
    most = lay_down_jokers_most(rules, ways)
    if rules.lay_down_jokers_most is None and most is not None and most >= wild:
        return None  # the melds hold every wild card: the game sets no limit of its own
    return most


_DEADLINE: ContextVar[float | None] = ContextVar("search_deadline", default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Every budget spent inside ends when its nodes do or, at the latest, after `seconds`
    (None: no clock). Per thread and task, so two requests never share one."""
    token = _DEADLINE.set(None if seconds is None else time.perf_counter() + seconds)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def out_of_time() -> bool:
    """Whether the clock of `time_limit` has run out: for work between searches that no
    budget counts (each way to play the wild deuces, read again)."""
    deadline = _DEADLINE.get()
    return deadline is not None and time.perf_counter() > deadline


class Budget:
    """Nodes a search may still explore; `spend` raises SearchTooLarge past the end, or
    past the clock of `time_limit` (looked at every CLOCK_STRIDE nodes, and at the first)."""

    __slots__ = ("left", "next_look", "size", "timed")

    def __init__(self, nodes: int, *, timed: bool = True) -> None:
        # Not timed: work that must end once begun (a lay-down found, made again in cards).
        self.timed = timed
        self.reset(nodes)

    def reset(self, nodes: int) -> None:
        self.size = self.left = self.next_look = nodes

    def spend(self, nodes: int = 1) -> None:
        self.left -= nodes
        if self.left < self.next_look:
            self.look()

    def look(self) -> None:
        """Past the nodes or the clock, SearchTooLarge; the clock once more in a stride."""
        if self.left < 0:
            raise SearchTooLarge(nodes=self.size)
        if self.timed and out_of_time():
            # Spent whole: a caller that charges what its share used, or tries while
            # nodes are left, stops too.
            self.left = -1
            raise SearchTooLarge(nodes=self.size)
        self.next_look = max(self.left - CLOCK_STRIDE, 0)

    def charge(self, nodes: int) -> None:
        """Count work done outside a search (it raises at the search's next step)."""
        self.left -= nodes

    @property
    def used(self) -> int:
        return self.size - max(self.left, 0)
