"""House rules: each table option, the same hand or deal judged with and without it."""

import pytest

from rules_engine import (
    DealError,
    Fact,
    HandTooLarge,
    OptionError,
    PlayerDeal,
    Question,
    TableOptions,
    get_rules,
    parse_melds,
    read_table,
    referee,
)
from rules_engine.contracts import check_contract
from rules_engine.opening import check_opening

OUT = frozenset({Fact.WENT_OUT})


def contract_ok(slug: str, number: int, text: str, **options) -> bool:
    rules = TableOptions(**options).apply(get_rules(slug))
    return check_contract(rules, number, parse_melds(text)).valid


def opening_points(text: str, **options) -> int:
    rules = TableOptions(**options).apply(get_rules("rami-51"))
    return check_opening(rules, parse_melds(text)).points


def test_without_a_house_rule_the_table_plays_the_catalogues_rules():
    for slug in ("rami-contrat", "liverpool", "rami-51", "rami-contrat-13", "romi-rami"):
        assert TableOptions().apply(get_rules(slug)) is get_rules(slug)


def test_no_jokers_leaves_none_in_the_deal_and_refuses_one_in_a_hand():
    assert read_table("liverpool", 4).round(1).jokers == 4
    table = read_table("liverpool", 4, options={"no_jokers": True})
    assert table.round(1).jokers == 0
    with pytest.raises(DealError):
        table.score(1, [PlayerDeal(facts=OUT), PlayerDeal(cards=parse_melds("JK 5H")[0])] * 2)


def test_an_agreed_number_of_deals_ends_the_game():
    assert not read_table("rami-51", 3).is_over(5)
    assert read_table("rami-51", 3, options={"rounds": 5}).is_over(5)


def test_a_total_can_end_the_game_and_the_points_to_go_count_down_to_it():
    plain = read_table("rami-51", 3)
    assert not plain.is_over(4, [80, 320, 150]) and plain.points_to_go([80, 320]) is None
    table = read_table("rami-51", 3, options={"end_at_total": 300})
    assert table.rounds is None  # no fixed number of deals
    assert not table.is_over(4, [80, 290, 150]) and table.points_to_go([80, 290, 150]) == 10
    assert table.is_over(4, [80, 320, 150]) and table.points_to_go([80, 320, 150]) == 0


def test_a_fixed_number_of_deals_and_an_end_total_do_not_go_together():
    with pytest.raises(OptionError) as refused:
        TableOptions.read(get_rules("rami-51"), {"rounds": 5, "end_at_total": 300})
    assert refused.value.code == "options_conflict"


def test_a_joker_in_the_opening_counts_nothing_or_the_card_it_replaces():
    assert opening_points("10D JK QD") == 20
    assert opening_points("10D JK QD", joker_counts_as_card=True) == 30


def test_an_ace_in_a_set_counts_eleven_or_one_in_the_opening():
    assert opening_points("AH AS AD | 2C 3C 4C") == 33 + 9
    assert opening_points("AH AS AD | 2C 3C 4C", ace_in_set=1) == 3 + 9
    with pytest.raises(OptionError) as refused:
        TableOptions.read(get_rules("rami-51"), {"ace_in_set": 5})
    assert refused.value.code == "option_not_one_of"


def test_the_lay_down_is_exactly_the_contract_or_may_be_longer():
    four_sevens = "7H 7S 7D 7C | 8C 8D 8S"
    assert not contract_ok("rami-contrat", 1, four_sevens)
    assert contract_ok("rami-contrat", 1, four_sevens, exact_lay_down=False)
    assert contract_ok("liverpool", 1, four_sevens)
    assert not contract_ok("liverpool", 1, four_sevens, exact_lay_down=True)


def test_runs_of_one_suit_may_or_may_not_follow_on():
    meeting = "2H 3H 4H 5H | 6H 7H 8H 9H"
    assert not contract_ok("liverpool", 3, meeting)
    assert contract_ok("liverpool", 3, meeting, no_contiguous_runs=False)
    assert contract_ok("rami-contrat-13", 3, meeting)
    assert not contract_ok("rami-contrat-13", 3, meeting, no_contiguous_runs=True)


def test_overlapping_runs_of_one_suit_may_count_as_meeting():
    overlapping = "2H 3H 4H 5H | 4H 5H 6H 7H"
    assert contract_ok("liverpool", 3, overlapping)
    assert not contract_ok("liverpool", 3, overlapping, overlap_counts_as_contiguous=True)
    apart = "2H 3H 4H 5H | 7H 8H 9H 10H"
    assert contract_ok("liverpool", 3, apart, overlap_counts_as_contiguous=True)


def test_the_finder_keeps_overlapping_runs_apart_when_the_table_says_so():
    hand = "2H 3H 4H 5H 4H 5H 6H 7H KS"
    found = referee.solve(Question.about("liverpool", round=3), hand, "en")
    assert found["found"]
    strict = Question.about(
        "liverpool", round=3, options=TableOptions(overlap_counts_as_contiguous=True)
    )
    assert not referee.solve(strict, hand, "en")["found"]


def test_two_sets_of_one_rank_count_as_two_or_as_one():
    sevens = "7S 7H 7D | 7C 7S 7H"
    assert contract_ok("liverpool", 1, sevens)
    assert not contract_ok("liverpool", 1, sevens, same_rank_sets_count_once=True)
    assert contract_ok("liverpool", 1, "7S 7H 7D | 8C 8S 8H", same_rank_sets_count_once=True)
    once = Question.about(
        "liverpool", round=1, options=TableOptions(same_rank_sets_count_once=True)
    )
    answer = referee.solve(once, "7S 7H 7D 7C 7S 7H 2D", "en")
    assert not answer["found"] and "share a rank" in " ".join(answer["errors"])
    assert referee.solve(Question.about("liverpool", round=1), "7S 7H 7D 7C 7S 7H 2D", "en")[
        "found"
    ]


def test_the_deal_passes_left_or_right():
    assert read_table("rami-contrat", 4).dealer(2) == 1
    assert read_table("rami-contrat", 4, options={"dealer_passes": "right"}).dealer(2) == 3
    assert read_table("rami-contrat-13", 4).dealer(2) == 3
    assert read_table("rami-contrat-13", 4, options={"dealer_passes": "left"}).dealer(2) == 1


def test_a_deal_with_no_winner_is_allowed_or_refused():
    hands = [PlayerDeal(points=12), PlayerDeal(points=30), PlayerDeal(points=7)]
    assert read_table("rami-contrat", 3).score(1, hands, no_winner=True) == [12, 30, 7]
    with pytest.raises(DealError):
        read_table("rami-contrat", 3, options={"no_winner_deals": False}).score(
            1, hands, no_winner=True
        )
    with pytest.raises(DealError):
        read_table("liverpool", 3).score(1, hands, no_winner=True)
    table = read_table("liverpool", 3, options={"no_winner_deals": True})
    assert table.score(1, hands, no_winner=True) == [12, 30, 7]


def test_the_table_may_choose_its_number_of_decks():
    assert read_table("liverpool", 2).round(1).decks == 1
    table = read_table("liverpool", 2, options={"decks": 2})
    assert (table.round(1).decks, table.round(1).jokers) == (2, 4)
    two_nines = "9C 9C 9D | 5S 5H 5D"
    with pytest.raises(HandTooLarge):  # one deck holds one 9♣
        referee.check(Question.about("liverpool", round=1, players=2), two_nines, "en")
    two_decks = Question.about("liverpool", round=1, players=2, options=TableOptions(decks=2))
    assert referee.check(two_decks, two_nines, "en")["valid"]
    with pytest.raises(OptionError):
        TableOptions.read(get_rules("liverpool"), {"decks": 5})


def test_the_house_rules_in_force_are_those_away_from_the_rules():
    rules = get_rules("rami-contrat")
    options = TableOptions(exact_lay_down=True, dealer_passes="right", no_jokers=True)
    assert options.house_rules(rules) == [("no_jokers", True), ("dealer_passes", "right")]


def test_an_option_is_typed_and_offered_only_where_it_means_something():
    with pytest.raises(OptionError) as refused:
        TableOptions.read(get_rules("rami-51"), {"exact_lay_down": True})
    assert refused.value.code == "unknown_option"
    with pytest.raises(OptionError) as refused:
        TableOptions.read(get_rules("liverpool"), {"dealer_passes": "up"})
    assert refused.value.code == "option_not_one_of"


def test_rami_sec_only_scores_the_one_who_went_out_a_rami_sec():
    hands = [PlayerDeal(facts=OUT), PlayerDeal(points=30), PlayerDeal(points=7)]
    assert read_table("rami-51", 3).score(1, hands) == [0, 30, 7]
    only = read_table("rami-51", 3, options={"rami_sec_only": True})
    assert only.score(1, hands) == [-50, 100, 100]  # nobody else can have laid anything


def test_rami_sec_only_checks_that_the_opening_lays_every_card():
    nine = "5S 6S 7S | KH KS KD | QH QS QC"
    whole = nine + " | 2D 3D 4D 5D"
    assert check_opening(get_rules("rami-51"), parse_melds(nine)).valid
    only = TableOptions(rami_sec_only=True).apply(get_rules("rami-51"))
    assert not check_opening(only, parse_melds(nine)).valid
    assert check_opening(only, parse_melds(whole)).valid


def test_rami_sec_only_finds_a_lay_down_of_all_cards_but_the_discard():
    hand = "5S 6S 7S 8S KH KS KD QH QS QC 2D 3D 4D 9C"
    question = Question.about("rami-51", opening=True, options=TableOptions(rami_sec_only=True))
    found = referee.solve(question, hand, "en")
    assert found["found"] and sum(len(m) for m in found["melds"]) == 13
    stuck = referee.solve(question, "5S 6S 7S KH KS KD QH QS QC 2D 3D 4D 9C 9H", "en")
    assert not stuck["found"] and "No rami sec" in stuck["errors"][0]
    assert referee.solve(Question.about("rami-51", opening=True), hand, "en")["found"]
    short = referee.solve(question, "5S 6S 7S 8S KH KS KD QH QS QC 2D 3D 4D", "en")
    assert "14 cards held after drawing" in short["errors"][0]
