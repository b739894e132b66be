"""One referee for the CLI, the check page and the API: same question, same answer."""

import json

import pytest

from rules_engine import Question, RoundOutOfRange, RulesError, TableOptions, referee
from rules_engine.cli import main


def test_the_cli_answers_exactly_what_the_referee_answers(capsys):
    text = "7H 7S 7D | 8H 9H JK JH"
    assert main(["check", "--json", "--rules", "rami-contrat", "--round", "2", text]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli == referee.check(Question.about("rami-contrat", round=2), text, "en")


@pytest.mark.parametrize("ask", [referee.check, referee.solve])
def test_a_contract_system_needs_the_round_said_never_round_1_by_default(ask):
    with pytest.raises(RoundOutOfRange) as refused:
        ask(Question.about("liverpool"), "7H 7S 7D | 8C 8D 8S", "en")
    assert refused.value.code == "round_needed"
    assert "1 to 7" in str(refused.value)


def test_the_cli_refuses_a_contract_check_without_a_round_with_exit_2(capsys):
    assert main(["check", "--rules", "liverpool", "7H 7S 7D | 8C 8D 8S"]) == 2
    assert "Say which round" in capsys.readouterr().err


def test_the_tables_player_count_bounds_copies_and_jokers():
    text = "9C 9C 9C | 5S 5H 5D"
    assert referee.check(Question.about("liverpool", round=1), text, "en")["valid"]  # 3 decks at 6+
    with pytest.raises(RulesError) as refused:
        referee.check(Question.about("liverpool", round=1, players=4), text, "en")  # 2 decks
    assert refused.value.code == "too_many_copies"


def test_a_player_count_the_game_does_not_have_is_refused():
    with pytest.raises(RulesError) as refused:
        referee.check(Question.about("rami-contrat", round=1, players=9), "7H 7S 7D", "en")
    assert refused.value.code == "player_count"


def test_a_table_without_jokers_refuses_a_joker_in_a_lay_down():
    question = Question.about("rami-contrat", round=1, options=TableOptions(no_jokers=True))
    with pytest.raises(RulesError) as refused:
        referee.check(question, "7H 7S JK | 8H 8S 8D", "en")
    assert refused.value.code == "too_many_jokers"


def test_the_opening_counts_a_joker_as_its_card_when_the_table_says_so():
    text = "AH KH QH | 9S 9D JK"  # a pure run of 31 and a set of two 9s and a joker
    plain = referee.check(Question.about("rami-51"), text, "en")
    as_card = referee.check(
        Question.about("rami-51", options=TableOptions(joker_counts_as_card=True)), text, "en"
    )
    assert (plain["points"], plain["valid"]) == (49, False)
    assert (as_card["points"], as_card["valid"]) == (58, True)


def test_the_penalty_of_a_hand_uses_the_same_limits():
    assert referee.penalty(Question.about("rami-contrat-13"), "A JK K 7") == {"points": 87}
    with pytest.raises(RulesError):
        referee.penalty(Question.about("rami-contrat", players=3), "JK JK JK")
