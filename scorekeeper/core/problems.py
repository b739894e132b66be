"""Why a document cannot be imported, in words: the place at fault and what it should be."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorekeeper.core.refusals import ServiceError


class Malformed(ServiceError):
    """The document cannot be imported; `where` points at the field (e.g. rounds[3].hands),
    `what` says what it should be, or is the rules' own sentence (ending with a full stop).
    `place` is `where` in the players' words, once the import page knows their names."""

    def __init__(self, where: str, what: str) -> None:
        code = "malformed_rule" if what.endswith(".") else "malformed"
        super().__init__(code, field="document", where=where, what=what, place=where)
        self.where = where
        self.what = what


# The reasons documents.py gives in its own validators, marked for translation here.
VALUE_ERRORS = {
    "no control characters": gettext_noop("text without control characters"),
    "a moment between the years 1 and 9999": gettext_noop("a moment between the years 1 and 9999"),
    "a name as the app stores it: trimmed, single spaces, NFC": gettext_noop(
        "a name as the app stores it (trimmed, single spaces)"
    ),
    "no control or invisible characters": gettext_noop(
        "a name without control or invisible characters"
    ),
    "a snapshot of the shape its action writes": gettext_noop(
        "a snapshot of the shape its action writes"
    ),
    "the snapshot its action writes": gettext_noop("given the snapshot its action writes"),
    "the number of its round": gettext_noop("given the number of its round"),
}

WORDS = {
    "missing": gettext_noop("present"),
    "extra_forbidden": gettext_noop("absent (not a field of this format)"),
    "int_type": gettext_noop("a whole number"),
    "int_parsing": gettext_noop("a whole number"),
    "bool_type": gettext_noop("true or false"),
    "bool_parsing": gettext_noop("true or false"),
    "string_type": gettext_noop("text"),
    "uuid_type": gettext_noop("a UUID"),
    "uuid_parsing": gettext_noop("a UUID"),
    "datetime_type": gettext_noop("a date and time with its time zone (ISO 8601)"),
    "datetime_parsing": gettext_noop("a date and time with its time zone (ISO 8601)"),
    "datetime_from_date_parsing": gettext_noop("a date and time with its time zone (ISO 8601)"),
    "timezone_aware": gettext_noop("a date and time with its time zone (ISO 8601)"),
    "date_type": gettext_noop("a date (ISO 8601)"),
    "date_parsing": gettext_noop("a date (ISO 8601)"),
    "date_from_datetime_parsing": gettext_noop("a date (ISO 8601)"),
    "list_type": gettext_noop("a list"),
    "dict_type": gettext_noop("an object"),
    "model_type": gettext_noop("an object"),
    "model_attributes_type": gettext_noop("an object"),
    "json_invalid": gettext_noop("a JSON document"),
    "json_type": gettext_noop("a JSON document"),
    "string_pattern_mismatch": gettext_noop("in the expected form"),
    "none_required": gettext_noop("null"),
}

BOUNDS = {
    "string_too_long": (gettext_noop("at most %(n)s characters"), "max_length"),
    "too_long": (gettext_noop("at most %(n)s items"), "max_length"),
    "too_short": (gettext_noop("at least %(n)s items"), "min_length"),
    "greater_than_equal": (gettext_noop("at least %(n)s"), "ge"),
    "greater_than": (gettext_noop("more than %(n)s"), "gt"),
    "less_than_equal": (gettext_noop("at most %(n)s"), "le"),
    "less_than": (gettext_noop("less than %(n)s"), "lt"),
    "literal_error": (gettext_noop("one of %(n)s"), "expected"),
}


def where_it_is(loc: tuple[Any, ...]) -> str:
    """`("rounds", 3, "hands", 0, "points")` as `rounds[3].hands[0].points`; the names
    pydantic gives the branches of a choice (`RoundSnapshot`, `int`...) are left out."""
    where = ""
    for part in loc:
        if isinstance(part, int):
            where += f"[{part}]"
        elif part[:1].isupper() or "[" in part or part in ("int", "bool", "str", "none"):
            continue
        else:
            where += f".{part}" if where else part
    return where or "file"


def what_is_wrong(error: Any) -> str:
    kind = error["type"]
    context = error.get("ctx") or {}
    if kind in WORDS:
        return _(WORDS[kind])
    if kind in BOUNDS:
        words, key = BOUNDS[kind]
        return _(words) % {"n": context.get(key, "")}
    if kind == "value_error":
        reason = str(context.get("error", ""))
        return _(VALUE_ERRORS[reason]) if reason in VALUE_ERRORS else reason
    return str(error.get("msg", ""))
