"""Round entries replayed from a phone's outbox: stored once, refusals explained with both versions."""

import uuid

from scorekeeper.models import Round

from .helpers import round_data, totals

OUTBOX = {"headers": {"X-Outbox": "1"}}


def replay(client, g, data, **extra):
    return client.post(g.url + "rounds/", {**data, **extra}, **OUTBOX)


def test_the_same_uuid_sent_twice_stores_one_round_and_answers_the_stored_result(
    client, start_game
):
    g = start_game("liverpool", ["A", "B"])
    entry = round_data({1: "12"}, out=0, client_uuid=uuid.uuid4(), number=1)
    first = replay(client, g, entry)
    second = replay(client, g, entry)
    assert (first.status_code, first.json()) == (201, {"result": "stored", "number": 1})
    assert (second.status_code, second.json()) == (200, {"result": "already_stored", "number": 1})
    assert Round.objects.count() == 1
    assert totals(g.game) == [0, 12]


def test_a_double_tap_on_the_form_stores_one_round(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    entry = round_data({1: "12"}, out=0, client_uuid=uuid.uuid4())
    assert client.post(g.url + "rounds/", entry).status_code == 302
    assert client.post(g.url + "rounds/", entry).status_code == 302
    assert Round.objects.count() == 1


def test_the_same_uuid_with_different_scores_is_refused_with_422(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    key = uuid.uuid4()
    replay(client, g, round_data({1: "12"}, out=0, client_uuid=key))
    response = replay(client, g, round_data({1: "40"}, out=0, client_uuid=key))
    assert response.status_code == 422
    assert response.json()["error"] == "uuid_reused"
    assert (
        client.post(g.url + "rounds/", round_data({1: "40"}, out=0, client_uuid=key)).status_code
        == 422
    )
    assert totals(g.game) == [0, 12]


def test_a_round_entered_meanwhile_by_another_phone_is_a_conflict_with_the_stored_version(
    client, start_game
):
    g = start_game("liverpool", ["A", "B"])
    replay(client, g, round_data({1: "10"}, out=0, client_uuid=uuid.uuid4(), number=1))
    response = replay(client, g, round_data({0: "25"}, out=1, client_uuid=uuid.uuid4(), number=1))
    answer = response.json()
    assert response.status_code == 409
    assert answer["error"] == "round_taken"
    assert answer["stored"]["number"] == 1
    assert [c["score"] for c in answer["stored"]["cells"]] == [0, 10]
    assert answer["stored"]["cells"][0]["name"] == "A"
    assert Round.objects.count() == 1


def test_the_form_also_refuses_to_shift_a_round_another_phone_entered(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    client.post(g.url + "rounds/", round_data({1: "10"}, out=0, number=1))
    response = client.post(g.url + "rounds/", round_data({0: "25"}, out=1, number=1))
    assert response.status_code == 409
    assert "Manche 1 saisie sur un autre téléphone entre-temps" in response.content.decode()
    assert totals(g.game) == [0, 10]


def test_a_round_whose_predecessor_is_missing_is_not_stored(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    response = replay(client, g, round_data({1: "10"}, out=0, client_uuid=uuid.uuid4(), number=3))
    assert response.status_code == 409
    assert response.json()["error"] == "round_gap"
    assert Round.objects.count() == 0


def test_an_invalid_replay_says_why_and_stores_nothing(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    response = replay(client, g, round_data({0: "5", 1: "7"}, client_uuid=uuid.uuid4()))
    answer = response.json()
    assert response.status_code == 422
    assert answer["message"]
    assert "went_out" in answer["fields"]
    assert Round.objects.count() == 0


def test_keeping_mine_replaces_the_stored_round_only_at_the_version_shown(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    replay(client, g, round_data({1: "10"}, out=0, client_uuid=uuid.uuid4(), number=1))
    mine = round_data({0: "25"}, out=1, version=1)
    assert client.post(g.url + "rounds/1/edit/", mine, **OUTBOX).status_code == 201
    stale = client.post(g.url + "rounds/1/edit/", round_data({0: "7"}, out=1, version=1), **OUTBOX)
    assert stale.status_code == 409
    assert stale.json()["stored"]["version"] == 2
    assert totals(g.game) == [25, 0]


def test_a_view_only_link_cannot_replay_an_entry(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    response = client.post(g.view_url + "rounds/", round_data({1: "10"}, out=0), **OUTBOX)
    assert response.status_code == 403
    assert Round.objects.count() == 0


def test_the_game_page_carries_the_next_rounds_for_offline_entry(client, start_game):
    g = start_game("rami-contrat", ["A", "B", "C"])
    html = client.get(g.url).content.decode()
    assert html.count('class="round-card"') == 7
    assert 'data-round="7" hidden' in html
    assert 'name="number" value="1"' in html
    assert 'id="outbox"' in html
    assert 'id="outbox"' not in client.get(g.view_url).content.decode()


def test_a_view_only_page_carries_only_the_round_to_deal(client, start_game):
    """It enters nothing offline: the later rounds' cards would be rendered for nothing."""
    g = start_game("rami-contrat", ["A", "B", "C"])
    html = client.get(g.view_url).content.decode()
    assert html.count('class="round-card"') == 1 and 'data-round="1"' in html


def test_a_fresh_csrf_token_is_handed_out_uncached(client):
    response = client.get("/csrf/")
    assert len(response.json()["token"]) >= 32
    assert "no-cache" in response["Cache-Control"]


def test_a_replay_after_another_phone_corrected_the_round_is_still_the_same_entry(
    client, start_game
):
    g = start_game("liverpool", ["A", "B"])
    key = uuid.uuid4()
    entry = round_data({1: "12"}, out=0, client_uuid=key, number=1)
    replay(client, g, entry)
    client.post(g.url + "rounds/1/edit/", round_data({1: "30"}, out=0, version=1))
    response = replay(client, g, entry)
    assert (response.status_code, response.json()["result"]) == (200, "already_stored")
    assert totals(g.game) == [0, 30]  # the correction stands
