"""Wild deuces in the walk along the ranks: each is a natural 2 or a joker, as the lay-down
needs, in one walk for every way to play them (the searches card by card and by shapes try
each way apart; many deuces made too many ways)."""

import random
from collections import Counter
from dataclasses import replace

import pytest

from rules_engine import Card, SearchTooLarge, TableOptions, get_rules, parse_cards, solver
from rules_engine.card_search import search_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.deuces import deuce_plays
from rules_engine.errors import HandTooLarge
from rules_engine.limits import Budget, check_hand, hand_limits
from rules_engine.run_walk import walk_runs
from rules_engine.solver import solve_contract

from .spy import calls
from .test_walk_sets import _hands, house_variant

OPTIONS = [
    {},
    {"no_contiguous_runs": True},
    {"exact_lay_down": True},
    {"round_the_corner": True},
    {"same_rank_sets_count_once": True},
]


def _with_deuces(rules, wild):
    return replace(rules, meld_rules=replace(rules.meld_rules, wild_deuces=wild))


def _deuce_hands(rules, rng, count):
    for hand in _hands(rules, rng, count, hand_limits(rules).cards):
        hand = list(hand)
        for _ in range(rng.randint(1, 3)):
            hand[rng.randrange(len(hand))] = Card(2, rng.choice("SHDC"))
        try:
            check_hand(rules, hand)
        except HandTooLarge:
            continue
        yield hand


def _as_jokers(play):
    return [Card(0) if card.is_joker else card for card in play]


@pytest.mark.parametrize("wild", ["SHDC", "SC"])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "as written")
def test_one_walk_answers_as_the_card_search_over_every_way_to_play_the_deuces(wild, options):
    rng = random.Random(f"deuces-{wild}-{sorted(options)}")
    compared = found = 0
    for slug in ("liverpool", "shanghai", "continental"):
        rules = _with_deuces(TableOptions(**options).apply(get_rules(slug)), wild)
        for number in range(1, len(rules.contracts) + 1):
            played, contract = round_rules(rules, number), contract_for(rules, number)
            for hand in _deuce_hands(rules, rng, 3):
                plays = deuce_plays(hand, played.meld_rules)
                try:
                    expected = any(
                        search_cards(played, contract, _as_jokers(p), Budget(200_000)) is not None
                        for p in plays
                    )
                    deuces = Counter((2, c.suit) for c in hand if played.meld_rules.wild(c))
                    melds = walk_runs(played, contract, hand, Budget(200_000), deuces)
                except SearchTooLarge:
                    continue
                assert (melds is not None) == expected, (slug, number, hand)
                compared += 1
                found += melds is not None
    assert compared >= 40 and found >= 10


def _laid_from(hand, melds) -> bool:
    """Every card laid is the hand's: a joker, or a wild deuce (written with the card it
    stands for), or a natural card, no card twice."""
    left = Counter((c.rank, c.suit) if not c.is_joker else (0, "") for c in hand)
    for meld in melds:
        for card in meld:
            own = (
                (2, card.deuce)
                if card.deuce
                else (0, "")
                if card.is_joker
                else (card.rank, card.suit)
            )
            if left[own] <= 0:
                return False
            left[own] -= 1
    return True


def test_every_deuce_and_joker_of_four_decks_in_one_hand_is_decided_and_laid_right():
    # Liverpool's round 6 (a set of 3, two runs of 4) with every deuce wild: eight deuces
    # make 3^4 ways to play them; the lay-down found holds each deuce once.
    rules = _with_deuces(get_rules("liverpool"), "SHDC")
    hand = parse_cards("2S 2S 2H 2H 2D 2D 2C 2C JK JK 7D 9C KS 5H 3D QC 8S 10H JC")
    solution = solve_contract(rules, 6, hand, players=8)
    assert solution.found
    assert check_contract(rules, 6, [list(m) for m in solution.melds]).valid
    assert _laid_from(hand, solution.melds)


def test_a_hand_of_twelve_deuces_is_laid_by_one_walk(monkeypatch):
    # A table's own game, every deuce wild, a joker a meld at most: twelve deuces make 4^4
    # ways to play them, more than the searches card by card and by shapes can try apart
    # (with no joker in hand, the three a lay-down holds may all be deuces: 35 of them).
    import rules_engine.solver as solver

    walked = calls(monkeypatch, solver, "_walk_deuces")
    round_ = {
        "cards": 14,
        "contract": [{"run": 6, "count": 3}],
        "alternatives": [[{"run": 3, "count": 2}], [{"set": 5, "count": 3}]],
    }
    melds = {"aces": "low_or_high", "jokers_at_most_naturals": True, "wild_deuces": "all"}
    melds["joker_limits"] = [{"from_size": 1, "most": 1}]
    rules = house_variant([round_], melds, {}, 2, [2, 3])
    hand = parse_cards("2S 2S 2S 2H 2H 2H 2D 2D 2D 2C 2C 2C 5H 7H 9C JC")
    solution = solve_contract(rules, 1, hand)
    assert walked and solution.found
    assert check_contract(rules, 1, [list(m) for m in solution.melds]).valid
    assert _laid_from(hand, solution.melds)


def _searches_answering(*answers):
    """A stand-in for the searches of each way in turn: a lay-down, None, or running out."""
    left = iter(answers)

    def search(rules, way, hand, budgets):
        answer = next(left)
        if isinstance(answer, SearchTooLarge):
            raise answer
        return answer

    return search


def test_a_way_the_searches_run_out_on_does_not_hide_a_later_way_that_lays(monkeypatch):
    """Where one way of the contract is left undecided for a play of the deuces, the ways
    after it are still searched: a lay-down of one of them is the answer (a random variant's
    round of two sets of 4 and two runs of 5, or two runs of 9, or three sets of 3, was
    answered "too many possibilities" while its third way laid)."""
    rules = get_rules("liverpool")
    contract = contract_for(rules, 1)
    later = replace(contract, requirements=contract.requirements[:1])
    laid = ((Card(5, "H"), Card(5, "S"), Card(5, "C")),)
    monkeypatch.setattr(solver, "_search", _searches_answering(SearchTooLarge(nodes=1), laid))
    hand = (Card(5, "H"), Card(5, "S"), Card(5, "C"))
    budgets = solver.Budgets(Budget(0), Budget(10), Budget(10), Budget(10))  # no glance
    assert solver._lay(rules, (contract, later), hand, budgets) == laid


def test_a_way_left_undecided_with_no_later_way_laid_stays_undecided(monkeypatch):
    rules = get_rules("liverpool")
    contract = contract_for(rules, 1)
    monkeypatch.setattr(solver, "_search", _searches_answering(SearchTooLarge(nodes=1), None))
    budgets = solver.Budgets(Budget(0), Budget(10), Budget(10), Budget(10))  # no glance
    with pytest.raises(SearchTooLarge):
        solver._lay(rules, (contract, contract), (Card(5, "H"),), budgets)


def test_a_way_the_glance_proves_cannot_be_laid_is_not_searched_again(monkeypatch):
    # With several ways, each is first searched card by card in a small share of the
    # budget; one it proves cannot be laid costs nothing more.
    rules = get_rules("liverpool")
    contract = contract_for(rules, 1)
    searched = []
    monkeypatch.setattr(solver, "_search", lambda *args: searched.append(args))
    budgets = solver.Budgets(Budget(3_000), Budget(10), Budget(10), Budget(10))
    assert solver._lay(rules, (contract, contract), (Card(5, "H"), Card(5, "S")), budgets) is None
    assert searched == []
    assert budgets.cards.left < 3_000  # the glance is counted
