"""The meld checker page and the JSON API: every system, verdicts in words, bad input."""

import json
import re

import pytest


def api(client, path, body):
    return client.post(path, json.dumps(body), content_type="application/json")


def test_the_page_shows_a_valid_contract_with_each_meld_in_words(client):
    html = client.get(
        "/check/", {"rules": "rami-contrat", "round": "2", "melds": "7H 8H JK 10H | KS KD KC"}
    ).content.decode()
    assert "Valable" in html
    assert "Suite de 4 cartes, 7 à 10 de cœur ; joker = 9 de cœur" in html
    assert "Brelan de 3 (roi)" in html


def test_the_page_names_the_contiguous_runs(client):
    html = client.get(
        "/check/", {"rules": "liverpool", "round": "3", "melds": "2H 3H 4H 5H | 6H 7H 8H 9H"}
    ).content.decode()
    assert "Les suites 1 et 2 sont contiguës" in html


def test_the_verdict_fragment_for_htmx(client):
    response = client.get(
        "/check/",
        {"rules": "rami-contrat", "round": "1", "melds": "7H 7S 7D", "part": "verdict"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert "HX-Request" in response["Vary"]  # the same address serves the page otherwise
    assert "HX-Request" in client.get("/check/", {"rules": "rami-contrat"})["Vary"]
    assert html.lstrip().startswith('<section id="verdict"')
    assert "Il manque encore un brelan d&#x27;exactement 3 cartes" in html


def test_rami_51_opening_shows_points_and_the_pure_run(client):
    html = client.get(
        "/check/", {"rules": "rami-51", "round": "opening", "melds": "5S 6S 7S | 9H 9S 9D"}
    ).content.decode()
    assert "45 points" in html and "il en manque 6" in html


def test_romi_rami_reports_the_bonus_cards_kept(client):
    html = client.get(
        "/check/",
        {"rules": "romi-rami", "contract": "pair+run3", "bonus": "H", "melds": "2H 2D 3H 4C 5H"},
    ).content.decode()
    assert "3 cartes bonus gardées" in html


def test_bad_notation_points_at_the_token_and_never_errors(client):
    response = client.get(
        "/check/", {"rules": "rami-contrat", "round": "1", "melds": "7H <b>x</b>"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "« &lt;b&gt;x&lt;/b&gt; »" in html  # the token named, no "position 3" to decode


def test_the_finder_shows_a_lay_down_or_says_none_exists(client):
    html = client.get(
        "/check/", {"rules": "rami-contrat", "round": "3", "hand": "2S 3S 4S 5S 6S 7S 8S 9S KD"}
    ).content.decode()
    assert "Aucune pose ne remplit ce contrat" in html and "se touchent" in html
    html = client.get(
        "/check/", {"rules": "liverpool", "round": "1", "hand": "7H 7S 7D KS KD KC 2H"}
    ).content.decode()
    assert "Une pose :" in html and "7H 7S 7D" in html


@pytest.mark.parametrize(
    ("body", "valid"),
    [
        (
            {"rules": "rami-contrat", "round": 6, "melds": "7H 7S 7D | 2S 3S 4S 5S | 7S 8S JK 10S"},
            True,
        ),
        (
            {"rules": "liverpool", "round": 7, "melds": "2S 3S 4S 5S | 7S 8S 9S 10S | 4H 5H 6H 7H"},
            True,
        ),
        ({"rules": "rami-contrat-13", "round": 3, "melds": "KH AH 2H 3H | 5C 6C 7C 8C"}, True),
        ({"rules": "rami-51", "opening": True, "melds": "5S 6S 7S | KH KS KD | QH QS QC"}, True),
        ({"rules": "romi-rami", "contract": "run5", "joker": True, "melds": "1H 2D 4C 5Y"}, True),
        ({"rules": "rami-contrat", "round": 3, "melds": "2S 3S 4S 5S | 6S 7S 8S 9S"}, False),
    ],
)
def test_api_check_for_every_system(client, body, valid):
    response = api(client, "/api/check", body)
    assert response.status_code == 200
    assert response.json()["valid"] is valid


def test_api_solve_and_penalty(client):
    assert (
        api(client, "/api/solve", {"rules": "rami-51", "hand": "AH KH QH 10S 10D 10C 2C"}).json()[
            "points"
        ]
        == 61
    )
    assert api(client, "/api/penalty", {"rules": "rami-contrat", "cards": "AS JK KD"}).json() == {
        "points": 40
    }


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"rules": "nope", "round": 1, "melds": "7H"}, "unknown_rules"),
        ({"rules": "rami-contrat", "round": 9, "melds": "7H 7S 7D"}, "round_out_of_range"),
        ({"rules": "rami-contrat", "round": 1, "melds": "7X"}, "unknown_suit"),
    ],
)
def test_api_bad_input_is_400_with_the_cli_error_code(client, body, code):
    response = api(client, "/api/check", body)
    assert response.status_code == 400 and response.json()["error"] == code


def test_api_refuses_what_is_not_a_json_object(client):
    assert client.post("/api/check", "[1]", content_type="application/json").status_code == 400
    assert client.post("/api/check", "\x00\xff", content_type="application/json").status_code == 400


def test_a_round_number_in_other_digits_is_ignored_not_a_crash(client):
    for value in ["²", "٣", "1" * 5000]:
        assert client.post(
            "/api/check", {"round": value, "melds": "7H 7S 7D"}, content_type="application/json"
        ).status_code in (200, 400)
        assert client.get("/check/", {"round": value}).status_code == 200


def test_from_a_game_without_jokers_the_picker_has_no_joker(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"], options={"no_jokers": True})
    page = client.get(g.url).content.decode()
    link = next(href for href in re.findall(r'href="([^"]+)"', page) if href.startswith("/check/"))
    assert "no_jokers=1" in link
    html = client.get(link.replace("&amp;", "&")).content.decode()
    assert 'data-add="JK"' not in html
    assert 'data-add="JK"' in client.get("/check/", {"rules": "rami-contrat"}).content.decode()


def test_a_game_opens_the_checker_on_its_current_round(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    for _ in range(3):
        client.post(g.url + "rounds/", {"went_out": "0", "points_1": "5"})
    page = client.get(g.url).content.decode()
    link = next(href for href in re.findall(r'href="([^"]+)"', page) if href.startswith("/check/"))
    assert "round=4" in link


def test_a_suggested_lay_down_is_written_with_suit_symbols(client):
    html = client.get(
        "/check/", {"rules": "liverpool", "round": "3", "hand": "2H 3H 4H 5H 7S 8S 9S 10S KD"}
    ).content.decode()
    assert "<li>2♥ 3♥ 4♥ 5♥</li>" in html and "<li>7♠ 8♠ 9♠ 10♠</li>" in html


def test_the_api_takes_the_tables_options_and_checks_them(client):
    body = {"rules": "rami-51", "melds": "AH KH QH | 9S 9D JK"}
    assert api(client, "/api/check", body).json()["valid"] is False
    as_card = api(client, "/api/check", {**body, "options": {"joker_counts_as_card": True}})
    assert as_card.json()["valid"] is True and as_card.json()["points"] == 58
    unknown = api(client, "/api/check", {**body, "options": {"no_jokers": True}})
    assert unknown.status_code == 400 and unknown.json()["error"] == "unknown_option"
    wrong = api(client, "/api/check", {**body, "options": {"joker_counts_as_card": "yes"}})
    assert wrong.status_code == 400 and wrong.json()["error"] == "option_not_bool"
    assert api(client, "/api/check", {**body, "options": [1]}).json()["error"] == "bad_options"


def test_the_api_asks_for_the_round_of_a_contract_system(client):
    response = api(client, "/api/check", {"rules": "liverpool", "melds": "7H 7S 7D | 8C 8D 8S"})
    assert response.status_code == 400 and response.json()["error"] == "round_needed"


def test_the_api_bounds_copies_by_the_player_count_given(client):
    body = {"rules": "liverpool", "round": 1, "melds": "9C 9C 9C | 5S 5H 5D"}
    assert api(client, "/api/check", body).json()["valid"] is True
    refused = api(client, "/api/check", {**body, "players": 4})
    assert refused.status_code == 400 and refused.json()["error"] == "too_many_copies"


def test_a_game_opens_the_checker_with_its_seats_and_its_opening_rule(client, start_game):
    g = start_game("rami-51", ["Ana", "Ben", "Cléo"], options={"joker_counts_as_card": True})
    page = client.get(g.url).content.decode()
    link = next(href for href in re.findall(r'href="([^"]+)"', page) if href.startswith("/check/"))
    link = link.replace("&amp;", "&")
    assert "players=3" in link and "joker_counts_as_card=1" in link
    html = client.get(link + "&melds=AH KH QH | 9S 9D JK").content.decode()
    assert "58" in html  # the page keeps the option chosen, for the next lay-down checked
    assert re.search(
        r'name="joker_counts_as_card"[^>]*>\s*<option value=""[^>]*>[^<]*</option>\s*<option value="1" selected>',
        html,
    )
