"""The Spanish sentence of every reason code (sentences.py adds them beside French and English).

The table's words as Spanish-speaking tables say them: trío (a set), escalera (a run),
comodín (a joker), bajarse (to lay down), cortar (to go out). A value is one template, or a
(singular, plural) pair, as in sentences.py.
"""

from __future__ import annotations

SENTENCES_ES: dict[str, str | tuple[str, str]] = {
    # notation
    "empty_card": "Carta vacía en la posición {position}.",
    "missing_suit": "«{token}»: falta el palo (S, H, D, C o ♠ ♥ ♦ ♣).",
    "unknown_suit": "«{token}» no es una carta: palo desconocido.",
    "unknown_rank": "«{token}» no es una carta: valor desconocido (A, 2-10, J, Q, K).",
    "bad_joker_pin": "«{token}»: un comodín se escribe JK o JK=9H.",
    "too_many_cards": "Demasiadas cartas (a partir de «{token}»).",
    "hand_too_large": "Demasiadas cartas: {count}, y una mano de este juego tiene como mucho {most}.",
    "too_many_jokers": (
        "{count} comodín, y este juego tiene como mucho {most}.",
        "{count} comodines, y este juego tiene como mucho {most}.",
    ),
    "too_many_copies": "Carta de más: {card} ×{count}, las barajas en juego solo tienen {most}.",
    "search_too_large": "Demasiadas posibilidades para decidir aquí: quita algunas cartas o comodines.",
    "no_opening": "Este juego no tiene primera bajada de 51 puntos: elige una ronda y su contrato.",
    "no_finder": "Este juego no busca bajadas: comprueba un contrato con sus cartas.",
    "no_romi": "Esta pregunta es solo para ROMi RAMi.",
    "no_penalty": "Este juego no cuenta las cartas que quedan en la mano.",
    "unknown_rules": "Reglas desconocidas: {slug}.",
    "round_out_of_range": "No hay ronda {round} en estas reglas ({rounds} rondas).",
    "deal_invalid": "El reparto no cuadra.",
    "round_needed": "Di qué contrato de ronda se aplica (de 1 a {rounds}).",
    "player_count": "Este juego es para {low} a {high} jugadores.",
    "unknown_option": "Este juego no tiene la opción «{option}».",
    "bad_options": "Envía las opciones como un objeto JSON.",
    "option_not_bool": "La opción «{option}» es true o false.",
    "option_out_of_range": "La opción «{option}» va de {low} a {high}.",
    "option_not_one_of": "La opción «{option}» toma uno de estos valores: {values}.",
    "option_not_pair": "Escribe una opción como nombre=valor, p. ej. exact_lay_down=0: «{option}».",
    "decks_too_few": "Con {decks} baraja(s) no se puede repartir cada ronda a {players} jugadores.",
    "hand_too_low": "¿{points} puntos? Una mano que no cortó conserva al menos una carta: "
    "{minimum} puntos o más.",
    "no_such_seat": "No hay asiento {seat} en esta mesa.",
    "seat_not_playing": "Este asiento no estaba en la mesa en la ronda {number}: deja su mano vacía.",
    "seat_gone": "Este jugador ya dejó la mesa.",
    "too_few_left": "La mesa necesita al menos {low} jugadores: nadie más puede irse.",
    "table_full": "Este juego es para {high} jugadores como mucho: la mesa está completa.",
    "players_needed": "Di cuántos jugadores hay en la mesa.",
    "round_not_asked": "Este juego no tiene contrato por ronda: pregunta sin ronda (la primera "
    "bajada).",
    "options_conflict": "Las opciones «{first}» y «{second}» no van juntas: elige una.",
    "bad_requirement": "Requisito desconocido: «{token}».",
    "bad_value_card": "«{token}» no es una carta de valor (1-5 y H, D, C, Y).",
    # melds
    "no_natural_card": "necesita al menos una carta natural, no solo comodines",
    "set_of_jokers": "no se admite un trío de comodines",
    "set_too_many_jokers": "un trío tiene como mucho {maximum} comodines, este tiene {count}",
    "too_few_cards": (
        "solo {count} carta, hacen falta al menos {minimum}",
        "solo {count} cartas, hacen falta al menos {minimum}",
    ),
    "set_mixed_ranks": "no es un trío: los valores son distintos",
    "set_too_short": "trío demasiado corto ({count} cartas, al menos {minimum})",
    "set_too_long": "trío demasiado largo ({count} cartas, como mucho {maximum})",
    "set_same_suit_twice": "un trío lleva todos sus palos distintos",
    "run_mixed_suits": "no es una escalera: los palos son distintos",
    "run_too_short": "escalera demasiado corta ({count} cartas, al menos {minimum})",
    "run_too_long": "escalera demasiado larga ({count} cartas, como mucho {maximum})",
    "run_rank_twice": "una escalera no puede tener dos veces el {rank}",
    "run_gap": (
        "las cartas no son seguidas: un comodín no llena el hueco",
        "las cartas no son seguidas: {jokers} comodines no llenan el hueco",
    ),
    "run_not_consecutive": "las cartas no son seguidas",
    "ace_no_wrap": "el as no puede unir la K y el 2",
    # contracts and openings
    "nothing_laid": "No hay nada bajado.",
    "meld_invalid": "Combinación {meld}: {reasons}.",
    "missing": "Al contrato todavía le falta {what}.",
    "meld_too_long_for_contract": "La combinación {meld} tiene {count} cartas, pero el contrato "
    "pide {what}; no se puede bajar más de lo que pide el contrato.",
    "meld_too_short_for_contract": "La combinación {meld} tiene {count} cartas; el contrato pide "
    "{what}.",
    "extra_meld": "La combinación {meld} ({kind}) no forma parte del contrato.",
    "runs_contiguous": "Las escaleras {first} y {second} van seguidas en el mismo palo: no se "
    "admite en un contrato.",
    "runs_meet": "Las escaleras {first} y {second} se tocan o se solapan en el mismo palo: "
    "no se admite en esta mesa.",
    "same_rank_sets": "Los tríos {first} y {second} son del mismo valor: en esta mesa cuentan "
    "como uno.",
    "rami_sec_only": "En esta mesa solo se baja con rami sec: las {needed} cartas de una vez "
    "({count} bajadas).",
    "rami_sec_hand": "Para buscar un rami sec, da las {needed} cartas que tienes tras robar "
    "({count} dadas).",
    "no_rami_sec_possible": "No hay rami sec en esta mano: sus cartas, salvo el descarte, no "
    "forman todas una bajada.",
    "must_lay_all": "Este contrato se baja entero, sin descarte: {needed} cartas ({count} aquí).",
    "too_many_melds": "Demasiadas combinaciones ({count}, como mucho {maximum}).",
    "no_pure_run": "Hace falta una escalera limpia (sin comodín) de al menos {minimum} cartas.",
    "below_minimum": "{points} puntos: faltan {missing} para {minimum}.",
    "must_keep_discard": "Tienes que guardar una carta para descartar.",
    "hand_too_small": "La mano solo tiene {count} cartas; el contrato necesita {needed}.",
    "only_n_possible": (
        "Solo es posible un {kind}; el contrato pide {needed}.",
        "Solo son posibles {possible} {kinds}; el contrato pide {needed}.",
    ),
    "none_possible": "Ningún {kind} posible; el contrato pide {needed}.",
    # a run (escalera) is feminine, as in French
    "only_n_possible_f": (
        "Solo es posible una {kind}; el contrato pide {needed}.",
        "Solo son posibles {possible} {kinds}; el contrato pide {needed}.",
    ),
    "none_possible_f": "Ninguna {kind} posible; el contrato pide {needed}.",
    "only_contiguous_runs": "Las únicas escaleras posibles van seguidas en el mismo palo.",
    "only_same_rank_sets": "Los únicos tríos posibles son del mismo valor, y aquí cuentan como "
    "uno solo.",
    "cannot_combine": "Las combinaciones posibles se disputan las mismas cartas.",
    "no_pure_run_possible": "Con esta mano no se puede hacer ninguna escalera limpia.",
    "best_below_minimum": "La mejor bajada solo vale {points} puntos (hacen falta {minimum}).",
    "romi_missing": "Estas cartas no forman {what}.",
    "romi_joker_used": "La ficha comodín ya se usó.",
    # scoring
    "went_out_count": "Tiene que cortar exactamente un jugador ({count} marcados).",
    "no_winner_not_allowed": "Estas reglas no tienen rondas sin ganador.",
    "no_winner_but_went_out": "Una ronda sin ganador: nadie cortó.",
    "unknown_fact": "Hecho desconocido: {fact}.",
    "hand_missing": "Escribe los puntos o las cartas que quedan.",
    "negative_hand": "Una mano no puede valer menos de 0.",
    "went_out_with_points": "Quien corta se anota 0.",
    "hand_too_high": "{points} puntos: una mano no puede pasar de {maximum}.",
    "opened_first_count": "Marca exactamente un jugador que se bajó primero.",
    "rami_sec_not_out": "El rami sec lo hace el jugador que cortó.",
    "laid_nothing_but_out": "El jugador que cortó se bajó por fuerza.",
}
