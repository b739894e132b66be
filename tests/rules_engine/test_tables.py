"""One door into the rules: a game's table is a `Table` or, for ROMi RAMi, a `RomiTable` of
the same shape; the referee's question holds one, with or without a player count."""

import pytest

from rules_engine import (
    SYSTEMS,
    Question,
    RomiTable,
    RulesError,
    Table,
    parse_cards,
    read_table,
    table_for,
)
from rules_engine.limits import hand_limits


def test_a_romi_rami_game_sits_at_a_romi_table_and_the_others_at_a_table():
    for slug, system in SYSTEMS.items():
        table = read_table(slug, 3)
        assert isinstance(table, RomiTable if system.romi else Table), slug
        assert table.deals_rounds == system.deals_rounds == (system.romi is None)


@pytest.mark.parametrize("slug", sorted(SYSTEMS))
def test_every_table_answers_the_questions_every_screen_asks(slug):
    table = read_table(slug, 3, first_dealer=1)
    assert table.rules.slug == slug
    assert table.seats == 3
    assert table.dealer(1) == 1
    assert table.is_finished(True, 0) and isinstance(table.counts_cards, bool)
    assert table.limits().cards > 0
    assert isinstance(table.facts(), tuple) and isinstance(table.card_keys, tuple)


def test_a_romi_rami_game_is_finished_only_when_the_table_enters_its_trophies():
    table = read_table("romi-rami", 2)
    assert not table.is_finished(False, 40, [500, 0])
    assert table.is_finished(True)


def test_the_romi_rami_end_comes_after_7_6_or_5_contracts_by_player_count():
    assert [read_table("romi-rami", n).end_trigger for n in (2, 3, 4)] == [7, 6, 5]


def test_a_romi_table_refuses_a_player_count_the_rules_exclude():
    with pytest.raises(RulesError) as refused:
        table_for(SYSTEMS["romi-rami"], 5, new=True)
    assert refused.value.code == "player_count"


def test_a_contract_card_the_rules_cannot_show_is_refused_with_its_field():
    table = read_table("romi-rami", 2)
    assert table.card_problem(12, "H", [2, 3], 2) is None
    assert table.card_problem(12, "X", [2], 0).field == "colour"
    assert table.card_problem(12, "H", [], 0).code == "romi_combos"
    assert table.card_problem(12, "H", [6], 0).code == "romi_combos"
    assert table.card_problem(100, "H", [2], 0).params == {"most": 99}
    assert table.card_problem(12, "H", [2], 11).field == "bonus_cards"


def test_the_trophies_entered_are_exactly_the_four_in_play_each_once():
    table = read_table("romi-rami", 2)
    assert table.trophies_problem(["H", "D", "2", "3"]) is None
    assert table.trophies_problem(["H", "D", "2"]).params == {"count": 4}
    assert table.trophies_problem(["H", "H", "2", "3"]).code == "romi_trophies"


def test_a_table_without_a_player_count_holds_the_most_its_rules_ever_deal():
    table = table_for(SYSTEMS["liverpool"], None)
    assert table.limits() == hand_limits(SYSTEMS["liverpool"])
    with pytest.raises(RulesError) as refused:
        table.round(1)
    assert refused.value.code == "players_needed"


def test_the_referees_question_holds_the_table_it_asks():
    anywhere = Question.about("liverpool", round=1)
    at_four = Question.about("liverpool", round=1, players=4)
    assert anywhere.table.players is None and at_four.table.players == 4
    assert at_four.table.limits(1).copies == 2 < anywhere.table.limits(1).copies


def test_a_question_about_unknown_rules_or_an_excluded_count_is_refused_when_asked():
    with pytest.raises(RulesError) as unknown:
        Question.about("belote")
    assert unknown.value.code == "unknown_rules"
    with pytest.raises(RulesError) as excluded:
        Question.about("rami-contrat", players=9)
    assert excluded.value.code == "player_count"


def test_the_table_checks_and_finds_a_lay_down_for_its_round():
    table = read_table("rami-contrat", 4)
    assert isinstance(table, Table)
    assert table.check_lay_down(1, [parse_cards("7H 7S 7D"), parse_cards("8C 8D 8S")]).valid
    assert table.find_lay_down(1, parse_cards("7H 7S 7D 8C 8D 8S 2C")).found
    assert table.contract_words(1, "en") == table.round(1).contract_words("en")
    assert table.penalty(parse_cards("KH 7S")) == table.hand_value(parse_cards("KH 7S"))
    assert table.went_out([5, 0, 12, None]) == 1


def test_a_tables_scoring_is_data_a_page_can_carry():
    import json

    scoring = read_table("rami-51", 3, options={"rami_sec_only": True}).scoring()
    assert json.loads(json.dumps(scoring)) == scoring
    assert scoring["values"]["K"] == 10 and scoring["values"]["JK"] == 50
    assert scoring["flat"] == {"laid_nothing": 100} and scoring["bonus"] == {"rami_sec": -50}
    assert scoring["implied"] == [
        {"when": "went_out", "gives": "rami_sec", "to": "self"},
        {"when": "rami_sec", "gives": "laid_nothing", "to": "others"},
    ]
    assert (
        read_table("liverpool", 3, options={"no_jokers": True}).scoring()["values"].get("JK")
        is None
    )


def test_a_romi_rami_table_answers_what_any_page_may_ask():
    """The same players sit from start to finish: every seat plays every contract, nobody
    left, and cards left in hand are not counted (asked, it says why)."""
    table = read_table("romi-rami", 3)
    assert [table.sitting(s) for s in range(3)] == [(1, None)] * 3
    assert table.plays(2, 9) and not table.has_left(0) and not table.counts_cards
    with pytest.raises(RulesError) as refused:
        table.hand_value([])
    assert refused.value.code == "no_penalty"
