"""The group's book: each figure worked out by hand from two small games of Rami Contrat.

Game A (Ana, Ben, Cléo): deals 0/20/35 (Ana out), 15/0/40 (Ben out), 30/10/0 (Cléo out):
totals 45/30/75: Ben wins after trailing Ana by 20 after round 1.
Game B: deals 5/0/10 (Ben out), 0/25/5 (Ana out): totals 5/25/15, Ana wins.
"""

import pytest

from rules_engine import (
    BookGame,
    BookSeat,
    Deal,
    SeatRecord,
    head_to_head,
    player_stats,
    read_table,
    seat_records,
)

OUT = frozenset({"went_out"})
NONE = frozenset()


def deal(number, scores, out=None):
    return Deal(number, scores, tuple(OUT if seat == out else NONE for seat in range(len(scores))))


GAME_A = [deal(1, (0, 20, 35), 0), deal(2, (15, 0, 40), 1), deal(3, (30, 10, 0), 2)]
GAME_B = [deal(1, (5, 0, 10), 1), deal(2, (0, 25, 5), 0)]


def book():
    table = read_table("rami-contrat", 3)
    games = []
    for key, deals in (("A", GAME_A), ("B", GAME_B)):
        records = seat_records(table, deals)
        seats = tuple(
            BookSeat(name, r) for name, r in zip(("ana", "ben", "cleo"), records, strict=True)
        )
        games.append(BookGame(key, True, seats))
    return games


def test_a_seat_record_sums_a_game_up():
    ana, ben, cleo = seat_records(read_table("rami-contrat", 3), GAME_A)
    assert (ana.total, ana.rank, ben.total, ben.rank, cleo.total, cleo.rank) == (
        45,
        2,
        30,
        1,
        75,
        3,
    )
    assert (ana.deals, ana.deal_points, ana.best_deal, ana.gone_out) == (3, 45, 0, 1)
    assert ana.contract_points == (0, 15, 30)  # rounds 1, 2, 3
    assert ben.won and not ana.won


def test_deepest_deficit_is_the_most_points_behind_the_leader_after_any_deal():
    # After round 1: 0/20/35; after round 2: 15/20/75 (Ben 5 behind); after 3: 45/30/75.
    ana, ben, cleo = seat_records(read_table("rami-contrat", 3), GAME_A)
    assert (ana.deepest_deficit, ben.deepest_deficit, cleo.deepest_deficit) == (15, 20, 60)


def test_games_played_won_and_win_rate():
    stats = player_stats(book())
    assert (stats["ana"].played, stats["ana"].won, stats["ana"].win_rate) == (2, 1, 50)
    assert (stats["ben"].played, stats["ben"].won, stats["ben"].win_rate) == (2, 1, 50)
    assert (stats["cleo"].won, stats["cleo"].win_rate) == (0, 0)


def test_average_points_per_deal():
    stats = player_stats(book())
    assert stats["ana"].points_per_deal == 50 / 5
    assert stats["ben"].points_per_deal == 55 / 5


def test_best_and_worst_game_where_lowest_wins():
    ben = player_stats(book())["ben"]
    assert (ben.best_game.points, ben.best_game.game) == (25, "B")
    assert (ben.worst_game.points, ben.worst_game.game) == (30, "A")


def test_best_and_worst_game_where_highest_wins():
    games = [
        BookGame(
            1, False, (BookSeat("ana", SeatRecord(120, 1)), BookSeat("ben", SeatRecord(80, 2)))
        ),
        BookGame(
            2, False, (BookSeat("ana", SeatRecord(60, 2)), BookSeat("ben", SeatRecord(90, 1)))
        ),
    ]
    ana = player_stats(games)["ana"]
    assert (ana.best_game.points, ana.worst_game.points) == (120, 60)


def test_times_gone_out_counts_a_rami_sec_too():
    table = read_table("rami-51", 2)
    deals = [
        Deal(1, (-10, 50), (frozenset({"rami_sec"}), frozenset({"laid_nothing"}))),
        Deal(2, (0, 20), (OUT, NONE)),
    ]
    ana, ben = seat_records(table, deals)
    assert (ana.gone_out, ana.rami_secs, ben.laid_nothing) == (2, 1, 1)
    assert ana.contract_points == ()  # no contracts in Rami 51


def test_best_deal_is_the_lowest_deal_score_where_lowest_wins():
    assert player_stats(book())["cleo"].best_deal == 0
    table = read_table("rami-51", 2)
    ana, _ = seat_records(table, [Deal(1, (-10, 50), (NONE, NONE)), Deal(2, (5, 0), (NONE, OUT))])
    assert ana.best_deal == -10


def test_average_points_left_per_contract_and_the_costliest():
    ana = player_stats(book())["ana"]
    assert ana.per_contract == [(1, 2.5), (2, 7.5), (3, 30.0)]
    assert ana.costliest_contract == 3


def test_no_contract_is_the_costliest_for_a_player_who_never_kept_a_point():
    table = read_table("rami-contrat", 2)
    always_out = [deal(1, (0, 20), 0), deal(2, (0, 35), 0)]
    records = seat_records(table, always_out)
    games = [BookGame("A", True, (BookSeat("ana", records[0]), BookSeat("ben", records[1])))]
    stats = player_stats(games)
    assert stats["ana"].per_contract == [(1, 0.0), (2, 0.0)]
    assert stats["ana"].costliest_contract is None
    assert stats["ben"].costliest_contract == 2


def test_biggest_comeback_is_the_deepest_deficit_in_a_game_won():
    stats = player_stats(book())
    assert (stats["ben"].biggest_comeback.points, stats["ben"].biggest_comeback.game) == (20, "A")
    assert stats["ana"].biggest_comeback.points == 5
    assert stats["cleo"].biggest_comeback is None  # never won


def test_a_shared_first_place_is_a_win_for_both():
    ana, ben, _ = seat_records(
        read_table("rami-contrat", 3), [deal(1, (0, 0, 30)), deal(2, (10, 10, 0), 2)]
    )
    assert ana.won and ben.won


def test_head_to_head_counts_who_finished_ahead():
    pair = head_to_head(book(), "ana", "ben")
    assert (pair.games, pair.first_ahead, pair.second_ahead, pair.level) == (2, 1, 1, 0)
    assert pair.average_gap == pytest.approx(((45 - 30) + (5 - 25)) / 2)


def test_head_to_head_of_players_who_never_met():
    games = book() + [BookGame("C", True, (BookSeat("dan", SeatRecord(10, 1)),))]
    pair = head_to_head(games, "ana", "dan")
    assert (pair.games, pair.average_gap) == (0, None)
