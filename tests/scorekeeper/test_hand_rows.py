"""A player's line of the round form: their name, points, marks, card picker, the hand they
sent, and what is wrong, each tied to its field (templatetags/hand_rows.py)."""

import pytest

from scorekeeper import services

from .helpers import round_data

pytestmark = pytest.mark.django_db


def line(html: str, seat: int) -> str:
    start = html.index('<div class="hand')
    start = html.index(f'data-seat="{seat}">', start)
    return html[start : html.index('<div class="hand', start + 1)]


def test_a_name_holding_markup_is_written_as_text_everywhere_on_its_line(client, start_game):
    g = start_game("rami-contrat-13", ["<b>Ana</b>", "Ben", "Cléo"])
    ana = line(client.get(g.url).content.decode(), 0)
    assert "<b>" not in ana
    assert '<label for="id_points_0" class="hand-name">&lt;b&gt;Ana&lt;/b&gt;</label>' in ana
    assert '<span class="visually-hidden">&lt;b&gt;Ana&lt;/b&gt; a fini</span>' in ana
    assert "Toucher les cartes de &lt;b&gt;Ana&lt;/b&gt;" in ana
    assert '<span aria-hidden="true">①</span>' in ana  # this game marks who opened first


def test_rami_51_marks_a_player_who_laid_nothing(client, start_game):
    g = start_game("rami-51", ["Ana", "Ben", "Cléo"])
    ben = line(client.get(g.url).content.decode(), 1)
    assert '<span aria-hidden="true">∅</span>' in ben and "Ben" in ben


def test_a_wrong_entry_is_said_beside_its_field_and_named_by_it(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    answer = client.post(g.url + "rounds/", round_data({0: "0", 1: "abc", 2: "5"}, out=0))
    ben = line(answer.content.decode(), 1)
    assert '<span class="field-error" id="err-points-1">' in ben
    assert 'aria-describedby="sum-1 err-points-1"' in ben


def test_a_hand_sent_from_a_phone_is_shown_on_its_players_line(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    services.seats_open(game=g.game)
    g.game.refresh_from_db()
    services.hand_send(game=g.game, seat=1, number=1, hand=services.Hand(cards="K 7"))
    html = client.get(g.url).content.decode()
    assert '<div class="hand sent" data-seat="1">' in html
    ben = line(html, 1)
    assert 'data-sent data-points="" data-cards="K 7"' in ben
    assert "envoyée par Ben depuis son téléphone" in ben and "K 7 = 17</p>" in ben
