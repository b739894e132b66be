"""A round dealt without jokers inside a game with them (Carioca's "real" A-to-K round): its
plan holds none, no lay-down or hand of it may hold one, its words and its file say so."""

import pytest

from rules_engine import HandTooLarge, TableOptions, parse_cards, parse_melds, table_for
from rules_engine.contracts import check_contract
from rules_engine.playable import read_variant
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import toml

REAL = """format = 1
slug = "carioca-real"
extends = "carioca"
name = { es = "Carioca con escala real" }

[[rounds]]
cards = 12
contract = [{ set = 3, count = 2 }]

[[rounds]]
cards = 12
contract = [{ run = 13, exact = true }]
lay_all_cards = true
jokers = false
"""


def table():
    rules = read_variant(REAL)
    return table_for(rules, 4, options=TableOptions.read(rules, {}), new=True)


def test_the_round_without_jokers_deals_none_and_the_others_keep_theirs():
    assert table().round(1).jokers > 0
    assert table().round(2).jokers == 0


def test_its_words_say_it_is_played_without_jokers():
    assert table().round(2).contract_words("en").endswith("(no discard) (no jokers)")
    assert table().round(2).contract_words("es").endswith("(sin comodines)")
    assert "joker" not in table().round(1).contract_words("fr")


def test_a_lay_down_or_a_hand_of_it_with_a_joker_is_refused():
    royal = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    assert table().check_lay_down(2, parse_melds(royal)).valid
    with pytest.raises(HandTooLarge) as refused:
        table().check_lay_down(2, parse_melds(royal.replace("7H", "JK")))
    assert refused.value.code == "too_many_jokers" and refused.value.params["most"] == 0
    with pytest.raises(HandTooLarge):
        table().find_lay_down(2, parse_cards(royal.replace("7H", "JK")))
    with pytest.raises(HandTooLarge):  # without a table too: the rules alone say it
        rules = read_variant(REAL)
        solve_contract(rules, 2, parse_cards(royal.replace("7H", "JK")))
    with pytest.raises(HandTooLarge):
        check_contract(read_variant(REAL), 2, parse_melds(royal.replace("7H", "JK")))
    with pytest.raises(HandTooLarge):  # the cards left in a hand of that round, too
        table().check_held(2, parse_cards("JK 7S"))
    table().check_held(1, parse_cards("JK 7S"))


def test_the_file_keeps_it_when_written_back():
    rules = read_variant(REAL)
    assert read_variant(toml(rules)).contracts == rules.contracts
    assert "jokers = false" in toml(rules)
