"""A game as a file: CSV to read in a spreadsheet, JSON to move it to another server.

The JSON document (format `rami-score-keeper/game`, version 1) holds what the game is: its
UUID, rules, options, seats, first dealer, players, rounds as the table entered them (with
each round's UUID and the engine's scores), ROMi RAMi contracts and trophies, and the
history. It leaves out what belongs to one server: links, database ids, versions. Reading a
document checks every field and scores every round again with the engine; a document that
does not add up is refused whole (see services.game_import).
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules_engine import (
    COLOURS,
    DealError,
    OptionError,
    PlayerDeal,
    RulesError,
    Table,
    TableOptions,
    describe,
    format_hand,
    get_rules,
    parse_hand,
    running_totals,
)

from .forms import clean_name, lang
from .models import Game, HistoryEntry

FORMAT = "rami-score-keeper/game"
VERSION = 1
MAX_BYTES = 2_000_000
MAX_ROUNDS = 200
MAX_HISTORY = 5_000
MAX_CONTRACTS = 500
MAX_SNAPSHOT = 20_000  # characters of one history snapshot, as JSON


class Malformed(Exception):
    """The document cannot be imported; `where` points at the field (e.g. rounds[3].hands)."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


# What export_game reads: fetched with the game, a book of 500 games is a handful of queries.
EXPORT_PREFETCH = ("players", "rounds__scores", "history", "romi_contracts", "romi_trophies")


def export_game(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready document (stable: the same game gives the same document)."""
    players = list(game.players.all())
    seat_of = {p.pk: p.seat for p in players}
    rounds = []
    for round_ in game.rounds.all():
        hands = sorted(round_.scores.all(), key=lambda s: seat_of[s.player_id])
        rounds.append(
            {
                "number": round_.number,
                "uuid": str(round_.client_uuid) if round_.client_uuid else None,
                "no_winner": round_.no_winner,
                "hands": [
                    {
                        "seat": seat_of[s.player_id],
                        "points": s.hand_points,
                        "cards": s.cards,
                        "facts": sorted(s.facts),
                        "score": s.score,
                    }
                    for s in hands
                ],
            }
        )
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "uuid": str(game.uuid),
        "rules": game.rules_slug,
        "options": game.options,
        "first_dealer": game.first_dealer,
        "created_at": _when(game.created_at),
        "finished_at": _when(game.finished_at),
        "archived_at": _when(game.archived_at),
        "players": [{"seat": p.seat, "name": p.name} for p in players],
        "rounds": rounds,
    }
    if game.table.rules.romi is not None:
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
    document["history"] = [
        {
            "at": _when(h.at),
            "action": h.action,
            "round": h.round_number,
            "before": h.before,
            "after": h.after,
            "undone": h.undone,
        }
        for h in sorted(game.history.all(), key=lambda h: (h.at, h.pk))
    ]
    return document


def export_csv(game: Game) -> str:
    """One line per deal and player (ROMi RAMi: per contract), with the running total."""
    out = io.StringIO()
    writer = csv.writer(out)
    players = list(game.players.all())
    name_of = {p.pk: p.name for p in players}
    if game.table.rules.romi is not None:
        writer.writerow(["player", "points", "colour", "combos", "bonus_cards", "joker_used"])
        for c in game.romi_contracts.all():
            writer.writerow(
                [name_of[c.player_id], c.points, c.colour, c.combos, c.bonus_cards, c.joker_used]
            )
        return out.getvalue()
    writer.writerow(["round", "seat", "player", "points", "cards", "facts", "score", "total"])
    seat_of = {p.pk: p.seat for p in players}
    rounds = [
        (r.number, sorted(r.scores.all(), key=lambda s: seat_of[s.player_id]))
        for r in game.rounds.prefetch_related("scores")
    ]
    totals = running_totals([[s.score for s in hands] for _, hands in rounds])
    for (number, hands), running in zip(rounds, totals, strict=True):
        for s, total in zip(hands, running, strict=True):
            points = "" if s.hand_points is None else s.hand_points
            facts = " ".join(sorted(s.facts))
            writer.writerow(
                [number, seat_of[s.player_id] + 1, name_of[s.player_id], points, s.cards, facts]
                + [s.score, total]
            )
    return out.getvalue()


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
    rounds: list[dict[str, Any]] = field(default_factory=list)  # number, uuid, no_winner, hands
    contracts: list[dict[str, Any]] = field(default_factory=list)
    trophies: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)


def _describe(error: RulesError) -> str:
    """The engine's sentence for an error, in the active language."""
    if isinstance(error, DealError):
        return " ".join(describe(p.code, p.params, lang()) for p in error.problems)
    return describe(error.code, error.params, lang())


def need(condition: bool, where: str, what: str) -> None:
    if not condition:
        raise Malformed(where, what)


def _int(value: Any, where: str, low: int, high: int) -> int:
    need(isinstance(value, int) and not isinstance(value, bool), where, _("a whole number"))
    need(low <= value <= high, where, _("from %(low)d to %(high)d") % {"low": low, "high": high})
    return value


def read_time(value: Any, where: str) -> datetime | None:
    if value is None:
        return None
    need(isinstance(value, str) and len(value) <= 40, where, _("a date and time (ISO 8601)"))
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise Malformed(where, _("a date and time (ISO 8601)")) from None
    need(moment.tzinfo is not None, where, _("a date and time with its time zone"))
    return moment


def read_uuid(value: Any, where: str) -> uuid.UUID | None:
    if value is None:
        return None
    need(isinstance(value, str) and len(value) <= 40, where, _("a UUID"))
    try:
        return uuid.UUID(value)
    except ValueError:
        raise Malformed(where, _("a UUID")) from None


def read_document(raw: bytes) -> Imported:
    """The document checked from top to bottom; raises Malformed at the first problem."""
    need(len(raw) <= MAX_BYTES, "file", _("at most %(n)d bytes") % {"n": MAX_BYTES})
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Malformed("file", _("a JSON document")) from None
    need(isinstance(data, dict), "file", _("a JSON object"))
    return read_game(data)


def read_game(data: Any) -> Imported:
    """A game's document, parsed, checked from top to bottom (Malformed at the first problem)."""
    need(data.get("format") == FORMAT, "format", f'"{FORMAT}"')
    need(
        data.get("version") == VERSION,
        "version",
        _("%(n)d (the only version so far)") % {"n": VERSION},
    )
    game_uuid = read_uuid(data.get("uuid"), "uuid")
    if game_uuid is None:
        raise Malformed("uuid", _("a UUID"))
    slug = data.get("rules")
    try:
        rules = get_rules(str(slug)[:40])
    except RulesError:
        raise Malformed("rules", _("one of the games this app knows")) from None
    options_data = data.get("options")
    need(isinstance(options_data, dict), "options", _("a JSON object"))
    try:
        options = TableOptions.read(rules, options_data)
    except OptionError as error:
        raise Malformed("options", _describe(error)) from None
    players = data.get("players")
    low, high = rules.players
    need(
        isinstance(players, list) and low <= len(players) <= high,
        "players",
        _("%(low)d to %(high)d players") % {"low": low, "high": high},
    )
    names = []
    for i, player in enumerate(players):
        where = f"players[{i}]"
        need(
            isinstance(player, dict) and player.get("seat") == i, where, _("seat %(n)d") % {"n": i}
        )
        name = player.get("name")
        need(isinstance(name, str) and bool(name.strip()), f"{where}.name", _("a name"))
        try:
            names.append(clean_name(name))
        except ValidationError as error:
            raise Malformed(f"{where}.name", " ".join(error.messages)) from None
    need(len({n.casefold() for n in names}) == len(names), "players", _("different names"))
    imported = Imported(
        uuid=game_uuid,
        rules=rules.slug,
        options=options,
        first_dealer=_int(data.get("first_dealer"), "first_dealer", 0, len(names) - 1),
        created_at=read_time(data.get("created_at"), "created_at"),
        finished_at=read_time(data.get("finished_at"), "finished_at"),
        archived_at=read_time(data.get("archived_at"), "archived_at"),
        names=names,
    )
    table = Table(rules, len(names), imported.first_dealer, options)
    _read_rounds(imported, table, data.get("rounds"))
    if rules.romi is not None:
        _read_romi(imported, data.get("romi"))
    _read_history(imported, data.get("history"))
    return imported


def _read_rounds(imported: Imported, table: Table, rounds: Any) -> None:
    need(isinstance(rounds, list) and len(rounds) <= MAX_ROUNDS, "rounds", _("a list"))
    need(not rounds or table.rules.romi is None, "rounds", _("none in ROMi RAMi"))
    seen: set[uuid.UUID] = set()
    for index, round_ in enumerate(rounds):
        where = f"rounds[{index}]"
        need(isinstance(round_, dict), where, _("an object"))
        need(round_.get("number") == index + 1, f"{where}.number", str(index + 1))
        round_uuid = read_uuid(round_.get("uuid"), f"{where}.uuid")
        need(round_uuid is None or round_uuid not in seen, f"{where}.uuid", _("used once"))
        if round_uuid:
            seen.add(round_uuid)
        no_winner = round_.get("no_winner")
        need(isinstance(no_winner, bool), f"{where}.no_winner", _("true or false"))
        hands = round_.get("hands")
        need(
            isinstance(hands, list) and len(hands) == len(imported.names),
            f"{where}.hands",
            _("one per player"),
        )
        deals, scores = [], []
        for seat, hand in enumerate(hands):
            at = f"{where}.hands[{seat}]"
            need(
                isinstance(hand, dict) and hand.get("seat") == seat,
                at,
                _("seat %(n)d") % {"n": seat},
            )
            points = hand.get("points")
            if points is not None:
                points = _int(points, f"{at}.points", 0, 10_000)
            cards = hand.get("cards")
            need(isinstance(cards, str) and len(cards) <= 300, f"{at}.cards", _("card notation"))
            facts = hand.get("facts")
            need(
                isinstance(facts, list) and all(isinstance(f, str) for f in facts),
                f"{at}.facts",
                _("a list of facts"),
            )
            try:
                parsed = tuple(parse_hand(cards)) if cards else None
            except RulesError as error:
                raise Malformed(f"{at}.cards", _describe(error)) from None
            deals.append(PlayerDeal(points, parsed, frozenset(facts)))
            scores.append(hand.get("score"))
        try:
            scored = table.score(index + 1, deals, no_winner=no_winner)
        except DealError as error:
            raise Malformed(where, _describe(error)) from None
        need(
            scored == scores,
            f"{where}.hands",
            _("the scores the rules give: %(scores)s") % {"scores": scored},
        )
        stored_hands = [
            {
                "points": None if d.cards else d.hand,
                "cards": format_hand(list(d.cards)) if d.cards else "",
                "facts": sorted(d.facts),
                "score": score,
            }
            for d, score in zip(deals, scored, strict=True)
        ]
        imported.rounds.append(
            {"number": index + 1, "uuid": round_uuid, "no_winner": no_winner, "hands": stored_hands}
        )


def _read_romi(imported: Imported, romi: Any) -> None:
    need(isinstance(romi, dict), "romi", _("an object"))
    contracts, trophies = romi.get("contracts"), romi.get("trophies")
    need(
        isinstance(contracts, list) and len(contracts) <= MAX_CONTRACTS,
        "romi.contracts",
        _("a list"),
    )
    need(isinstance(trophies, list) and len(trophies) <= 8, "romi.trophies", _("a list"))
    sizes = get_rules(imported.rules).romi_rules.combo_sizes
    jokers: set[int] = set()
    for i, c in enumerate(contracts):
        at = f"romi.contracts[{i}]"
        need(isinstance(c, dict), at, _("an object"))
        seat = _int(c.get("seat"), f"{at}.seat", 0, len(imported.names) - 1)
        combos = c.get("combos")
        need(
            isinstance(combos, list) and bool(combos) and all(n in sizes for n in combos),
            f"{at}.combos",
            _("combo sizes"),
        )
        need(c.get("colour") in COLOURS, f"{at}.colour", _("a colour (H, D, C, Y)"))
        joker = c.get("joker_used")
        need(isinstance(joker, bool), f"{at}.joker_used", _("true or false"))
        need(not (joker and seat in jokers), f"{at}.joker_used", _("once per player"))
        if joker:
            jokers.add(seat)
        imported.contracts.append(
            {
                "uuid": read_uuid(c.get("uuid"), f"{at}.uuid"),
                "seat": seat,
                "points": _int(c.get("points"), f"{at}.points", 0, 100),
                "colour": c["colour"],
                "combos": ",".join(str(n) for n in combos),
                "bonus_cards": _int(c.get("bonus_cards"), f"{at}.bonus_cards", 0, 50),
                "joker_used": joker,
                "at": read_time(c.get("at"), f"{at}.at"),
            }
        )
    for i, t in enumerate(trophies):
        at = f"romi.trophies[{i}]"
        need(isinstance(t, dict) and isinstance(t.get("symbol"), str), at, _("an object"))
        need(len(t["symbol"]) == 1, f"{at}.symbol", _("one symbol"))
        imported.trophies.append(
            {"symbol": t["symbol"], "points": _int(t.get("points"), f"{at}.points", 0, 100)}
        )


ROUND_ACTIONS = {
    HistoryEntry.Action.ADDED,
    HistoryEntry.Action.EDITED,
    HistoryEntry.Action.DELETED,
    HistoryEntry.Action.RESTORED,
}


def _read_history(imported: Imported, history: Any) -> None:
    need(isinstance(history, list) and len(history) <= MAX_HISTORY, "history", _("a list"))
    actions = set(HistoryEntry.Action.values)
    for i, h in enumerate(history):
        at = f"history[{i}]"
        need(isinstance(h, dict) and h.get("action") in actions, at, _("a known action"))
        number = h.get("round")
        if number is not None:
            _int(number, f"{at}.round", 1, MAX_ROUNDS)
        for side in ("before", "after"):
            snapshot = h.get(side)
            need(snapshot is None or isinstance(snapshot, dict), f"{at}.{side}", _("an object"))
            need(len(json.dumps(snapshot)) <= MAX_SNAPSHOT, f"{at}.{side}", _("a small object"))
            if snapshot is not None and h["action"] in ROUND_ACTIONS:
                need(_round_snapshot(snapshot), f"{at}.{side}", _("a round as stored"))
        undone = h.get("undone")
        need(isinstance(undone, bool), f"{at}.undone", _("true or false"))
        imported.history.append(
            {
                "at": read_time(h.get("at"), f"{at}.at"),
                "action": h["action"],
                "round_number": number,
                "before": h.get("before"),
                "after": h.get("after"),
                "undone": undone,
            }
        )


def _round_snapshot(snapshot: dict) -> bool:
    """A round snapshot the undo can read back (services._entries_from)."""
    scores = snapshot.get("scores")
    if not isinstance(snapshot.get("no_winner"), bool) or not isinstance(scores, list):
        return False
    for s in scores:
        if not isinstance(s, dict) or not isinstance(s.get("facts"), list):
            return False
        if not isinstance(s.get("cards"), str) or not isinstance(s.get("seat"), int):
            return False
        points = s.get("hand_points")
        if points is not None and not isinstance(points, int):
            return False
        try:
            parse_hand(s["cards"])
        except RulesError:
            return False
    return True
