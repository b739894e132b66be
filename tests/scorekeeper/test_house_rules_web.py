"""House rules on the web: chosen at the start, shown where the table looks, obeyed by the
round entry, the checker, the API and the sheets."""

import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.models import Game, Round

from .helpers import round_data, texts, visible_text


def new_game(client, rules, names, **options):
    data = {"rules": rules, "first_dealer": "0"}
    data.update({f"name_{seat}": name for seat, name in enumerate(names)})
    data.update({f"{rules}-{name}": value for name, value in options.items()})
    return client.post("/new/", data)


def english(client):
    client.get("/language/en/")


def pdf_text(response) -> str:
    reader = PdfReader(io.BytesIO(response.content))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


@pytest.mark.django_db
def test_the_new_game_form_offers_each_games_house_rules_with_the_rules_reading_marked(client):
    english(client)
    html = client.get("/new/").content.decode()
    assert 'name="rami-contrat-exact_lay_down"' in html and 'name="liverpool-decks"' in html
    select = re.search(r'<select name="rami-contrat-exact_lay_down".*?</select>', html, re.S)
    assert select and '<option value="" selected>yes (the rules)</option>' in select.group(0)
    assert "romi-rami-" not in html  # ROMi RAMi has no house rule


@pytest.mark.django_db
def test_a_house_rule_chosen_is_kept_and_one_left_as_the_rules_is_not_stored(client):
    response = new_game(
        client, "rami-contrat", ["A", "B", "C"], exact_lay_down="0", dealer_passes="left"
    )
    assert response.status_code == 302
    assert Game.objects.get().options == {"exact_lay_down": False}


@pytest.mark.django_db
def test_a_bad_house_rule_is_refused_at_its_field_and_starts_nothing(client):
    english(client)
    response = new_game(client, "rami-51", ["A", "B"], rounds="5", end_at_total="300")
    assert response.status_code == 422 and not Game.objects.exists()
    assert "do not go together" in " ".join(texts(response.content.decode(), "span", "field-error"))
    response = new_game(client, "liverpool", ["A", "B"], decks="9")
    assert response.status_code == 422 and not Game.objects.exists()


@pytest.mark.django_db
def test_the_game_page_the_view_page_and_the_sheet_show_the_house_rules_in_force(
    client, start_game
):
    english(client)
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"], options={"same_rank_sets_count_once": True})
    for url in (g.url, g.view_url):
        assert "Two sets of one rank count as one set." in visible_text(
            client.get(url).content.decode()
        )
    assert "House rules: Two sets of one rank count as one set." in pdf_text(
        client.get(g.url + "grid.pdf")
    )
    plain = start_game("liverpool", ["Ana", "Ben", "Cléo"])
    assert "House rules" not in visible_text(client.get(plain.url).content.decode())


@pytest.mark.django_db
def test_the_round_card_counts_the_points_to_go_and_the_game_ends_at_the_total(client, start_game):
    english(client)
    g = start_game("rami-51", ["Ana", "Ben"], options={"end_at_total": 150})
    client.post(g.url + "rounds/", round_data({1: "100"}, out=0))
    card = " ".join(texts(client.get(g.url).content.decode(), "p", "to-go"))
    assert card.startswith("50 points to go")
    client.post(g.url + "rounds/", round_data({1: "60"}, out=0))
    g.game.refresh_from_db()
    assert g.game.finished_at is not None  # Ben reached 160
    refused = client.post(g.url + "rounds/", round_data({1: "5"}, out=0))
    assert Round.objects.filter(game=g.game).count() == 2 and refused.status_code in (200, 409, 422)


@pytest.mark.django_db
def test_a_correction_under_the_end_total_opens_the_game_again(client, start_game):
    g = start_game("rami-51", ["Ana", "Ben"], options={"end_at_total": 150})
    client.post(g.url + "rounds/", round_data({1: "160"}, out=0))
    g.game.refresh_from_db()
    assert g.game.finished_at is not None
    round_ = Round.objects.get(game=g.game)
    client.post(f"{g.url}rounds/1/edit/", round_data({1: "40"}, out=0, version=round_.version))
    g.game.refresh_from_db()
    assert g.game.finished_at is None


@pytest.mark.django_db
def test_the_deal_passes_the_way_the_table_chose(client, start_game):
    english(client)
    left = start_game("rami-contrat", ["Ana", "Ben", "Cléo"])
    right = start_game("rami-contrat", ["Ana", "Ben", "Cléo"], options={"dealer_passes": "right"})
    for g in (left, right):
        client.post(g.url + "rounds/", round_data({1: "10", 2: "20"}, out=0))
    assert "Dealer Ben" in visible_text(client.get(left.url).content.decode())
    assert "Dealer Cléo" in visible_text(client.get(right.url).content.decode())


@pytest.mark.django_db
def test_a_deal_with_no_winner_is_offered_only_where_the_table_allows_it(client, start_game):
    plain = start_game("liverpool", ["Ana", "Ben"])
    assert 'value="none"' not in client.get(plain.url).content.decode()
    allowed = start_game("liverpool", ["Ana", "Ben"], options={"no_winner_deals": True})
    assert 'value="none"' in client.get(allowed.url).content.decode()
    client.post(allowed.url + "rounds/", round_data({0: "12", 1: "30"}, out="none"))
    assert Round.objects.get(game=allowed.game).no_winner
    pdf = pdf_text(client.get(allowed.url + "grid.pdf"))
    assert "1 ⊘" in pdf and "⊘ sans gagnant" in pdf


@pytest.mark.django_db
def test_the_checker_takes_the_house_rules_from_its_address(client):
    english(client)
    query = {"rules": "rami-contrat", "round": "1", "melds": "7H 7S 7D 7C | 8C 8D 8S"}
    assert "Not valid" in client.get("/check/", query).content.decode()
    loose = client.get("/check/", {**query, "exact_lay_down": "0"}).content.decode()
    assert "✓ Valid" in loose
    assert "Contract melds may be longer than asked." in " ".join(texts(loose, "summary"))


@pytest.mark.django_db
def test_a_bad_house_rule_on_the_checker_is_said_at_its_field(client):
    english(client)
    html = client.get(
        "/check/", {"rules": "liverpool", "round": "1", "decks": "7"}
    ).content.decode()
    assert "goes from 1 to 4" in " ".join(texts(html, "span", "field-error"))


@pytest.mark.django_db
def test_a_game_opens_the_checker_with_its_house_rules(client, start_game):
    options = {"overlap_counts_as_contiguous": True}
    g = start_game("liverpool", ["Ana", "Ben", "Cléo"], options=options)  # two decks
    for _ in range(2):
        client.post(g.url + "rounds/", round_data({1: "5", 2: "8"}, out=0))
    page = client.get(g.url).content.decode()
    link = next(h for h in re.findall(r'href="([^"]+)"', page) if h.startswith("/check/"))
    link = link.replace("&amp;", "&")
    assert "overlap_counts_as_contiguous=1" in link and "round=3" in link
    english(client)
    html = client.get(link + "&melds=2H 3H 4H 5H | 4H 5H 6H 7H").content.decode()
    assert "touch or overlap" in html


@pytest.mark.django_db
def test_the_api_takes_every_house_rule_of_the_system(client):
    body = {"rules": "liverpool", "round": 1, "melds": "7S 7H 7D | 7C 7S 7H"}

    def check(**extra):
        return client.post("/api/check", {**body, **extra}, content_type="application/json")

    assert check().json()["valid"] is True
    once = check(options={"same_rank_sets_count_once": True}).json()
    assert once["valid"] is False
    wrong = check(options={"dealer_passes": "up"})
    assert wrong.status_code == 400 and wrong.json()["error"] == "option_not_one_of"


@pytest.mark.django_db
def test_the_rules_page_lists_the_house_rules_with_the_rules_reading(client):
    english(client)
    html = client.get("/rules/rami-contrat-13/").content.decode()
    rows = texts(html, "tr")
    assert any(r.startswith("The deal passes") and r.endswith("to the right") for r in rows)
    assert any(r.startswith("Lay exactly the contract") and r.endswith("no") for r in rows)


@pytest.mark.django_db
def test_a_blank_grid_follows_the_house_rules_chosen_for_it(client):
    query = {"rules": "liverpool", "players": 2, "deals": 10, "paper": "a4"}
    query.update({"orientation": "landscape", "per_sheet": 1, "language": "fr"})
    plain = pdf_text(client.get("/grids/", query))
    assert "1 paquet, 2 jokers" in plain and "Règles de la maison" not in plain
    chosen = pdf_text(client.get("/grids/", {**query, "liverpool-decks": "2"}))
    assert "2 paquets, 4 jokers" in chosen and "1 paquet," not in chosen
    assert "Règles de la maison : 2 paquets quel que soit le nombre de joueurs." in chosen
    refused = client.get("/grids/", {**query, "liverpool-decks": "12"})
    assert refused.status_code == 422 and "field-error" in refused.content.decode()


@pytest.mark.django_db
def test_the_legend_of_a_blank_grid_names_only_the_marks_its_game_can_hold(client):
    query = {"players": 4, "deals": 10, "paper": "a4", "orientation": "landscape"}
    query.update({"per_sheet": 1, "language": "fr"})
    contrat = pdf_text(client.get("/grids/", {**query, "rules": "rami-contrat"}))
    assert "★" in contrat and "⊘" in contrat and "①" not in contrat and "∅" not in contrat
    liverpool = pdf_text(client.get("/grids/", {**query, "rules": "liverpool"}))
    assert "⊘" not in liverpool
    thirteen = pdf_text(client.get("/grids/", {**query, "rules": "rami-contrat-13"}))
    assert "①" in thirteen and "∅" not in thirteen


@pytest.mark.django_db
def test_rami_sec_only_needs_only_who_went_out(client, start_game):
    english(client)
    g = start_game("rami-51", ["Ana", "Ben", "Cléo"], options={"rami_sec_only": True})
    page = client.get(g.url).content.decode()
    assert 'name="rami_sec"' not in page  # going out says it
    assert "Rami sec only: all 13 cards at once." in visible_text(page)
    client.post(g.url + "rounds/", round_data(out=1))
    assert [s.score for s in Round.objects.get(game=g.game).scores.order_by("player__seat")] == [
        100,
        -50,
        100,
    ]


@pytest.mark.django_db
def test_decks_that_cannot_deal_every_round_are_refused_next_to_the_option(client):
    client.get("/language/en/")
    names = {f"name_{i}": f"P{i}" for i in range(8)}
    response = client.post("/new/", {"rules": "liverpool", **names, "liverpool-decks": "1"})
    assert response.status_code == 422
    assert "cannot deal every round to 8 players" in response.content.decode()
    query = {"rules": "liverpool", "players": 8, "deals": 7, "paper": "a4"}
    query.update({"orientation": "portrait", "per_sheet": 1, "language": "en"})
    grid = client.get("/grids/", {**query, "liverpool-decks": "1"})
    assert grid.status_code == 422 and "cannot deal every round" in grid.content.decode()


@pytest.mark.django_db
def test_overlap_without_the_contiguity_rule_is_refused(client):
    client.get("/language/en/")
    response = client.post(
        "/new/",
        {
            "rules": "liverpool",
            "name_0": "Ana",
            "name_1": "Ben",
            "liverpool-no_contiguous_runs": "0",
            "liverpool-overlap_counts_as_contiguous": "1",
        },
    )
    assert response.status_code == 422
    assert "do not go together" in response.content.decode()


@pytest.fixture
def made_up_rule():
    """A house rule no system has, declared the one way a house rule is: an entry."""
    from rules_engine import HOUSE_RULES, Choice, HouseRule, register

    rule = register(
        HouseRule(
            "redeal_on_five_jokers",
            ("liverpool",),
            Choice(bool),
            unset=False,
            label={"fr": "Redonne sur cinq jokers", "en": "Redeal on five jokers"},
            meaning={
                "fr": "Une main de cinq jokers se redonne.",
                "en": "A hand dealt five jokers is dealt again.",
            },
            said={True: {"fr": "Cinq jokers : on redonne.", "en": "Five jokers: deal again."}},
        )
    )
    yield rule
    del HOUSE_RULES[rule.name]


def test_a_house_rule_declared_once_reaches_every_page_and_a_stored_game(client, db, made_up_rule):
    english(client)
    assert "Redeal on five jokers" in client.get("/new/").content.decode()
    checker = client.get("/check/", {"rules": "liverpool", "round": "1"}).content.decode()
    assert 'name="redeal_on_five_jokers"' in checker and "Redeal on five jokers" in checker
    rules_page = visible_text(client.get("/rules/liverpool/").content.decode())
    assert "Redeal on five jokers" in rules_page and "A hand dealt five jokers" in rules_page
    response = new_game(client, "liverpool", ["Ana", "Ben"], redeal_on_five_jokers="1")
    game = Game.objects.get()
    assert response.status_code == 302 and game.options == {"redeal_on_five_jokers": True}
    assert "Five jokers: deal again." in client.get(response["Location"]).content.decode()
    assert new_game(client, "liverpool", ["Cy", "Di"], redeal_on_five_jokers="7").status_code == 422


@pytest.mark.django_db
def test_carioca_with_its_ace_to_king_rounds_plays_thirteen_and_says_each_rounds_runs(
    client, start_game
):
    english(client)
    assert new_game(client, "carioca", ["A", "B", "C"], a_to_k_rounds="1").status_code == 302
    assert Game.objects.get().options == {"a_to_k_rounds": True}
    game = start_game("carioca", ["A", "B", "C"], options={"a_to_k_rounds": True})
    for number in range(1, 12):
        answer = client.post(game.url + "rounds/", round_data({1: "5", 2: "10"}, out=0))
        assert answer.status_code == 302, number
    page = visible_text(client.get(game.url).content.decode())
    assert "red and black alternating" in page  # round 12's card, the next to play
    client.post(game.url + "rounds/", round_data({1: "5", 2: "10"}, out=0))
    page = visible_text(client.get(game.url).content.decode())
    assert "(no discard) (no jokers)" in page
    client.post(game.url + "rounds/", round_data({1: "5", 2: "10"}, out=0))
    assert Round.objects.filter(game=game.game).count() == 13
    rules = visible_text(client.get("/rules/carioca/").content.decode())
    assert "The four ace-to-king rounds" in rules


@pytest.mark.django_db
def test_the_checker_lists_the_rounds_a_house_rule_adds(client):
    english(client)
    plain = client.get("/check/?rules=carioca&round=9").content.decode()
    assert 'value="10"' not in plain
    page = client.get("/check/?rules=carioca&a_to_k_rounds=1&round=12").content.decode()
    assert '<option value="12" selected>12. A run of 13 (runs of red and black alternating)' in page
    rounds = client.get(
        "/check/?rules=carioca&a_to_k_rounds=1&round=3&part=rounds", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert rounds.count("<option") == 13 and "<html" not in rounds
