"""The engine's Table: one value answers what a round is, how a deal scores and who leads."""

from dataclasses import replace

import pytest

from rules_engine import (
    DealError,
    Fact,
    HandTooLarge,
    OptionError,
    PlayerDeal,
    Table,
    TableOptions,
    get_rules,
    parse_melds,
    read_table,
)
from rules_engine.contracts import check_contract

OUT = frozenset({Fact.WENT_OUT})


def test_a_round_plan_gathers_contract_deal_decks_and_seats():
    table = read_table("rami-contrat-13", players=5, first_dealer=2)
    plan = table.round(3)
    assert plan.contract == get_rules("rami-contrat-13").contracts[2]
    assert (plan.cards, plan.decks, plan.jokers) == (9, 3, 6)  # 5 players: a 3rd deck from round 3
    assert (plan.dealer, plan.first_player, plan.clockwise) == (0, 4, False)  # the deal goes right
    assert plan.total == 7 and not plan.no_contiguous_runs


def test_the_round_plan_says_when_runs_of_one_suit_must_not_meet_and_when_all_cards_go_down():
    table = read_table("rami-contrat", players=4)
    assert table.round(3).no_contiguous_runs and not table.round(1).no_contiguous_runs
    assert table.round(7).lay_all and not table.round(6).lay_all


def test_a_table_without_jokers_has_none_in_any_round():
    table = read_table("liverpool", players=4, options={"no_jokers": True})
    assert {table.round(n).jokers for n in range(1, 8)} == {0}
    assert table.limits(1).jokers == 0


def test_rami_51_plays_the_deals_agreed_or_on_until_the_table_stops():
    agreed = read_table("rami-51", players=3, options={"rounds": 5})
    assert agreed.rounds == 5 and agreed.is_over(5) and not agreed.is_over(4)
    open_ended = read_table("rami-51", players=3)
    assert open_ended.rounds is None and not open_ended.is_over(150)
    assert open_ended.round(1).opening.minimum == 51


def test_options_a_game_does_not_offer_are_refused_by_name():
    with pytest.raises(OptionError) as refused:
        read_table("rami-contrat-13", players=4, options={"no_jokers": True})
    assert refused.value.code == "unknown_option" and refused.value.params["option"] == "no_jokers"


@pytest.mark.parametrize(
    "options, code",
    [({"no_jokers": "yes"}, "option_not_bool"), ({"no_jokers": 1}, "option_not_bool")],
)
def test_a_yes_no_option_takes_true_or_false_only(options, code):
    with pytest.raises(OptionError) as refused:
        TableOptions.read(get_rules("liverpool"), options)
    assert refused.value.code == code


@pytest.mark.parametrize("rounds", [0, 101, True, "5", 2.5])
def test_the_number_of_deals_is_a_whole_number_from_1_to_100(rounds):
    with pytest.raises(OptionError) as refused:
        TableOptions.read(get_rules("rami-51"), {"rounds": rounds})
    assert refused.value.code == "option_out_of_range"


def test_options_are_stored_only_when_they_differ_from_the_default():
    assert TableOptions().stored() == {}
    chosen = TableOptions.read(get_rules("rami-51"), {"rounds": 8, "joker_counts_as_card": False})
    assert chosen.stored() == {"rounds": 8}


def test_a_deal_scores_through_the_table_and_its_problems_name_seat_and_field():
    table = read_table("rami-51", players=3)
    hands = [
        PlayerDeal(None, None, OUT),
        PlayerDeal(12),
        PlayerDeal(None, None, frozenset({Fact.LAID_NOTHING})),
    ]
    assert table.score(1, hands) == [0, 12, 100]
    with pytest.raises(DealError) as refused:
        table.score(1, [PlayerDeal(5, None, OUT), PlayerDeal(-3), PlayerDeal(None)])
    found = {(p.seat, p.field, p.code) for p in refused.value.problems}
    assert found == {
        (0, "points", "went_out_with_points"),
        (1, "points", "negative_hand"),
        (2, "points", "hand_missing"),
    }


def test_a_deal_problem_about_the_whole_deal_names_the_fact_to_mark():
    table = read_table("rami-contrat-13", players=2)
    with pytest.raises(DealError) as refused:
        table.score(1, [PlayerDeal(0), PlayerDeal(10)])
    fields = {(p.seat, p.field) for p in refused.value.problems}
    assert (None, Fact.WENT_OUT) in fields


def test_a_hand_too_dear_for_the_tables_decks_is_refused_without_jokers_in_play():
    with_jokers = read_table("liverpool", players=2)
    without = read_table("liverpool", players=2, options={"no_jokers": True})
    hands = [PlayerDeal(None, None, OUT), PlayerDeal(190)]  # 2 jokers, 4 aces, 10 tens
    assert with_jokers.score(1, hands) == [0, 190]
    with pytest.raises(DealError):
        without.score(1, hands)


def test_a_player_who_went_out_without_a_hand_holds_0_points():
    assert PlayerDeal(None, None, OUT).hand == 0 and PlayerDeal(None).hand is None


def test_standings_give_totals_ranks_gaps_and_leaders():
    table = read_table("liverpool", players=3)
    standings = table.standings([[0, 20, 35], [40, 0, 5]])
    assert standings.totals == [40, 20, 40]
    assert standings.ranks == [2, 1, 2] and standings.behind == [20, 0, 20]
    assert standings.leaders == [1]
    assert table.standings([]).leaders == [] and table.standings([]).totals == [0, 0, 0]


def test_highest_wins_standings_for_a_highest_wins_game():
    highest_wins = replace(get_rules("rami-contrat"), lowest_wins=False)
    table = Table(highest_wins, players=3)
    assert table.standings([[10, 4, 7]]).leaders == [0]


def test_the_dealer_keeps_turning_after_the_last_round_for_the_next_game():
    table = read_table("liverpool", players=3, first_dealer=1)
    assert [table.dealer(n) for n in (1, 2, 3, 8)] == [1, 2, 0, 2]


def test_the_tables_decks_bound_a_lay_down_more_tightly_than_the_system():
    """Two 52-card decks hold two 9♣: a third is refused at a 3-player rami-contrat table."""
    melds = parse_melds("9C 9C 9C | 5S 5H 5D")
    table = read_table("rami-contrat", players=3)
    with pytest.raises(HandTooLarge):
        check_contract(table.rules, 1, melds, limits=table.limits(1))


def test_a_table_of_three_at_rami_contrat_has_two_jokers_so_a_third_is_refused():
    table = read_table("rami-contrat", players=3)
    melds = parse_melds("JK 7H 7S | JK 8H 8S | JK 9H 9S")
    with pytest.raises(HandTooLarge) as refused:
        check_contract(table.rules, 4, melds, limits=table.limits(4))
    assert refused.value.code == "too_many_jokers"
    assert check_contract(table.rules, 4, melds).valid  # 5 players have 4 jokers


def test_cards_tapped_for_a_hand_are_bounded_by_the_tables_decks_and_jokers():
    """Ten jokers left in hand scored 150 before; a 3-player rami-contrat table has 2."""
    table = read_table("rami-contrat", players=3)
    jokers = tuple(parse_melds("JK JK JK")[0])
    hands = [PlayerDeal(None, None, OUT), PlayerDeal(None, jokers), PlayerDeal(10)]
    with pytest.raises(DealError) as refused:
        table.score(1, hands)
    assert [(p.seat, p.field, p.code) for p in refused.value.problems] == [
        (1, "cards", "too_many_jokers")
    ]
    two = (*jokers[:2],)
    assert table.score(1, [PlayerDeal(None, None, OUT), PlayerDeal(None, two), PlayerDeal(10)]) == [
        0,
        30,
        10,
    ]
