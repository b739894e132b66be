"""What variants brought, in French, English and Spanish (sentences.py adds them to the
others): why a variant document is refused (`{place}` is where in the document,
`rounds.3.cards`: the file's own keys), the meld rules only some variants play, and the
finders' later answers."""

from __future__ import annotations

SENTENCES_VARIANTS: dict[str, dict[str, str | tuple[str, str]]] = {
    # meld and lay-down rules of some variants
    "run_too_many_jokers": {
        "fr": "une suite de cette taille compte au plus {maximum} jokers, celle-ci en a {count}",
        "en": "a run this long holds at most {maximum} jokers, this one has {count}",
        "es": "una escalera de este tamaño tiene como mucho {maximum} comodines, esta tiene {count}",
    },
    "no_way_met": {
        "fr": "Ce contrat se remplit de {count} façons, aucune n'y est ; la plus proche :",
        "en": "This contract can be met {count} ways and none is; the closest:",
        "es": "Este contrato se cumple de {count} maneras y ninguna está; la más cercana:",
    },
    "no_way_made": {
        "fr": "Ce contrat se remplit de {count} façons, cette main n'en fait aucune ; pour la première :",
        "en": "This contract can be met {count} ways and this hand makes none; for the first:",
        "es": "Este contrato se cumple de {count} maneras y esta mano no hace ninguna; para la primera:",
    },
    "run_mixed_colours": {
        "fr": "pas une suite : elle mêle le rouge et le noir",
        "en": "not a run: it mixes red and black",
        "es": "no es una escalera: mezcla rojo y negro",
    },
    "no_opening_reaches": {
        "fr": "Aucune pose de cette main n'atteint {minimum} points avec une suite franche.",
        "en": "No lay-down of this hand reaches {minimum} points with a pure run.",
        "es": "Ninguna bajada de esta mano llega a {minimum} puntos con una escalera limpia.",
    },
    "deuce_not_wild": {
        "fr": "le {card} est posé comme joker, mais dans ce jeu ce deux n'est pas un joker",
        "en": "the {card} is laid as a wild card, but in this game it is not wild",
        "es": "el {card} se pone como comodín, pero en este juego no es comodín",
    },
    "run_colours_alternate": {
        "fr": "les couleurs doivent alterner : deux cartes rouges ou deux noires se suivent",
        "en": "the colours must alternate: two red or two black cards follow each other",
        "es": "los colores deben alternarse: van seguidas dos cartas rojas o dos negras",
    },
    "jokers_side_by_side": {
        "fr": "deux jokers ne se suivent jamais dans une suite",
        "en": "two jokers never sit side by side in a run",
        "es": "dos comodines nunca van seguidos en una escalera",
    },
    "ace_only_low": {
        "fr": "l'as ne se place qu'en bas d'une suite (A-2-3)",
        "en": "the ace only goes low in a run (A-2-3)",
        "es": "el as solo va abajo en una escalera (A-2-3)",
    },
    "ace_only_high": {
        "fr": "l'as ne se place qu'en haut d'une suite (Q-K-A)",
        "en": "the ace only goes high in a run (Q-K-A)",
        "es": "el as solo va arriba en una escalera (Q-K-A)",
    },
    "one_go_not_out": {
        "fr": "Seul le joueur qui a fini peut avoir tout posé d'un coup.",
        "en": "Only the player who went out can have laid everything in one go.",
        "es": "Solo el jugador que cortó puede haberse bajado de una vez.",
    },
    "lay_down_too_many_jokers": {
        "fr": "Une pose compte au plus {maximum} jokers ; celle-ci en a {count}.",
        "en": "A lay-down holds at most {maximum} jokers; this one has {count}.",
        "es": "Una bajada tiene como mucho {maximum} comodines; esta tiene {count}.",
    },
    # a document that is not well formed
    "variant_too_large": {
        "fr": "Ce fichier de jeu est trop long : {most} octets au plus.",
        "en": "This game file is too long: {most} bytes at most.",
        "es": "Este archivo de juego es demasiado largo: {most} bytes como máximo.",
    },
    "variant_not_toml": {
        "fr": "Ce fichier de jeu n'est pas lisible (TOML), ligne {line}, colonne {column}.",
        "en": "This game file cannot be read (TOML), line {line}, column {column}.",
        "es": "Este archivo de juego no se puede leer (TOML), línea {line}, columna {column}.",
    },
    "variant_too_deep": {
        "fr": "Ce fichier de jeu imbrique trop de tableaux.",
        "en": "This game file nests too many tables.",
        "es": "Este archivo de juego anida demasiadas tablas.",
    },
    "variant_bad_parent": {
        "fr": "« extends = {parent} » : ce jeu n'existe pas ou s'étend lui-même.",
        "en": "“extends = {parent}”: no such game, or it extends itself.",
        "es": "«extends = {parent}»: ese juego no existe o se extiende a sí mismo.",
    },
    "variant_unknown_key": {
        "fr": "{place} : clé inconnue.",
        "en": "{place}: unknown key.",
        "es": "{place}: clave desconocida.",
    },
    "variant_missing_key": {
        "fr": "{place} : manque.",
        "en": "{place}: missing.",
        "es": "{place}: falta.",
    },
    "variant_too_high": {
        "fr": "{place} : {most} au plus.",
        "en": "{place}: {most} at most.",
        "es": "{place}: {most} como máximo.",
    },
    "variant_too_low": {
        "fr": "{place} : au moins {least}.",
        "en": "{place}: at least {least}.",
        "es": "{place}: al menos {least}.",
    },
    "variant_too_many": {
        "fr": "{place} : {most} éléments au plus.",
        "en": "{place}: {most} items at most.",
        "es": "{place}: {most} elementos como máximo.",
    },
    "variant_too_few": {
        "fr": "{place} : au moins {least} éléments.",
        "en": "{place}: at least {least} items.",
        "es": "{place}: al menos {least} elementos.",
    },
    "variant_one_of": {
        "fr": "{place} : une de ces valeurs : {expected}.",
        "en": "{place}: one of {expected}.",
        "es": "{place}: uno de estos valores: {expected}.",
    },
    "variant_want_number": {
        "fr": "{place} : un nombre entier.",
        "en": "{place}: a whole number.",
        "es": "{place}: un número entero.",
    },
    "variant_want_yes_no": {
        "fr": "{place} : true ou false.",
        "en": "{place}: true or false.",
        "es": "{place}: true o false.",
    },
    "variant_want_text": {
        "fr": "{place} : un texte entre guillemets.",
        "en": "{place}: a text in quotes.",
        "es": "{place}: un texto entre comillas.",
    },
    "variant_want_list": {
        "fr": "{place} : une liste entre crochets.",
        "en": "{place}: a list in square brackets.",
        "es": "{place}: una lista entre corchetes.",
    },
    "variant_want_table": {
        "fr": "{place} : une table de clés.",
        "en": "{place}: a table of keys.",
        "es": "{place}: una tabla de claves.",
    },
    "variant_bad_slug": {
        "fr": "{place} : de 3 à 40 lettres minuscules, chiffres et tirets.",
        "en": "{place}: 3 to 40 lower-case letters, digits and hyphens.",
        "es": "{place}: de 3 a 40 minúsculas, cifras y guiones.",
    },
    "variant_no_words": {
        "fr": "{place} : au moins une langue (fr, en ou es).",
        "en": "{place}: at least one language (fr, en or es).",
        "es": "{place}: al menos un idioma (fr, en o es).",
    },
    "variant_set_or_run": {
        "fr": "{place} : une combinaison est un brelan ou une suite : « set = taille » ou « run = taille ».",
        "en": "{place}: a meld is a set or a run: “set = size” or “run = size”.",
        "es": "{place}: una combinación es un trío o una escalera: «set = tamaño» o «run = tamaño».",
    },
    "variant_too_many_melds": {
        "fr": "{place} : un contrat demande {most} combinaisons au plus.",
        "en": "{place}: a contract asks for {most} melds at most.",
        "es": "{place}: un contrato pide {most} combinaciones como máximo.",
    },
    "variant_how_played": {
        "fr": "Dites comment se joue le jeu : des manches à contrats (rounds), une première pose (opening) ou romi.",
        "en": "Say how the game is played: rounds of contracts, an opening, or romi.",
        "es": "Digan cómo se juega: rondas de contratos (rounds), una primera bajada (opening) o romi.",
    },
    "variant_needs_deal": {
        "fr": "Un jeu de cartes distribuées a besoin de ses valeurs (values) et de sa donne (deal).",
        "en": "A game of dealt cards needs its values and its deal.",
        "es": "Un juego de cartas repartidas necesita sus valores (values) y su reparto (deal).",
    },
    "variant_invalid": {
        "fr": "{place} : valeur refusée.",
        "en": "{place}: value refused.",
        "es": "{place}: valor rechazado.",
    },
    # a well-formed variant that cannot be played
    "variant_players": {
        "fr": "De {low} à {high} joueurs : le premier nombre ne peut pas dépasser le second.",
        "en": "From {low} to {high} players: the first number cannot be above the second.",
        "es": "De {low} a {high} jugadores: el primer número no puede superar al segundo.",
    },
    "variant_contract_too_big": {
        "fr": "Manche {round} : le contrat demande {needs} cartes, une main en tient au plus {most}.",
        "en": "Round {round}: the contract needs {needs} cards and a hand holds at most {most}.",
        "es": "Ronda {round}: el contrato pide {needs} cartas y una mano tiene como máximo {most}.",
    },
    "variant_run_too_long": {
        "fr": "Une suite de {size} cartes est impossible : {most} au plus avec ces as.",
        "en": "A run of {size} cards is impossible: {most} at most with these aces.",
        "es": "Una escalera de {size} cartas es imposible: {most} como máximo con estos ases.",
    },
    "variant_meld_too_small": {
        "fr": "Un contrat demande une combinaison de {size} cartes, plus petite que toute combinaison posée ({least} au moins).",
        "en": "A contract asks for a meld of {size} cards, smaller than any meld laid ({least} at least).",
        "es": "Un contrato pide una combinación de {size} cartas, más pequeña que cualquier combinación bajada ({least} como mínimo).",
    },
    "variant_runs_beside_different_suits": {
        "fr": "Des suites qui ne sont pas d'une seule couleur avec des brelans de couleurs toutes différentes : l'application ne sait pas encore les lire ensemble.",
        "en": "Runs not of one suit beside sets of all different suits: the app cannot read them together yet.",
        "es": "Escaleras que no son de un solo palo junto a tríos de palos distintos: la aplicación aún no sabe leerlas juntas.",
    },
    "variant_runs_in_opening": {
        "fr": "Une première pose à points (opening) se joue avec des suites d'une seule couleur.",
        "en": "A points opening is played with runs of one suit.",
        "es": "Una primera bajada por puntos (opening) se juega con escaleras de un solo palo.",
    },
    "variant_wild_deuces_in_opening": {
        "fr": "Avec une première pose à points (opening), les deux ne peuvent pas servir de jokers.",
        "en": "A points opening is played without wild deuces: only the jokers are wild.",
        "es": "Una primera bajada por puntos (opening) se juega sin doses comodín: solo los comodines lo son.",
    },
    "variant_set_too_big": {
        "fr": "Un brelan de {size} cartes est impossible : {most} au plus.",
        "en": "A set of {size} cards is impossible: {most} at most.",
        "es": "Un trío de {size} cartas es imposible: {most} como máximo.",
    },
    "variant_set_sizes": {
        "fr": "Un brelan d'au moins {low} et d'au plus {high} cartes : impossible.",
        "en": "A set of at least {low} and at most {high} cards cannot be.",
        "es": "Un trío de al menos {low} y como máximo {high} cartas no puede ser.",
    },
    "variant_too_many_jokers": {
        "fr": "À {players} joueurs : {jokers} jokers pour {decks} jeux, qui n'en ont que {most}.",
        "en": "With {players} players: {jokers} jokers for {decks} decks, which hold only {most}.",
        "es": "Con {players} jugadores: {jokers} comodines para {decks} barajas, que solo tienen {most}.",
    },
    "variant_no_deal": {
        "fr": "À {players} joueurs, la manche {round} n'a pas de jeux de cartes (deal.decks).",
        "en": "With {players} players, round {round} has no decks (deal.decks).",
        "es": "Con {players} jugadores, la ronda {round} no tiene barajas (deal.decks).",
    },
    "variant_deck_too_small": {
        "fr": "À {players} joueurs, la manche {round} distribue {cards} cartes : {decks} jeux ne suffisent pas.",
        "en": "With {players} players, round {round} deals {cards} cards: {decks} decks are not enough.",
        "es": "Con {players} jugadores, la ronda {round} reparte {cards} cartas: {decks} barajas no bastan.",
    },
    "variant_unknown_house_rule": {
        "fr": "house_rules : « {name} » n'est pas une règle maison connue.",
        "en": "house_rules: “{name}” is not a known house rule.",
        "es": "house_rules: «{name}» no es una regla de la casa conocida.",
    },
    "variant_unreadable": {
        "fr": "Impossible de lire le fichier « {path} » (UTF-8).",
        "en": "Cannot read the file “{path}” (UTF-8).",
        "es": "No se puede leer el archivo «{path}» (UTF-8).",
    },
    "variant_taken": {
        "fr": "« {slug} » est le nom d'un jeu de l'application : choisissez-en un autre.",
        "en": "“{slug}” names one of the app's games: choose another.",
        "es": "«{slug}» es el nombre de un juego de la aplicación: elijan otro.",
    },
}
