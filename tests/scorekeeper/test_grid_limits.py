"""Every grid the form accepts renders, long tables continue over pages, header words stay whole."""

import io
import itertools

import pytest
from pypdf import PdfReader

from rules_engine import SYSTEMS
from scorekeeper.views.grids import BlankGridForm

from .helpers import round_data, totals

MAX_DEALS = BlankGridForm.base_fields["deals"].max_value
# Header labels of a French round grid: on every page that holds part of the grid, each comes
# out as one word ("total" also ends the legend, so it is checked where the others are).
LABELS = ["Manche", "Donneur", "manche"]  # "Cartes" too, where the deal changes


def pdf_of(response) -> PdfReader:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


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
        # Only copies of a long open-ended game may not fit their part of the sheet at a
        # writable size: the form then says so (at 7 mm a row, 10 deals fill a quarter).
        assert per_sheet > 1 and deals >= 10 and SYSTEMS[slug].rounds is None
        assert "assez hautes pour écrire" in response.content.decode()
        return
    reader = pdf_of(response)
    pages = words_per_page(reader)
    if SYSTEMS[slug].romi:
        labels = ["Joueur", "Cartes", "bonus", "Total"]
    else:
        labels = [*LABELS, *(f"Joueur{i}" for i in range(players))]
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
