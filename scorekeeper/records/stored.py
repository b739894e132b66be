"""A game's stored rounds with their scores, read in one query (the board, the round entry's
checks and its answer all start from them).

They are read as plain records, not model instances: building a `Round` and a `RoundScore`
per score was a fifth of a view-only page's time (bench/RESULTS.md). A round just saved is
its model instances, which have the same fields, so either can stand for a stored round.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.models import Game, Round, RoundScore


@dataclass(frozen=True, slots=True)
class RoundRead:
    """What the board and the checks read of a stored round."""

    pk: int
    number: int
    version: int
    no_winner: bool
    client_uuid: uuid.UUID | None


@dataclass(frozen=True, slots=True)
class ScoreRead:
    """What they read of a seat's score."""

    player_id: int
    hand_points: int | None
    cards: str
    facts: list[str]
    score: int


# A round read, or one just saved (its model instances, with the same fields).
StoredRoundFields = RoundRead | Round
StoredScoreFields = ScoreRead | RoundScore
StoredRound = tuple[StoredRoundFields, Sequence[StoredScoreFields]]
COLUMNS = (
    *("round_id", "round__number", "round__version", "round__no_winner", "round__client_uuid"),
    *("player_id", "hand_points", "cards", "facts", "score"),
)


def stored_rounds(game: Game) -> list[StoredRound]:
    """Every round of the game in order, each with its scores in seat order (a score names
    its player by id: the callers hold the players)."""
    scores = (
        RoundScore.objects.filter(round__game=game)
        .order_by("round__number", "player__seat")
        .values_list(*COLUMNS)
    )
    rounds: dict[int, tuple[RoundRead, list[ScoreRead]]] = {}
    for round_id, number, version, no_winner, client_uuid, *score in scores:
        if round_id not in rounds:
            rounds[round_id] = (RoundRead(round_id, number, version, no_winner, client_uuid), [])
        rounds[round_id][1].append(ScoreRead(*score))
    return list(rounds.values())
