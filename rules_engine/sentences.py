"""The sentence of every reason code, in French and English, and in Spanish from sentences_es.py
(data; messages.py fills them in).

A value is one template, or a (singular, plural) pair chosen by the count the code names.
"""

from __future__ import annotations

from .sentences_es import SENTENCES_ES
from .sentences_variants import SENTENCES_VARIANTS

SENTENCES: dict[str, dict[str, str | tuple[str, str]]] = {
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
    "hand_too_low": {
        "fr": "{points} points ? Une main qui n'a pas fini garde au moins une carte : {minimum} points au moins.",
        "en": "{points} points? A hand that did not go out keeps a card at least: {minimum} points or more.",
    },
    "no_such_seat": {
        "fr": "Il n'y a pas de place {seat} à cette table.",
        "en": "There is no seat {seat} at this table.",
    },
    "seat_not_playing": {
        "fr": "Cette place n'était pas à la table pour la manche {number} : laissez sa main vide.",
        "en": "This seat was not at the table for round {number}: leave its hand empty.",
    },
    "seat_gone": {
        "fr": "Ce joueur a déjà quitté la table.",
        "en": "This player has already left the table.",
    },
    "too_few_left": {
        "fr": "Il faut au moins {low} joueurs à la table : personne d'autre ne peut partir.",
        "en": "The table needs {low} players at least: nobody else can leave.",
    },
    "table_full": {
        "fr": "Ce jeu se joue à {high} joueurs au plus : la table est complète.",
        "en": "This game is for {high} players at most: the table is full.",
    },
    "players_needed": {
        "fr": "Précisez le nombre de joueurs autour de la table.",
        "en": "Say how many players sit at the table.",
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

for _code, _words in SENTENCES_ES.items():
    SENTENCES[_code]["es"] = _words
SENTENCES.update(SENTENCES_VARIANTS)
