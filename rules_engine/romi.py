"""ROMi RAMi: value cards, contract-card requirements, bonus colours, trophies and the tally.

Value cards are `3H`, `5Y`, `2♥`, `4🍒` (values 1-5; colours H hearts, D diamonds,
C clubs, Y cherries). Requirements join with `+`: `pair+run3`, `pair:4`, `three`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .errors import HandTooLarge, NotationError, RulesError
from .limits import ROMI_NODES, Budget
from .melds import Reason
from .systems import Romi

COLOURS = ("H", "D", "C", "Y")
COLOUR_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "Y": "🍒"}
_COLOUR_ALIASES = {
    "H": "H",
    "D": "D",
    "C": "C",
    "Y": "Y",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "🍒": "Y",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}
_SPLIT = re.compile(r"[^\s,|;]+")
MAX_VALUE_CARDS = 30


@dataclass(frozen=True, slots=True, order=True)
class ValueCard:
    value: int
    colour: str

    def __str__(self) -> str:
        return f"{self.value}{self.colour}"


@dataclass(frozen=True)
class RomiRequirement:
    """run (3-5 consecutive values) or same (2-5 equal values, optionally an imposed value)."""

    kind: str  # "run" | "same"
    size: int
    value: int | None = None

    @property
    def combo(self) -> int:
        """The combo symbol the contract card shows for it (a pair is a 2-card combo)."""
        return self.size

    @property
    def notation(self) -> str:
        if self.kind == "run":
            return f"run{self.size}"
        name = {2: "pair", 3: "three", 4: "four", 5: "five"}[self.size]
        return f"{name}:{self.value}" if self.value else name


_REQUIREMENTS = {
    "run3": ("run", 3),
    "run4": ("run", 4),
    "run5": ("run", 5),
    "pair": ("same", 2),
    "three": ("same", 3),
    "four": ("same", 4),
    "five": ("same", 5),
}


def parse_value_card(token: str, position: int = 0) -> ValueCard:
    text = token.upper().replace("\ufe0f", "")
    if len(text) >= 2 and text[0] in "12345" and text[1:] in _COLOUR_ALIASES:
        return ValueCard(int(text[0]), _COLOUR_ALIASES[text[1:]])
    if len(text) >= 2 and text[-1] in "12345" and text[:-1] in _COLOUR_ALIASES:
        return ValueCard(int(text[-1]), _COLOUR_ALIASES[text[:-1]])
    raise NotationError("bad_value_card", token=token, position=position)


def parse_value_cards(text: str) -> list[ValueCard]:
    cards: list[ValueCard] = []
    for match in _SPLIT.finditer(text):
        if len(cards) >= MAX_VALUE_CARDS:
            raise NotationError("too_many_cards", token=match.group(), position=match.start())
        cards.append(parse_value_card(match.group(), match.start()))
    return cards


def parse_requirements(text: str) -> tuple[RomiRequirement, ...]:
    """`pair+run3` -> requirements; `pair:4` is a pair of 4s."""
    out = []
    offset = 0
    for part in text.split("+"):
        token = part.strip().lower()
        name, _, value = token.partition(":")
        if name not in _REQUIREMENTS:
            raise NotationError("bad_requirement", token=part.strip(), position=offset)
        kind, size = _REQUIREMENTS[name]
        if value:
            if kind != "same" or value not in {"1", "2", "3", "4", "5"}:
                raise NotationError("bad_requirement", token=part.strip(), position=offset)
        out.append(RomiRequirement(kind, size, int(value) if value else None))
        offset += len(part) + 1
    if not out or not text.strip():
        raise NotationError("bad_requirement", token=text, position=0)
    return tuple(out)


@dataclass(frozen=True)
class RomiCheck:
    valid: bool
    used: tuple[tuple[RomiRequirement, tuple[ValueCard, ...], bool], ...]  # cards, joker used
    bonus_kept: int
    reasons: tuple[Reason, ...]


# Requirements look at values only, and the best plan only at how many bonus-colour cards it
# uses: so the search sees each card as its class (value, bonus colour or not), at most ten
# classes, and picks real cards of each class only once the plan is chosen.
_Counts = tuple[int, ...]  # cards held per class: index 2 * (value - 1) + (1 if bonus colour)
# (bonus cards kept, ((classes used, joker used) per requirement, in order))
_Plan = tuple[int, tuple[tuple[tuple[int, ...], bool], ...]]


def _class(card: ValueCard, bonus: str | None) -> int:
    return 2 * (card.value - 1) + (card.colour == bonus)


def _take(counts: _Counts, value: int) -> list[int]:
    """The classes one card of this value can come from: a bonus-colour card or another."""
    plain, kept = 2 * (value - 1), 2 * (value - 1) + 1
    return [c for c in (kept, plain) if counts[c]]


def _options(
    req: RomiRequirement, counts: _Counts, joker: bool
) -> Iterator[tuple[tuple[int, ...], bool]]:
    """(classes used, joker used) for one requirement; the joker may stand in for one card."""
    if req.kind == "run":
        for start in range(1, 7 - req.size):
            wanted = list(range(start, start + req.size))
            stand_ins = [None, *wanted] if joker else [None]
            for skipped in stand_ins:
                values = [v for v in wanted if v != skipped]
                yield from _one_each(values, counts, (), skipped is not None)
        return
    values = [req.value] if req.value else list(range(1, 6))
    for value in values:
        plain, kept = 2 * (value - 1), 2 * (value - 1) + 1
        for k in (req.size, req.size - 1) if joker else (req.size,):
            for bonus_cards in range(min(k, counts[kept]), -1, -1):
                if k - bonus_cards <= counts[plain]:
                    yield (kept,) * bonus_cards + (plain,) * (k - bonus_cards), k < req.size


def _one_each(
    values: list[int], counts: _Counts, chosen: tuple[int, ...], joker_used: bool
) -> Iterator[tuple[tuple[int, ...], bool]]:
    if not values:
        yield chosen, joker_used
        return
    left = list(counts)
    for cls in _take(counts, values[0]):
        left[cls] -= 1
        yield from _one_each(values[1:], tuple(left), chosen + (cls,), joker_used)
        left[cls] += 1


def check_romi_contract(
    requirements: Sequence[RomiRequirement],
    cards: Sequence[ValueCard],
    *,
    joker: bool = False,
    bonus: str | None = None,
    romi: Romi | None = None,
    budget: Budget | None = None,
) -> RomiCheck:
    """Whether the cards (and the joker token, once) fill every requirement, each card once.

    With more cards than needed, the cards kept for the bonus colour are maximised. More
    cards than a turn can hold raise HandTooLarge; a search past its budget SearchTooLarge.
    """
    romi = romi or Romi()
    if len(cards) > romi.most_held:
        raise HandTooLarge("hand_too_large", count=len(cards), most=romi.most_held)
    budget = budget or Budget(ROMI_NODES)
    reqs = sorted(requirements, key=lambda r: -r.size)
    start = [0] * 10
    for card in cards:
        start[_class(card, bonus)] += 1
    memo: dict[tuple[int, _Counts, bool], _Plan | None] = {}

    def best(k: int, counts: _Counts, joker_left: bool) -> _Plan | None:
        """(bonus cards kept, plan) of the best way to fill requirements k.., or None."""
        if k == len(reqs):
            return 0, ()
        if sum(r.size for r in reqs[k:]) > sum(counts) + joker_left:
            return None
        key = (k, counts, joker_left)
        if key in memo:
            return memo[key]
        budget.spend()
        found: _Plan | None = None
        for classes, used_joker in _options(reqs[k], counts, joker_left):
            budget.spend()
            left = list(counts)
            for cls in classes:
                left[cls] -= 1
            rest = best(k + 1, tuple(left), joker_left and not used_joker)
            if rest is None:
                continue
            kept = sum(cls % 2 for cls in classes) if bonus else 0
            if found is None or kept + rest[0] > found[0]:
                found = (kept + rest[0], ((classes, used_joker), *rest[1]))
        memo[key] = found
        return found

    result = best(0, tuple(start), joker)
    if result is None:
        what = "+".join(r.notation for r in requirements)
        return RomiCheck(False, (), 0, (Reason("romi_missing", {"what": what}),))
    kept, plan = result
    # Real cards for the chosen classes, each card once.
    pool: dict[int, list[ValueCard]] = {}
    for card in cards:
        pool.setdefault(_class(card, bonus), []).append(card)
    used = tuple(
        (req, tuple(pool[cls].pop() for cls in classes), used_joker)
        for req, (classes, used_joker) in zip(reqs, plan, strict=True)
    )
    return RomiCheck(True, used, kept, ())


@dataclass(frozen=True)
class Trophy:
    """A trophy token in play: a colour (H, D, C, Y) or a combo size ("2".."5") and its points."""

    symbol: str
    points: int


@dataclass(frozen=True)
class CompletedContract:
    points: int
    colour: str
    combos: tuple[int, ...]
    bonus_cards: int = 0


@dataclass(frozen=True)
class RomiPlayer:
    contracts: tuple[CompletedContract, ...] = ()
    joker_used: bool = False


@dataclass(frozen=True)
class RomiScore:
    contract_points: int
    trophies: tuple[Trophy, ...]
    bonus_cards: int
    joker_points: int
    rank: int = 0

    @property
    def trophy_points(self) -> int:
        return sum(t.points for t in self.trophies)

    @property
    def total(self) -> int:
        return self.contract_points + self.trophy_points + self.bonus_cards + self.joker_points


def symbol_count(player: RomiPlayer, symbol: str) -> int:
    """How many of a trophy's symbols a player's scoring zone shows (bonus piles excluded)."""
    if symbol in COLOURS:
        return sum(c.colour == symbol for c in player.contracts)
    size = int(symbol)
    return sum(c.combos.count(size) for c in player.contracts)


def trophy_winner(players: Sequence[RomiPlayer], trophy: Trophy) -> int | None:
    """The single player with the most of the trophy's symbol; a tie gives it to nobody."""
    counts = [symbol_count(p, trophy.symbol) for p in players]
    top = max(counts, default=0)
    if top == 0 or counts.count(top) > 1:
        return None
    return counts.index(top)


def end_trigger(romi: Romi, players: int) -> int:
    """The contract count whose completion ends the game for this many players."""
    for count, contracts in romi.end_after_contracts:
        if count == players:
            return contracts
    raise RulesError("players_out_of_range", players=players)


def romi_tally(
    romi: Romi, players: Sequence[RomiPlayer], trophies: Sequence[Trophy]
) -> list[RomiScore]:
    """Final scores with ranks: highest total first, a tie broken by bonus cards."""
    won: list[list[Trophy]] = [[] for _ in players]
    for trophy in trophies:
        winner = trophy_winner(players, trophy)
        if winner is not None:
            won[winner].append(trophy)
    scores = [
        RomiScore(
            sum(c.points for c in p.contracts),
            tuple(won[i]),
            sum(c.bonus_cards for c in p.contracts) * romi.bonus_card_points,
            0 if p.joker_used else romi.unused_joker_points,
        )
        for i, p in enumerate(players)
    ]
    keys = [(s.total, s.bonus_cards) for s in scores]
    ordered = sorted(keys, reverse=True)
    return [
        RomiScore(
            s.contract_points, s.trophies, s.bonus_cards, s.joker_points, ordered.index(k) + 1
        )
        for s, k in zip(scores, keys, strict=True)
    ]
