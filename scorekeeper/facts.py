"""How a deal's facts are shown: one compact sign each in the grid and on paper, and a word."""

from __future__ import annotations

from django.utils.functional import Promise as StrPromise
from django.utils.translation import gettext_lazy as _

from rules_engine import Fact

FACT_MARKS: dict[str, str] = {
    Fact.WENT_OUT: "★",
    Fact.OPENED_FIRST: "①",
    Fact.RAMI_SEC: "sec",
    Fact.LAID_NOTHING: "∅",
}
NO_WINNER_MARK = "⊘"  # a deal that ended with stock and discard exhausted
FACT_WORDS: dict[str, StrPromise] = {
    Fact.WENT_OUT: _("went out"),
    Fact.OPENED_FIRST: _("opened first"),
    Fact.RAMI_SEC: _("rami sec"),
    Fact.LAID_NOTHING: _("laid nothing"),
}
FACT_BADGES: dict[str, StrPromise] = {
    Fact.WENT_OUT: _("out"),
    Fact.OPENED_FIRST: _("opened 1st"),
    Fact.RAMI_SEC: _("rami sec"),
    Fact.LAID_NOTHING: _("laid nothing"),
}
