"""A game of ROMi RAMi at the table: the sibling of `Table` for the one system scored by
contract cards and trophies rather than by deals.

It answers the questions every table answers (its rules, who deals, is the game finished,
what a hand may hold) in the same words as `Table`, and the ROMi RAMi ones besides: whether a
contract card's facts can be, when the game ends, and the tally.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from .cards import Card
from .errors import Problem, RoundOutOfRange, RulesError
from .limits import HandLimits, hand_limits
from .options import TableOptions
from .romi import (
    RomiCheck,
    RomiPlayer,
    RomiScore,
    Trophy,
    check_romi_contract,
    end_trigger,
    parse_requirements,
    parse_value_cards,
    romi_tally,
)
from .seating import seats_for_round
from .systems import Fact, Romi, RuleSystem


@dataclass(frozen=True)
class RomiTable:
    system: RuleSystem
    players: int | None  # None: a question asked outside a game (the checker)
    first_dealer: int = 0
    options: TableOptions = field(default_factory=TableOptions)

    deals_rounds: ClassVar[bool] = False  # contract cards are logged, no deal is scored
    rounds: ClassVar[None] = None  # the game ends on contract cards, not on a round count
    counts_cards: ClassVar[bool] = False  # cards left in hand are not counted
    totals_can_end: ClassVar[bool] = False
    end_total: ClassVar[None] = None
    card_keys: ClassVar[tuple[str, ...]] = ()  # no card picker: value cards are typed
    contract_count: ClassVar[int] = 0  # no round has its contract: contract cards are drawn

    @cached_property
    def rules(self) -> RuleSystem:
        return self.options.apply(self.system)

    @property
    def romi(self) -> Romi:
        return self.rules.romi_rules

    @property
    def with_jokers(self) -> bool:
        return True  # the joker token, once per player and game

    def dealer(self, number: int) -> int:
        return seats_for_round(self.rules, number, self.first_dealer, self.seats).dealer

    # The same players sit from start to finish: what Table answers of players who came and
    # went, answered for a table where nobody does.
    def sitting(self, seat: int) -> tuple[int, int | None]:
        return (1, None)

    def plays(self, seat: int, number: int) -> bool:
        return True

    def has_left(self, seat: int) -> bool:
        return False

    def contract_words(self, number: int, lang: str) -> str:
        """No round has a contract of its own (`contract_count` is 0)."""
        raise RoundOutOfRange(slug=self.system.slug, round=number, rounds=0)

    def hand_value(self, cards: Sequence[Card]) -> int:
        """Cards left in hand are not counted here (`counts_cards` says so beforehand)."""
        raise RulesError("no_penalty")

    def is_finished(self, ended: bool, played: int = 0, totals: Sequence[int] = ()) -> bool:
        """A ROMi RAMi game ends only when the table enters its trophies (`ended`)."""
        return ended

    def facts(self) -> tuple[Fact, ...]:
        return ()

    def limits(self, number: int | None = None) -> HandLimits:
        """The most a turn holds: the hand limit plus one turn's take from the market."""
        return hand_limits(self.rules)

    @property
    def end_trigger(self) -> int:
        """How many contract cards one player completes to end the game at this table."""
        return end_trigger(self.romi, self.seats)

    def card_problem(
        self, points: int, colour: str, combos: Sequence[int], bonus_cards: int
    ) -> Problem | None:
        """Why a completed contract card's facts cannot be (None when they can): an unknown
        colour, combo symbols a card never shows, points or bonus cards past the rules' bounds."""
        romi = self.romi
        if colour not in romi.colours:
            return Problem(None, "romi_colour", {}, "colour")
        if not combos or len(combos) > romi.most_combos:
            return Problem(None, "romi_combos", {}, "combos")
        if any(size not in romi.combo_sizes for size in combos):
            return Problem(None, "romi_combos", {}, "combos")
        if not 0 <= points <= romi.most_contract_points:
            return Problem(None, "romi_points", {"most": romi.most_contract_points}, "points")
        if not 0 <= bonus_cards <= romi.most_bonus_cards:
            most = romi.most_bonus_cards
            return Problem(None, "romi_bonus_cards", {"most": most}, "bonus_cards")
        return None

    def trophies_problem(self, symbols: Sequence[str]) -> Problem | None:
        """Why the trophies entered at the end cannot be: not the number in play, or twice one."""
        count = self.romi.trophies_in_play
        if len(symbols) != count or len(set(symbols)) != len(symbols):
            return Problem(None, "romi_trophies", {"count": count})
        return None

    def check_contract(
        self, requirements: str, value_cards: str, *, joker: bool = False, bonus: str | None = None
    ) -> RomiCheck:
        """Whether the value cards (and the joker token) fill a contract card's requirements."""
        if bonus is not None and bonus not in self.romi.colours:
            raise RulesError("bad_value_card", token=bonus)
        return check_romi_contract(
            parse_requirements(requirements),
            parse_value_cards(value_cards),
            joker=joker,
            bonus=bonus,
            romi=self.romi,
        )

    def tally(self, players: Sequence[RomiPlayer], trophies: Sequence[Trophy]) -> list[RomiScore]:
        """Each player's final score and rank: contracts, trophies won, bonus cards, joker."""
        return romi_tally(self.romi, players, trophies)

    @property
    def seats(self) -> int:
        """The player count; a question that needs it refuses a table without one."""
        if self.players is None:
            raise RulesError("players_needed")
        return self.players
