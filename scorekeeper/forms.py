"""Forms check shape and types; the rules themselves are checked by services via rules_engine."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import (
    COLOURS,
    SYSTEMS,
    Fact,
    NotationError,
    OptionError,
    PlayerDeal,
    Problem,
    RuleSystem,
    Table,
    TableOptions,
    deal_facts,
    describe,
    get_rules,
    lone_zero,
    parse_hand,
)

from . import house_rules
from .documents import TROPHY_SYMBOLS
from .i18n import lang
from .keypad import parse_points
from .models import MAX_NAME
from .names import NameRefused, clean_name
from .refusals import service_message

ROMI = get_rules("romi-rami").romi_rules  # ROMi RAMi's contract cards and trophies

MAX_PLAYERS = max(s.players[1] for s in SYSTEMS.values())
NO_WINNER = "none"


def small_number(text: str, digits: int = 2) -> int | None:
    """A seat or round number typed in ASCII digits; None otherwise.

    Not str.isdigit(): it also accepts "²" and 5,000-digit strings, which int() refuses.
    """
    return int(text) if re.fullmatch(rf"[0-9]{{1,{digits}}}", text) else None


def choose(form: forms.Form, name: str, choices: list[tuple[Any, str]]) -> None:
    """Set a choice field's choices once the form knows them (the game, the players)."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    field.choices = choices


def form_name(value: str, most: int = MAX_NAME) -> str:
    """A typed name by the one name rule (names.clean_name); "" when left empty."""
    if not value.strip():
        return ""
    try:
        return clean_name(value, most)
    except NameRefused as error:
        raise ValidationError(service_message(error)) from None


class NewGameForm(forms.Form):
    rules = forms.ChoiceField(label=gettext_lazy("Game"), widget=forms.RadioSelect)
    first_dealer = forms.CharField(required=False, initial="random")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choose(self, "rules", [(s.slug, s.name[lang()]) for s in SYSTEMS.values()])
        self.option_errors: dict[str, str] = {}
        for seat in range(MAX_PLAYERS):
            self.fields[f"name_{seat}"] = forms.CharField(
                label=gettext_lazy("Player %(n)d") % {"n": seat + 1}, required=False, max_length=200
            )

    def name_fields(self):
        return [self[f"name_{seat}"] for seat in range(MAX_PLAYERS)]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        names = []
        for seat in range(MAX_PLAYERS):
            try:
                name = form_name(data.get(f"name_{seat}") or "")
            except ValidationError as error:
                self.add_error(f"name_{seat}", error)
                continue
            if name:
                names.append(name)
        if len({n.casefold() for n in names}) != len(names):
            raise ValidationError(_("Two players have the same name."))
        slug = data.get("rules")
        if slug:
            low, high = get_rules(slug).players
            if not low <= len(names) <= high:
                raise ValidationError(
                    _("This game is for %(low)d to %(high)d players.") % {"low": low, "high": high}
                )
        dealer = data.get("first_dealer") or "random"
        chosen = small_number(dealer)
        if dealer != "random" and (chosen is None or chosen >= len(names)):
            self.add_error("first_dealer", _("Pick one of the players."))
        data["names"] = names
        data["dealer_seat"] = chosen
        if slug:
            # The chosen game's house rules, named `<slug>-<option>`; other games' are ignored.
            try:
                data["options"] = house_rules.read(get_rules(slug), self.data, f"{slug}-")
                if names:  # the decks chosen must deal every round to these players
                    Table.checked(get_rules(slug), len(names), options=data["options"])
            except OptionError as error:
                option = str(error.params.get("option", ""))
                self.option_errors[option] = describe(error.code, error.params, lang())
                raise ValidationError(_("Check the house rules.")) from None
        return data

    def options(self) -> TableOptions:
        return self.cleaned_data["options"]


class RoundForm(forms.Form):
    """One deal: every player's hand (typed points or picked cards) and the deal's facts."""

    version = forms.IntegerField(
        required=False, min_value=0, max_value=10**9, widget=forms.HiddenInput
    )
    client_uuid = forms.UUIDField(required=False, widget=forms.HiddenInput)
    # The round the phone meant to enter, so a round stored meanwhile by another phone is a
    # conflict shown to the user instead of a silent shift to the next round.
    number = forms.IntegerField(
        required=False, min_value=1, max_value=10**6, widget=forms.HiddenInput
    )

    def __init__(self, *args, players, rules: RuleSystem, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        self.rules = rules
        facts = set(deal_facts(rules))
        self.has_laid_nothing = Fact.LAID_NOTHING in facts
        # Where only a rami sec may go out, going out says it: no box to tick.
        self.has_rami_sec = Fact.RAMI_SEC in facts and not (
            rules.opening is not None and rules.opening.rami_sec_only
        )
        self.has_opened_first = Fact.OPENED_FIRST in facts
        # Points shown next to the facts, from the rule system (never written in templates).
        self.laid_nothing_points = next(
            (f.points for f in rules.flat_scores if f.fact == Fact.LAID_NOTHING), None
        )
        self.rami_sec_points = next(
            (b.points for b in rules.bonuses if b.fact == Fact.RAMI_SEC), None
        )
        choices = [(str(p.seat), p.name) for p in players]
        if rules.allows_no_winner:
            choices.append((NO_WINNER, _("Nobody: no winner (stock and discard ran out)")))
        # Not required as a field: a lone 0 typed for one player says who went out (clean).
        self.fields["went_out"] = forms.ChoiceField(
            label=gettext_lazy("Who went out?"),
            choices=choices,
            widget=forms.RadioSelect,
            required=False,
        )
        if self.has_opened_first:
            self.fields["opened_first"] = forms.ChoiceField(
                label=gettext_lazy("Who opened first?"),
                choices=[(str(p.seat), p.name) for p in players],
                widget=forms.RadioSelect,
                required=False,
            )
        if self.has_rami_sec:
            self.fields["rami_sec"] = forms.BooleanField(
                label=gettext_lazy("Rami sec: went out laying all 13 cards at once"), required=False
            )
        for p in players:
            self.fields[f"points_{p.seat}"] = forms.CharField(
                label=gettext_lazy("Points of %(name)s") % {"name": p.name},
                required=False,
                max_length=200,
            )
            self.fields[f"cards_{p.seat}"] = forms.CharField(
                label=gettext_lazy("Cards left by %(name)s") % {"name": p.name},
                required=False,
                max_length=300,
            )
            if self.has_laid_nothing:
                self.fields[f"laid_nothing_{p.seat}"] = forms.BooleanField(
                    label=gettext_lazy("Laid nothing (%(points)s)")
                    % {"points": self.laid_nothing_points},
                    required=False,
                )

    def rows(self):
        """Per player: the bound fields a template lays out on one line."""
        for p in self.players:
            yield {
                "player": p,
                "points": self[f"points_{p.seat}"],
                "cards": self[f"cards_{p.seat}"],
                "laid_nothing": self[f"laid_nothing_{p.seat}"] if self.has_laid_nothing else None,
            }

    def clean(self):
        super().clean()
        data = self.cleaned_data
        for p in self.players:
            try:
                data[f"value_{p.seat}"] = parse_points(data.get(f"points_{p.seat}") or "")
            except ValidationError as error:
                self.add_error(f"points_{p.seat}", error)
            cards = data.get(f"cards_{p.seat}") or ""
            try:
                # Read once here; the engine scores these cards, the notation is stored.
                data[f"hand_{p.seat}"] = tuple(parse_hand(cards)) or None
            except NotationError as error:
                self.add_error(f"cards_{p.seat}", describe(error.code, error.params, lang()))
            self._refuse_contradictions(p, data)
        if not data.get("went_out"):
            data["went_out"] = self._went_out_from_a_lone_zero(data)
        if not data.get("went_out") and "went_out" not in self.errors:
            self.add_error("went_out", _("Mark who went out."))
        return data

    def _refuse_contradictions(self, player, data) -> None:
        """Two answers for one hand are refused, never settled silently."""
        typed = (data.get(f"points_{player.seat}") or "").strip()
        cards = (data.get(f"cards_{player.seat}") or "").strip()
        if typed and cards:
            self.add_error(
                f"points_{player.seat}", _("Enter the points or tap the cards, not both.")
            )
        if data.get(f"laid_nothing_{player.seat}") and (typed or cards):
            self.add_error(
                f"points_{player.seat}",
                _("A player who laid nothing scores %(points)d: leave the hand empty.")
                % {"points": self.laid_nothing_points},
            )

    def _went_out_from_a_lone_zero(self, data) -> str | None:
        """The engine's reading of the typed hands: a lone 0 says who went out."""
        typed = [
            None if data.get(f"cards_{p.seat}") else data.get(f"value_{p.seat}")
            for p in self.players
        ]
        index = lone_zero(typed)
        return None if index is None else str(self.players[index].seat)

    @property
    def no_winner(self) -> bool:
        return self.cleaned_data.get("went_out") == NO_WINNER

    def entries(self) -> list[PlayerDeal]:
        """Each seat's hand and facts, as the engine's Table scores them."""
        data = self.cleaned_data
        out = []
        for p in self.players:
            seat = str(p.seat)
            facts = {
                Fact.WENT_OUT: data.get("went_out") == seat,
                Fact.RAMI_SEC: data.get("went_out") == seat and bool(data.get("rami_sec")),
                Fact.OPENED_FIRST: data.get("opened_first") == seat,
                Fact.LAID_NOTHING: bool(data.get(f"laid_nothing_{seat}")),
            }
            cards = data.get(f"hand_{seat}")
            points = None if cards else data.get(f"value_{seat}")
            out.append(
                PlayerDeal(points, cards, frozenset(f for f, holds in facts.items() if holds))
            )
        return out

    def add_problems(self, problems: list[Problem]) -> None:
        """Put the engine's problems next to the field they name: a seat's own, else the deal's."""
        for problem in problems:
            name = problem.field
            if problem.seat is not None and f"{name}_{problem.seat}" in self.fields:
                name = f"{name}_{problem.seat}"
            if name not in self.fields:
                name = None if problem.seat is None else f"points_{problem.seat}"
            self.add_error(name, describe(problem.code, problem.params, lang()))

    @classmethod
    def initial_from(cls, row) -> dict:
        """Prefill from a stored round (for a correction)."""
        initial = {"version": row.version}
        went_out = NO_WINNER if row.no_winner else None
        for seat, cell in enumerate(row.cells):
            initial[f"points_{seat}"] = "" if cell.hand_points is None else str(cell.hand_points)
            initial[f"cards_{seat}"] = cell.cards
            if Fact.WENT_OUT in cell.facts:
                went_out = str(seat)
                initial["rami_sec"] = Fact.RAMI_SEC in cell.facts
            if Fact.OPENED_FIRST in cell.facts:
                initial["opened_first"] = str(seat)
            initial[f"laid_nothing_{seat}"] = Fact.LAID_NOTHING in cell.facts
        initial["went_out"] = went_out
        return initial


class RomiContractForm(forms.Form):
    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    points = forms.IntegerField(
        label=gettext_lazy("Contract points"), min_value=0, max_value=ROMI.most_contract_points
    )
    colour = forms.ChoiceField(label=gettext_lazy("Bonus colour"), widget=forms.RadioSelect)
    combos = forms.CharField(label=gettext_lazy("Combo symbols (e.g. 2,2 or 3)"), max_length=20)
    bonus_cards = forms.IntegerField(
        label=gettext_lazy("Bonus cards kept"),
        min_value=0,
        max_value=ROMI.most_bonus_cards,
        initial=0,
    )
    joker_used = forms.BooleanField(label=gettext_lazy("Joker token used"), required=False)
    client_uuid = forms.UUIDField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, players, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choose(self, "player", [(p.seat, p.name) for p in players])
        choose(self, "colour", [(c, colour_name(c)) for c in COLOURS])

    def clean_combos(self) -> list[int]:
        parts = [p for p in self.cleaned_data["combos"].replace(" ", ",").split(",") if p]
        sizes = {str(size) for size in ROMI.combo_sizes}
        if not parts or any(p not in sizes for p in parts) or len(parts) > ROMI.most_combos:
            raise ValidationError(_("Write the combo sizes shown on the card, e.g. 2,2 or 3."))
        return [int(p) for p in parts]


def colour_name(code: str) -> str:
    return {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "Y": _("cherries")}[code]


def trophy_name(symbol: str) -> str:
    if symbol in COLOURS:
        return _("most %(colour)s") % {"colour": colour_name(symbol)}
    return _("most %(n)s-card combos") % {"n": symbol}


class RomiFinishForm(forms.Form):
    """The four trophies the table threw at the start, with the points each one shows."""

    def __init__(self, *args, trophies: int, early: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.trophies = trophies
        # Before anyone reached the end trigger, finishing is confirmed with a tick.
        self.fields["early"] = forms.BooleanField(
            required=early,
            error_messages={"required": gettext_lazy("Tick to confirm ending the game now.")},
        )
        for symbol in TROPHY_SYMBOLS:
            self.fields[f"trophy_{symbol}"] = forms.IntegerField(
                label=trophy_name(symbol),
                required=False,
                min_value=ROMI.trophy_points[0],
                max_value=ROMI.trophy_points[1],
            )

    def clean(self):
        super().clean()
        data = self.cleaned_data
        chosen = [(s, data[f"trophy_{s}"]) for s in TROPHY_SYMBOLS if data.get(f"trophy_{s}")]
        if len(chosen) != self.trophies:
            raise ValidationError(_("Enter the points of exactly the four trophies in play."))
        data["trophies"] = chosen
        return data
