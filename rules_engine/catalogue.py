"""The built-in rule systems, each read from its variant file in `variants/` (what a file may
say: variant_model.py; what the engine makes of it: systems.py)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from .errors import RoundOutOfRange, UnknownRules
from .systems import Contract, RuleSystem, runs_of
from .variants import FOLDER, parse, resolve, rule_system, validated

# The order pages list them in: the five seed systems, then the published presets.
SEEDS = ("rami-contrat", "liverpool", "rami-51", "rami-contrat-13", "romi-rami")
PRESETS = ("shanghai", "contract-rummy", "carioca", "continental", "king-rummy")
BUILT_IN = SEEDS + PRESETS


@cache
def built_in_document(slug: str) -> dict[str, Any]:
    """A built-in variant's file, with what it `extends` merged in (another variant may
    extend it by this slug)."""
    if slug not in BUILT_IN:
        raise UnknownRules(slug=slug)
    return resolve(parse((FOLDER / f"{slug}.toml").read_text("utf-8")), built_in_document)


SYSTEMS: dict[str, RuleSystem] = {
    slug: rule_system(validated(built_in_document(slug))) for slug in BUILT_IN
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


def round_rules(rules: RuleSystem, round_number: int) -> RuleSystem:
    """The rules a round's lay-down is read by: the game's, with that round's runs where the
    round says them (Carioca's run of any suits, of one colour, of alternating colours)."""
    mode = contract_for(rules, round_number).runs or rules.meld_rules.run_suits
    if mode == "one_suit" == rules.meld_rules.run_suits:
        return rules
    return replace(rules, meld_rules=runs_of(rules.meld_rules, mode))


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
    if 1 <= round_number <= len(rules.contracts) and rules.contracts[round_number - 1].no_jokers:
        with_jokers = False  # a round dealt without them
    return chosen.decks, chosen.jokers_in_play(rules.jokers_per_deck) if with_jokers else 0
