"""Groups: made from the home page or a finished game, games started in them or added later,
players matched by name, renamed and merged, the book's figures as worked out by hand.

The two fixture games are those of tests/rules_engine/test_book.py, played through the pages:
game A (0/20/35, 15/0/40, 30/10/0: Ben wins on 30, Ana 45, Cléo 75) and game B (5/0/10,
0/25/5: Ana wins on 5, Cléo 15, Ben 25), both Rami Contrat, lowest wins.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from rules_engine import PlayerDeal
from scorekeeper import services
from scorekeeper.core import tokens
from scorekeeper.models import Club, ClubEvent, Game, GameResult, Member

from .clubs import OUT, figures, play, wins_table
from .helpers import round_data, texts, visible_text


@pytest.fixture(autouse=True)
def english(client, db):
    """The words below are the English ones (French is the default)."""
    client.get("/language/en/")


def test_a_group_made_from_the_home_page_is_listed_there(client, db):
    response = client.post("/groups/new/", {"name": "Les cousins", "names": "Ana\nBen"})
    assert response.status_code == 302
    club = Club.objects.get()
    assert [m.name for m in club.members.all()] == ["Ana", "Ben"]
    assert "Les cousins" in texts(client.get("/").content.decode(), "strong")


def test_a_group_needs_a_name_and_names_of_their_own(client, db):
    response = client.post("/groups/new/", {"name": "", "names": "Ana"})
    assert response.status_code == 422 and not Club.objects.exists()
    response = client.post("/groups/new/", {"name": "G", "names": "Ana\nana "})
    assert response.status_code == 422 and not Club.objects.exists()
    assert "name of their own" in visible_text(response.content.decode())


def test_games_played_won_and_win_rate(client, group):
    table = wins_table(client.get(group).content.decode())
    assert table["Ana"] == ["2", "1", "50 %"]
    assert table["Ben"] == ["2", "1", "50 %"]
    assert table["Cléo"] == ["2", "0", "0 %"]


def test_figures_of_a_player_worked_out_by_hand(client, group):
    ana = figures(client.get(group).content.decode(), "Ana")
    assert ana["Points per deal"] == "10.0"  # (45 + 5) / 5 deals
    assert ana["Best game"].startswith("5 ") and ana["Worst game"].startswith("45 ")
    assert ana["Best deal"] == "0"
    assert ana["Gone out"] == "2 times"
    assert ana["Biggest comeback"].startswith("won from 5 points behind")
    # Round 1: (0 + 5) / 2, round 2: (15 + 0) / 2, round 3: 30.
    assert ana["Costliest contract"].startswith("round 3")
    assert "30.0 points on average" in ana["Costliest contract"]


def test_the_chart_of_a_player_and_its_words(client, group):
    html = client.get(group).content.decode()
    alt = re.search(r'alt="(Ana, average points per contract[^"]*)"', html).group(1)
    assert "round 1 2.5, round 2 7.5, round 3 30" in alt
    src = re.search(r'src="(/club/[^"]+/chart/\d+\.svg[^"]*)"', html).group(1)
    response = client.get(src.replace("&amp;", "&"))
    assert response["Content-Type"] == "image/svg+xml"
    assert b"<svg" in response.content and b"prefers-color-scheme: dark" in response.content


def test_a_player_who_always_went_out_has_no_costliest_contract(client, db):
    response = client.post("/groups/new/", {"name": "Trio", "names": "Ana\nBen\nCléo"})
    token = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    names = {"name_0": "Ana", "name_1": "Ben", "name_2": "Cléo"}
    response = client.post(f"/new/?club={token}", {"club": token, "rules": "rami-contrat", **names})
    play(client, response["Location"], [({1: "20", 2: "5"}, 0), ({1: "35", 2: "5"}, 0)])
    client.post(response["Location"] + "finish/")
    html = client.get(f"/club/{token}/").content.decode()
    assert "Costliest contract" not in figures(html, "Ana")
    assert figures(html, "Ben")["Costliest contract"].startswith("round 2")
    assert "Ana, average points per contract: round 1 0, round 2 0. No contract cost" in html


def test_head_to_head(client, group):
    ana, ben = Member.objects.get(name="Ana"), Member.objects.get(name="Ben")
    html = client.get(f"{group}?a={ana.pk}&b={ben.pk}").content.decode()
    words = " ".join(texts(html, "div", "h2h"))
    assert "played 2 finished games together" in words
    assert "Ana finished ahead: 1" in words and "Ben finished ahead: 1" in words
    assert "-2.5" in words  # ((45 - 30) + (5 - 25)) / 2


def test_a_game_in_progress_is_not_counted_yet(client, group):
    token = group.rstrip("/").rsplit("/", 1)[-1]
    response = client.post(
        "/new/",
        {
            "club": token,
            "rules": "rami-contrat",
            "name_0": "Ana",
            "name_1": "Ben",
            "name_2": "Cléo",
        },
    )
    play(client, response["Location"], [({1: "80", 2: "5"}, 0)])
    html = client.get(group).content.decode()
    assert wins_table(html)["Ana"][0] == "2"
    assert "1 game in progress is not counted yet." in visible_text(html)


def test_period_filter(client, group):
    old = Game.objects.order_by("created_at").first()
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=400))
    services.bump_version(old)
    assert wins_table(client.get(group + "?period=year").content.decode())["Ana"][0] == "1"
    assert wins_table(client.get(group + "?period=all").content.decode())["Ana"][0] == "2"


def test_player_count_filter(client, group, start_game):
    table = wins_table(client.get(group + "?players=3").content.decode())
    assert table["Ana"][0] == "2"
    html = client.get(group + "?players=5").content.decode()
    assert "No finished game to count yet" in visible_text(html)


def test_a_correction_changes_the_figures(client, group):
    game = Game.objects.order_by("created_at").last()  # game B
    from scorekeeper.models import Round

    last = Round.objects.get(game=game, number=2)
    edit = next(
        t for t in client.session["my_games"] if tokens.token_hash(t) == game.edit_token_hash
    )
    client.post(
        f"/g/{edit}/rounds/2/edit/", round_data({1: "25", 2: "50"}, out=0, version=last.version)
    )
    # Game B is now 5/25/60: Ana still wins; Cléo's worst game is 75 either way, her best 60.
    cleo = figures(client.get(group).content.decode(), "Cléo")
    assert cleo["Best game"].startswith("60 ")
    assert (
        GameResult.objects.filter(game=game, version=Game.objects.get(pk=game.pk).version).count()
        == 3
    )


def test_keep_these_players_as_a_group_from_a_finished_game(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Dan"])
    play(client, g.url, [({1: "20", 2: "5"}, 0)])
    client.post(g.url + "finish/")
    assert "Keep these players as a group" in client.get(g.url).content.decode()
    response = client.post(g.url + "group/", {"action": "create"})
    club = Club.objects.get()
    assert response["Location"].startswith("/club/")
    assert club.name == "Ana, Ben, Dan"
    assert Game.objects.get(pk=g.game.pk).club == club
    assert [p.member.name for p in g.game.players.all()] == ["Ana", "Ben", "Dan"]


def test_a_game_added_afterwards_is_matched_by_name_whatever_the_case(client, group, start_game):
    g = start_game("rami-contrat", ["ana", "Ben", "Dan"])
    response = client.post(g.url + "group/", {"action": "attach", "club": "http://x" + group})
    assert response.status_code == 302
    names = [p.member.name for p in g.game.players.all()]
    assert names == ["Ana", "Ben", "Dan"]
    assert Member.objects.count() == 4  # Dan joined, "ana" is Ana
    assert ClubEvent.objects.filter(action="member_added", after__name="Dan").exists()
    assert ClubEvent.objects.filter(action="attached").exists()


def test_only_the_groups_edit_link_adds_a_game(client, group, start_game):
    club = Club.objects.get()
    view = f"/club/{tokens.view_token(club.view_salt)}/"
    assert client.get(view).status_code == 200
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    assert client.post(g.url + "group/", {"action": "attach", "club": view}).status_code == 403
    assert Game.objects.get(pk=g.game.pk).club is None
    assert client.get(view + "players/").status_code == 403


def test_a_game_taken_out_of_its_group(client, group):
    game = Game.objects.first()
    services.game_detach(game=game)
    game.refresh_from_db()
    assert game.club is None and not game.players.filter(member__isnull=False).exists()
    assert wins_table(client.get(group).content.decode())["Ana"][0] == "1"


def test_renaming_a_member_is_recorded_and_the_old_name_still_matches(client, group, start_game):
    ana = Member.objects.get(name="Ana")
    response = client.post(
        group + "players/", {"action": "member", "member": ana.pk, "name": "Anaïs"}
    )
    assert response.status_code == 302
    event = ClubEvent.objects.get(action="member_renamed")
    assert (event.before, event.after) == ({"name": "Ana"}, {"name": "Anaïs"})
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    services.game_attach(game=g.game, club=Club.objects.get())
    assert g.game.players.get(seat=0).member.name == "Anaïs"


def test_a_member_cannot_take_another_members_name(client, group):
    ana = Member.objects.get(name="Ana")
    response = client.post(
        group + "players/", {"action": "member", "member": ana.pk, "name": "ben"}
    )
    assert response.status_code == 422
    assert "merge the two instead" in visible_text(response.content.decode())
    assert Member.objects.filter(name="Ana").exists()


def test_merging_two_names_of_one_player(client, group, start_game):
    g = start_game("rami-contrat", ["Benoît", "Cléo", "Ana"])
    play(client, g.url, [({1: "10", 2: "5"}, 0)])
    client.post(g.url + "finish/")
    services.game_attach(game=g.game, club=Club.objects.get())
    ben, benoit = Member.objects.get(name="Ben"), Member.objects.get(name="Benoît")
    response = client.post(
        group + "players/", {"action": "merge", "kept": ben.pk, "merged": benoit.pk}
    )
    assert response.status_code == 302
    assert not Member.objects.filter(name="Benoît").exists()
    assert Member.objects.get(name="Ben").aliases == ["Benoît"]
    assert wins_table(client.get(group).content.decode())["Ben"][:2] == ["3", "2"]
    assert ClubEvent.objects.filter(action="merged").exists()


def test_two_players_of_one_game_are_not_merged(client, group):
    ana, ben = Member.objects.get(name="Ana"), Member.objects.get(name="Ben")
    response = client.post(
        group + "players/", {"action": "merge", "kept": ana.pk, "merged": ben.pk}
    )
    assert response.status_code == 422
    assert "sat at the same game" in visible_text(response.content.decode())
    assert Member.objects.count() == 3


def test_play_again_stays_in_the_group(client, group):
    game = Game.objects.order_by("created_at").last()
    edit = next(
        t for t in client.session["my_games"] if tokens.token_hash(t) == game.edit_token_hash
    )
    client.post(f"/g/{edit}/again/")
    newest = Game.objects.order_by("created_at").last()
    assert newest.pk != game.pk and newest.club_id == game.club_id


def test_a_game_opens_from_its_group(client, group):
    html = client.get(group).content.decode()
    links = re.findall(r'href="(/g/[^"]+/)"', html)
    assert len(links) == 2
    mine = set(client.session["my_games"])
    assert {link.split("/")[2] for link in links} <= mine  # this phone's edit links
    other = client.__class__()
    other.get("/language/en/")
    html = other.get(group).content.decode()
    for link in re.findall(r'href="(/g/[^"]+/)"', html):
        assert "View only" in visible_text(other.get(link).content.decode())


def test_new_game_form_from_the_group_has_its_players(client, group):
    token = group.rstrip("/").rsplit("/", 1)[-1]
    html = client.get(f"/new/?club={token}&player=Cléo&player=Ana").content.decode()
    assert 'name="name_0" id="id_name_0" value="Cléo"' in html
    assert 'value="Ana"' in html
    assert "This game goes in the book of the group “Jeudi”." in visible_text(html)


def test_the_group_history_lists_its_changes(client, group):
    html = client.get(group + "history/").content.decode()
    words = visible_text(html)
    assert "group created" in words and "game added" in words


def test_a_wrong_group_token_opens_nothing(client, db):
    assert client.get("/club/nothing-here/").status_code == 404
    assert client.get("/club/" + "x" * 300 + "/").status_code == 404


def test_group_pages_stay_out_of_search_engines(client, group):
    assert client.get(group)["X-Robots-Tag"] == "noindex, nofollow"
    assert json.loads(client.get(group + "book.json").content)["name"] == "Jeudi"


def test_worst_inputs_to_the_players_page_change_nothing(client, group):
    for data in (
        {"action": "member", "member": "abc", "name": "X"},
        {"action": "member", "member": "99999999999999", "name": "X"},
        {"action": "merge", "kept": "x", "merged": "1"},
        {"action": "nothing"},
        {"action": "group", "name": "   "},
    ):
        assert client.post(group + "players/", data).status_code in (422, 404)
    assert sorted(Member.objects.values_list("name", flat=True)) == ["Ana", "Ben", "Cléo"]
    assert Club.objects.get().name == "Jeudi"


def test_a_contract_that_earns_points_draws_below_0_with_its_round_under_the_plot(client, db):
    """Contract 7 to 13: going out and opening first scores -20, so Ana's bars go below 0;
    the round numbers stay under the whole plot, not inside those bars."""
    club, edit, _view = services.club_create(name="Trio", names=["Ana", "Ben", "Cléo"])
    game, _e, _v = services.game_start(
        rules_slug="rami-contrat-13", names=["Ana", "Ben", "Cléo"], first_dealer=0
    )
    best = PlayerDeal(0, None, frozenset({"went_out", "opened_first"}))
    for _ in range(7):
        services.round_record(game=game, entries=[best, PlayerDeal(30), PlayerDeal(12)])
    services.game_finish(game=game)
    services.game_attach(game=game, club=club)
    html = client.get(f"/club/{edit}/").content.decode()
    assert "Ana, average points per contract: round 1 -20, round 2 -20" in html
    assert "Costliest contract" not in figures(html, "Ana")
    src = re.search(r'src="(/club/[^"]+/chart/\d+\.svg[^"]*)"', html).group(1)
    svg = client.get(src.replace("&amp;", "&")).content.decode()
    bars = re.findall(
        r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="[\d.]+" style="stroke: none', svg
    )
    labels = re.findall(r'matrix\(1,0,0,1,[\d.]+,([\d.]+)\)">\s*<text[^>]*>([1-7])</text>', svg)
    # The round numbers are the labels in one row (the value axis also reads 5 or 10).
    row = max({y for y, _n in labels}, key=[y for y, _n in labels].count)
    assert len(bars) == 7 and [n for y, n in labels if y == row] == list("1234567")
    assert float(row) < min(float(y) for y in bars)  # the drawing's y runs upwards


def test_the_group_page_opens_on_the_game_it_finished_most_not_one_only_begun(client, db):
    club, edit, _view = services.club_create(name="Duo", names=["Ana", "Ben", "Cléo"])
    names = ["Ana", "Ben", "Cléo"]
    done = services.game_start(rules_slug="rami-contrat", names=names, first_dealer=0)[0]
    for _ in range(7):
        services.round_record(game=done, entries=[PlayerDeal(0, None, OUT), *[PlayerDeal(9)] * 2])
    services.game_finish(game=done)
    services.game_attach(game=done, club=club)
    for _ in range(2):  # Liverpool is played more often, but never to the end
        begun = services.game_start(rules_slug="liverpool", names=names, first_dealer=0)[0]
        services.game_attach(game=begun, club=club)
    html = client.get(f"/club/{edit}/").content.decode()
    assert re.search(r'<option value="rami-contrat" selected>', html)
    assert wins_table(html)["Ana"] == ["1", "1", "100 %"]
    # Asked for by name, the begun game is shown, with nothing to count yet.
    html = client.get(f"/club/{edit}/?system=liverpool").content.decode()
    assert "2 games in progress are not counted yet." in html
