"""Every rule system is a variant file: read, merged, written back, refused in players' words."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine import SYSTEMS, get_rules, table_for
from rules_engine.catalogue import PRESETS, SEEDS
from rules_engine.messages import describe
from rules_engine.playable import check_playable, read_variant
from rules_engine.variant_model import json_schema
from rules_engine.variant_writer import toml
from rules_engine.variants import FOLDER, VariantError

ROOT = Path(__file__).resolve().parents[2]
LIVERPOOL = (FOLDER / "liverpool.toml").read_text()
HEAD = LIVERPOOL.split("[[rounds]]")[0]  # Liverpool without its rounds


def refusal(text: str, **kwargs) -> VariantError:
    with pytest.raises(VariantError) as caught:
        read_variant(text, **kwargs)
    return caught.value


@pytest.mark.parametrize("slug", SEEDS + PRESETS)
def test_every_built_in_system_is_a_file_that_reads_back_to_the_same_rules(slug):
    rules = get_rules(slug)
    assert (FOLDER / f"{slug}.toml").exists()
    assert read_variant(toml(rules), new=False) == rules
    check_playable(rules)


def test_the_five_seeds_and_five_presets_are_the_catalogue_in_page_order():
    assert list(SYSTEMS) == [*SEEDS, *PRESETS]
    assert SEEDS[:2] == ("rami-contrat", "liverpool") and len(PRESETS) == 5


def test_every_preset_names_its_published_source():
    for slug in PRESETS:
        assert get_rules(slug).source.strip(), slug


def test_the_published_schema_is_the_models():
    written = json.loads((ROOT / "rules_engine" / "variant.schema.json").read_text())
    assert written == json_schema()
    assert written["properties"]["rounds"]["maxItems"] == 30


def test_a_variant_that_extends_another_says_only_what_differs():
    rules = read_variant(
        'extends = "carioca"\nslug = "carioca-treinta"\nname = { es = "Carioca a 30" }\n'
        '[values]\njoker = 30\n[melds]\naces = "low_or_high"\n'
    )
    carioca = get_rules("carioca")
    assert rules.values.joker == 30 and rules.values.ace == carioca.values.ace
    assert not rules.meld_rules.circular_runs
    assert rules.contracts == carioca.contracts
    assert rules.name == {"fr": "Carioca a 30", "en": "Carioca a 30", "es": "Carioca a 30"}
    assert rules.summary == carioca.summary


def test_a_table_s_own_game_cannot_take_a_built_in_name():
    error = refusal(LIVERPOOL)
    assert error.code == "variant_taken"
    assert read_variant(LIVERPOOL, new=False) == get_rules("liverpool")


def test_extends_of_an_unknown_game_or_of_itself_is_refused():
    assert (
        refusal('extends = "poker"\nslug = "x-y-z"\nname = { en = "X" }').code
        == "variant_bad_parent"
    )
    loop = {"a-a": {"extends": "b-b"}, "b-b": {"extends": "a-a"}}
    error = refusal(
        'extends = "a-a"\nslug = "c-c"\nname = { en = "C" }', parent_of=loop.__getitem__
    )
    assert error.code == "variant_bad_parent"


# A hostile document is refused whole, its place named; none costs more than a parse.
HOSTILE = {
    "unknown key": (
        LIVERPOOL.replace("[melds]", "[melds]\nwild = 2"),
        "variant_unknown_key",
        "melds.wild",
    ),
    "huge number": (
        LIVERPOOL.replace("run_min = 4", "run_min = 99999999999999999999"),
        "variant_too_high",
        "melds.run_min",
    ),
    "negative": (
        LIVERPOOL.replace("decks = 3", "decks = -3"),
        "variant_too_low",
        "deal.decks.3.decks",
    ),
    "text for a number": (
        LIVERPOOL.replace("run_min = 4", 'run_min = "4"'),
        "variant_want_number",
        "melds.run_min",
    ),
    "a float": (
        LIVERPOOL.replace("run_min = 4", "run_min = 4.5"),
        "variant_want_number",
        "melds.run_min",
    ),
    "unknown word": (
        LIVERPOOL.replace("[melds]", '[melds]\naces = "sideways"'),
        "variant_one_of",
        "melds.aces",
    ),
    "runs of no known kind": (
        LIVERPOOL.replace("[melds]", '[melds]\nruns = "rainbow"'),
        "variant_one_of",
        "melds.runs",
    ),
    "deuces wild of no known colour": (
        LIVERPOOL.replace("[melds]", '[melds]\nwild_deuces = "green"'),
        "variant_one_of",
        "melds.wild_deuces",
    ),
    "1,000 rounds": (
        "rounds = [" + ",".join(["{cards=5,contract=[{set=3}]}"] * 1000) + "]\n" + HEAD,
        ("variant_too_large", "variant_too_many"),
        None,
    ),
    "900 rounds": (
        "rounds = [" + ",".join(["{cards=5,contract=[{set=3}]}"] * 900) + "]\n" + HEAD,
        "variant_too_many",
        "rounds",
    ),
    "31 rounds": (
        LIVERPOOL + "[[rounds]]\ncards = 10\ncontract = [{ set = 3 }]\n" * 24,
        "variant_too_many",
        "rounds",
    ),
    "60 melds": (
        LIVERPOOL.replace(
            "{ set = 3, count = 2 }", "{ set = 3, count = 8 }, { run = 4, count = 8 }"
        ),
        "variant_too_many_melds",
        "rounds.1",
    ),
    "deep nesting": ("x = " + "[" * 3000 + "]" * 3000, "variant_too_deep", None),
    "not toml": ("slug = \n", "variant_not_toml", None),
    "a meld of nothing": (
        LIVERPOOL.replace("{ set = 3, count = 2 }", "{ count = 2 }"),
        "variant_set_or_run",
        "rounds.1.contract.1",
    ),
    "no way to play": (
        'slug = "nothing"\nname = { en = "N" }\nsummary = { en = "N" }\nplayers = [2, 4]\n',
        "variant_how_played",
        "document",
    ),
    "bad slug": (
        LIVERPOOL.replace('slug = "liverpool"', 'slug = "Mon Jeu!"'),
        "variant_bad_slug",
        "slug",
    ),
    "no name": (
        LIVERPOOL.replace(
            '[name]\nfr = "Liverpool Rummy"\nen = "Liverpool Rummy"\nes = "Liverpool Rummy"',
            "[name]",
        ),
        "variant_no_words",
        "name",
    ),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_hostile_variant_is_refused_whole_with_its_place(case):
    text, code, place = HOSTILE[case]
    error = refusal(text.replace('slug = "liverpool"', 'slug = "my-pool"', 1))
    assert error.code in ((code,) if isinstance(code, str) else code)
    if place is not None:
        assert error.params["place"] == place
    for lang in ("fr", "en", "es"):
        assert "{" not in describe(error.code, error.params, lang)


def own(old: str, new: str) -> str:
    """Liverpool under another slug, with the first `old` replaced by `new`."""
    text = LIVERPOOL.replace('slug = "liverpool"', 'slug = "my-pool"')
    assert old in text, old
    return text.replace(old, new, 1)


# A well-formed variant that cannot be played says why, in the players' words.
UNPLAYABLE = {
    "contract bigger than a hand": (
        ("{ run = 4, count = 3 }", "{ run = 8, count = 3 }"),
        "variant_contract_too_big",
    ),
    "run longer than the ranks": (
        ("{ run = 4, count = 2 }", "{ run = 15 }"),
        "variant_run_too_long",
    ),
    "more jokers than the decks": (
        ("decks = 1\n", "decks = 1\njokers = 5\n"),
        "variant_too_many_jokers",
    ),
    "a player count no deal serves": (
        ("players = [6, 8]\ndecks = 3", "players = [6, 7]\ndecks = 3"),
        "variant_no_deal",
    ),
    "too few cards for the hands": (
        ("players = [6, 8]\ndecks = 3", "players = [6, 8]\ndecks = 1"),
        "variant_deck_too_small",
    ),
    "players the wrong way round": (("players = [2, 8]", "players = [8, 2]"), "variant_players"),
    "an unknown house rule": (
        ('"no_jokers",', '"no_jokers", "free_beer",'),
        "variant_unknown_house_rule",
    ),
}


@pytest.mark.parametrize("case", UNPLAYABLE, ids=list(UNPLAYABLE))
def test_a_variant_that_cannot_be_played_is_refused_with_the_reason(case):
    change, code = UNPLAYABLE[case]
    error = refusal(own(*change))
    assert error.code == code
    assert "{" not in describe(error.code, error.params, "en")


def test_the_run_refusal_names_the_longest_run_the_aces_allow():
    text = own("run_min = 4", 'run_min = 4\naces = "round_the_corner"')
    error = refusal(text.replace("{ run = 4, count = 2 }", "{ run = 14 }"))
    assert error.code == "variant_run_too_long" and error.params["most"] == 13


def test_the_cli_prints_any_system_as_its_file_and_reads_it_back(tmp_path):
    shown = subprocess.run(
        [sys.executable, "-m", "rules_engine", "rules", "--show", "rami-contrat-13"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    path = tmp_path / "mine.toml"
    path.write_text(shown)
    asked = ["check", "--round", "2", "KH AH 2H 3H | 7S 7D 7C"]
    answers = [
        subprocess.run(
            [sys.executable, "-m", "rules_engine", *asked[:1], "--rules", rules, *asked[1:]],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        for rules in ("rami-contrat-13", str(path))
    ]
    assert answers[0].stdout == answers[1].stdout and answers[0].returncode == 0
    assert "valid" in answers[0].stdout


def test_the_cli_refuses_a_broken_variant_file_in_one_line(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(own("run_min = 4", "run_min = 40"))
    answer = subprocess.run(
        [
            sys.executable,
            "-m",
            "rules_engine",
            "--lang",
            "fr",
            "penalty",
            "--rules",
            str(path),
            "K 7",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert answer.returncode == 2
    assert (
        answer.stderr == "erreur : melds.run_min : 15 au plus.\n"
        or "melds.run_min" in answer.stderr
    )


def test_a_variant_may_end_at_a_total_before_its_rounds():
    rules = read_variant(
        'extends = "king-rummy"\nslug = "king-300"\nname = { en = "King to 300" }\n'
        "[scoring]\nend_at_total = 300\n"
    )
    table = table_for(rules, 3)
    assert table.totals_can_end and table.end_total == 300
    assert not table.is_over(2, [120, 299, 40])
    assert table.is_over(2, [120, 305, 40])
    assert table.is_over(4, [0, 0, 0])  # the rounds still end it


def test_a_variant_may_say_going_out_ends_on_a_discard_and_its_file_keeps_it():
    rules = read_variant(
        'extends = "king-rummy"\nslug = "progressive"\nname = { en = "Progressive" }\n'
        "[play]\ndiscard_to_go_out = true\n"
    )
    assert rules.discard_to_go_out and not get_rules("king-rummy").discard_to_go_out
    assert "discard_to_go_out = true" in toml(rules)
    assert read_variant(toml(rules)) == rules
