"""ROMi RAMi: value cards, contract-card requirements, bonus colours, trophies and the tally.

Value cards are `3H`, `5Y`, `2♥`, `4🍒` (values 1-5; colours H hearts, D diamonds,
C clubs, Y cherries). Requirements join with `+`: `pair+run3`, `pair:4`, `three`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import NotationError, RulesError
from .melds import Reason
from .systems import Romi

COLOURS = ("H", "D", "C", "Y")
COLOUR_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "Y": "🍒"}
_COLOUR_ALIASES = {"H": "H", "D": "D", "C": "C", "Y": "Y",
                   "♥": "H", "♦": "D", "♣": "C", "🍒": "Y", "♡": "H", "♢": "D", "♧": "C"}  # fmt: skip
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
    "run3": ("run", 3), "run4": ("run", 4), "run5": ("run", 5),
    "pair": ("same", 2), "three": ("same", 3), "four": ("same", 4), "five": ("same", 5),
}  # fmt: skip


def parse_value_card(token: str, position: int = 0) -> ValueCard:
    text = token.upper().replace("\ufe0f", "")
    if len(text) >= 2 and text[0] in "12345" and text[1:] in _COLOUR_ALIASES:
        return ValueCard(int(text[0]), _COLOUR_ALIASES[text[1:]])
    if len(text) >= 2 and text[-1] in "12345" and text[:-1] in _COLOUR_ALIASES:
        return ValueCard(int(text[-1]), _COLOUR_ALIASES[text[:-1]])
    raise NotationError("bad_value_card", token=token, position=position)


def parse_value_cards(text: str) -> list[ValueCard]:
    cards = []
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


def _options(req: RomiRequirement, cards: Sequence[ValueCard], idle: list[int], joker: bool):
    """(card indices, joker used) choices that fill one requirement."""
    if req.kind == "run":
        for start in range(1, 7 - req.size):
            wanted = range(start, start + req.size)
            yield from _pick_each(wanted, cards, idle, joker)
        return
    values = [req.value] if req.value else range(1, 6)
    for value in values:
        same = [i for i in idle if cards[i].value == value]
        for k in (req.size, req.size - 1) if joker else (req.size,):
            if k <= len(same):
                for chosen in combinations(same, k):
                    yield chosen, k < req.size


def _pick_each(wanted, cards, idle, joker):
    by_value = {v: [i for i in idle if cards[i].value == v] for v in wanted}
    missing = [v for v in wanted if not by_value[v]]
    if len(missing) > (1 if joker else 0):
        return
    slots = [v for v in wanted if by_value[v]]

    def rec(k, chosen):
        if k == len(slots):
            yield tuple(chosen), bool(missing)
            return
        seen_colours = set()
        for i in by_value[slots[k]]:
            if cards[i].colour in seen_colours:
                continue  # two cards alike in value and colour are interchangeable
            seen_colours.add(cards[i].colour)
            yield from rec(k + 1, chosen + [i])

    yield from rec(0, [])
    if joker and not missing:
        for skip in range(len(slots)):  # the joker may stand in even for a card held
            rest = slots[:skip] + slots[skip + 1 :]
            yield from _pick_each_fixed(rest, by_value)


def _pick_each_fixed(slots, by_value):
    def rec(k, chosen):
        if k == len(slots):
            yield tuple(chosen), True
            return
        for i in by_value[slots[k]]:
            yield from rec(k + 1, chosen + [i])

    yield from rec(0, [])


def check_romi_contract(
    requirements: Sequence[RomiRequirement],
    cards: Sequence[ValueCard],
    *,
    joker: bool = False,
    bonus: str | None = None,
) -> RomiCheck:
    """Whether the cards (and the joker token, once) fill every requirement, each card once.

    With more cards than needed, the cards kept for the bonus colour are maximised.
    """
    reqs = sorted(requirements, key=lambda r: -r.size)
    best: list = [None]

    def score(plan) -> int:
        return sum(cards[i].colour == bonus for idx, _ in plan for i in idx) if bonus else 0

    def rec(k, idle, joker_left, plan):
        if k == len(reqs):
            if best[0] is None or score(plan) > score(best[0]):
                best[0] = list(plan)
            return
        for chosen, used_joker in _options(reqs[k], cards, idle, joker_left):
            rest = [i for i in idle if i not in chosen]
            rec(k + 1, rest, joker_left and not used_joker, plan + [(chosen, used_joker)])

    rec(0, list(range(len(cards))), joker, [])
    if best[0] is None:
        what = "+".join(r.notation for r in requirements)
        return RomiCheck(False, (), 0, (Reason("romi_missing", {"what": what}),))
    used = tuple(
        (req, tuple(cards[i] for i in idx), used_joker)
        for req, (idx, used_joker) in zip(reqs, best[0], strict=True)
    )
    return RomiCheck(True, used, score(best[0]), ())


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
