"""Whether a well-formed variant can be played, and reading a variant file a table brings.

The model (variant_model.py) bounds every number; this says, in players' words, what still
cannot be dealt or laid: a contract bigger than a hand, a run longer than the ranks, more
jokers than the decks hold, a player count no deal serves, a house rule that does not exist.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .catalogue import SYSTEMS, built_in_document, cards_dealt, decks_and_jokers, round_rules
from .house_rules import HOUSE_RULES
from .systems import RuleSystem
from .variant_writer import document
from .variants import VariantError, parse, resolve, rule_system, validated

CARDS_IN_A_DECK = 52
JOKERS_IN_A_DECK = 2  # what a deck of 54 holds; a table adding more plays a house variant


def check_playable(rules: RuleSystem) -> None:
    """Refuse (VariantError) the first reason these rules cannot be played."""
    low, high = rules.players
    if low > high:
        raise VariantError("variant_players", low=low, high=high)
    for name in rules.house_rules:
        if name not in HOUSE_RULES:
            raise VariantError("variant_unknown_house_rule", name=name)
    if not rules.deals_rounds:
        return
    _check_melds(rules)
    for players in range(low, high + 1):
        for number in range(1, (rules.rounds or 1) + 1):
            _check_deal(rules, players, number)


def _check_melds(rules: RuleSystem) -> None:
    meld = rules.meld_rules
    if meld.set_max is not None and meld.set_max < meld.set_min:
        raise VariantError("variant_set_sizes", low=meld.set_min, high=meld.set_max)
    _check_runs(rules)
    sets = _sizes(rules, "set")
    most_set = meld.set_max or (4 if meld.set_distinct_suits else None)
    if most_set is not None and max(sets) > most_set:
        raise VariantError("variant_set_too_big", size=max(sets), most=most_set)
    for number, contract in enumerate(rules.contracts, start=1):
        needs = max(way.cards_needed for way in contract.ways())
        most = cards_dealt(rules, number) + 1 + rules.extra_cards_allowance
        if needs > most:
            raise VariantError("variant_contract_too_big", round=number, needs=needs, most=most)


def _check_runs(rules: RuleSystem) -> None:
    """Each round's runs fit the ranks its aces allow, and runs of mixed suits are read
    beside what the finder can rename (not sets of different suits, not an opening)."""
    meld = rules.meld_rules
    mixed = meld.run_suits != "one_suit" or any(
        c.runs not in (None, "one_suit") for c in rules.contracts
    )
    if mixed and rules.opening is not None:
        raise VariantError("variant_runs_in_opening")
    if meld.wild_deuces and rules.opening is not None:  # its finder counts jokers only
        raise VariantError("variant_wild_deuces_in_opening")
    if mixed and meld.set_distinct_suits:
        raise VariantError("variant_runs_beside_different_suits")
    for kind, least in (("set", meld.set_min), ("run", meld.run_min)):
        if min(_sizes(rules, kind)) < least:  # a contract's meld the table would refuse
            raise VariantError(
                "variant_meld_too_small", kind=kind, size=min(_sizes(rules, kind)), least=least
            )
    if max(_sizes(rules, "run")) > meld.run_max:
        raise VariantError(
            "variant_run_too_long", size=max(_sizes(rules, "run")), most=meld.run_max
        )
    for number, contract in enumerate(rules.contracts, start=1):
        most = round_rules(rules, number).meld_rules.run_max
        longest = max((r.size for r in contract.every_requirement() if r.kind == "run"), default=0)
        if longest > most:
            raise VariantError("variant_run_too_long", size=longest, most=most)


def _sizes(rules: RuleSystem, kind: str) -> list[int]:
    """Every size a meld of this kind must reach: the least meld, and each contract's."""
    meld = rules.meld_rules
    least = meld.set_min if kind == "set" else meld.run_min
    sizes = [r.size for c in rules.contracts for r in c.every_requirement() if r.kind == kind]
    return [least, *sizes]


def _check_deal(rules: RuleSystem, players: int, number: int) -> None:
    decks, jokers = decks_and_jokers(rules, players, number)
    if decks == 0:
        raise VariantError("variant_no_deal", players=players, round=number)
    if jokers > JOKERS_IN_A_DECK * decks:
        raise VariantError(
            "variant_too_many_jokers",
            players=players,
            decks=decks,
            jokers=jokers,
            most=JOKERS_IN_A_DECK * decks,
        )
    cards = cards_dealt(rules, number)
    # Every hand dealt, and a stock with a card to turn up for the discard.
    if players * cards + 2 > CARDS_IN_A_DECK * decks + jokers:
        raise VariantError(
            "variant_deck_too_small", players=players, round=number, cards=cards, decks=decks
        )
    sets = _sizes(rules, "set")
    # A set's cards of one rank: four suits in each deck, and the jokers.
    if max(sets) > 4 * decks + jokers:
        raise VariantError("variant_set_too_big", size=max(sets), most=4 * decks + jokers)


def read_variant(
    text: str,
    parent_of: Callable[[str], Mapping[str, Any]] = built_in_document,
    *,
    new: bool = True,
) -> RuleSystem:
    """A variant file: read, merged over what it extends, checked, playable. A `new` one (a
    table's own game) must not take a built-in game's slug; the CLI reads a built-in's file
    back (`rules --show`) with new=False."""
    return read_document(parse(text), parent_of, new=new)


def read_document(
    document: Mapping[str, Any],
    parent_of: Callable[[str], Mapping[str, Any]] = built_in_document,
    *,
    new: bool = True,
) -> RuleSystem:
    """A variant document already parsed (a form's, a stored game's frozen copy)."""
    rules = rule_system(validated(resolve(document, parent_of)))
    if new and rules.slug in SYSTEMS:
        raise VariantError("variant_taken", slug=rules.slug)
    check_playable(rules)
    return rules


def variant_text_document(
    text: str, parent_of: Callable[[str], Mapping[str, Any]] = built_in_document
) -> dict[str, Any]:
    """A variant file as a whole, well-formed document (what it extends merged in, the
    format's defaults left out), without judging whether it can be played: the builder shows
    such a file and says why."""
    return document(rule_system(validated(resolve(parse(text), parent_of))))
