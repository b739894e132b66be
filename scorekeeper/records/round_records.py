"""One shape of a round: `documents.RoundRecord` (its number, UUID, no-winner mark, and each
seat's hand: typed points or picked cards, facts, the engine's score).

Storage writes it and reads it back, the history's snapshot, the replay digest, the export,
the import, the outbox's answer and the grid's cells are all made from it here, so the
fields of a round are named in one place.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules_engine import Fact, PlayerDeal, format_hand, parse_hand
from scorekeeper.models import Round, RoundScore
from scorekeeper.records.documents import Hand, RoundRecord
from scorekeeper.records.stored import StoredRoundFields, StoredScoreFields


def entered(
    number: int,
    deals: Sequence[PlayerDeal],
    scores: Sequence[int],
    *,
    no_winner: bool,
    client_uuid: uuid.UUID | None = None,
) -> RoundRecord:
    """A round as the table entered it and the engine scored it."""
    return RoundRecord.model_construct(
        number=number,
        uuid=client_uuid,
        no_winner=no_winner,
        hands=[
            Hand.model_construct(
                seat=seat,
                points=None if deal.cards else deal.hand,
                cards=format_hand(list(deal.cards)) if deal.cards else "",
                facts=sorted(deal.facts),
                score=score,
            )
            for seat, (deal, score) in enumerate(zip(deals, scores, strict=True))
        ],
    )


def stored(
    round_: StoredRoundFields, scores: Iterable[StoredScoreFields], seat_of: Mapping[int, int]
) -> RoundRecord:
    """A stored round and its scores; `seat_of` maps a player's id to their seat."""
    in_order = sorted(scores, key=lambda s: seat_of[s.player_id])
    return RoundRecord.model_construct(
        number=round_.number,
        uuid=round_.client_uuid,
        no_winner=round_.no_winner,
        hands=[
            Hand.model_construct(
                seat=seat_of[s.player_id],
                points=s.hand_points,
                cards=s.cards,
                facts=sorted(s.facts),
                score=s.score,
            )
            for s in in_order
        ],
    )


def score_rows(record: RoundRecord, round_: Round, players: Sequence[Any]) -> list[RoundScore]:
    """The rows that store a round's hands, one per seat."""
    return [
        RoundScore(
            round=round_,
            player=player,
            hand_points=hand.points,
            cards=hand.cards,
            facts=list(hand.facts),
            score=hand.score,
        )
        for player, hand in zip(players, record.hands, strict=True)
    ]


def deals(record: RoundRecord, seats: int = 0) -> list[PlayerDeal]:
    """The hands as the engine takes them (cards in stored notation), seat by seat; with
    `seats`, as many as the game has now (a round kept from before a late player joined
    holds fewer: the seats it lacks had no hand)."""
    out = [PlayerDeal()] * max(seats, len(record.hands))
    for hand in record.hands:
        out[hand.seat] = PlayerDeal(
            hand.points,
            tuple(parse_hand(hand.cards)) if hand.cards else None,
            frozenset(Fact(fact) for fact in hand.facts),
        )
    return out


def digest(record: RoundRecord) -> str:
    """What a replayed entry is compared by: the hands as entered, not names or scores."""
    payload = {
        "no_winner": record.no_winner,
        "entries": [[hand.points, hand.cards, list(hand.facts)] for hand in record.hands],
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def snapshot(record: RoundRecord, names: Sequence[str]) -> dict[str, Any]:
    """The history's picture of a round (`documents.RoundSnapshot`): the hands with the names
    the seats had then."""
    return {
        "number": record.number,
        "no_winner": record.no_winner,
        "scores": [
            {
                "seat": hand.seat,
                "name": names[hand.seat],
                "hand_points": hand.points,
                "cards": hand.cards,
                "facts": list(hand.facts),
                "score": hand.score,
            }
            for hand in record.hands
        ],
    }


def from_snapshot(snapshot: Mapping[str, Any]) -> RoundRecord:
    """A history snapshot read back as a round (names aside: a seat may be renamed since)."""
    return RoundRecord.model_construct(
        number=snapshot.get("number", 0),
        uuid=None,
        no_winner=bool(snapshot.get("no_winner")),
        hands=[
            Hand.model_construct(
                seat=s["seat"],
                points=s["hand_points"],
                cards=s["cards"],
                facts=sorted(s["facts"]),
                score=s["score"],
            )
            for s in snapshot.get("scores", [])
        ],
    )


def exported(record: RoundRecord) -> dict[str, Any]:
    """The round in a game's file."""
    return record.model_dump(mode="json")
