"""No cap on one side that the other lacks: the heaviest game the server lets a table build
exports to a file the import takes back whole, and one more change is refused by the server
with the reason, not by the import later."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from rules_engine import PlayerDeal, parse_hand
from scorekeeper import services
from scorekeeper.core.refusals import ServiceError
from scorekeeper.models import Game, HistoryEntry, RomiContract
from scorekeeper.records.documents import MAX_BYTES, MOST_CONTRACTS, MOST_HISTORY, MOST_ROUNDS

from .helpers import log_contract

# 40 characters of four bytes each: the longest name in bytes.
NAMES = ["😀" * 39 + chr(ord("a") + seat) for seat in range(8)]
# 19 cards, as many written with three characters as three decks allow.
HAND = " ".join([f"10{s}" for s in "HSDC" for _ in range(3)] + ["KH"] * 3 + ["KS"] * 3 + ["KD"])


def upload(client, raw: bytes):
    return client.post(
        "/import/", {"document": SimpleUploadedFile("g.json", raw, "application/json")}
    )


def heaviest_liverpool(start_game):
    """8 players, every round entered with 19-card hands, then corrections up to the limit."""
    g = start_game("liverpool", NAMES)
    cards = tuple(parse_hand(HAND))
    for _number in range(7):
        hands = [PlayerDeal(None, cards, frozenset())] * 7
        hands.append(PlayerDeal(None, None, frozenset({"went_out"})))
        services.round_record(game=g.game, entries=hands)
    snapshot = HistoryEntry.objects.filter(game=g.game).first().after
    counted = HistoryEntry.objects.filter(game=g.game).exclude(action="added").count()
    HistoryEntry.objects.bulk_create(
        HistoryEntry(game=g.game, action="edited", round_number=1, before=snapshot, after=snapshot)
        for _ in range(MOST_HISTORY - counted)
    )
    return g


@pytest.mark.django_db
def test_the_heaviest_game_exports_under_the_limit_and_comes_back_whole(client, start_game):
    g = heaviest_liverpool(start_game)
    raw = client.get(g.url + "game.json").content
    assert len(raw) <= MAX_BYTES, len(raw)
    print(f"heaviest game: {len(raw):,} bytes of {MAX_BYTES:,}")
    Game.objects.all().delete()
    response = upload(client, raw)
    assert response.status_code == 302
    assert client.get(response["Location"] + "game.json").content == raw


@pytest.mark.django_db
def test_a_change_past_the_history_limit_is_refused_by_the_server(client, start_game):
    g = heaviest_liverpool(start_game)
    client.get("/language/en/")
    response = client.post(
        g.url + "players/", {"seat": "0", "seat0-name": "Ana", "seat0-change": "rename"}
    )
    assert response.status_code == 422
    assert (
        "limit of 500 corrections and other changes (its rounds aside)" in response.content.decode()
    )
    assert not g.game.players.filter(name="Ana").exists()
    # Finishing and replacing the edit link are never refused.
    services.game_finish(game=g.game)
    services.game_regenerate_edit_token(game=g.game, token=g.edit)
    assert HistoryEntry.objects.filter(game=g.game).count() <= MOST_ROUNDS + 3 * MOST_HISTORY + 1


@pytest.mark.django_db
def test_the_history_limit_does_not_count_the_rounds_entered(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    client.get("/language/en/")
    HistoryEntry.objects.bulk_create(
        HistoryEntry(game=g.game, action=action, round_number=1)
        for action in ["added"] * 200 + ["edited"] * (MOST_HISTORY - 1)
    )
    response = client.post(
        g.url + "players/", {"seat": "0", "seat0-name": "Anna", "seat0-change": "rename"}
    )
    assert response.status_code == 302 and g.game.players.filter(name="Anna").exists()


@pytest.mark.django_db
def test_a_romi_game_holds_as_many_contracts_as_its_file(client, start_game):
    g = start_game("romi-rami", ["Ana", "Ben"])
    ana = g.game.players.get(seat=0)
    RomiContract.objects.bulk_create(
        RomiContract(game=g.game, player=ana, points=3, colour="H", combos="2")
        for _ in range(MOST_CONTRACTS)
    )
    with pytest.raises(ServiceError) as refused:
        log_contract(g.game, ana)
    assert refused.value.code == "romi_full"
    raw = client.get(g.url + "game.json").content
    Game.objects.all().delete()
    response = upload(client, raw)
    assert response.status_code == 302
    assert (
        len(json.loads(client.get(response["Location"] + "game.json").content)["romi"]["contracts"])
        == MOST_CONTRACTS
    )


@pytest.mark.django_db
def test_an_open_ended_game_holds_as_many_rounds_as_its_file(client, start_game):
    g = start_game("rami-51", ["Ana", "Ben"])
    for _ in range(MOST_ROUNDS):
        services.round_record(
            game=g.game,
            entries=[
                PlayerDeal(0, None, frozenset({"went_out"})),
                PlayerDeal(2, None, frozenset()),
            ],
        )
    with pytest.raises(ServiceError) as refused:
        services.round_record(
            game=g.game,
            entries=[
                PlayerDeal(0, None, frozenset({"went_out"})),
                PlayerDeal(2, None, frozenset()),
            ],
        )
    assert refused.value.code == "game_over"
    raw = client.get(g.url + "game.json").content
    Game.objects.all().delete()
    assert upload(client, raw).status_code == 302
