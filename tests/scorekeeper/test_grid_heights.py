"""Blank grids a person can write on: names row ≥ 8 mm, every writing row ≥ 7 mm as
printed, measured from the PDF itself, for every system at 4 and 8 players."""

import io

import pdfplumber
import pytest

from rules_engine import SYSTEMS

MM = 72 / 25.4
LAYOUTS = [(1, "landscape"), (1, "portrait"), (2, "portrait"), (2, "landscape"), (4, "portrait")]


def first_grid_rows(content: bytes) -> list[float]:
    """Row heights in mm of the top-left grid on the first page, top to bottom."""
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        tables = pdf.pages[0].find_tables()
        first = min(tables, key=lambda t: (round(t.bbox[1]), t.bbox[0]))
        return [(row.bbox[3] - row.bbox[1]) / MM for row in first.rows]


def grid(client, slug, players, per_sheet, orientation, **extra):
    query = {
        "rules": slug,
        "players": players,
        "deals": 10,
        "paper": "a4",
        "orientation": orientation,
        "per_sheet": per_sheet,
        "language": "fr",
        **extra,
    }
    return client.get("/grids/", query)


CASES = [
    (slug, players, per_sheet, orientation)
    for slug, rules in SYSTEMS.items()
    if rules.romi is None
    for players in (4, 8)
    if rules.players[0] <= players <= rules.players[1]
    for per_sheet, orientation in LAYOUTS
]


@pytest.mark.parametrize(("slug", "players", "per_sheet", "orientation"), CASES)
def test_names_and_scores_have_room_to_be_written(client, slug, players, per_sheet, orientation):
    response = grid(client, slug, players, per_sheet, orientation)
    if response.status_code == 422:  # small copies that cannot keep 7 mm rows and 6 pt text
        assert per_sheet > 1 and "assez hautes pour écrire" in response.content.decode()
        return
    assert response.status_code == 200
    names, _labels, *writing = first_grid_rows(response.content)
    assert names >= 8 - 0.05
    assert min(writing) >= 7 - 0.05  # every deal, the totals and the ranks


def test_four_copies_of_a_4_player_contract_grid_fit_a_portrait_sheet(client):
    for slug in ("rami-contrat", "liverpool"):
        response = grid(client, slug, 4, 4, "portrait")
        assert response.status_code == 200, slug
        names, _labels, *writing = first_grid_rows(response.content)
        assert names >= 8 - 0.05 and min(writing) >= 7 - 0.05


def test_grids_that_cannot_be_written_in_at_that_size_are_refused_with_a_reason(client):
    client.get("/language/en/")
    response = grid(client, "rami-51", 4, 4, "landscape", deals=30)
    assert response.status_code == 422
    assert "rows tall enough to write in" in response.content.decode()
