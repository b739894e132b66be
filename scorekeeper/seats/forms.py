"""The hand a player sends from their own phone ("Join the table"): one seat's points or
cards, and whether they went out. The services check it (scorekeeper/seats/services.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy

from rules_engine import Fact, Table
from scorekeeper.games.forms import CARDS_INPUT, MOST_TYPED_SUM, POINTS_INPUT
from scorekeeper.records.documents import MOST_CARDS_TEXT
from scorekeeper.seats.services import Hand

if TYPE_CHECKING:
    pass


class SeatHandForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=10**6, widget=forms.HiddenInput)
    points = forms.CharField(
        label=gettext_lazy("Points"),
        required=False,
        max_length=MOST_TYPED_SUM,
        widget=forms.TextInput(attrs=POINTS_INPUT),
    )
    cards = forms.CharField(
        label=gettext_lazy("My cards left in hand"),
        required=False,
        max_length=MOST_CARDS_TEXT,
        widget=forms.TextInput(attrs=CARDS_INPUT),
    )
    went_out = forms.BooleanField(label=gettext_lazy("I went out"), required=False)
    # The phone's own name for this sending: a hand sent again after a lost answer, or from
    # the phone's outbox once the network is back, is recognised and stored once.
    client_uuid = forms.UUIDField(
        required=False, widget=forms.HiddenInput(attrs={"data-client-uuid": ""})
    )

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.laid_nothing_points = table.fact_points(Fact.LAID_NOTHING)
        if Fact.LAID_NOTHING in table.facts():
            self.fields["laid_nothing"] = forms.BooleanField(
                label=gettext_lazy("I laid nothing (%(points)s)")
                % {"points": self.laid_nothing_points},
                required=False,
            )

    def hand(self) -> Hand:
        data = self.cleaned_data
        return Hand(
            points=data.get("points") or "",
            cards=data.get("cards") or "",
            client_uuid=data.get("client_uuid"),
            went_out=bool(data.get("went_out")),
            laid_nothing=bool(data.get("laid_nothing")),
        )
