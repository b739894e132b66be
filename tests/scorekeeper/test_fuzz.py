"""Arbitrary input at every form, query string and API: always 2xx or 4xx, never 5xx, and
whatever is accepted is shown exactly as stored, escaped."""

import json
import os

import pytest
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules_engine import SYSTEMS, parse_cards, parse_hand, parse_melds
from rules_engine.errors import NotationError
from scorekeeper.models import Game, Player

from .helpers import texts

NASTY = [
    "",
    " ",
    "0",
    "-1",
    "٣",
    "²",
    "９９",
    "1" * 5000,
    "9" * 10,
    "1e9",
    "NaN",
    "\x00",
    "a\x00b",
    "<script>alert(1)</script>",
    "\"'><img src=x onerror=alert(1)>",
    "x" * 10_000,
    "🂡 🃏",
    "A♠ K♥ JK",
    "10-20",
    "+",
    "--5",
    "\u202e",
    "none",
    "random",
    "{{ 7|add:1 }}",
    "{% csrf_token %}",
]
text = st.one_of(st.sampled_from(NASTY), st.text(max_size=60))
# FUZZ_EXAMPLES=2000 for a longer hunt; CI runs 60 per test.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

pytestmark = pytest.mark.django_db


def no_5xx(response):
    assert response.status_code < 500, response.content[:500]
    return response


@FUZZ
@given(
    fields=st.dictionaries(
        st.sampled_from(
            ["rules", "first_dealer", "no_jokers", "rounds", *(f"name_{i}" for i in range(8))]
        ),
        text,
        max_size=10,
    )
)
@example(fields={"name_3": "Dé", "name_4": "E  e"})  # five at the table: short names too
def test_new_game_form(fields):
    client = Client()
    valid = {
        "rules": "rami-contrat",
        "name_0": "A",
        "name_1": "B",
        "name_2": "C",
        "first_dealer": "0",
    }
    response = no_5xx(client.post("/new/", {**valid, **fields}))
    if response.status_code == 302:
        game = Game.objects.order_by("-pk").first()
        html = client.get(response["Location"]).content.decode()
        # Each player heads a column of the scoreboard (from five players, the whole name
        # beside its short form).
        heads = texts(html, "th") + texts(html, "span", "name-full")
        assert all(" ".join(p.name.split()) in heads for p in game.players.all())
        assert "<script>alert(1)" not in html and "onerror=alert(1)>" not in html


@FUZZ
@given(rules=st.sampled_from(list(SYSTEMS)), name=text, other=text)
def test_names_are_stored_and_shown_escaped(rules, name, other):
    low = SYSTEMS[rules].players[0]
    names = {f"name_{i}": f"P{i}" for i in range(low)}
    names["name_0"], names["name_1"] = name, other
    client = Client()
    response = no_5xx(client.post("/new/", {"rules": rules, **names}))
    if response.status_code == 302:
        stored = list(
            Player.objects.filter(game=Game.objects.order_by("-pk").first()).values_list(
                "name", flat=True
            )
        )
        html = client.get(response["Location"]).content.decode()
        heads = texts(html, "th")  # a column of the scoreboard, a row of ROMi RAMi's sheet
        assert all(" ".join(n.split()) in heads for n in stored)
        assert "<script>alert" not in html


ROUND_FIELDS = [
    "went_out",
    "opened_first",
    "rami_sec",
    "client_uuid",
    "number",
    "version",
    *(f"{f}_{i}" for f in ("points", "cards", "laid_nothing") for i in range(3)),
]


@pytest.fixture
def open_game(start_game):
    return start_game("rami-51", ["A", "B", "C"], options={"rounds": None})


@FUZZ
@given(
    fields=st.dictionaries(st.sampled_from(ROUND_FIELDS), text, max_size=12),
    htmx=st.booleans(),
    outbox=st.booleans(),
)
def test_round_entry(open_game, client, fields, htmx, outbox):
    headers = {}
    if htmx:
        headers["HTTP_HX_REQUEST"] = "true"
    if outbox:
        headers["HTTP_X_OUTBOX"] = "1"
    valid = {"went_out": "0", "points_1": "5", "points_2": "7"}
    response = no_5xx(client.post(open_game.url + "rounds/", {**valid, **fields}, **headers))
    if outbox:
        assert "error" in response.json() or response.status_code in (200, 201)


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(ROUND_FIELDS), text, max_size=12))
def test_round_correction(open_game, client, fields):
    client.post(open_game.url + "rounds/", {"went_out": "0", "points_1": "5", "points_2": "7"})
    valid = {"went_out": "1", "points_0": "5", "points_2": "7", "version": "1"}
    no_5xx(client.post(open_game.url + "rounds/1/edit/", {**valid, **fields}))
    no_5xx(client.post(open_game.url + "rounds/1/edit/", {**valid, **fields}, HTTP_X_OUTBOX="1"))


@FUZZ
@given(
    fields=st.dictionaries(
        st.sampled_from(
            ["player", "points", "colour", "combos", "bonus_cards", "joker_used", "client_uuid"]
        ),
        text,
        max_size=7,
    ),
    trophies=st.dictionaries(
        st.sampled_from(
            [
                "trophy_H",
                "trophy_C",
                "trophy_D",
                "trophy_Y",
                "trophy_2",
                "trophy_3",
                "trophy_4",
                "trophy_5",
            ]
        ),
        text,
    ),
)
def test_romi_forms(start_game, client, fields, trophies):
    g = start_game("romi-rami", ["A", "B"])
    valid = {"player": "0", "points": "12", "colour": "H", "combos": "3", "bonus_cards": "1"}
    no_5xx(client.post(g.url + "romi/contracts/", {**valid, **fields}))
    no_5xx(client.post(g.url + "romi/contracts/", {**valid, **fields}, HTTP_HX_REQUEST="true"))
    no_5xx(client.post(g.url + "romi/finish/", trophies))


@FUZZ
@given(
    params=st.dictionaries(
        st.sampled_from(
            [
                "rules",
                "round",
                "melds",
                "hand",
                "part",
                "seat",
                "cards_0",
                "v",
                "url",
                "lang",
                "players",
                "names",
                "deals",
                "paper",
                "orientation",
                "per_sheet",
                "language",
            ]
        ),
        text,
        max_size=8,
    )
)
def test_query_strings(start_game, client, params):
    g = start_game("rami-contrat", ["A", "B", "C"])
    for url in [
        "/check/",
        "/grids/",
        g.url,
        g.url + "live/",
        g.url + "hand-value/",
        g.url + "share/qr.svg",
        "/manifest.webmanifest",
        g.url + "history/",
    ]:
        no_5xx(client.get(url, params, HTTP_HX_REQUEST="true"))
        no_5xx(client.get(url, params))


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), text),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(text, children, max_size=3),
    max_leaves=8,
)


@FUZZ
@given(
    body=st.one_of(
        st.dictionaries(
            st.sampled_from(["rules", "round", "melds", "hand", "cards", "lang"]), json_values
        ),
        json_values,
    ),
    raw=st.one_of(st.none(), st.binary(max_size=200)),
)
def test_json_api(client, body, raw):
    for endpoint in ["/api/check", "/api/solve", "/api/penalty"]:
        payload = raw if raw is not None else json.dumps(body)
        response = no_5xx(client.post(endpoint, payload, content_type="application/json"))
        assert response["Content-Type"] == "application/json"
        if response.status_code >= 400:
            assert response.json()["message"]


@settings(max_examples=300, deadline=None)
@given(text)
def test_the_notation_parsers_only_ever_raise_a_notation_error(value):
    for parse in (parse_cards, parse_hand, parse_melds):
        try:
            parse(value)
        except NotationError as error:
            assert error.code
