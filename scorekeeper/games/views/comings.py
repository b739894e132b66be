"""What "Players and game" shows of people coming and going: when each seat sat, who may
leave or come back, and the form for a late player with the starting totals on offer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from rules_engine import HOUSE_RULES, Table, dealt, value_words
from scorekeeper.core.form_fields import form_name
from scorekeeper.core.i18n import lang
from scorekeeper.models import Game, Player

LATE_STARTS = HOUSE_RULES["late_start"].choice.values


class JoinForm(forms.Form):
    """A late player: their name, and where the table starts their total."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    late_start = forms.ChoiceField(
        label=gettext_lazy("Their total starts on"), widget=forms.RadioSelect
    )

    def __init__(self, *args: Any, starts: dict[str, int], rule: str, **kwargs: Any) -> None:
        kwargs["initial"] = {"late_start": rule, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        words = {value: value_words("late_start", value, lang()) for value in LATE_STARTS}
        self.fields["late_start"].choices = [  # type: ignore[attr-defined]
            (value, f"{words[value]} ({starts[str(value)]})") for value in LATE_STARTS
        ]

    def clean_name(self) -> str:
        return form_name(self.cleaned_data["name"])


@dataclass(frozen=True)
class Sitting:
    """A seat's stay at the table, as "Players and game" shows it."""

    player: Player
    first: int  # the first round they play
    last: int | None  # their last, None while at the table
    can_leave: bool
    can_come_back: bool


def comings_context(game: Game, join_form: JoinForm | None = None) -> dict[str, Any]:
    """Who sat when, what each seat may do now, and the form for a late player."""
    table = game.table
    if not dealt(table):  # ROMi RAMi: the same players throughout
        return {}
    players = list(game.players.all())
    played = game.rounds.count()
    open_game = game.finished_at is None
    at_table = len(table.playing(played + 1))
    low, high = table.system.players
    sittings = []
    for player in players:
        first, last = table.sitting(player.seat)
        sittings.append(
            Sitting(
                player,
                first,
                last,
                can_leave=open_game and last is None and at_table > low,
                can_come_back=open_game and last == played and at_table < high,
            )
        )
    context: dict[str, Any] = {"sittings": sittings, "next_round": played + 1}
    if open_game and at_table < high:
        context["join_form"] = join_form or JoinForm(
            starts=late_starts(table, game, players), rule=table.late_start
        )
    return context


def late_starts(table: Table, game: Game, players: list[Player]) -> dict[str, int]:
    """What a player joining for the next round would start on, by each house rule."""
    rounds = _rounds(game, players)
    return table.late_starts(rounds, len(rounds) + 1, table.starting_totals(rounds))


def _rounds(game: Game, players: list[Player]) -> list[list[int]]:
    """Each round's scores, seat by seat."""
    rows: dict[int, list[int]] = {}
    for number, seat, score in game.rounds.values_list(
        "number", "scores__player__seat", "scores__score"
    ):
        if seat is not None:
            rows.setdefault(number, [0] * len(players))[seat] = score
    return [rows[n] for n in sorted(rows)]
