"""Every write to a group: created, renamed; members matched, renamed, merged; games in, out.

Each change is recorded in the group's history (ClubEvent) and bumps its version.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F

from scorekeeper.core.names import clean_name, name_key
from scorekeeper.core.refusals import Conflict, ServiceError
from scorekeeper.core.tokens import new_salt, new_token, token_hash, view_token
from scorekeeper.games.services.history import bump_version
from scorekeeper.models import MAX_CLUB_NAME, Club, ClubEvent, Game, Member, Player
from scorekeeper.records.documents import MOST_GAMES, MOST_MEMBERS
from scorekeeper.records.writing import writing

# A group holds at most MOST_MEMBERS players and MOST_GAMES games: a group of friends, not a
# league; this bounds every page and form of it, and its book's export and import.


def _club_name(name: str) -> str:
    if not name.strip():
        raise ServiceError("club_name_empty", field="name")
    return clean_name(name, MAX_CLUB_NAME, field="name")


def _event(
    club: Club,
    action: str,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    ClubEvent.objects.create(club=club, action=action, before=before, after=after)
    Club.objects.filter(pk=club.pk).update(version=F("version") + 1)


@writing()
def club_create(*, name: str, names: list[str]) -> tuple[Club, str, str]:
    """A new group with its members; returns it with its edit and view tokens."""
    name = _club_name(name)
    names = [clean_name(n, field="names") for n in names if n.strip()]
    keys = [name_key(n) for n in names]
    if len(set(keys)) != len(keys):
        raise ServiceError("names_repeated", field="names")
    if len(names) > MOST_MEMBERS:
        raise ServiceError("too_many_members", field="names", most=MOST_MEMBERS)
    salt = new_salt()
    edit, view = new_token(), view_token(salt)
    club = Club.objects.create(
        name=name,
        edit_token_hash=token_hash(edit),
        view_token_hash=token_hash(view),
        view_salt=salt,
    )
    Member.objects.bulk_create(Member(club=club, name=n) for n in names)
    _event(club, ClubEvent.Action.CREATED, after={"name": name, "members": names})
    return club, edit, view


@writing()
def club_from_game(*, game: Game) -> tuple[Club, str, str]:
    """ "Keep these players as a group": the game's players become the members, the game the
    group's first."""
    if game.club_id is not None:
        raise ServiceError("game_in_club")
    names = [p.name for p in game.players.all()]
    club, edit, view = club_create(name=", ".join(names), names=names)
    game_attach(game=game, club=club)
    return club, edit, view


@writing()
def club_rename(*, club: Club, name: str) -> None:
    name = _club_name(name)
    if name != club.name:
        before = club.name
        Club.objects.filter(pk=club.pk).update(name=name)
        _event(club, ClubEvent.Action.RENAMED_GROUP, {"name": before}, {"name": name})


def match_members(club: Club, names: list[str]) -> list[Member]:
    """The member each name is (by name or alias, any case); a new name becomes a member."""
    members = list(Member.objects.select_for_update().filter(club=club))
    index: dict[str, Member] = {}
    for member in members:
        for spelling in [member.name, *member.aliases]:
            index.setdefault(name_key(spelling), member)
    matched = []
    for name in names:
        found = index.get(name_key(name))
        if found is None:
            if len(members) >= MOST_MEMBERS:
                raise ServiceError("too_many_members", most=MOST_MEMBERS)
            found = Member.objects.create(club=club, name=clean_name(name))
            members.append(found)
            index[name_key(name)] = found
            _event(club, ClubEvent.Action.MEMBER_ADDED, after={"name": found.name})
        matched.append(found)
    return matched


def member_of_joined(sender: object, *, game: Game, player: Player, **kwargs: object) -> None:
    """A player who sat down mid-game at a group's game is one of its members, by name."""
    if game.club is not None:
        player.member = match_members(game.club, [player.name])[0]
        player.save(update_fields=["member"])


@writing()
def game_attach(*, game: Game, club: Club) -> None:
    """The game joins the group's book; its seats are matched to members by name."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    club = Club.objects.select_for_update().get(pk=club.pk)
    if game.club_id == club.pk:
        return
    if game.club_id is not None:
        raise ServiceError("game_in_club")
    if club.games.count() >= MOST_GAMES:
        raise ServiceError("club_full", most=MOST_GAMES)
    players = list(game.players.all())
    members = match_members(club, [p.name for p in players])
    for player, member in zip(players, members, strict=True):
        player.member = member
    Player.objects.bulk_update(players, ["member"])
    game.club = club
    game.save(update_fields=["club", "updated_at"])
    _event(club, ClubEvent.Action.ATTACHED, after=_game_words(game, players))
    bump_version(game)


@writing()
def game_detach(*, game: Game) -> None:
    """The game leaves its group's book (it stays as it is, with its links)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.club_id is None:
        return
    club = Club.objects.select_for_update().get(pk=game.club_id)
    players = list(game.players.all())
    game.players.update(member=None)
    game.club = None
    game.save(update_fields=["club", "updated_at"])
    _event(club, ClubEvent.Action.DETACHED, before=_game_words(game, players))
    bump_version(game)


@writing()
def seat_taken_over(*, game: Game, seat: int) -> None:
    """Someone else took over a seat (and its score): in a group's game, the seat is matched
    to the member its new name is."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.club_id is None:
        return
    club = Club.objects.select_for_update().get(pk=game.club_id)
    player = game.players.get(seat=seat)
    (player.member,) = match_members(club, [player.name])
    player.save(update_fields=["member"])


def book_takes_game(sender: object, *, game: Game, club: Club, **kwargs: object) -> None:
    """A game started at the group's table goes in its book from the first deal."""
    game_attach(game=game, club=club)


def book_follows_rename(
    sender: object, *, game: Game, seat: int, replaced: bool, **kwargs: object
) -> None:
    """A seat's new name in a group's game: someone else's seat is matched to the member that
    name is; the same player's new spelling is learnt by their member."""
    if replaced:
        seat_taken_over(game=game, seat=seat)
    else:
        _learn_spelling(game, seat)


def _learn_spelling(game: Game, seat: int) -> None:
    """The same player under a new name: in a group's game their member learns it as another
    name, so the seat and its member keep matching (a book's import checks they do)."""
    if game.club_id is None:
        return
    club = Club.objects.select_for_update().get(pk=game.club_id)
    player = game.players.select_related("member").get(seat=seat)
    member = player.member
    if member is None or name_key(player.name) in _spellings(member):
        return
    if any(name_key(player.name) in _spellings(m) for m in club.members.exclude(pk=member.pk)):
        raise ServiceError("member_name_taken", field="name", name=player.name)
    Member.objects.filter(pk=member.pk).update(aliases=[*member.aliases, player.name])


def _spellings(member: Member) -> set[str]:
    return {name_key(n) for n in [member.name, *member.aliases]}


def _game_words(game: Game, players: list[Player]) -> dict[str, Any]:
    return {
        "game": str(game.uuid),
        "rules": game.rules_slug,
        "players": [p.name for p in players],
        "started": game.created_at.date().isoformat(),
    }


@writing()
def member_rename(*, club: Club, member: Member, name: str) -> None:
    """A member's new name; the old one still matches them in games to come. Games keep the
    names their seats were given. Read again under the group's lock: a member merged away by
    another phone meanwhile is a Conflict, never a rename acknowledged and lost."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    name = clean_name(name, field="name")
    members = {m.pk: m for m in Member.objects.filter(club=club)}
    if member.pk not in members:
        raise Conflict("member_gone")
    member = members.pop(member.pk)
    if any(name_key(name) in _spellings(m) for m in members.values()):
        raise ServiceError("member_name_taken", field="name", name=name)
    if name == member.name:
        return
    before = member.name
    aliases = [a for a in member.aliases if name_key(a) != name_key(name)]
    if name_key(before) != name_key(name):
        aliases.append(before)
    Member.objects.filter(pk=member.pk).update(name=name, aliases=aliases)
    _event(club, ClubEvent.Action.MEMBER_RENAMED, {"name": before}, {"name": name})


@writing()
def member_merge(*, club: Club, kept: Member, merged: Member) -> None:
    """Two names of one person: `merged`'s games become `kept`'s, its names `kept`'s aliases.

    Refused when both sat at one game: they are two people.
    """
    club = Club.objects.select_for_update().get(pk=club.pk)
    if kept.pk == merged.pk or kept.club_id != club.pk or merged.club_id != club.pk:
        raise ServiceError("merge_same")
    # Read both again under the group's lock: another phone may have merged one away.
    found = {m.pk: m for m in Member.objects.filter(club=club, pk__in=[kept.pk, merged.pk])}
    if len(found) != 2:
        raise Conflict("member_gone")
    kept, merged = found[kept.pk], found[merged.pk]
    shared = Player.objects.filter(member=kept).values("game")
    if Player.objects.filter(member=merged, game__in=shared).exists():
        raise ServiceError("merge_same_game", first=kept.name, second=merged.name)
    Player.objects.filter(member=merged).update(member=kept)
    aliases = [*kept.aliases, merged.name, *merged.aliases]
    Member.objects.filter(pk=kept.pk).update(aliases=aliases)
    merged.delete()
    _event(
        club,
        ClubEvent.Action.MERGED,
        {"names": [kept.name, merged.name]},
        {"name": kept.name},
    )
