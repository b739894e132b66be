"""A game's stored rounds with their scores, read in one query (the board, the round entry's
checks and its answer all start from them)."""

from __future__ import annotations

from scorekeeper.models import Game, Round, RoundScore

StoredRound = tuple[Round, list[RoundScore]]


def stored_rounds(game: Game) -> list[StoredRound]:
    """Every round of the game in order, each with its scores in seat order (a score names
    its player by id: the callers hold the players)."""
    scores = (
        RoundScore.objects.filter(round__game=game)
        .select_related("round")
        .order_by("round__number", "player__seat")
    )
    rounds: dict[int, StoredRound] = {}
    for score in scores:
        rounds.setdefault(score.round_id, (score.round, []))[1].append(score)
    return list(rounds.values())
