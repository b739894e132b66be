"""A game's stored rounds are read as plain records, not model instances: each round in
order with what the board reads of it, its scores in seat order, as the save wrote them."""

from rules_engine import Fact, PlayerDeal
from scorekeeper.games.services.rounds import round_record
from scorekeeper.models import Game, Round
from scorekeeper.records.stored import stored_rounds


def test_rounds_come_in_order_with_their_scores_in_seat_order(start_game):
    start_game("liverpool", ["Ana", "Ben", "Cléo"])
    game = Game.objects.get()
    out = frozenset({Fact.WENT_OUT})
    round_record(game=game, entries=[PlayerDeal(12), PlayerDeal(0, None, out), PlayerDeal(7)])
    round_record(game=game, entries=[PlayerDeal(0, None, out), PlayerDeal(30), PlayerDeal(5)])
    players = {p.pk: p.seat for p in game.players.all()}

    stored = stored_rounds(game)

    assert [(r.number, r.pk, r.version) for r, _ in stored] == [
        (r.number, r.pk, r.version) for r in Round.objects.order_by("number")
    ]
    first, second = (scores for _, scores in stored)
    assert [players[s.player_id] for s in first] == [0, 1, 2]
    assert [s.hand_points for s in first] == [12, 0, 7]
    assert [s.facts for s in second] == [["went_out"], [], []]
    assert all(not r.no_winner and r.client_uuid is None for r, _ in stored)


def test_a_game_without_rounds_has_none(start_game):
    start_game("liverpool", ["Ana", "Ben"])
    assert stored_rounds(Game.objects.get()) == []
