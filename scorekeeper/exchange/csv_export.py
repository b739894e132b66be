"""A game as a spreadsheet: one CSV line per deal and player (ROMi RAMi: per contract), cells
a spreadsheet never runs as formulas."""

from __future__ import annotations

import csv
import io

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from rules_engine import dealt
from scorekeeper.models import Game
from scorekeeper.records import round_records


def spreadsheet_cell(value: object) -> object:
    """A cell a spreadsheet shows as text, never runs as a formula (OWASP's CSV injection
    rule): text starting with = + - @, a tab or a carriage return gets a leading quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


BOM = "\ufeff"  # spreadsheets read the file as UTF-8 only when it starts with one
SEPARATORS = {"semicolon": ";", "comma": ","}
# Languages whose spreadsheets write 2,5 for a decimal and so read a CSV split by semicolons.
DECIMAL_COMMA = ("fr", "es")


# Column heads, said in the page's language; the cells keep the notation (cards, facts).
ROUND_HEADERS = (
    pgettext_lazy("CSV column", "round"),
    pgettext_lazy("CSV column", "seat"),
    pgettext_lazy("CSV column", "player"),
    pgettext_lazy("CSV column", "points"),
    pgettext_lazy("CSV column", "cards"),
    pgettext_lazy("CSV column", "facts"),
    pgettext_lazy("CSV column", "score"),
    pgettext_lazy("CSV column", "total"),
)
ROMI_HEADERS = (
    pgettext_lazy("CSV column", "player"),
    pgettext_lazy("CSV column", "points"),
    pgettext_lazy("CSV column", "colour"),
    pgettext_lazy("CSV column", "combos"),
    pgettext_lazy("CSV column", "bonus cards"),
    pgettext_lazy("CSV column", "joker used"),
)


def _headers(names: tuple[Promise, ...]) -> list[object]:
    return [str(name) for name in names]


def export_csv(game: Game, separator: str = ",") -> str:
    """One line per deal and player (ROMi RAMi: per contract), with the running total; after
    a byte-order mark, cells separated by `separator` (";" is what a French spreadsheet
    splits into columns, "," an English one)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=separator)

    def row(cells: list[object]) -> None:
        writer.writerow([spreadsheet_cell(cell) for cell in cells])

    players = list(game.players.all())
    name_of = {p.pk: p.name for p in players}
    table = game.table
    if not dealt(table):
        row(_headers(ROMI_HEADERS))
        for c in game.romi_contracts.all():
            row([name_of[c.player_id], c.points, c.colour, c.combos, c.bonus_cards, c.joker_used])
        return out.getvalue()
    row(_headers(ROUND_HEADERS))
    seat_of = {p.pk: p.seat for p in players}
    name_at = {p.seat: p.name for p in players}
    rounds = [
        round_records.stored(r, r.scores.all(), seat_of)
        for r in game.rounds.prefetch_related("scores")
    ]
    totals = table.running_totals([[hand.score for hand in r.hands] for r in rounds])
    for record, running in zip(rounds, totals, strict=True):
        for hand, total in zip(record.hands, running, strict=True):
            if not table.plays(hand.seat, record.number):  # not at the table: no line
                continue
            points = "" if hand.points is None else hand.points
            name = name_at[hand.seat]
            facts = " ".join(hand.facts)
            row([record.number, hand.seat + 1, name, points, hand.cards, facts, hand.score, total])
    return out.getvalue()
