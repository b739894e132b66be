"""Runs not of one suit: of any suits (Carioca's "sucia", Phase 10's runs), all red or all
black, red and black alternating (the "payaso"), for a whole game or one round; the
checker reads them, the finder finds them in the hand's own cards, the files keep them."""

import random

import pytest

from rules_engine import (
    Card,
    TableOptions,
    VariantError,
    get_rules,
    parse_cards,
    parse_melds,
    table_for,
)
from rules_engine.contracts import check_contract
from rules_engine.messages import describe, reading_words
from rules_engine.playable import read_document, read_variant
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document, toml

from .brute import two_melds_meet

ROUNDS = [
    {"cards": 10, "contract": [{"run": 4, "count": 2}]},
    {"cards": 10, "contract": [{"set": 3}, {"run": 4}], "runs": "one_suit"},
]


def variant(runs, aces="low_or_high", **lay_down):
    doc = document(get_rules("liverpool"))
    doc = {**doc, "slug": f"runs-{runs.replace('_', '-')}", "name": {"en": "Runs"}}
    doc["melds"] = {**doc["melds"], "runs": runs, "aces": aces}
    doc["lay_down"] = {**doc.get("lay_down", {}), **lay_down}
    doc["rounds"] = ROUNDS
    return read_document(doc)


def check(rules, text, number=1):
    return check_contract(rules, number, parse_melds(text))


def errors(result):
    return [e.code for e in result.errors] + [
        r.code for e in result.errors for r in e.params.get("reasons", ())
    ]


def test_a_run_of_any_suits_is_ranks_in_a_row():
    rules = variant("any_suit")
    assert check(rules, "4H 5S 6D 7C | 9C TC JH QD").valid
    assert "run_not_consecutive" in errors(check(rules, "4H 5S 6D 8C | 9C TC JH QD"))


def test_a_run_of_one_colour_is_all_red_or_all_black():
    rules = variant("one_colour")
    assert check(rules, "4H 5D 6D 7H | 9C TS JC QS").valid
    assert "run_mixed_colours" in errors(check(rules, "4H 5D 6S 7H | 9C TS JC QS"))


def test_a_run_of_alternating_colours_changes_colour_at_each_card():
    rules = variant("alternating_colours")
    assert check(rules, "4H 5S 6D 7C | 9C TD JS QH").valid
    refused = check(rules, "4H 5S 6S 7D | 9C TD JS QH")
    assert "run_colours_alternate" in errors(refused)


def test_an_alternating_run_takes_the_ace_low_only():
    rules = variant("alternating_colours")
    assert check(rules, "AH 2S 3D 4C | 9C TD JS QH").valid
    assert not check(rules, "JH QS KD AC | 9C TD JS QH").valid
    high = variant("alternating_colours", aces="high")
    assert check(high, "JH QS KD AC | 9C TD JS QH").valid


def test_a_joker_in_an_alternating_run_stands_for_the_colour_its_place_needs():
    rules = variant("alternating_colours")
    result = check(rules, "4H JK 6D 7C | 9C TD JS QH")
    assert result.valid
    joker = result.melds[0][1]
    assert joker.pin[0] == 5 and joker.pin[1] in "SC"
    assert "joker = 5 of" in reading_words(result.readings[0], "en")


def test_the_words_say_what_the_run_shares():
    rules = variant("one_colour")
    result = check(rules, "4H 5D 6D 7H | 9C TS JC QS")
    assert reading_words(result.readings[0], "en") == "Run of 4, 4 to 7, all red"
    assert reading_words(result.readings[1], "fr") == "Suite de 4 cartes, 9 à dame, toute noire"
    mixed = variant("any_suit")
    line = reading_words(check(mixed, "4H 5S 6D 7C | 9C TC JH QD").readings[0], "es")
    assert line == "Escalera de 4 cartas, 4 a 7, palos cualesquiera"
    assert describe("run_colours_alternate", {}, "es").startswith("los colores deben")


def test_runs_of_any_suits_that_follow_on_meet_whatever_their_suits():
    rules = variant("any_suit", no_contiguous_runs=True)
    refused = check(rules, "2H 3S 4D 5C | 6C 7D 8S 9H")
    assert "runs_contiguous" in errors(refused)
    assert check(rules, "2H 3S 4D 5C | 7C 8D 9S TH").valid


def test_a_round_may_ask_runs_of_one_suit_in_a_game_of_any_suits():
    rules = variant("any_suit")
    assert check(rules, "7S 7H 7D | 4H 5H 6H 7H", number=2).valid
    assert "run_mixed_suits" in errors(check(rules, "7S 7H 7D | 4H 5S 6H 7H", number=2))


@pytest.mark.parametrize("runs", ["any_suit", "one_colour", "alternating_colours"])
def test_the_finder_lays_the_hands_own_cards_and_the_checker_agrees(runs):
    rules = variant(runs)
    rng = random.Random(runs)
    pack = [Card(r, s) for s in "SHDC" for r in range(2, 11)] * 2 + [Card(0)] * 4
    found = 0
    for _ in range(60):
        hand = rng.sample(pack, 11)
        solution = solve_contract(rules, 1, hand)
        if not solution.found:
            continue
        found += 1
        laid = [c for meld in solution.melds for c in meld]
        naturals = sorted(c for c in laid if not c.is_joker)
        held = sorted(c for c in hand if not c.is_joker)
        assert all(naturals.count(c) <= held.count(c) for c in naturals)
        assert check_contract(rules, 1, [list(m) for m in solution.melds]).valid
    assert found >= 5


@pytest.mark.parametrize("runs", ["any_suit", "one_colour", "alternating_colours"])
def test_the_finder_misses_no_lay_down_the_checker_would_accept(runs):
    rules = variant(runs)
    rng = random.Random(f"brute-{runs}")
    ranks = list(range(3, 9))  # a narrow stretch, so that runs are often there to find
    pack = [Card(r, s) for s in "SHDC" for r in ranks] + [Card(0)] * 3
    for _ in range(30):  # about a third of them make the contract
        hand = rng.sample(pack, 10)
        assert solve_contract(rules, 1, hand).found == two_melds_meet(rules, 1, hand, (4, 4)), hand


def test_a_variant_file_keeps_its_runs_for_the_game_and_for_a_round():
    rules = variant("one_colour")
    again = read_variant(toml(rules))
    assert again.meld_rules.run_suits == "one_colour"
    assert again.contracts[1].runs == "one_suit"
    assert again.contracts[0].runs is None


def test_runs_of_mixed_suits_beside_sets_of_different_suits_are_refused_in_words():
    doc = document(variant("any_suit"))
    doc["melds"] = {**doc["melds"], "set_suits": "different", "set_max": 4}
    with pytest.raises(VariantError) as refused:
        read_document(doc)
    assert refused.value.code == "variant_runs_beside_different_suits"


def test_a_points_opening_keeps_runs_of_one_suit():
    doc = {**document(get_rules("rami-51")), "slug": "rami-any", "name": {"en": "Rami any"}}
    doc["melds"] = {**doc["melds"], "runs": "any_suit"}
    with pytest.raises(VariantError) as refused:
        read_document(doc)
    assert refused.value.code == "variant_runs_in_opening"


def carioca(**options):
    rules = get_rules("carioca")
    return table_for(rules, 4, options=TableOptions.read(rules, options), new=True)


def test_carioca_plays_nine_rounds_unless_the_table_adds_the_four_ace_to_king_ones():
    assert carioca().rounds == 9
    table = carioca(a_to_k_rounds=True)
    assert table.rounds == 13
    words = [table.round(n).contract_words("en") for n in range(10, 14)]
    assert words == [
        "A run of 13 (runs of any suits) (no discard)",
        "A run of 13 (runs all red or all black) (no discard)",
        "A run of 13 (runs of red and black alternating) (no discard)",
        "A run of 13 (runs of one suit) (no discard) (no jokers)",
    ]
    assert table.round(13).jokers == 0 and table.round(12).cards == 12


def test_the_payaso_round_lays_ace_to_king_alternating_with_one_joker():
    table = carioca(a_to_k_rounds=True)
    hand = parse_cards("AH 2S 3D 4C 5H 6S 7H 8S 9D TC JD QS JK")
    solution = table.find_lay_down(12, hand)
    assert solution.found
    assert table.check_lay_down(12, [list(solution.melds[0])]).valid
    assert not table.find_lay_down(12, parse_cards("AH 2S 3D 4C 5H 6S 7H 8S 9D TC JD QS KS")).found
    assert table.check_lay_down(10, parse_melds("AH 2S 3D 4C 5H 6S 7H 8S 9D TC JD QS KS")).valid
