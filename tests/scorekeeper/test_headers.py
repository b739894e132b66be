"""Headers: nothing that carries a game's or a group's link is kept by a cache, every answer
says which browser features the app never uses, and the service worker is revalidated
rather than downloaded whole on every navigation."""

import pytest

from scorekeeper import services

from .helpers import round_data


def test_pages_and_files_that_carry_a_token_are_never_stored(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    client.post(g.url + "rounds/", round_data({1: "12"}, out=0))
    club, edit, view = services.club_create(name="Jeudi", names=["Ana", "Ben"])
    services.game_attach(game=g.game, club=club)
    addresses = [g.url, g.view_url, g.url + "live/", g.url + "history/", g.url + "players/"]
    addresses += [g.url + name for name in ("game.json", "game.csv", "grid.pdf", "share/")]
    addresses += [f"/club/{edit}/", f"/club/{view}/", f"/club/{edit}/book.json"]
    for address in addresses:
        response = client.get(address)
        assert response.status_code == 200, address
        assert response["Cache-Control"] == "private, no-store", address
        assert response["X-Robots-Tag"] == "noindex, nofollow", address


def test_pages_without_a_token_keep_their_own_caching(client, db):
    assert "no-store" not in client.get("/").get("Cache-Control", "")
    assert client.get("/manifest.webmanifest")["Cache-Control"] == "max-age=3600"


@pytest.mark.parametrize("address", ["/", "/check/", "/grids/", "/rules/liverpool/"])
def test_every_answer_turns_off_the_browser_features_the_app_never_uses(client, db, address):
    policy = client.get(address)["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()"):
        assert feature in policy
    assert "web-share=(self)" in policy  # the share sheet is the app's own


def test_the_service_worker_is_revalidated_not_downloaded_again(client, db):
    first = client.get("/sw.js")
    assert first.status_code == 200 and "no-cache" in first["Cache-Control"]
    again = client.get("/sw.js", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
