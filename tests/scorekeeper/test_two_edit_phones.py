"""Two phones hold the edit link and enter the same round: the second never counts the deal
twice. The same scores are nothing to do; other scores are shown beside theirs, to keep
theirs or replace them with these (a correction, in the history)."""

import re
import uuid

from scorekeeper.models import HistoryEntry, Round

from .helpers import round_data, totals

HTMX = {"headers": {"HX-Request": "true"}}


def enter(client, g, points, number, **extra):
    data = round_data(points, out=0, client_uuid=uuid.uuid4(), number=number)
    return client.post(g.url + "rounds/", data, **extra)


def test_the_same_scores_entered_on_two_phones_are_one_round_and_nothing_to_do(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    assert enter(client, g, {1: "12"}, 1).status_code == 302  # the first phone
    second = enter(client, g, {1: "12"}, 1, **HTMX)  # the second, a moment later
    assert second.status_code == 200
    html = second.content.decode()
    assert "déjà saisie sur un autre téléphone" in html
    assert Round.objects.count() == 1 and totals(g.game) == [0, 12]
    # The form now stands for round 2, empty: nothing of round 1 is kept in it.
    assert 'name="number" value="2"' in html
    assert not re.search(r'name="points_1"[^>]*value="12"', html)


def test_other_scores_show_both_versions_and_one_more_save_stores_no_second_deal(
    client, start_game
):
    g = start_game("liverpool", ["Ana", "Ben"])
    enter(client, g, {1: "12"}, 1)
    second = enter(client, g, {1: "30"}, 1, **HTMX)
    assert second.status_code == 409
    html = second.content.decode()
    assert "Manche 1 saisie sur un autre téléphone entre-temps" in html
    taken = re.search(r'<section class="taken".*?</section>', html, re.S).group(0)
    theirs_and_mine = re.findall(
        r"<tr(?: class=\"differs\")?><th scope=\"row\">(\w+)</th><td>(\d+)</td><td>(\d+)</td>",
        taken,
    )
    assert theirs_and_mine == [("Ana", "0", "0"), ("Ben", "12", "30")]
    assert taken.count('class="differs"') == 1  # Ben's line, where they differ
    next_round = re.search(r'<form[^>]*id="round-form".*?</form>', html, re.S).group(0)
    assert 'name="number" value="2"' in next_round  # the next round's form is empty
    assert not re.search(r'name="points_1"[^>]*value="30"', next_round)
    assert Round.objects.count() == 1 and totals(g.game) == [0, 12]


def test_replace_with_mine_corrects_the_round_and_the_history_says_so(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    enter(client, g, {1: "12"}, 1)
    html = enter(client, g, {1: "30"}, 1).content.decode()
    form = re.search(
        r'<form method="post" action="([^"]+)" class="taken-choice">(.*?)</form>', html, re.S
    )
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)))
    assert client.post(form.group(1), fields).status_code == 302
    assert Round.objects.count() == 1 and totals(g.game) == [0, 30]
    assert HistoryEntry.objects.filter(action=HistoryEntry.Action.EDITED).count() == 1


def test_keep_theirs_changes_nothing(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    enter(client, g, {1: "12"}, 1)
    html = enter(client, g, {1: "30"}, 1).content.decode()
    keep = re.search(r'<a class="button big" href="([^"]+)" data-keep-theirs>', html).group(1)
    assert client.get(keep).status_code == 200
    assert Round.objects.count() == 1 and totals(g.game) == [0, 12]
