"""The rules at hand: a page per game and a one-page printed summary, read from the engine."""

import io

import pytest
from pypdf import PdfReader

from rules_engine import SYSTEMS

from .helpers import texts


@pytest.mark.parametrize("slug", list(SYSTEMS))
@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_game_has_a_rules_page_in_both_languages(client, slug, language):
    client.get(f"/language/{language}/")
    response = client.get(f"/rules/{slug}/")
    assert response.status_code == 200
    assert SYSTEMS[slug].name[language] in response.content.decode()


def test_the_rounds_table_gives_each_rounds_contract_and_cards(client):
    client.get("/language/en/")
    html = client.get("/rules/rami-contrat-13/").content.decode()
    rounds = texts(html, "th")[3:10]  # after the three column heads
    cells = texts(html, "td")[:14]  # contract and cards, round by round
    assert rounds == ["1", "2", "3", "4", "5", "6", "7"]
    assert cells[0].endswith("Two sets") and cells[1] == "7"  # round 1: two sets, 7 cards
    assert "runs of 4" in cells[12] and cells[13] == "13"


def test_the_decks_table_follows_the_player_count_and_the_round(client):
    client.get("/language/en/")
    html = client.get("/rules/rami-contrat-13/").content.decode()
    assert "2 decks, 4 jokers; from round 5: 3 decks, 6 jokers" in html  # 4 players
    assert "from round 3: 3 decks, 6 jokers; from round 5: 4 decks, 8 jokers" in html  # 5+
    assert "2 decks, 3 jokers" in client.get("/rules/rami-contrat/").content.decode()  # 4


def test_card_values_bonuses_and_meld_limits_come_from_the_rules_data(client):
    client.get("/language/en/")
    html = client.get("/rules/rami-contrat-13/").content.decode()
    assert "ace 20, joker 50" in html and "First to open: -10." in html
    assert "A set holds at most 2 jokers." in html and "K-A-2-3" in html
    opening = client.get("/rules/rami-51/").content.decode()
    assert "at least 51 points" in opening and "all of different suits" in opening
    assert "A joker in the opening counts as its card" in opening  # a table option


def test_rami_contrat_says_runs_must_not_meet_and_the_lay_down_is_exact(client):
    client.get("/language/en/")
    html = client.get("/rules/rami-contrat/").content.decode()
    assert "must not follow on from each other" in html
    assert "exactly what the contract asks" in html
    assert "no winner" in html


def test_romi_rami_rules_give_the_end_and_the_trophies(client):
    client.get("/language/en/")
    html = client.get("/rules/romi-rami/").content.decode()
    assert "4 players: the game ends once someone completes 5 contracts" in html
    assert "Highest total wins" in html


def test_the_rules_are_linked_from_home_and_from_the_round_card(client, start_game):
    assert 'href="/rules/"' in client.get("/").content.decode()
    g = start_game("liverpool", ["A", "B"])
    assert 'href="/rules/liverpool/"' in client.get(g.url).content.decode()


@pytest.mark.parametrize("slug", list(SYSTEMS))
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_printed_summary_is_one_page(client, slug, paper, language):
    response = client.get(f"/rules/{slug}/rules.pdf", {"paper": paper, "language": language})
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    assert SYSTEMS[slug].name[language] in reader.pages[0].extract_text()


def test_bad_rules_addresses_are_refused(client):
    assert client.get("/rules/nope/").status_code == 404
    assert client.get("/rules/nope/rules.pdf").status_code == 404
    assert client.get("/rules/liverpool/rules.pdf", {"paper": "a3"}).status_code == 400
    assert client.get("/rules/liverpool/rules.pdf", {"language": "de"}).status_code == 400


def test_player_counts_dealt_alike_share_a_row_of_the_decks_table(client):
    client.get("/language/en/")
    html = client.get("/rules/liverpool/").content.decode()
    start = html.index("Decks and jokers</h2>")
    table = html[start : html.index("</table>", start)]
    assert texts(table, "th")[2:] == ["2", "3–5", "6–8"]  # after the two column heads
    assert texts(table, "td") == ["1 deck, 2 jokers", "2 decks, 4 jokers", "3 decks, 6 jokers"]
