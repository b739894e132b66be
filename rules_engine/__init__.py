"""The rules of rummy-family games, as data and pure functions (no Django here): every rule
system is a variant file (`variants/*.toml`: five seed systems, five published presets, and
any a table writes).

`__all__` is the engine's whole public API, and it is table-level: a game's `Table` (or its
sibling `RomiTable`) answers every rule question, the referee answers the checker's, the
book reads a group's games; notation, words, errors and the house-rule registry complete it.
The web app imports nothing else (tests/test_code_rules.py). Where this package differs from
the rules it documents (README, "The rules"), that is a bug.
"""

from . import (
    a_to_k_rounds,  # noqa: F401  (registers Carioca's optional rounds)
    referee,
    wild_deuce_rule,  # noqa: F401  (registers the wild deuces)
)
from .book import (
    BookGame,
    BookSeat,
    Deal,
    GameMark,
    HeadToHead,
    PlayerStats,
    SeatRecord,
    head_to_head,
    player_stats,
    seat_records,
)
from .cards import (
    JOKER,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    format_card,
    format_hand,
    format_meld,
    format_melds,
    parse_cards,
    parse_hand,
    parse_melds,
)
from .catalogue import PRESETS, SEEDS, SYSTEMS, get_rules
from .errors import (
    DealError,
    HandTooLarge,
    NotationError,
    OptionError,
    Problem,
    RoundOutOfRange,
    RulesError,
    SearchTooLarge,
    UnknownRules,
)
from .house_rule_words import ANY
from .house_rules import (
    CHECKER,
    GAME,
    GRID,
    HOUSE_RULES,
    MOST_DEALS,
    MOST_DECKS,
    MOST_POINTS,
    Choice,
    HouseRule,
    default_words,
    label_words,
    meaning_words,
    offered,
    register,
    said_words,
    value_words,
)
from .limits import HandLimits
from .messages import describe, rank_word
from .options import TableOptions, system_default
from .playable import read_document, read_variant, variant_text_document
from .program import load_highs
from .referee import Question
from .romi import COLOUR_SYMBOLS, COLOURS, CompletedContract, RomiPlayer, Trophy
from .romi_table import RomiTable
from .round_plan import RoundPlan
from .scoring import PlayerDeal
from .standings import Standings
from .systems import Fact, RuleSystem
from .table import Table
from .tables import AnyTable, GameTable, dealt, read_table, table_for
from .variant_model import MOST_BYTES as MOST_VARIANT_BYTES
from .variant_model import json_schema as variant_schema
from .variant_writer import document as variant_document
from .variant_writer import toml as variant_toml
from .variants import VariantError, stored_variant, whole_document

__all__ = [
    "GameTable",
    "dealt",
    # the table of a game
    "AnyTable",
    "RomiTable",
    "RoundPlan",
    "Standings",
    "Table",
    "TableOptions",
    "read_table",
    "table_for",
    "PlayerDeal",
    "HandLimits",
    "load_highs",  # the finder's last resort, loaded before a server forks its workers
    "Fact",
    "RuleSystem",
    "SYSTEMS",
    "get_rules",
    "COLOURS",
    "COLOUR_SYMBOLS",
    "CompletedContract",
    "RomiPlayer",
    "Trophy",
    # the referee
    "Question",
    "referee",
    # the book
    "BookGame",
    "BookSeat",
    "Deal",
    "GameMark",
    "HeadToHead",
    "PlayerStats",
    "SeatRecord",
    "head_to_head",
    "player_stats",
    "seat_records",
    # notation and words
    "Card",
    "JOKER",
    "SUITS",
    "SUIT_SYMBOLS",
    "format_card",
    "format_hand",
    "format_meld",
    "format_melds",
    "parse_cards",
    "parse_hand",
    "parse_melds",
    "describe",
    "rank_word",
    # errors
    "DealError",
    "HandTooLarge",
    "NotationError",
    "OptionError",
    "Problem",
    "RoundOutOfRange",
    "RulesError",
    "SearchTooLarge",
    "UnknownRules",
    # house rules
    "ANY",
    "CHECKER",
    "GAME",
    "GRID",
    "HOUSE_RULES",
    "MOST_DEALS",
    "MOST_DECKS",
    "MOST_POINTS",
    "Choice",
    "HouseRule",
    "default_words",
    "label_words",
    "meaning_words",
    "offered",
    "register",
    "said_words",
    "system_default",
    "value_words",
    # variants: every system is a document; a table may bring its own
    "MOST_VARIANT_BYTES",
    "PRESETS",
    "SEEDS",
    "VariantError",
    "read_document",
    "read_variant",
    "stored_variant",
    "variant_text_document",
    "variant_document",
    "variant_schema",
    "variant_toml",
    "whole_document",
]
