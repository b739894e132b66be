"""The JSON API and the checker page bound the work any request can cause."""

import json

import pytest

from rules_engine import Card, format_card, solver

ENDPOINTS = ["/api/check", "/api/solve", "/api/penalty"]
FORTY_FOUR = " ".join([format_card(Card(r, s)) for s in "SHDC" for r in range(1, 14)][:44])
HARD_LIVERPOOL = "JK 7H JK JK JK 6C JK JH 7H 8H 9H 10H JH 2C 3H 10D 9S QC 5S"


def api(client, path, body):
    return client.post(path, json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"],
)
def test_the_api_reads_json_only_so_no_page_elsewhere_can_post_to_it_simply(
    client, path, content_type
):
    body = json.dumps({"rules": "rami-51", "hand": "AH KH QH"})
    response = client.post(path, body, content_type=content_type)
    assert response.status_code == 415
    assert response.json()["error"] == "unsupported_media_type"


def test_json_with_a_charset_is_json(client):
    body = json.dumps({"rules": "rami-contrat", "cards": "AS"})
    response = client.post("/api/penalty", body, content_type="application/json; charset=utf-8")
    assert response.status_code == 200 and response.json() == {"points": 15}


@pytest.mark.parametrize("path", ENDPOINTS)
def test_a_body_over_ten_kilobytes_is_413(client, path):
    response = api(client, path, {"rules": "rami-51", "hand": "AH " * 4000})
    assert response.status_code == 413
    assert response.json()["error"] == "too_large"


def test_a_hand_larger_than_any_deal_is_400_at_once(client):
    response = api(client, "/api/solve", {"rules": "rami-51", "hand": FORTY_FOUR})
    assert response.status_code == 400
    answer = response.json()
    assert answer["error"] == "hand_too_large"
    assert (
        answer["message"]
        == "Trop de cartes : 44, alors qu'une main de ce jeu en compte au plus 14."
    )


def test_romi_rami_with_24_value_cards_is_400(client):
    cards = " ".join(f"{v}{c}" for v in range(1, 6) for c in "HDCY") + " 1H 2H 3H 4H"
    body = {
        "rules": "romi-rami",
        "contract": "run5+run5+run5",
        "joker": True,
        "melds": cards,
        "lang": "en",
    }
    response = api(client, "/api/check", body)
    assert response.status_code == 400
    assert (
        response.json()["message"]
        == "Too many cards: 24, and a hand in this game holds at most 13."
    )


def test_a_search_past_its_budget_is_422_with_an_honest_sentence(client, monkeypatch):
    # Every search with a budget too small for this hand (the finder's own decide it).
    monkeypatch.setattr(solver, "WALK_NODES", 100)
    monkeypatch.setattr(solver, "SHAPE_NODES", 100)
    monkeypatch.setattr(solver, "LATE_WALK_NODES", 100)
    monkeypatch.setattr(solver, "FINDER_SECONDS", 0)  # and no time for the last resort
    monkeypatch.setattr(solver, "PROGRAM_LEAST_SECONDS", 0)
    body = {"rules": "liverpool", "round": 7, "hand": HARD_LIVERPOOL, "lang": "en"}
    response = api(client, "/api/solve", body)
    assert response.status_code == 422
    assert response.json() == {
        "error": "search_too_large",
        "message": "Too many possibilities to decide here: take out a few cards or jokers.",
    }


def test_ten_jokers_are_not_a_penalty_of_150(client):
    response = api(client, "/api/penalty", {"rules": "rami-contrat", "cards": "JK " * 10})
    assert response.status_code == 400 and response.json()["error"] == "too_many_jokers"


@pytest.mark.parametrize("body", [{"opening": True}, {"round": "opening"}])
@pytest.mark.parametrize("path", ["/api/check", "/api/solve"])
def test_asking_a_contract_system_for_the_opening_is_400_not_500(client, path, body):
    response = api(
        client, path, {"rules": "rami-contrat", "melds": "7H 7S 7D", "hand": "7H 7S 7D", **body}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "no_opening"


def test_the_check_page_refuses_a_huge_hand_in_words(client):
    response = client.get("/check/", {"rules": "rami-51", "hand": FORTY_FOUR})
    assert response.status_code == 200
    assert "Trop de cartes : 44" in response.content.decode()
