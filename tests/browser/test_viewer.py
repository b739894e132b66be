"""A phone with the view link: the gzipped page shown as sent, live updates, the language link."""

import pytest
from django.test import Client

from ..scorekeeper.helpers import round_data
from .test_offline import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_viewer_follows_the_game_live_and_switches_language(phone, start_game):
    g = start_game("liverpool", ["Alice", "Bruno", "Chloé"])
    phone.goto(g.view_url)
    board = phone.inner_text("main")
    assert "Chloé" in board and "Aucune manche pour l'instant." in board

    # The table enters round 1 on another phone; the viewer's board follows without a reload.
    assert Client().post(g.url + "rounds/", round_data({1: "17", 2: "23"}, out=0)).status_code < 400
    wait_until(phone, "document.querySelector('main').innerText.includes('23')")

    # The language switch is a link: the cached page needs no per-visitor token.
    phone.get_by_role("link", name="English").click()
    phone.wait_for_url(f"**{g.view_url}")
    assert phone.locator("html").get_attribute("lang") == "en"
    assert "Forbidden" not in phone.inner_text("body")
    assert phone.console_errors == []
