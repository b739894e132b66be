"""Wild deuces: where a table plays the deuces (or only the black or red ones) wild, a deuce
stands for any card or stays a plain two. The checker reads both, the limits count a wild
deuce as a joker and the decks as a deuce, the finder plays them, a deuce left in hand counts
as a wild card, and the files, the house rule and the words say so."""

import random

import pytest

from rules_engine import (
    Card,
    NotationError,
    TableOptions,
    VariantError,
    get_rules,
    parse_cards,
    parse_hand,
    parse_melds,
    table_for,
)
from rules_engine.cards import format_card, format_melds, parse_card, rank_keys
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.contracts import check_contract
from rules_engine.deuces import deuce_plays, deuces_used
from rules_engine.errors import HandTooLarge, SearchTooLarge
from rules_engine.limits import Budget
from rules_engine.melds import check_meld
from rules_engine.messages import describe, reading_words
from rules_engine.playable import read_document
from rules_engine.scoring import hand_points
from rules_engine.solver import solve_contract
from rules_engine.variant_writer import document, toml

from .brute import two_melds_meet


def with_deuces(wild="all", slug="contract-rummy", **values):
    doc = document(get_rules(slug))
    doc = {**doc, "slug": f"deuces-{wild}", "name": {"en": "Deuces"}}
    doc["melds"] = {**doc["melds"], "wild_deuces": wild}
    doc["values"] = {**doc["values"], **values}
    return read_document(doc)


def check(rules, text, number=2):
    return check_contract(rules, number, parse_melds(text))


def shown(result):
    return format_melds([list(m) for m in result.melds])


def codes(result):
    return [e.code for e in result.errors] + [
        r.code for e in result.errors for r in e.params.get("reasons", ())
    ]


# Notation ------------------------------------------------------------------------------


def test_a_deuce_laid_wild_is_written_with_the_card_it_stands_for():
    card = parse_card("2C=9H")
    assert card.is_joker and card.deuce == "C" and card.pin == (9, "H")
    assert format_card(card) == "2C=9H" and format_card(card, symbols=True) == "2♣=9♥"


def test_only_a_joker_or_a_deuce_may_stand_for_another_card():
    with pytest.raises(NotationError) as refused:
        parse_card("3C=9H")
    assert refused.value.code == "bad_joker_pin"


# The checker ---------------------------------------------------------------------------


def test_a_wild_deuce_fills_a_set_and_a_run():
    result = check(with_deuces(), "7H 2C 7S | 5D 6D 2S 8D")
    assert result.valid
    assert shown(result) == "7H 2C=7C 7S | 5D 6D 2S=7D 8D"


def test_a_deuce_in_its_own_place_stays_a_natural_two():
    result = check(with_deuces(), "9S 9D 9C | 2H 3H 4H 5H")
    assert result.valid and shown(result) == "9S 9D 9C | 2H 3H 4H 5H"


def test_the_reading_says_which_deuce_stands_for_which_card_in_each_language():
    run = check(with_deuces(), "7H 7S 7D | 5D 6D 2S 8D").readings[1]
    assert reading_words(run, "fr") == (
        "Suite de 4 cartes, 5 à 8 de carreau ; 2 de pique = 7 de carreau"
    )
    assert reading_words(run, "en") == "Run of 4, 5 to 8 of diamonds; 2 of spades = 7 of diamonds"
    assert reading_words(run, "es") == (
        "Escalera de 4 cartas, 5 a 8 de diamantes; 2 de picas = 7 de diamantes"
    )


def test_three_deuces_are_a_set_of_twos():
    result = check(with_deuces(), "2H 2S 2D | 3C 4C 5C 6C")
    assert result.valid and not any(c.is_joker for meld in result.melds for c in meld)


def test_without_wild_deuces_a_deuce_is_only_a_two():
    rules = get_rules("contract-rummy")
    assert "run_mixed_suits" in codes(check(rules, "7H 7S 7D | 5D 6D 2S 8D"))


def test_where_only_black_deuces_are_wild_a_red_deuce_is_a_two():
    black = with_deuces("black")
    assert check(black, "7H 7S 7D | 5D 6D 2S 8D").valid
    assert not check(black, "7H 7S 7D | 5D 6D 2H 8D").valid


def test_a_deuce_written_wild_where_it_is_not_is_refused_in_words():
    result = check(with_deuces("black"), "7H 7S 7D | 5D 6D 2H=7D 8D")
    assert "deuce_not_wild" in codes(result)
    reason = result.errors[0].params["reasons"][0]
    assert describe(reason.code, reason.params, "en") == (
        "the 2 of hearts is laid as a wild card, but in this game it is not wild"
    )


def test_a_wild_deuce_counts_as_a_joker_in_a_melds_limit():
    shanghai = with_deuces(slug="shanghai")  # a set of 3 holds at most 1 joker
    meld = check_meld(parse_cards("7H 2C JK"), round_rules(shanghai, 1).meld_rules)
    assert not meld.valid
    assert "set_too_many_jokers" in [r.code for r in meld.reasons]


def test_a_wild_deuce_counts_as_a_joker_in_the_lay_downs_limit():
    carioca = with_deuces(slug="carioca")  # at most 2 jokers in one lay-down
    result = check_contract(carioca, 1, parse_melds("7H 7S JK | 9H 9C 2S | KH KD 2D"))
    assert "lay_down_too_many_jokers" in codes(result)


def test_the_decks_count_a_wild_deuce_as_the_deuce_it_is():
    rules = with_deuces()  # three decks at most: three deuces of clubs
    laid = "7H 7S 2C=7D | 9H 9C 2C=9D | KH KD 2C=KS | 4H 4S 2C"
    with pytest.raises(HandTooLarge) as refused:
        check_contract(rules, 1, parse_melds(laid))
    assert refused.value.code == "too_many_copies"


# The finder ----------------------------------------------------------------------------


def test_the_finder_plays_a_deuce_wild_and_the_checker_agrees():
    rules = with_deuces()
    hand = parse_cards("7H 7S 2C 5D 6D 2H 8D KS QH 3C 9S")
    solution = solve_contract(rules, 2, hand)
    assert solution.found
    assert check_contract(rules, 2, [list(m) for m in solution.melds]).valid
    assert solve_contract(get_rules("contract-rummy"), 2, hand).found is False


def test_the_finder_lays_a_deuce_standing_for_itself_as_a_two():
    solution = solve_contract(with_deuces(), 3, parse_cards("2H 3H 4H 5H 2C 7S 9S 10S JD QD KC"))
    assert solution.found
    assert parse_card("2H") in [c for meld in solution.melds for c in meld]


@pytest.mark.parametrize("wild", ["all", "black"])
def test_the_finder_misses_no_lay_down_the_checker_would_accept(wild):
    rules = with_deuces(wild, slug="shanghai")  # at most one joker in a set of three
    rng = random.Random(f"deuces-{wild}")
    pack = [Card(r, s) for s in "SHDC" for r in (2, 5, 6, 7, 8, 9)] + [Card(0)]
    found = 0
    for _ in range(40):  # a third to a half of them make the contract
        hand = rng.sample(pack, 8)
        solution = solve_contract(rules, 1, hand)
        assert solution.found == two_melds_meet(rules, 1, hand, (3, 3)), hand
        if solution.found:
            found += 1
            assert check_contract(rules, 1, [list(m) for m in solution.melds]).valid
    assert 5 <= found <= 35


@pytest.mark.parametrize("wild", ["all", "black"])
def test_the_finder_misses_no_set_and_run_the_checker_would_accept(wild):
    rules = with_deuces(wild, slug="shanghai")
    rng = random.Random(f"set-and-run-{wild}")
    pack = [Card(r, s) for s in "SH" for r in (2, 2, 3, 4, 5, 6, 7)] + [Card(2, "D"), Card(0)]
    found = 0
    for _ in range(30):
        hand = rng.sample(pack, 8)
        solution = solve_contract(rules, 2, hand)
        assert solution.found == two_melds_meet(rules, 2, hand, (3, 4)), hand
        found += solution.found
    assert 5 <= found <= 25


# Scoring -------------------------------------------------------------------------------


def test_a_wild_deuce_left_in_hand_counts_as_a_joker():
    rules = with_deuces()  # the joker is worth 15
    assert hand_points(rules, parse_hand("2 2H K")) == 15 + 15 + 10


def test_a_game_may_give_a_wild_deuce_its_own_value():
    assert hand_points(with_deuces(wild_deuce=20), parse_hand("2S")) == 20


def test_where_only_black_deuces_are_wild_a_red_or_unsuited_deuce_counts_two():
    black = with_deuces("black")
    assert hand_points(black, parse_hand("2S 2C")) == 30
    assert hand_points(black, parse_hand("2H 2")) == 4


def test_the_picker_offers_a_key_for_a_black_deuce_where_only_those_are_wild():
    assert rank_keys(True, "SC")[:4] == ("A", "2", "2♠", "3")
    assert rank_keys(True, "SHDC") == rank_keys(True)
    table = table_for(with_deuces("black"), 4, new=True)
    assert table.scoring()["values"]["2♠"] == 15 and table.scoring()["values"]["2"] == 2


# Files and house rules -------------------------------------------------------------------


def test_a_variant_file_keeps_its_wild_deuces_and_their_value():
    rules = with_deuces("red", wild_deuce=25)
    text = toml(rules)
    assert 'wild_deuces = "red"' in text and "wild_deuce = 25" in text
    again = read_document(document(rules), new=False)
    assert again.meld_rules.wild_deuces == "HD" and again.values.wild_deuce == 25


def test_a_points_opening_is_refused_wild_deuces_in_words():
    doc = document(get_rules("rami-51"))
    doc = {**doc, "slug": "rami-deuces", "name": {"en": "Rami with deuces"}}
    doc["melds"] = {**doc["melds"], "wild_deuces": "all"}
    with pytest.raises(VariantError) as refused:
        read_document(doc)
    assert refused.value.code == "variant_wild_deuces_in_opening"


@pytest.mark.parametrize("slug", ["shanghai", "contract-rummy"])
def test_shanghai_and_contract_rummy_offer_wild_deuces_as_a_house_rule(slug):
    rules = get_rules(slug)
    assert rules.meld_rules.wild_deuces == ""
    options = TableOptions.read(rules, {"wild_deuces": "black"})
    table = table_for(rules, 4, options=options, new=True)
    assert table.rules.meld_rules.wild_deuces == "SC"
    assert table.card_keys[2] == "2♠"


def test_a_contract_of_runs_needs_no_way_keeping_more_natural_deuces_than_runs():
    rules = with_deuces()
    meld = rules.meld_rules
    hand = parse_cards("2S 2S 2S 2H 7H 8H")
    plays = deuce_plays(hand, meld)
    assert len(plays) == 4 * 2
    two_runs = contract_for(rules, 3)  # two runs of 4
    kept = deuces_used(plays, two_runs.ways(), meld, lay_all=False)
    assert len(kept) == 3 * 2  # three natural 2♠ is one too many for two runs
    assert all(sum(c.rank == 2 and c.suit == "S" for c in play) <= 2 for play in kept)
    a_set_and_a_run = contract_for(rules, 2)
    assert deuces_used(plays, a_set_and_a_run.ways(), meld, lay_all=False) == plays


def test_where_a_sets_suits_may_repeat_only_how_many_deuces_stay_natural_matters():
    rules = with_deuces()
    meld = rules.meld_rules
    plays = deuce_plays(parse_cards("2S 2S 2H 2H 2D 9C"), meld)
    assert len(plays) == 3 * 3 * 2
    two_sets = contract_for(rules, 1).ways()
    kept = deuces_used(plays, two_sets, meld, lay_all=False)
    naturals = [sum(c.rank == 2 for c in play) for play in kept]
    assert sorted(naturals) == [0, 1, 2, 3, 4, 5]  # one way for each count of natural 2s


def test_a_spent_budget_is_not_set_to_work_again(monkeypatch):
    import rules_engine.solver as solver

    def never(*args, **kwargs):
        raise AssertionError("searched past a spent budget")

    monkeypatch.setattr(solver, "search_cards", never)
    monkeypatch.setattr(solver, "walk_runs", never)
    monkeypatch.setattr(solver, "decide", never)
    spent, walk, shapes, late_walk = Budget(10), Budget(10), Budget(10), Budget(10)
    spent.left = walk.left = shapes.left = late_walk.left = 0
    rules = with_deuces()
    budgets = solver.Budgets(spent, walk, shapes, late_walk)
    with pytest.raises(SearchTooLarge):
        solver._search(rules, contract_for(rules, 1), parse_cards("7H 7S"), budgets)


# Where one lay-down holds few jokers -----------------------------------------------------


def with_deuces_and_most(most, wild="all"):
    rules = with_deuces(wild)
    doc = {**document(rules), "lay_down": {"jokers_most": most}}
    return read_document(doc)


def test_no_way_makes_more_deuces_wild_than_a_lay_down_may_hold_beside_the_jokers():
    rules = with_deuces_and_most(2)
    meld = rules.meld_rules
    hand = parse_cards("JK 2S 2S 2H 2D 5C 6C 7C")
    plays = deuce_plays(hand, meld)
    assert len(plays) == 3 * 2 * 2
    two_runs = contract_for(rules, 3).ways()
    kept = deuces_used(plays, two_runs, meld, lay_all=False, most=2)
    # The joker takes one of the two places: one wild deuce at most, of any suit.
    assert len(kept) == 1 + 3
    assert all(sum(bool(c.deuce) for c in play) <= 1 for play in kept)


def test_with_jokers_filling_the_lay_down_a_run_still_lays_a_deuce_natural():
    # Two jokers fill the lay-down's two places: the deuces are natural, and three natural
    # 2♠ (more than two runs take) are not read as some of them wild.
    rules = with_deuces_and_most(2)
    hand = parse_cards("JK JK 2S 2S 2S AS 3S 4S 5H 6H 7H 8H")
    found = solve_contract(rules, 3, hand)
    assert found.found
    cards = shown(found).replace(" | ", " ").split()
    assert "2S" in cards  # a 2♠ laid as itself
    assert not any(card.startswith("2") and "=" in card for card in cards)  # none wild


def test_every_wild_deuce_beside_two_jokers_filling_the_lay_down_is_decided():
    # Twelve wild deuces are 256 ways to play them, each searched on its own where the
    # lay-down's jokers are limited (before: too many possibilities). The two jokers fill
    # its two places, so only the deuces played natural matter.
    rules = with_deuces_and_most(2)
    hand = parse_cards("2S 2S 2S 2H 2H 2H 2D 2D 2D 2C 2C 2C JK JK 3D 9C 5H 3H 7C")
    result = solve_contract(rules, 6, hand)  # a set of 3 and two runs of 4
    assert not result.found  # 2H 3H JK 5H, but a second run would take two jokers more
    assert [r.code for r in result.reasons] == ["only_n_possible"]
