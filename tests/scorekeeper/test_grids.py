"""Printable grids: every system, paper, orientation and grids per sheet; filled game export."""

import io
import re
import shutil
import subprocess

import pytest
from django.utils import timezone
from pypdf import PdfReader

from .helpers import round_data

BLANK = {
    "players": 4,
    "deals": 10,
    "paper": "a4",
    "orientation": "landscape",
    "per_sheet": 1,
    "language": "fr",
}


def pdf_of(response) -> PdfReader:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def text_of(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("rami-contrat", ["Deux brelans d'exactement 3 cartes", "as 15, joker 15", "sans gagnant"]),
        ("liverpool", ["Trois suites de 4 cartes", "Total"]),
        ("rami-51", ["51 points", "Rami sec", "100"]),
        ("rami-contrat-13", ["Premier à ouvrir : -10", "13\n"]),
        ("romi-rami", ["Trophée 1", "Cartes bonus", "Départage"]),
    ],
)
def test_a_blank_grid_for_every_system(client, slug, expected):
    reader = pdf_of(client.get("/grids/", {**BLANK, "rules": slug}))
    text = text_of(reader)
    assert len(reader.pages) == 1
    for words in expected:
        assert words in text


def test_suit_symbols_print(client):
    text = text_of(pdf_of(client.get("/grids/", {**BLANK, "rules": "rami-contrat"})))
    assert "♣♦♥" in text and "♠♠♠♠♠" in text


@pytest.mark.parametrize(
    ("paper", "orientation", "size"),
    [
        ("a4", "portrait", (595, 842)),
        ("a4", "landscape", (842, 595)),
        ("letter", "portrait", (612, 792)),
        ("letter", "landscape", (792, 612)),
    ],
)
def test_paper_and_orientation_set_the_page_size(client, paper, orientation, size):
    reader = pdf_of(
        client.get(
            "/grids/", {**BLANK, "rules": "liverpool", "paper": paper, "orientation": orientation}
        )
    )
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


@pytest.mark.parametrize("per_sheet", [1, 2, 4])
def test_grids_per_sheet_repeat_the_grid_on_one_page(client, per_sheet):
    reader = pdf_of(
        client.get(
            "/grids/",
            {**BLANK, "rules": "rami-contrat", "per_sheet": per_sheet, "orientation": "portrait"},
        )
    )
    assert len(reader.pages) == 1
    assert text_of(reader).count("Rami Contrat") == per_sheet


def test_names_print_literally_even_with_markup_and_accents(client):
    names = 'Zoé\n<font color="[[[x]]]">\nŁukasz'
    text = text_of(
        pdf_of(client.get("/grids/", {**BLANK, "rules": "rami-contrat", "names": names}))
    )
    assert "Zoé" in text and '<font color="[[[x]]]">' in text and "Łukasz" in text


def test_english_grids(client):
    text = text_of(
        pdf_of(client.get("/grids/", {**BLANK, "rules": "rami-contrat", "language": "en"}))
    )
    assert "Two sets of exactly 3" in text and "Winner:" in text


def test_a_player_count_outside_the_system_is_refused(client):
    assert (
        client.get("/grids/", {**BLANK, "rules": "rami-contrat", "players": 8}).status_code == 422
    )


def test_the_filled_grid_of_a_game_has_scores_dealers_and_the_winner(client, start_game):
    g = start_game("liverpool", ["Anna", "Ben"], first_dealer=0)
    for _ in range(7):
        client.post(g.url + "rounds/", round_data({1: "12"}, out=0))
    response = client.get(g.view_url + "grid.pdf")  # a view-only visitor may download it
    assert response["Content-Disposition"].startswith('attachment; filename="liverpool-')
    assert response["Content-Disposition"].endswith('.pdf"')
    text = text_of(pdf_of(response))
    assert "Anna, Ben" in text and "0 ★" in text
    assert "\nTotal\n0\n84\n" in text  # the totals row: Anna 0, Ben 7 × 12
    assert "Winner: Anna" in text or "Gagnant : Anna" in text


def test_a_romi_game_exports_its_tally(client, start_game):
    g = start_game("romi-rami", ["Judith", "Paul"])
    client.post(
        g.url + "romi/contracts/",
        {"player": 0, "points": 12, "colour": "H", "combos": "3", "bonus_cards": 2},
    )
    text = text_of(pdf_of(client.get(g.url + "grid.pdf")))
    assert "\nJudith\n12\n2\n" in text  # her line: 12 contract points, 2 bonus cards


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils not installed")
def test_a_rendered_page_is_not_blank(client, tmp_path):
    (tmp_path / "grid.pdf").write_bytes(
        client.get("/grids/", {**BLANK, "rules": "rami-contrat"}).content
    )
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "30",
            "-gray",
            "-singlefile",
            str(tmp_path / "grid.pdf"),
            str(tmp_path / "page"),
        ],
        check=True,
    )
    pixels = (tmp_path / "page.pgm").read_bytes()
    body = pixels[pixels.index(b"255\n") + 4 :]
    dark = sum(1 for value in body if value < 128)
    assert dark > len(body) * 0.01


def test_the_filled_grid_of_a_game_without_jokers_prints_no_joker(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cléo"], options={"no_jokers": True})
    text = " ".join(text_of(pdf_of(client.get(g.url + "grid.pdf"))).split())
    assert "2 paquets, sans joker" in text and "2 jokers" not in text


def test_deck_counts_are_written_in_good_grammar_and_dates_in_the_language(client, start_game):
    g = start_game("liverpool", ["Anna", "Ben"])  # two players: one deck, two jokers
    text = " ".join(text_of(pdf_of(client.get(g.url + "grid.pdf"))).split())
    assert "1 paquet, 2 jokers" in text and "1 paquets" not in text
    client.get("/language/en/", {"next": "/"})
    english = text_of(pdf_of(client.get(g.url + "grid.pdf")))
    created = timezone.localtime(g.game.created_at)  # the table's day, not UTC's
    assert f"{created:%m/%d/%Y} · Anna, Ben" in english  # US English short dates


def test_the_number_of_deals_is_asked_only_of_open_ended_games(client):
    html = client.get("/grids/").content.decode()
    # Shown by app.js when Rami 51 is chosen; the page opens on another game.
    assert re.search(r'<div class="field" data-for="rami-51" hidden><label for="id_deals">', html)
    html = client.get("/grids/?rules=rami-51&players=4").content.decode()
    assert re.search(r'<div class="field" data-for="rami-51"><label for="id_deals">', html)


def test_a_deal_that_never_changes_is_said_once_under_the_grid_not_on_every_row(client):
    query = "rules=rami-51&players=4&deals=30&paper=a4&orientation=portrait&per_sheet=1&language=fr"
    text = " ".join(text_of(pdf_of(client.get("/grids/?" + query))).split())
    assert text.count("paquets") == 1
    assert "Chaque donne : 13 cartes chacun, 2 paquets, 4 jokers." in text
    assert "Manche Donneur" in text  # no column for it between the two


def test_a_deal_that_changes_keeps_its_column(client):
    query = (
        "rules=liverpool&players=4&deals=10&paper=a4&orientation=landscape&per_sheet=1&language=fr"
    )
    text = " ".join(text_of(pdf_of(client.get("/grids/?" + query))).split())
    assert "Cartes" in text and "Chaque donne" not in text


@pytest.mark.parametrize(
    ("rules", "words"),
    [("rami-contrat", "⊘ sans gagnant"), ("rami-contrat-13", "① a ouvert en premier")],
)
def test_the_grid_legend_explains_the_marks_its_rows_can_hold(client, rules, words):
    query = (
        f"rules={rules}&players=4&deals=10&paper=a4&orientation=portrait&per_sheet=1&language=fr"
    )
    text = " ".join(text_of(pdf_of(client.get("/grids/?" + query))).split())
    assert words in text
