"""The Spanish words of each house rule, shaped as HOUSE_RULE_WORDS (which adds them beside
French and English): label, meaning, the lines said once set, unset and value words.
"""

from __future__ import annotations

from typing import Any

from .house_rule_words import ANY

HOUSE_RULE_WORDS_ES: dict[str, dict[str, Any]] = {
    "no_jokers": {
        "label": "Jugar sin comodines",
        "meaning": "La variante que se juega sin ningún comodín; la puntuación y las "
        "comprobaciones lo tienen en cuenta.",
        "said": {True: "Se juega sin comodines."},
    },
    "rounds": {
        "label": "Número de rondas",
        "meaning": "Vacío: se sigue jugando y la mesa para cuando quiere.",
        "said": {ANY: "%(n)d rondas acordadas."},
        "unset": "sin límite",
    },
    "end_at_total": {
        "label": "Terminar cuando un jugador llegue a",
        "meaning": "En puntos; la partida para tras la ronda que lleva un total hasta ahí.",
        "said": {ANY: "La partida termina cuando un jugador llega a %(n)d puntos."},
        "unset": "ninguno",
    },
    "joker_counts_as_card": {
        "label": "Un comodín en la primera bajada vale su carta",
        "meaning": "En lugar de %(joker)d, como lo cuentan para los %(minimum)d la mayoría de "
        "los reglamentos franceses.",
        "said": {True: "Un comodín en la primera bajada vale la carta que sustituye."},
    },
    "ace_in_set": {
        "label": "Un as en un trío vale, en la primera bajada",
        "meaning": "Un trío de ases da %(three_high)d puntos a %(high)d cada uno, "
        "%(three_low)d a %(low)d cada uno.",
        "said": {ANY: "Un as en un trío vale %(n)d en la primera bajada."},
        "value": "%(n)d puntos",
    },
    "rami_sec_only": {
        "label": "Solo rami sec",
        "meaning": "Solo se baja bajando las %(cards)d cartas de una vez; los demás se anotan "
        "entonces %(flat)d.",
        "said": {True: "Solo se baja con rami sec."},
    },
    "exact_lay_down": {
        "label": "Bajar exactamente el contrato",
        "meaning": "Cada combinación exactamente del tamaño que dice el contrato en la primera "
        "bajada, ni una carta más.",
        "said": {
            True: "La primera bajada es exactamente el contrato, ni una carta más.",
            False: "Las combinaciones del contrato pueden ser más largas de lo pedido.",
        },
    },
    "no_contiguous_runs": {
        "label": "Dos escaleras del mismo palo no van seguidas",
        "meaning": "En un contrato, ♥2-5 y ♥6-9 no se admiten; ♥7-10 con ♥2-5 sí.",
        "said": {
            True: "Dos escaleras del mismo palo bajadas para un contrato no van seguidas.",
            False: "Dos escaleras del mismo palo pueden ir seguidas en un contrato.",
        },
    },
    "overlap_counts_as_contiguous": {
        "label": "Ni se solapan",
        "meaning": "♥2-5 con ♥4-7 (dos barajas) tampoco se admite, como juegan algunas mesas.",
        "said": {True: "Dos escaleras del mismo palo bajadas para un contrato tampoco se solapan."},
    },
    "same_rank_sets_count_once": {
        "label": "Dos tríos del mismo valor cuentan como uno",
        "meaning": "7♠7♥7♦ y 7♣7♠7♥ solo cumplen entonces un trío del contrato.",
        "said": {True: "Dos tríos del mismo valor cuentan como uno solo."},
    },
    "dealer_passes": {
        "label": "El reparto pasa",
        "meaning": "Al siguiente repartidor tras cada ronda.",
        "said": {
            "left": "El reparto pasa a la izquierda.",
            "right": "El reparto pasa a la derecha.",
        },
    },
    "late_start": {
        "label": "Un jugador que llega a media partida empieza con",
        "meaning": "Su total de partida, tomado de los totales de los jugadores ya sentados.",
        "said": {
            "worst": "Un jugador que llega empieza con el peor total de la mesa.",
            "average": "Un jugador que llega empieza con el total medio de la mesa.",
            "zero": "Un jugador que llega empieza de cero.",
        },
    },
    "no_winner_deals": {
        "label": "Una ronda puede terminar sin ganador",
        "meaning": "Cuando se acaban el montón y el descarte; cada uno se anota entonces su mano.",
        "said": {
            True: "Una ronda puede terminar sin ganador.",
            False: "Cada ronda termina con un ganador.",
        },
    },
    "decks": {
        "label": "Barajas",
        "meaning": "El mismo número de barajas en cada ronda, sean cuantos sean los jugadores.",
        "said": {ANY: "%(n)d barajas sean cuantos sean los jugadores."},
        "unset": "según las reglas",
    },
    "round_the_corner": {
        "label": "Las escaleras dan la vuelta (K-A-2)",
        "meaning": "El as une la K y el 2: Q-K-A-2 es una escalera.",
        "said": {
            True: "Las escaleras dan la vuelta: Q-K-A-2 es una escalera.",
            False: "El as cierra una escalera; nunca une la K y el 2.",
        },
    },
    "joker_points": {
        "label": "Valor del comodín en la mano",
        "meaning": "Los puntos de un comodín que queda en la mano al acabar la ronda.",
        "said": {ANY: "Un comodín que queda en la mano vale %(n)d puntos."},
    },
    "jokers_at_most_naturals": {
        "label": "Nunca más comodines que cartas reales",
        "meaning": "En cada combinación: 2 comodines piden al menos 2 cartas reales.",
        "said": {
            True: "Una combinación nunca tiene más comodines que cartas reales.",
            False: "Una combinación puede tener más comodines que cartas reales.",
        },
    },
    "last_round_all_out": {
        "label": "Última ronda: bajar todas las cartas, sin descarte",
        "meaning": "En el último contrato, solo se corta bajando todas las cartas de una vez.",
        "said": {
            True: "Última ronda: se bajan todas las cartas, sin descarte.",
            False: "Última ronda: se corta como en las demás.",
        },
    },
}
