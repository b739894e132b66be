"""The new game's form: the game, its players in seating order, the first dealer and the
table's house rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import (
    SYSTEMS,
    OptionError,
    RuleSystem,
    TableOptions,
    table_for,
)
from scorekeeper.core.digits import small_number
from scorekeeper.core.form_fields import choose, form_name
from scorekeeper.core.house_rules import HouseRulesForm
from scorekeeper.core.i18n import lang

if TYPE_CHECKING:
    pass

MAX_PLAYERS = max(s.players[1] for s in SYSTEMS.values())


class NewGameForm(forms.Form):
    rules = forms.ChoiceField(label=gettext_lazy("Game"), widget=forms.RadioSelect)
    first_dealer = forms.CharField(required=False, initial="random")

    def __init__(self, *args: Any, own: RuleSystem | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The games offered: a table's own first (when its link brought the phone here).
        self.systems = {**({own.slug: own} if own is not None else {}), **SYSTEMS}
        choose(self, "rules", [(s.slug, s.name[lang()]) for s in self.systems.values()])
        # Each game's house rules; the page shows the chosen game's only.
        self.house_rules = {
            s.slug: HouseRulesForm(s, self.data if self.is_bound else None, prefix=s.slug)
            for s in self.systems.values()
        }
        for seat in range(MAX_PLAYERS):
            self.fields[f"name_{seat}"] = forms.CharField(
                label=gettext_lazy("Player %(n)d") % {"n": seat + 1}, required=False, max_length=200
            )

    def name_fields(self) -> list[forms.BoundField]:
        return [self[f"name_{seat}"] for seat in range(MAX_PLAYERS)]

    def clean(self) -> dict[str, Any]:
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
            low, high = self.systems[slug].players
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
        if slug in self.house_rules:
            # The chosen game's house rules, named `<slug>-<option>`; other games' are ignored.
            house_rules = self.house_rules[slug]
            if not house_rules.is_valid():
                raise ValidationError(_("Check the house rules."))
            data["options"] = house_rules.options()
            try:
                if names:  # the decks chosen must deal every round to these players
                    table_for(self.systems[slug], len(names), options=data["options"], new=True)
            except OptionError as error:
                house_rules.refuse(error)
                raise ValidationError(_("Check the house rules.")) from None
        return data

    def options(self) -> TableOptions:
        options: TableOptions = self.cleaned_data["options"]
        return options
