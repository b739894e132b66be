"""A group's book as a JSON document: its members, its history and every game, each game in
the game document's own format (exchange.py) with the member sitting at each seat.

    {"format": "rami-score-keeper/book", "version": 1, "uuid": ..., "name": ...,
     "created_at": ..., "members": [{"uuid", "name", "aliases", "created_at"}],
     "history": [{"at", "action", "before", "after"}],
     "games": [{"members": [member uuid or null, one per seat], "game": {game document}}]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from django.utils.translation import gettext as _

from .clubs import MOST_GAMES, MOST_MEMBERS, clean_name, name_key
from .exchange import (
    EXPORT_PREFETCH,
    Imported,
    Malformed,
    export_game,
    need,
    read_game,
    read_time,
    read_uuid,
)
from .models import MAX_CLUB_NAME, Club, ClubEvent, Game

FORMAT = "rami-score-keeper/book"
VERSION = 1
# 500 games of 7 deals at 6 players are 1.7 MB (bench/RESULTS.md, "Group's book").
MAX_BOOK_BYTES = 4_000_000
MAX_EVENTS = 5000


def export_book(club: Club) -> dict[str, Any]:
    members = list(club.members.all())
    games = Game.objects.filter(club=club).order_by("created_at", "pk")
    uuid_of = {m.pk: str(m.uuid) for m in members}
    return {
        "format": FORMAT,
        "version": VERSION,
        "uuid": str(club.uuid),
        "name": club.name,
        "created_at": club.created_at.isoformat(),
        "members": [
            {
                "uuid": str(m.uuid),
                "name": m.name,
                "aliases": list(m.aliases),
                "created_at": m.created_at.isoformat(),
            }
            for m in sorted(members, key=lambda m: (m.created_at, m.pk))
        ],
        "history": [
            {"at": e.at.isoformat(), "action": e.action, "before": e.before, "after": e.after}
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


@dataclass
class ImportedBook:
    uuid: UUID
    name: str
    created_at: datetime | None
    members: list[dict[str, Any]] = field(default_factory=list)  # uuid, name, aliases, at
    history: list[dict[str, Any]] = field(default_factory=list)
    games: list[tuple[Imported, list[UUID | None]]] = field(default_factory=list)


def _list(value: Any, where: str, most: int) -> list:
    need(isinstance(value, list), where, _("a list"))
    need(len(value) <= most, where, _("at most %(n)d items") % {"n": most})
    return value


def read_book(raw: bytes) -> ImportedBook:
    """The book checked from top to bottom, every game as the game import checks it (its
    rounds scored again); Malformed names the first place that does not add up."""
    need(len(raw) <= MAX_BOOK_BYTES, "file", _("at most %(n)d bytes") % {"n": MAX_BOOK_BYTES})
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Malformed("file", _("a JSON document")) from None
    need(isinstance(data, dict), "file", _("a JSON object"))
    need(data.get("format") == FORMAT, "format", f'"{FORMAT}"')
    need(data.get("version") == VERSION, "version", str(VERSION))
    book_uuid = read_uuid(data.get("uuid"), "uuid")
    if book_uuid is None:
        raise Malformed("uuid", _("a UUID"))
    name = data.get("name")
    need(isinstance(name, str) and bool(clean_name(name, MAX_CLUB_NAME)), "name", _("a name"))
    book = ImportedBook(
        book_uuid, clean_name(name, MAX_CLUB_NAME), read_time(data.get("created_at"), "created_at")
    )  # type: ignore[arg-type]
    seen: set[str] = set()
    known: set[UUID] = set()
    for i, member in enumerate(_list(data.get("members"), "members", MOST_MEMBERS)):
        where = f"members[{i}]"
        need(isinstance(member, dict), where, _("an object"))
        member_uuid = read_uuid(member.get("uuid"), f"{where}.uuid")
        need(
            member_uuid is not None and member_uuid not in known,
            f"{where}.uuid",
            _("a UUID of its own"),
        )
        member_name = member.get("name")
        need(
            isinstance(member_name, str) and bool(clean_name(member_name)),
            f"{where}.name",
            _("a name"),
        )
        aliases = _list(member.get("aliases", []), f"{where}.aliases", MOST_MEMBERS)
        need(
            all(isinstance(a, str) and clean_name(a) for a in aliases),
            f"{where}.aliases",
            _("names"),
        )
        spellings = [name_key(member_name), *(name_key(a) for a in aliases)]
        need(not seen & set(spellings), f"{where}.name", _("a name no other member has"))
        seen.update(spellings)
        known.add(member_uuid)  # type: ignore[arg-type]
        book.members.append(
            {
                "uuid": member_uuid,
                "name": clean_name(member_name),
                "aliases": [clean_name(a) for a in aliases],
                "at": read_time(member.get("created_at"), f"{where}.created_at"),
            }
        )
    actions = set(ClubEvent.Action.values)
    for i, event in enumerate(_list(data.get("history"), "history", MAX_EVENTS)):
        where = f"history[{i}]"
        need(
            isinstance(event, dict) and event.get("action") in actions,
            f"{where}.action",
            _("a known action"),
        )
        for part in ("before", "after"):
            value = event.get(part)
            need(
                value is None or isinstance(value, dict), f"{where}.{part}", _("an object or null")
            )
        book.history.append(
            {
                "at": read_time(event.get("at"), f"{where}.at"),
                "action": event["action"],
                "before": event.get("before"),
                "after": event.get("after"),
            }
        )
    games_seen: set[UUID] = set()
    for i, entry in enumerate(_list(data.get("games"), "games", MOST_GAMES)):
        where = f"games[{i}]"
        need(
            isinstance(entry, dict) and isinstance(entry.get("game"), dict),
            f"{where}.game",
            _("a game document"),
        )
        try:
            game = read_game(entry["game"])
        except Malformed as error:
            raise Malformed(f"{where}.game.{error.where}", error.what) from None
        need(game.uuid not in games_seen, f"{where}.game.uuid", _("a UUID of its own"))
        games_seen.add(game.uuid)
        seats = _list(entry.get("members"), f"{where}.members", len(game.names))
        need(len(seats) == len(game.names), f"{where}.members", _("one member (or null) per seat"))
        members = [read_uuid(s, f"{where}.members[{j}]") for j, s in enumerate(seats)]
        need(
            all(m is None or m in known for m in members),
            f"{where}.members",
            _("members of this book"),
        )
        chosen = [m for m in members if m is not None]
        need(len(set(chosen)) == len(chosen), f"{where}.members", _("a member at one seat only"))
        book.games.append((game, members))
    return book
