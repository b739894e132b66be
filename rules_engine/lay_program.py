"""The finder's last resort: one way of a contract as an integer program, solved by HiGHS.

Where the searches run out (a hand of every wild deuce and joker, sets and runs over four
suits), the same question is asked as a linear program in whole numbers. Alike melds of a
way are counted together, so that no two orders of them are two answers to rule out: how
many runs of a size lie on each window of each suit (of what its runs share), how many
naturals each window's runs hold in each of its cells, how many sets of a size each rank
makes and with which naturals, how many wild deuces play wild.

Every rule of a lay-down is written as the meld rules say it (sizes, jokers per meld and per
lay-down, jokers side by side, runs that meet, two sets of a rank, every card laid), or
left wider than it is: a lay-down that meets the contract is always a solution. So "no
solution" proves the way cannot be laid, and a solution is dealt out into melds
(lay_program_cards.py) which the finder checks against the contract before it gives them.

Where a way need not lay every card, the program asks for a lay-down of the fewest cards:
where a meld longer than its requirement stays a meld less an end card, its requirement's
size is the only one counted; where runs may not meet, a longer run is kept only where both
its ends are blocked (removing either card would make it meet another run). Any lay-down
that meets the way gives one of these by removing cards, so "no solution" is still proof.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise

from .cards import Card
from .melds import position_rank, run_lows, run_window
from .natural_room import naturals_of
from .program import Program
from .run_suits import renamed
from .systems import MeldRules, Requirement, RuleSystem


@dataclass
class Window:
    """Runs of one requirement lying on one window: how many, and the naturals each cell
    of them holds (a cell with no variable holds none)."""

    letter: str
    cells: list[int]
    count: int  # the variable: how many runs lie here
    naturals: dict[int, int] = field(default_factory=dict)  # position -> variable


@dataclass
class SetRank:
    """Sets of one requirement made in one rank: how many of each size, the naturals of
    each suit they hold together, and their jokers."""

    rank: int
    sizes: dict[int, int]  # size -> variable: how many sets of that size
    naturals: dict[str, int]  # suit -> variable
    jokers: int


@dataclass
class Group:
    requirement: Requirement
    count: int
    windows: list[Window] = field(default_factory=list)
    ranks: list[SetRank] = field(default_factory=list)
    blocked: bool = False  # its longer runs are kept only blocked at both ends
    shortest: int = 0  # the fewest cards its melds may hold


def loses_an_end(meld: MeldRules, kind: str, size: int, longest: int) -> bool:
    """Whether every meld of this kind longer than `size` (up to `longest` cards) stays a
    meld less one card: a joker at an end where it has one, else a natural (a set's
    jokers go first; a run's may all lie inside, between two natural ends)."""
    for length in range(size + 1, longest + 1):
        most, less = meld.jokers_most(kind, length), meld.jokers_most(kind, length - 1)
        for jokers in range(most + 1):
            naturals = length - jokers
            if jokers and jokers - 1 > less:
                return False
            natural_goes = naturals >= 2 if kind == "run" else not jokers
            if natural_goes and (jokers > less or naturals - 1 < meld.min_naturals):
                return False
    return True


class LayProgram:
    """One way of a contract from one hand, as an integer program."""

    def __init__(self, rules: RuleSystem, way: tuple[Requirement, ...], hand: list[Card]):
        self.rules, self.way = rules, way
        meld = self.meld = rules.meld_rules
        self.circular = meld.circular_runs  # positions as melds.py counts them
        self.wild: Counter[str] = Counter()
        self.held: Counter[tuple[int, str]] = Counter()  # every natural, wild deuces too
        self.jokers = 0
        for card in hand:
            if card.is_joker:
                self.jokers += 1
            else:
                self.held[(card.rank, card.suit)] += 1
                self.wild[card.suit] += meld.wild(card)
        self.wild = +self.wild
        self.slack = len(hand) - sum(r.size for r in way)
        self.supply: Counter[tuple[int, str]] = Counter()  # naturals a cell may hold
        for (rank, suit), n in self.held.items():
            self.supply[(rank, self.letter(rank, suit))] += n
        self.filled = set(self.supply)
        self.p = Program()
        self.groups = [Group(req, n) for req, n in Counter(way).items()]
        self.deuces: dict[str, int] = {}
        self.taken: dict[tuple[int, str], int] = {}
        self.lay_all = False

    def rank_at(self, position: int) -> int:
        return position_rank(position, self.circular)

    def letter(self, rank: int, suit: str) -> str:
        """What a natural shares with the other cards of its run (its suit, colour...)."""
        if self.meld.run_suits == "one_suit":
            return suit
        return renamed(Card(rank, suit), self.meld).suit

    def build(self, lay_all: bool) -> LayProgram:
        p = self.p
        lay_all = self.lay_all = lay_all and not self.rules.extra_melds_allowed
        self.deuces = {suit: p.var(0, n) for suit, n in self.wild.items()}
        for group in self.groups:
            if group.requirement.kind == "run":
                self._runs(group)
            else:
                self._sets(group)
        self._cards(lay_all)
        self._jokers(lay_all)
        if self.rules.forbid_contiguous_runs:
            self._apart()
        if self.rules.same_rank_sets_count_once:
            self._ranks_once()
        return self

    def _least(self, kind: str, size: int) -> int:
        """The fewest naturals a meld of this size holds: the jokers it may hold, and those
        the hand (and one lay-down) has, fill the rest at most."""
        jokers = self.jokers + sum(self.wild.values())
        if self.rules.lay_down_jokers_most is not None:
            jokers = min(jokers, self.rules.lay_down_jokers_most)
        return max(naturals_of(self.meld, kind, size), size - jokers)

    def _most_runs(self, count: int, least: int, cells: list[tuple[int, str]]) -> int:
        """How many runs one window may hold: each takes one natural of a cell at most, and
        its fewest naturals in all."""
        supply = [self.supply[cell] for cell in cells]
        return max(
            (n for n in range(count + 1) if n * least <= sum(min(s, n) for s in supply)),
            default=0,
        )

    def _lengths(self, group: Group, longest: int) -> list[int]:
        """The sizes a requirement's melds are counted in: its own only, where a lay-down
        of the fewest cards lays no longer one (see the module's docstring)."""
        req = group.requirement
        if req.exact:
            return [req.size]
        every = list(range(req.size, longest + 1))
        least = self.meld.set_min if req.kind == "set" else self.meld.run_min
        group.shortest = max(req.size, least)
        if self.lay_all or not loses_an_end(self.meld, req.kind, group.shortest, longest):
            return every
        if req.kind == "run" and self.rules.forbid_contiguous_runs:
            if not self.rules.overlapping_runs_meet:  # a shorter run may meet one it overlapped
                group.blocked = True
                return every
        return [size for size in every if size == group.shortest]

    def _runs(self, group: Group) -> None:
        p, meld, req = self.p, self.meld, group.requirement
        for length in self._lengths(group, min(meld.run_max, req.size + max(0, self.slack))):
            least = self._least("run", length)
            for letter in sorted({letter for _, letter in self.filled}):
                for start in run_lows(length, meld):
                    cells = run_window(start, length, self.circular)
                    filled = [(self.rank_at(q), letter) in self.filled for q in cells]
                    if sum(filled) < least:  # more cells empty than jokers a run holds
                        continue
                    if not meld.jokers_side_by_side and not all(
                        a or b for a, b in pairwise(filled)
                    ):
                        continue
                    most = self._most_runs(
                        group.count, least, [(self.rank_at(q), letter) for q in cells]
                    )
                    window = Window(letter, cells, p.var(0, most))
                    for q, full in zip(cells, filled, strict=True):
                        if full:
                            cap = min(most, self.supply[(self.rank_at(q), letter)])
                            v = window.naturals[q] = p.var(0, cap)
                            p.row([(v, 1), (window.count, -1)], hi=0)
                    held = [(v, 1) for v in window.naturals.values()]
                    p.row([*held, (window.count, -least)], lo=0)
                    if not meld.jokers_side_by_side:  # of two cells side by side, one natural
                        for a, b in pairwise(cells):
                            pair = [(window.naturals[q], 1) for q in (a, b) if q in window.naturals]
                            p.row([*pair, (window.count, -1)], lo=0)
                    group.windows.append(window)
        p.row([(w.count, 1) for w in group.windows], lo=group.count, hi=group.count)

    def _sets(self, group: Group) -> None:
        p, meld, req = self.p, self.meld, group.requirement
        most = req.size + max(0, self.slack)
        if meld.set_max is not None:
            most = min(most, meld.set_max)
        sizes = self._lengths(group, most)
        counts: list[tuple[int, int]] = []
        for rank in sorted({r for r, _ in self.held}):
            suits = {s: n for (r, s), n in self.held.items() if r == rank}
            have = len(suits) if meld.set_distinct_suits else sum(suits.values())
            fit = [s for s in sizes if have >= self._least("set", s)]
            if not fit:
                continue
            made = SetRank(rank, {s: p.var(0, group.count) for s in fit}, {}, 0)
            many = [(v, 1) for v in made.sizes.values()]
            for suit, n in suits.items():
                t = made.naturals[suit] = p.var(0, n)
                if meld.set_distinct_suits:  # one natural of a suit per set
                    p.row([(t, 1), *((v, -1) for v, _ in many)], hi=0)
                else:
                    p.row([(t, 1), *((v, -n) for v, _ in many)], hi=0)
            made.jokers = p.var(0, self.jokers + sum(self.wild.values()))
            held = [(t, 1) for t in made.naturals.values()]
            p.row([*held, (made.jokers, 1), *((v, -s) for s, v in made.sizes.items())], lo=0, hi=0)
            jokers = ((v, -meld.jokers_most("set", s)) for s, v in made.sizes.items())
            p.row([(made.jokers, 1), *jokers], hi=0)
            p.row([*held, *((v, -meld.min_naturals) for v, _ in many)], lo=0)
            counts += many
            group.ranks.append(made)
        p.row(counts, lo=group.count, hi=group.count)

    def _cards(self, lay_all: bool) -> None:
        """No card laid twice (every card laid, where the round says so): the runs take
        naturals by what they share, each read back as the hand's own cards."""
        p = self.p
        runs: dict[tuple[int, str], list[int]] = {}
        for group in self.groups:
            for window in group.windows:
                for q, v in window.naturals.items():
                    runs.setdefault((self.rank_at(q), window.letter), []).append(v)
        share: dict[tuple[int, str], list[int]] = {}
        for (rank, suit), n in self.held.items():
            w = self.taken[(rank, suit)] = p.var(0, n)
            share.setdefault((rank, self.letter(rank, suit)), []).append(w)
        for key, ws in share.items():
            p.row([*((w, 1) for w in ws), *((v, -1) for v in runs.get(key, []))], lo=0, hi=0)
        for (rank, suit), n in self.held.items():
            terms = [(self.taken[(rank, suit)], 1)]
            for group in self.groups:
                terms += [(m.naturals[suit], 1) for m in group.ranks if m.rank == rank]
            if rank == 2 and suit in self.deuces:  # a deuce playing wild is no natural 2
                terms.append((self.deuces[suit], 1))
            p.row(terms, lo=n if lay_all else None, hi=n)

    def laid_jokers(self) -> list[tuple[int, int]]:
        terms: list[tuple[int, int]] = []
        for group in self.groups:
            for window in group.windows:
                terms.append((window.count, len(window.cells)))
                terms += [(v, -1) for v in window.naturals.values()]
            terms += [(m.jokers, 1) for m in group.ranks]
        return terms

    def _jokers(self, lay_all: bool) -> None:
        """The jokers laid, wild deuces among them: no more than the hand holds, nor than
        one lay-down may hold."""
        terms = self.laid_jokers()
        deuces = [(d, -1) for d in self.deuces.values()]
        self.p.row(terms + deuces, lo=self.jokers if lay_all else None, hi=self.jokers)
        most = self.rules.lay_down_jokers_most
        if most is not None:
            self.p.row(terms, hi=most)

    def _apart(self) -> None:
        """Two runs of one suit (of what they share) never meet: where one ends, none starts
        at the next position; where overlapping meets too, no cell lies in two runs."""
        p = self.p
        ends: dict[tuple[str, int], list[int]] = {}
        starts: dict[tuple[str, int], list[int]] = {}
        cover: dict[tuple[str, int], list[int]] = {}
        last: dict[tuple[str, int], list[int]] = {}  # runs by the cell they end on
        laid: dict[int, int] = {}  # a window's count -> 1 where it holds any run
        for group in self.groups:
            for w in group.windows:
                # A yes-or-no of its own, which HiGHS reasons on better than on the count.
                y = laid[w.count] = p.var(0, 1)
                p.row([(w.count, 1), (y, -p.upper[w.count])], hi=0)
                p.row([(w.count, 1), (y, -1)], lo=0)
                after = (w.cells[-1] + 1) % 13 if self.circular else w.cells[-1] + 1
                if after != w.cells[0]:  # a whole ring meets nothing
                    ends.setdefault((w.letter, after), []).append(w.count)
                starts.setdefault((w.letter, w.cells[0]), []).append(w.count)
                last.setdefault((w.letter, w.cells[-1]), []).append(w.count)
                for q in w.cells:
                    cover.setdefault((w.letter, q), []).append(w.count)
        for key, ending in ends.items():
            if key not in starts:
                continue
            meet = p.var(0, 1)  # 1: runs may end just before; 0: runs may start here
            for n in ending:
                p.row([(laid[n], 1), (meet, -1)], hi=0)
            for n in starts[key]:
                p.row([(laid[n], 1), (meet, 1)], hi=1)
        if self.rules.overlapping_runs_meet:
            for over in cover.values():
                p.row([(n, 1) for n in over], hi=1)
        self._blocked(starts, last)

    def _blocked(
        self, starts: dict[tuple[str, int], list[int]], last: dict[tuple[str, int], list[int]]
    ) -> None:
        """Where runs may not meet, a run longer than its requirement is kept only where
        removing its last card would make it meet a run starting there, and removing its
        first one a run ending there: else a lay-down of fewer cards does as well."""
        p = self.p
        for group in self.groups:
            if not group.blocked:
                continue
            for w in group.windows:
                if len(w.cells) <= group.shortest:
                    continue
                most = p.upper[w.count]
                for beside in (
                    starts.get((w.letter, w.cells[-1]), []),
                    last.get((w.letter, w.cells[0]), []),
                ):
                    others = [n for n in beside if n != w.count]
                    p.row([(w.count, 1), *((n, -most) for n in others)], hi=0)

    def _ranks_once(self) -> None:
        """Two sets of one rank fill one requirement: each rank makes one set at most."""
        by_rank: dict[int, list[int]] = {}
        for group in self.groups:
            for made in group.ranks:
                by_rank.setdefault(made.rank, []).extend(made.sizes.values())
        for counts in by_rank.values():
            self.p.row([(v, 1) for v in counts], hi=1)
