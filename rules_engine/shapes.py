"""A second way to decide a contract, for the hands the card-by-card search cannot finish.

The card search (card_search.py) picks each meld's cards, jokers and all, so a hand of many jokers
beside a long stretch of one suit gives it thousands of ways to place them. This one picks
only each meld's shape (a set's rank and size; a run's suit, window and size), then asks
once whether the hand can fill every shape: the hand's real cards flow into the places that
take them, each meld keeping the real cards it needs (its joker limits), and jokers fill
what is left. That question is a small maximum flow (at most 52 cards into at most 8
melds), answered again after each meld is added, so a shape no filling can hold is dropped
with everything built on it. Shapes do not multiply with the jokers as their places do.

Where two jokers must not sit side by side, a joker's place matters and not only how many:
a run's shape then also says where its jokers sit, and takes exactly the real cards of the
other places. It does not answer for melds that may hold no real card at all.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from itertools import combinations

from .candidates import CARD_INDEX, hand_counts, holding_more
from .cards import SUITS, Card
from .contracts import runs_touch
from .filling import Filling, Shape
from .limits import MELD_MOST, Budget, jokers_laid
from .melds import position_rank, run_lows, run_window
from .systems import Contract, Requirement, RuleSystem


class NotDecided(Exception):
    """A meld of these rules may hold no real card: the shapes cannot answer."""


def decide(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget
) -> tuple[tuple[Card, ...], ...] | None:
    """A lay-down meeting this way of the contract, or None when there is none. Raises
    NotDecided where a meld may hold no real card, SearchTooLarge past `budget`."""
    meld = rules.meld_rules
    if meld.min_naturals < 1:
        raise NotDecided
    counts, jokers = hand_counts(hand)
    lay_all = contract.lay_all_cards
    usable = jokers_laid(rules, jokers, lay_all, (contract,))
    if usable is None:
        return None
    jokers = usable
    reqs = contract.requirements
    cards = len(hand) if lay_all else None
    search = _Search(rules, reqs, counts, jokers, cards, budget)
    filled = search.step(0, Filling(counts), (), (), 0, None)
    if filled is None:
        return None
    laid: list[tuple[Card, ...]] = [()] * len(reqs)
    for k, i in enumerate(search.placed):
        laid[i] = _cards(filled.shapes[k], filled.given[k])
    return tuple(laid)


class _Search:
    def __init__(
        self,
        rules: RuleSystem,
        reqs: tuple[Requirement, ...],
        counts: list[int],
        jokers: int,
        cards: int | None,
        budget: Budget,
    ) -> None:
        self.rules, self.counts = rules, counts
        self.jokers, self.cards, self.budget = jokers, cards, budget
        self.contiguity = rules.forbid_contiguous_runs and sum(r.kind == "run" for r in reqs) > 1
        self.runs = sum(r.kind == "run" for r in reqs)
        self.cache: dict[tuple[str, int], list[Shape]] = {}
        self.holding: dict[Requirement, list[int]] = {}
        # The requirement with the fewest shapes first: what it leaves narrows the others
        # (three sets in a hand of one suit before its runs). Alike ones stay together.
        self.placed = sorted(
            range(len(reqs)),
            key=lambda i: (
                len(self._of(reqs[i].kind, self._least(reqs[i]))),
                reqs[i].kind,
                -reqs[i].size,
                reqs[i].exact,
            ),
        )
        order = [reqs[i] for i in self.placed]
        self.order = order
        self.least = [r.size for r in order]

    def step(
        self,
        i: int,
        filling: Filling,
        runs: tuple[tuple[str, int, int], ...],
        ranks: tuple[int, ...],
        laid: int,
        after: tuple[object, ...] | None,
    ) -> Filling | None:
        if i == len(self.order):
            if self.cards is not None and (laid != self.cards or any(filling.free)):
                return None
            return filling
        req = self.order[i]
        alike_next = i + 1 < len(self.order) and self.order[i + 1] == req
        room = None if self.cards is None else self.cards - laid - sum(self.least[i + 1 :])
        used = filling.jokers()
        # The jokers the requirements still to come need, each on its own, from the cards
        # they can still get: past the jokers held, nothing below can be laid.
        cards = filling.available()
        sizes = {(r.kind, n) for r in self.order[i:] for n in self._holding(r)}
        least = {kind_size: self._floor(*kind_size, cards) for kind_size in sizes}
        floors = {r: min(least[(r.kind, n)] for n in self._holding(r)) for r in set(self.order[i:])}
        rest = sum(floors[r] for r in self.order[i + 1 :])
        if used + floors[req] + rest > self.jokers:
            return None
        for shape in self._shapes(req, room, i == len(self.order) - 1, after):
            self.budget.spend()
            if after is not None and shape.key < after:
                continue
            if used + _needs(shape, cards) + rest > self.jokers:
                continue
            if (
                shape.run
                and self.contiguity
                and runs_touch(
                    shape.run,
                    runs,
                    self.rules.overlapping_runs_meet,
                    self.rules.meld_rules.circular_runs,
                )
            ):
                continue
            if not shape.run and self.rules.same_rank_sets_count_once and shape.rank in ranks:
                continue
            trial = filling.copy()
            fits = trial.add(shape)
            self.budget.spend(trial.work)  # the filling's steps count too
            if not fits or trial.jokers() + rest > self.jokers:
                continue
            done = self.step(
                i + 1,
                trial,
                runs + (shape.run,) if shape.run else runs,
                ranks + (shape.rank,) if not shape.run else ranks,
                laid + shape.size,
                shape.key if alike_next else None,
            )
            if done is not None:
                return done
        return None

    def _floor(self, kind: str, size: int, cards: list[int]) -> int:
        """The fewest jokers a meld of this kind and least size needs from these cards (a
        meld never needs fewer jokers for being longer)."""
        key = (f"whole {kind}", size)  # windows, wherever their jokers sit: fewer to read
        if key not in self.cache:
            made = self._sets(size) if kind == "set" else self._runs(size, whole=True)
            self.cache[key] = list(made)  # each window or rank looked at is a step
        shapes = self.cache[key]
        self.budget.spend(1 + len(shapes) // 2)  # looking at every shape is work too
        return min((_needs(shape, cards) for shape in shapes), default=_NEVER)

    def _holding(self, req: Requirement) -> list[int]:
        """The lengths of this requirement's melds that may hold more jokers than one card
        fewer (the least first): the fewest jokers it needs is read from these."""
        if req not in self.holding:
            least = self._least(req)
            meld = self.rules.meld_rules
            top = meld.run_max if req.kind == "run" else meld.set_max or MELD_MOST
            longer = (n for n in holding_more(req.kind, meld) if least < n <= top)
            self.holding[req] = [req.size] if req.exact else [least, *longer]
        return self.holding[req]

    def _least(self, req: Requirement) -> int:
        meld = self.rules.meld_rules
        return max(req.size, meld.set_min if req.kind == "set" else meld.run_min)

    def _of(self, kind: str, size: int) -> list[Shape]:
        """Every shape of this kind and size the hand can fill on its own, fewest jokers
        first (a lay-down, if there is one, is found sooner)."""
        if (kind, size) not in self.cache:
            shapes = self._sets(size) if kind == "set" else self._runs(size)
            # Making them is work too: each window or rank looked at is a step.
            self.cache[(kind, size)] = sorted(shapes, key=lambda s: (s.floor, s.key))
        return self.cache[(kind, size)]

    def _from(self, kind: str, size: int, after: tuple[object, ...]) -> list[Shape]:
        """The shapes from `after` on, in the order of their keys: the one order an alike
        requirement's shapes are tried in (those before it are not even looked at)."""
        cached = ("keyed " + kind, size)
        if cached not in self.cache:
            self.cache[cached] = sorted(self._of(kind, size), key=lambda s: s.key)
        keyed = self.cache[cached]
        return keyed[bisect_left(keyed, after, key=lambda s: s.key) :]

    def _shapes(
        self, req: Requirement, room: int | None, last: bool, after: tuple[object, ...] | None
    ) -> Iterator[Shape]:
        least = self._least(req)
        if req.exact:
            sizes = [req.size]
        elif room is not None:  # every card laid: the last meld takes what is left
            sizes = [room] if last else list(range(least, room + 1))
        else:  # the lengths the card search makes too (candidates.py)
            longer = max(0, self.runs - 2) if self.contiguity and req.kind == "run" else 0
            sizes = list(range(least, least + 1 + longer))
            sizes += [n for n in self._holding(req) if n > sizes[-1]]
        for size in sizes:
            if size < least or (room is not None and size > room):
                continue
            yield from (
                self._of(req.kind, size) if after is None else self._from(req.kind, size, after)
            )

    def _sets(self, size: int) -> Iterator[Shape]:
        meld = self.rules.meld_rules
        if size < meld.set_min or (meld.set_max is not None and size > meld.set_max):
            return
        most = meld.jokers_most("set", size)
        for rank in range(1, 14):
            self.budget.spend()
            caps = {}
            for suit in SUITS:
                index = CARD_INDEX[(rank, suit)]
                if self.counts[index]:
                    caps[index] = 1 if meld.set_distinct_suits else size
            floor = size - sum(min(c, self.counts[i]) for i, c in caps.items())
            if caps and floor <= most:
                yield Shape(("set", rank, size), size, caps, most, max(0, floor), rank=rank)

    def _runs(self, size: int, whole: bool = False) -> Iterator[Shape]:
        meld = self.rules.meld_rules
        if not meld.run_min <= size <= meld.run_max:
            return
        most = meld.jokers_most("run", size)
        circular = meld.circular_runs
        for suit in SUITS:
            for low in run_lows(size, meld):
                self.budget.spend()
                positions = tuple(run_window(low, size, circular))
                caps: dict[int, int] = {}
                for p in positions:
                    index = CARD_INDEX[(position_rank(p, circular), suit)]
                    if self.counts[index]:
                        caps[index] = caps.get(index, 0) + 1
                floor = size - sum(min(c, self.counts[i]) for i, c in caps.items())
                if floor > most:
                    continue  # too few of its real cards in the hand, whatever the others
                run = (suit, low, low + size - 1)
                key = ("run", suit, low, size)
                if meld.jokers_side_by_side or whole:
                    yield Shape(key, size, caps, most, floor, run, 0, positions, circular)
                    continue
                for apart in self._jokers_apart(suit, positions, circular, most):
                    placed: dict[int, int] = {}
                    for i, p in enumerate(positions):
                        if i not in apart:
                            index = CARD_INDEX[(position_rank(p, circular), suit)]
                            placed[index] = placed.get(index, 0) + 1
                    yield Shape(
                        (*key, tuple(sorted(apart))),
                        size,
                        placed,
                        len(apart),
                        len(apart),
                        run,
                        0,
                        positions,
                        circular,
                        frozenset(apart),
                    )

    def _jokers_apart(
        self, suit: str, positions: tuple[int, ...], circular: bool, most: int
    ) -> Iterator[frozenset[int]]:
        """Each way to place a run's jokers with none beside another: on every place the
        hand holds no card for, and on up to `most` in all (a joker on a card the hand
        holds leaves that card to another meld)."""
        held = [self.counts[CARD_INDEX[(position_rank(p, circular), suit)]] > 0 for p in positions]
        forced = frozenset(i for i, h in enumerate(held) if not h)
        if len(forced) > most or any(i + 1 in forced for i in forced):
            return
        free = [i for i, h in enumerate(held) if h and i - 1 not in forced and i + 1 not in forced]
        for extra in range(most - len(forced) + 1):
            for chosen in combinations(free, extra):
                self.budget.spend()  # each way looked at, kept or not
                if any(b - a == 1 for a, b in zip(chosen, chosen[1:], strict=False)):
                    continue
                yield forced | frozenset(chosen)


_NEVER = 99  # more jokers than any hand holds


def _needs(shape: Shape, cards: list[int]) -> int:
    """The jokers a shape needs with these real cards at hand (_NEVER: it cannot be made)."""
    if shape.joker_at is not None:  # its real cards are exactly the places left
        whole = all(cards[card] >= cap for card, cap in shape.caps.items())
        return len(shape.joker_at) if whole else _NEVER
    needs = shape.size - sum(min(cap, cards[card]) for card, cap in shape.caps.items())
    return needs if needs <= shape.most_jokers else _NEVER


def _cards(shape: Shape, given: dict[int, int]) -> tuple[Card, ...]:
    """The meld's cards: its real cards in their places, jokers pinned in the others."""
    left = dict(given)
    if shape.run is None:
        cards = [Card(i % 13 + 1, SUITS[i // 13]) for i, n in left.items() for _ in range(n)]
        used = {c.suit for c in cards}
        free = [suit for suit in SUITS if suit not in used] or list(SUITS)
        missing = shape.size - len(cards)
        return tuple(
            cards + [Card(0, "", (shape.rank, free[k % len(free)])) for k in range(missing)]
        )
    suit = shape.run[0]
    out = []
    for i, p in enumerate(shape.positions):
        rank = position_rank(p, shape.circular)
        index = CARD_INDEX[(rank, suit)]
        if left.get(index) and (shape.joker_at is None or i not in shape.joker_at):
            left[index] -= 1
            out.append(Card(rank, suit))
        else:
            out.append(Card(0, "", (rank, suit)))
    return tuple(out)
