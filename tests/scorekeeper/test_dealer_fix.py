"""Fix the dealer: when a round was dealt out of turn, the table says who dealt; the next
rounds follow on from that player, the rounds before keep theirs, the history says so."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from rules_engine import read_table
from scorekeeper.models import Game, HistoryEntry

from .helpers import round_data, visible_text


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def test_from_the_corrected_round_the_deal_passes_on_from_its_dealer():
    table = read_table("rami-contrat", 4, first_dealer=0)
    assert [table.dealer(n) for n in (1, 2, 3, 4)] == [0, 1, 2, 3]
    fixed = table.redealt(3, 0)  # round 3 was dealt by seat 0 instead of seat 2
    assert [fixed.dealer(n) for n in (1, 2, 3, 4, 5)] == [0, 1, 0, 1, 2]
    assert fixed.round(4).first_player == 2


def test_the_table_says_who_dealt_and_the_next_rounds_follow(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"], first_dealer=0)
    client.post(g.url + "rounds/", round_data({1: "10", 2: "20"}, out=0))
    page = visible_text(client.get(g.url + "dealer/").content.decode())
    assert "Who dealt round 2?" in page and "By turn, Ben deals." in page
    assert client.post(g.url + "dealer/", {"seat": "2"}).status_code == 302
    game = client.get(g.url).content.decode()
    assert "Dealer Cléo" in visible_text(game)
    client.post(g.url + "rounds/", round_data({1: "10", 2: "20"}, out=0))
    assert "Dealer Ana" in visible_text(client.get(g.url).content.decode())  # round 3
    table = Game.objects.get().table
    assert [table.dealer(n) for n in (1, 2, 3)] == [0, 2, 0]  # round 1 kept its dealer
    entry = HistoryEntry.objects.get(action=HistoryEntry.Action.DEALER)
    assert (entry.round_number, entry.before["name"], entry.after["name"]) == (2, "Ben", "Cléo")
    history = visible_text(client.get(g.url + "history/").content.decode())
    assert "dealer corrected · round 2 Ben → Cléo" in history


def test_a_seat_the_game_has_not_is_refused_and_changes_nothing(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"], first_dealer=0)
    for seat in ("7", "x", ""):
        assert client.post(g.url + "dealer/", {"seat": seat}).status_code == 422
    assert Game.objects.get().redeals == []


def test_the_correction_travels_with_the_exported_game(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"], first_dealer=0)
    client.post(g.url + "dealer/", {"seat": "1"})
    document = json.loads(client.get(g.url + "game.json").content)
    assert document["redeals"] == [{"round": 1, "seat": 1}]
    Game.objects.all().delete()
    raw = json.dumps(document).encode()
    upload = SimpleUploadedFile("game.json", raw, "application/json")
    assert client.post("/import/", {"document": upload}).status_code == 302
    assert Game.objects.get().table.dealer(1) == 1


def test_a_dealer_fix_for_a_round_saved_meanwhile_changes_nothing(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"], first_dealer=0)
    page = client.get(g.url + "dealer/").content.decode()
    assert 'name="number" value="1"' in page  # the form says which round it is about
    client.post(g.url + "rounds/", round_data({1: "10", 2: "20"}, out=0))  # another phone
    answer = client.post(g.url + "dealer/", {"seat": "2", "number": "1"})
    assert answer.status_code == 409
    assert "Round 1 was saved meanwhile: nothing was changed." in visible_text(
        answer.content.decode()
    )
    assert Game.objects.get().redeals == [] and not HistoryEntry.objects.filter(action="dealer")
    for number in ("x", "99999"):
        assert client.post(g.url + "dealer/", {"seat": "2", "number": number}).status_code in (
            409,
            422,
        )
    assert Game.objects.get().redeals == []
