"""The hand's real cards given to the melds a search by shapes has chosen (shapes.py): a
maximum flow with a lower bound per meld, kept as melds are added one by one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shape:
    """One meld as the search by shapes chooses it: a set's rank and size, or a run's suit,
    window and size; the real cards it may take, and the jokers it may hold."""

    key: tuple[object, ...]  # orders alike requirements' shapes (one order tried)
    size: int
    caps: dict[int, int]  # card index -> how many of it the meld can take as real cards
    most_jokers: int
    floor: int  # the fewest jokers it needs, whatever the other melds take
    run: tuple[str, int, int] | None = None  # suit, low, high
    rank: int = 0  # sets
    positions: tuple[int, ...] = ()  # runs
    circular: bool = False
    # Where two jokers may not sit side by side, the run's joker places (window indices):
    # its real cards are then exactly the others.
    joker_at: frozenset[int] | None = None


class Filling:
    """The hand's real cards given to the melds so far: the most that fit, each meld with
    at least the real cards its joker limit asks (a maximum flow with lower bounds, kept as
    melds are added: giving never takes a meld below what it had)."""

    def __init__(self, counts: list[int]) -> None:
        self.free = list(counts)
        self.shapes: list[Shape] = []
        self.given: list[dict[int, int]] = []
        self.totals: list[int] = []
        self.work = 0  # the steps taken since the copy: what the search spends

    def copy(self) -> Filling:
        other = Filling(self.free)
        other.shapes = list(self.shapes)
        other.given = [dict(g) for g in self.given]
        other.totals = list(self.totals)
        return other

    def add(self, shape: Shape) -> bool:
        """Add a meld; False when no filling gives every meld the real cards it needs."""
        self.shapes.append(shape)
        self.given.append({})
        self.totals.append(0)
        m = len(self.shapes) - 1
        need = shape.size - shape.most_jokers
        self._fill(m, need)
        while self.totals[m] < need:
            if not self._augment(m, release=True):
                return False
        self._fill(m, shape.size)  # then as many real cards as fit
        while self.totals[m] < shape.size and self._augment(m, release=False):
            pass
        # The others held the most they could; they can take more only through this meld.
        held = [card for card, n in self.given[m].items() if n]
        if any(
            self.shapes[k].caps.get(card, 0) > self.given[k].get(card, 0)
            for k in range(m)
            for card in held
        ):
            for k in range(m):
                while self.totals[k] < self.shapes[k].size and self._augment(k, release=False):
                    pass
        return True

    def _fill(self, meld: int, bound: int) -> None:
        """Free cards straight into the meld, up to `bound` of them."""
        given = self.given[meld]
        for card, cap in self.shapes[meld].caps.items():
            room = bound - self.totals[meld]
            if room <= 0:
                return
            take = min(self.free[card], cap - given.get(card, 0), room)
            if take > 0:
                self._give(card, meld, take)

    def jokers(self) -> int:
        return sum(s.size for s in self.shapes) - sum(self.totals)

    def available(self) -> list[int]:
        """The real cards melds still to come may get: those free, and those held by a meld
        that could give them up, for another card (a free one, or one held by a meld that
        can give up in turn) or for a joker where it holds more real cards than it needs.
        Counting them all overestimates what the melds to come can get: a safe bound."""
        giving = {
            k
            for k, shape in enumerate(self.shapes)
            if self.totals[k] > shape.size - shape.most_jokers
        }
        grew = True
        while grew:
            grew = False
            for k, shape in enumerate(self.shapes):
                if k in giving:
                    continue
                given = self.given[k]
                for card, cap in shape.caps.items():
                    if given.get(card, 0) < cap and (
                        self.free[card] or any(self.given[o].get(card) for o in giving)
                    ):
                        giving.add(k)
                        grew = True
                        break
        cards = list(self.free)
        for k in giving:
            for card, n in self.given[k].items():
                cards[card] += n
        return cards

    def _augment(self, target: int, release: bool) -> bool:
        """One more real card into meld `target`: from a card still free, or (release) from
        a meld holding more than it needs, passed along melds that swap one card for
        another. Breadth first over (card, meld) steps."""
        direct = self._direct(target)
        if direct is not None:
            self._give(direct, target, 1)
            return True
        # from each meld reached, which card it could give up, back to the meld that takes it
        came: dict[int, tuple[int, int] | None] = {target: None}
        queue = [target]
        while queue:
            meld = queue.pop(0)
            self.work += 1
            for card, cap in self.shapes[meld].caps.items():
                if self.given[meld].get(card, 0) >= cap:
                    continue
                # `meld` may take `card` if some other meld holding it takes another instead
                for other, held in enumerate(self.given):
                    if other in came or not held.get(card):
                        continue
                    came[other] = (card, meld)
                    source = self._direct(other)
                    spare = (
                        self.totals[other]
                        > self.shapes[other].size - self.shapes[other].most_jokers
                    )
                    if source is not None or (release and spare):
                        self._shift(other, came, source)
                        if source is None:  # `other` gives up a card it did not need
                            self.totals[other] -= 1
                        self.totals[target] += 1
                        return True
                    queue.append(other)
        return False

    def _direct(self, meld: int) -> int | None:
        given = self.given[meld]
        self.work += 1
        for card, cap in self.shapes[meld].caps.items():
            if self.free[card] and given.get(card, 0) < cap:
                return card
        return None

    def _give(self, card: int, meld: int, units: int) -> None:
        self.free[card] -= units
        self.given[meld][card] = self.given[meld].get(card, 0) + units
        self.totals[meld] += units

    def _shift(
        self, start: int, came: dict[int, tuple[int, int] | None], source: int | None
    ) -> None:
        """Walk the chain back from `start` to the target: each meld hands its card on."""
        if source is not None:
            self.free[source] -= 1
            self.given[start][source] = self.given[start].get(source, 0) + 1
        meld = start
        while (link := came[meld]) is not None:
            card, taker = link
            self.given[meld][card] -= 1
            self.given[taker][card] = self.given[taker].get(card, 0) + 1
            meld = taker
