"""Every write goes through here: game_start, round_record, round_correct, round_delete_last...

Scores always come from rules_engine; this module only validates, stores and records history.
"""

from __future__ import annotations

import hashlib
import json
import random
import uuid
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone

from rules_engine import (
    COLOURS,
    DealError,
    PlayerDeal,
    RulesError,
    Table,
    TableOptions,
    format_hand,
    get_rules,
    parse_hand,
)

from .documents import MOST_CONTRACTS, MOST_HISTORY, MOST_ROUNDS
from .exchange import Imported
from .models import (
    Club,
    Game,
    HistoryEntry,
    Member,
    Player,
    RomiContract,
    RomiTrophy,
    Round,
    RoundScore,
)
from .names import clean_name, name_key
from .refusals import Conflict, ServiceError
from .tokens import new_salt, new_token, rotated_token, token_hash, view_token

EDIT_LINK_TWIN_WINDOW = timedelta(seconds=60)


@transaction.atomic
def game_start(
    *,
    rules_slug: str,
    names: list[str],
    first_dealer: int | None,
    options: TableOptions | None = None,
    previous: Game | None = None,
) -> tuple[Game, str, str]:
    """A new game with its seats; returns it with its edit and view tokens (shown once)."""
    rules = get_rules(rules_slug)
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
        rules_slug=rules_slug,
        options=table.options.stored(),
        seats=table.players,
        first_dealer=table.first_dealer,
        edit_token_hash=token_hash(edit),
        view_token_hash=token_hash(view),
        view_salt=salt,
        previous_game=previous,
    )
    Player.objects.bulk_create(
        Player(game=game, seat=seat, name=name) for seat, name in enumerate(names)
    )
    return game, edit, view


def game_play_again(*, game: Game) -> tuple[Game, str, str]:
    """Same table, same rules and options; the deal continues from where it was."""
    names = [p.name for p in game.players.all()]
    dealer = game.table.dealer(game.rounds.count() + 1)
    return game_start(
        rules_slug=game.rules_slug,
        names=names,
        first_dealer=dealer,
        options=game.table.options,
        previous=game,
    )


@transaction.atomic
def game_regenerate_edit_token(*, game: Game, token: str) -> str:
    """Replace the edit link `token` by a new one, and return the new one.

    The new token is derived from the old one under SECRET_KEY, and the game is locked, so a
    double tap gets the same live link twice instead of two links of which one is dead.
    The old link answers this way only for a minute; after that it opens nothing.
    """
    new = rotated_token(token)
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.edit_token_hash == token_hash(token):
        game.edit_token_hash = token_hash(new)
        game.save(update_fields=["edit_token_hash", "updated_at"])
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


def _record(*, game: Game, action: str, **fields: Any) -> HistoryEntry:
    """A change in the game's history. A game keeps at most MOST_HISTORY corrections,
    deletions and other changes, so it always exports to a file the import takes back.
    Entering a round is bounded by the rounds themselves (and not counted: no query on the
    busiest write); finishing is never refused (reopening is)."""
    uncounted = (HistoryEntry.Action.ADDED, HistoryEntry.Action.FINISHED)
    if action not in uncounted and game.history.count() >= MOST_HISTORY:
        raise ServiceError("history_full", most=MOST_HISTORY)
    return HistoryEntry.objects.create(game=game, action=action, **fields)


def bump_version(game: Game) -> None:
    """Every change to a game: viewers polling its version see it, its results are stale."""
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=timezone.now())


def _score(game: Game, number: int, hands: list[PlayerDeal], no_winner: bool) -> list[int]:
    try:
        return game.table.score(number, hands, no_winner=no_winner)
    except DealError as error:
        raise ServiceError("round_invalid", error.problems) from None


def _snapshot(round_: Round) -> dict:
    return {
        "number": round_.number,
        "no_winner": round_.no_winner,
        "scores": [
            {
                "seat": s.player.seat,
                "name": s.player.name,
                "hand_points": s.hand_points,
                "cards": s.cards,
                "facts": s.facts,
                "score": s.score,
            }
            for s in round_.scores.select_related("player").order_by("player__seat")
        ],
    }


def _stored_cards(hand: PlayerDeal) -> str:
    return format_hand(list(hand.cards)) if hand.cards else ""


def _payload(hands: list[PlayerDeal], no_winner: bool) -> dict:
    return {
        "no_winner": no_winner,
        "entries": [[h.hand, _stored_cards(h), sorted(h.facts)] for h in hands],
    }


def _digest(hands: list[PlayerDeal], no_winner: bool) -> str:
    return hashlib.sha256(
        json.dumps(_payload(hands, no_winner), sort_keys=True).encode()
    ).hexdigest()


def _write_scores(round_: Round, players: list[Player], hands: list[PlayerDeal], scores) -> None:
    RoundScore.objects.bulk_create(
        RoundScore(
            round=round_,
            player=player,
            hand_points=None if h.cards else h.hand,
            cards=_stored_cards(h),
            facts=sorted(h.facts),
            score=score,
        )
        for player, h, score in zip(players, hands, scores, strict=True)
    )


def round_record(
    *,
    game: Game,
    entries: list[PlayerDeal],
    no_winner: bool = False,
    client_uuid: uuid.UUID | None = None,
    number: int | None = None,
) -> tuple[Round, bool]:
    """Store the next round once. A replay of the same client UUID returns the stored round.

    Returns (round, created). A UUID already used for different facts is refused (never a
    second row); `number`, when given, is the round the phone meant: if another phone stored
    that round meanwhile, it is a Conflict rather than a silent shift to the next round.
    """
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            # Under the game's lock: a replay racing its own first try waits, then sees it.
            replay = _replayed(client_uuid, game, entries, no_winner)
            if replay is not None:
                return replay, False
            players = list(game.players.all())
            if len(entries) != len(players):
                raise ServiceError("entries_count")
            played = game.rounds.count()
            if number is not None and number <= played:
                raise Conflict("round_taken", number=number)
            if number is not None and number > played + 1:
                raise Conflict("round_gap", number=number, played=played)
            over = game.table.is_over(played, _totals(game))
            if game.finished_at or over or played >= MOST_ROUNDS:
                raise ServiceError("game_over")
            scores = _score(game, played + 1, entries, no_winner)
            round_ = Round.objects.create(
                game=game,
                number=played + 1,
                no_winner=no_winner,
                client_uuid=client_uuid,
                entry_digest=_digest(entries, no_winner),
            )
            _write_scores(round_, players, entries, scores)
            _record(
                game=game,
                action=HistoryEntry.Action.ADDED,
                round_number=round_.number,
                after=_snapshot(round_),
            )
            if game.table.is_over(round_.number, _totals(game)):
                Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
            bump_version(game)
            return round_, True
    except IntegrityError:
        # Two phones raced for the same round number, or the same UUID arrived twice at once.
        replay = _replayed(client_uuid, game, entries, no_winner)
        if replay is not None:
            return replay, False
        raise Conflict("round_taken", number=number) from None


def _totals(game: Game) -> list[int]:
    """Each seat's total so far, asked of the database only when a total can end the game."""
    if game.table.options.end_at_total is None:
        return []
    sums = dict(
        RoundScore.objects.filter(round__game=game)
        .values_list("player__seat")
        .annotate(total=Sum("score"))
        .values_list("player__seat", "total")
    )
    return [sums.get(seat, 0) for seat in range(game.seats)]


def _replayed(client_uuid, game: Game, entries, no_winner: bool) -> Round | None:
    """The round already stored under this UUID (a retry, a double tap, a replayed outbox)."""
    if client_uuid is None:
        return None
    existing = Round.objects.filter(client_uuid=client_uuid).first()
    if existing is None:
        return None
    if existing.game_id == game.pk and existing.entry_digest == _digest(entries, no_winner):
        return existing
    raise ServiceError("uuid_reused")


@transaction.atomic
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
    scores = _score(game, round_.number, entries, no_winner)
    before = _snapshot(round_)
    round_.scores.all().delete()
    _write_scores(round_, players, entries, scores)
    round_.no_winner = no_winner
    round_.version += 1
    round_.save(update_fields=["no_winner", "version", "updated_at"])
    _record(
        game=game, action=action, round_number=round_.number, before=before, after=_snapshot(round_)
    )
    if game.table.options.end_at_total is not None:
        # A corrected deal can bring a total to the end, or back under it.
        over = game.table.is_over(game.rounds.count(), _totals(game))
        Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() if over else None)
    bump_version(game)
    return round_


@transaction.atomic
def round_delete_last(*, game: Game, number: int) -> HistoryEntry:
    """Delete the last round (only the last: later rounds' dealers depend on it)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    last = game.rounds.order_by("-number").first()
    if last is None or last.number != number:
        raise Conflict("not_last_round", number=number)
    entry = _record(
        game=game, action=HistoryEntry.Action.DELETED, round_number=number, before=_snapshot(last)
    )
    last.delete()
    Game.objects.filter(pk=game.pk).update(finished_at=None)
    bump_version(game)
    return entry


def _entries_from(snapshot: Any) -> tuple[list[PlayerDeal], bool]:
    """The hands a snapshot stored, as the engine takes them (cards in stored notation)."""
    entries = [
        PlayerDeal(
            s["hand_points"],
            tuple(parse_hand(s["cards"])) if s["cards"] else None,
            frozenset(s["facts"]),
        )
        for s in snapshot["scores"]
    ]
    return entries, snapshot["no_winner"]


def _scores_of(snapshot: Any) -> tuple[Any, ...]:
    """What a snapshot says of a round's scores, leaving names aside (a player may be renamed)."""
    return (
        snapshot.get("no_winner"),
        [
            (s["seat"], s["hand_points"], s["cards"], sorted(s["facts"]), s["score"])
            for s in snapshot.get("scores", [])
        ],
    )


@transaction.atomic
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
        entries, no_winner = _entries_from(entry.before)
        round_record(
            game=game, entries=entries, no_winner=no_winner, number=entry.round_number or 0
        )
    elif entry.action == HistoryEntry.Action.EDITED:
        edited = game.rounds.filter(number=entry.round_number or 0).first()
        if edited is None:
            raise Conflict("round_gone")
        round_ = edited
        now = _snapshot(round_)
        if _scores_of(now) != _scores_of(entry.after):
            raise Conflict("changed_since", number=round_.number, stored=now, undo_to=entry.before)
        entries, no_winner = _entries_from(entry.before)
        round_correct(
            round_=round_,
            entries=entries,
            no_winner=no_winner,
            expected_version=round_.version,
            action=HistoryEntry.Action.RESTORED,
        )
    else:
        raise ServiceError("cannot_undo")
    entry.undone = True
    entry.save(update_fields=["undone"])


UNDOABLE = (HistoryEntry.Action.ADDED, HistoryEntry.Action.EDITED, HistoryEntry.Action.DELETED)


def last_change(game: Game) -> HistoryEntry | None:
    """The game's latest change, when it is one the game page offers to undo."""
    entry = game.history.order_by("-at", "-pk").first()
    if entry is None or entry.undone or entry.action not in UNDOABLE:
        return None
    return entry


@transaction.atomic
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


@transaction.atomic
def game_finish(*, game: Game) -> None:
    """End an open-ended game (rami-51) after the last deal the table wants."""
    if not game.rounds.exists():
        raise ServiceError("no_rounds")
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
    _record(game=game, action=HistoryEntry.Action.FINISHED)
    bump_version(game)


@transaction.atomic
def game_reopen(*, game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(finished_at=None)
    game.romi_trophies.all().delete()
    _record(game=game, action=HistoryEntry.Action.REOPENED)
    bump_version(game)


def romi_contract_log(
    *,
    game: Game,
    player: Player,
    points: int,
    colour: str,
    combos: list[int],
    bonus_cards: int,
    joker_used: bool,
    client_uuid: uuid.UUID | None = None,
) -> RomiContract:
    """Log a contract card a player completed; the joker token serves once per game.

    A replay of the same client UUID returns the stored contract, as a round's does; the
    same UUID with other facts, or from another game, is refused (`uuid_reused`).
    """
    romi = game.table.rules.romi_rules
    if colour not in COLOURS:
        raise ServiceError("romi_colour", field="colour")
    if (
        not combos
        or len(combos) > romi.most_combos
        or any(c not in romi.combo_sizes for c in combos)
    ):
        raise ServiceError("romi_combos", field="combos")
    if not 0 <= points <= romi.most_contract_points:
        raise ServiceError("romi_points", field="points", most=romi.most_contract_points)
    if not 0 <= bonus_cards <= romi.most_bonus_cards:
        raise ServiceError("romi_bonus_cards", field="bonus_cards", most=romi.most_bonus_cards)
    facts = {
        "player_id": player.pk,
        "points": points,
        "colour": colour,
        "combos": ",".join(map(str, combos)),
        "bonus_cards": bonus_cards,
        "joker_used": joker_used,
    }
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            # Under the game's lock: a replay racing its own first try waits, then sees it.
            replay = _romi_replayed(client_uuid, game, facts)
            if replay is not None:
                return replay
            if game.finished_at:
                raise ServiceError("game_over")
            if game.romi_contracts.count() >= MOST_CONTRACTS:
                raise ServiceError("romi_full", most=MOST_CONTRACTS)
            if joker_used and player.romi_contracts.filter(joker_used=True).exists():
                raise ServiceError("romi_joker_used", field="joker_used")
            contract = RomiContract.objects.create(game=game, client_uuid=client_uuid, **facts)
            _record(
                game=game,
                action=HistoryEntry.Action.CONTRACT,
                after={
                    "name": player.name,
                    "points": points,
                    "colour": colour,
                    "combos": combos,
                    "bonus_cards": bonus_cards,
                    "joker_used": joker_used,
                },
            )
            bump_version(game)
            return contract
    except IntegrityError:
        # The same UUID arrived twice at once (PostgreSQL lets both wait on the insert).
        replay = _romi_replayed(client_uuid, game, facts)
        if replay is not None:
            return replay
        raise


def _romi_replayed(client_uuid, game: Game, facts: dict) -> RomiContract | None:
    if client_uuid is None:
        return None
    existing = RomiContract.objects.filter(client_uuid=client_uuid).first()
    if existing is None:
        return None
    stored = {name: getattr(existing, name) for name in facts}
    if existing.game_id == game.pk and stored == facts:
        return existing
    raise ServiceError("uuid_reused")


@transaction.atomic
def romi_contract_delete(*, game: Game, contract_id: int) -> None:
    contract = game.romi_contracts.select_related("player").filter(pk=contract_id).first()
    if contract is None:
        raise Conflict("contract_gone")
    _record(
        game=game,
        action=HistoryEntry.Action.CONTRACT_DELETED,
        before={
            "name": contract.player.name,
            "points": contract.points,
            "colour": contract.colour,
            "combos": contract.combos,
            "bonus_cards": contract.bonus_cards,
        },
    )
    contract.delete()
    bump_version(game)


@transaction.atomic
def romi_finish(*, game: Game, trophies: list[tuple[str, int]]) -> None:
    """Record the four trophies in play and end the game; the tally is computed on display."""
    rules = game.table.rules
    symbols = [s for s, _ in trophies]
    if len(trophies) != rules.romi_rules.trophies_in_play or len(set(symbols)) != len(symbols):
        raise ServiceError("romi_trophies", count=rules.romi_rules.trophies_in_play)
    game.romi_trophies.all().delete()
    RomiTrophy.objects.bulk_create(RomiTrophy(game=game, symbol=s, points=p) for s, p in trophies)
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
    _record(game=game, action=HistoryEntry.Action.FINISHED)
    bump_version(game)


@transaction.atomic
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
    _record(
        game=game,
        action=action,
        before={"seat": seat, "name": before},
        after={"seat": seat, "name": name},
    )
    bump_version(game)
    return player


@transaction.atomic
def game_archive(*, game: Game, archived: bool) -> None:
    """Put a game away (it leaves the phone's list of games, nothing is lost) or take it back."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if (game.archived_at is not None) == archived:
        return
    game.archived_at = timezone.now() if archived else None
    game.save(update_fields=["archived_at", "updated_at"])
    action = HistoryEntry.Action.ARCHIVED if archived else HistoryEntry.Action.UNARCHIVED
    _record(game=game, action=action)
    bump_version(game)


@transaction.atomic
def game_delete(*, game: Game) -> None:
    """Delete a game for good, with its rounds and history (the edit link's holder only)."""
    Game.objects.select_for_update().filter(pk=game.pk).delete()


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


@transaction.atomic
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
            options=document.options.stored(),
            seats=len(document.names),
            first_dealer=document.first_dealer,
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
        with transaction.atomic():
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


def _snapshot_json(snapshot: Any) -> dict | None:
    return None if snapshot is None else snapshot.model_dump(mode="json")


def _import_rounds(tables: list[tuple[Game, list[Player], Imported]], now) -> None:
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
        RoundScore(
            round=round_,
            player=player,
            hand_points=hand.points,
            cards=hand.cards,
            facts=list(hand.facts),
            score=hand.score,
        )
        for game, players, document in tables
        for record, round_ in zip(document.rounds, rounds_of.get(game.pk, []), strict=True)
        for player, hand in zip(players, record.hands, strict=True)
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
            at=h.at or now,
        )
        for game, _players, document in tables
        for h in document.history
    )
