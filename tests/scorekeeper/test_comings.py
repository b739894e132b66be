"""People come and go: a player leaves mid-game (their seat stops dealing and playing, their
total stays, marked) and a late player joins with the starting total the table chose."""

import pytest

from scorekeeper.games.selectors import game_board
from scorekeeper.models import Game, HistoryEntry, RoundScore

from .helpers import round_data, visible_text


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def play(client, g, *rounds, out=0):
    for points in rounds:
        answer = client.post(g.url + "rounds/", round_data(points, out=out))
        assert answer.status_code == 302, answer.content.decode()[:3000]


def leave(client, g, seat, action="leave"):
    return client.post(g.url + "players/leave/", {"seat": str(seat), "action": action})


def join(client, g, name, late_start="worst"):
    return client.post(g.url + "players/join/", {"name": name, "late_start": late_start})


def test_a_player_who_leaves_keeps_their_total_and_is_marked(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {1: "10", 2: "20", 3: "30"}, {1: "5", 2: "5", 3: "5"})
    assert leave(client, g, 1).status_code == 302
    board = game_board(Game.objects.get())
    assert board.totals[1] == 15
    page = visible_text(client.get(g.url).content.decode())
    assert "left after round 2" in page
    assert HistoryEntry.objects.filter(action=HistoryEntry.Action.LEFT).count() == 1


def test_the_round_form_no_longer_asks_for_the_hand_of_a_player_who_left(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {1: "10", 2: "20", 3: "30"})
    leave(client, g, 1)
    page = client.get(g.url).content.decode()
    assert 'name="points_1"' not in page and 'name="points_2"' in page
    play(client, g, {2: "12", 3: "8"})
    ben = RoundScore.objects.get(round__number=2, player__seat=1)
    assert (ben.score, ben.hand_points, ben.facts) == (0, None, [])


def test_a_hand_sent_for_a_seat_that_left_is_refused_and_nothing_is_stored(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {1: "10", 2: "20", 3: "30"})
    leave(client, g, 1)
    answer = client.post(g.url + "rounds/", round_data({1: "9", 2: "12", 3: "8"}, out=0))
    assert answer.status_code == 422
    assert "not at the table for round 2" in visible_text(answer.content.decode())
    assert Game.objects.get().rounds.count() == 1


def test_the_deal_skips_the_seat_of_a_player_who_left(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"], first_dealer=0)
    play(client, g, {1: "10", 2: "20", 3: "30"})  # Ana dealt round 1; Ben would deal round 2
    leave(client, g, 1)
    board = game_board(Game.objects.get())
    assert board.next_round.dealer.name == "Cléo"
    assert board.next_round.first_player.name == "Dan"
    assert [info.dealer.name for info in board.upcoming[:4]] == ["Cléo", "Dan", "Ana", "Cléo"]


def test_the_decks_follow_the_players_left_at_the_table(start_game):
    from scorekeeper.services import player_leave

    g = start_game("liverpool", ["A", "B", "C", "D", "E", "F"])
    assert g.game.table.round(1).decks == 3
    player_leave(game=g.game, seat=5)
    assert Game.objects.get().table.round(1).decks == 2  # five players: two decks


def test_nobody_leaves_below_the_fewest_players_of_the_rules(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, {1: "10", 2: "20"})
    answer = leave(client, g, 2)
    assert answer.status_code == 422
    assert "The table needs 3 players at least" in visible_text(answer.content.decode())
    assert Game.objects.get().sittings == []


def test_a_player_who_left_comes_back_while_no_round_was_played_since(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {1: "10", 2: "20", 3: "30"})
    leave(client, g, 1)
    assert leave(client, g, 1, "back").status_code == 302
    assert Game.objects.get().sittings == []  # as if nobody had left
    leave(client, g, 1)
    play(client, g, {2: "12", 3: "8"})
    answer = leave(client, g, 1, "back")
    assert answer.status_code == 422
    assert "rounds were played since without them" in visible_text(answer.content.decode())


def test_a_late_player_starts_on_the_worst_total_by_default(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, {1: "10", 2: "40"}, {1: "10", 2: "25"})
    page = visible_text(client.get(g.url + "players/").content.decode())
    assert "A player joins for round 3" in page
    assert "the worst total (65)" in page and "the average total (28)" in page
    assert join(client, g, "Dan").status_code == 302
    game = Game.objects.get()
    assert game.seats == 4 and game.sittings[3] == [3, None]
    assert game_board(game).totals == [0, 20, 65, 65]
    # The rounds already played hold the new seat too, as having sat out.
    assert RoundScore.objects.filter(player__seat=3).count() == 2


def test_a_late_player_can_start_on_the_average_or_on_zero(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, {1: "10", 2: "40"})
    join(client, g, "Dan", "average")
    game = Game.objects.get()
    assert game.options["late_start"] == "average"
    assert game_board(game).totals[3] == 17  # (0 + 10 + 40) / 3, rounded
    page = visible_text(client.get(g.url).content.decode())
    assert "A player who joins starts on the table's average total." in page


def test_a_late_player_plays_from_the_next_round_and_the_deal_includes_them(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"], first_dealer=0)
    play(client, g, {1: "10", 2: "40"})
    join(client, g, "Dan", "zero")
    board = game_board(Game.objects.get())
    assert [p.name for p in board.players] == ["Ana", "Ben", "Cléo", "Dan"]
    assert [info.dealer.name for info in board.upcoming[:4]] == ["Ben", "Cléo", "Dan", "Ana"]
    play(client, g, {1: "10", 2: "5", 3: "7"})
    assert game_board(Game.objects.get()).totals == [0, 20, 45, 7]


def test_a_late_player_s_name_must_be_new_at_the_table(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, {1: "10", 2: "40"})
    answer = join(client, g, "ana")
    assert answer.status_code == 422
    assert "Another player already has this name." in visible_text(answer.content.decode())
    assert Game.objects.get().seats == 3


def test_nobody_joins_a_full_table(client, start_game):
    g = start_game("rami-contrat", ["A", "B", "C", "D", "E"])  # 3 to 5 players
    play(client, g, {1: "10", 2: "40", 3: "5", 4: "6"})
    page = visible_text(client.get(g.url + "players/").content.decode())
    assert "A player joins" not in page
    assert join(client, g, "F").status_code == 422
    assert Game.objects.get().seats == 5


def test_a_player_who_left_is_ranked_after_those_who_stayed(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {0: "50", 2: "20", 3: "30"}, out=1)  # Ben went out: 0 points
    leave(client, g, 1)
    board = game_board(Game.objects.get())
    assert board.totals == [50, 0, 20, 30]
    assert board.ranks == [3, 4, 1, 2]  # Ben's 0 is the lowest, but he left
    assert board.leaders == [2] and board.behind[1] == 20


def test_the_export_carries_when_each_seat_sat_and_imports_back(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, {1: "10", 2: "40"})
    join(client, g, "Dan", "average")
    play(client, g, {1: "10", 2: "5", 3: "7"})
    leave(client, g, 2)
    document = client.get(g.url + "game.json").json()
    Game.objects.all().delete()
    answer = client.post("/import/", {"document": _file(document)})
    assert answer.status_code == 302, visible_text(answer.content.decode())[:2000]
    game = Game.objects.get()
    assert game.sittings == [[1, None], [1, None], [1, 2], [2, None]]
    assert game_board(game).totals == [0, 20, 45, 24]


def test_romi_rami_keeps_its_players_from_start_to_finish(client, start_game):
    g = start_game("romi-rami", ["Ana", "Ben", "Cléo"])
    answer = leave(client, g, 1)
    assert answer.status_code == 422
    assert "stay the same from start to finish" in visible_text(answer.content.decode())


def _file(document):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("game.json", json.dumps(document).encode(), "application/json")


def test_a_player_who_left_has_nothing_to_send_from_their_own_phone(client, start_game):
    from scorekeeper import services
    from scorekeeper.core.tokens import seat_token

    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {1: "10", 2: "20", 3: "30"})
    services.seats_open(game=g.game)
    leave(client, g, 1)
    game = Game.objects.get()
    page = visible_text(client.get(f"/s/{seat_token(game.seat_salt, 1)}/").content.decode())
    assert "You are not at the table for this round" in page and "I went out" not in page
    join_page = client.get(f"/j/{_join_token(game)}/").content.decode()
    assert "Ben" not in visible_text(join_page) and "Cléo" in visible_text(join_page)


def _join_token(game):
    from scorekeeper.core.tokens import join_token

    return join_token(game.seat_salt)


def test_the_game_s_pdf_shows_when_each_seat_sat(client, start_game):
    from .test_grids import pdf_of, text_of

    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    play(client, g, {1: "10", 2: "40"})
    join(client, g, "Dan", "worst")
    play(client, g, {1: "10", 2: "5", 3: "7"})
    leave(client, g, 1)
    text = " ".join(text_of(pdf_of(client.get(g.url + "grid.pdf"))).split())
    assert "Dan joined at round 2, starting on 40 points." in text
    assert "Ben left the table after round 2." in text
    assert "—" in text  # Dan's cell of round 1


def test_the_history_says_who_left_joined_and_came_back(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {1: "10", 2: "20", 3: "30"})
    leave(client, g, 1)
    leave(client, g, 1, "back")
    join(client, g, "Élodie")
    page = visible_text(client.get(g.url + "history/").content.decode())
    for words in ("player left the table", "player came back", "player joined the table"):
        assert words in page
    assert "Élodie" in page and "Ben" in page
    assert "Élodie:" not in page  # a seat's name alone, not "name: points"


def test_play_again_seats_the_players_still_at_the_table(client, start_game):
    from scorekeeper import services

    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"], first_dealer=0)
    play(client, g, {1: "10", 2: "20", 3: "30"})
    leave(client, g, 1)
    join(client, g, "Élodie")
    new, _edit, _view = services.game_play_again(game=Game.objects.get(pk=g.game.pk))
    assert [p.name for p in new.players.all()] == ["Ana", "Cléo", "Dan", "Élodie"]
    assert new.players.get(seat=new.first_dealer).name == "Cléo"  # the deal goes on


def test_the_csv_has_no_line_for_a_seat_in_a_round_it_sat_out(client, start_game):
    import csv
    import io

    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    play(client, g, {1: "10", 2: "20", 3: "30"})
    leave(client, g, 1)
    play(client, g, {2: "12", 3: "8"})
    text = client.get(g.url + "game.csv").content.decode("utf-8-sig")
    separator = ";" if ";" in text.splitlines()[0] else ","  # the language's own
    lines = list(csv.reader(io.StringIO(text), delimiter=separator))
    by_round = {}
    for line in lines[1:]:
        by_round.setdefault(line[0], []).append(line[2])
    assert by_round == {"1": ["Ana", "Ben", "Cléo", "Dan"], "2": ["Ana", "Cléo", "Dan"]}
