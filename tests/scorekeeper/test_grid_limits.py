"""Every grid the form accepts renders, long tables continue over pages, header words stay whole."""

import io
import itertools

import pdfplumber
import pytest
from pypdf import PdfReader

from rules_engine import SYSTEMS
from scorekeeper.sheets.forms import BlankGridForm
from scorekeeper.sheets.sheet import MIN_TEXT

from .helpers import round_data, totals

MAX_DEALS = BlankGridForm.base_fields["deals"].max_value
# Header labels of a French round grid: on every page that holds part of the grid, each comes
# out as one word ("total" also ends the legend, so it is checked where the others are).
LABELS = ["Manche", "Donneur", "manche"]  # "Cartes" too, where the deal changes


def pdf_of(response) -> PdfReader:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def smallest_text(pdf: bytes) -> float:
    """The smallest size any character prints at, in points (the copy's scale included)."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return min(c["size"] for page in document.pages for c in page.chars if c["text"].strip())


def words_per_page(reader: PdfReader) -> list[list[str]]:
    return [page.extract_text().split() for page in reader.pages]


def every_option():
    for slug, rules in SYSTEMS.items():
        deal_counts = (1, 10, MAX_DEALS) if rules.rounds is None and rules.romi is None else (7,)
        for players, paper, orientation, per_sheet, deals in itertools.product(
            sorted(set(rules.players)),
            ("a4", "letter"),
            ("portrait", "landscape"),
            (1, 2, 4),
            deal_counts,
        ):
            yield slug, players, paper, orientation, per_sheet, deals


@pytest.mark.parametrize(
    ("slug", "players", "paper", "orientation", "per_sheet", "deals"), list(every_option())
)
def test_every_option_of_the_blank_grid_form_renders_with_whole_header_words(
    client, slug, players, paper, orientation, per_sheet, deals
):
    names = "\n".join(f"Joueur{i}" for i in range(players))
    response = client.get(
        "/grids/",
        {
            "rules": slug,
            "players": players,
            "names": names,
            "deals": deals,
            "paper": paper,
            "orientation": orientation,
            "per_sheet": per_sheet,
            "language": "fr",
        },
    )
    if response.status_code == 422:
        # Only copies, several to a sheet, may not fit their part of it with rows a pen can
        # write in and text of 6 pt: the form then says so. One grid a sheet always prints.
        assert per_sheet > 1
        assert "assez hautes pour écrire" in response.content.decode()
        assert "texte de 6 points ou plus" in response.content.decode()
        return
    reader = pdf_of(response)
    smallest = smallest_text(response.content)
    assert smallest >= MIN_TEXT - 0.01, f"text printed at {smallest} pt"
    pages = words_per_page(reader)
    if SYSTEMS[slug].romi:
        labels = ["Joueur", "Cartes", "bonus", "Total"]
    elif "Manche" in pages[0]:
        labels = [*LABELS, *(f"Joueur{i}" for i in range(players))]
    else:  # a compact copy: signs head its narrow columns, its legend says what they mean
        labels = ["#", "Donneur", "+", "=", *(f"Joueur{i}" for i in range(players))]
        assert "total" in pages[0]  # in the legend's "= the running total"
    grid_pages = [words for words in pages if any(label in words for label in labels)]
    assert grid_pages and grid_pages[0] is pages[0]
    for words in grid_pages:
        missing = [label for label in labels if label not in words]
        assert not missing, f"broken or missing: {missing} in {words[:60]}"
        if not SYSTEMS[slug].romi:
            assert "total" in words


def test_a_long_rami_51_grid_continues_on_the_next_page_with_its_header(client):
    reader = pdf_of(
        client.get(
            "/grids/",
            {
                "rules": "rami-51",
                "players": 6,
                "deals": MAX_DEALS,
                "paper": "a4",
                "orientation": "portrait",
                "per_sheet": 1,
                "language": "fr",
            },
        )
    )
    pages = words_per_page(reader)
    assert len(pages) >= 2
    # The header rows on every page of rows (the legend after the winner line may flow on).
    end = next(i for i, words in enumerate(pages) if "Gagnant" in words)
    rows = pages[:end] + ([] if pages[end][0] == "Gagnant" else [pages[end]])
    for words in rows:
        assert "Donneur" in words and "total" in words
    text = " ".join(" ".join(words) for words in pages)
    assert str(MAX_DEALS) in pages[-1] and "Gagnant" in text


@pytest.mark.parametrize(("players", "deals"), [(6, 13), (2, 18), (3, 40)])
def test_the_filled_grid_of_a_long_rami_51_game_renders(client, start_game, players, deals):
    names = [f"Joueur{i}" for i in range(players)]
    g = start_game("rami-51", names, options={"rounds": deals})
    for number in range(deals):
        entries = round_data({seat: str(10 + seat) for seat in range(1, players)}, out=0)
        response = client.post(f"{g.url}rounds/", entries)
        assert response.status_code == 302, number
    reader = pdf_of(client.get(f"{g.url}grid.pdf"))
    pages = words_per_page(reader)
    after_the_grid = ("Cartes restantes", "Règles de la maison", "Course aux points")
    for words in pages:  # the header again on every page of rows; the legend or race may follow
        assert "Donneur" in words or " ".join(words).startswith(after_the_grid), words[:6]
    final = totals(g.game)
    assert final == [0] + [deals * (10 + seat) for seat in range(1, players)]
    last_rows = [words for words in pages if "Donneur" in words][-1]  # the grid's last page
    assert all(str(total) in last_rows for total in final)
