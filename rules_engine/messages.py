"""Sentences a player understands, in French and English, for every reason code.

The engine never builds text from user input except through these templates;
the web layer escapes what it shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, rank_name
from .melds import MeldReading
from .sentences import SENTENCES
from .systems import Contract, Requirement

LANGUAGES = ("fr", "en")

_KIND = {
    "set": {"fr": ("brelan", "brelans"), "en": ("set", "sets")},
    "run": {"fr": ("suite", "suites"), "en": ("run", "runs")},
}
_NUMBERS = {"fr": ["zéro", "un", "deux", "trois"], "en": ["no", "one", "two", "three"]}
_RANK_WORDS = {
    "fr": {1: "as", 11: "valet", 12: "dame", 13: "roi"},
    "en": {1: "ace", 11: "jack", 12: "queen", 13: "king"},
}
_SUIT_WORDS = {
    "fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
}


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "fr"


def kind_word(kind: str, lang: str, count: int = 1) -> str:
    single, plural = _KIND[kind][_lang(lang)]
    return single if count == 1 else plural


def requirement_words(req: Requirement, lang: str, count: int = 1) -> str:
    """`un brelan de 3`, `two runs of exactly 4`..."""
    lang = _lang(lang)
    number = _NUMBERS[lang][count] if count < 4 else str(count)
    if lang == "fr":
        article = ("une" if req.kind == "run" else "un") if count == 1 else number
        if req.exact:
            size = f" d'exactement {req.size} cartes"
        else:
            size = f" de {req.size} cartes" if req.kind == "run" else ""
        return f"{article} {kind_word(req.kind, lang, count)}{size}"
    article = "a" if count == 1 else number
    size = (
        f" of {'exactly ' if req.exact else ''}{req.size}" if req.kind == "run" or req.exact else ""
    )
    return f"{article} {kind_word(req.kind, lang, count)}{size}"


def contract_words(contract: Contract, lang: str) -> str:
    """The contract as the rule texts say it: `un brelan + deux suites de 4 cartes`."""
    groups: list[tuple[Requirement, int]] = []
    for req in contract.requirements:
        if groups and groups[-1][0] == req:
            groups[-1] = (req, groups[-1][1] + 1)
        else:
            groups.append((req, 1))
    text = " + ".join(requirement_words(r, lang, n) for r, n in groups)
    if contract.lay_all_cards:
        text += " (sans défausse)" if _lang(lang) == "fr" else " (no discard)"
    return text[0].upper() + text[1:]


def contract_symbols(contract: Contract) -> str:
    """Icons: a set as three suits of one rank, a run as one suit repeated."""
    icons = []
    for req in contract.requirements:
        icons.append("♣♦♥" if req.kind == "set" else "♠" * req.size)
    return " + ".join(icons)


def card_words(card: Card, lang: str) -> str:
    """`roi de cœur`, `king of hearts`, `joker (9 de cœur)`."""
    lang = _lang(lang)
    if card.is_joker:
        if card.pin is None:
            return "joker"
        return f"joker ({card_words(Card(*card.pin), lang)})"
    rank = _RANK_WORDS[lang].get(card.rank, str(card.rank))
    if not card.suit:  # a penalty hand may leave suits out
        return rank
    joiner = " de " if lang == "fr" else " of "
    return rank + joiner + _SUIT_WORDS[lang][card.suit]


def suit_word(suit: str, lang: str) -> str:
    return _SUIT_WORDS[_lang(lang)][suit]


def rank_word(rank: int, lang: str) -> str:
    return _RANK_WORDS[_lang(lang)].get(rank, str(rank))


# The parameter whose number picks a message's singular or plural form.
_COUNTED = {"run_gap": "jokers", "only_n_possible": "possible", "only_n_possible_f": "possible"}


def describe(code: str, params: Mapping[str, Any] | None = None, lang: str = "fr") -> str:
    """The sentence for a reason code; unknown codes fall back to the code itself."""
    lang = _lang(lang)
    params = dict(params or {})
    kind = params.get("kind")  # before it becomes a word: French agrees with it
    if "kind" in params and "size" in params:
        req = Requirement(
            params["kind"], params["size"], params.get("exact", code.startswith("meld_too"))
        )
        params["what"] = requirement_words(
            req, lang, params.get("count", 1) if code == "missing" else 1
        )
    if "kind" in params:
        params["kinds"] = kind_word(params["kind"], lang, 2)
        params["kind"] = kind_word(params["kind"], lang)
    if "rank" in params and isinstance(params["rank"], int):
        params["rank"] = rank_name(params["rank"])
    if isinstance(params.get("card"), Card):
        params["card"] = card_words(params["card"], lang)
    if "reasons" in params:
        params["reasons"] = " ; ".join(describe(r.code, r.params, lang) for r in params["reasons"])
    if code == "only_n_possible" and params.get("possible") == 0:
        code = "none_possible"
    if code in {"only_n_possible", "none_possible"} and lang == "fr" and kind == "run":
        code += "_f"
    template = SENTENCES.get(code, {}).get(lang)
    if template is None:
        return code
    if isinstance(template, tuple):  # (one, many), chosen by the count the message names
        count = params.get(_COUNTED.get(code, "count"), 0)
        one = count <= 1 if lang == "fr" else count == 1
        template = template[0] if one else template[1]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def reading_words(reading: MeldReading, lang: str) -> str:
    """`Suite de 4 cartes, du 7 au 10 de cœur ; joker = 9 de cœur` / `Set of 3 kings`."""
    lang = _lang(lang)
    jokers = [c for c in reading.cards if c.is_joker]
    if reading.kind == "set":
        rank = rank_word(reading.rank, lang)
        text = (
            f"Brelan de {len(reading.cards)} ({rank})"
            if lang == "fr"
            else f"Set of {len(reading.cards)} ({rank})"
        )
    else:
        first = reading.cards[0].face[0]
        last = reading.cards[-1].face[0]
        suit = suit_word(reading.suit, lang)
        if lang == "fr":
            text = f"Suite de {len(reading.cards)} cartes, {rank_word(first, lang)} à {rank_word(last, lang)} de {suit}"
        else:
            text = f"Run of {len(reading.cards)}, {rank_word(first, lang)} to {rank_word(last, lang)} of {suit}"
    if jokers and reading.kind == "run":
        stands = ", ".join(card_words(Card(*j.face), lang) for j in jokers)
        text += f" ; joker = {stands}" if lang == "fr" else f"; joker = {stands}"
    elif jokers:
        many = "s" if len(jokers) > 1 else ""
        text += f" ; {len(jokers)} joker{many}" if lang == "fr" else f"; {len(jokers)} joker{many}"
    return text
