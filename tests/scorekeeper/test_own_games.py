"""A table builds its own game from a known one, saves it and shares it (the games played
with it: test_own_games_played.py)."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from rules_engine import get_rules, variant_toml
from scorekeeper.models import Game, HouseGame
from tests.scorekeeper.form_data import form_data
from tests.scorekeeper.own_builder import builder, made, made_from, save, start_from


def test_the_builder_starts_from_a_known_game_under_a_name_of_the_table(client, db):
    data = builder(client)
    assert data["name"] == "Carioca, à notre façon"
    assert data["rounds"] == "9" and data["cards_0"] == "12"
    assert (data["kind_0_0"], data["count_0_0"], data["size_0_0"]) == ("set", "2", "3")
    assert data["aces"] == "round_the_corner" and data["joker_points"] == "50"


def test_carioca_with_jokers_at_30_and_no_round_the_corner_is_saved_as_its_own_game(client, db):
    house, token = made(client, joker_points="30", aces="low_or_high")
    rules = get_rules("carioca")
    doc = house.document
    assert doc["values"]["joker"] == 30 and doc["melds"].get("aces", "low_or_high") == "low_or_high"
    assert doc["slug"] == "carioca-a-notre-facon"
    assert len(doc["rounds"]) == len(rules.contracts)
    page = client.get(f"/own/{token}/").content.decode()
    assert "Carioca, à notre façon" in page and "joker 30" in page


def test_the_preview_says_why_a_change_cannot_be_played(client, db):
    data = builder(client)
    answer = save(client, data, action="preview", cards_8="5")  # 13 cards to lay from 5
    text = answer.content.decode()
    assert answer.status_code == 200
    assert "Not playable yet" in text and "Round 9" in text or "Manche 9" in text
    assert not HouseGame.objects.exists()


def test_an_unplayable_game_is_not_saved_and_says_why(client, db):
    answer = save(client, builder(client), cards_8="5")
    assert answer.status_code == 422
    assert "Manche 9" in answer.content.decode()
    assert not HouseGame.objects.exists()


def test_rounds_are_added_and_removed_before_saving(client, db):
    data = builder(client, "king-rummy")
    more = form_data(save(client, data, action="add_round").content.decode())
    assert more["rounds"] == "5" and more["size_4_0"] == more["size_3_0"]
    fewer = form_data(save(client, more, action="remove_round:0").content.decode())
    assert fewer["rounds"] == "4" and fewer["kind_0_0"] == "set" and fewer["count_0_0"] == "3"
    assert not HouseGame.objects.exists()


def test_the_file_in_the_builder_changes_what_the_fields_do_not_show(client, db):
    data = builder(client, "shanghai")
    text = data["file"].replace("run_min = 4", "run_min = 4\njokers_alone_never_a_set = true")
    page = save(client, data, action="use_file", file=text).content.decode()
    house, _token = made_from(client, form_data(page))
    assert house.document["melds"]["jokers_alone_never_a_set"] is True


def test_a_broken_file_is_refused_in_words_and_nothing_changes(client, db):
    data = builder(client)
    answer = save(client, data, action="use_file", file="[melds]\nrun_min = 99\n")
    assert answer.status_code == 422
    assert "slug" in answer.content.decode() or "run_min" in answer.content.decode()


def test_the_share_link_shows_prints_and_hands_out_the_file_but_never_changes_it(client, db):
    house, token = made(client, joker_points="30")
    page = client.get(f"/own/{token}/").content.decode()
    share = re.search(r"/own/([^/]+)/grid\.pdf", page).group(1)
    assert share != token
    assert client.get(f"/own/{share}/edit/").status_code == 403
    assert client.get(f"/own/{share}/grid.pdf?players=3")["Content-Type"] == "application/pdf"
    assert client.get(f"/own/{share}/rules.pdf")["Content-Type"] == "application/pdf"
    file = client.get(f"/own/{share}/game.toml").content.decode()
    assert "joker = 30" in file
    assert client.get(f"/own/{share}/qr.svg")["Content-Type"] == "image/svg+xml"


def test_a_shared_file_is_imported_as_a_game_of_its_own(client, db):
    text = variant_toml(get_rules("continental")).replace(
        'slug = "continental"', 'slug = "nuestro"'
    )
    upload = SimpleUploadedFile("nuestro.toml", text.encode(), "application/toml")
    answer = client.post("/own/upload/", {"file": upload})
    assert answer.status_code == 302
    assert HouseGame.objects.get().document["slug"] == "nuestro"


@pytest.mark.parametrize(
    "text",
    [
        variant_toml(get_rules("continental")),  # a built-in game's own name
        "slug = [" * 2000,
        "x" * 40_000,
    ],
    ids=["taken name", "deep", "too long"],
)
def test_a_hostile_or_taken_file_is_refused_and_nothing_is_stored(client, db, text):
    upload = SimpleUploadedFile("g.toml", text.encode(), "application/toml")
    answer = client.post("/own/upload/", {"file": upload})
    assert answer.status_code == 422
    assert not HouseGame.objects.exists()


def test_a_game_started_from_it_keeps_its_frozen_copy(client, db):
    house, token = made(client, joker_points="30", aces="low_or_high")
    answer = start_from(client, house, token)
    game = Game.objects.get()
    assert game.variant["values"]["joker"] == 30
    assert game.table.rules.values.joker == 30
    # The table changes its game later: the game in progress keeps what it started with.
    edit = form_data(client.get(f"/own/{token}/edit/").content.decode())
    assert (
        client.post(
            f"/own/{token}/edit/", {**edit, "joker_points": "40", "action": "save"}
        ).status_code
        == 302
    )
    assert HouseGame.objects.get().document["values"]["joker"] == 40
    game.refresh_from_db()
    assert Game.objects.get().table.rules.values.joker == 30
    assert "Carioca, à notre façon" in client.get(answer["Location"]).content.decode()


def test_the_schema_is_published(client, db):
    schema = client.get("/own/schema.json").json()
    assert schema["title"].startswith("A contract-rummy game")


EITHER = """format = 1
slug = "au-choix"
extends = "liverpool"
name = { en = "Either way", fr = "Au choix" }

[[rounds]]
cards = 10
contract = [{ set = 3, count = 3 }]
alternatives = [[{ run = 4, count = 2 }]]

[[rounds]]
cards = 12
contract = [{ run = 4, count = 3 }]
"""


def test_a_contract_s_other_ways_from_the_file_are_rows_of_the_builder_and_stay_with_it(client, db):
    data = builder(client, "liverpool")
    page = save(client, data, action="use_file", file=EITHER).content.decode()
    fields = form_data(page)
    assert (fields["or_count_0_0_0"], fields["or_kind_0_0_0"], fields["or_size_0_0_0"]) == (
        "2",
        "run",
        "4",
    )
    assert "Round 1, other way 1, melds 1" in page or "Manche 1, autre façon 1" in page
    preview = save(client, fields, action="preview").content.decode()
    assert "ou deux suites de 4 cartes" in preview
    # A round added and the first one's cards changed: its other way stays with it.
    more = form_data(save(client, fields, action="add_round").content.decode())
    house, _token = made_from(client, {**more, "cards_0": "11"})
    first = house.document["rounds"][0]
    assert first["cards"] == 11 and first["alternatives"] == [[{"run": 4, "count": 2}]]
    assert "alternatives" not in house.document["rounds"][1]


def test_another_way_is_added_and_taken_out_with_its_rows(client, db):
    data = builder(client, "liverpool")
    way = {"or_count_0_0_0": "2", "or_kind_0_0_0": "run", "or_size_0_0_0": "4"}
    preview = save(client, data, action="preview", **way).content.decode()
    assert "Deux brelans, ou deux suites de 4 cartes" in preview
    house, token = made_from(client, {**data, **way})
    assert house.document["rounds"][0]["alternatives"] == [[{"run": 4, "count": 2}]]
    edit = form_data(client.get(f"/own/{token}/edit/").content.decode())
    assert edit["or_kind_0_0_0"] == "run"
    emptied = {**edit, "or_kind_0_0_0": "", "or_size_0_0_0": "", "action": "save"}
    assert client.post(f"/own/{token}/edit/", emptied).status_code == 302
    assert "alternatives" not in HouseGame.objects.get().document["rounds"][0]


def test_an_other_way_out_of_bounds_is_refused_and_nothing_is_stored(client, db):
    data = builder(client, "liverpool")
    way = {"or_count_0_0_0": "1", "or_kind_0_0_0": "run", "or_size_0_0_0": "99"}
    assert save(client, data, **way).status_code == 422
    way["or_size_0_0_0"] = "15"  # a run of 15: longer than the ranks allow
    answer = save(client, data, **way)
    assert answer.status_code == 422 and not HouseGame.objects.exists()


def test_a_round_is_dealt_without_jokers_when_the_builder_says_so(client, db):
    data = builder(client, "carioca")
    assert "no_jokers_8" not in data  # unticked: every round of Carioca has its jokers
    preview = save(client, data, action="preview", no_jokers_8="on").content.decode()
    assert "(sans joker)" in preview
    house, _token = made(client, no_jokers_8="on")
    assert house.document["rounds"][8]["jokers"] is False
    assert "jokers" not in house.document["rounds"][0]
    again = form_data(client.get(f"/own/{_token}/edit/").content.decode())
    assert again["no_jokers_8"] == "on" and "no_jokers_0" not in again


def test_going_out_on_a_discard_is_asked_by_the_builder_and_said_by_the_rules(client, db):
    house, token = made(client, "king-rummy", discard_to_go_out="on")
    assert house.document["play"]["discard_to_go_out"] is True
    page = client.get(f"/own/{token}/").content.decode()
    assert "en défaussant sa dernière carte" in page


def test_the_blank_grid_of_a_contract_with_other_ways_prints_each_way(client, db):
    import io

    import pdfplumber

    data = builder(client, "liverpool")
    fields = form_data(save(client, data, action="use_file", file=EITHER).content.decode())
    answer = save(client, fields, action="grid")
    assert answer["Content-Type"] == "application/pdf"
    with pdfplumber.open(io.BytesIO(answer.content)) as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "Trois brelans, ou deux suites de 4 cartes" in " ".join(text.split())


def test_the_builder_asks_what_a_runs_cards_share_for_the_game_and_for_a_round(client, db):
    data = builder(client, "liverpool")
    assert data["runs"] == "one_suit" and data["runs_0"] == ""
    preview = save(client, data, action="preview", runs="any_suit", runs_1="one_colour")
    assert "(suites toutes rouges ou toutes noires)" in preview.content.decode()
    house, token = made(client, "liverpool", runs="any_suit", runs_1="one_colour")
    assert house.document["melds"]["runs"] == "any_suit"
    assert house.document["rounds"][1]["runs"] == "one_colour"
    assert "runs" not in house.document["rounds"][0]
    page = client.get(f"/own/{token}/").content.decode()
    assert "qui se suivent, de couleurs libres" in page
    again = form_data(client.get(f"/own/{token}/edit/").content.decode())
    assert again["runs"] == "any_suit" and again["runs_1"] == "one_colour"


def test_runs_of_mixed_suits_beside_sets_of_different_suits_are_refused_by_the_builder(client, db):
    data = builder(client, "liverpool")
    answer = save(client, data, runs="any_suit", set_suits_different="on", set_max="4")
    assert answer.status_code == 422 and not HouseGame.objects.exists()
    assert "ne sait pas encore les lire ensemble" in answer.content.decode()
