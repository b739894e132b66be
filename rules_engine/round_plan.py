"""What the table needs to know before dealing a round (Table.round builds it)."""

from __future__ import annotations

from dataclasses import dataclass

from .messages import contract_symbols, contract_words
from .systems import Contract, Opening


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
