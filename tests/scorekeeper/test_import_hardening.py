"""The import stores only what every page can show: each document a hostile or broken
exporter could send is refused whole, with the place named, and nothing is stored.

One table of cases, each a change to a sound export (rami-contrat with a correction and a
deletion, ROMi RAMi finished, a group's book), each checked on the pages that failed before.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorekeeper import services
from scorekeeper.models import Club, Game, HistoryEntry, Round

from .helpers import round_data, texts
from .test_races import at_once


def upload(client, document, url="/import/"):
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post(url, {"document": SimpleUploadedFile("f.json", raw, "application/json")})


def errors(response) -> str:
    return " ".join(texts(response.content.decode(), "span", "field-error"))


def contract_game(client, start_game) -> dict:
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    client.post(g.url + "rounds/", round_data({1: "25", 2: "7"}, out=0))
    client.post(g.url + "rounds/", round_data({0: "12", 2: "4"}, out=1))
    first = Round.objects.get(game=g.game, number=1)
    client.post(
        g.url + "rounds/1/edit/", round_data({1: "20", 2: "7"}, out=0, version=first.version)
    )
    client.post(g.url + "rounds/2/delete/")
    client.post(g.url + "players/", {"seat": "1", "seat1-name": "Benoît", "seat1-change": "rename"})
    document = json.loads(client.get(g.url + "game.json").content)
    actions = [h["action"] for h in document["history"]]
    assert actions == ["added", "added", "edited", "deleted", "renamed"], actions
    return document


def romi_game(client, start_game) -> dict:
    g = start_game("romi-rami", ["Ana", "Ben"])
    ana, ben = g.game.players.all()
    services.romi_contract_log(
        game=g.game, player=ana, points=7, colour="H", combos=[2, 3], bonus_cards=2, joker_used=True
    )
    services.romi_contract_log(
        game=g.game, player=ben, points=5, colour="Y", combos=[4], bonus_cards=0, joker_used=False
    )
    services.romi_finish(game=g.game, trophies=[("H", 3), ("D", 2), ("2", 2), ("3", 1)])
    return json.loads(client.get(g.url + "game.json").content)


def wipe():
    Game.objects.all().delete()
    Club.objects.all().delete()


def at(document, path):
    """The object a path names: ("history", 2, "before") ..."""
    for part in path:
        document = document[part]
    return document


def set_(path, value):
    def change(document):
        at(document, path[:-1])[path[-1]] = value

    return change


def drop(path):
    def change(document):
        del at(document, path[:-1])[path[-1]]

    return change


CONTRACT_CASES = [
    # Moments a page cannot show (PostgreSQL DataError, Python OverflowError, PDF 500).
    (set_(["created_at"], "0001-01-01T00:30:00+01:00"), "created_at"),
    (set_(["created_at"], "9999-12-31T23:00:00-05:00"), "created_at"),
    (set_(["finished_at"], "9999-12-31T23:59:59+00:00"), "finished_at"),
    (set_(["history", 0, "at"], "0001-01-01T00:00:00+14:00"), "history[0].at"),
    (set_(["created_at"], "2026-01-01T10:00:00"), "created_at"),  # no time zone
    # History snapshots the history page and undo read.
    (drop(["history", 0, "after", "scores", 0, "name"]), "history[0].after.scores[0].name"),
    (drop(["history", 2, "before", "scores", 1, "score"]), "history[2].before.scores[1].score"),
    (set_(["history", 3, "before"], None), "history[3]"),
    (
        set_(["history", 3, "before", "scores", 0, "facts"], [[1]]),
        "history[3].before.scores[0].facts[0]",
    ),
    (set_(["history", 3, "before", "scores", 0, "score"], 999), "history[3].before.scores"),
    (set_(["history", 4, "after"], {"seat": 9, "name": "X"}), "history[4].after.seat"),
    (set_(["history", 0, "action"], ["added"]), "history[0].action"),
    (set_(["history", 0, "action"], {"a": 1}), "history[0].action"),
    (
        set_(["history", 1, "after", "scores", 0, "name"], "Ana\u0000"),
        "history[1].after.scores[0].name",
    ),
    (set_(["players", 0, "name"], "Ana\u202e"), "players[0].name"),
    (set_(["players", 0, "name"], "Cle\u0301o"), "players[0].name"),  # not NFC
    (set_(["rounds", 0, "hands", 0, "cards"], "7H\u0000"), "rounds[0].hands[0].cards"),
    # Lax types.
    (set_(["version"], True), "version"),
    (set_(["version"], 1.0), "version"),
    (set_(["rounds", 0, "number"], 1.0), "rounds[0].number"),
    (set_(["rounds", 0, "no_winner"], 0), "rounds[0].no_winner"),
    (set_(["first_dealer"], True), "first_dealer"),
    (set_(["options"], {"exact_lay_down": 1}), "options"),
]


ROMI_CASES = [
    (set_(["romi", "trophies", 0, "symbol"], "Z"), "romi.trophies[0].symbol"),
    (
        lambda d: d["romi"]["trophies"].extend([{"symbol": s, "points": 1} for s in "CY45"]),
        "romi.trophies",
    ),
    (set_(["finished_at"], None), "romi.trophies"),  # trophies on an unfinished game
    (set_(["romi", "trophies", 1, "symbol"], "H"), "romi.trophies"),  # the same trophy twice
    (set_(["romi", "contracts", 0, "combos"], [2] * 11), "romi.contracts[0].combos"),
    (set_(["romi", "contracts", 0, "points"], 100), "romi.contracts[0].points"),
    (set_(["romi", "contracts", 0, "bonus_cards"], 11), "romi.contracts[0].bonus_cards"),
    (set_(["romi", "trophies", 0, "points"], 0), "romi.trophies[0].points"),
    (set_(["romi", "contracts", 0, "at"], "9999-12-31T23:00:00-05:00"), "romi.contracts[0].at"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "change", "where"),
    [(contract_game, *case) for case in CONTRACT_CASES]
    + [(romi_game, *case) for case in ROMI_CASES],
)
def test_a_broken_game_is_refused_with_its_place(client, start_game, game, change, where):
    document = game(client, start_game)
    wipe()
    change(document)
    client.get("/language/en/")
    response = upload(client, document)
    assert response.status_code == 422, errors(response)
    assert "cannot be imported: " in errors(response) and f"(in the file: {where})" in errors(
        response
    )
    assert Game.objects.count() == 0 and HistoryEntry.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_a_number_json_cannot_hold_is_refused(client, start_game, token):
    document = contract_game(client, start_game)
    wipe()
    raw = json.dumps(document).replace('"score": 20', f'"score": {token}', 1).encode()
    client.get("/language/en/")
    response = upload(client, raw)
    assert response.status_code == 422 and "should be a whole number" in errors(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("options", [{"end_at_total": 50}, {"rounds": 1}])
def test_no_round_comes_after_the_end_the_options_set(client, start_game, options):
    g = start_game("rami-51", ["Ana", "Ben"], options=options)
    client.post(g.url + "rounds/", round_data({1: "60"}, out=0))
    document = json.loads(client.get(g.url + "game.json").content)
    assert len(document["rounds"]) == 1
    extra = json.loads(json.dumps(document["rounds"][0]))
    extra.update(number=2, uuid=None)
    document["rounds"].append(extra)
    wipe()
    client.get("/language/en/")
    response = upload(client, document)
    assert response.status_code == 422 and "round 2 should be absent" in errors(response)


@pytest.mark.django_db
def test_every_page_shows_a_game_imported_at_the_edge_of_time(client, start_game):
    document = contract_game(client, start_game)
    wipe()
    document["created_at"] = "0001-01-02T00:00:00+00:00"
    document["history"][-1]["at"] = "9999-12-30T00:00:00+00:00"
    response = upload(client, document)
    assert response.status_code == 302
    game_url = response["Location"]
    for page in ("", "history/", "grid.pdf", "game.json", "game.csv", "players/", "share/"):
        assert client.get(game_url + page).status_code == 200, page
    assert client.get("/").status_code == 200


def book_of(client, start_game) -> dict:
    club, edit, _view = services.club_create(name="Jeudi", names=["Ana", "Ben", "Cléo"])
    for names in (["Ana", "Ben"], ["Ben", "Cléo"]):
        g = start_game("rami-51", names)
        services.game_attach(game=g.game, club=club)
        client.post(g.url + "rounds/", round_data({1: "30"}, out=0))
    return json.loads(client.get(f"/club/{edit}/book.json").content)


BOOK_CASES = [
    (set_(["history", 0, "after", "rules"], ["x"]), "history[0].after.rules"),
    (set_(["history", 0, "after", "name"], "Jeudi\u202e"), "history[0].after.name"),
    (set_(["history", 0, "action"], ["created"]), "history[0].action"),
    (set_(["name"], "Jeudi\u200b"), "name"),
    (set_(["members", 0, "name"], "A" * 41), "members[0].name"),
    (set_(["members", 0, "aliases"], ["Bob\u0007"]), "members[0].aliases[0]"),
    (set_(["version"], True), "version"),
    (set_(["created_at"], "0001-01-01T00:00:00+01:00"), "created_at"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "where"), BOOK_CASES)
def test_a_broken_book_is_refused_with_its_place(client, start_game, change, where):
    document = book_of(client, start_game)
    wipe()
    change(document)
    client.get("/language/en/")
    response = upload(client, document, "/groups/import/")
    assert response.status_code == 422, errors(response)
    assert "cannot be imported: " in errors(response) and f"(in the file: {where})" in errors(
        response
    )
    assert Club.objects.count() == 0 and Game.objects.count() == 0


@pytest.mark.django_db
def test_a_seat_given_another_players_member_is_refused(client, start_game):
    document = book_of(client, start_game)
    wipe()
    seats = document["games"][0]["members"]
    seats.reverse()  # Ana's games would count for Ben and Ben's for Ana
    client.get("/language/en/")
    response = upload(client, document, "/groups/import/")
    assert response.status_code == 422
    assert "game 1, member 1 should be the member called Ana" in errors(response)
    assert Club.objects.count() == 0


@pytest.mark.django_db
def test_a_seat_renamed_in_a_group_game_still_exports_a_book_that_comes_back(client, start_game):
    club, edit, _view = services.club_create(name="Jeudi", names=["Ana", "Ben"])
    g = start_game("rami-51", ["Ana", "Ben"])
    services.game_attach(game=g.game, club=club)
    client.post(g.url + "players/", {"seat": "1", "seat1-name": "Benji", "seat1-change": "rename"})
    document = json.loads(client.get(f"/club/{edit}/book.json").content)
    wipe()
    response = upload(client, document, "/groups/import/")
    assert response.status_code == 302, errors(response)


@pytest.mark.django_db
def test_the_published_schemas_describe_the_documents(client):
    for kind, fmt in (("game", "rami-score-keeper/game"), ("book", "rami-score-keeper/book")):
        schema = client.get(f"/import/schema/{kind}.json").json()
        assert schema["properties"]["format"]["const"] == fmt
        assert "history" in schema["required"]
    assert client.get("/import/schema/other.json").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_same_file_imported_twice_at_once_is_stored_once(start_game):
    """Both requests pass the "already here?" check; the one that loses the insert is told
    the game is already here (was a 500 on PostgreSQL)."""
    document = contract_game(Client(), start_game)
    wipe()
    answers = at_once(*[lambda c: upload(c, document)] * 4)
    assert sorted(a.status_code for a in answers) == [302, 422, 422, 422]
    assert Game.objects.count() == 1 and Round.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_book_imported_twice_at_once_is_stored_once(start_game):
    document = book_of(Client(), start_game)
    wipe()
    answers = at_once(*[lambda c: upload(c, document, "/groups/import/")] * 4)
    assert sorted(a.status_code for a in answers) == [302, 422, 422, 422]
    assert Club.objects.count() == 1 and Game.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/import/", "/groups/import/"])
def test_deeply_nested_json_is_refused_not_a_crash(client, url):
    client.get("/language/en/")
    response = upload(client, b"[" * 9_951, url)
    assert response.status_code == 422
    assert "file should be a JSON document" in errors(response)


@pytest.mark.django_db
def test_names_stored_before_the_one_rule_still_export_to_a_file_the_import_takes(client):
    """A group and game made before names were NFC-normalised and cleaned of invisible
    characters: their files follow the rule, so they come back."""
    from scorekeeper.models import Member, Player

    club, edit, _view = services.club_create(name="Jeudi", names=["Ana", "Ben"])
    game, g_edit, _gview = services.game_start(
        rules_slug="rami-51", names=["Ana", "Ben"], first_dealer=0
    )
    services.game_attach(game=game, club=club)
    Player.objects.filter(game=game, seat=1).update(name="Be\u200bn")
    Member.objects.filter(club=club, name="Ben").update(name="Be\u200bn", aliases=["Cle\u0301o"])
    Club.objects.filter(pk=club.pk).update(name="Jeu\u202edi")
    raw = client.get(f"/club/{edit}/book.json").content
    assert client.get(f"/g/{g_edit}/game.json").status_code == 200
    wipe()
    response = upload(client, raw, "/groups/import/")
    assert response.status_code == 302, errors(response)
    assert Member.objects.filter(name="Ben", aliases=["Cléo"]).exists()
