"""Spanish at the table: a phone set to Spanish gets every page, sheet and answer in Spanish."""

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from rules_engine import PlayerDeal
from scorekeeper import services

OUT = frozenset({"went_out"})
PO = Path(__file__).resolve().parents[2] / "locale/es/LC_MESSAGES/django.po"


def test_every_sentence_of_the_app_is_translated_with_the_same_values():
    if not shutil.which("msgfmt"):
        pytest.skip("gettext's msgfmt is not installed")
    # --check: every %(name)s of a message is in its translation; nothing untranslated or fuzzy.
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(PO)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr


def test_a_phone_set_to_spanish_gets_the_game_in_spanish(client, start_game):
    g = start_game("rami-contrat", ["Ana", "Ben", "Cleo"])
    html = client.get(g.url, HTTP_ACCEPT_LANGUAGE="es-CL,es;q=0.9").content.decode()
    assert 'lang="es"' in html and "Ronda 1 de 7" in html and "Repartidor" in html
    assert "Dos tríos de exactamente 3 cartas" in html


def test_the_switch_offers_the_two_other_languages_in_their_own_words(client):
    client.get("/language/es/")
    html = client.get("/").content.decode()
    assert 'hreflang="fr">Français<' in html and 'hreflang="en">English<' in html
    assert 'hreflang="es"' not in html
    client.get("/language/fr/")
    assert 'hreflang="es">Español<' in client.get("/").content.decode()


def test_a_refused_hand_is_explained_in_spanish(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    client.get("/language/es/")
    response = client.post(g.url + "rounds/", {"went_out": "0", "points_1": "-4"})
    assert "Una mano no puede valer menos de 0." in response.content.decode()


def test_the_rules_page_and_its_printed_summary_are_in_spanish(client):
    client.get("/language/es/")
    html = client.get("/rules/rami-contrat-13/").content.decode()
    assert "Rondas y contratos" in html and "Tres escaleras de 4 cartas" in html
    response = client.get("/rules/rami-contrat-13/rules.pdf", {"language": "es"})
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Barajas y comodines" in text and "comodín" in text


def test_a_blank_grid_is_printed_in_spanish(client):
    grid = {"rules": "rami-51", "players": 3, "deals": 5, "paper": "a4"}
    grid |= {"orientation": "portrait", "per_sheet": 1, "language": "es", "names": "Íñigo"}
    response = client.get("/grids/", grid)
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Ronda" in text and "Repartidor" in text and "Gana:" in text and "Íñigo" in text


def test_a_game_exports_in_spanish(client, start_game):
    g = start_game("liverpool", ["Ana", "Begoña"])
    services.round_record(game=g.game, entries=[PlayerDeal(0, None, OUT), PlayerDeal(12)])
    client.get("/language/es/")
    csv = client.get(g.url + "game.csv").content.decode()
    assert csv.splitlines()[0].split(";")[:4] == ["\ufeffronda", "asiento", "jugador", "puntos"]
    pdf = client.get(g.url + "grid.pdf").content
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "Un trío + una escalera de 4 cartas" in text and "Begoña" in text


def test_the_installed_app_and_its_offline_page_speak_spanish(client):
    manifest = json.loads(client.get("/manifest.webmanifest", {"lang": "es"}).content)
    assert manifest["lang"] == "es" and manifest["name"] == "Anotador de Rami"
    client.get("/language/es/")
    assert "Sin conexión" in client.get("/offline/").content.decode()


def test_the_checker_api_answers_in_spanish(client):
    body = {"rules": "liverpool", "round": 2, "melds": "7H 8H JK 10H | KS KD", "lang": "es"}
    response = client.post("/api/check", json.dumps(body), content_type="application/json")
    answer = response.json()
    assert answer["valid"] is False and "Al contrato todavía le falta un trío." in answer["errors"]
