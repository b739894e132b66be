"""The engine speaks Spanish as a Spanish-speaking table does: trío, escalera, comodín."""

import json
import re

from rules_engine import SYSTEMS, Card
from rules_engine.cards import parse_cards
from rules_engine.cli import main
from rules_engine.house_rules import HOUSE_RULES, label_words, said_words, value_words
from rules_engine.melds import check_meld
from rules_engine.messages import LANGUAGES, card_words, contract_words, describe, reading_words
from rules_engine.sentences import SENTENCES

PLACE = re.compile(r"\{\w+\}")


def _places(words) -> set[str]:
    return set(PLACE.findall(" ".join(words) if isinstance(words, tuple) else words))


def test_every_reason_code_has_a_spanish_sentence_naming_the_same_values():
    assert LANGUAGES == ("fr", "en", "es")
    for code, words in SENTENCES.items():
        reference = words.get("en", words["fr"])
        assert _places(words["es"]) == _places(reference), code
        assert words["es"] != reference, code


def test_every_house_rule_and_every_game_has_spanish_words():
    for name, rule in HOUSE_RULES.items():
        assert rule.label["es"] and rule.meaning["es"], name
        assert all("es" in words for words in rule.said.values()), name
    for system in SYSTEMS.values():
        assert system.name["es"] and system.summary["es"] != system.summary["en"]


def test_a_contract_says_trio_and_escalera_with_their_genders():
    ladder = [contract_words(c, "es") for c in SYSTEMS["rami-contrat"].contracts]
    assert ladder[0] == "Dos tríos de exactamente 3 cartas"
    assert ladder[1] == "Un trío de exactamente 3 cartas + una escalera de exactamente 4 cartas"
    assert ladder[6].endswith("una escalera de exactamente 5 cartas (sin descarte)")
    assert contract_words(SYSTEMS["liverpool"].contracts[1], "es") == (
        "Un trío + una escalera de 4 cartas"
    )


def test_no_run_possible_agrees_with_escalera_being_feminine():
    assert describe(
        "only_n_possible", {"kind": "run", "size": 4, "needed": 2, "possible": 0}, "es"
    ) == ("Ninguna escalera posible; el contrato pide 2.")
    assert describe(
        "only_n_possible", {"kind": "set", "size": 3, "needed": 2, "possible": 1}, "es"
    ) == ("Solo es posible un trío; el contrato pide 2.")


def test_cards_and_melds_are_read_in_spanish():
    assert card_words(Card(13, "H"), "es") == "rey de corazones"
    assert card_words(Card(11, "S"), "es") == "jota de picas"
    rules = SYSTEMS["liverpool"].meld_rules
    (run,) = check_meld(parse_cards("7H 8H JK 10H"), rules).readings
    assert reading_words(run, "es") == (
        "Escalera de 4 cartas, 7 a 10 de corazones; comodín = 9 de corazones"
    )
    (jokers,) = check_meld(parse_cards("KS KD KC JK"), rules).readings_of("set")
    assert reading_words(jokers, "es") == "Trío de 4 (rey); 1 comodín"
    (two,) = check_meld(parse_cards("KS KD JK JK"), rules).readings_of("set")
    assert reading_words(two, "es") == "Trío de 4 (rey); 2 comodines"


def test_house_rules_are_said_in_spanish():
    assert label_words("no_jokers", "es") == "Jugar sin comodines"
    assert said_words("dealer_passes", "left", "es") == "El reparto pasa a la izquierda."
    assert said_words("rounds", 5, "es") == "5 rondas acordadas."
    assert value_words("exact_lay_down", True, "es") == "sí"


def test_the_command_line_answers_in_spanish(capsys):
    args = ["--lang", "es", "check", "--rules", "liverpool", "--round", "2"]
    assert main([*args, "7H 8H JK 10H | KS KD KC"]) == 0
    assert capsys.readouterr().out.startswith("Un trío + una escalera de 4 cartas: válida")
    assert main([*args, "7H 8H JK 10H | KS KD"]) == 1
    out = capsys.readouterr().out
    assert "no válida" in out and "Al contrato todavía le falta un trío." in out
    assert main(["--lang", "es", "penalty", "--rules", "liverpool", "7X"]) == 2
    assert capsys.readouterr().err.startswith("error: «7X» no es una carta: palo desconocido.")
    assert main(["--lang", "es", "rules", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[1]["summary"].startswith("2 a 8 jugadores, 7 rondas de tríos y escaleras")
