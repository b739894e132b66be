"""Rounds: entered once (a replayed entry returns the stored round), corrected against the
version the phone saw, the last one deleted. Scores always come from the game's table."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError
from django.utils import timezone

from rules_engine import DealError, PlayerDeal, Table
from scorekeeper.core.refusals import Conflict, ServiceError
from scorekeeper.games.services.history import bump_version, record, replayed, table_of
from scorekeeper.models import Game, HistoryEntry, Player, Round, RoundScore
from scorekeeper.records import round_records
from scorekeeper.records.documents import MOST_ROUNDS, RoundRecord
from scorekeeper.records.stored import StoredRound, stored_rounds
from scorekeeper.records.writing import writing


def deals_table(game: Game) -> Table:
    return table_of(game, Table, "romi_no_rounds")  # ROMi RAMi has no rounds


def _scored(
    game: Game,
    number: int,
    deals: Sequence[PlayerDeal],
    no_winner: bool,
    client_uuid: uuid.UUID | None = None,
) -> RoundRecord:
    try:
        scores = deals_table(game).score(number, list(deals), no_winner=no_winner)
    except DealError as error:
        raise ServiceError("round_invalid", error.problems) from None
    return round_records.entered(
        number, deals, scores, no_winner=no_winner, client_uuid=client_uuid
    )


def round_snapshot(round_: Round) -> dict[str, Any]:
    """The round as it stands now, for the history."""
    scores = list(round_.scores.select_related("player").order_by("player__seat"))
    seat_of = {s.player_id: s.player.seat for s in scores}
    names = [s.player.name for s in scores]
    return round_records.snapshot(round_records.stored(round_, scores, seat_of), names)


def _write(round_: Round, players: list[Player], entry: RoundRecord) -> list[RoundScore]:
    return RoundScore.objects.bulk_create(round_records.score_rows(entry, round_, players))


def _store(
    game: Game,
    players: list[Player],
    entry: RoundRecord,
    client_uuid: uuid.UUID | None,
    sent_by: int | None = None,
) -> tuple[Round, list[RoundScore], HistoryEntry]:
    round_ = Round.objects.create(
        game=game,
        number=entry.number,
        no_winner=entry.no_winner,
        client_uuid=client_uuid,
        entry_digest=round_records.digest(entry),
    )
    scores = _write(round_, players, entry)
    names = [p.name for p in players]
    change = record(
        game=game,
        action=HistoryEntry.Action.ADDED,
        round_number=round_.number,
        after=round_records.snapshot(entry, names),
        sent_by=sent_by,
    )
    return round_, scores, change


@dataclass
class RoundSaved:
    """What storing a round left: the round, whether this call stored it (else a replay of
    the same entry found it), and for a new one the game as locked and changed (its version
    is the new one), the scores written and the history's entry, so the answer shows them
    without reading them back."""

    round: Round
    created: bool
    game: Game | None = None
    scores: list[RoundScore] = field(default_factory=list)
    change: HistoryEntry | None = None


def _locked(game: Game, before: list[StoredRound] | None) -> tuple[Game, int]:
    """The game under this transaction's lock, and how many rounds it has. Every change to
    a game's rounds bumps its version in the same transaction: locked at the version `game`
    was read at, the game still has the rounds the caller read after it (`before`), and
    they need no counting again."""
    locked = Game.objects.select_for_update(of=("self",)).get(pk=game.pk)
    if before is not None and locked.version == game.version:
        return locked, len(before)
    return locked, locked.rounds.count()


def round_record(
    *,
    game: Game,
    entries: list[PlayerDeal],
    no_winner: bool = False,
    client_uuid: uuid.UUID | None = None,
    number: int | None = None,
    players: list[Player] | None = None,
    before: list[StoredRound] | None = None,
    sent_by: int | None = None,
) -> RoundSaved:
    """Store the next round once. A replay of the same client UUID returns the stored round.

    A UUID already used for different facts is refused (never a second row); `number`, when
    given, is the round the phone meant: if another phone stored that round meanwhile, it is
    a Conflict rather than a silent shift to the next round. `players` and the rounds stored
    `before` (as the caller read them, after reading `game`) spare reading them again; they
    are read under the lock when the caller has not, or when the game changed since.
    """
    try:
        with writing():
            game, played = _locked(game, before)
            if client_uuid is not None and (number is None or number <= played):
                # Under the game's lock: a replay racing its own first try waits, then sees it.
                replay = _replayed(client_uuid, game, entries, no_winner)
                if replay is not None:
                    return RoundSaved(replay, False)
            if number is not None and number <= played:
                raise Conflict("round_taken", number=number)
            if number is not None and number > played + 1:
                raise Conflict("round_gap", number=number, played=played)
            players = players if players is not None else list(game.players.all())
            if len(entries) != len(players):
                raise ServiceError("entries_count")
            table = deals_table(game)
            if before is None or len(before) != played:
                before = stored_rounds(game) if table.totals_can_end else None
            over = table.is_over(played, _totals(table, game, players, before))
            if game.finished_at or over or played >= MOST_ROUNDS:
                raise ServiceError("game_over")
            entry = _scored(game, played + 1, entries, no_winner, client_uuid)
            round_, scores, change = _store(game, players, entry, client_uuid, sent_by)
            after = None if before is None else [*before, (round_, scores)]
            ends = table.is_over(round_.number, _totals(table, game, players, after))
            bump_version(game, **({"finished_at": timezone.now()} if ends else {}))
            return RoundSaved(round_, True, game, scores, change)
    except IntegrityError:
        # Two phones raced for the same round number, or the same UUID arrived twice at once.
        replay = _replayed(client_uuid, game, entries, no_winner)
        if replay is not None:
            return RoundSaved(replay, False)
        raise Conflict("round_taken", number=number) from None


def _totals(
    table: Table, game: Game, players: list[Player], stored: list[StoredRound] | None
) -> list[int]:
    """Each seat's total so far (a late player's from their start), when a total can end
    the game: from the rounds given, else read."""
    if not table.totals_can_end:
        return []
    if stored is None:
        stored = stored_rounds(game)
    seat_of = {player.pk: player.seat for player in players}
    rows = []
    for _round, scores in stored:
        row = [0] * game.seats
        for score in scores:
            row[seat_of[score.player_id]] = score.score
        rows.append(row)
    return table.standings(rows).totals


def _replayed(
    client_uuid: uuid.UUID | None, game: Game, entries: list[PlayerDeal], no_winner: bool
) -> Round | None:
    """The round already stored under this UUID (a retry, a double tap, a replayed outbox)."""
    scores = [0] * len(entries)  # the digest reads the hands as entered, not the scores
    entry = round_records.entered(0, entries, scores, no_winner=no_winner)
    digest = round_records.digest(entry)
    return replayed(Round, client_uuid, game, lambda existing: existing.entry_digest == digest)


@writing()
def round_correct(
    *,
    round_: Round,
    entries: list[PlayerDeal],
    no_winner: bool,
    expected_version: int,
    action: str = HistoryEntry.Action.EDITED,
) -> Round:
    """Replace a round's facts; refused if someone changed it since `expected_version`.

    Locks the game first, as every write does: one lock order, so no deadlock with a
    deletion, and a round deleted meanwhile is a Conflict, not a crash.
    """
    game = Game.objects.select_for_update().get(pk=round_.game_id)
    current = Round.objects.filter(pk=round_.pk, game=game).first()
    if current is None:
        raise Conflict("round_gone")
    round_ = current
    if round_.version != expected_version:
        raise Conflict("stale_edit", current=round_.version)
    players = list(game.players.all())
    entry = _scored(game, round_.number, entries, no_winner)
    before = round_snapshot(round_)
    round_.scores.all().delete()
    _write(round_, players, entry)
    round_.no_winner = no_winner
    round_.version += 1
    round_.save(update_fields=["no_winner", "version", "updated_at"])
    after = round_records.snapshot(entry, [p.name for p in players])
    record(game=game, action=action, round_number=round_.number, before=before, after=after)
    table = deals_table(game)
    if table.totals_can_end:
        # A corrected deal can bring a total to the end, or back under it.
        over = table.is_over(game.rounds.count(), _totals(table, game, players, None))
        Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() if over else None)
    bump_version(game)
    return round_


@writing()
def round_delete_last(*, game: Game, number: int) -> HistoryEntry:
    """Delete the last round (only the last: later rounds' dealers depend on it)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    last = game.rounds.order_by("-number").first()
    if last is None or last.number != number:
        raise Conflict("not_last_round", number=number)
    entry = record(
        game=game,
        action=HistoryEntry.Action.DELETED,
        round_number=number,
        before=round_snapshot(last),
    )
    last.delete()
    # Hands sent for a later round were for a deal that, with this round gone, is not the
    # one being played any more: they go with it (never counted toward a later save).
    game.proposed_hands.filter(number__gt=number).delete()
    Game.objects.filter(pk=game.pk).update(finished_at=None)
    bump_version(game)
    return entry
