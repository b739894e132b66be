"""The five rule systems, one declarative description each (what each field means: systems.py)."""

from __future__ import annotations

from .errors import RoundOutOfRange, UnknownRules
from .systems import (
    Bonus,
    CardValues,
    Contract,
    DeckRule,
    Fact,
    FlatScore,
    MeldRules,
    Opening,
    Requirement,
    Romi,
    RuleSystem,
    Seating,
)


def _sets(n: int, size: int = 3, exact: bool = False) -> tuple[Requirement, ...]:
    return tuple(Requirement("set", size, exact) for _ in range(n))


def _runs(n: int, size: int = 4, exact: bool = False) -> tuple[Requirement, ...]:
    return tuple(Requirement("run", size, exact) for _ in range(n))


def _seven_contracts(
    exact: bool, run: int, last: tuple[Requirement, ...], all_cards: bool
) -> tuple[Contract, ...]:
    """The seven-contract ladder shared by the three contract systems."""
    return (
        Contract(_sets(2, exact=exact)),
        Contract(_sets(1, exact=exact) + _runs(1, run, exact)),
        Contract(_runs(2, run, exact)),
        Contract(_sets(3, exact=exact)),
        Contract(_sets(2, exact=exact) + _runs(1, run, exact)),
        Contract(_sets(1, exact=exact) + _runs(2, run, exact)),
        Contract(last, lay_all_cards=all_cards),
    )


RAMI_CONTRAT = RuleSystem(
    slug="rami-contrat",
    name={"fr": "Rami Contrat", "en": "Rami Contrat", "es": "Rami Contrat"},
    summary={
        "fr": "3 à 5 joueurs, 7 contrats, 10 puis 12 cartes ; on pose exactement le contrat.",
        "en": "3-5 players, 7 contracts, 10 then 12 cards; lay exactly what the contract asks.",
        "es": "3 a 5 jugadores, 7 contratos, 10 y luego 12 cartas; se baja exactamente el contrato.",
    },
    players=(3, 5),
    meld_rules=MeldRules(set_min=3, run_min=3),
    card_values=CardValues(ace=15, joker=15),
    contracts=_seven_contracts(
        exact=True, run=4, last=_runs(2, 4, True) + _runs(1, 5, True), all_cards=True
    ),
    cards_dealt=(10, 10, 10, 12, 12, 12, 12),
    decks=(
        DeckRule((3, 3), 2, jokers=2),
        DeckRule((4, 4), 2, jokers=3),
        DeckRule((5, 5), 2, jokers=4),
    ),
    forbid_contiguous_runs=True,
    seating=Seating(dealer_step=1, play_step=1),
    allows_no_winner=True,
    extra_cards_allowance=6,
)

LIVERPOOL = RuleSystem(
    slug="liverpool",
    name={"fr": "Liverpool Rummy", "en": "Liverpool Rummy", "es": "Liverpool Rummy"},
    summary={
        "fr": "2 à 8 joueurs, 7 manches de brelans et suites, 10 puis 12 cartes.",
        "en": "2-8 players, 7 deals of sets and runs, 10 then 12 cards.",
        "es": "2 a 8 jugadores, 7 rondas de tríos y escaleras, 10 y luego 12 cartas.",
    },
    players=(2, 8),
    meld_rules=MeldRules(set_min=3, run_min=4),
    card_values=CardValues(ace=15, joker=15),
    contracts=_seven_contracts(exact=False, run=4, last=_runs(3, 4), all_cards=False),
    cards_dealt=(10, 10, 10, 12, 12, 12, 12),
    decks=(DeckRule((2, 2), 1), DeckRule((3, 5), 2), DeckRule((6, 8), 3)),
    jokers_per_deck=2,
    forbid_contiguous_runs=True,
    extra_cards_allowance=6,
)

RAMI_51 = RuleSystem(
    slug="rami-51",
    name={"fr": "Rami (51)", "en": "Rami 51", "es": "Rami 51"},
    summary={
        "fr": "Rami classique, 13 cartes, première pose de 51 points avec une suite franche.",
        "en": "Classic French rummy, 13 cards, open with 51 points including a pure run.",
        "es": "Rami francés clásico, 13 cartas, primera bajada de 51 puntos con una escalera limpia.",
    },
    players=(2, 6),
    meld_rules=MeldRules(set_min=3, set_max=4, set_distinct_suits=True, run_min=3),
    card_values=CardValues(ace=11, joker=50),
    cards_dealt=(13,),
    decks=(DeckRule((2, 6), 2, jokers=4),),
    rounds=None,
    flat_scores=(FlatScore(Fact.LAID_NOTHING, 100),),
    bonuses=(Bonus(Fact.RAMI_SEC, -50),),
    opening=Opening(),
)

RAMI_CONTRAT_13 = RuleSystem(
    slug="rami-contrat-13",
    name={
        "fr": "Rami Contrat 7 à 13 cartes",
        "en": "Contract Rummy 7 to 13 cards",
        "es": "Rami Contrat de 7 a 13 cartas",
    },
    summary={
        "fr": "2 à 8 joueurs, 7 à 13 cartes, suites circulaires, −10 à l'ouverture et à la fermeture.",
        "en": "2-8 players, 7 up to 13 cards, circular runs, −10 for opening first and closing.",
        "es": "2 a 8 jugadores, de 7 a 13 cartas, escaleras que dan la vuelta, −10 por bajarse primero y por cortar.",
    },
    players=(2, 8),
    meld_rules=MeldRules(
        set_min=3, run_min=4, circular_runs=True, forbid_joker_only_set=True, set_max_jokers=2
    ),
    card_values=CardValues(ace=20, joker=50),
    contracts=_seven_contracts(exact=False, run=4, last=_runs(3, 4), all_cards=False),
    cards_dealt=(7, 8, 9, 10, 11, 12, 13),
    decks=(
        DeckRule((2, 3), 2),
        DeckRule((4, 4), 2),
        DeckRule((4, 4), 3, from_round=5),
        DeckRule((5, 8), 2),
        DeckRule((5, 8), 3, from_round=3),
        DeckRule((5, 8), 4, from_round=5),
    ),
    jokers_per_deck=2,
    seating=Seating(dealer_step=-1, play_step=-1),
    bonuses=(Bonus(Fact.OPENED_FIRST, -10), Bonus(Fact.WENT_OUT, -10)),
    extra_cards_allowance=6,
)

ROMI_RAMI = RuleSystem(
    slug="romi-rami",
    name={"fr": "ROMi RAMi", "en": "ROMi RAMi", "es": "ROMi RAMi"},
    summary={
        "fr": "Jeu familial de 2 à 4 joueurs : contrats, couleurs bonus et trophées ; le plus haut gagne.",
        "en": "Family game for 2-4: contract cards, bonus colours and trophies; highest wins.",
        "es": "Juego familiar de 2 a 4: cartas de contrato, colores de bonificación y trofeos; gana el total más alto.",
    },
    players=(2, 4),
    rounds=None,
    seating=Seating(dealer_step=0, play_step=1),  # the youngest starts
    romi=Romi(),
    lowest_wins=False,
)

SYSTEMS: dict[str, RuleSystem] = {
    s.slug: s for s in (RAMI_CONTRAT, LIVERPOOL, RAMI_51, RAMI_CONTRAT_13, ROMI_RAMI)
}


def get_rules(slug: str) -> RuleSystem:
    try:
        return SYSTEMS[slug]
    except KeyError:
        raise UnknownRules(slug=slug) from None


def contract_for(rules: RuleSystem, round_number: int) -> Contract:
    if not rules.contracts:
        raise RoundOutOfRange(slug=rules.slug, round=round_number, rounds=0)
    if not 1 <= round_number <= len(rules.contracts):
        raise RoundOutOfRange(slug=rules.slug, round=round_number, rounds=len(rules.contracts))
    return rules.contracts[round_number - 1]


def cards_dealt(rules: RuleSystem, round_number: int) -> int:
    if not rules.cards_dealt:
        return 0
    if len(rules.cards_dealt) == 1:
        return rules.cards_dealt[0]
    if not 1 <= round_number <= len(rules.cards_dealt):
        raise RoundOutOfRange(slug=rules.slug, round=round_number, rounds=len(rules.cards_dealt))
    return rules.cards_dealt[round_number - 1]


def decks_and_jokers(
    rules: RuleSystem, players: int, round_number: int = 1, with_jokers: bool = True
) -> tuple[int, int]:
    """Decks and jokers in play for this table and round (the last matching rule wins)."""
    chosen = None
    for rule in rules.decks:
        low, high = rule.players
        if low <= players <= high and rule.from_round <= round_number:
            chosen = rule
    if chosen is None:
        return 0, 0
    return chosen.decks, chosen.jokers_in_play(rules.jokers_per_deck) if with_jokers else 0
