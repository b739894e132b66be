"""The words of each house rule (HOUSE_RULES), in French and English: its label, its one-line
meaning (which may name the rules' figures), the line a page shows once it is set (by value,
or ANY with the value as %(n)d), and where needed the words of its unset reading or of a value.
"""

from __future__ import annotations

from typing import Any

ANY = "*"  # a line for any value (numbers): the value is %(n)d

HOUSE_RULE_WORDS: dict[str, dict[str, Any]] = {
    "no_jokers": {
        "label": {"fr": "Jouer sans jokers", "en": "Play without jokers"},
        "meaning": {
            "fr": "La variante jouée sans aucun joker ; le décompte et les vérifications en "
            "tiennent compte.",
            "en": "The variant played without any joker; scores and checks follow.",
        },
        "said": {True: {"fr": "Jeu sans jokers.", "en": "Played without jokers."}},
    },
    "rounds": {
        "label": {"fr": "Nombre de manches", "en": "Number of deals"},
        "meaning": {
            "fr": "Vide : on joue et la table arrête quand elle veut.",
            "en": "Empty: play on and end the game when the table wants.",
        },
        "said": {ANY: {"fr": "%(n)d manches convenues.", "en": "%(n)d deals agreed."}},
        "unset": {"fr": "sans limite", "en": "open-ended"},
    },
    "end_at_total": {
        "label": {"fr": "Arrêter quand un joueur atteint", "en": "End when a player reaches"},
        "meaning": {
            "fr": "En points ; la partie s'arrête après la manche qui y amène un total.",
            "en": "Points; the game stops after the deal that brings a total there.",
        },
        "said": {
            ANY: {
                "fr": "La partie s'arrête quand un joueur atteint %(n)d points.",
                "en": "The game ends when a player reaches %(n)d points.",
            }
        },
        "unset": {"fr": "aucune", "en": "none"},
    },
    "joker_counts_as_card": {
        "label": {
            "fr": "Un joker dans l'ouverture vaut sa carte",
            "en": "A joker in the opening counts as its card",
        },
        "meaning": {
            "fr": "Au lieu de %(joker)d, comme le comptent la plupart des règles françaises "
            "pour les %(minimum)d.",
            "en": "Instead of %(joker)d, as most French rule books count it towards the "
            "%(minimum)d.",
        },
        "said": {
            True: {
                "fr": "Un joker à l'ouverture vaut la carte qu'il remplace.",
                "en": "A joker in the opening counts as the card it replaces.",
            }
        },
    },
    "ace_in_set": {
        "label": {
            "fr": "Un as dans un brelan vaut, à l'ouverture",
            "en": "An ace in a set counts, in the opening",
        },
        "meaning": {
            "fr": "Un brelan d'as apporte %(three_high)d points à %(high)d chacun, "
            "%(three_low)d à %(low)d chacun.",
            "en": "Three aces in a set open with %(three_high)d points at %(high)d each, "
            "%(three_low)d at %(low)d each.",
        },
        "said": {
            ANY: {
                "fr": "Un as dans un brelan vaut %(n)d à l'ouverture.",
                "en": "An ace in a set counts %(n)d in the opening.",
            }
        },
        "value": {"fr": "%(n)d points", "en": "%(n)d points"},
    },
    "rami_sec_only": {
        "label": {"fr": "Rami sec seulement", "en": "Rami sec only"},
        "meaning": {
            "fr": "On ne pose qu'en posant ses %(cards)d cartes d'un coup ; les autres marquent "
            "alors %(flat)d.",
            "en": "One lays down only by laying all %(cards)d cards at once; the others then "
            "score %(flat)d.",
        },
        "said": {
            True: {"fr": "On ne pose que par rami sec.", "en": "One lays down only by rami sec."}
        },
    },
    "exact_lay_down": {
        "label": {"fr": "Poser exactement le contrat", "en": "Lay exactly the contract"},
        "meaning": {
            "fr": "Chaque combinaison exactement de la taille que dit le contrat à la première "
            "pose, pas une carte de plus.",
            "en": "Each meld exactly the size the contract names at the first lay-down, no "
            "card more.",
        },
        "said": {
            True: {
                "fr": "La première pose est exactement le contrat, pas une carte de plus.",
                "en": "The first lay-down is exactly the contract, no card more.",
            },
            False: {
                "fr": "Les combinaisons du contrat peuvent être plus longues que demandé.",
                "en": "Contract melds may be longer than asked.",
            },
        },
    },
    "no_contiguous_runs": {
        "label": {
            "fr": "Deux suites d'une couleur ne se suivent pas",
            "en": "Runs of one suit must not follow on",
        },
        "meaning": {
            "fr": "Dans un contrat, ♥2-5 et ♥6-9 sont refusées ; ♥7-10 avec ♥2-5 passe.",
            "en": "In a contract, ♥2-5 and ♥6-9 are refused; ♥7-10 with ♥2-5 is fine.",
        },
        "said": {
            True: {
                "fr": "Deux suites d'une couleur posées pour un contrat ne se suivent pas.",
                "en": "Two runs of one suit in a contract must not follow on.",
            },
            False: {
                "fr": "Deux suites d'une couleur peuvent se suivre dans un contrat.",
                "en": "Runs of one suit may follow on in a contract.",
            },
        },
    },
    "overlap_counts_as_contiguous": {
        "label": {"fr": "Ni se chevaucher", "en": "Nor overlap"},
        "meaning": {
            "fr": "♥2-5 avec ♥4-7 (deux paquets) est refusé aussi, comme le jouent certaines "
            "tables.",
            "en": "♥2-5 with ♥4-7 (two decks) is refused too, as some tables play it.",
        },
        "said": {
            True: {
                "fr": "Deux suites d'une couleur posées pour un contrat ne se chevauchent pas non "
                "plus.",
                "en": "Two runs of one suit in a contract must not overlap either.",
            }
        },
    },
    "same_rank_sets_count_once": {
        "label": {
            "fr": "Deux brelans de même valeur comptent pour un",
            "en": "Two sets of one rank count as one",
        },
        "meaning": {
            "fr": "7♠7♥7♦ et 7♣7♠7♥ ne remplissent alors qu'un brelan du contrat.",
            "en": "7♠7♥7♦ and 7♣7♠7♥ then fill a single set of the contract.",
        },
        "said": {
            True: {
                "fr": "Deux brelans de même valeur comptent pour un seul.",
                "en": "Two sets of one rank count as one set.",
            }
        },
    },
    "dealer_passes": {
        "label": {"fr": "La donne passe", "en": "The deal passes"},
        "meaning": {
            "fr": "Au donneur suivant après chaque manche.",
            "en": "To the next dealer after each deal.",
        },
        "said": {
            "left": {"fr": "La donne passe à gauche.", "en": "The deal passes to the left."},
            "right": {"fr": "La donne passe à droite.", "en": "The deal passes to the right."},
        },
    },
    "late_start": {
        "label": {
            "fr": "Un joueur qui arrive en cours de partie part de",
            "en": "A player who joins mid-game starts on",
        },
        "meaning": {
            "fr": "Son total de départ, lu sur ceux des joueurs déjà à la table.",
            "en": "Their starting total, read from the totals of the players already seated.",
        },
        "said": {
            "worst": {
                "fr": "Un joueur qui arrive part du pire total de la table.",
                "en": "A player who joins starts on the table's worst total.",
            },
            "average": {
                "fr": "Un joueur qui arrive part du total moyen de la table.",
                "en": "A player who joins starts on the table's average total.",
            },
            "zero": {
                "fr": "Un joueur qui arrive part de zéro.",
                "en": "A player who joins starts on zero.",
            },
        },
    },
    "no_winner_deals": {
        "label": {
            "fr": "Une manche peut finir sans gagnant",
            "en": "A deal may end with no winner",
        },
        "meaning": {
            "fr": "Quand pioche et défausse sont épuisées ; chacun marque alors sa main.",
            "en": "When stock and discard run out; everyone then scores their hand.",
        },
        "said": {
            True: {
                "fr": "Une manche peut finir sans gagnant.",
                "en": "A deal may end with no winner.",
            },
            False: {"fr": "Chaque manche a un gagnant.", "en": "Every deal ends with a winner."},
        },
    },
    "decks": {
        "label": {"fr": "Paquets", "en": "Decks"},
        "meaning": {
            "fr": "Le même nombre de paquets à chaque manche, quel que soit le nombre de joueurs.",
            "en": "The same number of decks for every deal, whatever the players.",
        },
        "said": {
            ANY: {
                "fr": "%(n)d paquets quel que soit le nombre de joueurs.",
                "en": "%(n)d decks whatever the number of players.",
            }
        },
        "unset": {"fr": "selon la règle", "en": "as the rules say"},
    },
    "round_the_corner": {
        "label": {"fr": "Les suites tournent (K-A-2)", "en": "Runs turn the corner (K-A-2)"},
        "meaning": {
            "fr": "L'as relie le roi et le 2 : Q-K-A-2 est une suite.",
            "en": "The ace joins the king and the 2: Q-K-A-2 is a run.",
        },
        "said": {
            True: {
                "fr": "Les suites tournent : Q-K-A-2 est une suite.",
                "en": "Runs turn the corner: Q-K-A-2 is a run.",
            },
            False: {
                "fr": "L'as finit une suite, il ne relie pas le roi et le 2.",
                "en": "The ace ends a run; it never joins the king and the 2.",
            },
        },
    },
    "joker_points": {
        "label": {"fr": "Valeur du joker en main", "en": "A joker left in hand counts"},
        "meaning": {
            "fr": "Les points d'un joker resté en main à la fin de la manche.",
            "en": "The points of a joker still in hand when the deal ends.",
        },
        "said": {
            ANY: {
                "fr": "Un joker resté en main compte %(n)d points.",
                "en": "A joker left in hand counts %(n)d points.",
            }
        },
    },
    "jokers_at_most_naturals": {
        "label": {
            "fr": "Jamais plus de jokers que de vraies cartes",
            "en": "Never more jokers than real cards",
        },
        "meaning": {
            "fr": "Dans chaque combinaison : 2 jokers demandent au moins 2 vraies cartes.",
            "en": "In every meld: 2 jokers need at least 2 real cards.",
        },
        "said": {
            True: {
                "fr": "Une combinaison n'a jamais plus de jokers que de vraies cartes.",
                "en": "A meld never holds more jokers than real cards.",
            },
            False: {
                "fr": "Une combinaison peut avoir plus de jokers que de vraies cartes.",
                "en": "A meld may hold more jokers than real cards.",
            },
        },
    },
    "last_round_all_out": {
        "label": {
            "fr": "Dernière manche : tout poser, sans défausse",
            "en": "Last deal: lay every card, no discard",
        },
        "meaning": {
            "fr": "Au dernier contrat, on ne finit qu'en posant toutes ses cartes d'un coup.",
            "en": "In the last contract, a player goes out only by laying every card at once.",
        },
        "said": {
            True: {
                "fr": "Dernière manche : on pose toutes ses cartes, sans défausse.",
                "en": "Last deal: every card is laid, no discard.",
            },
            False: {
                "fr": "Dernière manche : on finit comme aux autres.",
                "en": "Last deal: players go out as in the others.",
            },
        },
    },
}
