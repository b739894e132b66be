"""The round card says the round, its contract, the deal, who deals and who plays first, and
what the round asks beyond its melds (templatetags/round_cards.py)."""

import pytest

pytestmark = pytest.mark.django_db


def card(html: str, number: int) -> str:
    start = html.index(f'<section class="round-card" aria-labelledby="round-title-{number}"')
    return html[start : html.index("</section>", start)]


def test_a_card_names_the_round_its_contract_the_deal_and_the_players(client, start_game):
    g = start_game("liverpool", ["<b>Ana</b>", "Ben & Co"], first_dealer=0)
    first = card(client.get(g.url).content.decode(), 1)
    assert "Manche 1 sur 7" in first
    assert "Deux brelans" in first
    assert "10 cartes chacun" in first and "1 paquet + 2 jokers" in first
    # Names are written as text, never as markup.
    assert "<strong>&lt;b&gt;Ana&lt;/b&gt;</strong>" in first
    assert "<strong>Ben &amp; Co</strong>" in first
    assert f'href="/g/{g.edit}/dealer/"' in first
    assert 'href="/rules/liverpool/"' in first


def test_a_view_only_card_has_no_link_to_change_the_dealer(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    first = card(client.get(g.view_url).content.decode(), 1)
    assert "Donneur <strong>Ana</strong>" in first and "/dealer/" not in first


def test_rami_51_says_what_the_first_lay_down_needs(client, start_game):
    g = start_game("rami-51", ["Ana", "Ben"], options={"rami_sec_only": True})
    first = card(client.get(g.url).content.decode(), 1)
    assert '<p class="rule-note">' in first
    assert "au moins 51 points" in first and "Rami sec" in first
