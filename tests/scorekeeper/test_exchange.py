"""A game as a file: the CSV reads as a score sheet; the JSON comes back whole on another
server, once, and a file that does not add up is refused whole."""

import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.models import Game, HistoryEntry, Round
from scorekeeper.records.documents import MAX_BYTES

from .helpers import csv_rows, round_data, texts
from .test_import_hardening import romi_game


def exported(client, g) -> dict:
    return json.loads(client.get(g.url + "game.json").content)


def upload(client, document, name="game.json"):
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post("/import/", {"document": SimpleUploadedFile(name, raw, "application/json")})


def errors(response) -> str:
    return " ".join(texts(response.content.decode(), "span", "field-error"))


def played(client, start_game):
    """A rami-contrat game with typed and tapped hands, a no-winner deal, a correction."""
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"], options={"exact_lay_down": False})
    client.post(g.url + "rounds/", round_data({1: "25", 2: "7"}, out=0))
    client.post(g.url + "rounds/", round_data({0: "12"}, out=1, cards_2="7H 8S KD"))
    client.post(g.url + "rounds/", round_data({0: "5", 1: "9", 2: "30"}, out="none"))
    first = Round.objects.get(game=g.game, number=1)
    client.post(
        g.url + "rounds/1/edit/", round_data({1: "20", 2: "7"}, out=0, version=first.version)
    )
    return g


def wipe():
    """An empty database, as on another server."""
    Game.objects.all().delete()


@pytest.mark.django_db
def test_export_import_export_gives_the_same_document(client, start_game):
    g = played(client, start_game)
    document = exported(client, g)
    assert document["format"] == "rami-score-keeper/game" and document["version"] == 1
    assert [r["number"] for r in document["rounds"]] == [1, 2, 3]
    assert len(document["history"]) == 4  # three rounds entered, one corrected
    wipe()
    response = upload(client, document)
    assert response.status_code == 302
    game = Game.objects.get()
    assert str(game.uuid) == document["uuid"]
    again = json.loads(client.get(response["Location"] + "game.json").content)
    assert again == document


@pytest.mark.django_db
def test_a_romi_rami_game_comes_back_with_its_contracts_and_trophies(client, start_game):
    document = romi_game(client, start_game)
    assert len(document["romi"]["contracts"]) == 2 and len(document["romi"]["trophies"]) == 4
    wipe()
    response = upload(client, document)
    assert response.status_code == 302
    assert json.loads(client.get(response["Location"] + "game.json").content) == document


@pytest.mark.django_db
def test_importing_twice_creates_nothing_new(client, start_game):
    g = played(client, start_game)
    document = exported(client, g)
    client.get("/language/en/")
    response = upload(client, document)
    assert response.status_code == 422 and "already on this server" in errors(response)
    assert Game.objects.count() == 1 and Round.objects.count() == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(format="something else"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(rules="poker"), "rules"),
        (lambda d: d.update(options={"decks": 3}), "options"),
        (lambda d: d["players"].pop(), "players"),
        (lambda d: d["rounds"][1]["hands"][0].update(score=-40), "rounds[1].hands"),
        (lambda d: d["rounds"][2].update(number=7), "rounds[2].number"),
        (lambda d: d["rounds"][0]["hands"][1].update(cards="7Z"), "rounds[0].hands[1].cards"),
        (lambda d: d["history"][0].update(action="hacked"), "history[0].action"),
        (lambda d: d["history"][3].update(before={"scores": "x"}), "history[3].before.number"),
        (lambda d: d.update(created_at="yesterday"), "created_at"),
    ],
)
def test_a_file_that_does_not_add_up_is_refused_whole_with_the_place_named(
    client, start_game, change, where
):
    document = exported(client, played(client, start_game))
    wipe()
    change(document)
    client.get("/language/en/")
    response = upload(client, document)
    assert response.status_code == 422 and f"(in the file: {where})" in errors(response)
    assert not Game.objects.exists() and not Round.objects.exists()
    assert not HistoryEntry.objects.exists()


@pytest.mark.django_db
def test_a_file_that_is_not_a_game_is_refused(client):
    client.get("/language/en/")
    for raw in (b"not json", b"[1, 2]", b"\xff\xfe"):
        response = upload(client, raw)
        assert response.status_code == 422 and "cannot be imported" in errors(response)
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_rounds_already_on_the_server_in_another_game_stop_the_whole_import(client, start_game):
    g = played(client, start_game)
    taken = uuid.uuid4()
    Round.objects.filter(game=g.game, number=1).update(client_uuid=taken)
    document = exported(client, g)
    document["uuid"] = str(uuid.uuid4())  # another game, with a round of this one
    client.get("/language/en/")
    response = upload(client, document)
    assert response.status_code == 422 and "nothing was imported" in errors(response)
    assert Game.objects.count() == 1 and Round.objects.count() == 3


@pytest.mark.django_db
def test_the_csv_has_a_line_per_deal_and_player_with_the_running_total(client, start_game):
    g = played(client, start_game)
    lines = csv_rows(client.get(g.view_url + "game.csv"))
    heads = ["manche", "siège", "joueur", "points", "cartes", "faits", "score", "total"]
    assert lines[0] == heads  # in the page's language; the cells keep the notation
    assert len(lines) == 1 + 3 * 3
    assert lines[1] == ["1", "1", "Ana", "0", "", "went_out", "0", "0"]
    assert lines[2][:3] == ["1", "2", "Ben"] and lines[2][6:] == ["20", "20"]
    assert lines[6][2:5] == ["Cléo", "", "7H 8S KD"]  # the notation the checker reads
    assert lines[-1][:3] == ["3", "3", "Cléo"] and lines[-1][6:] == [
        "30",
        "62",
    ]  # 7 + 25 (7♥ 8♠ K♦) + 30


@pytest.mark.django_db
def test_the_menu_offers_the_exports_and_the_home_page_the_import(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    page = client.get(g.url).content.decode()
    assert "game.csv" in page and "game.json" in page
    assert 'href="/import/"' in client.get("/").content.decode()
    assert client.get("/import/").status_code == 200


@pytest.mark.django_db
def test_a_file_larger_than_any_game_is_skipped_as_it_arrives(client):
    client.get("/language/en/")
    huge = b'{"format": "' + b"x" * (MAX_BYTES + 100_000) + b'"}'
    response = upload(client, huge)
    assert response.status_code == 422 and "too large for a game" in errors(response)
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_many_file_parts_are_refused_before_any_is_kept(client):
    """More files than any import takes: Django refuses the request itself (400)."""
    parts = {f"document{i}": SimpleUploadedFile(f"{i}.json", b"{}") for i in range(3)}
    response = client.post("/import/", parts)
    assert response.status_code == 400


@pytest.mark.django_db
def test_the_csv_opens_as_columns_in_a_french_or_an_english_spreadsheet(client, start_game):
    g = played(client, start_game)
    french = client.get(g.view_url + "game.csv")
    first = french.content.decode("utf-8")
    assert first.startswith("\ufeffmanche;siège;joueur;")  # French spreadsheets split on ;
    assert csv_rows(french)[6][2:5] == ["Cléo", "", "7H 8S KD"]
    client.get("/language/en/")
    english = client.get(g.view_url + "game.csv").content.decode("utf-8")
    assert english.startswith("\ufeffround,seat,player,")
    chosen = client.get(g.view_url + "game.csv", {"sep": "semicolon"}).content.decode("utf-8")
    assert chosen.startswith("\ufeffround;seat;")
    assert csv_rows(client.get(g.view_url + "game.csv"))[1:] == csv_rows(french)[1:]


@pytest.mark.django_db
def test_a_contract_logged_twice_in_one_file_is_named_as_the_files_own_mistake(client, start_game):
    document = romi_game(client, start_game)
    contracts = document["romi"]["contracts"]
    contracts[1]["uuid"] = contracts[0]["uuid"] = str(uuid.uuid4())
    wipe()
    client.get("/language/en/")
    response = upload(client, document)
    assert response.status_code == 422
    assert "used once in this file" in errors(response)
    assert "another game" not in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("options", "rounds_kept"),
    [({"rounds": 2}, 2), ({"end_at_total": 50}, 2)],
)
def test_an_import_with_rounds_past_the_games_end_is_refused(
    client, start_game, options, rounds_kept
):
    g = start_game("rami-51", ["Ana", "Ben"])
    for _ in range(3):
        client.post(g.url + "rounds/", round_data({1: "30"}, out=0))
    document = exported(client, g)
    assert len(document["rounds"]) == 3
    document["options"] = {**document.get("options", {}), **options}
    wipe()
    client.get("/language/en/")
    response = upload(client, document)
    assert response.status_code == 422
    assert f"rounds[{rounds_kept}]" in response.content.decode() or "round 3" in errors(response)
    assert "the game's options end it after round 2" in errors(response)
    assert Game.objects.count() == 0
