"""Undo: a deleted round comes back, a correction is taken back, the last change is undone;
each only while the game still holds what the change left."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.refusals import Conflict, ServiceError
from scorekeeper.games.services.history import last_change
from scorekeeper.games.services.romi import romi_contract_log
from scorekeeper.games.services.rounds import (
    round_correct,
    round_delete_last,
    round_record,
    round_snapshot,
)
from scorekeeper.models import Game, HistoryEntry
from scorekeeper.records import round_records
from scorekeeper.records.writing import writing


def _same_scores(now: dict[str, Any], then: dict[str, Any] | None) -> bool:
    """Whether two snapshots hold the same round, leaving names aside (a seat may be renamed)."""
    return then is not None and round_records.from_snapshot(now) == round_records.from_snapshot(
        then
    )


@writing()
def history_undo(*, game: Game, entry: HistoryEntry) -> None:
    """Undo a deletion (the round comes back) or a correction (the old values come back).

    Under the game's lock the entry is read again, so a double tap undoes once. A correction
    is undone only while the round still holds what it left: if another phone changed the
    round since, the undo is a Conflict carrying both versions, like a stale edit.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    current = game.history.filter(pk=entry.pk).first()
    if current is None or current.undone:
        raise Conflict("already_undone")
    entry = current
    if entry.action == HistoryEntry.Action.DELETED:
        before = round_records.from_snapshot(entry.before or {})
        round_record(
            game=game,
            entries=round_records.deals(before, game.seats),
            no_winner=before.no_winner,
            number=entry.round_number or 0,
        )
    elif entry.action == HistoryEntry.Action.EDITED:
        round_ = game.rounds.filter(number=entry.round_number or 0).first()
        if round_ is None:
            raise Conflict("round_gone")
        now = round_snapshot(round_)
        if not _same_scores(now, entry.after):
            raise Conflict("changed_since", number=round_.number, stored=now, undo_to=entry.before)
        before = round_records.from_snapshot(entry.before or {})
        round_correct(
            round_=round_,
            entries=round_records.deals(before, game.seats),
            no_winner=before.no_winner,
            expected_version=round_.version,
            action=HistoryEntry.Action.RESTORED,
        )
    elif entry.action == HistoryEntry.Action.CONTRACT_DELETED:
        card = entry.before or {}
        player = game.players.filter(name=card.get("name")).first()
        if player is None:  # the seat was renamed or handed on since: ask the table
            raise Conflict("contract_player_gone")
        combos = card.get("combos") or ""
        romi_contract_log(
            game=game,
            player=player,
            points=int(card.get("points", 0)),
            colour=str(card.get("colour", "")),
            combos=[int(n) for n in (combos.split(",") if isinstance(combos, str) else combos)],
            bonus_cards=int(card.get("bonus_cards", 0)),
            joker_used=bool(card.get("joker_used")),
        )
    else:
        raise ServiceError("cannot_undo")
    entry.undone = True
    entry.save(update_fields=["undone"])


@writing()
def game_undo_last(*, game: Game, entry_id: int) -> None:
    """Undo the change the phone showed as the latest; a newer change meanwhile is a Conflict."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    entry = last_change(game)
    if entry is None or entry.pk != entry_id:
        raise Conflict("not_last_change")
    if entry.action == HistoryEntry.Action.ADDED:
        round_delete_last(game=game, number=entry.round_number or 0)
        entry.undone = True
        entry.save(update_fields=["undone"])
    else:
        history_undo(game=game, entry=entry)
