"""A game as a file: CSV to read in a spreadsheet, JSON to move it to another server.

The JSON document (format `rami-score-keeper/game`, version 1, typed in documents.py) holds
what the game is: its UUID, rules, options, seats, first dealer, players, rounds as the table
entered them (with each round's UUID and the engine's scores), ROMi RAMi contracts and
trophies, and the history. It leaves out what belongs to one server: links, database ids,
versions. Reading a document decodes it strictly, then scores every round and every round
the history holds again with the engine; a document that does not add up is refused whole
(see services.game_import).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from pydantic import BaseModel, ValidationError

from rules_engine import (
    AnyTable,
    DealError,
    Fact,
    OptionError,
    PlayerDeal,
    RomiTable,
    RulesError,
    Table,
    TableOptions,
    dealt,
    parse_hand,
    table_for,
)
from scorekeeper.core.names import as_exported, name_key, snapshot_exported
from scorekeeper.core.problems import Malformed, what_is_wrong, where_it_is
from scorekeeper.core.refusals import refusal_words
from scorekeeper.exchange.file_rules import need, rules_of
from scorekeeper.models import Game
from scorekeeper.records import round_records
from scorekeeper.records.documents import (
    GAME_FORMAT,
    MAX_BYTES,
    MOST_CONTRACTS,
    MOST_HISTORY,
    MOST_PLAYERS,
    MOST_ROUNDS,
    VERSION,
    ContractRecord,
    GameDocument,
    HistoryRecord,
    RoundRecord,
    RoundSnapshot,
    SeatSnapshot,
    TrophyRecord,
)

FORMAT = GAME_FORMAT


# Every object and list a game's document may hold, with room (the heaviest game has
# 18,773): its rounds, its history's snapshots of every seat, its contracts. Counted before
# the file is decoded, so a file of a million empty objects costs a scan (tens of ms), not
# the gigabyte of Python objects a decoder would make of it.
MOST_CONTAINERS = 2 * (
    MOST_ROUNDS * (2 + 2 * MOST_PLAYERS)
    + (MOST_ROUNDS + 3 * MOST_HISTORY + 1) * (1 + 2 * (2 + 2 * MOST_PLAYERS))
    + 2 * MOST_CONTRACTS
)
STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')


def containers(raw: bytes) -> int:
    """How many objects and lists a JSON text opens (its strings left out)."""
    structure = STRINGS.sub(b"", raw)
    return structure.count(b"{") + structure.count(b"[")


def decode[Model: BaseModel](
    model: type[Model], raw: bytes, most: int, most_containers: int = MOST_CONTAINERS
) -> Model:
    """The document decoded strictly; Malformed names the first place at fault."""
    if len(raw) > most:
        raise Malformed("file", _("at most %(n)d bytes") % {"n": most})
    if containers(raw) > most_containers:
        limit = _("at most %(n)d objects and lists") % {"n": most_containers}
        raise Malformed("file", limit)
    try:
        return model.model_validate_json(raw)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        raise Malformed(where_it_is(first["loc"]), what_is_wrong(first)) from None


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


# What export_game reads: fetched with the game, a book of 500 games is a handful of queries.
EXPORT_PREFETCH = ("players", "rounds__scores", "history", "romi_contracts", "romi_trophies")


def _player(game: Game, player: Any) -> dict[str, Any]:
    """A seat in the file, with when it sat where players came and went."""
    exported: dict[str, Any] = {"seat": player.seat, "name": as_exported(player.name)}
    if game.sittings:
        exported["first_round"], exported["last_round"] = game.sittings[player.seat]
    return exported


def export_game(game: Game) -> GameDocument:
    """The game as its document (stable: the same game gives the same document)."""
    players = list(game.players.all())
    seat_of = {p.pk: p.seat for p in players}
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "uuid": str(game.uuid),
        "rules": game.rules_slug,
        "variant": game.variant,
        "options": game.options,
        "first_dealer": game.first_dealer,
        "redeals": [{"round": number, "seat": seat} for number, seat in game.redeals],
        "created_at": _when(game.created_at),
        "finished_at": _when(game.finished_at),
        "archived_at": _when(game.archived_at),
        "players": [_player(game, p) for p in players],
        "rounds": [
            round_records.exported(round_records.stored(round_, round_.scores.all(), seat_of))
            for round_ in game.rounds.all()
        ],
        "history": [
            {
                "at": _when(h.at),
                "action": h.action,
                "round": h.round_number,
                "before": snapshot_exported(h.before),
                "after": snapshot_exported(h.after),
                "undone": h.undone,
                **({"sent_by": h.sent_by} if h.sent_by is not None else {}),
            }
            for h in sorted(game.history.all(), key=lambda h: (h.at, h.pk))
        ],
    }
    if not game.table.deals_rounds:
        document["romi"] = {
            "contracts": [
                {
                    "uuid": str(c.client_uuid) if c.client_uuid else None,
                    "seat": seat_of[c.player_id],
                    "points": c.points,
                    "colour": c.colour,
                    "combos": [int(n) for n in c.combos.split(",") if n],
                    "bonus_cards": c.bonus_cards,
                    "joker_used": c.joker_used,
                    "at": _when(c.created_at),
                }
                for c in game.romi_contracts.all()
            ],
            "trophies": [
                {"symbol": t.symbol, "points": t.points} for t in game.romi_trophies.all()
            ],
        }
    # Rows read back from the database: text dates and UUIDs become typed, nothing else moves.
    return GameDocument.model_validate(document, strict=False)


# Reading a document ---------------------------------------------------------------------


@dataclass
class Imported:
    """A document read and checked, ready for services.game_import to store."""

    uuid: uuid.UUID
    rules: str
    options: TableOptions
    first_dealer: int
    created_at: datetime | None
    finished_at: datetime | None
    archived_at: datetime | None
    names: list[str]
    variant: dict[str, Any] | None = None  # a table's own game, frozen with the game
    redeals: list[list[int]] = field(default_factory=list)  # [[round, seat], ...]
    sittings: list[list[int | None]] = field(default_factory=list)  # [[first, last], ...]
    rounds: list[RoundRecord] = field(default_factory=list)  # hands as the server stores them
    contracts: list[ContractRecord] = field(default_factory=list)
    trophies: list[TrophyRecord] = field(default_factory=list)
    history: list[HistoryRecord] = field(default_factory=list)


def read_document(raw: bytes) -> Imported:
    """The document decoded and checked; raises Malformed at the first problem."""
    return read_game(decode(GameDocument, raw, MAX_BYTES))


def read_game(document: GameDocument) -> Imported:
    """A decoded game checked against its rules: seats, rounds scored again, the end where
    its options put it, ROMi RAMi's contracts and trophies, history snapshots."""
    rules = rules_of(document)
    try:
        options = TableOptions.read(rules, document.options)
    except OptionError as error:
        raise Malformed("options", refusal_words(error)) from None
    names = [p.name for p in document.players]
    low, high = rules.players
    need(
        low <= len(names) <= high,
        "players",
        _("%(low)d to %(high)d players") % {"low": low, "high": high},
    )
    for i, player in enumerate(document.players):
        need(player.seat == i, f"players[{i}].seat", str(i))
    need(len({name_key(n) for n in names}) == len(names), "players", _("different names"))
    need(document.first_dealer < len(names), "first_dealer", _("one of the seats"))
    for i, redeal in enumerate(document.redeals):
        need(redeal.seat < len(names), f"redeals[{i}].seat", _("one of the seats"))
    rounds_redealt = [redeal.round for redeal in document.redeals]
    need(len(set(rounds_redealt)) == len(rounds_redealt), "redeals", _("one per round"))
    imported = Imported(
        uuid=document.uuid,
        rules=rules.slug,
        variant=document.variant,
        options=options,
        first_dealer=document.first_dealer,
        created_at=document.created_at,
        finished_at=document.finished_at,
        archived_at=document.archived_at,
        names=names,
        redeals=sorted([redeal.round, redeal.seat] for redeal in document.redeals),
    )
    sittings = tuple((p.first_round, p.last_round) for p in document.players)
    if any(sitting != (1, None) for sitting in sittings):
        for i, (first, last) in enumerate(sittings):
            where = f"players[{i}]"
            need(first <= len(document.rounds) + 1, f"{where}.first_round", _("a round played"))
            need(
                last is None or first - 1 <= last <= len(document.rounds),
                f"{where}.last_round",
                _("a round played from its first round on"),
            )
        imported.sittings = [list(sitting) for sitting in sittings]
    else:
        sittings = ()
    try:
        table = table_for(
            rules, len(names), imported.first_dealer, options, new=True, sittings=sittings
        )
    except OptionError as error:  # decks that cannot deal every round to these players
        raise Malformed("options", refusal_words(error)) from None
    except RulesError as error:
        raise Malformed("players", refusal_words(error)) from None
    need(table.deals_rounds == (document.romi is None), "romi", _("present in ROMi RAMi only"))
    if not dealt(table):
        need(not document.rounds, "rounds", _("none in ROMi RAMi"))
        _read_romi(imported, table, document)
    else:
        _read_rounds(imported, table, document.rounds)
    _read_history(imported, table, document.history)
    return imported


def _scored(table: Table, number: int, hands: list[PlayerDeal], no_winner: bool) -> list[int]:
    try:
        return table.score(number, hands, no_winner=no_winner)
    except DealError as error:
        raise Malformed(f"rounds[{number - 1}]", refusal_words(error)) from None


def _deal(cards: str, points: int | None, facts: Sequence[str], where: str) -> PlayerDeal:
    try:
        parsed = tuple(parse_hand(cards)) if cards else None
    except RulesError as error:
        raise Malformed(where, refusal_words(error)) from None
    return PlayerDeal(points, parsed, frozenset(Fact(fact) for fact in facts))


def _read_rounds(imported: Imported, table: Table, rounds: list[RoundRecord]) -> None:
    seen: set[uuid.UUID] = set()
    totals = [0] * table.seats
    for index, round_ in enumerate(rounds):
        where = f"rounds[{index}]"
        need(
            not table.is_over(index, totals),
            where,
            _("absent: the game's options end it after round %(n)d") % {"n": index},
        )
        need(round_.number == index + 1, f"{where}.number", str(index + 1))
        need(
            round_.uuid is None or round_.uuid not in seen,
            f"{where}.uuid",
            _("used once in this file"),
        )
        if round_.uuid:
            seen.add(round_.uuid)
        need(len(round_.hands) == table.players, f"{where}.hands", _("one per player"))
        deals = []
        for seat, hand in enumerate(round_.hands):
            need(hand.seat == seat, f"{where}.hands[{seat}].seat", str(seat))
            deals.append(_deal(hand.cards, hand.points, hand.facts, f"{where}.hands[{seat}].cards"))
        scored = _scored(table, index + 1, deals, round_.no_winner)
        need(
            scored == [hand.score for hand in round_.hands],
            f"{where}.hands",
            _("the scores the rules give: %(scores)s") % {"scores": scored},
        )
        totals = [t + s for t, s in zip(totals, scored, strict=True)]
        imported.rounds.append(
            round_records.entered(
                index + 1, deals, scored, no_winner=round_.no_winner, client_uuid=round_.uuid
            )
        )


def _read_romi(imported: Imported, table: RomiTable, document: GameDocument) -> None:
    assert document.romi is not None
    romi = table.romi
    jokers: set[int] = set()
    seen: set[uuid.UUID] = set()
    for i, contract in enumerate(document.romi.contracts):
        at = f"romi.contracts[{i}]"
        need(contract.seat < table.seats, f"{at}.seat", _("one of the seats"))
        # One card logged twice in one file is the file's own mistake, not another game's.
        need(
            contract.uuid is None or contract.uuid not in seen,
            f"{at}.uuid",
            _("used once in this file"),
        )
        if contract.uuid is not None:
            seen.add(contract.uuid)
        need(
            not (contract.joker_used and contract.seat in jokers),
            f"{at}.joker_used",
            _("once per player"),
        )
        if contract.joker_used:
            jokers.add(contract.seat)
        imported.contracts.append(contract)
    trophies = document.romi.trophies
    if trophies:
        need(document.finished_at is not None, "romi.trophies", _("only on a finished game"))
        need(
            len(trophies) == romi.trophies_in_play,
            "romi.trophies",
            _("the %(n)d trophies in play") % {"n": romi.trophies_in_play},
        )
        symbols = [t.symbol for t in trophies]
        need(len(set(symbols)) == len(symbols), "romi.trophies", _("different trophies"))
    imported.trophies = list(trophies)


def _read_history(imported: Imported, table: AnyTable, history: list[HistoryRecord]) -> None:
    for i, entry in enumerate(history):
        for side in ("before", "after"):
            snapshot = getattr(entry, side)
            where = f"history[{i}].{side}"
            if isinstance(snapshot, RoundSnapshot):
                need(dealt(table), where, _("none in ROMi RAMi"))
                assert dealt(table)
                _check_snapshot(table, snapshot, where)
            elif isinstance(snapshot, SeatSnapshot):
                need(snapshot.seat < table.seats, f"{where}.seat", _("one of the seats"))
        if entry.sent_by is not None:
            need(entry.sent_by < table.seats, f"history[{i}].sent_by", _("one of the seats"))
    imported.history = list(history)


def _check_snapshot(table: Table, snapshot: RoundSnapshot, where: str) -> None:
    """A round the history shows, and undo may bring back: scored as the rounds are."""
    # A round saved before a late player joined holds the seats of then: fewer.
    need(0 < len(snapshot.scores) <= table.seats, f"{where}.scores", _("one per player"))
    deals = [PlayerDeal()] * table.seats
    for seat, score in enumerate(snapshot.scores):
        need(score.seat == seat, f"{where}.scores[{seat}].seat", str(seat))
        at = f"{where}.scores[{seat}].cards"
        deals[seat] = _deal(score.cards, score.hand_points, score.facts, at)
    try:
        scored = table.score(snapshot.number, deals, no_winner=snapshot.no_winner)
    except DealError as error:
        raise Malformed(where, refusal_words(error)) from None
    need(
        scored[: len(snapshot.scores)] == [s.score for s in snapshot.scores],
        f"{where}.scores",
        _("the scores the rules give: %(scores)s") % {"scores": scored},
    )
