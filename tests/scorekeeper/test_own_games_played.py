"""A game played with a table's own rules: its rounds scored by its values, exported with its
rules, its pages, the API, a group's book and its blank grid."""

import json
import re

from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.models import Game, HouseGame
from tests.scorekeeper.own_builder import builder, made, save, started


def test_a_round_of_an_own_game_scores_by_its_own_values(client, db):
    game, edit = started(client)
    answer = client.post(
        f"/g/{edit}/rounds/",
        {"version": "0", "went_out": "0", "points_0": "0", "cards_1": "JK AS", "points_2": "7"},
    )
    assert answer.status_code in (200, 302)
    scores = list(game.rounds.get().scores.order_by("player__seat").values_list("score", flat=True))
    assert scores == [0, 30 + 20, 7]


def test_an_own_game_exports_with_its_rules_and_imports_back_elsewhere(client, db):
    game, edit = started(client)
    exported = client.get(f"/g/{edit}/game.json").json()
    assert exported["variant"]["values"]["joker"] == 30
    game.delete()
    upload = SimpleUploadedFile("g.json", json.dumps(exported).encode(), "application/json")
    answer = client.post("/import/", {"document": upload})
    assert answer.status_code == 302, answer.content.decode()[:500]
    assert Game.objects.get().table.rules.values.joker == 30


def test_an_import_whose_own_rules_cannot_be_played_is_refused(client, db):
    game, edit = started(client)
    exported = client.get(f"/g/{edit}/game.json").json()
    exported["variant"]["rounds"][0]["cards"] = 2
    exported["uuid"] = "00000000-0000-4000-8000-000000000001"
    upload = SimpleUploadedFile("g.json", json.dumps(exported).encode(), "application/json")
    answer = client.post("/import/", {"document": upload})
    assert answer.status_code == 422
    assert "variant" in answer.content.decode()
    assert Game.objects.count() == 1


def test_the_game_page_links_the_rules_and_the_checker_of_its_own_game(client, db):
    game, edit = started(client)
    page = client.get(f"/g/{edit}/").content.decode()
    assert f"/g/{edit}/rules/" in page
    rules = client.get(f"/g/{edit}/rules/").content.decode()
    assert "joker 30" in rules
    query = re.search(r'href="/check/\?([^"]+)"', page).group(1).replace("&amp;", "&")
    assert "game=" in query
    checked = client.get(f"/check/?{query}&melds=KH+AH+2H+3H+%7C+7S+7D+7C").content.decode()
    assert "ne peut pas relier le roi et le 2" in checked  # no round the corner here


def test_the_api_checks_and_counts_by_a_game_s_own_rules_when_given_its_link(client, db):
    game, edit = started(client)

    def ask(path, **body):
        answer = client.post(path, json.dumps(body), content_type="application/json")
        return answer.status_code, answer.json()

    melds = "KH AH 2H 3H | 7S 7D 7C"
    status, checked = ask("/api/check", game=edit, round=2, melds=melds, lang="en")
    assert status == 200 and not checked["valid"]
    assert "cannot join K and 2" in json.dumps(checked)
    status, carioca = ask("/api/check", game=edit, rules="carioca", round=2, melds=melds)
    assert status == 200 and carioca["valid"]  # the body named the published Carioca
    status, counted = ask("/api/penalty", game=edit, cards="JK A")
    assert status == 200 and counted["points"] == 30 + 20  # its joker at 30
    status, unknown = ask("/api/check", game="nope", round=1, melds="7S 7D 7C")
    assert status == 404 and unknown["error"] == "unknown_game"


def test_a_group_keeps_its_own_game_and_its_book_counts_it(client, db):
    from scorekeeper import services

    club, club_edit, _view = services.club_create(name="Jueves", names=["Ana", "Beto", "Coni"])
    client.get(f"/club/{club_edit}/")  # the phone opens its group
    house, token = made(client, joker_points="30")
    assert client.post(f"/own/{token}/group/", {"group": club_edit}).status_code == 302
    assert HouseGame.objects.get().club == club
    page = client.get(f"/club/{club_edit}/").content.decode()
    assert "Carioca, à notre façon" in page
    share = re.search(r'name="own" value="([^"]+)"', page).group(1)  # the group's own game
    answer = client.get(f"/new/?own={share}&club={club_edit}&player=Ana&player=Beto&player=Coni")
    assert answer.status_code == 200
    client.post(
        "/new/",
        {
            "own": share,
            "club": club_edit,
            "rules": house.document["slug"],
            "first_dealer": "0",
            "name_0": "Ana",
            "name_1": "Beto",
            "name_2": "Coni",
        },
    )
    assert Game.objects.get().club == club
    book = client.get(f"/club/{club_edit}/").content.decode()
    assert 'value="carioca-a-notre-facon"' in book  # the book's game filter names it
    history = client.get(f"/club/{club_edit}/history/").content.decode()
    assert "Carioca, à notre façon · Ana, Beto, Coni" in history  # its name, not its slug


def test_the_blank_grid_is_seen_before_the_game_is_saved(client, db):
    data = builder(client, "shanghai")
    grid = save(client, data, action="grid", name="Shanghai de casa")
    assert grid.status_code == 200 and grid["Content-Type"] == "application/pdf"
    assert not HouseGame.objects.exists()
    refused = save(client, data, action="grid", cards_8="1")  # 14 cards to lay from 10
    assert refused.status_code == 422


def test_a_table_s_game_may_end_at_a_total(client, db):
    house, token = made(client, "king-rummy", end_at_total="300")
    assert house.document["scoring"]["end_at_total"] == 300
    page = client.get(f"/own/{token}/").content.decode()
    assert "quand un joueur atteint 300 points" in page
