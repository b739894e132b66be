"""A contract met in more than one way ("three sets, or two runs of 4"): any one way meets
it, the checker and the finder try each, its words say "or", the file keeps them."""

import pytest

from rules_engine import TableOptions, parse_cards, parse_melds, table_for
from rules_engine.messages import describe
from rules_engine.playable import read_variant
from rules_engine.variant_writer import toml
from rules_engine.variants import VariantError

EITHER = """format = 1
slug = "either-way"
extends = "liverpool"
name = { en = "Either way", fr = "Au choix" }

[[rounds]]
cards = 10
contract = [{ set = 3, count = 3 }]
alternatives = [[{ run = 4, count = 2 }], [{ set = 4 }, { run = 5 }]]

[[rounds]]
cards = 12
contract = [{ run = 4, count = 3 }]
"""


def table(text=EITHER, **options):
    rules = read_variant(text)
    return table_for(rules, 4, options=TableOptions.read(rules, options), new=True)


def test_a_lay_down_meets_the_contract_by_any_of_its_ways():
    assert table().check_lay_down(1, parse_melds("5H 5C 5D | 9C 9H 9S | KD KS KC")).valid
    assert table().check_lay_down(1, parse_melds("5H 6H 7H 8H | 9C TC JC QC")).valid
    assert table().check_lay_down(1, parse_melds("5H 5C 5D 5S | 9C TC JC QC KC")).valid


def test_a_lay_down_meeting_no_way_says_so_then_what_the_closest_lacks():
    check = table().check_lay_down(1, parse_melds("5H 5C 5D | 9C 9H 9S"))
    assert not check.valid
    assert [e.code for e in check.errors] == ["no_way_met", "missing"]
    assert describe("no_way_met", check.errors[0].params, "en").startswith(
        "This contract can be met 3 ways and none is"
    )


def test_the_finder_finds_a_lay_down_by_a_later_way():
    found = table().find_lay_down(1, parse_cards("5H 6H 7H 8H 9C TC JC QC 2D 3S"))
    assert found.found and sorted(len(m) for m in found.melds) == [4, 4]


def test_the_finder_says_no_way_can_be_made_and_why_not_the_first():
    none = table().find_lay_down(1, parse_cards("5H 6H 7H 2C 9C TC JD QC 2D 3S"))
    assert not none.found
    assert [r.code for r in none.reasons][:1] == ["no_way_made"]


def test_the_round_card_says_each_way_after_or():
    words = table().round(1).contract_words
    assert words("en") == "Three sets, or two runs of 4, or a set of 4 + a run of 5"
    assert words("fr") == (
        "Trois brelans, ou deux suites de 4 cartes, ou un brelan de 4 cartes + une suite de 5 cartes"
    )


def test_the_file_keeps_the_alternatives_when_written_back():
    rules = read_variant(EITHER)
    again = read_variant(toml(rules))
    assert again.contracts == rules.contracts
    assert len(again.contracts[0].alternatives) == 2


def test_the_exact_lay_down_house_rule_applies_to_every_way():
    exact = table(exact_lay_down=True).rules.contracts[0]
    assert all(r.exact for r in exact.every_requirement())


@pytest.mark.parametrize(
    "alternatives, code",
    [
        ("[[{ set = 3 }]] * 4", None),  # four more ways: past the bound of 3
        ("[[]]", "variant_empty_way"),
        ("[[{ run = 9, count = 2 }]]", "variant_contract_too_big"),
    ],
)
def test_too_many_empty_or_unplayable_ways_are_refused(alternatives, code):
    if alternatives.endswith("* 4"):
        alternatives = "[" + ", ".join(["[{ set = 3 }]"] * 4) + "]"
    text = EITHER.replace(
        "alternatives = [[{ run = 4, count = 2 }], [{ set = 4 }, { run = 5 }]]",
        f"alternatives = {alternatives}",
    )
    with pytest.raises(VariantError) as caught:
        read_variant(text)
    if code is not None:
        assert caught.value.code == code
    assert "{" not in describe(caught.value.code, caught.value.params, "en")


GLANCED = """format = 1
slug = "glanced"
extends = "liverpool"
name = { en = "Glanced" }
players = [2, 4]

[melds]
run_min = 3
aces = "round_the_corner"
jokers_side_by_side = false
joker_limits = [{ from_size = 1, most = 3 }]

[deal]
extra_cards = 8
jokers_per_deck = 1
decks = [{ players = [2, 8], decks = 3 }]

[lay_down]
exact = true
no_contiguous_runs = true
same_rank_sets_count_once = true

[[rounds]]
cards = 20
contract = [{ run = 9, count = 2 }, { set = 3, count = 2 }]
alternatives = [[{ run = 3 }, { run = 4 }, { set = 4 }, { run = 5 }], [{ run = 5, count = 2 }, { run = 7 }]]
"""


def test_a_later_way_that_lays_is_found_before_the_first_spends_every_budget():
    # A random variant's hand: proving that the first way cannot be laid takes every
    # search's budget (the finder answered "too many possibilities"); the second lays in
    # some twenty nodes of the card search, which now looks at every way briefly first.
    hand = parse_cards(
        "JK JK JK 3C 5C QC 8C QC JC 2C 10C AC 9C 6C 7C 2C 8C KC 5C KC 4C 5C JC 3C 6C"
    )
    solution = table(GLANCED).find_lay_down(1, hand)
    assert solution.found
    assert table(GLANCED).check_lay_down(1, [list(m) for m in solution.melds]).valid
