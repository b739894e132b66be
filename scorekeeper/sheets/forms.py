"""The blank grid's form: the game, the players and their names, the paper."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import SYSTEMS, get_rules
from scorekeeper.core.form_fields import choose, form_name
from scorekeeper.core.i18n import lang

MAX_SEATS = 8


class BlankGridForm(forms.Form):
    rules = forms.ChoiceField(label=gettext_lazy("Game"))
    players = forms.IntegerField(
        label=gettext_lazy("Number of players"), min_value=2, max_value=MAX_SEATS, initial=4
    )
    names = forms.CharField(
        label=gettext_lazy("Player names (optional, one per line)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=600,
    )
    deals = forms.IntegerField(
        label=gettext_lazy("Rami 51: number of deals"), min_value=1, max_value=30, initial=10
    )
    paper = forms.ChoiceField(
        label=gettext_lazy("Paper"), choices=[("a4", "A4"), ("letter", "US Letter")]
    )
    orientation = forms.ChoiceField(
        label=gettext_lazy("Orientation"),
        choices=[("landscape", gettext_lazy("Landscape")), ("portrait", gettext_lazy("Portrait"))],
    )
    per_sheet = forms.TypedChoiceField(
        label=gettext_lazy("Grids per sheet"), coerce=int, choices=[(1, "1"), (2, "2"), (4, "4")]
    )
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=settings.LANGUAGES)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choose(self, "rules", [(s.slug, s.name[lang()]) for s in SYSTEMS.values()])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if "rules" in data and data.get("players"):
            low, high = get_rules(data["rules"]).players
            if not low <= data["players"] <= high:
                self.add_error(
                    "players",
                    _("This game is for %(low)d to %(high)d players.") % {"low": low, "high": high},
                )
        names = []
        for line in (data.get("names") or "").splitlines():
            try:
                name = form_name(line)
            except forms.ValidationError as error:
                self.add_error("names", error)
                break
            if name:
                names.append(name)
        if data.get("players") and len(names) > data["players"]:
            self.add_error("names", _("More names than players."))
        data["name_list"] = names
        return data
