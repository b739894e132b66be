"""The builder's form: every part of a contract game a table changes, as fields, written over
the document it started from (so what the form does not show, the file keeps).

Rounds and decks are rows; a row left empty is dropped. The engine judges the result
(rules_engine.read_document): the form only bounds what each field takes.
"""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from rules_engine import HOUSE_RULES, SYSTEMS, label_words, whole_document
from scorekeeper.core.i18n import lang
from scorekeeper.own_games import contract_rows
from scorekeeper.own_games.contract_rows import number_field as _number

MOST_ROUNDS = 30
MOST_DECK_ROWS = 8
JOKER_LIMIT_ROWS = 2
# The house rules a contract game may offer: those some contract game's file offers (the
# opening's and ROMi RAMi's aside), in the registry's order.
CONTRACT_HOUSE_RULES = tuple(
    name
    for name in HOUSE_RULES
    if any(name in rules.house_rules for rules in SYSTEMS.values() if rules.contracts)
)
ACES = [
    ("low_or_high", _("low or high (A-2-3, Q-K-A)")),
    ("round_the_corner", _("round the corner (K-A-2)")),
    ("low", _("low only (A-2-3)")),
    ("high", _("high only (Q-K-A)")),
]
RUNS = [
    ("one_suit", _("of one suit")),
    ("any_suit", _("of any suits")),
    ("one_colour", _("all red or all black")),
    ("alternating_colours", _("red and black alternating")),
]
ROUND_RUNS = [("", _("as the game's")), *RUNS]
WILD_DEUCES = [
    ("none", _("none: only the jokers")),
    ("all", _("every deuce")),
    ("black", _("the black deuces (♠ ♣)")),
    ("red", _("the red deuces (♥ ♦)")),
]
LIMIT_KINDS = [("any", _("a meld")), ("set", _("a set")), ("run", _("a run"))]


def rounds_in(document: dict[str, Any]) -> int:
    return len(document.get("rounds", ()))


def deck_rows_in(document: dict[str, Any]) -> int:
    return len((document.get("deal") or {}).get("decks", ()))


class BuilderForm(forms.Form):
    """The fields of a contract game. `rounds` and `deck_rows` say how many rows it has."""

    name = forms.CharField(label=_("Name of your game"), max_length=80)
    summary = forms.CharField(label=_("In one line (optional)"), max_length=200, required=False)
    players_low = _number(2, 8)
    players_high = _number(2, 8)
    set_min = _number(2, 15)
    set_max = _number(2, 15, required=False)
    set_suits_different = forms.BooleanField(required=False)
    run_min = _number(2, 15)
    aces = forms.ChoiceField(choices=ACES)
    runs = forms.ChoiceField(choices=RUNS)
    wild_deuces = forms.ChoiceField(choices=WILD_DEUCES)
    set_jokers_most = _number(0, 15, required=False)
    lay_down_jokers_most = _number(0, 16, required=False)
    jokers_at_most_naturals = forms.BooleanField(required=False)
    jokers_apart = forms.BooleanField(required=False)
    exact = forms.BooleanField(required=False)
    no_contiguous_runs = forms.BooleanField(required=False)
    same_rank_sets_count_once = forms.BooleanField(required=False)
    extra_cards = _number(0, 10)
    jokers_per_deck = _number(0, 4)
    ace_points = _number(0, 500)
    joker_points = _number(0, 500)
    face_points = _number(0, 500)
    pip_points = _number(0, 500, required=False)
    wild_deuce_points = _number(0, 500, required=False)
    lowest_wins = forms.TypedChoiceField(
        choices=[("1", _("the lowest total")), ("0", _("the highest total"))],
        coerce=lambda v: v == "1",
    )
    went_out_bonus = _number(-500, 500, required=False)
    one_go_bonus = _number(-500, 500, required=False)
    opened_first_bonus = _number(-500, 500, required=False)
    no_winner_deals = forms.BooleanField(required=False)
    discard_to_go_out = forms.BooleanField(required=False)
    end_at_total = _number(50, 10_000, required=False)
    dealer_passes = forms.ChoiceField(
        choices=[("left", _("to the left")), ("right", _("to the right"))]
    )
    direction = forms.ChoiceField(
        choices=[("clockwise", _("clockwise")), ("counter_clockwise", _("counter-clockwise"))]
    )
    house_rules = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, rounds: int, deck_rows: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rounds = max(1, min(rounds, MOST_ROUNDS))
        self.deck_rows = max(1, min(deck_rows, MOST_DECK_ROWS))
        for n in range(self.rounds):
            self.fields[f"cards_{n}"] = _number(1, 20)
            self.fields[f"all_out_{n}"] = forms.BooleanField(required=False)
            self.fields[f"no_jokers_{n}"] = forms.BooleanField(required=False)
            self.fields[f"runs_{n}"] = forms.ChoiceField(choices=ROUND_RUNS, required=False)
            contract_rows.add_fields(self.fields, n)
        for d in range(self.deck_rows):
            self.fields[f"deck_from_{d}"] = _number(1, 8, required=False)
            self.fields[f"deck_to_{d}"] = _number(1, 8, required=False)
            self.fields[f"decks_{d}"] = _number(1, 4, required=False)
            self.fields[f"deck_jokers_{d}"] = _number(0, 16, required=False)
            self.fields[f"deck_round_{d}"] = _number(1, 30, required=False)
        for k in range(JOKER_LIMIT_ROWS):
            self.fields[f"limit_kind_{k}"] = forms.ChoiceField(choices=LIMIT_KINDS, required=False)
            self.fields[f"limit_from_{k}"] = _number(1, 15, required=False)
            self.fields[f"limit_most_{k}"] = _number(0, 15, required=False)
        house_rules = self.fields["house_rules"]
        assert isinstance(house_rules, forms.MultipleChoiceField)
        house_rules.choices = [(name, label_words(name, lang())) for name in CONTRACT_HOUSE_RULES]

    # The rows as the template lays them out --------------------------------------------

    def round_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "number": n + 1,
                "index": n,
                "cards": self[f"cards_{n}"],
                "all_out": self[f"all_out_{n}"],
                "no_jokers": self[f"no_jokers_{n}"],
                "runs": self[f"runs_{n}"],
                "melds": contract_rows.rows(self, n),
                "ways": contract_rows.ways_shown(self, n),
            }
            for n in range(self.rounds)
        ]

    def deck_rows_shown(self) -> list[tuple[forms.BoundField, ...]]:
        return [
            tuple(
                self[f"{name}_{d}"]
                for name in ("deck_from", "deck_to", "decks", "deck_jokers", "deck_round")
            )
            for d in range(self.deck_rows)
        ]

    def limit_rows(self) -> list[tuple[forms.BoundField, ...]]:
        return [
            tuple(self[f"limit_{name}_{k}"] for name in ("kind", "from", "most"))
            for k in range(JOKER_LIMIT_ROWS)
        ]

    # Document -> fields ------------------------------------------------------------------

    @staticmethod
    def initial_from(document: dict[str, Any]) -> dict[str, Any]:
        whole = whole_document(document)  # every key, the format's defaults filled in
        melds, lay, play, deal = whole["melds"], whole["lay_down"], whole["play"], whole["deal"]
        scoring, values, name = whole["scoring"], whole["values"], whole["name"]
        bonuses = scoring["bonuses"]
        initial: dict[str, Any] = {
            "name": name.get(lang()) or next(n for n in name.values() if n),
            "summary": whole["summary"].get(lang()) or "",
            "players_low": whole["players"][0],
            "players_high": whole["players"][1],
            "set_min": melds["set_min"],
            "set_max": melds["set_max"],
            "set_suits_different": melds["set_suits"] == "different",
            "run_min": melds["run_min"],
            "aces": melds["aces"],
            "runs": melds["runs"],
            "wild_deuces": melds["wild_deuces"],
            "set_jokers_most": melds["set_jokers_most"],
            "lay_down_jokers_most": lay["jokers_most"],
            "jokers_at_most_naturals": melds["jokers_at_most_naturals"],
            "jokers_apart": not melds["jokers_side_by_side"],
            "exact": lay["exact"],
            "no_contiguous_runs": lay["no_contiguous_runs"],
            "same_rank_sets_count_once": lay["same_rank_sets_count_once"],
            "extra_cards": deal["extra_cards"],
            "jokers_per_deck": deal["jokers_per_deck"],
            "ace_points": values["ace"],
            "joker_points": values["joker"],
            "face_points": values["face"],
            "pip_points": values["pips"],
            "wild_deuce_points": values["wild_deuce"],
            "lowest_wins": "1" if scoring["lowest_wins"] else "0",
            "end_at_total": scoring["end_at_total"],
            "went_out_bonus": bonuses.get("went_out"),
            "one_go_bonus": bonuses.get("went_out_in_one_go"),
            "opened_first_bonus": bonuses.get("opened_first"),
            "no_winner_deals": play["no_winner_deals"],
            "discard_to_go_out": play["discard_to_go_out"],
            "dealer_passes": play["dealer_passes"],
            "direction": play["direction"],
            "house_rules": whole["house_rules"],
        }
        for n, round_ in enumerate(whole["rounds"]):
            initial[f"cards_{n}"] = round_["cards"]
            initial[f"all_out_{n}"] = round_["lay_all_cards"]
            initial[f"no_jokers_{n}"] = not round_["jokers"]
            initial[f"runs_{n}"] = round_["runs"] or ""
            initial |= contract_rows.initial(round_, n)
        for d, row in enumerate(deal["decks"]):
            initial[f"deck_from_{d}"], initial[f"deck_to_{d}"] = row["players"]
            initial[f"decks_{d}"] = row["decks"]
            initial[f"deck_jokers_{d}"] = row["jokers"]
            initial[f"deck_round_{d}"] = row["from_round"]
        for k, limit in enumerate(melds["joker_limits"][:JOKER_LIMIT_ROWS]):
            initial[f"limit_kind_{k}"] = limit["kind"]
            initial[f"limit_from_{k}"] = limit["from_size"]
            initial[f"limit_most_{k}"] = limit["most"]
        return initial

    # Fields -> document ------------------------------------------------------------------

    def document_over(self, base: dict[str, Any]) -> dict[str, Any]:
        """The base document with every part this form shows replaced by its fields."""
        data = self.cleaned_data
        doc = copy.deepcopy(base)
        doc.pop("extends", None)
        name = data["name"].strip()
        if (doc.get("name") or {}).get(lang()) != name:
            doc["name"] = {lang(): name}
            doc["slug"] = own_slug(name)
        summary = data["summary"].strip()
        if summary:
            doc["summary"] = {lang(): summary}
        doc["players"] = [data["players_low"], data["players_high"]]
        doc["house_rules"] = list(data["house_rules"])
        doc["melds"] = _without_none(
            {
                **doc.get("melds", {}),
                "set_min": data["set_min"],
                "set_max": data["set_max"],
                "set_suits": "different" if data["set_suits_different"] else "any",
                "run_min": data["run_min"],
                "aces": data["aces"],
                "runs": data["runs"],
                "wild_deuces": data["wild_deuces"],
                "set_jokers_most": data["set_jokers_most"],
                "jokers_at_most_naturals": data["jokers_at_most_naturals"],
                "jokers_side_by_side": not data["jokers_apart"],
                "joker_limits": self._limits(),
            }
        )
        doc["lay_down"] = _without_none(
            {
                **doc.get("lay_down", {}),
                "exact": data["exact"],
                "no_contiguous_runs": data["no_contiguous_runs"],
                "same_rank_sets_count_once": data["same_rank_sets_count_once"],
                "jokers_most": data["lay_down_jokers_most"],
            }
        )
        doc["values"] = _without_none(
            {
                "ace": data["ace_points"],
                "joker": data["joker_points"],
                "face": data["face_points"],
                "pips": data["pip_points"],
                "wild_deuce": data["wild_deuce_points"],
            }
        )
        doc["deal"] = {
            **{k: v for k, v in doc.get("deal", {}).items() if k != "cards"},
            "extra_cards": data["extra_cards"],
            "jokers_per_deck": data["jokers_per_deck"],
            "decks": self._decks(),
        }
        bonuses = {
            "went_out": data["went_out_bonus"],
            "went_out_in_one_go": data["one_go_bonus"],
            "opened_first": data["opened_first_bonus"],
        }
        doc["scoring"] = _without_none(
            {
                **doc.get("scoring", {}),
                "lowest_wins": data["lowest_wins"],
                "end_at_total": data["end_at_total"],
                "bonuses": {k: v for k, v in bonuses.items() if v is not None},
            }
        )
        doc["play"] = {
            **doc.get("play", {}),
            "dealer_passes": data["dealer_passes"],
            "direction": data["direction"],
            "no_winner_deals": data["no_winner_deals"],
            "discard_to_go_out": data["discard_to_go_out"],
        }
        doc["rounds"] = self._rounds()
        doc.pop("opening", None)
        doc.pop("romi", None)
        return doc

    def _rounds(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        rounds = []
        for n in range(self.rounds):
            written: dict[str, Any] = {
                "cards": data[f"cards_{n}"],
                "contract": contract_rows.written(data, n),
                "lay_all_cards": data[f"all_out_{n}"],
            }
            if data[f"no_jokers_{n}"]:
                written["jokers"] = False
            if data[f"runs_{n}"]:
                written["runs"] = data[f"runs_{n}"]
            others = [contract_rows.written(data, n, w) for w in range(contract_rows.OTHER_WAYS)]
            if any(others):  # the engine checks them with the rest of the game
                written["alternatives"] = [way for way in others if way]
            rounds.append(written)
        return rounds

    def _decks(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        rows = []
        for d in range(self.deck_rows):
            low, high, decks = (data.get(f"{k}_{d}") for k in ("deck_from", "deck_to", "decks"))
            if low is None and high is None and decks is None:
                continue  # an empty row
            row = {"players": [low or 1, high or low or 1], "decks": decks or 1}
            if data.get(f"deck_jokers_{d}") is not None:
                row["jokers"] = data[f"deck_jokers_{d}"]
            if data.get(f"deck_round_{d}"):
                row["from_round"] = data[f"deck_round_{d}"]
            rows.append(row)
        return rows

    def _limits(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        limits = []
        for k in range(JOKER_LIMIT_ROWS):
            start, most = data.get(f"limit_from_{k}"), data.get(f"limit_most_{k}")
            if start is not None and most is not None:
                limits.append(
                    {"kind": data.get(f"limit_kind_{k}") or "any", "from_size": start, "most": most}
                )
        return limits


def own_slug(name: str) -> str:
    """A slug for a table's game named so: never a built-in game's, always 3 to 40 signs."""
    slug = slugify(name)[:34].strip("-")
    if len(slug) < 3 or slug in SYSTEMS:
        slug = f"{slug}-own".strip("-") if slug else "own-game"
    return slug


def _without_none(table: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in table.items() if v is not None}
