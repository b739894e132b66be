"""Why a hand cannot lay a round's contract, once the finder (solver.py) has decided it
cannot: which kind of meld it cannot make enough of, from shorter searches."""

from __future__ import annotations

from dataclasses import replace

from .card_search import search_cards
from .cards import Card
from .errors import SearchTooLarge
from .limits import Budget
from .melds import Reason
from .natural_room import short_of_naturals
from .run_walk import walk_runs, walkable
from .systems import Contract, RuleSystem


def why_not(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget, walk: Budget
) -> list[Reason]:
    """A short explanation: which kind of meld the hand cannot make enough of, from shorter
    searches (card by card, and where that runs out, the walk in what is left of its
    budget)."""
    reasons = []
    if len(hand) < contract.cards_needed:
        return [Reason("hand_too_small", {"count": len(hand), "needed": contract.cards_needed})]
    if rules.forbid_contiguous_runs:
        loose = replace(rules, forbid_contiguous_runs=False)
        if lays(loose, contract, hand, budget, walk):
            return [Reason("only_contiguous_runs")]
    if rules.same_rank_sets_count_once:
        loose = replace(rules, same_rank_sets_count_once=False)
        if lays(loose, contract, hand, budget, walk):
            return [Reason("only_same_rank_sets")]
    for kind in ("set", "run"):
        reqs = [r for r in contract.requirements if r.kind == kind]
        possible = len(reqs)
        if possible == len(contract.requirements) and not contract.lay_all_cards:
            possible -= 1  # the whole contract: the search just made says it cannot be
        while possible and not lays(rules, Contract(tuple(reqs[:possible])), hand, budget, walk):
            possible -= 1
        if possible < len(reqs):
            params = {"kind": kind, "size": reqs[0].size, "possible": possible, "needed": len(reqs)}
            reasons.append(Reason("only_n_possible", params))
    if reasons:
        return reasons
    return [Reason("cannot_combine")]


def lays(
    rules: RuleSystem, contract: Contract, hand: list[Card], budget: Budget, walk: Budget
) -> bool:
    """Whether the hand lays this shorter contract; SearchTooLarge where neither the card
    search nor the walk decides it in what is left of their budgets."""
    if short_of_naturals(rules, contract, hand):
        return False
    try:
        return search_cards(rules, contract, hand, budget) is not None
    except SearchTooLarge:
        if walk.left <= 0 or not walkable(rules, contract):
            raise
        return walk_runs(rules, contract, hand, walk) is not None
