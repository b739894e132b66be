"""The score sheet on the game's page and the view-only page: a row per round with its
dealer, each seat's score and running total, the hand's facts as marks with their words,
then each seat's total and rank (written in Python: templatetags/score_sheet.py)."""

import re

import pytest

from scorekeeper.games.forms import NO_WINNER

from .helpers import round_data


@pytest.fixture(autouse=True)
def english(client, db):
    client.get("/language/en/")


def sheet(client, url: str) -> str:
    html = client.get(url).content.decode()
    return html[html.index('<table class="scores') : html.index("</table>") + 8]


def enter(client, g, points: dict[int, str], out, **extra) -> None:
    answer = client.post(g.url + "rounds/", round_data(points, out=out, **extra))
    assert answer.status_code == 302, answer.content.decode()[-2000:]


def test_the_edit_holder_can_correct_each_round_and_a_viewer_cannot(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    enter(client, g, {1: "10"}, 0)
    enter(client, g, {0: "15"}, 1)
    edit = sheet(client, g.url)
    assert f'href="/g/{g.edit}/rounds/1/edit/" aria-label="Correct round 1"' in edit
    assert f'href="/g/{g.edit}/rounds/2/edit/" aria-label="Correct round 2"' in edit
    view = sheet(client, g.view_url)
    assert "/edit/" not in view and g.edit not in view
    assert '<tr data-round="2"><th scope="row">2 <small>Ben</small></th>' in view


def test_each_seat_shows_its_score_and_running_total(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    enter(client, g, {1: "10"}, 0)
    enter(client, g, {1: "15"}, 0)
    row = re.search(r'<tr data-round="2">.*?</tr>', sheet(client, g.url)).group(0)
    assert '<span class="score">15</span> <small class="running">25</small>' in row


def test_a_hand_s_facts_are_marks_with_their_words_beside_them(client, start_game):
    g = start_game("rami-51", ["Ana", "Ben", "Cléo"])
    enter(client, g, {1: "10", 2: "20"}, 0, rami_sec="on")
    first = re.search(r"<td>.*?</td>", sheet(client, g.url)).group(0)
    assert '<span class="mark" aria-hidden="true">sec</span>' in first
    assert '<span class="visually-hidden">rami sec</span>' in first
    assert '<span class="visually-hidden">out</span>' in first


def test_a_deal_nobody_won_is_marked_once(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"], options={"no_winner_deals": True})
    enter(client, g, {0: "5", 1: "10"}, NO_WINNER)
    html = sheet(client, g.url)
    assert html.count('<span class="visually-hidden">no winner</span>') == 1


def test_a_seat_that_sat_a_round_out_says_so(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    enter(client, g, {1: "10", 2: "20", 3: "30"}, 0)
    assert (
        client.post(g.url + "players/leave/", {"seat": "1", "action": "leave"}).status_code == 302
    )
    enter(client, g, {2: "20", 3: "30"}, 0)
    row = re.search(r'<tr data-round="2">.*?</tr>', sheet(client, g.url)).group(0)
    assert '<td class="sat-out"><span aria-hidden="true">—</span>' in row
    assert '<span class="visually-hidden">not at the table</span>' in row


def test_names_are_written_as_text_never_as_markup(client, start_game):
    g = start_game("liverpool", ["<b>Ana</b> & co", "Ben"])
    enter(client, g, {1: "10"}, 0)
    html = sheet(client, g.url)
    assert "<b>" not in html and "&lt;b&gt;Ana&lt;/b&gt; &amp; co" in html


def test_totals_and_ranks_close_the_sheet_and_the_leader_is_marked(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    enter(client, g, {1: "10", 2: "20"}, 0)
    html = sheet(client, g.url)
    assert '<th scope="col" class="leader">Ana</th>' in html
    totals = '<td class="total leader">0</td><td class="total">10</td><td class="total">20</td>'
    assert f'<th scope="row">Total</th>{totals}' in html
    assert '<th scope="row">Rank</th><td>1</td><td>2</td><td>3</td>' in html


def test_before_the_first_round_the_sheet_says_none_was_played(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    html = sheet(client, g.url)
    assert '<tr data-no-round><td colspan="4">No round yet.</td></tr>' in html
    assert "<tfoot>" not in html
