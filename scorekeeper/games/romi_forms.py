"""ROMi RAMi's forms: a contract card logged, the trophies entered at the end. Their bounds
are the rules' own (RomiRules), as the import's are."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import COLOURS, get_rules
from scorekeeper.core.facts import colour_name, trophy_name
from scorekeeper.core.form_fields import choose
from scorekeeper.core.refusals import ServiceError, refusal_words
from scorekeeper.models import Player
from scorekeeper.records.documents import TROPHY_SYMBOLS

ROMI = get_rules("romi-rami").romi_rules  # ROMi RAMi's contract cards and trophies


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

    def __init__(self, *args: Any, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choose(self, "player", [(p.seat, p.name) for p in players])
        choose(self, "colour", [(c, colour_name(c)) for c in COLOURS])

    def clean_combos(self) -> list[int]:
        parts = [p for p in self.cleaned_data["combos"].replace(" ", ",").split(",") if p]
        sizes = {str(size) for size in ROMI.combo_sizes}
        if not parts or any(p not in sizes for p in parts) or len(parts) > ROMI.most_combos:
            raise ValidationError(_("Write the combo sizes shown on the card, e.g. 2,2 or 3."))
        return [int(p) for p in parts]


class RomiFinishForm(forms.Form):
    """The four trophies the table threw at the start, with the points each one shows."""

    def __init__(self, *args: Any, trophies: int, early: bool = False, **kwargs: Any) -> None:
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

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        chosen = [(s, data[f"trophy_{s}"]) for s in TROPHY_SYMBOLS if data.get(f"trophy_{s}")]
        if len(chosen) != self.trophies:
            refused = ServiceError("romi_trophies", count=self.trophies)
            raise ValidationError(refusal_words(refused))
        data["trophies"] = chosen
        return data
