"""A game at the table: a rule system, its seats, the first dealer and the table's options.

Every page, form and sheet of a game asks this one value what a round is, how a deal scores
and who leads, so nothing outside the engine derives them again.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from .cards import Card, parse_hand, rank_keys
from .catalogue import cards_dealt, contract_for, decks_and_jokers
from .contracts import ContractCheck, check_contract
from .errors import DealError, HandTooLarge, OptionError, Problem, RulesError
from .limits import HandLimits, check_hand, hand_limits
from .messages import contract_words
from .opening import OpeningCheck, check_opening
from .options import TableOptions
from .round_plan import RoundPlan
from .scoring import (
    PlayerDeal,
    deal_facts,
    hand_points,
    implied_facts,
    lone_zero,
    running_totals,
    score_deal,
    validate_deal,
)
from .scoring import totals as totals_of
from .solver import Solution, solve_contract
from .solver_opening import solve_opening
from .standings import Standings, standings
from .systems import Contract, Fact, RuleSystem
from .table_seats import TableSeats


@dataclass(frozen=True)
class Table(TableSeats):
    system: RuleSystem  # the catalogue's rules; `rules` is what this table plays
    players: int | None  # None: a question asked outside a game (the checker, the API)
    first_dealer: int = 0
    options: TableOptions = field(default_factory=TableOptions)
    # The table's corrections of the deal: from round k, seat s deals (and the deal passes
    # on from there), when a round was dealt out of turn. Rounds before k keep their dealer.
    redeals: tuple[tuple[int, int], ...] = ()
    # When each seat sat, when players came and went: (first round played, last round played
    # or None while still at the table), one pair per seat; () when everyone sat throughout.
    sittings: tuple[tuple[int, int | None], ...] = ()

    deals_rounds: ClassVar[bool] = True  # its sibling RomiTable logs contract cards instead

    @classmethod
    def checked(
        cls,
        system: RuleSystem,
        players: int | None,
        first_dealer: int = 0,
        options: TableOptions | None = None,
        sittings: tuple[tuple[int, int | None], ...] = (),
    ) -> Table:
        """A new table, refused when the rules exclude it: a player count the system does not
        have (`player_count`; where players came and went, in any round), or decks the table
        chose that cannot deal every round (`decks_too_few`). Tables already playing are read
        with the plain constructor."""
        table = cls(system, players, first_dealer, options or TableOptions(), sittings=sittings)
        if players is None or not sittings:
            system.check_players(players)
        else:
            horizon = max(max(first, (last or 0) + 1) for first, last in sittings)
            for number in range(1, horizon + 1):
                system.check_players(table.dealt_to(number))
        if players is not None and table.options.decks is not None:
            rules = table.rules
            for number in range(1, len(rules.cards_dealt) + 1):
                dealt = table.dealt_to(number)
                decks, jokers = decks_and_jokers(rules, dealt, number)
                needed = dealt * cards_dealt(rules, number) + 1  # and the discard's first
                if needed > decks * 52 + jokers:
                    raise OptionError("decks_too_few", option="decks", decks=decks, players=dealt)
        return table

    @property
    def rounds(self) -> int | None:
        """Rounds in the game: the system's, the number agreed on, or None (open-ended)."""
        return self.rules.rounds if self.rules.rounds is not None else self.options.rounds

    @property
    def with_jokers(self) -> bool:
        return not self.options.no_jokers

    def redealt(self, number: int, seat: int) -> Table:
        """This table after the table says `seat` deals round `number` (dealt out of turn):
        the rounds after it follow on from that seat, the rounds before keep their dealer."""
        if not 0 <= seat < self.seats or number < 1:
            raise RulesError("no_such_seat", seat=seat)
        kept = tuple((n, s) for n, s in self.redeals if n != number)
        return replace(self, redeals=(*kept, (number, seat)))

    def with_late_player(self, number: int) -> Table:
        """This table with one more seat, playing from round `number` on; refused when the
        rules' player count is reached or the decks cannot deal the rounds left."""
        low, high = self.system.players
        table = replace(
            self,
            players=self.seats + 1,
            sittings=(*(self.sitting(s) for s in range(self.seats)), (number, None)),
        )
        if len(table.playing(number)) > high:
            raise RulesError("table_full", high=high)
        if self.options.decks is not None:
            for later in range(number, len(self.rules.cards_dealt) + 1):
                decks, jokers = decks_and_jokers(self.rules, table.dealt_to(later), later)
                if table.dealt_to(later) * cards_dealt(self.rules, later) + 1 > decks * 52 + jokers:
                    raise OptionError(
                        "decks_too_few", option="decks", decks=decks, players=table.dealt_to(later)
                    )
        return table

    def with_player_gone(self, seat: int, after: int) -> Table:
        """This table once `seat` leaves after round `after` (their last): refused when they
        already left or the rules' fewest players would no longer sit at the table."""
        if not 0 <= seat < self.seats:
            raise RulesError("no_such_seat", seat=seat)
        first, last = self.sitting(seat)
        if last is not None:
            raise RulesError("seat_gone")
        low = self.system.players[0]
        if len(self.playing(after + 1)) - 1 < low:
            raise RulesError("too_few_left", low=low)
        sittings = [self.sitting(s) for s in range(self.seats)]
        sittings[seat] = (first, after)
        return replace(self, sittings=tuple(sittings))

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
        ways = contract.ways() if contract else ()
        runs = max((sum(r.kind == "run" for r in w.requirements) for w in ways), default=0)
        decks, jokers = decks_and_jokers(rules, self.dealt_to(number), number, self.with_jokers)
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
        A seat not at the table that round scores nothing, and a hand entered for it is
        refused; the deal is checked among the seats that played it.
        """
        if not self.sittings:
            return self._score(number, hands, no_winner)
        playing = self.playing(number)
        problems = [
            Problem(seat, "seat_not_playing", {"number": number}, hand.field)
            for seat, hand in enumerate(hands)
            if seat not in playing and (hand.points is not None or hand.cards or hand.facts)
        ]
        if problems:
            raise DealError(problems)
        dealt = [hands[seat] for seat in playing]
        try:
            scored = self._score(number, dealt, no_winner)
        except DealError as error:
            raise DealError(
                [
                    replace(p, seat=None if p.seat is None else playing[p.seat])
                    for p in error.problems
                ]
            ) from None
        scores = [0] * len(hands)
        for seat, score in zip(playing, scored, strict=True):
            scores[seat] = score
        return scores

    def _score(self, number: int, hands: Sequence[PlayerDeal], no_winner: bool) -> list[int]:
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
        """Totals, ranks and gaps after the scored rounds (each a score per seat); a late
        player's total starts where the table's house rule says (see standings.py)."""
        totals = totals_of(rounds, self.seats)
        starts = self.starting_totals(rounds)
        totals = [total + start for total, start in zip(totals, starts, strict=True)]
        return standings(totals, self.rules.lowest_wins, self.ranked_after, bool(rounds))

    def starting_totals(self, rounds: Sequence[Sequence[int]]) -> list[int]:
        """What each seat's total starts from: 0, or for a player who joined at round k>1
        what the house rule gives, read from the totals after round k-1 of the players they
        sit down with: 0, the worst of them, or their average (rounded half up)."""
        starts = [0] * self.seats
        if not self.sittings:
            return starts
        late = sorted(
            (self.sitting(seat)[0], seat) for seat in range(self.seats) if self.sitting(seat)[0] > 1
        )
        for first, seat in late:
            starts[seat] = self.late_starts(rounds, first, starts)[self.late_start]
        return starts

    def late_starts(
        self, rounds: Sequence[Sequence[int]], number: int, starts: Sequence[int] = ()
    ) -> dict[str, int]:
        """What a player joining at round `number` would start on, by each house rule."""
        sums = totals_of(rounds[: number - 1], self.seats)
        there = [
            s for s in range(self.seats) if self.plays(s, number) and self.sitting(s)[0] < number
        ]
        held = [sums[s] + (starts[s] if starts else 0) for s in there]
        if not held or number <= 1:
            return {"worst": 0, "average": 0, "zero": 0}
        worst = max(held) if self.rules.lowest_wins else min(held)
        average = (2 * sum(held) + len(held)) // (2 * len(held))
        return {"worst": worst, "average": average, "zero": 0}

    @property
    def late_start(self) -> str:
        """The house rule a late player's total starts by: "zero", "worst" or "average"."""
        return str(self.options.late_start or "worst")

    def is_over(self, played: int, totals: Sequence[int] = ()) -> bool:
        """All agreed rounds are played, or a total reached the table's end; otherwise an
        open-ended game ends when the table says so."""
        if self.rounds is not None and played >= self.rounds:
            return True
        end = self.end_total
        return end is not None and any(total >= end for total in totals)

    def is_finished(self, ended: bool, played: int = 0, totals: Sequence[int] = ()) -> bool:
        """The one answer to "is the game finished?": the table ended it (`ended`), or its
        rounds or totals did (a ROMi RAMi game ends only when the table enters its trophies)."""
        return ended or (self.rules.romi is None and self.is_over(played, totals))

    def stopped_early(self, ended: bool, played: int, totals: Sequence[int] = ()) -> bool:
        """Whether the table ended the game before its rounds or totals did (it may go on)."""
        return ended and not self.is_over(played, totals)

    @property
    def totals_can_end(self) -> bool:
        """Whether a total reaching the table's end finishes the game (so totals are asked)."""
        return self.end_total is not None

    @property
    def end_total(self) -> int | None:
        """The total that ends the game: the table's choice, else the rules' own (None:
        the rounds alone end it)."""
        end = self.options.end_at_total
        if end is None:
            end = self.rules.end_at_total
        return None if end is None else int(end)

    @property
    def card_keys(self) -> tuple[str, ...]:
        """The keys of this table's card picker: the ranks, and the joker if in play."""
        return rank_keys(self.with_jokers, self.rules.meld_rules.wild_deuces)

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
        are added first. The standings rank the `ranked_after` seats after the others."""
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
            "ranked_after": self.ranked_after,
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
            dealt = self.dealt_to(number)
            decks, jokers = decks_and_jokers(self.rules, dealt, number, self.with_jokers)
            return HandLimits(most.cards, decks, jokers)
        return HandLimits(most.cards, most.copies, most.jokers if self.with_jokers else 0)

    def running_totals(self, rounds: Sequence[Sequence[int]]) -> list[list[int]]:
        """Each seat's total after each scored round (a late player's from their start)."""
        starts = self.starting_totals(rounds)
        return [
            [
                total + (start if self.sitting(seat)[0] <= number else 0)
                for seat, (total, start) in enumerate(zip(row, starts, strict=True))
            ]
            for number, row in enumerate(running_totals(rounds), start=1)
        ]

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
        """The best opening this hand can make (or, past the budget, one that opens), and its
        points."""
        return solve_opening(self.rules, hand, limits=self.limits())
