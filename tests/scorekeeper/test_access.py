"""Sharing: unguessable links, view-only visitors never change anything, live updates."""

import gzip
import re

import pytest

from scorekeeper.models import Round

from .helpers import round_data, texts


def test_a_wrong_or_truncated_token_gives_404(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    for token in ["nope", g.edit[:-1], g.edit + "x", "x" * 500]:
        assert client.get(f"/g/{token}/").status_code == 404


def test_tokens_carry_at_least_128_bits_and_only_their_hash_is_stored(start_game):
    g = start_game("liverpool", ["A", "B"])
    assert len(g.edit) >= 22 and len(g.view) >= 22
    assert g.edit not in g.game.edit_token_hash and g.view not in g.game.view_token_hash


def test_a_view_only_visitor_sees_the_game(client, start_game):
    g = start_game("liverpool", ["Anna", "Ben"])
    html = client.get(g.view_url).content.decode()
    assert "Anna" in texts(html, "th") and "Lecture seule" in html
    assert 'id="round-form"' not in html


@pytest.mark.parametrize(
    "path", ["rounds/", "rounds/1/edit/", "rounds/1/delete/", "finish/", "again/", "share/new-edit-link/",
             "romi/contracts/", "romi/finish/", "history/1/undo/"]
)  # fmt: skip
def test_a_view_only_visitor_can_never_post(client, start_game, path):
    g = start_game("liverpool", ["A", "B"])
    client.post(g.url + "rounds/", round_data({1: "5"}, out=0))
    response = client.post(g.view_url + path, round_data({1: "9"}, out=0))
    assert response.status_code == 403
    assert Round.objects.get().scores.get(player__seat=1).score == 5


def test_a_view_only_visitor_cannot_open_the_share_page(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    assert client.get(g.view_url + "share/").status_code == 403


def test_the_share_page_shows_the_view_link_and_its_qr_code(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    html = client.get(g.url + "share/").content.decode()
    assert f"/g/{g.view}/" in html
    qr = client.get(g.url + f"share/qr.svg?url=http://testserver/g/{g.view}/")
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content


def test_the_qr_code_only_encodes_this_sites_addresses(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    assert client.get(g.url + "share/qr.svg?url=https://evil.example/").status_code == 400


def test_a_new_edit_link_stops_the_old_one_and_keeps_the_view_link(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    response = client.post(g.url + "share/new-edit-link/")
    new_url = response["Location"].replace("share/", "")
    assert client.get(g.url).status_code == 404
    assert client.get(g.view_url).status_code == 200
    assert client.post(new_url + "rounds/", round_data({1: "5"}, out=0)).status_code == 302


def test_the_live_board_answers_204_while_nothing_changed(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    version = g.game.version
    assert client.get(g.view_url + f"live/?v={version}").status_code == 204
    client.post(g.url + "rounds/", round_data({1: "17"}, out=0))
    response = client.get(g.view_url + f"live/?v={version}")
    assert response.status_code == 200
    assert ">17<" in response.content.decode()


def test_get_never_changes_state(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    client.post(g.url + "rounds/", round_data({1: "5"}, out=0))
    for path in ["", "rounds/1/delete/", "again/", "finish/", "share/new-edit-link/"]:
        client.get(g.url + path)
    assert Round.objects.count() == 1


def test_the_pages_carry_a_strict_content_security_policy(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    policy = client.get(g.url)["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "<script>" not in client.get(g.url).content.decode()


def test_csrf_is_enforced_on_state_changes(start_game):
    from django.test import Client

    g = start_game("liverpool", ["A", "B"])
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(g.url + "rounds/", round_data({1: "5"}, out=0)).status_code == 403
    assert Round.objects.count() == 0


def test_a_viewers_page_follows_every_change_and_carries_each_visitors_own_csrf_token(
    client, start_game
):
    from django.test import Client

    g = start_game("liverpool", ["A", "B"])
    first = client.get(g.view_url).content.decode()
    client.post(g.url + "rounds/", round_data({1: "17"}, out=0))
    other = Client(enforce_csrf_checks=True)
    second = other.get(g.view_url).content.decode()
    assert "17" not in first and ">17<" in second
    tokens = [
        re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        for html in (first, second)
    ]
    assert tokens[0] != tokens[1] and not tokens[0].startswith("csrf-")
    assert (
        other.post(
            "/i18n/setlang/",
            {"language": "en", "next": g.view_url, "csrfmiddlewaretoken": tokens[1]},
        ).status_code
        == 302
    )
    english = other.get(g.view_url).content.decode()
    assert "Manche" in second and "Manche" not in english  # not the cached French page


def test_a_viewers_page_comes_gzipped_with_the_visitors_token_in_it(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    client.post(g.url + "rounds/", round_data({1: "17"}, out=0))
    client.get(g.view_url)  # the first visit sets the CSRF cookie
    plain = client.get(g.view_url)
    zipped = client.get(g.view_url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert zipped["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped["Vary"]
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]
    assert len(zipped.content) < len(plain.content) / 3
    assert gzip.decompress(zipped.content) == plain.content  # same visitor, same token
    token = client.cookies["csrftoken"].value
    assert plain.content.decode().count(token) == 2  # htmx headers and the language form
