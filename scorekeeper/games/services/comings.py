"""People come and go: a player leaves the table mid-game (their seat stops dealing and
playing, their total stays), comes back while no round was played since, or a late player
joins with the starting total the table's house rule gives. `Game.sittings` keeps when each
seat sat; the engine's Table reads it for the dealer, the deal and the totals."""

from __future__ import annotations

from dataclasses import replace

from rules_engine import RulesError, Table
from scorekeeper.core.names import clean_name, name_key
from scorekeeper.core.refusals import ServiceError
from scorekeeper.core.tokens import seat_token, token_hash
from scorekeeper.games.services.history import bump_version, record, table_of
from scorekeeper.games.signals import player_joined
from scorekeeper.models import Game, HistoryEntry, Player, Round, RoundScore, SeatLink
from scorekeeper.records.writing import writing


def _locked(game: Game) -> tuple[Game, Table, int]:
    """The game under its lock, its table and the rounds played, refused once it is over."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    table = table_of(game, Table, "romi_comings")
    if game.finished_at is not None:
        raise ServiceError("game_over")
    return game, table, game.rounds.count()


def _stored(game: Game, table: Table) -> None:
    sittings = [list(table.sitting(seat)) for seat in range(table.seats)]
    if all(sitting == [1, None] for sitting in sittings):
        sittings = []  # everyone at the table since the start again
    Game.objects.filter(pk=game.pk).update(seats=table.seats, sittings=sittings)


def _refused(error: RulesError) -> ServiceError:
    return ServiceError(error.code, None, None, **error.params)


@writing()
def player_leave(*, game: Game, seat: int) -> None:
    """`seat` leaves after the last round played: the rounds after it are dealt without
    them, and they keep their total (ranked after the players who stayed)."""
    game, table, played = _locked(game)
    player = game.players.filter(seat=seat).first()
    if player is None:
        raise ServiceError("no_such_seat")
    try:
        gone = table.with_player_gone(seat, played)
    except RulesError as error:
        raise _refused(error) from None
    _stored(game, gone)
    record(
        game=game,
        action=HistoryEntry.Action.LEFT,
        round_number=played,
        after={"seat": seat, "name": player.name},
    )
    bump_version(game)


@writing()
def player_back(*, game: Game, seat: int) -> None:
    """A player who left comes back, while no round has been played since they left (after
    that, the rounds they missed are played: they join again as a late player would)."""
    game, table, played = _locked(game)
    player = game.players.filter(seat=seat).first()
    if player is None:
        raise ServiceError("no_such_seat")
    first, last = table.sitting(seat)
    if last is None:
        return  # already back: another phone did it
    if last != played:
        raise ServiceError("back_too_late", name=player.name, number=last)
    sittings = [table.sitting(s) for s in range(table.seats)]
    sittings[seat] = (first, None)
    back = replace(table, sittings=tuple(sittings))
    if len(back.playing(played + 1)) > table.system.players[1]:
        raise ServiceError("table_full", high=table.system.players[1])
    _stored(game, back)
    record(
        game=game,
        action=HistoryEntry.Action.CAME_BACK,
        round_number=played,
        after={"seat": seat, "name": player.name},
    )
    bump_version(game)


@writing()
def player_join(*, game: Game, name: str, late_start: str | None = None) -> Player:
    """A late player takes the next seat and plays from the next round on; their total
    starts where `late_start` (the table's house rule, changed here when given) says."""
    game, table, played = _locked(game)
    players = list(game.players.all())
    name = clean_name(name, field="name")
    if any(name_key(p.name) == name_key(name) for p in players):
        raise ServiceError("name_taken", field="name", name=name)
    options = dict(game.options)
    if late_start is not None and late_start != table.late_start:
        if late_start not in ("worst", "average", "zero"):
            raise ServiceError("late_start_unknown", field="late_start")
        options["late_start"] = late_start
        Game.objects.filter(pk=game.pk).update(options=options)
        game.options = options
        table = table_of(game, Table, "romi_comings")
    try:
        joined = table.with_late_player(played + 1)
    except RulesError as error:
        raise _refused(error) from None
    seat = table.seats
    player = Player.objects.create(game=game, seat=seat, name=name)
    # Every round already played holds a row per seat: the new seat's say it sat out.
    rounds = list(Round.objects.filter(game=game))
    RoundScore.objects.bulk_create(
        RoundScore(round=round_, player=player, hand_points=None, cards="", facts=[], score=0)
        for round_ in rounds
    )
    if game.seat_salt:  # the players' own links are open: the new seat gets its own
        SeatLink.objects.create(
            game=game, seat=seat, token_hash=token_hash(seat_token(game.seat_salt, seat))
        )
    player_joined.send(sender=Game, game=game, player=player)
    _stored(game, joined)
    record(
        game=game,
        action=HistoryEntry.Action.JOINED,
        round_number=played + 1,
        after={"seat": seat, "name": name},
    )
    bump_version(game)
    return player
