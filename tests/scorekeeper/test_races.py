"""Races between phones end in one winner and a 4xx for the other: never a 500, never a silent loss.

Real threads behind a barrier, each with its own database connection (file SQLite in WAL
mode here, PostgreSQL in CI's second run).
"""

import uuid
from datetime import timedelta

import pytest
from django.test import Client

from rules_engine import PlayerDeal
from scorekeeper import services
from scorekeeper.games.selectors import game_board
from scorekeeper.models import HistoryEntry, RomiContract, Round

from .helpers import at_once, round_data

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["Ana", "Ben", "Cléo"]


def scores(game, number=1):
    return next(row for row in game_board(game).rows if row.number == number).cells


def correct(client, g, values, number=1):
    version = Round.objects.get(game=g.game, number=number).version
    return client.post(f"{g.url}rounds/{number}/edit/", round_data(values, out=0, version=version))


def test_undoing_a_correction_that_another_phone_corrected_again_is_409_with_both(
    client, start_game
):
    g = start_game("liverpool", NAMES)
    client.post(f"{g.url}rounds/", round_data({1: "10", 2: "5"}, out=0))
    assert correct(client, g, {1: "20", 2: "5"}).status_code == 302  # phone A
    mine = HistoryEntry.objects.get(game=g.game, action="edited")
    assert correct(client, g, {1: "30", 2: "5"}).status_code == 302  # phone B
    response = client.post(f"{g.url}history/{mine.pk}/undo/")
    assert response.status_code == 409
    assert [cell.score for cell in scores(g.game)] == [0, 30, 5]  # B's 30 is kept
    html = response.content.decode()
    stored = html.split('data-version="stored"')[1].split("</tr>")[0]
    undo = html.split('data-version="undo"')[1].split("</tr>")[0]
    assert "<td>30</td>" in stored and "<td>10</td>" in undo
    assert not HistoryEntry.objects.get(pk=mine.pk).undone


def test_undoing_the_last_correction_still_works(client, start_game):
    g = start_game("liverpool", NAMES)
    client.post(f"{g.url}rounds/", round_data({1: "10", 2: "5"}, out=0))
    correct(client, g, {1: "20", 2: "5"})
    entry = HistoryEntry.objects.get(game=g.game, action="edited")
    assert client.post(f"{g.url}history/{entry.pk}/undo/").status_code == 302
    assert [cell.score for cell in scores(g.game)] == [0, 10, 5]


def test_a_double_tapped_undo_restores_once(start_game):
    g = start_game("liverpool", NAMES)
    Client().post(f"{g.url}rounds/", round_data({1: "10", 2: "5"}, out=0))
    correct(Client(), g, {1: "20", 2: "5"})
    entry = HistoryEntry.objects.get(game=g.game, action="edited")
    undo = f"{g.url}history/{entry.pk}/undo/"
    answers = at_once(lambda c: c.post(undo), lambda c: c.post(undo))
    assert sorted(a.status_code for a in answers) == [302, 409]
    assert HistoryEntry.objects.filter(game=g.game, action="restored").count() == 1
    assert [cell.score for cell in scores(g.game)] == [0, 10, 5]


def test_an_edit_racing_the_deletion_of_its_round_never_answers_5xx(start_game):
    g = start_game("liverpool", NAMES)
    client = Client()
    for attempt in range(12):
        client.post(f"{g.url}rounds/", round_data({1: "10", 2: "5"}, out=0))
        number = Round.objects.filter(game=g.game).count()
        edit = round_data({1: "99", 2: "5"}, out=0, version=1)
        answers = at_once(
            lambda c, n=number, e=edit: c.post(f"{g.url}rounds/{n}/edit/", e),
            lambda c, n=number: c.post(f"{g.url}rounds/{n}/delete/"),
        )
        edited, deleted = (a.status_code for a in answers)
        assert deleted == 302, attempt
        assert edited in (302, 404, 409), (attempt, edited)
        assert not Round.objects.filter(game=g.game, number=number).exists()


def contract_card(key: str) -> dict[str, str]:
    """A ROMi RAMi contract card as the form sends it, under the client UUID `key`."""
    return {"player": "0", "points": "5", "colour": "H", "combos": "2", "bonus_cards": "1"} | {
        "client_uuid": key
    }


def test_a_romi_contract_sent_twice_at_once_is_stored_once(start_game):
    g = start_game("romi-rami", ["Ana", "Ben"])
    key = str(uuid.uuid4())
    data = contract_card(key)
    answers = at_once(*(lambda c: c.post(f"{g.url}romi/contracts/", data) for _ in range(3)))
    assert [a.status_code for a in answers] == [302, 302, 302]
    assert RomiContract.objects.filter(client_uuid=key).count() == 1
    assert HistoryEntry.objects.filter(game=g.game, action="contract").count() == 1


def test_a_romi_uuid_reused_for_other_facts_or_another_game_is_422(client, start_game):
    g = start_game("romi-rami", ["Ana", "Ben"])
    other = start_game("romi-rami", ["Cléo", "Dan"])
    key = str(uuid.uuid4())
    data = contract_card(key)
    assert client.post(f"{g.url}romi/contracts/", data).status_code == 302
    assert client.post(f"{g.url}romi/contracts/", data).status_code == 302  # a replay
    response = client.post(f"{g.url}romi/contracts/", {**data, "points": "7"})
    assert response.status_code == 422
    assert "déjà servi" in response.content.decode()
    assert client.post(f"{other.url}romi/contracts/", data).status_code == 422
    assert RomiContract.objects.count() == 1


def test_a_double_tapped_new_edit_link_gives_both_taps_the_same_live_link(start_game):
    g = start_game("liverpool", NAMES)
    url = f"{g.url}share/new-edit-link/"
    answers = at_once(lambda c: c.post(url), lambda c: c.post(url))
    assert [a.status_code for a in answers] == [302, 302]
    assert answers[0]["Location"] == answers[1]["Location"]
    new_token = answers[0]["Location"].split("/")[2]
    assert new_token != g.edit
    page = Client().get(f"/g/{new_token}/")
    assert page.status_code == 200 and 'action="/g/' + new_token in page.content.decode()
    assert Client().get(g.url).status_code == 404
    assert HistoryEntry.objects.filter(game=g.game, action="token").count() == 1


def test_the_replaced_edit_link_stops_answering_after_a_minute(client, start_game):
    g = start_game("liverpool", NAMES)
    url = f"{g.url}share/new-edit-link/"
    first = client.post(url)
    assert client.post(url)["Location"] == first["Location"]  # the twin tap, a moment later
    HistoryEntry.objects.filter(game=g.game, action="token").update(
        at=HistoryEntry.objects.get(game=g.game, action="token").at - timedelta(minutes=2)
    )
    assert client.post(url).status_code == 404


def test_romi_rami_has_no_rounds_and_no_hand_value(client, start_game):
    g = start_game("romi-rami", ["Ana", "Ben"])
    assert client.post(f"{g.url}rounds/", round_data({1: "10"}, out=0)).status_code == 404
    assert client.get(f"{g.url}hand-value/", {"seat": "0", "cards_0": "KH"}).status_code == 404


def test_history_times_carry_no_microseconds(client, start_game):
    g = start_game("liverpool", NAMES)
    client.post(f"{g.url}rounds/", round_data({1: "10", 2: "5"}, out=0))
    html = client.get(f"{g.url}history/").content.decode()
    stamp = html.split('<time datetime="')[1].split('"')[0]
    assert len(stamp) == len("2026-11-22T12:00:00+01:00") and "." not in stamp


def test_a_correction_of_a_round_deleted_meanwhile_is_a_conflict_not_a_crash(start_game):
    g = start_game("liverpool", NAMES)
    Client().post(f"{g.url}rounds/", round_data({1: "10", 2: "5"}, out=0))
    stale = Round.objects.get(game=g.game, number=1)
    services.round_delete_last(game=g.game, number=1)
    with pytest.raises(services.Conflict) as refused:
        services.round_correct(
            round_=stale, entries=[PlayerDeal(0)] * 3, no_winner=False, expected_version=1
        )
    assert refused.value.code == "round_gone"
