"""A round's contract as rows of the builder: the melds it asks for (how many, sets or runs,
of how many cards), and up to three other ways to meet it ("or ..."), each the same rows
under names of its own."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

MELDS_PER_ROUND = 3  # rows of a contract: sets, runs, and runs of another size
OTHER_WAYS = 3  # as many as a game's file may give a round (the engine's bound)
KINDS = [("", "—"), ("set", _("sets")), ("run", _("runs"))]

Row = tuple[forms.BoundField, forms.BoundField, forms.BoundField]


def number_field(low: int, high: int, required: bool = True, **attrs: Any) -> forms.IntegerField:
    widget = forms.NumberInput(attrs={"inputmode": "numeric", "min": low, "max": high, **attrs})
    return forms.IntegerField(min_value=low, max_value=high, required=required, widget=widget)


def names(n: int, way: int | None, m: int) -> tuple[str, str, str]:
    """The count, kind and size fields of row `m` of round `n` (`way`: an other way's)."""
    at = f"{n}_{m}" if way is None else f"{n}_{way}_{m}"
    prefix = "" if way is None else "or_"
    return f"{prefix}count_{at}", f"{prefix}kind_{at}", f"{prefix}size_{at}"


def every_name(n: int) -> list[str]:
    """Every contract field of round `n`, its other ways' included."""
    return [
        name
        for way in (None, *range(OTHER_WAYS))
        for m in range(MELDS_PER_ROUND)
        for name in names(n, way, m)
    ]


def add_fields(fields: dict[str, forms.Field], n: int) -> None:
    for way in (None, *range(OTHER_WAYS)):
        for m in range(MELDS_PER_ROUND):
            count, kind, size = names(n, way, m)
            fields[kind] = forms.ChoiceField(choices=KINDS, required=False)
            fields[count] = number_field(1, 8, required=False)
            fields[size] = number_field(2, 15, required=False)


def initial(round_: dict[str, Any], n: int) -> dict[str, Any]:
    """The fields of a round of a game's document (every key present: whole_document)."""
    out: dict[str, Any] = {}
    ways = [round_["contract"], *round_.get("alternatives", [])[:OTHER_WAYS]]
    for way, melds in zip((None, *range(OTHER_WAYS)), ways, strict=False):
        for m, meld in enumerate(melds[:MELDS_PER_ROUND]):
            kind = "set" if meld.get("set") is not None else "run"
            count, kind_name, size = names(n, way, m)
            out[kind_name], out[count], out[size] = kind, meld.get("count", 1), meld[kind]
    return out


def written(data: dict[str, Any], n: int, way: int | None = None) -> list[dict[str, int]]:
    """The melds of a round's contract (or of one of its other ways) as the file writes
    them; rows left empty are dropped."""
    melds = []
    for m in range(MELDS_PER_ROUND):
        count, kind, size = names(n, way, m)
        if data.get(kind) and data.get(size):
            melds.append({data[kind]: data[size], "count": data.get(count) or 1})
    return melds


def rows(form: forms.Form, n: int, way: int | None = None) -> list[Row]:
    """A contract's rows as the page shows them: those filled in, and one empty row to add
    another kind of meld."""
    every: list[Row] = [
        (form[count], form[kind], form[size])
        for count, kind, size in (names(n, way, m) for m in range(MELDS_PER_ROUND))
    ]
    filled = [row for row in every if row[1].value() or row[2].value() or row[0].errors]
    empty = [row for row in every if row not in filled]
    return [*filled, *empty[:1]]


def filled(form: forms.Form, n: int, way: int) -> bool:
    return any(row[1].value() or row[2].value() for row in rows(form, n, way))


def ways_shown(form: forms.Form, n: int) -> tuple[list[list[Row]], list[Row] | None]:
    """The other ways a round has, and the rows of one more (None when it has them all)."""
    ways = [rows(form, n, w) for w in range(OTHER_WAYS) if filled(form, n, w)]
    more = rows(form, n, len(ways)) if len(ways) < OTHER_WAYS else None
    return ways, more
