"""How a deal's facts are shown: one compact sign each in the grid and on paper, and a word;
ROMi RAMi's colours and trophies in words."""

from __future__ import annotations

from django.utils.functional import Promise as StrPromise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules_engine import COLOURS, Fact

FACT_MARKS: dict[str, str] = {
    Fact.WENT_OUT: "★",
    Fact.OPENED_FIRST: "①",
    Fact.RAMI_SEC: "sec",
    Fact.LAID_NOTHING: "∅",
    Fact.OUT_IN_ONE_GO: "⚡",
}
NO_WINNER_MARK = "⊘"  # a deal that ended with stock and discard exhausted
FACT_WORDS: dict[str, StrPromise] = {
    Fact.WENT_OUT: _("went out"),
    Fact.OPENED_FIRST: _("opened first"),
    Fact.RAMI_SEC: _("rami sec"),
    Fact.LAID_NOTHING: _("laid nothing"),
    Fact.OUT_IN_ONE_GO: _("out in one go"),
}
FACT_BADGES: dict[str, StrPromise] = {
    Fact.WENT_OUT: _("out"),
    Fact.OPENED_FIRST: _("opened 1st"),
    Fact.RAMI_SEC: _("rami sec"),
    Fact.LAID_NOTHING: _("laid nothing"),
    Fact.OUT_IN_ONE_GO: _("in one go"),
}


def colour_name(code: str) -> str:
    return {
        "H": gettext("hearts"),
        "D": gettext("diamonds"),
        "C": gettext("clubs"),
        "Y": gettext("cherries"),
    }[code]


def trophy_name(symbol: str) -> str:
    if symbol in COLOURS:
        return gettext("most %(colour)s") % {"colour": colour_name(symbol)}
    return gettext("most %(n)s-card combos") % {"n": symbol}
