"""Whether a hand's natural cards can ever hold a way of a contract, counted before any
search (solver.py): every meld holds some natural cards, however many jokers the hand has.

A set holds its naturals in one rank, a run at as many ranks of one suit (of one colour,
or of any suits, as the game's runs go). A meld of a kind and size needs its fewest
naturals: its size less the jokers it may hold, where jokers may not sit side by side a
natural at every other card of a run, and at least the naturals every meld holds; a meld
that may be longer needs the fewest of any length it may take. So for every count t, the
melds needing t naturals or more are at most what the ranks (or suits) can each give t
of, k runs taking no more than k naturals of a rank (sixteen wild deuces beside runs of
any suits are three 2s for three runs); and all the melds together need no more naturals
than the hand holds. Where runs
alone lay every card, each natural sits in a run over its rank: a rank needs as many runs
of its suit as it holds naturals, and two ranks further apart than a run reaches need as
many as they hold together. Where a way fails a count, no search can lay it: the searches
are spared, on a hand of jokers and one suit with the sets of a long contract, their whole
budgets, and exact runs round the corner laying every card are refused without walking
the 115,405 states that proved it. Nor can a way whose melds need more cards than the hand
holds, or, laying every card in melds of just their sizes, fewer (three exact runs of 7
from 20 cards: 49 ms of searching to say so before).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations

from .cards import Card
from .limits import MELD_MOST
from .melds import colour
from .systems import Contract, MeldRules, Requirement, RuleSystem


def short_of_naturals(rules: RuleSystem, way: Contract, hand: Iterable[Card]) -> bool:
    """Whether the hand's naturals (a wild deuce counted as the natural 2 it may be) are
    too few, or in too few ranks or suits, for this way's melds, however they are laid."""
    return NaturalRoom(rules, hand).short(way)


class NaturalRoom:
    """A hand's naturals, counted once for every way of a contract."""

    def __init__(self, rules: RuleSystem, hand: Iterable[Card]) -> None:
        meld = self.meld = rules.meld_rules
        self.once = rules.same_rank_sets_count_once  # two sets of one rank fill one
        by_rank: dict[int, int] = {}
        by_group: dict[str, dict[int, int]] = {}
        jokers = 0
        for card in hand:
            if card.is_joker:
                jokers += 1
                continue
            rank = card.rank
            by_rank[rank] = by_rank.get(rank, 0) + 1
            ranks = by_group.setdefault(_group(card, meld), {})
            ranks[rank] = ranks.get(rank, 0) + 1
        # Where every card is laid in runs, each natural sits in a run over its rank: those
        # no wild deuce can change, per suit (or colour), by rank.
        self.certain: dict[str, dict[int, int]] = {}
        for card in hand:
            if not card.is_joker and not meld.wild(card):
                ranks = self.certain.setdefault(_group(card, meld), {})
                ranks[card.rank] = ranks.get(card.rank, 0) + 1
        self.naturals = sum(by_rank.values())
        self.naturals_and_jokers = self.naturals + jokers
        self.by_rank = list(by_rank.values())
        # A run holds one natural of a rank; a suit's aces may be both low and high.
        self.both_ends = meld.ace_end == "both" and not meld.circular_runs
        self.groups = [tuple(ranks.items()) for ranks in by_group.values()]

    def short(self, way: Contract) -> bool:
        """Whether the naturals can never hold this way's melds: nor the hand, where the
        melds need more cards than it holds or, laying every card in melds of just their
        sizes, not as many."""
        cards = self.naturals_and_jokers
        if way.cards_needed > cards:
            return True
        if way.lay_all_cards and all(r.exact for r in way.requirements):
            if way.cards_needed != cards:
                return True
        sets, runs = _fewest_of(self.meld, way.requirements)
        if sum(sets) + sum(runs) > self.naturals:
            return True
        for t in set(sets):
            if t <= 0:
                continue
            room = sum(min(n // t, 1) if self.once else n // t for n in self.by_rank)
            if sum(f >= t for f in sets) > room:
                return True
        for t in set(runs):
            if t <= 0:
                continue
            room = sum(self._runs_of(ranks, t) for ranks in self.groups)
            if sum(f >= t for f in runs) > room:
                return True
        if way.lay_all_cards and not sets:
            return not self._covered(way.requirements)
        return False

    def _runs_of(self, ranks: tuple[tuple[int, int], ...], t: int) -> int:
        """The most runs of `t` naturals each that one suit's (or colour's) naturals hold:
        k runs hold no more than k naturals of a rank (2k of the ace, where it may be low
        and high), so k are too many where the ranks hold fewer than k * t that way. Every
        wild deuce beside runs of any suits is a 2, and three runs take three at most."""
        runs = 0
        while True:
            k = runs + 1
            most = sum(min(n, 2 * k if rank == 1 and self.both_ends else k) for rank, n in ranks)
            if most < k * t:
                return runs
            runs = k

    def _covered(self, runs: tuple[Requirement, ...]) -> bool:
        """Where runs lay every card: whether as many runs as the contract has can lie over
        each rank's naturals. A run holds one card of a rank, so a rank needs as many runs
        of its suit as it has naturals, and two ranks no run is long enough to span both
        need as many as they have together; where one suit holds every natural, two ranks
        need as many runs as they have less those long enough to span them."""
        meld = self.meld
        least = [max(r.size, meld.run_min) for r in runs]
        most = [
            size if r.exact else min(meld.run_max, self.naturals_and_jokers - sum(least) + size)
            for r, size in zip(runs, least, strict=True)
        ]
        longest = max(most, default=0)
        one_suit = len(self.certain) == 1
        needed = 0
        for ranks in self.certain.values():
            held = [(at, n) for rank, n in ranks.items() if (at := self._position(rank)) >= 0]
            need = max((n for _, n in held), default=0)
            for (a, n), (b, m) in combinations(held, 2):
                apart = abs(a - b)
                span = (min(apart, 13 - apart) if meld.circular_runs else apart) + 1
                if one_suit and n + m > len(runs) + sum(size >= span for size in most):
                    return False
                if span > longest:
                    need = max(need, n + m)
            needed += need
        return needed <= len(runs)

    def _position(self, rank: int) -> int:
        """The rank's place in a run (-1: the ace, where it may sit at either end)."""
        meld = self.meld
        if rank != 1 or meld.circular_runs or meld.ace_end == "low":
            return rank
        return 14 if meld.ace_end == "high" else -1


@lru_cache(maxsize=4096)  # bounded: a server reads any variant a table writes
def _fewest_of(
    meld: MeldRules, reqs: tuple[Requirement, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fewest naturals of each set and each run of a way (made once: every hand the
    finder is asked about counts them)."""
    sets = tuple(fewest_naturals(meld, r) for r in reqs if r.kind == "set")
    runs = tuple(fewest_naturals(meld, r) for r in reqs if r.kind == "run")
    return sets, runs


def fewest_naturals(meld: MeldRules, req: Requirement) -> int:
    """The fewest naturals a meld filling this requirement holds, of any length it may
    take."""
    least = max(req.size, meld.set_min if req.kind == "set" else meld.run_min)
    if req.exact:
        top = least
    elif req.kind == "run":
        top = meld.run_max
    else:
        top = meld.set_max or MELD_MOST
    # Past the last length a joker limit starts at, a card more adds at most one joker:
    # longer melds never need fewer naturals.
    top = min(top, max([least, *(rule.from_size for rule in meld.joker_limits)]) + 1)
    return min((naturals_of(meld, req.kind, n) for n in range(least, top + 1)), default=MELD_MOST)


def naturals_of(meld: MeldRules, kind: str, length: int) -> int:
    """The fewest naturals a meld of this kind and length holds."""
    need = max(length - meld.jokers_most(kind, length), meld.min_naturals)
    if kind == "run" and not meld.jokers_side_by_side:
        need = max(need, length // 2)  # no two jokers side by side: every other card
    return need


def _group(card: Card, meld: MeldRules) -> str:
    """The cards one run may hold together: one suit, one colour, or every card (runs of
    any suits, or of alternating colours)."""
    if meld.run_suits == "one_suit":
        return card.suit
    if meld.run_suits == "one_colour":
        return colour(card.suit)
    return "*"
