"""The score race: running totals drawn for the game page, the view-only page and the PDF,
with the same figures in words for anyone who cannot see the drawing."""

import io
import re

import pytest
from django.utils import translation
from pypdf import PdfReader

from scorekeeper.charts import as_svg, score_race, summary

from .helpers import round_data


@translation.override("en")
def test_the_words_give_the_standings_after_the_last_round():
    running = [[10, 0, 25], [30, 12, 25]]
    assert summary(["Ana", "Ben", "Cléo"], running, lowest_wins=True) == (
        "Score race after 2 rounds: Ben 12, Cléo 25, Ana 30."
    )
    assert summary(["Ana", "Ben"], [[3, 9]], lowest_wins=False).endswith("Ben 9, Ana 3.")


def test_each_player_has_a_line_from_zero_and_a_name_in_the_legend():
    svg = as_svg(score_race(["Ana", "Ben"], [[10, 0], [30, 12]]))
    assert svg.count("stroke-width: 2;") == 2  # one line a player
    assert ">Ana<" in svg and ">Ben<" in svg
    assert "prefers-color-scheme: dark" in svg  # an <img> does not see the page's CSS


@pytest.mark.django_db
def test_the_game_and_view_pages_show_the_race_once_a_round_is_played(client, start_game):
    client.get("/language/en/")
    g = start_game("liverpool", ["Ana", "Ben"])
    assert "chart.svg" not in client.get(g.url).content.decode()
    client.post(g.url + "rounds/", round_data({1: "25"}, out=0))
    for url in (g.url, g.view_url):
        page = client.get(url).content.decode()
        image = re.search(r'<img src="([^"]+chart\.svg\?v=\d+)"[^>]*alt="([^"]+)"', page)
        assert image and image.group(2) == "Score race after 1 round: Ana 0, Ben 25."
        chart = client.get(image.group(1).replace("&amp;", "&"))
        assert chart["Content-Type"] == "image/svg+xml" and b">Ben<" in chart.content
        assert "max-age" in chart["Cache-Control"]
    stale = client.get(g.url + "chart.svg?v=0")
    assert stale["Cache-Control"] == "no-cache"


@pytest.mark.django_db
def test_the_filled_pdf_ends_with_the_race(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    client.post(g.url + "rounds/", round_data({1: "25"}, out=0))
    reader = PdfReader(io.BytesIO(client.get(g.url + "grid.pdf").content))
    after_legend = " ".join(page.extract_text() for page in reader.pages).split("★ a fini")[-1]
    assert after_legend.split() == [
        "Course",
        "aux",
        "points",
        "0",
        "1",
        "0",
        "5",
        "10",
        "15",
        "20",
        "25",
        "Ana",
        "Ben",
    ]


def test_an_unknown_game_has_no_chart(client, db):
    assert client.get("/g/nope/chart.svg").status_code == 404
