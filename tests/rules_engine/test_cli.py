"""`python -m rules_engine`: every command, --json, and the exit codes 0, 1 and 2."""

import json
import subprocess
import sys

import pytest

from rules_engine.cli import main


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", *args], capture_output=True, text=True
    )


def test_rules_lists_the_five_systems_then_the_presets():
    result = run("rules")
    assert result.returncode == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == [
        "rami-contrat",
        "liverpool",
        "rami-51",
        "rami-contrat-13",
        "romi-rami",
        "shanghai",
        "contract-rummy",
        "carioca",
        "continental",
        "king-rummy",
    ]


def test_a_valid_contract_exits_0_with_jokers_written_pinned(capsys):
    code = main(
        ["check", "--json", "--rules", "rami-contrat", "--round", "2", "7H 7S 7D | 8H 9H JK JH"]
    )
    payload = json.loads(capsys.readouterr().out)
    assert code == 0
    assert payload == {
        "valid": True,
        "errors": [],
        "melds": [["7H", "7S", "7D"], ["8H", "9H", "JK=10H", "JH"]],
        "contract": "A set of exactly 3 + a run of exactly 4",
        "lines": ["Set of 3 (7)", "Run of 4, 8 to jack of hearts; joker = 10 of hearts"],
    }


def test_an_invalid_contract_exits_1_with_reasons(capsys):
    code = main(
        ["check", "--json", "--rules", "rami-contrat", "--round", "3", "2S 3S 4S 5S | 6S 7S 8S 9S"]
    )
    payload = json.loads(capsys.readouterr().out)
    assert code == 1 and payload["valid"] is False
    assert "contiguous" in payload["errors"][0]


def test_the_opening_check_reports_points(capsys):
    assert (
        main(["check", "--json", "--rules", "rami-51", "--opening", "AH KH QH | 10S 10D 10C"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["points"] == 61


def test_a_romi_contract_check_reports_bonus_cards_kept(capsys):
    args = [
        *"check --json --rules romi-rami --contract pair+run3 --bonus H".split(),
        "2H 2D 3H 4C 5H",
    ]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["bonus_kept"] == 3


def test_a_romi_contract_with_the_joker_token(capsys):
    args = [
        *"check --json --rules romi-rami --contract run5 --joker".split(),
        "1H 2D 4C 5Y",
    ]
    assert main(args) == 0


def test_penalty_prints_the_points(capsys):
    assert main(["penalty", "--json", "--rules", "rami-51", "AS JK KD"]) == 0
    assert json.loads(capsys.readouterr().out) == {"points": 71}


def test_solve_finds_a_lay_down_or_exits_1(capsys):
    assert (
        main(["solve", "--json", "--rules", "liverpool", "--round", "1", "7H 7S 7D KS KD KC 2H"])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["found"] is True
    assert (
        main(["solve", "--json", "--rules", "liverpool", "--round", "1", "7H 8S 9D KS 2D 5C 2H"])
        == 1
    )
    assert json.loads(capsys.readouterr().out)["found"] is False


def test_solve_the_best_rami_51_opening(capsys):
    assert (
        main(["solve", "--json", "--rules", "rami-51", "--opening", "AH KH QH 10S 10D 10C 2C"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["melds"] == [
        ["10S", "10D", "10C"],
        ["QH", "KH", "AH"],
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--rules", "nope", "--round", "1", "7H"],
        ["check", "--rules", "rami-contrat", "--round", "8", "7H 7S 7D"],
        ["check", "--rules", "rami-contrat", "--round", "1", "7X 7S 7D"],
        ["solve", "--rules", "liverpool", "7H"],
        ["penalty", "--rules", "rami-contrat", "ZZ"],
        ["check", "--rules", "romi-rami", "--contract", "pairs", "2H 2D"],
        ["frobnicate"],
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args):
    result = run(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_penalty_accepts_cards_without_suits_as_the_readme_says(capsys):
    assert main(["penalty", "--rules", "rami-contrat-13", "A JK K 7"]) == 0
    assert capsys.readouterr().out.strip() == "87"  # ace 20, joker 50, king 10, 7


def test_penalty_refuses_more_jokers_than_the_game_has(capsys):
    assert main(["penalty", "--rules", "rami-contrat", "JK JK JK JK JK JK JK JK JK JK"]) == 2
    assert "jokers" in capsys.readouterr().err


def test_a_house_rule_is_given_as_an_option(capsys):
    four_sevens = ["check", "--rules", "rami-contrat", "--round", "1", "7H 7S 7D 7C | 8C 8D 8S"]
    assert main(four_sevens) == 1  # rami-contrat lays exactly the contract
    assert main(["check", "--option", "exact_lay_down=0", *four_sevens[1:]]) == 0


def test_the_players_and_decks_bound_the_cards_of_a_hand(capsys):
    hand = ["solve", "--rules", "liverpool", "--round", "1", "--players", "2", "9C 9C 5S 5H 5D 9D"]
    assert main(hand) == 2  # two players: one deck, a single 9♣
    assert main([*hand[:-1], "--option", "decks=2", hand[-1]]) == 0


@pytest.mark.parametrize("option", ["exact_lay_down", "foo=1", "dealer_passes=up"])
def test_a_bad_option_exits_2_with_one_line(capsys, option):
    assert main(["penalty", "--rules", "rami-contrat", "--option", option, "A 7"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
