"""Who deals, who plays first and which way play goes, round after round."""

from __future__ import annotations

from dataclasses import dataclass

from .systems import RuleSystem


@dataclass(frozen=True)
class RoundSeats:
    dealer: int  # seat index; seats are numbered clockwise round the table
    first_player: int
    clockwise: bool


def seats_for_round(
    rules: RuleSystem, round_number: int, first_dealer: int, players: int
) -> RoundSeats:
    """Round 1 is dealt by `first_dealer`; the deal then passes as the system says."""
    step = rules.seating.dealer_step
    dealer = (first_dealer + (round_number - 1) * step) % players
    first = (dealer + rules.seating.play_step) % players
    return RoundSeats(dealer, first, rules.seating.play_step > 0)
