"""A round entry counts the game's rounds under its lock only when the game changed since
the phone's request read it: every change to the rounds bumps the game's version in the
same transaction, so an unchanged version means the rounds read are still the game's."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules_engine import Fact, PlayerDeal
from scorekeeper.core.refusals import Conflict
from scorekeeper.games.services.rounds import round_delete_last, round_record
from scorekeeper.models import Game
from scorekeeper.records.stored import stored_rounds


def deals(*points: int) -> list[PlayerDeal]:
    return [
        PlayerDeal(points=p, facts=frozenset({Fact.WENT_OUT} if p == 0 else ())) for p in points
    ]


def test_unchanged_since_read_the_rounds_read_are_not_counted_again(start_game):
    start_game("liverpool", ["Ana", "Ben"])
    round_record(game=Game.objects.get(), entries=deals(0, 10))
    game = Game.objects.get()
    before = stored_rounds(game)
    with CaptureQueriesContext(connection) as queries:
        saved = round_record(game=game, entries=deals(0, 5), before=before)
    assert saved.round.number == 2
    assert not any("COUNT(" in q["sql"].upper() for q in queries)


def test_a_round_stored_since_the_read_is_counted_and_the_next_number_taken(start_game):
    start_game("liverpool", ["Ana", "Ben"])
    game = Game.objects.get()
    before = stored_rounds(game)  # no round yet, as this phone read it
    round_record(game=Game.objects.get(), entries=deals(0, 10))  # another phone, meanwhile
    saved = round_record(game=game, entries=deals(0, 5), before=before)
    assert saved.round.number == 2
    assert [r.number for r, _ in stored_rounds(Game.objects.get())] == [1, 2]


def test_a_round_deleted_since_the_read_leaves_no_gap(start_game):
    start_game("liverpool", ["Ana", "Ben"])
    round_record(game=Game.objects.get(), entries=deals(0, 10))
    round_record(game=Game.objects.get(), entries=deals(0, 10))
    game = Game.objects.get()
    before = stored_rounds(game)  # two rounds, as this phone read them
    round_delete_last(game=Game.objects.get(), number=2)  # another phone, meanwhile
    saved = round_record(game=game, entries=deals(0, 5), before=before)
    assert saved.round.number == 2


def test_the_round_the_phone_meant_was_taken_since_the_read(start_game):
    start_game("liverpool", ["Ana", "Ben"])
    game = Game.objects.get()
    before = stored_rounds(game)
    round_record(game=Game.objects.get(), entries=deals(0, 10))
    with pytest.raises(Conflict) as refused:
        round_record(game=game, entries=deals(0, 5), before=before, number=1)
    assert refused.value.code == "round_taken"
