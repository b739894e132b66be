"""The points keypad: `12+11+7`, `-50`, `30 - 10`; ASCII digits only, bounded."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

MAX_TERMS = 20
MAX_DIGITS = 5
MAX_ABS = 99_999
_EXPRESSION = re.compile(r"^[+-]?\d+(?:[+-]\d+)*$", re.ASCII)


def parse_points(text: str) -> int | None:
    """The value of a typed sum, None when blank; ValidationError with a reason otherwise."""
    compact = "".join(text.split()).replace("−", "-")  # the keypad's minus sign
    if not compact:
        return None
    if len(compact) > MAX_TERMS * (MAX_DIGITS + 1) or not _EXPRESSION.match(compact):
        raise ValidationError(_("Enter a number or a sum like 12+11+7."), code="points_syntax")
    terms = re.findall(r"[+-]?\d+", compact, re.ASCII)
    if len(terms) > MAX_TERMS or any(len(t.lstrip("+-")) > MAX_DIGITS for t in terms):
        raise ValidationError(_("That number is too large."), code="points_large")
    value = sum(int(t) for t in terms)
    if abs(value) > MAX_ABS:
        raise ValidationError(_("That number is too large."), code="points_large")
    return value
