"""A seat is taken once, by one phone: the join page gives a seat's link only to the phone
that took it, shows the other seats as taken, and only the scorer gives a seat back. The
history names the phone whose hand saved a round."""

import re

import pytest
from django.test import Client

from scorekeeper.models import HistoryEntry, Round, SeatLink

from .helpers import visible_text
from .test_seat_links import join_link, open_seats, send


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def phone() -> Client:
    device = Client()
    device.get("/language/en/")
    return device


def seat_values(page: str) -> dict[str, str]:
    return {name: seat for seat, name in re.findall(r'name="seat" value="(\d+)">([^<]+)<', page)}


def opened(client, g) -> str:
    assert client.post(g.url + "seats/open/").status_code == 302
    return join_link(client, g)


def test_a_seat_taken_by_one_phone_is_not_handed_to_another(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cy"])
    join = opened(client, g)
    first, second = phone(), phone()
    taken = first.post(join, {"seat": "2"})
    assert taken.status_code == 302 and taken["Location"].startswith("/s/")
    again = second.post(join, {"seat": "2"})
    assert again.status_code == 409
    assert "Another phone already took Cy's seat" in visible_text(again.content.decode())
    page = second.get(join).content.decode()
    assert "Cy" not in seat_values(page) and taken["Location"] not in page
    assert "taken by another phone" in visible_text(page)


def test_the_same_phone_asking_again_gets_its_own_seat_back(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    join = opened(client, g)
    mine = phone()
    link = mine.post(join, {"seat": "1"})["Location"]
    page = mine.get(join).content.decode()
    assert f'href="{link}"' in page and "your seat: open it" in visible_text(page)
    assert mine.post(join, {"seat": "1"})["Location"] == link


def test_one_phone_takes_one_seat(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cy"])
    join = opened(client, g)
    mine = phone()
    mine.post(join, {"seat": "0"})
    second = mine.post(join, {"seat": "1"})
    assert second.status_code == 422
    assert "This phone already sits at Ana's seat" in visible_text(second.content.decode())
    assert SeatLink.objects.filter(seat=1).get().claimed_by == ""


def test_a_seat_that_does_not_exist_changes_nothing(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    join = opened(client, g)
    for seat in ("7", "-1", "x", ""):
        answer = phone().post(join, {"seat": seat})
        assert answer.status_code == 422
        assert "There is no such seat in this game." in visible_text(answer.content.decode())
    assert not SeatLink.objects.exclude(claimed_by="").exists()


def test_the_scorer_gives_a_seat_back_and_the_old_link_stops_working(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    join = opened(client, g)
    old = phone().post(join, {"seat": "1"})["Location"]
    share = visible_text(client.get(g.url + "share/").content.decode())
    assert "Ben · taken by a phone" in share and "Ana · free" in share
    assert client.post(g.url + "seats/1/release/").status_code == 302
    assert client.get(old).status_code == 404
    assert send(client, old, points="3").status_code == 404
    new = phone().post(join, {"seat": "1"})["Location"]
    assert new != old and client.get(new).status_code == 200
    assert "Ben · taken by a phone" in visible_text(client.get(g.url + "share/").content.decode())


def test_only_the_scorer_gives_a_seat_back(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    join = opened(client, g)
    link = phone().post(join, {"seat": "1"})["Location"]
    token = link.split("/")[2]
    assert phone().post(f"/g/{token}/seats/1/release/").status_code == 404
    assert phone().post(f"/g/{g.view_url.split('/')[2]}/seats/1/release/").status_code == 403
    assert SeatLink.objects.get(seat=1).claimed_by != ""


def test_the_history_names_the_phone_whose_hand_saved_the_round(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    seats = open_seats(client, g)
    client.post(g.url + "seats/last-hand/", {"on": "1"})
    send(client, seats["Ana"], went_out="on")
    send(client, seats["Ben"], points="12")
    send(client, seats["Cléo"], cards="K 7")
    assert Round.objects.count() == 1
    assert HistoryEntry.objects.get(action="added").sent_by == 2
    history = visible_text(client.get(g.url + "history/").content.decode())
    assert "by the last hand, sent from Cléo's phone" in history
    exported = client.get(g.url + "game.json").json()
    assert [h.get("sent_by") for h in exported["history"]] == [2]


def test_hands_sent_for_a_later_round_go_with_a_deleted_round(client, start_game):
    from scorekeeper.models import ProposedHand

    from .helpers import round_data

    g = start_game("liverpool", ["Ana", "Ben"])
    seats = open_seats(client, g)
    client.post(g.url + "rounds/", round_data({1: "10"}, out=0))
    send(client, seats["Ben"], number=2, points="12")
    assert ProposedHand.objects.filter(number=2).count() == 1
    assert client.post(g.url + "rounds/1/delete/").status_code == 302
    assert not ProposedHand.objects.exists()
    assert "Sent:" not in visible_text(client.get(seats["Ben"]).content.decode())


def test_a_big_table_is_pointed_to_join_the_table(client, start_game):
    big = start_game("liverpool", ["Ana", "Ben", "Cy", "Dee", "Eve"])
    game = visible_text(client.get(big.url).content.decode())
    assert "A table of 5: each player can send their own hand" in game
    share = client.get(big.url + "share/").content.decode()
    assert share.index('id="join-title"') < share.index('id="view-title"')
    assert "At a table of 5, this is the quick way" in visible_text(share)
    small = start_game("liverpool", ["Ana", "Ben", "Cy"])
    assert "each player can send their own hand" not in visible_text(
        client.get(small.url).content.decode()
    )
    share = client.get(small.url + "share/").content.decode()
    assert share.index('id="view-title"') < share.index('id="join-title"')
    client.post(big.url + "seats/open/")  # open: the tip has done its job
    assert "A table of 5" not in visible_text(client.get(big.url).content.decode())
