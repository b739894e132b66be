"""Melds per system: sizes, suits, aces, circular runs, jokers and reasons."""

import pytest

from rules_engine import get_rules, parse_cards, parse_melds
from rules_engine.cards import format_meld
from rules_engine.contracts import check_contract
from rules_engine.melds import check_meld


def meld(slug, text):
    return check_meld(parse_cards(text), get_rules(slug).meld_rules)


def codes(check):
    return {r.code for r in check.reasons}


def test_a_set_is_three_cards_of_one_rank_in_any_suits_in_rami_contrat():
    assert meld("rami-contrat", "5S 5S 5H").valid  # ♠5 - 5 - 5, second deck


def test_a_run_is_three_consecutive_of_one_suit_in_rami_contrat():
    assert meld("rami-contrat", "7H 8H 9H 10H").valid
    assert meld("rami-contrat", "7H 8H 9H").valid


def test_the_ace_is_low_or_high_but_never_wraps_in_rami_contrat():
    assert meld("rami-contrat", "AS 2S 3S").valid
    assert meld("rami-contrat", "QS KS AS").valid
    assert not meld("rami-contrat", "KS AS 2S").valid


def test_the_longest_run_without_wrap_goes_ace_to_ace():
    text = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert meld("rami-contrat", text).valid
    assert not meld("rami-contrat", text + " 2S").valid


def test_rami_contrat_13_runs_are_circular():
    assert meld("rami-contrat-13", "KH AH 2H 3H").valid
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert meld("rami-contrat-13", full).valid
    assert "run_too_long" in codes(meld("rami-contrat-13", full + " AH"))


def test_rami_contrat_13_runs_need_four_cards():
    assert "run_too_short" in codes(meld("rami-contrat-13", "7H 8H 9H"))


def test_rami_contrat_13_forbids_a_set_of_three_jokers():
    assert "set_of_jokers" in codes(meld("rami-contrat-13", "JK JK JK"))


def test_rami_51_sets_have_all_different_suits_and_at_most_four_cards():
    assert meld("rami-51", "9S 9H 9D 9C").valid
    assert "set_same_suit_twice" in codes(meld("rami-51", "9S 9S 9H"))
    assert "set_too_long" in codes(meld("rami-51", "9S 9H 9D 9C JK"))


def test_every_meld_needs_a_natural_card():
    assert "no_natural_card" in codes(meld("liverpool", "JK JK JK JK"))


def test_a_joker_takes_the_identity_that_makes_the_run_valid():
    check = meld("rami-contrat", "7H 8H JK 10H")
    assert [format_meld(r.cards) for r in check.readings] == ["7H 8H JK=9H 10H"]


def test_a_pinned_joker_must_fit_where_it_is_pinned():
    assert meld("rami-contrat", "7H 8H JK=9H 10H").valid
    assert not meld("rami-contrat", "7H 8H JK=9S 10H").valid


def test_cards_of_a_run_may_be_given_in_any_order():
    check = meld("liverpool", "10H 7H JK 8H")
    assert format_meld(check.readings[0].cards) == "7H 8H JK=9H 10H"


def test_a_joker_at_a_run_end_gives_every_reading():
    check = meld("liverpool", "7H 8H 9H JK")
    assert {format_meld(r.cards) for r in check.readings} == {"JK=6H 7H 8H 9H", "7H 8H 9H JK=10H"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7H 8S 9H", {"set_mixed_ranks", "run_mixed_suits"}),
        ("7H 8H 10H JH", {"run_not_consecutive"}),
        ("7H 8H JK JH QH", {"run_gap"}),
        ("KH AH 2H", {"ace_no_wrap"}),
        ("7H 7H 8H 9H", {"run_rank_twice"}),
        ("7H 8H", {"too_few_cards"}),
    ],
)
def test_an_invalid_meld_reports_every_reason(text, expected):
    assert codes(meld("rami-contrat", text)) == expected


def test_a_rami_contrat_13_set_holds_at_most_two_jokers():
    rules = get_rules("rami-contrat-13")
    assert [r.kind for r in check_meld(parse_cards("5S 5H JK JK"), rules.meld_rules).readings] == [
        "set"
    ]
    # Three jokers with a 5: only a run (5 to 8 of spades) can read it, never a set.
    kinds = [r.kind for r in check_meld(parse_cards("5S JK JK JK"), rules.meld_rules).readings]
    assert kinds == ["run"] * len(kinds) and kinds
    lay_down = check_contract(rules, 1, parse_melds("5S JK JK JK | 7H 7S 7D"))  # two sets
    assert not lay_down.valid
    assert [
        r.code for r in check_meld(parse_cards("5S 5H JK JK JK"), rules.meld_rules).reasons
    ] == ["set_too_many_jokers"]
    # Liverpool sets are not limited.
    liverpool = get_rules("liverpool")
    assert check_contract(liverpool, 1, parse_melds("5S JK JK JK | 7H 7S 7D")).valid
