"""Join the table: each player sends their own hand from their own phone. A seat's link
sends that seat's hand for the round being played and opens nothing else of the game."""

import re

import pytest
from django.test import Client

from scorekeeper.models import Game, ProposedHand, Round

from .helpers import round_data, totals, visible_text


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def join_link(client, g) -> str:
    share = client.get(g.url + "share/").content.decode()
    return re.search(r'value="http://testserver(/j/[^"]+/)"', share).group(1)


def open_seats(client, g) -> dict[str, str]:
    """The scorer opens the players' links and each player takes their seat from their own
    phone; returns each player's seat page by name."""
    assert client.post(g.url + "seats/open/").status_code == 302
    join = join_link(client, g)
    page = client.get(join).content.decode()
    seats = {}
    for seat, name in re.findall(r'name="seat" value="(\d+)">([^<]+)</button>', page):
        claimed = Client().post(join, {"seat": seat})
        assert claimed.status_code == 302, name
        seats[name] = claimed["Location"]
    return seats


def send(client, path, number=1, **hand):
    return client.post(path, {"number": number, **hand})


def test_the_share_page_opens_the_players_links_with_a_code_to_scan(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    before = visible_text(client.get(g.url + "share/").content.decode())
    assert "Open the players' links" in before
    seats = open_seats(client, g)
    assert list(seats) == ["Ana", "Ben", "Cléo"]
    share = client.get(g.url + "share/").content.decode()
    assert "QR code of the link to join the table" in share
    page = visible_text(client.get(seats["Ben"]).content.decode())
    assert "Round 1 of 7" in page and "Send my hand" in page and "Dealer" in page


def test_a_hand_sent_shows_on_every_phone_and_fills_the_scorers_form(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    assert send(client, seats["Ben"], points="12+3").status_code == 302
    assert send(client, seats["Ana"], went_out="on").status_code == 302
    scorer = client.get(g.url).content.decode()
    assert re.search(r'name="points_1"[^>]*value="12\+3"', scorer)
    assert re.search(r'name="went_out" value="0"[^>]*checked', scorer)
    assert scorer.count("data-sent") == 2 and scorer.count("hand sent") == 2  # who sent theirs
    viewer = visible_text(client.get(g.view_url).content.decode())
    assert "Hands sent for round 1" in viewer and "Cléo waiting…" in viewer
    mine = visible_text(client.get(seats["Ben"]).content.decode())
    assert "Sent: 12+3." in mine


def test_the_scorer_saves_the_round_and_the_seat_moves_to_the_next(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    send(client, seats["Ben"], points="12")
    client.post(g.url + "rounds/", round_data({1: "12", 2: "7"}, out=0, number=1))
    assert totals(g.game) == [0, 12, 7]
    page = client.get(seats["Ben"]).content.decode()
    assert 'name="number" value="2"' in page and "Sent:" not in visible_text(page)
    # A hand for the round just saved is refused: the phone shows round 2 instead.
    assert send(client, seats["Ben"], number=1, points="30").status_code == 409
    assert ProposedHand.objects.filter(number=1, points="30").count() == 0


def test_a_hand_the_rules_refuse_is_refused_on_the_phone_that_sent_it(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    both = send(client, seats["Ben"], points="12", cards="K 7")
    assert both.status_code == 422
    assert "Send the points or the cards, not both." in visible_text(both.content.decode())
    jokers = send(client, seats["Ben"], cards="JK " * 9)
    assert jokers.status_code == 422 and "Your cards:" in visible_text(jokers.content.decode())
    assert ProposedHand.objects.count() == 0


def test_a_seat_link_opens_nothing_else_of_the_game(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    seats = open_seats(client, g)
    token = seats["Ben"].split("/")[2]
    client.post(g.url + "rounds/", round_data({1: "5"}, out=0))
    writes = ["rounds/", "rounds/1/edit/", "rounds/1/delete/", "finish/", "again/"]
    writes += ["share/new-edit-link/", "players/", "seats/open/", "seats/close/", "undo-last/"]
    for path in ["", "share/", "history/", "live/", *writes]:
        assert client.get(f"/g/{token}/{path}").status_code in (404, 405), path
    for path in writes:
        assert client.post(f"/g/{token}/{path}", round_data({0: "9"}, out=1)).status_code == 404
    assert Round.objects.count() == 1 and totals(g.game) == [0, 5]


def test_a_new_edit_link_closes_the_players_links(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    seats = open_seats(client, g)
    share = client.get(g.url + "share/").content.decode()
    join = re.search(r'value="http://testserver(/j/[^"]+/)"', share).group(1)
    client.post(g.url + "share/new-edit-link/")
    assert client.get(seats["Ana"]).status_code == 404
    assert client.get(join).status_code == 404
    assert send(client, seats["Ana"], points="3").status_code == 404


def test_the_last_hand_sent_saves_the_round_when_the_table_chose_so(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    client.post(g.url + "seats/last-hand/", {"on": "1"})
    send(client, seats["Ana"], went_out="on")
    send(client, seats["Ben"], points="12")
    assert Round.objects.count() == 0  # one hand still to come
    send(client, seats["Cléo"], cards="K 7")
    assert Round.objects.count() == 1 and totals(g.game) == [0, 12, 17]
    assert ProposedHand.objects.filter(number=1).count() == 3  # cleared at the next send


def test_a_deal_that_does_not_add_up_is_not_saved_and_says_why_on_each_phone(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    seats = open_seats(client, g)
    client.post(g.url + "seats/last-hand/", {"on": "1"})
    send(client, seats["Ana"], points="4")
    send(client, seats["Ben"], points="12")  # nobody went out
    assert Round.objects.count() == 0
    for name in ("Ana", "Ben"):
        page = visible_text(client.get(seats[name]).content.decode())
        assert "nobody went out" in page
    send(client, seats["Ana"], went_out="on")  # Ana fixes hers: the round is saved
    assert Round.objects.count() == 1 and totals(g.game) == [0, 12]


def test_romi_rami_offers_no_players_links(client, start_game):
    g = start_game("romi-rami", ["Ana", "Ben"])
    assert "Open the players' links" not in client.get(g.url + "share/").content.decode()
    assert Game.objects.get().seat_salt == ""
