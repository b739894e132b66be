"""The score race: running totals drawn for the game page, the view-only page and the PDF,
with the same figures in words for anyone who cannot see the drawing."""

import io
import re

import pdfplumber
import pytest
from django.utils import translation
from pypdf import PdfReader

from scorekeeper.core.charts import as_svg, score_race, summary

from .helpers import round_data


@translation.override("en")
def test_the_words_give_the_standings_after_the_last_round():
    running = [[10, 0, 25], [30, 12, 25]]
    assert summary(["Ana", "Ben", "Cléo"], running, ranks=[3, 1, 2]) == (
        "Score race after 2 rounds: Ben 12, Cléo 25, Ana 30."
    )
    assert summary(["Ana", "Ben"], [[3, 9]], ranks=[2, 1]).endswith("Ben 9, Ana 3.")


def test_each_player_has_a_line_from_zero_and_a_name_in_the_legend():
    svg = as_svg(score_race(["Ana", "Ben"], [[10, 0], [30, 12]]))
    assert svg.count("stroke-width: 2;") == 2  # one line a player
    assert ">Ana<" in svg and ">Ben<" in svg
    assert "prefers-color-scheme: dark" in svg  # an <img> does not see the page's CSS


def legend_lines(svg: str) -> dict[str, tuple[float, float]]:
    """Each legend name's (x, y) in the drawing (reportlab writes them with a translate)."""
    found = re.findall(r'<text[^>]*x="([\d.]+)" y="([\d.-]+)"[^>]*>([^<]+)</text>', svg)
    return {text: (float(x), float(y)) for x, y, text in found}


def test_short_names_share_a_legend_line_and_long_ones_get_columns_of_their_own():
    short = legend_lines(as_svg(score_race(["Ana", "Ben", "Cléo", "Dan"], [[1, 2, 3, 4]])))
    assert len({short[name][1] for name in ("Ana", "Ben", "Cléo", "Dan")}) == 1
    long = ["Marie-Christine", "Jean-Baptiste", "Cléo", "Dan"]
    place = legend_lines(as_svg(score_race(long, [[1, 2, 3, 4]])))
    assert place["Marie-Christine"][0] == place["Jean-Baptiste"][0]  # one above the other
    assert place["Cléo"][0] - place["Marie-Christine"][0] > 140  # the widest name and room


def test_a_name_wider_than_the_chart_is_shortened():
    name = "W" * 40  # the widest name a player can have
    svg = as_svg(score_race([name, "Ben"], [[1, 2]]))
    assert name not in svg and "WWWWWWWWWWWWWWWWWWWW" in svg and "…" in svg


@pytest.mark.django_db
def test_the_game_and_view_pages_show_the_race_once_a_round_is_played(client, start_game):
    client.get("/language/en/")
    g = start_game("liverpool", ["Ana", "Ben"])
    assert "chart.svg" not in client.get(g.url).content.decode()
    client.post(g.url + "rounds/", round_data({1: "25"}, out=0))
    for url in (g.url, g.view_url):
        page = client.get(url).content.decode()
        image = re.search(
            r'<img src="([^"]+chart\.svg\?v=\d+)" loading="lazy"[^>]*alt="([^"]+)"', page
        )
        assert image and image.group(2) == "Score race after 1 round: Ana 0, Ben 25."
        chart = client.get(image.group(1).replace("&amp;", "&"))
        assert chart["Content-Type"] == "image/svg+xml" and b">Ben<" in chart.content
        assert "max-age" in chart["Cache-Control"]
    stale = client.get(g.url + "chart.svg?v=0")
    assert stale["Cache-Control"] == "private, no-cache"


@pytest.mark.django_db
def test_the_race_is_drawn_once_a_version_for_every_phone(
    client, start_game, django_assert_max_num_queries
):
    """Drawing it costs more than the rest of a round's save: the phones of a table that
    scroll to it share one drawing of each version."""
    g = start_game("liverpool", ["Ana", "Ben"])
    client.post(g.url + "rounds/", round_data({1: "25"}, out=0))
    first = client.get(g.url + "chart.svg?v=1").content
    with django_assert_max_num_queries(1):  # the token's game only, not its rounds
        assert client.get(g.view_url + "chart.svg?v=1").content == first
    client.post(g.url + "rounds/", round_data({1: "40"}, out=0))
    assert client.get(g.view_url + "chart.svg?v=2").content != first


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


def test_the_race_has_a_printed_page_of_its_own_and_its_width(client, start_game):
    g = start_game("liverpool", ["Marie-Christine", "Jean-Baptiste", "Cléo", "Dan", "Eva"])
    for n in range(7):
        client.post(g.url + "rounds/", round_data({1: "25", 2: str(n), 3: "7", 4: "12"}, out=0))
    pdf = pdfplumber.open(io.BytesIO(client.get(g.url + "grid.pdf").content))
    page = next(p for p in pdf.pages if "Course aux points" in p.extract_text())
    lines = page.curves  # the players' running totals
    assert len(lines) == 5
    drawn = max(line["x1"] for line in lines) - min(line["x0"] for line in lines)
    assert drawn > page.width * 0.6  # scaled up from the phone's 340 points


def test_an_unknown_game_has_no_chart(client, db):
    assert client.get("/g/nope/chart.svg").status_code == 404


def test_a_late_player_s_line_starts_at_their_starting_total_not_at_zero():
    drawing = score_race(
        ["Ana", "Ben", "Dan"], [[10, 40, None], [20, 45, 72]], [0, 0, 40], [1, 1, 2]
    )
    plot = drawing.contents[0]
    assert plot.data[2] == [(1, 40), (2, 72)]
    assert plot.data[0] == [(0, 0), (1, 10), (2, 20)]


def test_a_player_who_left_has_no_line_after_their_last_round():
    drawing = score_race(["Ana", "Ben"], [[10, 40], [20, None]])
    assert drawing.contents[0].data[1] == [(0, 0), (1, 40)]
