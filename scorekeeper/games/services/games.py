"""A game's life: started (its seats checked by its table), played again, its edit link
replaced, finished and reopened, a seat renamed, put away, deleted."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.utils import timezone

from rules_engine import RulesError, Table, TableOptions, get_rules, stored_variant
from scorekeeper.core.names import clean_name, name_key
from scorekeeper.core.refusals import Conflict, ServiceError
from scorekeeper.core.tokens import new_salt, new_token, rotated_token, token_hash, view_token
from scorekeeper.games.services.history import bump_version, record, table_of
from scorekeeper.games.signals import game_started, player_renamed
from scorekeeper.models import Club, Game, HistoryEntry, Player, SeatLink
from scorekeeper.records import live
from scorekeeper.records.documents import MOST_HISTORY
from scorekeeper.records.writing import writing

EDIT_LINK_TWIN_WINDOW = timedelta(seconds=60)


@writing()
def game_start(
    *,
    rules_slug: str,
    names: list[str],
    first_dealer: int | None,
    options: TableOptions | None = None,
    previous: Game | None = None,
    club: Club | None = None,
    variant: dict[str, Any] | None = None,
) -> tuple[Game, str, str]:
    """A new game with its seats, at a group's table when `club` is given (in its book from
    the first deal); returns it with its edit and view tokens (shown once). A table's own
    game gives its `variant` document: the game keeps it, frozen."""
    rules = stored_variant(variant) if variant is not None else get_rules(rules_slug)
    names = [clean_name(name) for name in names]
    if len({name_key(name) for name in names}) != len(names):
        raise ServiceError("names_repeated")
    low, high = rules.players
    if not low <= len(names) <= high:
        raise ServiceError("player_count", low=low, high=high)
    if first_dealer is None:
        first_dealer = random.randrange(len(names))
    try:
        table = Table.checked(rules, len(names), first_dealer % len(names), options)
    except RulesError as error:  # decks that cannot deal every round
        field = str(error.params.get("option") or "") or None
        raise ServiceError(error.code, None, field, **error.params) from None
    salt = new_salt()
    edit, view = new_token(), view_token(salt)
    game = Game.objects.create(
        rules_slug=rules.slug,
        variant=variant,
        options=table.options.stored(),
        seats=table.seats,
        first_dealer=table.first_dealer,
        edit_token_hash=token_hash(edit),
        view_token_hash=token_hash(view),
        view_salt=salt,
        previous_game=previous,
    )
    Player.objects.bulk_create(
        Player(game=game, seat=seat, name=name) for seat, name in enumerate(names)
    )
    if club is not None:
        game_started.send(sender=Game, game=game, club=club)
    return game, edit, view


def game_play_again(*, game: Game) -> tuple[Game, str, str]:
    """Same table, same rules and options, in the same group; the deal continues from where
    it was, among the players still at the table (those who left are not seated again)."""
    table = game.table
    here = [p for p in game.players.all() if not table.has_left(p.seat)]
    dealer = table.dealer(game.rounds.count() + 1)
    return game_start(
        rules_slug=game.rules_slug,
        names=[p.name for p in here],
        first_dealer=next(i for i, p in enumerate(here) if p.seat == dealer),
        options=game.table.options,
        previous=game,
        club=game.club,
        variant=game.variant,
    )


@writing()
def game_regenerate_edit_token(*, game: Game, token: str) -> str:
    """Replace the edit link `token` by a new one, and return the new one.

    The new token is derived from the old one under SECRET_KEY, and the game is locked, so a
    double tap gets the same live link twice instead of two links of which one is dead.
    The old link answers this way only for a minute; after that it opens nothing.
    """
    new = rotated_token(token)
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.edit_token_hash == token_hash(token):
        live.revoke([game.edit_token_hash])  # pages open with the old link stop following
        game.edit_token_hash = token_hash(new)
        game.save(update_fields=["edit_token_hash", "updated_at"])
        seats_close(game=game)  # the players' own links go with the old edit link
        if game.history.count() >= MOST_HISTORY:  # replacing a link is never refused
            last = game.history.filter(action=HistoryEntry.Action.TOKEN).order_by("-at").first()
            if last is not None:
                HistoryEntry.objects.filter(pk=last.pk).update(at=timezone.now())
                return new
        HistoryEntry.objects.create(game=game, action=HistoryEntry.Action.TOKEN)
        return new
    last = game.history.filter(action=HistoryEntry.Action.TOKEN).order_by("-at").first()
    twin = last is not None and timezone.now() - last.at <= EDIT_LINK_TWIN_WINDOW
    if game.edit_token_hash == token_hash(new) and twin:
        return new
    raise Conflict("link_replaced")


@writing()
def game_finish(*, game: Game) -> None:
    """End a game at the table's word: an open-ended one (rami-51) after the last deal the
    table wants, any other before its last round. Its ranking is then final, and it counts
    in its group's book; `game_reopen` takes it up again."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.finished_at is not None:
        return  # another phone ended it meanwhile: nothing more to do
    if not game.rounds.exists():
        raise ServiceError("no_rounds")
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
    record(game=game, action=HistoryEntry.Action.FINISHED)
    bump_version(game)


@writing()
def game_reopen(*, game: Game) -> None:
    game = Game.objects.select_for_update().get(pk=game.pk)
    Game.objects.filter(pk=game.pk).update(finished_at=None)
    game.romi_trophies.all().delete()
    record(game=game, action=HistoryEntry.Action.REOPENED)
    bump_version(game)


@writing()
def dealer_fix(*, game: Game, seat: int, number: int | None = None) -> None:
    """The round being played was dealt by `seat`, out of turn: the rounds after it follow
    on from that seat, the rounds before keep their dealer; the history says so. `number`,
    when given, is the round the phone meant: if it was saved meanwhile, it is a Conflict,
    never a fix that lands on the next round."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    table = table_of(game, Table, "romi_no_rounds")
    if game.finished_at is not None:
        raise ServiceError("game_over")
    names = {p.seat: p.name for p in game.players.all()}
    if seat not in names:
        raise ServiceError("no_such_seat")
    playing = game.rounds.count() + 1
    if number is not None and number != playing:
        raise Conflict("round_moved_on", number=number, playing=playing)
    number = playing
    before = table.dealer(number)
    if before == seat:
        return
    fixed = table.redealt(number, seat)
    Game.objects.filter(pk=game.pk).update(redeals=[list(r) for r in sorted(fixed.redeals)])
    record(
        game=game,
        action=HistoryEntry.Action.DEALER,
        round_number=number,
        before={"seat": before, "name": names[before]},
        after={"seat": seat, "name": names[seat]},
    )
    bump_version(game)


@writing()
def player_rename(*, game: Game, seat: int, name: str, replaced: bool = False) -> Player:
    """A seat's new name: the same person spelled otherwise, or someone else taking over the
    seat (`replaced`). The seat keeps its scores either way; the history says which."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    players = list(game.players.all())
    player = next((p for p in players if p.seat == seat), None)
    if player is None:
        raise ServiceError("no_such_seat")
    name = clean_name(name, field="name")
    if any(name_key(p.name) == name_key(name) for p in players if p.seat != seat):
        raise ServiceError("name_taken", name=name)
    if player.name == name:
        return player
    before = player.name
    player.name = name
    player.save(update_fields=["name"])
    action = HistoryEntry.Action.REPLACED if replaced else HistoryEntry.Action.RENAMED
    record(
        game=game,
        action=action,
        before={"seat": seat, "name": before},
        after={"seat": seat, "name": name},
    )
    player_renamed.send(sender=Game, game=game, seat=seat, replaced=replaced)
    bump_version(game)
    return player


@writing()
def game_archive(*, game: Game, archived: bool) -> None:
    """Put a game away (it leaves the phone's list of games, nothing is lost) or take it back."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if (game.archived_at is not None) == archived:
        return
    game.archived_at = timezone.now() if archived else None
    game.save(update_fields=["archived_at", "updated_at"])
    action = HistoryEntry.Action.ARCHIVED if archived else HistoryEntry.Action.UNARCHIVED
    record(game=game, action=action)
    bump_version(game)


@writing()
def game_delete(*, game: Game) -> None:
    """Delete a game for good, with its rounds and history (the edit link's holder only);
    every page open on it is told so."""
    Game.objects.select_for_update().filter(pk=game.pk).delete()
    live.gone(game.pk)


def seats_close(*, game: Game) -> None:
    """The players' links stop working (a new edit link, or the table's choice), and the
    pages open with them stop following the game."""
    links = SeatLink.objects.filter(game=game)
    live.revoke(links.values_list("token_hash", flat=True))
    links.delete()
    Game.objects.filter(pk=game.pk).update(seat_salt="", join_token_hash=None)
