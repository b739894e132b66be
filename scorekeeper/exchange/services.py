"""Imports: checked documents stored as new games (or a group's book as a new group) with new
links, all of it or nothing, never twice."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import IntegrityError
from django.utils import timezone

from scorekeeper.core.refusals import ServiceError
from scorekeeper.core.tokens import new_salt, new_token, token_hash, view_token
from scorekeeper.exchange.book_files import ImportedBook, snapshot_json
from scorekeeper.exchange.game_files import Imported
from scorekeeper.games.results import summarise
from scorekeeper.models import (
    Club,
    ClubEvent,
    Game,
    HistoryEntry,
    Member,
    Player,
    RomiContract,
    RomiTrophy,
    Round,
    RoundScore,
)
from scorekeeper.records import round_records
from scorekeeper.records.writing import writing


class AlreadyImported(ServiceError):
    """This game (by its UUID) is on this server already: importing it again adds nothing."""


def game_import(*, document: Imported) -> tuple[Game, str, str]:
    """Store a checked document as a new game with new links; all of it or nothing.

    Refused (AlreadyImported) when a game with the document's UUID exists, or when one of
    its rounds' or contracts' UUIDs is already taken by another game.
    """
    return games_import(documents=[document])[0]


def games_import(
    *,
    documents: Sequence[Imported],
    club: Club | None = None,
    members: Sequence[Sequence[Member | None]] | None = None,
) -> list[tuple[Game, str, str]]:
    """Store checked documents as new games with new links (in `club`, each seat given the
    member `members` says), in a handful of bulk inserts however many games: games, players,
    rounds, scores, ROMi RAMi contracts and trophies, history, each row with the moment the
    document gives it. All of it or nothing; refused as game_import is, also when the same
    file arrives twice at once (the second finds the first's UUIDs taken)."""
    try:
        return _games_import(documents, club, members)
    except IntegrityError:
        raise AlreadyImported("already_imported") from None


@writing()
def _games_import(
    documents: Sequence[Imported],
    club: Club | None,
    members: Sequence[Sequence[Member | None]] | None,
) -> list[tuple[Game, str, str]]:
    if Game.objects.filter(uuid__in=[d.uuid for d in documents]).exists():
        raise AlreadyImported("already_imported")
    salts = [new_salt() for _document in documents]
    links = [(salt, new_token(), view_token(salt)) for salt in salts]
    now = timezone.now()
    games = Game.objects.bulk_create(
        Game(
            uuid=document.uuid,
            rules_slug=document.rules,
            variant=document.variant,
            options=document.options.stored(),
            seats=len(document.names),
            first_dealer=document.first_dealer,
            redeals=document.redeals,
            sittings=document.sittings,
            edit_token_hash=token_hash(edit),
            view_token_hash=token_hash(view),
            view_salt=salt,
            created_at=document.created_at or now,
            finished_at=document.finished_at,
            archived_at=document.archived_at,
            club=club,
            version=1,
        )
        for document, (salt, edit, view) in zip(documents, links, strict=True)
    )
    seated = members or [[None] * len(d.names) for d in documents]
    players = Player.objects.bulk_create(
        Player(game=game, seat=seat, name=name, member=member)
        for game, document, by_seat in zip(games, documents, seated, strict=True)
        for seat, (name, member) in enumerate(zip(document.names, by_seat, strict=True))
    )
    at_table: dict[int, list[Player]] = {}
    for player in players:
        at_table.setdefault(player.game_id, []).append(player)
    try:
        with writing():
            _import_rounds(
                [
                    (game, at_table[game.pk], doc)
                    for game, doc in zip(games, documents, strict=True)
                ],
                now,
            )
    except IntegrityError:
        raise AlreadyImported("ids_taken") from None
    return [(game, edit, view) for game, (_salt, edit, view) in zip(games, links, strict=True)]


def _snapshot_json(snapshot: Any) -> dict[str, Any] | None:
    return None if snapshot is None else snapshot.model_dump(mode="json")


def _import_rounds(tables: list[tuple[Game, list[Player], Imported]], now: datetime) -> None:
    """Rounds, scores, ROMi RAMi contracts and trophies and history of every game at once."""
    rounds = Round.objects.bulk_create(
        Round(game=game, number=r.number, no_winner=r.no_winner, client_uuid=r.uuid)
        for game, _players, document in tables
        for r in document.rounds
    )
    rounds_of: dict[int, list[Round]] = {}
    for round_ in rounds:
        rounds_of.setdefault(round_.game_id, []).append(round_)
    RoundScore.objects.bulk_create(
        row
        for game, players, document in tables
        for record, round_ in zip(document.rounds, rounds_of.get(game.pk, []), strict=True)
        for row in round_records.score_rows(record, round_, players)
    )
    RomiContract.objects.bulk_create(
        RomiContract(
            game=game,
            player=players[c.seat],
            points=c.points,
            colour=c.colour,
            combos=",".join(str(n) for n in c.combos),
            bonus_cards=c.bonus_cards,
            joker_used=c.joker_used,
            client_uuid=c.uuid,
            created_at=c.at or now,
        )
        for game, players, document in tables
        for c in document.contracts
    )
    RomiTrophy.objects.bulk_create(
        RomiTrophy(game=game, symbol=t.symbol, points=t.points)
        for game, _players, document in tables
        for t in document.trophies
    )
    HistoryEntry.objects.bulk_create(
        HistoryEntry(
            game=game,
            action=h.action,
            round_number=h.round,
            before=_snapshot_json(h.before),
            after=_snapshot_json(h.after),
            undone=h.undone,
            sent_by=h.sent_by,
            at=h.at or now,
        )
        for game, _players, document in tables
        for h in document.history
    )


class ClubAlreadyImported(ServiceError):
    """This group, or one of its games or members, is on this server already."""


def club_import(*, book: ImportedBook) -> tuple[Club, str, str]:
    """Store a checked book (book_exchange.ImportedBook) as a new group with new links, its
    members, history and games; all of it or nothing, and nothing twice (a game already here
    is refused by services.games_import). The same book sent twice at once: one stores it,
    the other is told it is already here."""
    try:
        return _club_import(book)
    except IntegrityError:  # the other request stored the same UUIDs first
        raise ClubAlreadyImported("club_already_imported") from None


@writing()
def _club_import(book: ImportedBook) -> tuple[Club, str, str]:
    if Club.objects.filter(uuid=book.uuid).exists():
        raise ClubAlreadyImported("club_already_imported")
    if Member.objects.filter(uuid__in=[m.uuid for m in book.members]).exists():
        raise ClubAlreadyImported("club_already_imported")
    salt = new_salt()
    edit, view = new_token(), view_token(salt)
    club = Club.objects.create(
        uuid=book.uuid,
        name=book.name,
        edit_token_hash=token_hash(edit),
        view_token_hash=token_hash(view),
        view_salt=salt,
        version=1,
        **({"created_at": book.created_at} if book.created_at else {}),
    )
    members = Member.objects.bulk_create(
        Member(
            club=club,
            uuid=m.uuid,
            name=m.name,
            aliases=list(m.aliases),
            **({"created_at": m.created_at} if m.created_at else {}),
        )
        for m in book.members
    )
    by_uuid = {m.uuid: m for m in members}
    ClubEvent.objects.bulk_create(
        ClubEvent(
            club=club,
            action=e.action,
            before=snapshot_json(e.before),
            after=snapshot_json(e.after),
            **({"at": e.at} if e.at else {}),
        )
        for e in book.history
    )
    stored = games_import(
        documents=[document for document, _seats in book.games],
        club=club,
        members=[
            [by_uuid.get(member) if member else None for member in seats]
            for _document, seats in book.games
        ],
    )
    imported = [game.pk for game, _edit, _view in stored]
    summarise(imported)  # the book's figures are ready when its page first opens
    return club, edit, view
