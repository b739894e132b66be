"""Who sits where at a Table: the seats, who is at the table each round, who deals and who
plays first, counting the table's corrections of the deal and the players who came and went.
Table takes these from here; they read only its seats, sittings, redeals and rules.
"""

from __future__ import annotations

from functools import cached_property

from .errors import RulesError
from .options import TableOptions
from .seating import RoundSeats, seats_for_round
from .systems import RuleSystem


class TableSeats:
    system: RuleSystem
    players: int | None
    first_dealer: int
    options: TableOptions
    redeals: tuple[tuple[int, int], ...]
    sittings: tuple[tuple[int, int | None], ...]

    @cached_property
    def rules(self) -> RuleSystem:
        """The system with this table's house rules applied."""
        return self.options.apply(self.system)

    @property
    def seats(self) -> int:
        """The player count; a question that needs it refuses a table without one."""
        if self.players is None:
            raise RulesError("players_needed")
        return self.players

    def sitting(self, seat: int) -> tuple[int, int | None]:
        """The first round `seat` plays and its last (None: still at the table)."""
        return self.sittings[seat] if seat < len(self.sittings) else (1, None)

    def plays(self, seat: int, number: int) -> bool:
        """Whether `seat` is at the table for round `number`."""
        first, last = self.sitting(seat)
        return first <= number and (last is None or number <= last)

    def playing(self, number: int) -> tuple[int, ...]:
        """The seats dealt in round `number`, round the table."""
        return tuple(seat for seat in range(self.seats) if self.plays(seat, number))

    def has_left(self, seat: int) -> bool:
        return self.sitting(seat)[1] is not None

    def _seats(self, number: int) -> RoundSeats:
        """Who deals and plays first in round `number`: from the first dealer, or from the
        latest correction of the deal at or before that round. The deal and the play skip
        the seats not at the table that round."""
        start, dealer = 1, self.first_dealer
        for round_number, seat in sorted(self.redeals):
            if round_number <= number:
                start, dealer = round_number, seat
        if not self.sittings:
            return seats_for_round(self.rules, number - start + 1, dealer, self.seats)
        seating = self.rules.seating
        dealer = self._next_at_table(dealer, seating.dealer_step or 1, start, itself=True)
        for round_number in range(start + 1, number + 1):
            if seating.dealer_step:
                dealer = self._next_at_table(dealer, seating.dealer_step, round_number)
            elif not self.plays(dealer, round_number):
                dealer = self._next_at_table(dealer, 1, round_number)
        first = self._next_at_table(dealer, seating.play_step or 1, number)
        return RoundSeats(dealer, first, seating.play_step > 0)

    def _next_at_table(self, seat: int, step: int, number: int, itself: bool = False) -> int:
        """The next seat from `seat` (that seat too when `itself`) playing round `number`."""
        for move in range(0 if itself else 1, self.seats + 1):
            candidate = (seat + move * step) % self.seats
            if self.plays(candidate, number):
                return candidate
        return seat  # nobody at the table: asked only of rounds nobody plays

    def dealer(self, number: int) -> int:
        """Who deals round `number`, the game's rounds or beyond (the next game continues)."""
        return self._seats(number).dealer

    def dealt_to(self, number: int) -> int:
        """How many players are dealt round `number` (the decks and jokers follow)."""
        return len(self.playing(number)) if self.sittings else self.seats

    @property
    def ranked_after(self) -> list[int]:
        """The seats ranked after everyone at the table: the players who left."""
        return [seat for seat in range(self.seats) if self.has_left(seat)]
