"""Small numbers typed in a form or an address: a seat, a round, a player count."""

from __future__ import annotations

import re


def small_number(text: str, digits: int = 2) -> int | None:
    """A seat or round number typed in ASCII digits; None otherwise.

    Not str.isdigit(): it also accepts "²" and 5,000-digit strings, which int() refuses.
    """
    return int(text) if re.fullmatch(rf"[0-9]{{1,{digits}}}", text) else None
