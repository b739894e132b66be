"""The scorer's phone keeps its round cards and form after a save: where it asks (live.js
sends X-Keep-Form), the answer holds the new standings and score sheet but neither the form
nor the round cards, unless the next round's form is not the one the phone holds."""

from .helpers import round_data
from .test_comings import leave

KEEP = {"HTTP_HX_REQUEST": "true", "HTTP_X_KEEP_FORM": "1"}


def saved(client, g, points, **headers):
    answer = client.post(g.url + "rounds/", round_data(points, out=0), **headers)
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_save_asked_to_keep_the_form_answers_the_board_without_form_or_round_cards(
    client, start_game
):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    html = saved(client, g, {1: "12", 2: "30"}, **KEEP)
    assert "data-form-kept" in html
    assert 'id="standings"' in html and "data-saved" in html
    assert 'class="round-card"' not in html and 'id="round-form"' not in html
    # What only an edit link shows stays: the correction link and the undo.
    assert g.url + "rounds/1/edit/" in html and "undo-last" in html


def test_without_asking_the_answer_is_the_whole_live_part(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    html = saved(client, g, {1: "12", 2: "30"}, HTTP_HX_REQUEST="true")
    assert "data-form-kept" not in html
    assert 'data-round="2"' in html and 'id="round-form"' in html


def test_the_last_round_is_answered_whole_with_the_game_summary(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    for _ in range(6):
        saved(client, g, {1: "5", 2: "8"}, **KEEP)
    html = saved(client, g, {1: "5", 2: "8"}, **KEEP)
    assert "data-form-kept" not in html and 'id="summary-title"' in html


def test_after_a_player_left_the_form_is_answered_whole(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    saved(client, g, {1: "12", 2: "30", 3: "7"}, **KEEP)
    assert leave(client, g, 3).status_code == 302
    html = saved(client, g, {1: "12", 2: "30"}, **KEEP)
    assert "data-form-kept" not in html and 'id="round-form"' in html
    assert 'name="points_3"' not in html


def test_points_to_go_stay_on_the_kept_answer(client, start_game):
    g = start_game("rami-51", ["Ana", "Ben"], options={"end_at_total": 150})
    html = saved(client, g, {1: "40"}, **KEEP)
    assert "data-form-kept" in html and "Plus que 110 points" in html
