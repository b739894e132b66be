"""Contracts per round: requirements, exact sizes, contiguity, contract 7 in full."""

import pytest

from rules_engine import RoundOutOfRange, get_rules, parse_melds
from rules_engine.cards import format_meld
from rules_engine.catalogue import cards_dealt, contract_for, decks_and_jokers
from rules_engine.contracts import check_contract
from rules_engine.messages import contract_words

RC = get_rules("rami-contrat")
LP = get_rules("liverpool")
R13 = get_rules("rami-contrat-13")


def check(rules, round_number, text):
    return check_contract(rules, round_number, parse_melds(text))


def codes(result):
    return [e.code for e in result.errors]


def test_rami_contrat_round_6_is_one_set_of_exactly_3_and_two_runs_of_exactly_4():
    reqs = contract_for(RC, 6).requirements
    assert sorted((r.kind, r.size, r.exact) for r in reqs) == [
        ("run", 4, True),
        ("run", 4, True),
        ("set", 3, True),
    ]


@pytest.mark.parametrize(
    ("round_number", "words"),
    [
        (1, "Deux brelans d'exactement 3 cartes"),
        (2, "Un brelan d'exactement 3 cartes + une suite d'exactement 4 cartes"),
        (7, "Deux suites d'exactement 4 cartes + une suite d'exactement 5 cartes (sans défausse)"),
    ],
)
def test_rami_contrat_contracts_read_as_in_the_rule_text(round_number, words):
    assert contract_words(contract_for(RC, round_number), "fr") == words


def test_rami_contrat_deals_10_then_12_cards():
    assert [cards_dealt(RC, n) for n in range(1, 8)] == [10, 10, 10, 12, 12, 12, 12]


def test_rami_contrat_jokers_depend_on_the_player_count():
    assert [decks_and_jokers(RC, n)[1] for n in (3, 4, 5)] == [2, 3, 4]


def test_liverpool_uses_three_decks_from_six_players():
    assert decks_and_jokers(LP, 5) == (2, 4)
    assert decks_and_jokers(LP, 6) == (3, 6)


def test_rami_contrat_13_deals_one_more_card_each_round():
    assert [cards_dealt(R13, n) for n in range(1, 8)] == [7, 8, 9, 10, 11, 12, 13]


def test_rami_contrat_13_adds_decks_in_rounds_3_and_5_for_five_or_more():
    assert [decks_and_jokers(R13, 6, n)[0] for n in (1, 2, 3, 4, 5, 7)] == [2, 2, 3, 3, 4, 4]
    assert [decks_and_jokers(R13, 4, n)[0] for n in (1, 4, 5)] == [2, 2, 3]


def test_a_round_out_of_range_is_refused():
    with pytest.raises(RoundOutOfRange):
        contract_for(RC, 8)


def test_two_sets_meet_contract_1():
    assert check(RC, 1, "7H 7S 7D | KS KD KC").valid


def test_two_sets_of_the_same_rank_count_as_two_sets():
    assert check(RC, 1, "7S 7H 7D | 7C 7S 7H").valid


def test_spades_2_5_with_6_9_are_refused_as_contiguous():
    result = check(RC, 3, "2S 3S 4S 5S | 6S 7S 8S 9S")
    assert codes(result) == ["runs_contiguous"]
    assert result.errors[0].params == {"first": 1, "second": 2}


def test_overlapping_runs_2_5_and_4_7_are_fine():
    assert check(RC, 3, "2S 3S 4S 5S | 4S 5S 6S 7S").valid


def test_runs_with_a_gap_2_5_and_7_10_are_fine():
    assert check(RC, 3, "2S 3S 4S 5S | 7S 8S 9S 10S").valid


def test_liverpool_refuses_hearts_2_5_with_6_9_and_accepts_7_10():
    assert codes(check(LP, 3, "2H 3H 4H 5H | 6H 7H 8H 9H")) == ["runs_contiguous"]
    assert check(LP, 3, "2H 3H 4H 5H | 7H 8H 9H 10H").valid


def test_rami_contrat_13_has_no_contiguity_rule():
    assert check(R13, 3, "2H 3H 4H 5H | 6H 7H 8H 9H").valid


def test_jokers_are_read_jointly_to_avoid_contiguity():
    result = check(RC, 3, "2S 3S 4S 5S | JK 7S 8S 9S")
    assert result.valid
    assert format_meld(result.melds[1]) == "7S 8S 9S JK=10S"


def test_rami_contrat_forbids_laying_more_than_the_contract_asks():
    result = check(RC, 2, "7H 7S 7D 7C | 2S 3S 4S 5S")
    assert codes(result) == ["meld_too_long_for_contract"]
    assert check(LP, 2, "7H 7S 7D 7C | 2S 3S 4S 5S").valid


def test_contract_7_of_rami_contrat_is_laid_in_full_with_13_cards():
    assert check(RC, 7, "2S 3S 4S 5S | 7S 8S 9S 10S | 4H 5H 6H 7H 8H").valid
    result = check(RC, 7, "2S 3S 4S 5S | 7S 8S 9S 10S | 4H 5H 6H 7H")
    assert codes(result) == ["meld_too_short_for_contract", "must_lay_all"]
    assert result.errors[1].params == {"count": 12, "needed": 13}


def test_liverpool_contract_7_is_three_runs():
    assert check(LP, 7, "2S 3S 4S 5S | 7S 8S 9S 10S | 4H 5H 6H 7H").valid


def test_a_missing_requirement_is_named():
    result = check(RC, 2, "7H 7S 7D")
    assert codes(result) == ["missing"]
    assert result.errors[0].params["kind"] == "run"


def test_a_broken_meld_is_named_with_its_reasons():
    result = check(RC, 1, "7H 7S 7D | 8H 9S 10D")
    assert codes(result) == ["meld_invalid", "missing"]
    assert result.errors[0].params["meld"] == 2


def test_a_meld_beyond_the_contract_is_refused():
    assert "extra_meld" in codes(check(LP, 1, "7H 7S 7D | 8H 8S 8D | 9H 9S 9D"))


def test_nothing_laid_is_not_a_contract():
    assert codes(check(RC, 1, "")) == ["nothing_laid", "missing"]
