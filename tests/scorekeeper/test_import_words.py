"""An import refused names the place as players say it ("round 2, Ben's points"), in both
languages, and the place in the file after it for whoever edits the file."""

import json

import pytest

from scorekeeper.core.places import document_names, place_in_words

from .test_exchange import errors, exported, played, upload, wipe

pytestmark = pytest.mark.django_db
NAMES = [["Ana", "Ben", "Cléo"]]


@pytest.mark.parametrize(
    ("where", "english", "french"),
    [
        ("rounds[1].hands[1].points", "round 2, Ben's points", "manche 2, points de Ben"),
        ("rounds[0].hands[0].cards", "round 1, Ana's cards", "manche 1, cartes d’Ana"),
        ("rounds[2].hands", "round 3, the scores", "manche 3, les scores"),
        ("rounds[2].number", "round 3, the number", "manche 3, le numéro"),
        ("players[2].name", "Cléo's name", "nom de Cléo"),
        ("first_dealer", "the first dealer", "le premier donneur"),
        ("created_at", "the date it began", "la date de début"),
        (
            "history[3].before.scores[0].score",
            "change 4 in the history, before, Ana's score",
            "modification 4 de l’historique, avant, score d’Ana",
        ),
        (
            "romi.contracts[0].bonus_cards",
            "the ROMi RAMi sheet, contract card 1, the bonus cards",
            "la feuille ROMi RAMi, carte contrat 1, les cartes bonus",
        ),
        ("rounds[0].hands[5].points", "round 1, player 6's points", "manche 1, points de joueur 6"),
    ],
)
def test_a_place_in_the_file_is_said_in_the_players_words(settings, where, english, french):
    from django.utils import translation

    with translation.override("en"):
        assert place_in_words(where, NAMES) == english
    with translation.override("fr"):
        assert place_in_words(where, NAMES) == french


def test_a_book_names_each_game_and_its_own_players():
    book = {
        "games": [
            {"game": {"players": [{"name": "Ana"}, {"name": "Ben"}]}},
            {"game": {"players": [{"name": "Ben"}, {"name": "Éva"}]}},
        ]
    }
    names = document_names(json.dumps(book).encode())
    from django.utils import translation

    with translation.override("en"):
        assert (
            place_in_words("games[1].game.rounds[0].hands[1].cards", names)
            == "game 2, round 1, Éva's cards"
        )


@pytest.mark.parametrize("raw", [b"not json", b"[" * 100_000, b'{"players": [{"name": 7}]}', b"[]"])
def test_names_are_read_leniently_from_any_file(raw):
    assert document_names(raw) in ([], [[""]])


def test_a_refused_import_says_round_and_player_in_english(client, start_game):
    document = exported(client, played(client, start_game))
    wipe()
    document["rounds"][1]["hands"][1]["points"] = "twelve"
    client.get("/language/en/")
    message = errors(upload(client, document))
    assert message == (
        "This file cannot be imported: round 2, Ben's points should be a whole number "
        "(in the file: rounds[1].hands[1].points)."
    )


def test_a_refused_import_says_round_and_player_in_french(client, start_game):
    document = exported(client, played(client, start_game))
    wipe()
    document["rounds"][0]["hands"][0]["cards"] = "7Z"
    message = errors(upload(client, document))
    assert message.startswith("Ce fichier ne peut pas être importé : manche 1, cartes d’Ana : ")
    assert message.endswith("(dans le fichier : rounds[0].hands[0].cards)")
