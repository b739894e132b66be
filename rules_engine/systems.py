"""The shape of a rule system: frozen data only. The five systems live in catalogue.py."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal

from .cards import Card
from .errors import RulesError

MeldKind = Literal["set", "run"]
# What a run's cards share: one suit (the seeds), any suits (Carioca's "sucia"), one colour,
# or colours that alternate (Carioca's "payaso").
RunSuits = Literal["one_suit", "any_suit", "one_colour", "alternating_colours"]


class Fact(StrEnum):
    """What the table may say about one player after a deal (stored by these values)."""

    WENT_OUT = "went_out"
    OPENED_FIRST = "opened_first"  # rami-contrat-13: first to lay the contract
    RAMI_SEC = "rami_sec"  # rami-51: went out laying all 13 cards at once
    LAID_NOTHING = "laid_nothing"  # rami-51: never opened
    # Shanghai's "blind", Continental's down-and-close: went out laying every card in one turn
    OUT_IN_ONE_GO = "went_out_in_one_go"


@dataclass(frozen=True)
class JokerLimit:
    """At most `most` jokers in a meld of `kind` ("any": both) of `from_size` cards or more;
    of the limits that fit a meld, the last one counts (Shanghai: 1 up to 4 cards, then 2)."""

    kind: str
    from_size: int
    most: int


@dataclass(frozen=True)
class MeldRules:
    """What counts as a meld on the table."""

    set_min: int = 3
    set_max: int | None = None  # rami-51: 4 (distinct suits)
    set_distinct_suits: bool = False
    run_min: int = 3
    circular_runs: bool = False  # rami-contrat-13: K-A-2-3 is a run
    forbid_joker_only_set: bool = False  # rami-contrat-13 names "a set of 3 jokers" explicitly
    set_max_jokers: int | None = None  # Decision, rami-contrat-13: a set holds at most 2 jokers
    min_naturals: int = 1  # Decision, all systems: a meld holds a natural card
    ace_end: str = "both"  # without wrap: "both" (A-2-3 and Q-K-A), "low" or "high" only
    joker_limits: tuple[JokerLimit, ...] = ()
    jokers_at_most_naturals: bool = False  # never more jokers than real cards in a meld
    jokers_side_by_side: bool = True  # Continental: two jokers never next to each other
    run_suits: RunSuits = "one_suit"
    # The suits whose deuces are wild besides the jokers: "SHDC" (deuces), "SC" (black
    # deuces), "HD" (red deuces), "" (jokers only). A wild deuce may still be a natural 2.
    wild_deuces: str = ""

    def wild(self, card: Card) -> bool:
        """Whether this natural card may also stand for any card (a wild deuce)."""
        return card.rank == 2 and card.suit in self.wild_deuces and bool(card.suit)

    @property
    def run_max(self) -> int:
        # Without wrap the ace may sit at both ends: A-2-...-K-A is 14 cards.
        return 14 if not self.circular_runs and self.ace_end == "both" else 13

    def jokers_most(self, kind: str, size: int) -> int:
        """The most jokers a meld of this kind and size may hold."""
        most = size - self.min_naturals
        if self.jokers_at_most_naturals:
            most = min(most, size // 2)
        if kind == "set" and self.set_max_jokers is not None:
            most = min(most, self.set_max_jokers)
        limit = None
        for rule in self.joker_limits:
            if rule.kind in (kind, "any") and rule.from_size <= size:
                limit = rule.most
        return most if limit is None else min(most, limit)


@dataclass(frozen=True)
class Requirement:
    """One meld a contract asks for: a set or a run of `size` cards (exactly, or at least)."""

    kind: MeldKind
    size: int
    exact: bool = False


@dataclass(frozen=True)
class Contract:
    requirements: tuple[Requirement, ...]
    lay_all_cards: bool = False  # rami-contrat 7: the 12 dealt + the card drawn, no discard
    # Other ways to meet the same contract ("5 sets of 3, or 3 sets of 4 and one of 3"): a
    # lay-down meets the contract when it meets any one of them.
    alternatives: tuple[tuple[Requirement, ...], ...] = ()
    no_jokers: bool = False  # this round is dealt without jokers (Carioca's "real")
    runs: RunSuits | None = None  # this round's runs, where they differ from the game's

    def ways(self) -> tuple[Contract, ...]:
        """The contract as each of its ways to be met, the first as written first."""
        if not self.alternatives:
            return (self,)
        single = (self.requirements, *self.alternatives)
        return tuple(replace(self, requirements=way, alternatives=()) for way in single)

    @property
    def cards_needed(self) -> int:
        """The cards this way's melds need at their least (the first way's, where there are
        other ways)."""
        return sum(r.size for r in self.requirements)

    def every_requirement(self) -> tuple[Requirement, ...]:
        """The melds of every way, for what holds of them all (sizes, exactness)."""
        return tuple(r for way in self.ways() for r in way.requirements)


def _wild_here(suit: str, wild_deuces: str) -> bool:
    return bool(wild_deuces) and (suit in wild_deuces if suit else len(wild_deuces) == 4)


def runs_of(meld: MeldRules, mode: RunSuits) -> MeldRules:
    """The meld rules with runs of `mode`. Runs of alternating colours take the ace at one end
    only (low, or high where the game's ace is only high), never round the corner: an ace
    beside both a king and a two would need two colours."""
    if mode != "alternating_colours":
        return replace(meld, run_suits=mode)
    end = "high" if meld.ace_end == "high" else "low"
    return replace(meld, run_suits=mode, ace_end=end, circular_runs=False)


@dataclass(frozen=True)
class DeckRule:
    """Decks (and jokers) for a range of player counts from a given round on."""

    players: tuple[int, int]
    decks: int
    from_round: int = 1
    jokers: int | None = None  # None: jokers_per_deck x decks

    def jokers_in_play(self, per_deck: int) -> int:
        return self.jokers if self.jokers is not None else self.decks * per_deck


@dataclass(frozen=True)
class Bonus:
    """Points added to a player's deal score when a fact about them holds."""

    fact: Fact
    points: int


@dataclass(frozen=True)
class FlatScore:
    """A fact that replaces the hand's value, e.g. rami-51's "laid nothing" = 100."""

    fact: Fact
    points: int


@dataclass(frozen=True)
class CardValues:
    ace: int
    joker: int
    face: int = 10  # J, Q, K
    pips: int | None = None  # 2 to 10 (Shanghai: 5 each); None: their own number
    wild_deuce: int | None = None  # a wild deuce left in hand; None: the joker's value

    def of_card(self, card: Card, wild_deuces: str) -> int:
        """A card left in hand: a wild deuce counts as a wild card. A deuce written without
        its suit is wild where every deuce is."""
        if card.deuce or (card.rank == 2 and _wild_here(card.suit, wild_deuces)):
            return self.of_wild_deuce
        return self.of_rank(card.rank)

    @property
    def of_wild_deuce(self) -> int:
        """A wild deuce left in hand: its own value, else a joker's."""
        return self.joker if self.wild_deuce is None else self.wild_deuce

    def of_rank(self, rank: int) -> int:
        if rank == 0:
            return self.joker
        if rank == 1:
            return self.ace
        if rank > 10:
            return self.face
        return rank if self.pips is None else self.pips


@dataclass(frozen=True)
class Opening:
    """rami-51's first lay-down: a pure run and at least `minimum` points."""

    minimum: int = 51
    pure_run_min: int = 3
    ace_high: int = 11
    ace_low: int = 1
    ace_in_set: int = 11  # Decision; a table option may make it 1
    joker: int = 0
    joker_as_card: bool = False  # table option: a joker counts as the card it replaces
    rami_sec_only: bool = False  # table option: the only lay-down is all the cards at once
    rami_sec_cards: int = 13  # what a rami sec lays: the whole deal (the 14th is discarded)
    face: int = 10


@dataclass(frozen=True)
class Seating:
    dealer_step: int = 1  # +1: the deal passes to the left (clockwise); -1 to the right
    play_step: int = 1  # +1 clockwise, -1 counter-clockwise


@dataclass(frozen=True)
class Romi:
    """ROMi RAMi: contract cards, trophies, bonus colours; highest total wins."""

    values: tuple[int, ...] = (1, 2, 3, 4, 5)
    colours: tuple[str, ...] = ("H", "D", "C", "Y")
    end_after_contracts: tuple[tuple[int, int], ...] = ((2, 7), (3, 6), (4, 5))
    unused_joker_points: int = 1
    bonus_card_points: int = 1
    trophies_in_play: int = 4
    combo_sizes: tuple[int, ...] = (2, 3, 4, 5)  # combo symbols: a pair up to five alike
    hand_limit: int = 10  # cards held at the end of a turn
    take_per_turn: int = 3  # value cards one turn may take from the market
    # What one contract card or trophy can show (bounds every form and import of them).
    most_contract_points: int = 99
    most_bonus_cards: int = 10
    most_combos: int = 5  # combo symbols on one contract card
    trophy_points: tuple[int, int] = (1, 20)

    @property
    def most_held(self) -> int:
        """Cards a player can hold while completing contracts: the limit plus one turn's take."""
        return self.hand_limit + self.take_per_turn


@dataclass(frozen=True)
class RuleSystem:
    slug: str
    name: dict[str, str]  # language -> name
    summary: dict[str, str]  # language -> one line
    players: tuple[int, int]
    meld_rules: MeldRules = field(default_factory=MeldRules)
    card_values: CardValues | None = None
    contracts: tuple[Contract, ...] = ()
    cards_dealt: tuple[int, ...] = ()  # per round; one entry when every deal is the same
    decks: tuple[DeckRule, ...] = ()
    jokers_per_deck: int = 2
    forbid_contiguous_runs: bool = False  # two same-suit runs of one lay-down must not meet
    overlapping_runs_meet: bool = False  # table option: ...nor overlap (2-5 and 4-7)
    same_rank_sets_count_once: bool = False  # table option: two sets of 7s fill one set
    extra_melds_allowed: bool = False  # Decision: a contract lay-down is the contract, no more
    lay_down_jokers_most: int | None = None  # Carioca: at most 2 jokers in one lay-down
    rounds: int | None = 7  # None: open-ended (rami-51)
    end_at_total: int | None = None  # the game also ends after the deal bringing a total there
    seating: Seating = field(default_factory=Seating)
    bonuses: tuple[Bonus, ...] = ()
    flat_scores: tuple[FlatScore, ...] = ()
    allows_no_winner: bool = False
    discard_to_go_out: bool = False  # going out ends on a discard (not in lay-all rounds)
    opening: Opening | None = None
    romi: Romi | None = None
    lowest_wins: bool = True
    extra_cards_allowance: int = 0  # cards a hand may gain beyond the deal ("May I?" takes)
    source: str = ""  # where its rules are published
    house_rules: tuple[str, ...] = ()  # the options a table may choose (house_rules.py)

    def check_players(self, players: int | None) -> None:
        """Refuse a player count these rules do not have (`player_count`); None: any."""
        low, high = self.players
        if players is not None and not low <= players <= high:
            raise RulesError("player_count", low=low, high=high)

    @property
    def deals_rounds(self) -> bool:
        """Played deal by deal, each deal scored from the hands left (every system but ROMi
        RAMi, whose players log contract cards as they complete them)."""
        return self.romi is None

    @property
    def has_contracts(self) -> bool:
        return bool(self.contracts)

    @property
    def values(self) -> CardValues:
        """What cards left in hand are worth; a system without them refuses the question."""
        if self.card_values is None:
            raise RulesError("no_penalty", slug=self.slug)
        return self.card_values

    @property
    def romi_rules(self) -> Romi:
        """ROMi RAMi's contract cards and trophies; other systems refuse the question."""
        if self.romi is None:
            raise RulesError("no_romi", slug=self.slug)
        return self.romi

    @property
    def opening_rule(self) -> Opening:
        """rami-51's first lay-down; a system without one refuses the question."""
        if self.opening is None:
            raise RulesError("no_opening", slug=self.slug)
        return self.opening
