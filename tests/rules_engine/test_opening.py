"""rami-51's opening: a pure run and 51 points; aces high 11, low 1; jokers 0."""

from rules_engine import TableOptions, get_rules, parse_melds
from rules_engine.opening import check_opening

R51 = get_rules("rami-51")


def opening(text, **options):
    """The opening check at a table with these house rules (none: the rules as written)."""
    return check_opening(TableOptions(**options).apply(R51), parse_melds(text))


def test_an_opening_needs_a_pure_run_and_51_points():
    result = opening("5S 6S 7S | KH KS KD | QH QS QC")
    assert result.valid and result.points == 78


def test_a_run_with_a_joker_is_not_pure():
    result = opening("5S JK 7S | KH KS KD | QH QS QC")
    assert not result.has_pure_run
    assert [e.code for e in result.errors] == ["no_pure_run"]


def test_the_ace_counts_11_high_and_1_low():
    assert opening("AH KH QH").points == 31
    assert opening("3H 2H AH").points == 6


def test_an_ace_in_a_set_counts_11():
    assert opening("AH AS AD").points == 33


def test_a_joker_counts_nothing_unless_the_table_says_so():
    assert opening("10D JK QD").points == 20
    assert opening("10D JK QD", joker_counts_as_card=True).points == 30


def test_below_51_reports_what_is_missing():
    result = opening("5S 6S 7S | 9H 9S 9D")
    assert result.errors[0].code == "below_minimum"
    assert result.errors[0].params["missing"] == 51 - 45


def test_with_two_cards_left_5_6_of_spades_and_drawing_the_7_one_cannot_lay_the_run():
    # "s'il me reste deux cartes, le 5 et le 6 de pique, et que je pioche le 7 ... je ne peux pas"
    result = check_opening(R51, parse_melds("5S 6S 7S"), hand_size=3)
    assert "must_keep_discard" in [e.code for e in result.errors]


def test_with_5_6_10_of_spades_and_drawing_the_7_the_run_is_laid_and_the_10_discarded():
    result = check_opening(R51, parse_melds("5S 6S 7S"), hand_size=4)
    assert "must_keep_discard" not in [e.code for e in result.errors]


def test_rami_51_sets_must_have_different_suits():
    result = opening("5S 6S 7S | KH KH KD | QH QS QC")
    assert result.errors[0].code == "meld_invalid"
