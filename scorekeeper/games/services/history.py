"""A game's history and version: every change is recorded, and every change bumps the version
that open pages watch and that tells the group's book the game's results are stale."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.db.models import F
from django.utils import timezone

from scorekeeper.core.refusals import ServiceError
from scorekeeper.games.results import summarise
from scorekeeper.models import Game, HistoryEntry, RomiContract, Round
from scorekeeper.records import live
from scorekeeper.records.documents import MOST_HISTORY

UNDOABLE = (
    HistoryEntry.Action.ADDED,
    HistoryEntry.Action.EDITED,
    HistoryEntry.Action.DELETED,
    HistoryEntry.Action.CONTRACT_DELETED,
)


def record(*, game: Game, action: str, **fields: Any) -> HistoryEntry:
    """A change in the game's history. A game keeps at most MOST_HISTORY corrections,
    deletions and other changes, so it always exports to a file the import takes back.
    Entering a round is bounded by the rounds themselves (and not counted: no query on the
    busiest write); finishing is never refused (reopening is)."""
    uncounted = (HistoryEntry.Action.ADDED, HistoryEntry.Action.FINISHED)
    counted = game.history.exclude(action__in=uncounted)
    if action not in uncounted and counted.count() >= MOST_HISTORY:
        raise ServiceError("history_full", most=MOST_HISTORY)
    return HistoryEntry.objects.create(game=game, action=action, **fields)


def bump_version(game: Game, **changed: Any) -> None:
    """Every change to a game: open pages hear the new version; in a group, the book's
    figures for this game are summed up again in the same transaction (reads never write).
    `game` is the row as this transaction locked it, so its version is the one stored;
    `changed`: other fields of the game set in the same statement."""
    game.version += 1
    for name, value in changed.items():
        setattr(game, name, value)
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=now, **changed)
    live.announce(game.pk, game.version)
    if game.club_id is not None:
        summarise([game.pk])


def last_change(game: Game) -> HistoryEntry | None:
    """The game's latest change, when it is one the game page offers to undo."""
    entry = game.history.order_by("-at", "-pk").first()
    if entry is None or entry.undone or entry.action not in UNDOABLE:
        return None
    return entry


def replayed[Stored: (Round, RomiContract)](
    kind: type[Stored], client_uuid: uuid.UUID | None, game: Game, same: Callable[[Stored], bool]
) -> Stored | None:
    """What is already stored under this client UUID (a retry, a double tap, a replayed
    outbox), when it holds the `same` facts in this game; the UUID used for anything else is
    refused (`uuid_reused`), never stored twice."""
    if client_uuid is None:
        return None
    existing = kind.objects.filter(client_uuid=client_uuid).first()
    if existing is None:
        return None
    if existing.game_id == game.pk and same(existing):
        return existing
    raise ServiceError("uuid_reused")


def table_of[T](game: Game, kind: type[T], refusal: str) -> T:
    """The game's table, which a service needs of one kind (a `Table` has rounds, a
    `RomiTable` contract cards); the other kind is refused with `refusal`."""
    table = game.table
    if not isinstance(table, kind):
        raise ServiceError(refusal)
    return table
