"""Sentences a player understands, in French, English and Spanish, for every reason code.

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

LANGUAGES = ("fr", "en", "es")
# Languages whose word for a run is feminine (une suite, una escalera): their messages agree.
_RUN_FEMININE = ("fr", "es")

_KIND = {
    "set": {"fr": ("brelan", "brelans"), "en": ("set", "sets"), "es": ("trío", "tríos")},
    "run": {"fr": ("suite", "suites"), "en": ("run", "runs"), "es": ("escalera", "escaleras")},
}
_NUMBERS = {
    "fr": ["zéro", "un", "deux", "trois"],
    "en": ["no", "one", "two", "three"],
    "es": ["ningún", "un", "dos", "tres"],
}
_RANK_WORDS = {
    "fr": {1: "as", 11: "valet", 12: "dame", 13: "roi"},
    "en": {1: "ace", 11: "jack", 12: "queen", 13: "king"},
    "es": {1: "as", 11: "jota", 12: "reina", 13: "rey"},
}
_SUIT_WORDS = {
    "fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "es": {"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"},
}
_NO_DISCARD = {"fr": " (sans défausse)", "en": " (no discard)", "es": " (sin descarte)"}
_OF = {"fr": " de ", "en": " of ", "es": " de "}
_NO_JOKERS = {"fr": " (sans joker)", "en": " (no jokers)", "es": " (sin comodines)"}
_OR = {"fr": ", ou ", "en": ", or ", "es": ", o "}
# A round whose runs differ from the game's says what they share.
_ROUND_RUNS = {
    "fr": {
        "one_suit": " (suites d'une seule couleur)",
        "any_suit": " (suites de couleurs libres)",
        "one_colour": " (suites toutes rouges ou toutes noires)",
        "alternating_colours": " (suites rouge et noir en alternance)",
    },
    "en": {
        "one_suit": " (runs of one suit)",
        "any_suit": " (runs of any suits)",
        "one_colour": " (runs all red or all black)",
        "alternating_colours": " (runs of red and black alternating)",
    },
    "es": {
        "one_suit": " (escaleras de un solo palo)",
        "any_suit": " (escaleras de palos cualesquiera)",
        "one_colour": " (escaleras todas rojas o todas negras)",
        "alternating_colours": " (escaleras de rojo y negro alternados)",
    },
}


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "fr"


def kind_word(kind: str, lang: str, count: int = 1) -> str:
    single, plural = _KIND[kind][_lang(lang)]
    return single if count == 1 else plural


def _sized(req: Requirement) -> bool:
    """A run says its length; a set only past three cards (a set of 3 is every set's least)."""
    return req.kind == "run" or req.size > 3


def requirement_words(req: Requirement, lang: str, count: int = 1) -> str:
    """`un brelan de 3`, `two runs of exactly 4`, `una escalera de 4 cartas`..."""
    lang = _lang(lang)
    number = _NUMBERS[lang][count] if count < 4 else str(count)
    if lang in _RUN_FEMININE:
        feminine = req.kind == "run"
        article = ("una" if lang == "es" else "une") if feminine else "un"
        article = article if count == 1 else number
        cards = "cartas" if lang == "es" else "cartes"
        if req.exact:
            exactly = "de exactamente" if lang == "es" else "d'exactement"
            size = f" {exactly} {req.size} {cards}"
        else:
            size = f" de {req.size} {cards}" if _sized(req) else ""
        return f"{article} {kind_word(req.kind, lang, count)}{size}"
    article = "a" if count == 1 else number
    size = f" of {'exactly ' if req.exact else ''}{req.size}" if _sized(req) or req.exact else ""
    return f"{article} {kind_word(req.kind, lang, count)}{size}"


def contract_words(contract: Contract, lang: str) -> str:
    """The contract as the rule texts say it: `un brelan + deux suites de 4 cartes`, its
    other ways after "or" (`cinq brelans, ou trois brelans de 4 + un brelan`)."""
    text = _OR[_lang(lang)].join(_way_words(way, lang) for way in contract.ways())
    if contract.runs is not None:
        text += _ROUND_RUNS[_lang(lang)][contract.runs]
    if contract.lay_all_cards:
        text += _NO_DISCARD[_lang(lang)]
    if contract.no_jokers:
        text += _NO_JOKERS[_lang(lang)]
    return text[0].upper() + text[1:]


def _way_words(way: Contract, lang: str) -> str:
    groups: list[tuple[Requirement, int]] = []
    for req in way.requirements:
        if groups and groups[-1][0] == req:
            groups[-1] = (req, groups[-1][1] + 1)
        else:
            groups.append((req, 1))
    return " + ".join(requirement_words(r, lang, n) for r, n in groups)


def contract_symbols(contract: Contract) -> str:
    """Icons: a set as three suits of one rank, a run as one suit repeated, or the suits a
    round's runs mix (a long run as its icons and its length, ♠×10, to fit a grid's narrow
    column); other ways after a slash."""
    return " / ".join(_way_symbols(way) for way in contract.ways())


# A run's icons by what its cards share (a round's own runs): one suit, the four suits, one
# colour's two, red and black in turn.
_RUN_ICONS = {
    "one_suit": "♠",
    "any_suit": "♠♥♦♣",
    "one_colour": "♥♦",
    "alternating_colours": "♠♥",
}


def _way_symbols(contract: Contract) -> str:
    icons = []
    pattern = _RUN_ICONS[contract.runs or "one_suit"]
    for req in contract.requirements:
        if req.kind == "set":
            icons.append("♣♦♥")
        elif req.size <= 5:
            icons.append((pattern * req.size)[: req.size])
        else:
            icons.append(f"{pattern}×{req.size}")
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
    return rank + _OF[lang] + _SUIT_WORDS[lang][card.suit]


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
    if code in {"only_n_possible", "none_possible"} and lang in _RUN_FEMININE and kind == "run":
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


# How each language reads a meld: its set, its run, the cards a joker stands for, the jokers.
_READING: dict[str, tuple[str, str, str, tuple[str, str]]] = {
    "fr": (
        "Brelan de {n} ({rank})",
        "Suite de {n} cartes, {first} à {last}{of}{suit}",
        " ; joker = {stands}",
        (" ; {n} joker", " ; {n} jokers"),
    ),
    "en": (
        "Set of {n} ({rank})",
        "Run of {n}, {first} to {last}{of}{suit}",
        "; joker = {stands}",
        ("; {n} joker", "; {n} jokers"),
    ),
    "es": (
        "Trío de {n} ({rank})",
        "Escalera de {n} cartas, {first} a {last}{of}{suit}",
        "; comodín = {stands}",
        ("; {n} comodín", "; {n} comodines"),
    ),
}


_SEPARATOR = {"fr": " ; ", "en": "; ", "es": "; "}

# What a run not of one suit shares, said where a run of one suit names its suit.
_RUN_SHARES: dict[str, dict[str, str]] = {
    "fr": {
        "*": "couleurs libres",
        "red": "toute rouge",
        "black": "toute noire",
        "alternating_colours": "rouge et noir en alternance",
    },
    "en": {
        "*": "any suits",
        "red": "all red",
        "black": "all black",
        "alternating_colours": "red and black alternating",
    },
    "es": {
        "*": "palos cualesquiera",
        "red": "toda roja",
        "black": "toda negra",
        "alternating_colours": "rojo y negro alternados",
    },
}


def _run_suit_words(reading: MeldReading, lang: str) -> str:
    if reading.runs == "one_suit":
        return suit_word(reading.suit, lang)
    key = "alternating_colours" if reading.runs == "alternating_colours" else reading.joins
    return _RUN_SHARES[lang][key]


def reading_words(reading: MeldReading, lang: str) -> str:
    """`Suite de 4 cartes, 7 à 10 de cœur ; joker = 9 de cœur` / `Set of 3 (king)`."""
    lang = _lang(lang)
    set_words, run_words, stands_words, jokers_words = _READING[lang]
    jokers = [c for c in reading.cards if c.is_joker]
    if reading.kind == "set":
        text = set_words.format(n=len(reading.cards), rank=rank_word(reading.rank, lang))
    else:
        text = run_words.format(
            n=len(reading.cards),
            first=rank_word(reading.cards[0].face[0], lang),
            last=rank_word(reading.cards[-1].face[0], lang),
            of=_OF[lang] if reading.runs == "one_suit" else ", ",
            suit=_run_suit_words(reading, lang),
        )
    if jokers and reading.kind == "run":
        plain = [j for j in jokers if not j.deuce]
        if plain:
            stands = ", ".join(card_words(Card(*j.face), lang) for j in plain)
            text += stands_words.format(stands=stands)
        for wild in (j for j in jokers if j.deuce):  # "; 2 of spades = 7 of diamonds"
            deuce = card_words(Card(2, wild.deuce), lang)
            text += f"{_SEPARATOR[lang]}{deuce} = {card_words(Card(*wild.face), lang)}"
    elif jokers:
        one, many = jokers_words
        text += (one if len(jokers) == 1 else many).format(n=len(jokers))
    return text
