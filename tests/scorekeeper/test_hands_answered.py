"""Every phone says what happened to what it sent: a hand sent twice under one UUID is
stored once, a hand too late is answered in words, the seat page says what the last round
stored for its player, the scorer's phone shows each sent hand's value and why a deal did
not add up, and a finished game's seat page is the end-of-game page."""

import re
import uuid

import pytest

from scorekeeper.models import ProposedHand, Round

from .helpers import round_data, totals, visible_text
from .test_seat_links import open_seats, send


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def test_a_hand_sent_again_under_its_uuid_is_stored_once(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    client.post(g.url + "seats/last-hand/", {"on": "1"})
    send(client, seats["Ana"], went_out="on")
    send(client, seats["Ben"], points="12")
    once = str(uuid.uuid4())
    assert send(client, seats["Cléo"], cards="K 7", client_uuid=once).status_code == 302
    assert Round.objects.count() == 1
    # The answer was lost; the phone's outbox sends the same hand again.
    again = send(client, seats["Cléo"], cards="K 7", client_uuid=once)
    assert again.status_code == 302 and Round.objects.count() == 1
    page = visible_text(client.get(seats["Cléo"]).content.decode())
    assert "Round 1 saved with the hand you sent: 17 points." in page
    assert totals(g.game) == [0, 12, 17]


def test_a_uuid_used_for_another_seat_is_refused(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    seats = open_seats(client, g)
    once = str(uuid.uuid4())
    send(client, seats["Ana"], points="3", client_uuid=once)
    refused = send(client, seats["Ben"], points="9", client_uuid=once)
    assert refused.status_code == 422
    assert ProposedHand.objects.get().points == "3"


def test_a_hand_for_a_round_already_saved_is_answered_in_words(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    client.post(g.url + "rounds/", round_data({1: "12", 2: "7"}, out=0, number=1))
    late = send(client, seats["Ben"], number=1, points="30")
    assert late.status_code == 409
    page = visible_text(late.content.decode())
    assert "Round 1 was saved before your hand arrived" in page
    assert "Round 1 saved without a hand from this phone: 12 stored for you, 12 points." in page
    assert 'name="number" value="2"' in late.content.decode()


def test_the_player_is_told_which_value_was_stored_when_the_scorer_typed_another(
    client, start_game
):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    send(client, seats["Ben"], points="20")
    client.post(g.url + "rounds/", round_data({1: "30", 2: "7"}, out=0, number=1))
    page = visible_text(client.get(seats["Ben"]).content.decode())
    assert "Round 1 saved: you sent 20, the scorer stored 30 for you (30 points)." in page


def test_the_scorers_phone_shows_each_sent_hands_value(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    send(client, seats["Ben"], cards="A K 7 JK")
    send(client, seats["Cléo"], points="12+8")
    send(client, seats["Ana"], went_out="on")
    scorer = client.get(g.url).content.decode()
    assert "A K 7 JK = 47" in visible_text(scorer) and "12+8 = 20" in visible_text(scorer)
    line = re.search(r'<p class="sent-line" data-sent data-points="12\+8"[^>]*>', scorer)
    assert line and 'data-cards=""' in line.group(0)


def test_the_scorer_sees_why_the_hands_sent_do_not_add_up(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    seats = open_seats(client, g)
    client.post(g.url + "seats/last-hand/", {"on": "1"})
    send(client, seats["Ana"], points="4")
    send(client, seats["Ben"], points="12")  # nobody went out
    scorer = visible_text(client.get(g.url).content.decode())
    assert "Every hand is in, but nobody went out" in scorer


def test_a_finished_game_on_a_seat_page_is_the_end_of_game_page(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    seats = open_seats(client, g)
    for number in range(1, 8):
        client.post(g.url + "rounds/", round_data({1: "5"}, out=0, number=number))
    page = client.get(seats["Ben"]).content.decode()
    assert "Ana wins!" in visible_text(page) and "data-share-button" in page
    race = page.split('class="summary"')[1].split('<figure class="chart">')[1]
    assert '<svg viewBox="0 0 340' in race and race.count("<polyline") == 2
    assert "play_again" not in page and "Play again" not in visible_text(page)


def test_a_hand_the_deal_refuses_is_told_why_on_its_own_phone_only(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    client.post(g.url + "seats/last-hand/", {"on": "1"})
    send(client, seats["Ana"], went_out="on")
    send(client, seats["Cléo"], points="20")
    send(client, seats["Ben"], points="1")  # less than any card left in hand is worth
    assert Round.objects.count() == 0
    said = ProposedHand.objects.get(seat=1).problem
    assert set(said) == {"fr", "en", "es"} and all(said.values())
    ben = visible_text(client.get(seats["Ben"]).content.decode())
    assert said["en"] in ben and "2 points or more" in said["en"]
    assert not ProposedHand.objects.get(seat=2).problem
