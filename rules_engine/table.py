"""A game at the table: a rule system, its seats, the first dealer and the table's options.

Every page, form and sheet of a game asks this one value what a round is, how a deal scores
and who leads, so nothing outside the engine derives them again.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import ClassVar

from .cards import Card, parse_hand, rank_keys
from .catalogue import cards_dealt, contract_for, decks_and_jokers
from .contracts import ContractCheck, check_contract
from .errors import DealError, HandTooLarge, OptionError, Problem, RulesError
from .limits import HandLimits, check_hand, hand_limits
from .messages import contract_symbols, contract_words
from .opening import OpeningCheck, check_opening
from .options import TableOptions
from .scoring import (
    PlayerDeal,
    behind_leader,
    deal_facts,
    hand_points,
    implied_facts,
    lone_zero,
    ranking,
    running_totals,
    score_deal,
    validate_deal,
    winners,
)
from .scoring import totals as totals_of
from .seating import RoundSeats, seats_for_round
from .solver import Solution, solve_contract
from .solver_opening import solve_opening
from .systems import Contract, Fact, Opening, RuleSystem


@dataclass(frozen=True)
class RoundPlan:
    """What the table needs before dealing a round. Seats are indices round the table."""

    number: int
    total: int | None  # rounds in the game, None while open-ended
    contract: Contract | None
    cards: int
    decks: int
    jokers: int
    dealer: int
    first_player: int
    clockwise: bool
    no_contiguous_runs: bool  # this contract's runs of one suit must not meet
    opening: Opening | None  # rami-51: what the first lay-down needs

    @property
    def lay_all(self) -> bool:
        return self.contract is not None and self.contract.lay_all_cards

    def contract_words(self, lang: str) -> str:
        """The round's contract in words ("" without one), as a table says it."""
        return contract_words(self.contract, lang) if self.contract else ""

    @property
    def contract_symbols(self) -> str:
        """The round's contract in signs, for a grid's narrow column."""
        return contract_symbols(self.contract) if self.contract else ""


@dataclass(frozen=True)
class Standings:
    totals: list[int]
    ranks: list[int]
    behind: list[int]  # points behind the leader, 0 for the leaders
    leaders: list[int]  # seats ranked first; none before the first round


@dataclass(frozen=True)
class Table:
    system: RuleSystem  # the catalogue's rules; `rules` is what this table plays
    players: int | None  # None: a question asked outside a game (the checker, the API)
    first_dealer: int = 0
    options: TableOptions = field(default_factory=TableOptions)
    # The table's corrections of the deal: from round k, seat s deals (and the deal passes
    # on from there), when a round was dealt out of turn. Rounds before k keep their dealer.
    redeals: tuple[tuple[int, int], ...] = ()

    is_romi: ClassVar[bool] = False  # its sibling RomiTable says True

    @classmethod
    def checked(
        cls,
        system: RuleSystem,
        players: int | None,
        first_dealer: int = 0,
        options: TableOptions | None = None,
    ) -> Table:
        """A new table, refused when the rules exclude it: a player count the system does not
        have (`player_count`), or decks the table chose that cannot deal every round
        (`decks_too_few`). Tables already playing are read with the plain constructor."""
        system.check_players(players)
        table = cls(system, players, first_dealer, options or TableOptions())
        if players is not None and table.options.decks is not None:
            rules = table.rules
            for number in range(1, len(rules.cards_dealt) + 1):
                decks, jokers = decks_and_jokers(rules, players, number)
                needed = players * cards_dealt(rules, number) + 1  # and the discard's first
                if needed > decks * 52 + jokers:
                    raise OptionError("decks_too_few", option="decks", decks=decks, players=players)
        return table

    @cached_property
    def rules(self) -> RuleSystem:
        """The system with this table's house rules applied."""
        return self.options.apply(self.system)

    @property
    def rounds(self) -> int | None:
        """Rounds in the game: the system's, the number agreed on, or None (open-ended)."""
        return self.rules.rounds if self.rules.rounds is not None else self.options.rounds

    @property
    def with_jokers(self) -> bool:
        return not self.options.no_jokers

    @property
    def seats(self) -> int:
        """The player count; a question that needs it refuses a table without one."""
        if self.players is None:
            raise RulesError("players_needed")
        return self.players

    def _seats(self, number: int) -> RoundSeats:
        """Who deals and plays first in round `number`: from the first dealer, or from the
        latest correction of the deal at or before that round."""
        start, dealer = 1, self.first_dealer
        for round_number, seat in sorted(self.redeals):
            if round_number <= number:
                start, dealer = round_number, seat
        return seats_for_round(self.rules, number - start + 1, dealer, self.seats)

    def dealer(self, number: int) -> int:
        """Who deals round `number`, the game's rounds or beyond (the next game continues)."""
        return self._seats(number).dealer

    def redealt(self, number: int, seat: int) -> Table:
        """This table after the table says `seat` deals round `number` (dealt out of turn):
        the rounds after it follow on from that seat, the rounds before keep their dealer."""
        if not 0 <= seat < self.seats or number < 1:
            raise RulesError("no_such_seat", seat=seat)
        kept = tuple((n, s) for n, s in self.redeals if n != number)
        return replace(self, redeals=(*kept, (number, seat)))

    def contract(self, number: int) -> Contract:
        """Round `number`'s contract; a round the rules do not have is refused."""
        return contract_for(self.rules, number)

    def contract_words(self, number: int, lang: str) -> str:
        """Round `number`'s contract in words, as a table says it."""
        return contract_words(self.contract(number), lang)

    @property
    def contract_count(self) -> int:
        """How many rounds have a contract (0 for rules without contracts)."""
        return len(self.rules.contracts)

    def round(self, number: int) -> RoundPlan:
        rules = self.rules
        seats = self._seats(number)
        contract = contract_for(rules, number) if rules.contracts else None
        runs = sum(r.kind == "run" for r in contract.requirements) if contract else 0
        decks, jokers = decks_and_jokers(rules, self.seats, number, self.with_jokers)
        return RoundPlan(
            number=number,
            total=self.rounds,
            contract=contract,
            cards=cards_dealt(rules, number),
            decks=decks,
            jokers=jokers,
            dealer=seats.dealer,
            first_player=seats.first_player,
            clockwise=seats.clockwise,
            no_contiguous_runs=rules.forbid_contiguous_runs and runs > 1,
            opening=rules.opening,
        )

    def score(
        self, number: int, hands: Sequence[PlayerDeal], *, no_winner: bool = False
    ) -> list[int]:
        """Each seat's score for a deal; raises DealError whose problems name seat and field.

        Cards tapped for a hand are bounded by the decks and jokers of this table and round:
        three 9♣ from two decks, or a joker at a table without, are refused for that seat.
        """
        problems = list(self._impossible_hands(number, hands))
        problems += validate_deal(
            self.rules, number, hands, no_winner=no_winner, with_jokers=self.with_jokers
        )
        if problems:
            raise DealError(problems)
        return score_deal(
            self.rules, number, hands, no_winner=no_winner, with_jokers=self.with_jokers
        )

    def _impossible_hands(self, number: int, hands: Sequence[PlayerDeal]) -> Iterator[Problem]:
        limits = self.limits(number)
        for seat, hand in enumerate(hands):
            if hand.cards:
                try:
                    check_hand(self.rules, hand.cards, limits=limits)
                except HandTooLarge as error:
                    yield Problem(seat, error.code, error.params, "cards")

    def standings(self, rounds: Sequence[Sequence[int]]) -> Standings:
        """Totals, ranks and gaps after the scored rounds (each a score per seat)."""
        totals = totals_of(rounds, self.seats)
        lowest = self.rules.lowest_wins
        return Standings(
            totals,
            ranking(totals, lowest),
            behind_leader(totals, lowest),
            winners(totals, lowest) if rounds else [],
        )

    def is_over(self, played: int, totals: Sequence[int] = ()) -> bool:
        """All agreed rounds are played, or a total reached the table's end; otherwise an
        open-ended game ends when the table says so."""
        if self.rounds is not None and played >= self.rounds:
            return True
        end = self.end_total
        return end is not None and any(total >= end for total in totals)

    def is_finished(self, ended: bool, played: int, totals: Sequence[int] = ()) -> bool:
        """The one answer to "is the game finished?": the table ended it (`ended`), or its
        rounds or totals did (a ROMi RAMi game ends only when the table enters its trophies)."""
        return ended or (self.rules.romi is None and self.is_over(played, totals))

    def stopped_early(self, ended: bool, played: int, totals: Sequence[int] = ()) -> bool:
        """Whether the table ended the game before its rounds or totals did (it may go on)."""
        return ended and not self.is_over(played, totals)

    @property
    def totals_can_end(self) -> bool:
        """Whether a total reaching the table's end finishes the game (so totals are asked)."""
        return self.options.end_at_total is not None

    @property
    def end_total(self) -> int | None:
        """The total that ends the game, when the table chose one."""
        end = self.options.end_at_total
        return None if end is None else int(end)

    @property
    def card_keys(self) -> tuple[str, ...]:
        """The keys of this table's card picker: the ranks, and the joker if in play."""
        return rank_keys(self.with_jokers)

    @property
    def counts_cards(self) -> bool:
        """Whether cards left in hand are counted at this table (not in ROMi RAMi)."""
        return self.rules.card_values is not None

    def hand_value(self, cards: Sequence[Card]) -> int:
        """What the cards left in a hand are worth at this table."""
        return hand_points(self.rules, cards)

    def scoring(self) -> dict[str, object]:
        """How this table scores a deal, as data a page can apply while offline (the rules
        stay here: the engine scores every deal again when it arrives). A seat's score is
        the `flat` points of one of its facts, else its hand (typed points, or the `values`
        of the card keys it holds) plus the `bonus` of each of its facts; `implied` facts
        are added first."""
        rules = self.rules
        values = {key: hand_points(rules, parse_hand(key)) for key in self.card_keys}
        return {
            "values": values if self.counts_cards else {},
            "flat": {f.fact.value: f.points for f in rules.flat_scores},
            "bonus": {b.fact.value: b.points for b in rules.bonuses},
            "implied": [
                {"when": i.when.value, "gives": i.gives.value, "to": i.to}
                for i in implied_facts(rules)
            ],
            "lowest_wins": rules.lowest_wins,
        }

    def facts(self) -> tuple[Fact, ...]:
        """What the table may say of a player after a deal, in the order the rules give."""
        return deal_facts(self.rules)

    def fact_points(self, fact: Fact) -> int | None:
        """What a fact scores on its own (a bonus, or the flat score of laying nothing)."""
        bonus = next((b.points for b in self.rules.bonuses if b.fact == fact), None)
        flat = next((f.points for f in self.rules.flat_scores if f.fact == fact), None)
        return bonus if bonus is not None else flat

    def points_to_go(self, totals: Sequence[int]) -> int | None:
        """Points the highest total still lacks to end the game (None: no total ends it)."""
        end = self.end_total
        if end is None:
            return None
        return max(end - max(totals, default=0), 0)

    def limits(self, number: int | None = None) -> HandLimits:
        """The most a hand holds at this table: the decks in play in that round (or any);
        without a player count, the most any table of these rules holds."""
        most = hand_limits(self.rules, self.players)
        if number is not None and self.players is not None:
            decks, jokers = decks_and_jokers(self.rules, self.players, number, self.with_jokers)
            return HandLimits(most.cards, decks, jokers)
        return HandLimits(most.cards, most.copies, most.jokers if self.with_jokers else 0)

    def running_totals(self, rounds: Sequence[Sequence[int]]) -> list[list[int]]:
        """Each seat's total after each scored round."""
        return running_totals(rounds)

    def went_out(self, typed: Sequence[int | None]) -> int | None:
        """Who went out, read from typed hand values: the seat of a lone 0, else None."""
        return lone_zero(typed)

    def check_held(self, number: int, cards: Sequence[Card]) -> None:
        """Refuse cards no hand at this table holds in round `number` (HandTooLarge)."""
        check_hand(self.rules, cards, limits=self.limits(number))

    def penalty(self, cards: Sequence[Card]) -> int:
        """What cards left in hand cost, once the table could hold them (else HandTooLarge)."""
        check_hand(self.rules, cards, limits=self.limits())
        return self.hand_value(cards)

    def check_lay_down(self, number: int, melds: list[list[Card]]) -> ContractCheck:
        """Whether a lay-down meets round `number`'s contract, with every reason it fails."""
        return check_contract(self.rules, number, melds, limits=self.limits(number))

    def find_lay_down(self, number: int, hand: list[Card]) -> Solution:
        """A lay-down of this hand that meets round `number`'s contract, or why none does."""
        return solve_contract(self.rules, number, hand, limits=self.limits(number))

    def check_opening(self, melds: list[list[Card]]) -> OpeningCheck:
        """Whether a first lay-down opens (rami-51), with its points."""
        return check_opening(self.rules, melds, limits=self.limits())

    def find_opening(self, hand: list[Card]) -> tuple[Solution, int]:
        """The best opening this hand can make, and its points."""
        return solve_opening(self.rules, hand, limits=self.limits())
