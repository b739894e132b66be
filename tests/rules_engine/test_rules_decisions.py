"""The Decisions of 2026-11-23 on whole tables and house rules, one test per rule."""

from __future__ import annotations

import pytest

from rules_engine import (
    OptionError,
    Question,
    RulesError,
    Table,
    TableOptions,
    get_rules,
    parse_hand,
    referee,
)
from rules_engine.cards import parse_melds
from rules_engine.contracts import check_contract
from rules_engine.solver import solve_contract

CONTIGUOUS_13 = TableOptions.read(get_rules("rami-contrat-13"), {"no_contiguous_runs": True})


def contract_13(melds: str) -> bool:
    rules = CONTIGUOUS_13.apply(get_rules("rami-contrat-13"))
    return check_contract(rules, 3, parse_melds(melds)).valid


@pytest.mark.parametrize(
    "melds",
    ["QH KH AH 2H | 3H 4H 5H 6H", "JH QH KH AH | 2H 3H 4H 5H", "10H JH QH KH | AH 2H 3H 4H"],
)
def test_circular_runs_follow_on_across_king_ace_two_when_contiguity_is_on(melds):
    assert not contract_13(melds)


def test_circular_runs_with_a_gap_are_still_two_runs():
    assert contract_13("QH KH AH 2H | 4H 5H 6H 7H")


def test_the_finder_never_lays_runs_that_follow_on_round_the_corner():
    rules = CONTIGUOUS_13.apply(get_rules("rami-contrat-13"))
    hand = list(parse_hand("QH KH AH 2H 3H 4H 5H 6H"))
    assert not solve_contract(rules, 3, hand).found
    rules_off = get_rules("rami-contrat-13")  # contiguity off: the same cards lay down
    assert solve_contract(rules_off, 3, hand).found


def test_overlap_counts_as_contiguous_needs_the_contiguity_rule():
    with pytest.raises(OptionError) as refused:
        TableOptions.read(
            get_rules("liverpool"),
            {"no_contiguous_runs": False, "overlap_counts_as_contiguous": True},
        )
    assert refused.value.code == "options_conflict"
    # With the system's own contiguity rule (liverpool forbids contiguous runs) it stands.
    TableOptions.read(get_rules("liverpool"), {"overlap_counts_as_contiguous": True})


@pytest.mark.parametrize(
    ("slug", "players"),
    [
        ("rami-contrat", 2),
        ("rami-contrat", 6),
        ("liverpool", 9),
        ("rami-51", 7),
        ("rami-contrat-13", 1),
        ("romi-rami", 5),
    ],
)
def test_a_table_the_system_excludes_is_refused(slug, players):
    with pytest.raises(RulesError) as refused:
        Table.checked(get_rules(slug), players)
    assert refused.value.code == "player_count"


def test_decks_chosen_must_deal_every_round():
    rules = get_rules("liverpool")
    one_deck = TableOptions.read(rules, {"decks": 1})
    with pytest.raises(OptionError) as refused:
        Table.checked(rules, 8, options=one_deck)  # 8 players x 12 cards + 1 > 54
    assert refused.value.code == "decks_too_few" and refused.value.params["option"] == "decks"
    Table.checked(rules, 4, options=one_deck)  # 4 x 12 + 1 fits one deck


def test_a_round_asked_of_rami_51_is_bad_input_not_another_question():
    question = Question.about("rami-51", round=3)
    with pytest.raises(RulesError) as refused:
        referee.check(question, "5S 6S 7S | KH KS KD | QH QS QC", "en")
    assert refused.value.code == "round_not_asked"
    with pytest.raises(RulesError):
        referee.solve(question, "5S 6S 7S KH KS KD QH QS QC", "en")


def test_one_joker_too_many_is_said_in_the_singular():
    from rules_engine import describe

    assert describe("too_many_jokers", {"count": 1, "most": 0}, "en").startswith("1 joker,")
    assert describe("too_many_jokers", {"count": 1, "most": 0}, "fr").startswith("1 joker :")
