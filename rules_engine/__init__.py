"""The rules of five rummy-family games, as data and pure functions (no Django here).

The reference is the rule texts in shared/seeds/ as decoded in shared/RULES.md:
where this package differs from them, that is a bug.
"""

from .cards import (
    JOKER,
    Card,
    format_card,
    format_hand,
    format_meld,
    format_melds,
    parse_cards,
    parse_hand,
    parse_melds,
)
from .catalogue import SYSTEMS, cards_dealt, contract_for, decks_and_jokers, get_rules
from .contracts import ContractCheck, check_contract
from .errors import DealError, NotationError, RoundOutOfRange, RulesError, UnknownRules
from .limits import (
    CONTRACT_NODES,
    OPENING_NODES,
    ROMI_NODES,
    Budget,
    HandLimits,
    HandTooLarge,
    SearchTooLarge,
    check_hand,
    hand_limits,
)
from .melds import MeldCheck, MeldReading, Reason, check_meld
from .opening import OpeningCheck, check_opening
from .scoring import (
    PlayerDeal,
    behind_leader,
    deal_facts,
    hand_points,
    lone_zero,
    max_hand_points,
    ranking,
    score_deal,
    totals,
    validate_deal,
    winners,
)
from .seating import RoundSeats, seats_for_round
from .solver import Solution, solve_contract
from .solver_opening import solve_opening
from .systems import Contract, Requirement, RuleSystem

__all__ = [
    "CONTRACT_NODES", "JOKER", "OPENING_NODES", "ROMI_NODES", "SYSTEMS", "Budget", "HandLimits", "HandTooLarge", "SearchTooLarge",
    "check_hand", "hand_limits", "Card", "Contract", "ContractCheck", "DealError", "MeldCheck",
    "MeldReading", "NotationError", "OpeningCheck", "PlayerDeal", "Reason", "Requirement",
    "RoundOutOfRange", "RoundSeats", "RuleSystem", "RulesError", "Solution", "UnknownRules",
    "behind_leader", "cards_dealt", "check_contract", "check_meld", "check_opening", "contract_for",
    "deal_facts", "decks_and_jokers", "format_card", "format_hand", "parse_hand", "format_meld", "format_melds",
    "get_rules", "hand_points", "lone_zero", "max_hand_points", "parse_cards", "parse_melds", "ranking",
    "score_deal", "seats_for_round", "solve_contract", "solve_opening", "totals",
    "validate_deal", "winners",
]  # fmt: skip
