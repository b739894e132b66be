"""Eight players on a phone: the score sheet's header shows each name's shortest distinct
start, so two names beginning alike stay two (the whole names stay for screen readers)."""

import re

from scorekeeper.core.names import short_names


def test_each_name_is_cut_where_no_other_name_shares_its_start():
    names = ["Marie-Hélène", "Maximilien", "Ana", "Anaïs", "Bo", "Jean", "Jeanne", "Léa"]
    assert short_names(names) == ["Mar", "Max", "Ana", "Anaï", "Bo", "Jean", "Jeann", "Léa"]
    assert len(set(short_names(names))) == len(names)


def test_names_alike_but_for_capitals_are_told_apart_further_on():
    assert short_names(["MARIE", "marine"]) == ["MARIE", "marin"]


def test_a_big_tables_header_has_short_names_and_the_whole_names(client, start_game):
    names = ["Marie-Hélène", "Maximilien", "Ana", "Ben", "Cy", "Dee", "Eve", "Flo"]
    g = start_game("liverpool", names)
    page = client.get(g.url).content.decode()
    head = page.split("<thead>")[1].split("</thead>")[0]
    assert re.findall(r'class="name-short" aria-hidden="true">([^<]+)<', head)[:2] == ["Mar", "Max"]
    assert 'class="name-full">Marie-Hélène<' in head


def test_a_small_table_keeps_whole_names(client, start_game):
    g = start_game("liverpool", ["Marie-Hélène", "Maximilien"])
    assert "name-short" not in client.get(g.url).content.decode()
