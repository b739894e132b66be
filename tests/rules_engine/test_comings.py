"""People come and go at a table: who deals, who is dealt, what a late player starts on,
how a player who left is ranked. One test per rule."""

import pytest

from rules_engine import DealError, Fact, PlayerDeal, RulesError, Table, TableOptions, get_rules
from rules_engine.book import Deal, seat_records

OUT = PlayerDeal(facts=frozenset({Fact.WENT_OUT}))


def table(slug="rami-contrat", players=4, **options):
    return Table(get_rules(slug), players, 0, TableOptions(**options))


def test_without_comings_the_deal_passes_as_before():
    plain = table()
    gone_then_back = table().with_player_gone(1, 9)  # leaves after a round never reached
    for number in range(1, 8):
        assert plain.dealer(number) == gone_then_back.dealer(number)


def test_the_deal_skips_a_seat_that_left():
    t = table().with_player_gone(1, 1)  # Ben plays round 1 only
    assert [t.dealer(n) for n in range(1, 7)] == [0, 2, 3, 0, 2, 3]


def test_the_first_player_is_the_next_seat_at_the_table():
    t = table().with_player_gone(2, 1)
    assert t.round(2).dealer == 1 and t.round(2).first_player == 3


def test_the_deal_passing_right_skips_a_seat_that_left_too():
    t = table(dealer_passes="right").with_player_gone(3, 1)
    assert [t.dealer(n) for n in range(1, 5)] == [0, 2, 1, 0]


def test_a_late_player_deals_when_the_deal_reaches_their_seat():
    t = table(players=3).with_late_player(3)  # seat 3, after seat 2, from round 3
    assert [t.dealer(n) for n in range(1, 7)] == [0, 1, 2, 3, 0, 1]


def test_a_corrected_dealer_still_skips_a_seat_that_left():
    t = table().with_player_gone(1, 1).redealt(2, 3)
    assert [t.dealer(n) for n in range(2, 5)] == [3, 0, 2]


def test_the_cards_and_decks_follow_the_players_dealt():
    t = Table(get_rules("liverpool"), 6).with_player_gone(5, 1)
    assert t.round(1).decks == 3 and t.round(2).decks == 2


def test_a_hand_for_a_seat_not_at_the_table_is_refused_for_that_seat():
    t = table().with_player_gone(1, 1)
    with pytest.raises(DealError) as refused:
        t.score(2, [OUT, PlayerDeal(12), PlayerDeal(20), PlayerDeal(30)])
    assert [(p.seat, p.code) for p in refused.value.problems] == [(1, "seat_not_playing")]


def test_a_seat_not_at_the_table_scores_nothing_and_the_deal_is_checked_without_it():
    t = table().with_player_gone(1, 1)
    assert t.score(2, [OUT, PlayerDeal(), PlayerDeal(20), PlayerDeal(30)]) == [0, 0, 20, 30]


def test_a_problem_of_the_deal_names_the_seat_at_the_table():
    t = table().with_player_gone(1, 1)
    with pytest.raises(DealError) as refused:
        t.score(2, [OUT, PlayerDeal(), PlayerDeal(20), PlayerDeal(None)])
    assert [(p.seat, p.code) for p in refused.value.problems] == [(3, "hand_missing")]


ROUNDS = [[0, 30, 50], [10, 0, 41]]  # after round 2: 10, 30, 91


def test_a_late_player_starts_on_the_worst_total_by_default():
    t = table(players=3).with_late_player(3)
    assert t.starting_totals(ROUNDS) == [0, 0, 0, 91]


def test_a_late_player_may_start_on_the_average_rounded_half_up():
    t = table(players=3, late_start="average").with_late_player(3)
    assert t.starting_totals(ROUNDS) == [0, 0, 0, 44]  # 131 / 3 = 43.67


def test_a_late_player_may_start_on_zero():
    t = table(players=3, late_start="zero").with_late_player(3)
    assert t.starting_totals(ROUNDS) == [0, 0, 0, 0]


def test_the_worst_total_is_the_highest_where_the_lowest_total_wins():
    t = table(players=3).with_late_player(3)
    assert t.rules.lowest_wins and t.late_starts(ROUNDS, 3)["worst"] == 91


def test_a_late_player_s_running_total_counts_from_their_start():
    t = table(players=3).with_late_player(3)
    rounds = [[*row, 0] for row in ROUNDS] + [[5, 0, 7, 12]]
    assert t.running_totals(rounds)[-1] == [15, 30, 98, 103]
    assert t.standings(rounds).totals == [15, 30, 98, 103]


def test_a_player_who_left_is_ranked_after_those_who_stayed():
    t = table().with_player_gone(1, 2)
    standings = t.standings([[0, 30, 50, 60], [10, 0, 41, 5]])
    assert standings.totals == [10, 30, 91, 65]
    assert standings.ranks == [1, 4, 3, 2] and standings.leaders == [0]


def test_nobody_leaves_below_the_fewest_players_and_nobody_joins_a_full_table():
    with pytest.raises(RulesError) as too_few:
        table(players=3).with_player_gone(0, 1)
    with pytest.raises(RulesError) as full:
        table(players=5).with_late_player(2)
    assert (too_few.value.code, full.value.code) == ("too_few_left", "table_full")


def test_a_player_leaves_once():
    with pytest.raises(RulesError) as twice:
        table().with_player_gone(1, 1).with_player_gone(1, 2)
    assert twice.value.code == "seat_gone"


def test_the_book_counts_only_the_deals_a_seat_played():
    t = table().with_player_gone(1, 1)
    deals = [
        Deal(1, (0, 20, 30, 40), (frozenset({"went_out"}), frozenset(), frozenset(), frozenset())),
        Deal(2, (10, 0, 0, 40), (frozenset(), frozenset(), frozenset({"went_out"}), frozenset())),
    ]
    records = seat_records(t, deals)
    assert records[1].deals == 1 and records[1].best_deal == 20
    assert records[0].deals == 2 and records[1].contract_points == ()
