"""Sharing: unguessable links, view-only visitors never change anything, live updates."""

import pytest
from django.test import Client

from scorekeeper.games.views import games
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
    "path",
    [
        "rounds/",
        "rounds/1/edit/",
        "rounds/1/delete/",
        "finish/",
        "again/",
        "share/new-edit-link/",
        "romi/contracts/",
        "romi/finish/",
        "history/1/undo/",
    ],
)
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


def test_a_viewers_page_follows_every_change_and_switches_language_without_a_token(
    client, start_game
):
    g = start_game("liverpool", ["A", "B"])
    first = client.get(g.view_url).content.decode()
    client.post(g.url + "rounds/", round_data({1: "17"}, out=0))
    other = Client(enforce_csrf_checks=True)
    second = other.get(g.view_url)
    assert ">17<" not in first and ">17<" in second.content.decode()
    assert "csrftoken" not in second.cookies and "csrfmiddlewaretoken" not in first
    switched = other.get("/language/en/", {"next": g.view_url})
    assert switched.status_code == 302 and switched["Location"] == g.view_url
    english = other.get(g.view_url).content.decode()
    assert "Manche" in second.content.decode() and "Manche" not in english  # not the French copy


def test_the_language_switch_never_sends_a_visitor_to_another_site(client):
    for target in ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]:
        response = client.get("/language/en/", {"next": target})
        assert response.status_code == 302 and response["Location"] == "/", target
    assert client.get("/language/de/").status_code == 404


def test_every_viewer_of_a_version_gets_the_same_page_rendered_once(
    client, start_game, monkeypatch
):
    g = start_game("liverpool", ["A", "B"])
    client.post(g.url + "rounds/", round_data({1: "17"}, out=0))
    rendered = []
    render = games.render_to_string
    monkeypatch.setattr(
        games, "render_to_string", lambda *a, **k: rendered.append(1) or render(*a, **k)
    )
    first = client.get(g.view_url)
    again = Client().get(g.view_url)
    assert again.content == first.content  # another visitor: the very same page
    assert rendered == [1]


def test_without_streams_the_first_viewer_to_ask_renders_the_board_for_all_the_others(
    client, start_game, monkeypatch
):
    """With streams the save sends the board itself (test_live_stream.py); without them (no
    nginx in front) the save renders nothing for phones that may not be there."""
    g = start_game("liverpool", ["A", "B"])
    rendered = []
    render = games.render_to_string
    monkeypatch.setattr(
        games, "render_to_string", lambda *a, **k: rendered.append(1) or render(*a, **k)
    )
    client.post(g.url + "rounds/", round_data({1: "17"}, out=0), HTTP_HX_REQUEST="true")
    assert rendered == []  # the scorer's answer is a page of its own (shortcuts.render)
    first = Client().get(g.view_url + "live/?v=0")
    second = Client().get(g.view_url + "live/?v=0")
    assert rendered == [1] and first.content == second.content and ">17<" in first.content.decode()
    assert g.edit not in first.content.decode()  # no edit link, no form, no token of the scorer


def test_a_poll_that_finds_nothing_new_costs_one_query(
    client, start_game, django_assert_num_queries
):
    g = start_game("liverpool", ["A", "B"])
    with django_assert_num_queries(1):
        assert client.get(g.view_url + f"live/?v={g.game.version}").status_code == 204


def test_a_poll_for_no_game_is_404_whatever_version_it_holds(client, db):
    for held in ["None", "0", ""]:
        assert client.get(f"/g/nosuchgame/live/?v={held}").status_code == 404
