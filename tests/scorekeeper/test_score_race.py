"""The score race: running totals drawn for the game page, the view-only page and the PDF,
with the same figures in words for anyone who cannot see the drawing."""

import io
import re

import pdfplumber
import pytest
from django.utils import translation
from pypdf import PdfReader

from scorekeeper.core.charts import summary
from scorekeeper.core.race import drawing, lay_out, svg, totals_drawn, value_steps

from .helpers import round_data


@translation.override("en")
def test_the_words_give_the_standings_after_the_last_round():
    running = [[10, 0, 25], [30, 12, 25]]
    assert summary(["Ana", "Ben", "Cléo"], running, ranks=[3, 1, 2]) == (
        "Score race after 2 rounds: Ben 12, Cléo 25, Ana 30."
    )
    assert summary(["Ana", "Ben"], [[3, 9]], ranks=[2, 1]).endswith("Ben 9, Ana 3.")


def race(names, running):
    return svg(lay_out(names, running), "words")


def test_each_player_has_a_line_from_zero_and_a_name_in_the_legend():
    drawn = race(["Ana", "Ben"], [[10, 0], [30, 12]])
    assert drawn.count("<polyline") == 2  # one line a player
    assert ">Ana<" in drawn and ">Ben<" in drawn
    assert 'role="img" aria-label="words"' in drawn


def test_the_race_in_a_page_takes_the_page_s_colours_and_a_file_of_its_own_carries_them():
    layout = lay_out(["Ana"], [[10]])
    assert "<style>" not in svg(layout, "words") and "xmlns" not in svg(layout, "words")
    standalone = svg(layout, "words", standalone=True)
    assert "prefers-color-scheme: dark" in standalone  # an <img> does not see the page's CSS
    assert 'xmlns="http://www.w3.org/2000/svg"' in standalone


def test_a_name_is_written_as_text_never_as_markup():
    drawn = race(["<b>Ana</b>", 'Ben "B"'], [[1, 2]])
    assert "<b>" not in drawn and "&lt;b&gt;Ana&lt;/b&gt;" in drawn and "&quot;B&quot;" in drawn


def test_the_values_go_up_in_round_steps_from_zero_or_the_lowest_total():
    assert value_steps(0, 25) == [0, 5, 10, 15, 20, 25]
    assert value_steps(0, 10) == [0, 2, 4, 6, 8, 10]
    assert value_steps(0, 283) == [0, 50, 100, 150, 200, 250, 300]
    assert value_steps(-30, 40) == [-40, -20, 0, 20, 40]


def test_a_long_game_numbers_every_other_round():
    layout = lay_out(["Ana"], [[n] for n in range(30)])
    rounds = [label.text for label in layout.labels if label.anchor == "middle"]
    assert rounds[:3] == ["0", "3", "6"] and len(rounds) <= 14


def legend_lines(svg: str) -> dict[str, tuple[float, float]]:
    """Each legend name's (x, y) in the drawing."""
    found = re.findall(r'<text[^>]*x="([\d.]+)" y="([\d.-]+)"[^>]*>([^<]+)</text>', svg)
    return {text: (float(x), float(y)) for x, y, text in found}


def test_short_names_share_a_legend_line_and_long_ones_get_columns_of_their_own():
    short = legend_lines(race(["Ana", "Ben", "Cléo", "Dan"], [[1, 2, 3, 4]]))
    assert len({short[name][1] for name in ("Ana", "Ben", "Cléo", "Dan")}) == 1
    long = ["Marie-Christine", "Jean-Baptiste", "Cléo", "Dan"]
    place = legend_lines(race(long, [[1, 2, 3, 4]]))
    assert place["Marie-Christine"][0] == place["Jean-Baptiste"][0]  # one above the other
    assert place["Cléo"][0] - place["Marie-Christine"][0] > 140  # the widest name and room


def test_a_name_wider_than_the_chart_is_shortened():
    name = "W" * 40  # the widest name a player can have
    drawn = race([name, "Ben"], [[1, 2]])
    assert name not in drawn and "WWWWWWWWWWWWWWWWWWWW" in drawn and "…" in drawn


@pytest.mark.django_db
def test_the_game_and_view_pages_show_the_race_once_a_round_is_played(client, start_game):
    client.get("/language/en/")
    g = start_game("liverpool", ["Ana", "Ben"])
    assert "<svg" not in client.get(g.url).content.decode().split('class="summary"')[-1]
    answer = client.post(g.url + "rounds/", round_data({1: "25"}, out=0), HTTP_HX_REQUEST="true")
    words = "Score race after 1 round: Ana 0, Ben 25."
    assert f'aria-label="{words}"' in answer.content.decode()  # the save's answer has it
    for url in (g.url, g.view_url):
        page = client.get(url).content.decode()
        chart = re.search(r'<figure class="chart">.*?</figure>', page, re.S).group(0)
        assert (
            f'<svg viewBox="0 0 340 214" width="340" height="214" role="img" aria-label="{words}"'
            in chart
        )
        assert chart.count("<polyline") == 2 and ">Ben<" in chart
        assert "chart.svg" not in page  # set into the page: no phone asks for it


@pytest.mark.django_db
def test_the_race_is_also_a_file_of_its_own_drawn_once_a_version(
    client, start_game, django_assert_max_num_queries
):
    client.get("/language/en/")
    g = start_game("liverpool", ["Ana", "Ben"])
    client.post(g.url + "rounds/", round_data({1: "25"}, out=0))
    chart = client.get(g.url + "chart.svg?v=1")
    assert chart["Content-Type"] == "image/svg+xml" and b">Ben<" in chart.content
    assert b'xmlns="http://www.w3.org/2000/svg"' in chart.content
    assert "max-age" in chart["Cache-Control"]
    with django_assert_max_num_queries(1):  # the token's game only, not its rounds
        assert client.get(g.view_url + "chart.svg?v=1").content == chart.content
    assert client.get(g.url + "chart.svg?v=0")["Cache-Control"] == "private, no-cache"
    client.post(g.url + "rounds/", round_data({1: "40"}, out=0))
    assert client.get(g.view_url + "chart.svg?v=2").content != chart.content


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
    lines = totals_drawn(3, [[10, 40, None], [20, 45, 72]], [0, 0, 40], [1, 1, 2])
    assert lines[2] == [(1, 40), (2, 72)]
    assert lines[0] == [(0, 0), (1, 10), (2, 20)]


def test_a_player_who_left_has_no_line_after_their_last_round():
    assert totals_drawn(2, [[10, 40], [20, None]])[1] == [(0, 0), (1, 40)]


def test_the_page_and_the_paper_draw_the_same_lines():
    layout = lay_out(["Ana", "Ben"], [[10, 40], [20, 45]])
    paper = [shape for shape in drawing(layout).contents if hasattr(shape, "points")]
    assert len(paper) == 2
    first = layout.lines[0][1]
    assert paper[0].points[:2] == [first[0][0], layout.height - first[0][1]]
