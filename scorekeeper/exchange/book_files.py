"""A group's book as a JSON document (documents.BookDocument): its members, its history and
every game, each game in the game document's own format with the member sitting at each
seat.

    {"format": "rami-score-keeper/book", "version": 1, "uuid": ..., "name": ...,
     "created_at": ..., "members": [{"uuid", "name", "aliases", "created_at"}],
     "history": [{"at", "action", "before", "after"}],
     "games": [{"members": [member uuid or null, one per seat], "game": {game document}}]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from django.utils.translation import gettext as _

from scorekeeper.core.names import as_exported, name_key, snapshot_exported
from scorekeeper.core.problems import Malformed
from scorekeeper.exchange.file_rules import need
from scorekeeper.exchange.game_files import (
    EXPORT_PREFETCH,
    Imported,
    decode,
    export_game,
    read_game,
)
from scorekeeper.models import MAX_CLUB_NAME, Club, Game
from scorekeeper.records.documents import (
    BOOK_FORMAT,
    MAX_BYTES,
    VERSION,
    BookDocument,
    EventRecord,
    MemberRecord,
)

FORMAT = BOOK_FORMAT
# 500 games of 7 deals at 6 players are 1.7 MB (bench/RESULTS.md, "Group's book"); a book
# always takes the heaviest single game the server can hold.
MAX_BOOK_BYTES = max(4_000_000, MAX_BYTES + 100_000)


def export_book(club: Club) -> BookDocument:
    members = list(club.members.all())
    games = Game.objects.filter(club=club).order_by("created_at", "pk")
    uuid_of = {m.pk: str(m.uuid) for m in members}
    document = {
        "format": FORMAT,
        "version": VERSION,
        "uuid": str(club.uuid),
        "name": as_exported(club.name, MAX_CLUB_NAME),
        "created_at": club.created_at.isoformat(),
        "members": [
            {
                "uuid": str(m.uuid),
                "name": as_exported(m.name),
                "aliases": [as_exported(a) for a in m.aliases],
                "created_at": m.created_at.isoformat(),
            }
            for m in sorted(members, key=lambda m: (m.created_at, m.pk))
        ],
        "history": [
            {
                "at": e.at.isoformat(),
                "action": e.action,
                "before": snapshot_exported(e.before, MAX_CLUB_NAME),
                "after": snapshot_exported(e.after, MAX_CLUB_NAME),
            }
            for e in club.events.order_by("at", "pk")
        ],
        "games": [
            {
                "members": [
                    uuid_of.get(p.member_id) if p.member_id else None for p in game.players.all()
                ],
                "game": export_game(game),
            }
            for game in games.prefetch_related(*EXPORT_PREFETCH)
        ],
    }
    return BookDocument.model_validate(document, strict=False)


@dataclass
class ImportedBook:
    uuid: UUID
    name: str
    created_at: datetime | None
    members: list[MemberRecord] = field(default_factory=list)
    history: list[EventRecord] = field(default_factory=list)
    games: list[tuple[Imported, list[UUID | None]]] = field(default_factory=list)


def snapshot_json(snapshot: Any) -> dict[str, Any] | None:
    """A history snapshot as the database keeps it: only the fields it has."""
    return None if snapshot is None else snapshot.model_dump(mode="json", exclude_none=True)


# A book's games are bounded by its bytes: even its densest parts (a seat's score, an object
# with its facts' list) take over 32 bytes per object or list.
MOST_BOOK_CONTAINERS = MAX_BOOK_BYTES // 32


def read_book(raw: bytes) -> ImportedBook:
    """The book decoded, every game checked as the game import checks it (its rounds scored
    again), each seat's member bearing the seat's name; Malformed names the first place that
    does not add up."""
    document = decode(BookDocument, raw, MAX_BOOK_BYTES, MOST_BOOK_CONTAINERS)
    book = ImportedBook(document.uuid, document.name, document.created_at)
    seen: set[str] = set()
    spellings_of: dict[UUID, set[str]] = {}
    for i, member in enumerate(document.members):
        where = f"members[{i}]"
        need(member.uuid not in spellings_of, f"{where}.uuid", _("a UUID of its own"))
        spellings = {name_key(member.name), *(name_key(a) for a in member.aliases)}
        need(not seen & spellings, f"{where}.name", _("a name no other member has"))
        seen.update(spellings)
        spellings_of[member.uuid] = spellings
        book.members.append(member)
    book.history = list(document.history)
    games_seen: set[UUID] = set()
    for i, entry in enumerate(document.games):
        where = f"games[{i}]"
        try:
            game = read_game(entry.game)
        except Malformed as error:
            raise Malformed(f"{where}.game.{error.where}", error.what) from None
        need(game.uuid not in games_seen, f"{where}.game.uuid", _("a UUID of its own"))
        games_seen.add(game.uuid)
        need(
            len(entry.members) == len(game.names),
            f"{where}.members",
            _("one member (or null) per seat"),
        )
        chosen = [m for m in entry.members if m is not None]
        need(len(set(chosen)) == len(chosen), f"{where}.members", _("a member at one seat only"))
        for seat, (sitting, name) in enumerate(zip(entry.members, game.names, strict=True)):
            if sitting is None:
                continue
            need(sitting in spellings_of, f"{where}.members[{seat}]", _("a member of this book"))
            need(
                name_key(name) in spellings_of[sitting],
                f"{where}.members[{seat}]",
                _("the member called %(name)s or by one of their other names") % {"name": name},
            )
        book.games.append((game, list(entry.members)))
    return book
