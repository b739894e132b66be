"""What the JSON API reads, as typed models: the API decodes its bodies with them and its
OpenAPI document (openapi.py) shows their JSON Schema, so the two cannot disagree.

Strict: `players` is a whole number from 2 to 8 (not "4", 4.5 or true), `joker` a boolean,
and each endpoint's cards are required. Unknown fields are ignored.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules_engine import SYSTEMS, referee

# The engine names an unknown system or a round out of range with its own codes
# (unknown_rules, round_out_of_range): the models bound only their length and type.
# The largest body the API reads (413 past it), as its OpenAPI document says.
MAX_BODY = 10_000

Slug = Annotated[str, Field(max_length=40, json_schema_extra={"enum": list(SYSTEMS)})]
Text = Annotated[str, Field(max_length=referee.MAX_TEXT)]
Players = Annotated[
    int,
    Field(
        ge=min(r.players[0] for r in SYSTEMS.values()),
        le=max(r.players[1] for r in SYSTEMS.values()),
        description="Players at the table: its decks and jokers then bound the cards "
        "(without it, the most the game ever has).",
    ),
]
Options = Annotated[
    dict[Annotated[str, Field(max_length=40)], bool | int | str | None],
    Field(max_length=20, description="The table's house rules (each game offers its own)."),
]


class Request(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")

    lang: Literal["fr", "en", "es"] | None = Field(None, description="Language of the messages.")
    game: Annotated[str, Field(max_length=64)] | None = Field(
        None,
        description="A game's link (its token, view or edit): a table's own game brings its "
        "own rules, which `rules` then names by their slug or leaves out.",
    )
    players: Players | None = None
    options: Options = {}


class RoundAsked(Request):
    rules: Slug = Field("rami-contrat", description="The rule system.")
    round: Annotated[int, Field(ge=1, le=99)] | Literal["opening"] | None = Field(
        None,
        description="The round whose contract applies (needed by the contract systems), "
        "or `opening` for rami-51.",
    )
    opening: bool = False


class CheckRequest(RoundAsked):
    melds: Text = Field(
        description="The lay-down: cards as `7H`, `10♠`, `JK`; melds apart with `|`."
    )
    contract: Annotated[str, Field(max_length=100)] = Field(
        "", description="ROMi RAMi requirements, e.g. `pair+run3`."
    )
    joker: bool = Field(False, description="ROMi RAMi: use the joker token.")
    bonus: Literal["H", "D", "C", "Y", ""] = Field(
        "", description="ROMi RAMi: the contract's bonus colour."
    )


class SolveRequest(RoundAsked):
    hand: Text = Field(description="The hand: cards as `7H`, `10♠`, `JK`.")


class PenaltyRequest(Request):
    rules: Slug | None = Field(None, description="The rule system (card values).")
    cards: Text = Field(description="Cards left in hand (suits optional: `A K K 7 JK`).")
