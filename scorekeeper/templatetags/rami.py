"""Display helpers: fact badges, suit and colour symbols; no rule lives here."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django import template
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rules_engine import COLOUR_SYMBOLS, SYSTEMS, RulesError, format_meld, parse_cards, rank_word
from scorekeeper.core.facts import FACT_BADGES, colour_name, trophy_name
from scorekeeper.core.i18n import elide, lang
from scorekeeper.core.static_storage import page_scripts as scripts_of_pages
from scorekeeper.models import Game

if TYPE_CHECKING:
    from scorekeeper.models import HistoryEntry

register = template.Library()


@register.simple_tag
def page_scripts() -> list[str]:
    """The static names of the page's own scripts (one bundle once collected)."""
    return scripts_of_pages()


@register.filter
def fact_badge(fact: str) -> str:
    return str(FACT_BADGES.get(fact, fact))


@register.filter
def colour_symbol(code: str) -> str:
    return COLOUR_SYMBOLS.get(code, code)


@register.filter
def colour_label(code: str) -> str:
    return colour_name(code)


@register.filter
def trophy_label(symbol: str) -> str:
    return trophy_name(symbol)


@register.filter
def at(sequence: Sequence[Any], index: int) -> Any:
    return sequence[index]


@register.filter
def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


@register.filter
def words(text: str) -> list[str]:
    return text.split()


@register.filter
def rank_label(rank: str) -> str:
    """Screen-reader name of a rank button, starting with what the button shows (so a voice
    command saying the label finds it): `K, roi`, `A, as`, `10`, `JK, joker`."""
    numbers = {"A": 1, "J": 11, "Q": 12, "K": 13}
    value = numbers.get(rank, int(rank) if rank.isascii() and rank.isdigit() else 0)
    if rank == "JK":
        return "JK, " + _("joker")
    if rank in ("2♠", "2♥"):  # where only the deuces of one colour are wild
        return f"{rank}, " + (_("black deuce, wild") if rank == "2♠" else _("red deuce, wild"))
    word = rank_word(value, lang()) if value else rank
    return rank if word == rank else f"{rank}, {word}"


@register.simple_tag
def rank_pad(target: str, keys: Sequence[str], next_key: bool = False) -> str:
    """The card picker's keys for the input `target`: alike for every hand of a page but
    for the target, so written once per language and set of keys (fifty-odd buttons a
    round form, each label translated)."""
    return format_html(
        '<div class="rank-pad" role="group" aria-label="{}" data-target="{}">{}</div>',
        _("Cards"),
        target,
        _rank_pad_keys(tuple(keys), next_key, lang()),
    )


@lru_cache(maxsize=64)
def _rank_pad_keys(keys: tuple[str, ...], next_key: bool, language: str) -> str:
    del language  # a key of the cache: the labels are in the active language
    buttons = format_html_join(
        "",
        '<button type="button" data-card="{}" aria-label="{}">{}</button>',
        ((rank, rank_label(rank), rank) for rank in keys),
    )
    undo = format_html(
        '<button type="button" data-card-undo aria-label="{}">⌫</button>',
        _("Remove the last card"),
    )
    after = ""
    if next_key:
        after = format_html(
            '<button type="button" data-card-next aria-label="{}">→</button>', _("Next player")
        )
    return format_html("{}{}{}", buttons, undo, after)


@register.filter
def machine_datetime(value: datetime) -> str:
    """A `<time datetime>` value: HTML allows at most 3 digits of a second's fraction."""
    return value.isoformat(timespec="seconds")


@register.filter
def game_name(game: Game | str) -> str:
    """A game's name (a table's own game's, or its system's) in the page's language; a
    system's by its slug."""
    if isinstance(game, Game):
        return game.name
    rules = SYSTEMS.get(game)
    return rules.name[lang()] if rules else game


@register.filter
def game_name_in(slug: str, names: dict[str, str]) -> str:
    """A game's name by its slug among `names` (a group's own games), else as game_name."""
    return names.get(slug) or game_name(slug)


@register.filter
def with_suits(meld: list[str]) -> str:
    """A meld in notation (`9H JK=9H`) written with suit symbols (`9♥ JK=9♥`)."""
    try:
        return format_meld(parse_cards(" ".join(meld)), symbols=True)
    except RulesError:
        return " ".join(meld)


@register.filter
def changed_scores(entry: HistoryEntry) -> list[tuple[str, int, int]]:
    """(name, before, after) for each player a correction changed, and only those."""
    after = {score["seat"]: score for score in (entry.after or {}).get("scores", [])}
    return [
        (old["name"], old["score"], after[old["seat"]]["score"])
        for old in (entry.before or {}).get("scores", [])
        if old["seat"] in after and after[old["seat"]]["score"] != old["score"]
    ]


@register.filter
def trophy_sign(symbol: str) -> str:
    """A trophy's short sign in a narrow table: its colour's symbol or its combo size."""
    return COLOUR_SYMBOLS.get(symbol, f"[{symbol}]")


@register.filter(name="elide")
def elide_filter(text: str, name: str) -> str:
    """`{{ sentence|elide:name }}`: "de Alice" → "d’Alice" in French (i18n.elide)."""
    return mark_safe(elide(conditional_escape(text), conditional_escape(name)))
