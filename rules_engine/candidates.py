"""The melds a hand can make for one requirement: every set and run it holds, naturals by
identity and jokers as a count, as the finders (card_search.py, solver_opening.py) search them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from .cards import SUITS, Card
from .limits import MELD_MOST, Budget
from .melds import position_rank, run_lows, run_window
from .systems import MeldRules, Requirement, RuleSystem

# A natural card's place in a hand's counts: 52 places, suit by suit, ace to king.
CARD_INDEX = {
    (rank, suit): s * 13 + rank - 1 for s, suit in enumerate(SUITS) for rank in range(1, 14)
}


@dataclass(frozen=True)
class Candidate:
    key: tuple[Any, ...]  # what makes two candidates the same meld
    uses: tuple[tuple[int, int], ...]  # (identity index, copies)
    jokers: int
    given: tuple[Card, ...]  # cards given whole; a set's or a run's are made when asked
    run: tuple[str, int, int] | None  # suit, low, high
    # A run's window: its positions, which of them hold a real card, and whether it turns.
    window: tuple[tuple[int, ...], frozenset[int], bool] | None = None
    # A set's rank, the real cards it takes of each suit, and its size.
    split: tuple[int, tuple[int, ...], int] | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The meld's cards, jokers pinned: made only for the melds a finder answers with
        (a search looks at thousands of melds and lays a handful)."""
        if self.split is not None:
            rank, taken, size = self.split
            cards = [Card(rank, s) for s, k in zip(SUITS, taken, strict=True) for _ in range(k)]
            free = [s for s, k in zip(SUITS, taken, strict=True) if not k] or list(SUITS)
            n = len(cards)
            return (*cards, *(Card(0, "", (rank, free[i % len(free)])) for i in range(size - n)))
        if self.window is None or self.run is None:
            return self.given
        positions, natural_at, circular = self.window
        suit = self.run[0]
        return tuple(
            Card(rank, suit) if i in natural_at else Card(0, "", (rank, suit))
            for i, rank in enumerate(position_rank(p, circular) for p in positions)
        )


def hand_counts(hand: list[Card]) -> tuple[list[int], int]:
    counts = [0] * 52
    jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
        else:
            counts[CARD_INDEX[(card.rank, card.suit)]] += 1
    return counts, jokers


def set_candidates(
    rules: RuleSystem,
    req: Requirement,
    counts: list[int],
    jokers: int,
    lay_all: bool,
    swaps: int = 99,
    start: int = 1,
) -> Iterator[Candidate]:
    """Every set this requirement may take from the hand, from the rank `start` on."""
    meld = rules.meld_rules
    sizes = _sizes("set", req, meld, lay_all, counts, jokers)
    for rank in range(start, 14):
        have = [counts[CARD_INDEX[(rank, s)]] for s in SUITS]
        total = sum(have)
        if not total:
            continue
        caps = [min(h, 1) for h in have] if meld.set_distinct_suits else have
        for size in sizes:
            if size - jokers > sum(caps):
                continue
            most = min(size, sum(caps))
            # The real cards it takes: enough that the jokers it needs are held and allowed,
            # and at most one natural left for a joker per meld still to come.
            fewest = max(
                meld.min_naturals, size - jokers, size - meld.jokers_most("set", size), most - swaps
            )
            for split in _takes(caps, fewest, size):
                n = sum(split)
                uses = tuple(
                    (CARD_INDEX[(rank, s)], k) for s, k in zip(SUITS, split, strict=True) if k
                )
                yield Candidate(
                    ("set", rank, size, uses), uses, size - n, (), None, split=(rank, split, size)
                )


def _takes(caps: list[int], low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Each way to take k[i] <= caps[i] cards with low <= sum(k) <= high, in the order
    itertools.product gives them (only those: a hand of three decks has 256 ways per rank)."""
    if not caps:
        if low <= 0:
            yield ()
        return
    rest = sum(caps[1:])
    for k in range(min(caps[0], high) + 1):
        if k + rest < low:
            continue
        for tail in _takes(caps[1:], low - k, high - k):
            yield (k, *tail)


def _sizes(
    kind: str, req: Requirement, meld: MeldRules, lay_all: bool, counts: list[int], jokers: int
) -> range | list[int]:
    minimum = max(req.size, meld.set_min if kind == "set" else meld.run_min)
    if req.exact:
        return [req.size]
    top = meld.run_max if kind == "run" else sum(counts) + jokers
    if meld.set_max is not None and kind == "set":
        top = min(top, meld.set_max)
    if kind == "set" and not lay_all:
        # A bigger set only holds cards a smaller one could leave in hand, unless it may
        # hold more jokers than one card fewer would.
        return [minimum, *(n for n in holding_more(kind, meld) if minimum < n <= top)]
    return range(minimum, top + 1)


@cache
def holding_more(kind: str, meld: MeldRules) -> tuple[int, ...]:
    """The lengths of melds of this kind that may hold more jokers than one card fewer."""
    return tuple(n for n in range(2, MELD_MOST) if not shortens(kind, meld, n))


@cache
def shortens(kind: str, meld: MeldRules, length: int) -> bool:
    """Whether every meld of this kind and length stays one with a card fewer (a set: any
    card; a run: an end card): not where a longer meld may hold more jokers (Shanghai's run
    of 5 holds 2, of 4 only 1; "never more jokers than naturals" lets a run of 4 hold 2, of 3
    only 1)."""
    most, fewer = meld.jokers_most(kind, length), meld.jokers_most(kind, length - 1)
    if most - 1 > fewer:
        return False  # even without a joker it would hold too many
    # A run whose two ends are natural cards loses a natural one.
    return kind == "set" or min(most, length - 2) <= fewer


def run_candidates(
    rules: RuleSystem,
    req: Requirement,
    counts: list[int],
    jokers: int,
    lay_all: bool,
    contiguity: bool,
    runs: int = 3,
    swaps: int = 99,
    splittable: bool = True,
    budget: Budget | None = None,
    start: tuple[str, int] = ("", 0),
) -> Iterator[Candidate]:
    """Every run this requirement may take from the hand, from the window `start` (suit, low)
    on. Each start looked at, in a suit the hand holds, is a node of `budget`: with long
    same-suit stretches and house rules, looking is most of the work."""
    meld = rules.meld_rules
    circular = meld.circular_runs
    sizes = list(_sizes("run", req, meld, lay_all, counts, jokers))
    if not (lay_all or req.exact):
        # A run longer than needed can lose an end card unless two other runs of its suit
        # end right there; so with k runs, min + max(0, k - 2) cards always suffice, and
        # the lengths whose runs may hold more jokers than one card fewer would.
        kept = 1 + max(0, runs - 2) if contiguity else 1
        more = holding_more("run", meld)
        sizes = [*sizes[:kept], *(n for n in sizes[kept:] if n in more)]
    lows = run_lows(2, meld)  # every start of two cards or more; longer windows stop below
    last = 13 if meld.ace_end == "low" else 14
    wanted = set(sizes)
    longest = max(sizes, default=0)
    for suit in SUITS:
        if suit < start[0]:
            continue
        if sum(counts[CARD_INDEX[(rank, suit)]] for rank in range(1, 14)) < meld.min_naturals:
            continue  # no run of this suit can be made of the hand
        for low in lows:
            if (suit, low) < start:
                continue  # taken by an alike requirement before, in the one order tried
            if budget is not None:
                budget.spend()  # the windows from one start: looking is the work
            # The window grows one position at a time from `low`: what each longer run
            # holds is what the shorter one held plus one card.
            positions: list[int] = []
            slots: list[int] = []
            left: dict[int, int] = {}
            have_at: list[int] = []
            for size in range(1, longest + 1):
                if circular and (size > 13 or (size == 13 and low)):
                    break
                if not circular and low + size - 1 > last:
                    break
                p = (low + size - 1) % 13 if circular else low + size - 1
                slot = CARD_INDEX[(position_rank(p, circular), suit)]
                positions.append(p)
                slots.append(slot)
                left.setdefault(slot, counts[slot])
                if left[slot]:
                    left[slot] -= 1
                    have_at.append(size - 1)
                if size not in wanted:
                    continue
                gaps = size - len(have_at)
                if gaps > jokers:
                    break  # longer windows from this low only add gaps
                if len(have_at) < meld.min_naturals:
                    continue
                most = meld.jokers_most("run", size)
                spare = min(jokers - gaps, len(have_at) - meld.min_naturals, swaps, most - gaps)
                for extra in range(spare + 1):
                    for swapped in combinations(have_at, extra):
                        natural_at = set(have_at) - set(swapped)
                        if not splittable and _splits(natural_at, size, meld.run_min):
                            continue
                        if not meld.jokers_side_by_side and _jokers_meet(natural_at, size):
                            continue
                        yield _run_candidate(
                            suit, low, positions[:], slots[:], natural_at, circular
                        )


def _jokers_meet(natural_at: set[int], size: int) -> bool:
    return any(i not in natural_at and i + 1 not in natural_at for i in range(size - 1))


def _splits(natural_at: set[int], size: int, minimum: int) -> bool:
    """Whether the run cuts into two runs of at least `minimum` cards, each with a natural."""
    return any(
        min(natural_at) < cut <= max(natural_at) for cut in range(minimum, size - minimum + 1)
    )


def _run_candidate(
    suit: str,
    low: int,
    positions: list[int],
    slots: list[int],
    natural_at: set[int],
    circular: bool,
) -> Candidate:
    uses: dict[int, int] = {}
    for i, slot in enumerate(slots):
        if i in natural_at:
            uses[slot] = uses.get(slot, 0) + 1
    used = tuple(sorted(uses.items()))
    jokers = len(positions) - len(natural_at)
    high = low + len(positions) - 1
    window = (tuple(positions), frozenset(natural_at), circular)
    return Candidate(
        ("run", suit, low, len(positions), used), used, jokers, (), (suit, low, high), window
    )


def spans(held: list[int], size: int, meld: MeldRules) -> bool:
    """Whether the ranks held (card indices of one suit) fit in one window of `size` run
    positions: the cheap test before a run is read card by card."""
    ranks = {index % 13 + 1 for index in held}
    for low in run_lows(size, meld):
        circular = meld.circular_runs
        window = {position_rank(p, circular) for p in run_window(low, size, circular)}
        if ranks <= window:
            return True
    return False


def rest_cards(counts: list[int], jokers: int) -> list[Card]:
    cards = [Card(0)] * jokers
    for index, count in enumerate(counts):
        if count:
            cards += [Card(index % 13 + 1, SUITS[index // 13])] * count
    return cards
