"""The five presets play as their published rules say (sources in each variant file)."""

import pytest

from rules_engine import TableOptions, get_rules, parse_cards, parse_melds, table_for
from rules_engine.errors import DealError
from rules_engine.scoring import PlayerDeal
from rules_engine.systems import Fact


def table(slug, players=4, **options):
    rules = get_rules(slug)
    return table_for(rules, players, options=TableOptions.read(rules, options), new=True)


def verdict(slug, number, text, players=4, **options):
    return table(slug, players, **options).check_lay_down(number, parse_melds(text))


def codes(check):
    out = []
    for error in check.errors:
        out.append(error.code)
        out += [r.code for r in error.params.get("reasons", ())]
    return out


# Shanghai ------------------------------------------------------------------------------


def test_shanghai_deals_eleven_cards_ten_times_with_its_contracts():
    shanghai = table("shanghai")
    assert shanghai.rounds == 10
    assert {shanghai.round(n).cards for n in range(1, 11)} == {11}
    assert shanghai.round(8).contract_words("en") == "A set + a run of 10"
    assert shanghai.round(10).contract_words("en") == "Three runs of 5"


def test_shanghai_uses_two_decks_up_to_four_players_and_three_for_five_or_six():
    assert (table("shanghai", 4).round(1).decks, table("shanghai", 5).round(1).decks) == (2, 3)


def test_shanghai_contract_eight_needs_more_cards_than_dealt_and_buying_gives_them():
    # 3 + 10 = 13 cards from a hand of 11: two bought cards.
    check = verdict("shanghai", 8, "3S 3H 3D | 4C 5C 6C 7C 8C 9C TC JC QC KC")
    assert check.valid


def test_shanghai_a_set_of_three_holds_one_joker_and_a_run_of_five_two():
    assert "set_too_many_jokers" in codes(verdict("shanghai", 1, "7S JK JK | 9H 9D 9C"))
    assert verdict("shanghai", 6, "7S 7H JK | 9H 9D 9C | 4C JK 6C JK 8C").valid
    assert "run_too_many_jokers" in codes(verdict("shanghai", 2, "7S 7H 7D | 4C JK 6C JK"))


def test_shanghai_numbers_count_five_courts_ten_ace_and_joker_fifteen():
    assert table("shanghai").hand_value(parse_cards("2H 9C KD AS JK")) == 5 + 5 + 10 + 15 + 15


def test_shanghai_going_out_blind_scores_minus_25():
    shanghai = table("shanghai", 3)
    out = PlayerDeal(0, None, frozenset({Fact.WENT_OUT, Fact.OUT_IN_ONE_GO}))
    assert shanghai.score(1, [out, PlayerDeal(20), PlayerDeal(35)]) == [-25, 20, 35]


def test_only_the_player_who_went_out_can_have_gone_out_in_one_go():
    shanghai = table("shanghai", 3)
    blind = PlayerDeal(20, None, frozenset({Fact.OUT_IN_ONE_GO}))
    with pytest.raises(DealError) as caught:
        shanghai.score(1, [PlayerDeal(0, None, frozenset({Fact.WENT_OUT})), blind, PlayerDeal(5)])
    assert [p.code for p in caught.value.problems] == ["one_go_not_out"]


def test_shanghai_tables_that_read_jokers_against_real_cards_choose_it():
    strict = dict(jokers_at_most_naturals=True)
    assert verdict("shanghai", 6, "7S 7H JK | 9H 9D 9C | 4C JK 6C JK 8C").valid
    assert not verdict("shanghai", 6, "7S 7H JK | 9H 9D 9C | 4C JK JK 7C JK", **strict).valid


# Contract Rummy (Bicycle) ----------------------------------------------------------------


def test_contract_rummy_packs_and_jokers_follow_the_players():
    three, five = table("contract-rummy", 3).round(1), table("contract-rummy", 5).round(1)
    assert (three.decks, three.jokers) == (2, 1)
    assert (five.decks, five.jokers) == (3, 2)


def test_contract_rummy_deals_ten_then_twelve_in_the_last_three():
    rummy = table("contract-rummy")
    assert [rummy.round(n).cards for n in range(1, 8)] == [10, 10, 10, 10, 12, 12, 12]


def test_contract_rummy_ace_ends_a_run_and_never_turns_the_corner():
    assert verdict("contract-rummy", 3, "AH 2H 3H 4H | JS QS KS AS").valid
    assert "ace_no_wrap" in codes(verdict("contract-rummy", 3, "QH KH AH 2H | 4S 5S 6S 7S"))


def test_contract_rummy_last_deal_all_out_is_a_table_s_choice():
    assert not table("contract-rummy").round(7).lay_all
    assert table("contract-rummy", last_round_all_out=True).round(7).lay_all


# Carioca -----------------------------------------------------------------------------------


def test_carioca_nine_deals_of_twelve_cards_ending_with_the_royal_run():
    carioca = table("carioca")
    assert carioca.rounds == 9 and {carioca.round(n).cards for n in range(1, 10)} == {12}
    assert carioca.round(9).lay_all
    assert verdict("carioca", 9, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH").valid


def test_carioca_runs_turn_the_corner_unless_the_table_follows_pagat():
    assert verdict("carioca", 2, "7S 7H 7D | QH KH AH 2H").valid
    check = verdict("carioca", 2, "7S 7H 7D | QH KH AH 2H", round_the_corner=False)
    assert "ace_no_wrap" in codes(check)


def test_carioca_a_meld_holds_one_joker_and_a_lay_down_two():
    assert "set_too_many_jokers" in codes(verdict("carioca", 1, "7S JK JK | 9H 9D 9C"))
    assert verdict("carioca", 4, "7S 7H JK | 9H JK 9C | 4C 4D 4S").valid
    check = verdict("carioca", 4, "7S 7H JK | 9H JK 9C | 4C JK 4S")
    assert "lay_down_too_many_jokers" in codes(check)


def test_carioca_two_trios_of_one_rank_fill_one():
    assert not verdict("carioca", 1, "7S 7H 7D | 7C 7S 7H").valid


def test_carioca_ace_counts_20_and_joker_50_or_30_by_region():
    assert table("carioca").hand_value(parse_cards("AS JK 7D")) == 20 + 50 + 7
    assert table("carioca", joker_points=30).hand_value(parse_cards("AS JK 7D")) == 20 + 30 + 7


def test_carioca_exact_lay_down_is_a_table_s_choice():
    assert verdict("carioca", 1, "7S 7H 7D 7C | 9H 9D 9C").valid
    assert not verdict("carioca", 1, "7S 7H 7D 7C | 9H 9D 9C", exact_lay_down=True).valid


def test_the_carioca_finder_never_lays_more_than_two_jokers():
    carioca = table("carioca")
    three_needed = parse_cards("7S 7H JK JK JK 9H 9D 4C 4D QS 2C 5H 8D")
    assert not carioca.find_lay_down(4, three_needed).found
    two_needed = parse_cards("7S 7H 7D JK JK JK 9H 9D 4C 4D QS 2C 5H")
    found = carioca.find_lay_down(4, two_needed)
    assert found.found
    assert sum(card.is_joker for meld in found.melds for card in meld) <= 2


# Continental -------------------------------------------------------------------------------


def test_continental_deals_one_card_more_than_each_contract_needs():
    continental = table("continental")
    for number in range(1, 8):
        plan = continental.round(number)
        assert plan.cards == sum(r.size for r in plan.contract.requirements) + 1


def test_continental_runs_have_no_beginning_or_end():
    assert verdict("continental", 3, "QH KH AH 2H | 5S 6S 7S 8S").valid


def test_continental_two_jokers_never_sit_side_by_side():
    assert "jokers_side_by_side" in codes(verdict("continental", 3, "5H JK JK 8H | 5S 6S 7S 8S"))
    assert verdict("continental", 3, "5H JK 7H JK | 5S 6S 7S 8S").valid


def test_the_continental_finder_keeps_jokers_apart():
    hand = parse_cards("5H 8H JK JK 5S 6S 7S 8S 2C")
    found = table("continental").find_lay_down(3, hand)
    for meld in found.melds:
        assert not any(a.is_joker and b.is_joker for a, b in zip(meld, meld[1:], strict=False))


def test_continental_going_down_and_closing_in_one_turn_scores_minus_10():
    continental = table("continental", 2)
    out = PlayerDeal(0, None, frozenset({Fact.WENT_OUT, Fact.OUT_IN_ONE_GO}))
    assert continental.score(1, [out, PlayerDeal(27)]) == [-10, 27]


def test_continental_joker_50_ace_20():
    assert table("continental").hand_value(parse_cards("JK AS QD 4C")) == 50 + 20 + 10 + 4


# King Rummy --------------------------------------------------------------------------------


def test_king_rummy_four_contracts_and_a_joker_at_25():
    king = table("king-rummy")
    assert [king.round(n).contract_words("en") for n in range(1, 5)] == [
        "A set + a run of 4",
        "Three sets",
        "Two runs of 4",
        "Two sets + a run of 4",
    ]
    assert king.hand_value(parse_cards("JK")) == 25


def test_liverpool_round_7_decides_a_hand_of_one_suit_with_a_joker():
    """Once answered "too many possibilities": three runs of 4 that must not follow on."""
    hand = parse_cards("QH 5H JH TH JK 5H AH 7H 6H 9H KH 8H 2H")
    found = table("liverpool", 4).find_lay_down(7, hand)
    assert not found.found
    assert [r.code for r in found.reasons] == ["only_n_possible"]
