"""Carioca's four optional A-to-K rounds, a house rule a variant file may offer.

After the game's own rounds, four more deals of twelve cards in which a player goes out by
laying every rank from ace to king, all thirteen cards and no discard: of any suits
("escala sucia"), all of one colour ("escala de color"), red and black alternating
("payaso"), then of one suit dealt without jokers ("escala real").
"""

from __future__ import annotations

from dataclasses import replace

from .house_rules import NAMED, Choice, HouseRule, register
from .systems import Contract, Requirement, RuleSystem, RunSuits

CARDS = 12  # the deal; the card drawn makes the thirteen laid
_ACE_TO_KING = (Requirement("run", 13, False),)
_MODES: tuple[RunSuits, ...] = ("any_suit", "one_colour", "alternating_colours", "one_suit")
ROUNDS: tuple[Contract, ...] = tuple(
    Contract(_ACE_TO_KING, lay_all_cards=True, runs=runs, no_jokers=runs == "one_suit")
    for runs in _MODES
)


def _played(rules: RuleSystem, value: bool) -> RuleSystem:
    if not value or not rules.contracts:
        return rules
    dealt = rules.cards_dealt
    if len(dealt) == 1:  # one figure for every round: one per round, the new ones after
        dealt = dealt * len(rules.contracts)
    return replace(
        rules,
        contracts=(*rules.contracts, *ROUNDS),
        cards_dealt=(*dealt, *(CARDS,) * len(ROUNDS)),
        rounds=len(rules.contracts) + len(ROUNDS),
    )


register(
    HouseRule(
        "a_to_k_rounds",
        NAMED,
        Choice(bool),
        unset=False,
        apply=_played,
        label={
            "fr": "Les quatre manches de l'as au roi",
            "en": "The four ace-to-king rounds",
            "es": "Las cuatro rondas del as al rey",
        },
        meaning={
            "fr": "Quatre manches de plus, 12 cartes : poser de l'as au roi, 13 cartes sans défausse, de couleurs libres, toute rouge ou toute noire, rouge et noir en alternance, puis d'une seule couleur sans joker.",
            "en": "Four more deals of 12 cards: lay ace to king, 13 cards and no discard, of any suits, all red or all black, red and black alternating, then of one suit without jokers.",
            "es": "Cuatro rondas más de 12 cartas: bajar del as al rey, 13 cartas sin descarte, de palos cualesquiera, toda roja o toda negra, rojo y negro alternados, y luego de un solo palo sin comodines.",
        },
        said={
            True: {
                "fr": "Quatre manches de l'as au roi terminent la partie.",
                "en": "Four ace-to-king rounds end the game.",
                "es": "Cuatro rondas del as al rey terminan la partida.",
            },
            False: {
                "fr": "Pas de manches de l'as au roi en plus.",
                "en": "No extra ace-to-king rounds.",
                "es": "Sin rondas del as al rey de más.",
            },
        },
    )
)
