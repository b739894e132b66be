"""What the group tests share: a group of Ana, Ben and Cléo who finished two games of Rami
Contrat, played through the pages, and readers of the group page.

The two games are those of tests/rules_engine/test_book.py: game A (0/20/35, 15/0/40,
30/10/0: Ben wins on 30, Ana 45, Cléo 75) and game B (5/0/10, 0/25/5: Ana wins on 5, Cléo
15, Ben 25), both lowest wins. The group itself is the fixture `group` (conftest.py).
"""

from __future__ import annotations

import re

from .helpers import round_data, texts

OUT = frozenset({"went_out"})
GAME_A = [({1: "20", 2: "35"}, 0), ({0: "15", 2: "40"}, 1), ({0: "30", 1: "10"}, 2)]
GAME_B = [({0: "5", 2: "10"}, 1), ({1: "25", 2: "5"}, 0)]


def play(client, url, deals):
    for points, out in deals:
        assert client.post(url + "rounds/", round_data(points, out=out)).status_code in (200, 302)


def figures(html: str, name: str) -> dict[str, str]:
    """A member's card on the group page: its figures by label."""
    cards = re.findall(r'<section class="member-card".*?</section>', html, re.S)
    card = next(c for c in cards if f">{name}</h3>" in c)
    labels = texts(card, "dt")
    values = texts(card, "dd")
    return dict(zip(labels, values, strict=True))


def wins_table(html: str) -> dict[str, list[str]]:
    table = re.search(r'<table class="scores wins">.*?</table>', html, re.S).group(0)
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", table, re.S)
    return {name: texts(f"<x>{cells}</x>", "td") for name, cells in rows}
