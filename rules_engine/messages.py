"""Sentences a player understands, in French and English, for every reason code.

The engine never builds text from user input except through these templates;
the web layer escapes what it shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, rank_name
from .melds import MeldReading
from .systems import Contract, Requirement

LANGUAGES = ("fr", "en")

_T: dict[str, dict[str, str | tuple[str, str]]] = {
    # notation
    "empty_card": {
        "fr": "Carte vide à la position {position}.",
        "en": "Empty card at position {position}.",
    },
    "missing_suit": {
        "fr": "« {token} » : il manque la couleur (S, H, D, C ou ♠ ♥ ♦ ♣).",
        "en": "“{token}”: the suit is missing (S, H, D, C or ♠ ♥ ♦ ♣).",
    },
    "unknown_suit": {
        "fr": "« {token} » n'est pas une carte : couleur inconnue.",
        "en": "“{token}” is not a card: unknown suit.",
    },
    "unknown_rank": {
        "fr": "« {token} » n'est pas une carte : valeur inconnue (A, 2-10, J, Q, K).",
        "en": "“{token}” is not a card: unknown rank (A, 2-10, J, Q, K).",
    },
    "bad_joker_pin": {
        "fr": "« {token} » : un joker s'écrit JK ou JK=9H.",
        "en": "“{token}”: write a joker as JK or JK=9H.",
    },
    "too_many_cards": {
        "fr": "Trop de cartes (à partir de « {token} »).",
        "en": "Too many cards (from “{token}” on).",
    },
    "hand_too_large": {
        "fr": "Trop de cartes : {count}, alors qu'une main de ce jeu en compte au plus {most}.",
        "en": "Too many cards: {count}, and a hand in this game holds at most {most}.",
    },
    "too_many_jokers": {
        "fr": (
            "{count} joker : ce jeu en compte au plus {most}.",
            "{count} jokers : ce jeu en compte au plus {most}.",
        ),
        "en": (
            "{count} joker, and this game has at most {most}.",
            "{count} jokers, and this game has at most {most}.",
        ),
    },
    "too_many_copies": {
        "fr": "Carte en trop : {card} ×{count}, les paquets en jeu n'en ont que {most}.",
        "en": "Too many copies: {card} ×{count}, the decks in play hold only {most}.",
    },
    "search_too_large": {
        "fr": "Trop de possibilités pour trancher ici : retirez quelques cartes ou jokers.",
        "en": "Too many possibilities to decide here: take out a few cards or jokers.",
    },
    "no_opening": {
        "fr": "Ce jeu n'a pas d'ouverture à 51 points : choisissez une manche et son contrat.",
        "en": "This game has no 51-point opening: choose a round and its contract.",
    },
    "no_finder": {
        "fr": "Pas de recherche de pose dans ce jeu : vérifiez plutôt un contrat avec ses cartes.",
        "en": "This game has no lay-down finder: check a contract with its cards instead.",
    },
    "no_romi": {
        "fr": "Cette question ne concerne que ROMi RAMi.",
        "en": "This question is for ROMi RAMi only.",
    },
    "no_penalty": {
        "fr": "Ce jeu ne compte pas les cartes restées en main.",
        "en": "This game does not count the cards left in hand.",
    },
    "unknown_rules": {"fr": "Règle inconnue : {slug}.", "en": "Unknown rules: {slug}."},
    "round_out_of_range": {
        "fr": "Pas de manche {round} dans cette règle ({rounds} manches).",
        "en": "There is no round {round} in these rules ({rounds} rounds).",
    },
    "deal_invalid": {"fr": "La manche n'est pas valable.", "en": "The deal does not add up."},
    "round_needed": {
        "fr": "Précisez la manche dont le contrat s'applique (1 à {rounds}).",
        "en": "Say which round's contract applies (1 to {rounds}).",
    },
    "player_count": {
        "fr": "Ce jeu se joue de {low} à {high} joueurs.",
        "en": "This game is for {low} to {high} players.",
    },
    "unknown_option": {
        "fr": "Option inconnue pour ce jeu : « {option} ».",
        "en": "This game has no option “{option}”.",
    },
    "bad_options": {
        "fr": "Les options s'envoient comme un objet JSON.",
        "en": "Send the options as a JSON object.",
    },
    "option_not_bool": {
        "fr": "L'option « {option} » vaut true ou false.",
        "en": "The option “{option}” is true or false.",
    },
    "option_out_of_range": {
        "fr": "L'option « {option} » va de {low} à {high}.",
        "en": "The option “{option}” goes from {low} to {high}.",
    },
    "option_not_one_of": {
        "fr": "L'option « {option} » prend l'une de ces valeurs : {values}.",
        "en": "The option “{option}” takes one of: {values}.",
    },
    "option_not_pair": {
        "fr": "Une option s'écrit nom=valeur, par exemple exact_lay_down=0 : « {option} ».",
        "en": "Write an option as name=value, e.g. exact_lay_down=0: “{option}”.",
    },
    "decks_too_few": {
        "fr": "{decks} paquet(s) ne suffisent pas pour distribuer chaque manche à {players} joueurs.",
        "en": "{decks} deck(s) cannot deal every round to {players} players.",
    },
    "round_not_asked": {
        "fr": "Ce jeu n'a pas de contrats par manche : posez la question sans manche (l'ouverture).",
        "en": "This game has no contract per round: ask without a round (the opening).",
    },
    "options_conflict": {
        "fr": "Les options « {first} » et « {second} » ne vont pas ensemble : choisissez-en une.",
        "en": "The options “{first}” and “{second}” do not go together: choose one.",
    },
    "bad_requirement": {
        "fr": "Exigence inconnue : « {token} ».",
        "en": "Unknown requirement: “{token}”.",
    },
    "bad_value_card": {
        "fr": "« {token} » n'est pas une carte Valeur (1-5 et H, D, C, Y).",
        "en": "“{token}” is not a value card (1-5 and H, D, C, Y).",
    },
    # melds
    "no_natural_card": {
        "fr": "il faut au moins une vraie carte, pas que des jokers",
        "en": "it needs at least one natural card, not only jokers",
    },
    "set_of_jokers": {
        "fr": "un brelan de jokers est interdit",
        "en": "a set of jokers is not allowed",
    },
    "set_too_many_jokers": {
        "fr": "un brelan compte au plus {maximum} jokers, celui-ci en a {count}",
        "en": "a set holds at most {maximum} jokers, this one has {count}",
    },
    "too_few_cards": {
        "fr": (
            "{count} carte seulement, il en faut au moins {minimum}",
            "{count} cartes seulement, il en faut au moins {minimum}",
        ),
        "en": (
            "only {count} card, at least {minimum} needed",
            "only {count} cards, at least {minimum} needed",
        ),
    },
    "set_mixed_ranks": {
        "fr": "pas un brelan : les valeurs diffèrent",
        "en": "not a set: the ranks differ",
    },
    "set_too_short": {
        "fr": "brelan trop court ({count} cartes, minimum {minimum})",
        "en": "set too short ({count} cards, at least {minimum})",
    },
    "set_too_long": {
        "fr": "brelan trop long ({count} cartes, maximum {maximum})",
        "en": "set too long ({count} cards, at most {maximum})",
    },
    "set_same_suit_twice": {
        "fr": "un brelan doit être de couleurs toutes différentes",
        "en": "a set must have all different suits",
    },
    "run_mixed_suits": {
        "fr": "pas une suite : les couleurs diffèrent",
        "en": "not a run: the suits differ",
    },
    "run_too_short": {
        "fr": "suite trop courte ({count} cartes, minimum {minimum})",
        "en": "run too short ({count} cards, at least {minimum})",
    },
    "run_too_long": {
        "fr": "suite trop longue ({count} cartes, maximum {maximum})",
        "en": "run too long ({count} cards, at most {maximum})",
    },
    "run_rank_twice": {
        "fr": "une suite ne peut pas contenir deux fois {rank}",
        "en": "a run cannot hold {rank} twice",
    },
    "run_gap": {
        "fr": (
            "les cartes ne se suivent pas : un joker ne comble pas l'écart",
            "les cartes ne se suivent pas : {jokers} jokers ne comblent pas l'écart",
        ),
        "en": (
            "the cards are not consecutive: one joker does not fill the gap",
            "the cards are not consecutive: {jokers} jokers do not fill the gap",
        ),
    },
    "run_not_consecutive": {
        "fr": "les cartes ne se suivent pas",
        "en": "the cards are not consecutive",
    },
    "ace_no_wrap": {
        "fr": "l'as ne peut pas relier le roi et le 2",
        "en": "the ace cannot join K and 2",
    },
    # contracts
    "nothing_laid": {"fr": "Rien n'est posé.", "en": "Nothing is laid down."},
    "meld_invalid": {"fr": "Combinaison {meld} : {reasons}.", "en": "Meld {meld}: {reasons}."},
    "missing": {"fr": "Il manque encore {what}.", "en": "The contract still lacks {what}."},
    "meld_too_long_for_contract": {
        "fr": "Combinaison {meld} : {count} cartes alors que le contrat demande {what} ; "
        "on ne pose pas plus que le contrat.",
        "en": "Meld {meld} has {count} cards but the contract asks for {what}; "
        "you may not lay more than the contract asks.",
    },
    "meld_too_short_for_contract": {
        "fr": "Combinaison {meld} : {count} cartes, le contrat demande {what}.",
        "en": "Meld {meld} has {count} cards; the contract asks for {what}.",
    },
    "extra_meld": {
        "fr": "Combinaison {meld} ({kind}) : elle ne fait pas partie du contrat.",
        "en": "Meld {meld} ({kind}) is not part of the contract.",
    },
    "runs_contiguous": {
        "fr": "Les suites {first} et {second} sont contiguës dans la même couleur : interdit dans un contrat.",
        "en": "Runs {first} and {second} are contiguous in the same suit: not allowed in a contract.",
    },
    "runs_meet": {
        "fr": "Les suites {first} et {second} se touchent ou se chevauchent dans la même couleur : refusé à cette table.",
        "en": "Runs {first} and {second} touch or overlap in the same suit: refused at this table.",
    },
    "same_rank_sets": {
        "fr": "Les brelans {first} et {second} sont de la même valeur : à cette table, ils comptent pour un seul.",
        "en": "Sets {first} and {second} are of the same rank: at this table they count as one.",
    },
    "rami_sec_only": {
        "fr": "À cette table, on ne pose que par rami sec : les {needed} cartes d'un coup ({count} posées).",
        "en": "At this table one lays down only by rami sec: all {needed} cards at once ({count} laid).",
    },
    "rami_sec_hand": {
        "fr": "Pour chercher un rami sec, donnez les {needed} cartes tenues après la pioche ({count} données).",
        "en": "To look for a rami sec, give the {needed} cards held after drawing ({count} given).",
    },
    "no_rami_sec_possible": {
        "fr": "Pas de rami sec dans cette main : toutes ses cartes sauf la défausse ne se combinent pas en une ouverture.",
        "en": "No rami sec in this hand: its cards but the discard do not all make an opening.",
    },
    "must_lay_all": {
        "fr": "Ce contrat se pose en entier, sans défausse : {needed} cartes ({count} ici).",
        "en": "This contract is laid in full with no discard: {needed} cards ({count} here).",
    },
    "too_many_melds": {
        "fr": "Trop de combinaisons ({count}, maximum {maximum}).",
        "en": "Too many melds ({count}, at most {maximum}).",
    },
    # opening
    "no_pure_run": {
        "fr": "Il faut une suite franche (sans joker) d'au moins {minimum} cartes.",
        "en": "A pure run (no joker) of at least {minimum} cards is required.",
    },
    "below_minimum": {
        "fr": "{points} points : il en manque {missing} pour atteindre {minimum}.",
        "en": "{points} points: {missing} short of {minimum}.",
    },
    "must_keep_discard": {
        "fr": "Il faut garder une carte à jeter.",
        "en": "You must keep a card to discard.",
    },
    # finder
    "hand_too_small": {
        "fr": "La main n'a que {count} cartes, le contrat en demande {needed}.",
        "en": "The hand holds only {count} cards; the contract needs {needed}.",
    },
    "only_n_possible": {
        "fr": (
            "Un seul {kind} possible ; le contrat en demande {needed}.",
            "{possible} {kinds} possibles ; le contrat en demande {needed}.",
        ),
        "en": (
            "Only one {kind} possible; the contract asks for {needed}.",
            "Only {possible} {kinds} possible; the contract asks for {needed}.",
        ),
    },
    "none_possible": {
        "fr": "Aucun {kind} possible ; le contrat en demande {needed}.",
        "en": "No {kind} possible; the contract asks for {needed}.",
    },
    # French agrees with the kind: une suite, un brelan.
    "only_n_possible_f": {
        "fr": (
            "Une seule {kind} possible ; le contrat en demande {needed}.",
            "{possible} {kinds} possibles ; le contrat en demande {needed}.",
        )
    },
    "none_possible_f": {"fr": "Aucune {kind} possible ; le contrat en demande {needed}."},
    "only_contiguous_runs": {
        "fr": "Les suites possibles se touchent dans la même couleur.",
        "en": "The only runs possible are contiguous in the same suit.",
    },
    "only_same_rank_sets": {
        "fr": "Les seuls brelans possibles sont de la même valeur, et comptent ici pour un seul.",
        "en": "The only sets possible share a rank, which counts as one set here.",
    },
    "cannot_combine": {
        "fr": "Les combinaisons possibles se disputent les mêmes cartes.",
        "en": "The possible melds need the same cards.",
    },
    "no_pure_run_possible": {
        "fr": "Aucune suite franche possible dans cette main.",
        "en": "No pure run can be made from this hand.",
    },
    "best_below_minimum": {
        "fr": "La meilleure pose ne vaut que {points} points (il en faut {minimum}).",
        "en": "The best lay-down is worth only {points} points ({minimum} needed).",
    },
    # romi
    "romi_missing": {
        "fr": "Ces cartes ne remplissent pas {what}.",
        "en": "These cards do not make {what}.",
    },
    "romi_joker_used": {
        "fr": "Le jeton Joker a déjà été utilisé.",
        "en": "The joker token is already used.",
    },
    # deals
    "went_out_count": {
        "fr": "Un seul joueur doit avoir fini ({count} indiqués).",
        "en": "Exactly one player must go out ({count} marked).",
    },
    "no_winner_not_allowed": {
        "fr": "Cette règle n'a pas de manche sans gagnant.",
        "en": "These rules have no deal without a winner.",
    },
    "no_winner_but_went_out": {
        "fr": "Manche sans gagnant : personne ne peut avoir fini.",
        "en": "A deal with no winner: nobody went out.",
    },
    "unknown_fact": {"fr": "Fait inconnu : {fact}.", "en": "Unknown fact: {fact}."},
    "hand_missing": {
        "fr": "Indiquez les points ou les cartes restantes.",
        "en": "Enter the points or the cards left.",
    },
    "negative_hand": {
        "fr": "Une main ne peut pas valoir moins de 0.",
        "en": "A hand cannot be below 0.",
    },
    "went_out_with_points": {
        "fr": "Le joueur qui a fini marque 0.",
        "en": "The player who went out scores 0.",
    },
    "hand_too_high": {
        "fr": "{points} points : une main ne peut pas dépasser {maximum}.",
        "en": "{points} points: a hand cannot exceed {maximum}.",
    },
    "opened_first_count": {
        "fr": "Indiquez un seul joueur qui a ouvert en premier.",
        "en": "Mark exactly one player who opened first.",
    },
    "rami_sec_not_out": {
        "fr": "Le rami sec est fait par le joueur qui a fini.",
        "en": "Rami sec is made by the player who went out.",
    },
    "laid_nothing_but_out": {
        "fr": "Le joueur qui a fini a forcément posé.",
        "en": "The player who went out has laid cards.",
    },
}

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
    template = _T.get(code, {}).get(lang)
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
