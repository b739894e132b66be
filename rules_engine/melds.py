"""Sets and runs with jokers: every valid reading of a meld, or every reason it has none.

Run positions: without wrap, 1 = ace low ... 13 = king, 14 = ace high;
circular runs use 0..12 (ace .. king) on a ring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import SUITS, Card, natural
from .deuces import deuce_plays, refused_deuce, telling_play
from .systems import MeldKind, MeldRules


@dataclass(frozen=True)
class Reason:
    """Why something fails, as a stable code and its parameters (texts in messages.py)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class MeldReading:
    """One way to read a meld: its kind and the card every joker stands for."""

    kind: MeldKind
    cards: tuple[Card, ...]  # runs in order, every joker pinned to its identity
    suit: str = ""  # runs of one suit
    rank: int = 0  # sets
    low: int = 0  # runs: first position
    # Runs that may follow on as one (the no-contiguous-runs rule) share this: their suit,
    # "*" for runs of any suits, the colour, or the colour at even positions (alternating).
    joins: str = ""
    runs: str = "one_suit"  # what the run's cards share (systems.RunSuits)

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    @property
    def jokers(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.is_joker)


@dataclass(frozen=True)
class MeldCheck:
    cards: tuple[Card, ...]
    readings: tuple[MeldReading, ...]
    reasons: tuple[Reason, ...]

    @property
    def valid(self) -> bool:
        return bool(self.readings)

    def readings_of(self, kind: MeldKind) -> tuple[MeldReading, ...]:
        return tuple(r for r in self.readings if r.kind == kind)


def position_rank(position: int, circular: bool) -> int:
    """The rank sitting at a run position."""
    if circular:
        return position % 13 + 1
    return 1 if position == 14 else position


def _positions_of(rank: int, circular: bool) -> tuple[int, ...]:
    if circular:
        return (rank - 1,)
    return (1, 14) if rank == 1 else (rank,)


def run_lows(length: int, rules: MeldRules) -> range:
    """Where a run of this length may start: round the ring, or between the ace's ends (a
    table whose ace is only low never reaches position 14, only high never sits at 1)."""
    if rules.circular_runs:
        return range(1) if length == 13 else range(13)  # a full ring reads the same any start
    first = 2 if rules.ace_end == "high" else 1
    last = 13 if rules.ace_end == "low" else 14
    return range(first, last - length + 2)


def jokers_apart(cards: Sequence[Card]) -> bool:
    """Whether no two jokers of a run sit next to each other."""
    return not any(a.is_joker and b.is_joker for a, b in zip(cards, cards[1:], strict=False))


def run_window(low: int, length: int, circular: bool) -> list[int]:
    if circular:
        return [(low + i) % 13 for i in range(length)]
    return list(range(low, low + length))


def _place_run(known: list[Card], window: list[int], circular: bool) -> dict[int, Card] | None:
    """Put each natural or pinned card at a position of the window with its rank, if possible."""
    placed: dict[int, Card] = {}
    in_window = set(window)
    for card in sorted(known, key=lambda c: c.face[0] != 1):  # non-aces first
        rank = card.face[0]
        spots = [p for p in _positions_of(rank, circular) if p in in_window and p not in placed]
        if not spots:
            return None
        placed[spots[0]] = card
    return placed


RED = frozenset("HD")


def colour(suit: str) -> str:
    return "red" if suit in RED else "black"


def suits_fit(known: Sequence[Card], mode: str) -> bool:
    """Whether these cards' suits may share one run, before their order is known."""
    suits = {c.face[1] for c in known}
    if mode == "one_suit":
        return len(suits) == 1
    if mode == "one_colour":
        return len({colour(s) for s in suits}) == 1
    return True


def run_joins(suit: str, position: int, mode: str) -> str:
    """What a run whose card at `position` has `suit` shares with any run it would join."""
    if mode == "one_suit":
        return suit
    if mode == "one_colour":
        return colour(suit)
    if mode == "alternating_colours":
        return colour(suit) if position % 2 == 0 else ("black" if suit in RED else "red")
    return "*"


def run_readings(cards: tuple[Card, ...], rules: MeldRules) -> list[MeldReading]:
    known = [c for c in cards if c.identity is not None]
    mode = rules.run_suits
    if not known or not suits_fit(known, mode) or not _length_ok("run", len(cards), rules):
        return []
    if sum(not c.is_joker for c in cards) < rules.min_naturals:
        return []
    if sum(c.is_joker for c in cards) > rules.jokers_most("run", len(cards)):
        return []
    circular = rules.circular_runs
    length = len(cards)
    readings = []
    for low in run_lows(length, rules):
        window = run_window(low, length, circular)
        placed = _place_run(known, window, circular)
        if placed is None:
            continue
        joins = {run_joins(c.face[1], p, mode) for p, c in placed.items()}
        if len(joins) != 1:
            continue  # alternating colours: two cards of one colour one step apart
        free = iter(c for c in cards if c.identity is None)  # jokers and wild deuces
        ordered = tuple(
            placed.get(p) or replace(next(free), pin=_stand_in(p, placed, circular, mode))
            for p in window
        )
        if not rules.jokers_side_by_side and not jokers_apart(ordered):
            continue
        suit = ordered[0].face[1] if mode == "one_suit" else ""
        readings.append(
            MeldReading("run", ordered, suit=suit, low=low, joins=joins.pop(), runs=mode)
        )
    return readings


def _stand_in(position: int, placed: dict[int, Card], circular: bool, mode: str) -> tuple[int, str]:
    """The card a joker may be at `position`: of the run's suit, or where suits may differ,
    of the nearest card's suit (its colour, or the other colour one step away)."""
    nearest = min(placed, key=lambda p: (abs(p - position), p))
    suit = placed[nearest].face[1]
    if mode == "alternating_colours" and (position - nearest) % 2:
        suit = "S" if suit in RED else "H"
    return (position_rank(position, circular), suit)


def set_readings(cards: tuple[Card, ...], rules: MeldRules) -> list[MeldReading]:
    known = [c for c in cards if c.identity is not None]
    ranks = {c.face[0] for c in known}
    if len(ranks) != 1 or not _length_ok("set", len(cards), rules):
        return []
    if sum(not c.is_joker for c in cards) < rules.min_naturals:
        return []
    if sum(c.is_joker for c in cards) > rules.jokers_most("set", len(cards)):
        return []
    rank = ranks.pop()
    used = [c.face[1] for c in known]
    if rules.set_distinct_suits and len(set(used)) != len(used):
        return []
    free_suits = [s for s in SUITS if s not in used] or list(SUITS)
    pinned: list[Card] = []
    for card in cards:
        if card.identity is None:
            suit = free_suits[len(pinned) % len(free_suits)]
            pinned.append(replace(card, pin=(rank, suit)))
        else:
            pinned.append(card)
    return [MeldReading("set", tuple(pinned), rank=rank)]


def _length_ok(kind: MeldKind, length: int, rules: MeldRules) -> bool:
    if kind == "set":
        return length >= rules.set_min and (rules.set_max is None or length <= rules.set_max)
    return rules.run_min <= length <= rules.run_max


def check_meld(cards: list[Card] | tuple[Card, ...], rules: MeldRules) -> MeldCheck:
    """Every valid reading of the meld (set and run), or every reason there is none. Where
    deuces are wild, the readings of each way to play them, fewest wild deuces first."""
    cards = tuple(cards)
    refused = refused_deuce(cards, rules)
    if refused is not None:
        return MeldCheck(cards, (), (Reason("deuce_not_wild", {"card": natural(refused)}),))
    plays = deuce_plays(cards, rules)
    readings: list[MeldReading] = []
    for play in plays:
        readings += set_readings(play, rules) + run_readings(play, rules)
    reasons = () if readings else tuple(meld_reasons(telling_play(plays), rules))
    return MeldCheck(cards, tuple(readings), reasons)


def meld_reasons(cards: tuple[Card, ...], rules: MeldRules) -> list[Reason]:
    """What keeps these cards from being a set or a run."""
    naturals = [c for c in cards if not c.is_joker]
    known = [c for c in cards if c.identity is not None]
    reasons: list[Reason] = []
    if len(naturals) < rules.min_naturals:
        if rules.forbid_joker_only_set and len(cards) >= rules.set_min:
            reasons.append(Reason("set_of_jokers"))
        reasons.append(Reason("no_natural_card"))
        return reasons
    ranks = {c.face[0] for c in known}
    looks_like_set = len(ranks) == 1 and len(known) > 1
    looks_like_run = suits_fit(known, rules.run_suits) and len(known) > 1 and not looks_like_set
    if len(cards) < min(rules.set_min, rules.run_min):
        return [
            Reason(
                "too_few_cards", {"count": len(cards), "minimum": min(rules.set_min, rules.run_min)}
            )
        ]
    if not looks_like_run:
        reasons += _set_reasons(cards, known, ranks, rules)
    if not looks_like_set:
        reasons += _run_reasons(cards, known, rules)
    return reasons


def _set_reasons(
    cards: Sequence[Card], known: list[Card], ranks: set[int], rules: MeldRules
) -> list[Reason]:
    out = []
    if len(ranks) > 1:
        out.append(Reason("set_mixed_ranks"))
    if len(cards) < rules.set_min:
        out.append(Reason("set_too_short", {"count": len(cards), "minimum": rules.set_min}))
    if rules.set_max is not None and len(cards) > rules.set_max:
        out.append(Reason("set_too_long", {"count": len(cards), "maximum": rules.set_max}))
    suits = [c.face[1] for c in known]
    if rules.set_distinct_suits and len(set(suits)) != len(suits):
        out.append(Reason("set_same_suit_twice"))
    jokers = sum(c.is_joker for c in cards)
    most = rules.jokers_most("set", len(cards))
    if jokers > most:
        out.append(Reason("set_too_many_jokers", {"count": jokers, "maximum": most}))
    return out


_MIXED = {"one_suit": "run_mixed_suits", "one_colour": "run_mixed_colours"}


def _run_reasons(cards: Sequence[Card], known: list[Card], rules: MeldRules) -> list[Reason]:
    out = []
    fit = suits_fit(known, rules.run_suits)
    if not fit:
        out.append(Reason(_MIXED[rules.run_suits]))
    if len(cards) < rules.run_min:
        out.append(Reason("run_too_short", {"count": len(cards), "minimum": rules.run_min}))
    if len(cards) > rules.run_max:
        out.append(Reason("run_too_long", {"count": len(cards), "maximum": rules.run_max}))
    jokers = sum(c.is_joker for c in cards)
    most = rules.jokers_most("run", len(cards))
    if fit and jokers > most:
        out.append(Reason("run_too_many_jokers", {"count": jokers, "maximum": most}))
    elif fit and rules.run_min <= len(cards) <= rules.run_max:
        rank_counts: dict[int, int] = {}
        for card in known:
            rank_counts[card.face[0]] = rank_counts.get(card.face[0], 0) + 1
        either_end = replace(rules, ace_end="both")
        allowed_twice = {1} if not rules.circular_runs and len(cards) == 14 else set()
        twice = sorted(r for r, n in rank_counts.items() if n > 1 and r not in allowed_twice)
        if twice:
            out.append(Reason("run_rank_twice", {"rank": twice[0]}))
        elif rules.run_suits == "alternating_colours" and _holds(
            cards, replace(rules, run_suits="any_suit")
        ):
            out.append(Reason("run_colours_alternate"))  # 5♥ 6♦: one colour twice in a row
        elif 1 in rank_counts and rules.ace_end != "both" and _holds(cards, either_end):
            out.append(Reason(f"ace_only_{rules.ace_end}"))  # Q-K-A where the ace is low
        elif not rules.circular_runs and 1 in rank_counts and _wraps(cards, known):
            out.append(Reason("ace_no_wrap"))  # K-A-2: the ace ends a run, never joins it
        elif not rules.jokers_side_by_side and _holds(
            cards, replace(rules, jokers_side_by_side=True)
        ):
            out.append(Reason("jokers_side_by_side"))
        else:
            jokers = sum(c.identity is None for c in cards)
            out.append(Reason("run_gap" if jokers else "run_not_consecutive", {"jokers": jokers}))
    return out


def _holds(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether the run would hold under these (looser) rules: the reason is what they loosen."""
    return bool(run_readings(tuple(cards), rules))


def _wraps(cards: Sequence[Card], known: list[Card]) -> bool:
    """Whether the run would hold if it could turn round the ace (K-A-2)."""
    return len(cards) <= 13 and any(
        _place_run(known, run_window(low, len(cards), True), True) is not None for low in range(13)
    )
