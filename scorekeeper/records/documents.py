"""The versioned JSON documents (a game, a group's book) as typed models: the one shape of each
part, for the export that writes them and the import that reads them.

Decoding is strict (pydantic v2): no true for 1, no 1.0 for 1, bounded strings and lists,
dates with their time zone that stay within years 1 to 9999 wherever they are shown, closed
vocabularies for actions, facts, colours and trophy symbols, and every history snapshot in
the shape its action writes. What the models cannot say alone (the rounds add up, the game
ends where its options say, a seat's member bears its name) is checked by exchange.py and
book_exchange.py. `/import/schema/game.json` and `/import/schema/book.json` publish the
JSON Schema of these models.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any, Literal, get_args
from uuid import UUID

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StringConstraints,
    Tag,
    model_validator,
)

from rules_engine import COLOURS, MOST_DEALS, MOST_DECKS, MOST_POINTS, SYSTEMS, Fact, get_rules
from scorekeeper.core.names import NameRefused, clean_name
from scorekeeper.models import MAX_CLUB_NAME, MAX_NAME

# The heaviest game the server can hold (8 players, every round, 500 changes of 8 hands,
# 40-letter names, 19 cards each) exports to 2.4 MB (tests/scorekeeper/test_import_limits.py).
MAX_BYTES = 4_000_000


GAME_FORMAT = "rami-score-keeper/game"
BOOK_FORMAT = "rami-score-keeper/book"
VERSION = 1

# What one game may hold, on this server as in a file: services refuse the write past these,
# so every game the server holds exports to a document the import takes back.
MOST_ROUNDS = 200
MOST_HISTORY = 500
MOST_CONTRACTS = 500
MOST_PLAYERS = max(rules.players[1] for rules in SYSTEMS.values())
MOST_CARDS_TEXT = 300  # RoundScore.cards
MOST_POINTS_IN_HAND = 10_000
MOST_SCORE = 1_000_000
# A group's book: a group of friends, not a league.
MOST_MEMBERS = 60
MOST_GAMES = 500
MOST_EVENTS = 5_000

ROMI = get_rules("romi-rami").romi_rules
TROPHY_SYMBOLS = tuple([*COLOURS, *(str(size) for size in ROMI.combo_sizes)])


def _no_control(text: str) -> str:
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise ValueError("no control characters")
    return text


def _shown_moment(moment: datetime) -> datetime:
    """Within years 1 to 9999 in UTC and in any time zone a page shows it in (a day's margin)."""
    try:
        utc = moment.astimezone(UTC)
        utc - timedelta(days=1), utc + timedelta(days=1)
    except OverflowError:
        raise ValueError("a moment between the years 1 and 9999") from None
    if not datetime(1, 1, 2, tzinfo=UTC) <= utc <= datetime(9999, 12, 30, tzinfo=UTC):
        raise ValueError("a moment between the years 1 and 9999")
    return utc


def _nfc_name(text: str) -> str:
    """The one name rule (names.clean_name), as a type: a stored name is already clean."""
    try:
        name = clean_name(text, len(text) or 1)  # the length is the field's own bound
    except NameRefused as refused:
        if refused.code == "name_control":
            raise ValueError("no control or invisible characters") from None
        raise ValueError("a name as the app stores it: trimmed, single spaces, NFC") from None
    if name != text:
        raise ValueError("a name as the app stores it: trimmed, single spaces, NFC")
    return name


Version = Annotated[int, Field(ge=VERSION, le=VERSION)]  # a Literal[1] would also take true
Moment = Annotated[AwareDatetime, AfterValidator(_shown_moment)]
Name = Annotated[str, StringConstraints(max_length=MAX_NAME), AfterValidator(_nfc_name)]
GroupName = Annotated[str, StringConstraints(max_length=MAX_CLUB_NAME), AfterValidator(_nfc_name)]
Cards = Annotated[str, StringConstraints(max_length=MOST_CARDS_TEXT), AfterValidator(_no_control)]
Slug = Annotated[str, StringConstraints(max_length=40, pattern=r"^[a-z0-9-]+$")]
OptionName = Annotated[str, StringConstraints(max_length=40, pattern=r"^[a-z_]+$")]
Seat = Annotated[int, Field(ge=0, lt=MOST_PLAYERS)]
RoundNumber = Annotated[int, Field(ge=1, le=MOST_ROUNDS)]
HandPoints = Annotated[int, Field(ge=0, le=MOST_POINTS_IN_HAND)]
Score = Annotated[int, Field(ge=-MOST_SCORE, le=MOST_SCORE)]
FactName = Literal["went_out", "opened_first", "rami_sec", "laid_nothing", "went_out_in_one_go"]
Colour = Literal["H", "D", "C", "Y"]
ComboSize = Literal[2, 3, 4, 5]
TrophySymbol = Literal["H", "D", "C", "Y", "2", "3", "4", "5"]
GameAction = Literal[
    "added",
    "edited",
    "deleted",
    "restored",
    "contract",
    "contract_deleted",
    "finished",
    "reopened",
    "token",
    "renamed",
    "replaced",
    "archived",
    "unarchived",
    "dealer",
    "left",
    "joined",
    "came_back",
]
ROUND_ACTIONS = ("added", "edited", "deleted", "restored")
CONTRACT_ACTIONS = ("contract", "contract_deleted")
SEAT_ACTIONS = ("renamed", "replaced", "dealer", "left", "joined", "came_back")
BookAction = Literal[
    "created",
    "renamed_group",
    "member_added",
    "member_renamed",
    "merged",
    "attached",
    "detached",
]

assert set(get_args(FactName)) == {f.value for f in Fact}
assert get_args(TrophySymbol) == TROPHY_SYMBOLS
assert set(get_args(ComboSize)) == set(ROMI.combo_sizes)


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# A round ---------------------------------------------------------------------------------


class Hand(Strict):
    """One seat's hand in a round: typed points or picked cards, the facts, the engine's score."""

    seat: Seat
    points: HandPoints | None
    cards: Cards
    facts: Annotated[list[FactName], Field(max_length=4)]
    score: Score


class RoundRecord(Strict):
    number: RoundNumber
    uuid: UUID | None
    no_winner: bool
    hands: Annotated[list[Hand], Field(min_length=1, max_length=MOST_PLAYERS)]


# History snapshots: the shape each action writes (services) --------------------------


class SnapshotScore(Strict):
    seat: Seat
    name: Name
    hand_points: HandPoints | None
    cards: Cards
    facts: Annotated[list[FactName], Field(max_length=4)]
    score: Score


class RoundSnapshot(Strict):
    """A round as it stood before or after a change: what the history shows and undo restores."""

    number: RoundNumber
    no_winner: bool
    scores: Annotated[list[SnapshotScore], Field(min_length=1, max_length=MOST_PLAYERS)]


ComboText = Annotated[str, StringConstraints(pattern=r"^[2-5](,[2-5]){0,4}$")]


class ContractSnapshot(Strict):
    name: Name
    points: Annotated[int, Field(ge=0, le=ROMI.most_contract_points)]
    colour: Colour
    combos: Annotated[list[ComboSize], Field(min_length=1, max_length=ROMI.most_combos)] | ComboText
    bonus_cards: Annotated[int, Field(ge=0, le=ROMI.most_bonus_cards)]
    joker_used: bool | None = None


class Redeal(Strict):
    round: RoundNumber
    seat: Seat


class SeatSnapshot(Strict):
    seat: Seat
    name: Name


def _snapshot_kind(value: object) -> str:
    """Which snapshot a value is, from its fields, so an error names the field at fault."""
    fields = value if isinstance(value, dict) else getattr(value, "__dict__", {})
    if "scores" in fields or "number" in fields:
        return "RoundSnapshot"
    if "colour" in fields or "combos" in fields:
        return "ContractSnapshot"
    return "SeatSnapshot"


Snapshot = Annotated[
    Annotated[RoundSnapshot, Tag("RoundSnapshot")]
    | Annotated[ContractSnapshot, Tag("ContractSnapshot")]
    | Annotated[SeatSnapshot, Tag("SeatSnapshot")],
    Discriminator(_snapshot_kind),
]


class HistoryRecord(Strict):
    at: Moment | None
    action: GameAction
    round: RoundNumber | None
    before: Snapshot | None
    after: Snapshot | None
    undone: bool
    sent_by: Seat | None = None  # the seat whose own phone sent the hand that saved the round

    @model_validator(mode="after")
    def _snapshots_fit_action(self) -> HistoryRecord:
        kind: type | None = None
        if self.action in ROUND_ACTIONS:
            kind = RoundSnapshot
        elif self.action in CONTRACT_ACTIONS:
            kind = ContractSnapshot
        elif self.action in SEAT_ACTIONS:
            kind = SeatSnapshot
        for side in (self.before, self.after):
            if side is not None and (kind is None or not isinstance(side, kind)):
                raise ValueError("a snapshot of the shape its action writes")
        needed = {
            "added": self.after,
            "edited": self.before and self.after,
            "deleted": self.before,
            "restored": self.after,
            "contract": self.after,
            "contract_deleted": self.before,
            "renamed": self.before and self.after,
            "replaced": self.before and self.after,
            "dealer": self.before and self.after,
            "left": self.after,
            "joined": self.after,
            "came_back": self.after,
        }
        if self.action in needed and needed[self.action] is None:
            raise ValueError("the snapshot its action writes")
        if (self.action in ROUND_ACTIONS or self.action == "dealer") and self.round is None:
            raise ValueError("the number of its round")
        return self


# ROMi RAMi ---------------------------------------------------------------------------------


class ContractRecord(Strict):
    uuid: UUID | None
    seat: Seat
    points: Annotated[int, Field(ge=0, le=ROMI.most_contract_points)]
    colour: Colour
    combos: Annotated[list[ComboSize], Field(min_length=1, max_length=ROMI.most_combos)]
    bonus_cards: Annotated[int, Field(ge=0, le=ROMI.most_bonus_cards)]
    joker_used: bool
    at: Moment | None


class TrophyRecord(Strict):
    symbol: TrophySymbol
    points: Annotated[int, Field(ge=ROMI.trophy_points[0], le=ROMI.trophy_points[1])]


class RomiRecord(Strict):
    contracts: Annotated[list[ContractRecord], Field(max_length=MOST_CONTRACTS)]
    trophies: Annotated[list[TrophyRecord], Field(max_length=ROMI.trophies_in_play)]


# The game --------------------------------------------------------------------------------


class PlayerRecord(Strict):
    seat: Seat
    name: Name
    # When the seat sat, where players came and went: the first round it played (a late
    # player's is after 1) and its last once it left; absent, from round 1 throughout.
    first_round: RoundNumber = 1
    last_round: Annotated[int, Field(ge=0, le=MOST_ROUNDS)] | None = None


OptionValue = (
    bool
    | Annotated[int, Field(ge=0, le=max(MOST_POINTS, MOST_DEALS, MOST_DECKS))]
    | (Literal["left", "right"])
    | (Literal["worst", "average", "zero"])
)


class GameDocument(Strict):
    """A game as a file (format `rami-score-keeper/game`, version 1)."""

    format: Literal["rami-score-keeper/game"]
    version: Version
    uuid: UUID
    rules: Slug
    # A table's own game: its rules, whole, as the game froze them (the engine checks them).
    variant: Annotated[
        dict[str, Any] | None, Field(default=None, exclude_if=lambda value: value is None)
    ] = None
    options: Annotated[dict[OptionName, OptionValue], Field(max_length=20)]
    first_dealer: Seat
    # The table's corrections of the deal: from `round`, `seat` deals (dealt out of turn).
    redeals: Annotated[list[Redeal], Field(max_length=MOST_ROUNDS)] = []
    created_at: Moment | None
    finished_at: Moment | None
    archived_at: Moment | None
    players: Annotated[list[PlayerRecord], Field(min_length=1, max_length=MOST_PLAYERS)]
    rounds: Annotated[list[RoundRecord], Field(max_length=MOST_ROUNDS)]
    romi: RomiRecord | None = None
    # services: past the limit, rounds may still be entered and the game finished once,
    # and a new edit link takes the place of the last one.
    # At most MOST_HISTORY counted changes; each round entered once, and again after each
    # deletion (counted); "finished" once, and again after each reopening (counted).
    history: Annotated[list[HistoryRecord], Field(max_length=MOST_ROUNDS + 3 * MOST_HISTORY + 1)]


# A group's book ------------------------------------------------------------------------------


class MemberRecord(Strict):
    uuid: UUID
    name: Name
    aliases: Annotated[list[Name], Field(max_length=MOST_MEMBERS)]
    created_at: Moment | None


class EventSnapshot(Strict):
    """What a group's history entry says (services.groups writes these fields, by action)."""

    name: GroupName | None = None
    members: Annotated[list[Name], Field(max_length=MOST_MEMBERS)] | None = None
    names: Annotated[list[Name], Field(max_length=2)] | None = None
    game: UUID | None = None
    rules: Slug | None = None
    players: Annotated[list[Name], Field(max_length=MOST_PLAYERS)] | None = None
    started: date | None = None


class EventRecord(Strict):
    at: Moment | None
    action: BookAction
    before: EventSnapshot | None
    after: EventSnapshot | None


class BookGame(Strict):
    members: Annotated[list[UUID | None], Field(max_length=MOST_PLAYERS)]
    game: GameDocument


class BookDocument(Strict):
    """A group's book as a file (format `rami-score-keeper/book`, version 1)."""

    format: Literal["rami-score-keeper/book"]
    version: Version
    uuid: UUID
    name: GroupName
    created_at: Moment | None
    members: Annotated[list[MemberRecord], Field(max_length=MOST_MEMBERS)]
    history: Annotated[list[EventRecord], Field(max_length=MOST_EVENTS)]
    games: Annotated[list[BookGame], Field(max_length=MOST_GAMES)]
