"""A variant document: the strict, bounded shape every rule system file has (format 1).

The model only says what a document may contain; `variants.py` reads and writes the files,
resolves `extends` and turns a document into the engine's RuleSystem, and `playable.py` says
why a well-formed variant still cannot be played. Every number and list is bounded here, so
a hostile document is refused whole before the engine does any work with it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

FORMAT = 1
MOST_ROUNDS = 30  # a game of 30 deals is an evening and more
MOST_MELDS = 8  # melds one contract asks for (the finder's bound, contracts.MAX_MELDS)
MOST_SIZE = 15  # cards in one meld a contract asks for
MOST_ALTERNATIVES = 3  # other ways to meet one contract (the finder shares one budget)
MOST_CARDS = 20  # cards dealt to a hand
MOST_PLAYERS = 8  # the most seats a game, a grid and a file of this app hold
MOST_DECKS = 4
MOST_POINTS = 500  # a card's value, a bonus or a penalty
MOST_BYTES = 32_000  # a document's size: the five seeds are under 3,000

Slug = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$")]
Text = Annotated[str, Field(min_length=1, max_length=80)]
Line = Annotated[str, Field(min_length=1, max_length=200)]
Points = Annotated[int, Field(ge=-MOST_POINTS, le=MOST_POINTS)]
Value = Annotated[int, Field(ge=0, le=MOST_POINTS)]
Players = Annotated[
    list[Annotated[int, Field(ge=2, le=MOST_PLAYERS)]], Field(min_length=2, max_length=2)
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Words(Strict):
    """A name or a line in the table's languages; one is enough, the others fall back to it."""

    fr: Line | None = None
    en: Line | None = None
    es: Line | None = None

    @model_validator(mode="after")
    def _one_language(self) -> Words:
        if not (self.fr or self.en or self.es):
            raise PydanticCustomError(
                "variant_no_words", "give at least one language: fr, en or es"
            )
        return self


class JokerLimit(Strict):
    """At most `most` jokers in a meld of `from_size` cards or more (the last that fits)."""

    kind: Literal["set", "run", "any"] = "any"
    from_size: int = Field(ge=1, le=MOST_SIZE)
    most: int = Field(ge=0, le=MOST_SIZE)


# The suits whose deuces are wild (systems.MeldRules.wild_deuces), by the format's word.
WILD_DEUCES = {"none": "", "all": "SHDC", "black": "SC", "red": "HD"}

RunSuits = Literal["one_suit", "any_suit", "one_colour", "alternating_colours"]


class Melds(Strict):
    set_min: int = Field(default=3, ge=2, le=MOST_SIZE)
    set_max: int | None = Field(default=None, ge=2, le=MOST_SIZE)
    set_suits: Literal["any", "different"] = "any"
    run_min: int = Field(default=3, ge=2, le=MOST_SIZE)
    # What a run's cards share: one suit, any suits, one colour, or alternating colours
    # (whose ace sits at one end only: low, or high where aces are only high).
    runs: RunSuits = "one_suit"
    # low_or_high: A-2-3 and Q-K-A; round_the_corner: K-A-2 too; low / high: one end only.
    aces: Literal["low_or_high", "round_the_corner", "low", "high"] = "low_or_high"
    jokers_alone_never_a_set: bool = False
    set_jokers_most: int | None = Field(default=None, ge=0, le=MOST_SIZE)
    joker_limits: list[JokerLimit] = Field(default_factory=list, max_length=8)
    naturals_at_least: int = Field(default=1, ge=0, le=MOST_SIZE)
    jokers_at_most_naturals: bool = False
    jokers_side_by_side: bool = True
    # Deuces wild besides the jokers (each may still be played as a natural 2): every deuce,
    # the black ones (spades, clubs) or the red ones (hearts, diamonds).
    wild_deuces: Literal["none", "all", "black", "red"] = "none"


class Meld(Strict):
    """One meld (or `count` alike) of a round's contract: a set or a run of `size` cards."""

    set: int | None = Field(default=None, ge=2, le=MOST_SIZE)
    run: int | None = Field(default=None, ge=2, le=MOST_SIZE)
    count: int = Field(default=1, ge=1, le=MOST_MELDS)
    exact: bool | None = None  # None: the lay-down's own `exact`

    @model_validator(mode="after")
    def _set_or_run(self) -> Meld:
        if (self.set is None) == (self.run is None):
            raise PydanticCustomError("variant_set_or_run", "a meld is a set or a run")
        return self


class Round(Strict):
    cards: int = Field(ge=1, le=MOST_CARDS)
    contract: list[Meld] = Field(min_length=1, max_length=MOST_MELDS)
    # Other ways to meet it: the lay-down meets the contract, or any one of these.
    alternatives: list[list[Meld]] = Field(default_factory=list, max_length=MOST_ALTERNATIVES)
    lay_all_cards: bool = False  # go out laying every card: no discard
    jokers: bool = True  # false: this round is dealt without jokers
    runs: RunSuits | None = None  # this round's runs, where they differ from the game's

    @model_validator(mode="after")
    def _few_melds(self) -> Round:
        for way in [self.contract, *self.alternatives]:
            if not way:
                raise PydanticCustomError("variant_empty_way", "a way with no meld")
            if sum(meld.count for meld in way) > MOST_MELDS:
                raise PydanticCustomError(
                    "variant_too_many_melds", "too many melds", {"most": MOST_MELDS}
                )
        return self


class Decks(Strict):
    players: Players
    decks: int = Field(ge=1, le=MOST_DECKS)
    jokers: int | None = Field(default=None, ge=0, le=4 * MOST_DECKS)  # None: jokers_per_deck each
    from_round: int = Field(default=1, ge=1, le=MOST_ROUNDS)


class Deal(Strict):
    cards: int | None = Field(
        default=None, ge=1, le=MOST_CARDS
    )  # games without rounds of contracts
    jokers_per_deck: int = Field(default=2, ge=0, le=4)
    extra_cards: int = Field(
        default=0, ge=0, le=10
    )  # cards a hand may gain beyond the deal (buying)
    decks: list[Decks] = Field(min_length=1, max_length=24)


class LayDown(Strict):
    exact: bool = False  # the contract exactly, no card more
    extra_melds: bool = False
    no_contiguous_runs: bool = False
    overlap_counts_as_contiguous: bool = False
    same_rank_sets_count_once: bool = False  # two sets of 7s fill one set (Carioca: no twins)
    jokers_most: int | None = Field(default=None, ge=0, le=4 * MOST_DECKS)


class Play(Strict):
    dealer_passes: Literal["left", "right", "none"] = "left"
    direction: Literal["clockwise", "counter_clockwise"] = "clockwise"
    no_winner_deals: bool = False
    # Going out ends on a discard: a whole hand laid down without one does not go out
    # (Progressive rummy), except in a round that asks to lay every card.
    discard_to_go_out: bool = False


class Values(Strict):
    ace: Value
    joker: Value
    face: Value = 10
    pips: Value | None = None  # 2 to 10; None: their own number
    wild_deuce: Value | None = None  # a wild deuce left in hand; None: the joker's value


Fact = Literal["went_out", "opened_first", "rami_sec", "laid_nothing", "went_out_in_one_go"]


class Scoring(Strict):
    lowest_wins: bool = True
    # The game also ends after the deal that brings a total there (the rounds end it anyway).
    end_at_total: int | None = Field(default=None, ge=50, le=10_000)
    bonuses: dict[Fact, Points] = Field(default_factory=dict)
    flat: dict[Fact, Points] = Field(default_factory=dict)  # replaces the hand's value


class Opening(Strict):
    minimum: int = Field(default=51, ge=1, le=MOST_POINTS)
    pure_run_min: int = Field(default=3, ge=2, le=MOST_SIZE)
    ace_high: Value = 11
    ace_low: Value = 1
    ace_in_set: Value = 11
    joker: Value = 0
    joker_as_card: bool = False
    rami_sec_only: bool = False
    rami_sec_cards: int = Field(default=13, ge=1, le=MOST_CARDS)
    face: Value = 10


Small = Annotated[int, Field(ge=0, le=99)]


class Romi(Strict):
    """ROMi RAMi's contract cards and trophies (a family of its own)."""

    values: list[Small] = Field(min_length=1, max_length=9)
    colours: list[Literal["H", "D", "C", "Y"]] = Field(min_length=1, max_length=4)
    end_after_contracts: list[list[Small]] = Field(min_length=1, max_length=6)
    unused_joker_points: Small = 1
    bonus_card_points: Small = 1
    trophies_in_play: Small = 4
    combo_sizes: list[Small] = Field(min_length=1, max_length=6)
    hand_limit: Small = 10
    take_per_turn: Small = 3
    most_contract_points: Small = 99
    most_bonus_cards: Small = 10
    most_combos: Small = 5
    trophy_points: list[Small] = Field(min_length=2, max_length=2)


class Variant(Strict):
    """A whole rule system. Exactly one of `rounds` (contracts), `opening` or `romi` says how
    it is played; a variant that `extends` another is merged with it before this check."""

    format: Literal[1] = 1
    slug: Slug
    name: Words
    summary: Words
    source: Line | None = None
    players: Players
    house_rules: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, max_length=30
    )
    melds: Melds = Melds()
    values: Values | None = None
    deal: Deal | None = None
    rounds: list[Round] = Field(default_factory=list, max_length=MOST_ROUNDS)
    lay_down: LayDown = LayDown()
    play: Play = Play()
    scoring: Scoring = Scoring()
    opening: Opening | None = None
    romi: Romi | None = None

    @model_validator(mode="after")
    def _one_way_to_play(self) -> Variant:
        ways = [bool(self.rounds), self.opening is not None, self.romi is not None]
        if sum(ways) != 1:
            raise PydanticCustomError("variant_how_played", "rounds, opening or romi")
        if self.romi is None and (self.values is None or self.deal is None):
            raise PydanticCustomError("variant_needs_deal", "values and deal")
        return self


def json_schema() -> dict[str, object]:
    """The published JSON Schema of format 1 (rules_engine/variant.schema.json, kept equal to
    this by a test): editors and other tools check a file against it."""
    schema = Variant.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "variant.schema.json",
        **schema,
        "title": "A contract-rummy game (variant file, format 1)",
    }
