"""Forms check shape and types; the rules themselves are checked by services via rules_engine."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import (
    Fact,
    NotationError,
    PlayerDeal,
    Problem,
    Table,
    parse_hand,
)
from scorekeeper.core.i18n import named
from scorekeeper.core.inputs import choice_inputs, field_input
from scorekeeper.core.keypad import parse_points
from scorekeeper.core.refusals import refusal_words
from scorekeeper.models import Player
from scorekeeper.records.documents import MOST_CARDS_TEXT

if TYPE_CHECKING:
    from scorekeeper.games.selectors import Row, SentHand

NO_WINNER = "none"


MOST_TYPED_SUM = 200  # "12+11+7+..." as typed: a whole hand of two-digit values fits
POINTS_INPUT = {
    "class": "points",
    "inputmode": "tel",
    "autocomplete": "off",
    "placeholder": "0",
    "data-keypad": True,
}
CARDS_INPUT = {"class": "cards", "autocomplete": "off"}


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

    def __init__(
        self,
        *args: Any,
        players: list[Player],
        table: Table,
        hand_value_url: str = "",
        sent: Mapping[int, SentHand] | None = None,
        number: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # Every seat of the game; the form asks only those at the table for round `number`.
        self.seated = players
        self.round_number = number
        if number is not None and table.sittings:
            players = [p for p in players if table.plays(p.seat, number)]
        self.players = players
        # The hands players sent from their own phones, by seat (each row shows its own).
        self.sent = sent or {}
        self.table = table
        self.rules = rules = table.rules
        # Where the cards picker asks the server what a hand is worth (the engine counts it).
        self.hand_value_url = hand_value_url
        facts = set(table.facts())
        self.has_laid_nothing = Fact.LAID_NOTHING in facts
        # Where only a rami sec may go out, going out says it: no box to tick.
        self.has_rami_sec = Fact.RAMI_SEC in facts and not (
            rules.opening is not None and rules.opening.rami_sec_only
        )
        self.has_opened_first = Fact.OPENED_FIRST in facts
        self.has_one_go = Fact.OUT_IN_ONE_GO in facts
        # Points shown next to the facts, from the rule system (never written in templates).
        self.laid_nothing_points = table.fact_points(Fact.LAID_NOTHING)
        self.rami_sec_points = table.fact_points(Fact.RAMI_SEC)
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
            assert rules.opening is not None  # a rami sec is an opening's way to go out
            self.fields["rami_sec"] = forms.BooleanField(
                label=gettext_lazy(
                    "Rami sec: went out laying all %(cards)d cards at once (%(points)s)"
                )
                % {"cards": rules.opening.rami_sec_cards, "points": self.rami_sec_points},
                required=False,
            )
        if self.has_one_go:
            self.fields["went_out_in_one_go"] = forms.BooleanField(
                label=gettext_lazy("Went out laying every card in one go (%(points)s)")
                % {"points": table.fact_points(Fact.OUT_IN_ONE_GO)},
                required=False,
            )
        # An example hand in the notation, with a joker only where jokers are in play.
        example = " ".join(("A", "K", "7", *(("JK",) if table.with_jokers else ())))
        cards_input = {**CARDS_INPUT, "placeholder": example}
        for p in players:
            self.fields[f"points_{p.seat}"] = forms.CharField(
                label=named(gettext_lazy("Points of %(name)s"), p.name),
                required=False,
                max_length=MOST_TYPED_SUM,
                widget=forms.TextInput(attrs=POINTS_INPUT),
            )
            self.fields[f"cards_{p.seat}"] = forms.CharField(
                label=named(gettext_lazy("Cards left by %(name)s"), p.name),
                required=False,
                max_length=MOST_CARDS_TEXT,
                widget=forms.TextInput(attrs=cards_input),
            )
            if self.has_laid_nothing:
                self.fields[f"laid_nothing_{p.seat}"] = forms.BooleanField(
                    label=gettext_lazy("Laid nothing (%(points)s)")
                    % {"points": self.laid_nothing_points},
                    required=False,
                )

    @property
    def seat_names_json(self) -> str:
        """Every seat's name, for the phone that keeps rounds while offline."""
        return json.dumps([p.name for p in self.seated], ensure_ascii=False)

    @property
    def playing_seats(self) -> str:
        """The seats dealt this round, as "0,2,3"."""
        return ",".join(str(p.seat) for p in self.players)

    @property
    def inputs(self) -> dict[str, SafeString]:
        """The round's own inputs (version, rami sec, no winner), from their fields."""
        inputs = {"version": field_input(self["version"])}
        if self.has_rami_sec:
            inputs["rami_sec"] = field_input(self["rami_sec"])
        if self.has_one_go:
            inputs["one_go"] = field_input(self["went_out_in_one_go"])
        if self.rules.allows_no_winner:
            went_out = self["went_out"]
            inputs["no_winner"] = choice_inputs(went_out)[-1]
            label = went_out.field.choices[-1][1]  # type: ignore[attr-defined]
            inputs["no_winner_label"] = SafeString(conditional_escape(label))
        return inputs

    def rows(self) -> Iterator[dict[str, Any]]:
        """Per player: the inputs a template lays out on one line, written from the bound
        fields (name, id, length, value, aria-invalid) by scorekeeper/core/inputs.py."""
        went_out = choice_inputs(self["went_out"])
        opened_first = choice_inputs(self["opened_first"]) if self.has_opened_first else None
        for index, p in enumerate(self.players):
            points, cards = self[f"points_{p.seat}"], self[f"cards_{p.seat}"]
            described = f"sum-{p.seat}" + (f" err-points-{p.seat}" if points.errors else "")
            picker = {
                "data-hx-get": f"{self.hand_value_url}?seat={p.seat}",
                "data-hx-trigger": "input changed delay:200ms, picked",
                "data-hx-target": f"#value-{p.seat}",
                "data-hx-swap": "innerHTML",
            }
            if cards.errors:
                picker["aria-describedby"] = f"err-cards-{p.seat}"
            laid_nothing = self[f"laid_nothing_{p.seat}"] if self.has_laid_nothing else None
            yield {
                "player": p,
                "points": points,
                "points_input": field_input(points, **{"aria-describedby": described}),
                "cards": cards,
                "cards_input": field_input(cards, **picker),
                "went_out": went_out[index],
                "opened_first": opened_first[index] if opened_first else None,
                "laid_nothing": laid_nothing,
                "laid_nothing_input": field_input(laid_nothing) if laid_nothing else None,
                "sent": self.sent.get(p.seat),
            }

    def clean(self) -> dict[str, Any]:
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
                self.add_error(f"cards_{p.seat}", refusal_words(error))
            self._refuse_contradictions(p, data)
        playing = {p.seat for p in self.players}
        for p in self.seated:
            sent = self.data.get(f"points_{p.seat}") or self.data.get(f"cards_{p.seat}") or ""
            if p.seat not in playing and str(sent).strip():  # a page from before they left
                self.add_error(
                    None,
                    _("%(name)s was not at the table for round %(number)s: leave their hand empty.")
                    % {"name": p.name, "number": self.round_number},
                )
        if not data.get("went_out"):
            data["went_out"] = self._went_out_from_a_lone_zero(data)
        if not data.get("went_out") and "went_out" not in self.errors:
            self.add_error("went_out", _("Mark who went out."))
        return data

    def _refuse_contradictions(self, player: Player, data: dict[str, Any]) -> None:
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

    def _went_out_from_a_lone_zero(self, data: dict[str, Any]) -> str | None:
        """The engine's reading of the typed hands: a lone 0 says who went out."""
        typed = [
            None if data.get(f"cards_{p.seat}") else data.get(f"value_{p.seat}")
            for p in self.players
        ]
        index = self.table.went_out(typed)
        return None if index is None else str(self.players[index].seat)

    @property
    def no_winner(self) -> bool:
        return self.cleaned_data.get("went_out") == NO_WINNER

    def entries(self) -> list[PlayerDeal]:
        """Each seat's hand and facts, as the engine's Table scores them."""
        data = self.cleaned_data
        out = []
        playing = {p.seat for p in self.players}
        for p in self.seated:
            if p.seat not in playing:  # not at the table this round: no hand
                out.append(PlayerDeal())
                continue
            seat = str(p.seat)
            facts = {
                Fact.WENT_OUT: data.get("went_out") == seat,
                Fact.RAMI_SEC: data.get("went_out") == seat and bool(data.get("rami_sec")),
                Fact.OUT_IN_ONE_GO: (
                    data.get("went_out") == seat and bool(data.get("went_out_in_one_go"))
                ),
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
            self.add_error(name, refusal_words(problem))

    @classmethod
    def initial_from(cls, row: Row) -> dict[str, Any]:
        """Prefill from a stored round (for a correction)."""
        initial: dict[str, Any] = {"version": row.version}
        went_out = NO_WINNER if row.no_winner else None
        for seat, cell in enumerate(row.cells):
            initial[f"points_{seat}"] = "" if cell.hand_points is None else str(cell.hand_points)
            initial[f"cards_{seat}"] = cell.cards
            if Fact.WENT_OUT in cell.facts:
                went_out = str(seat)
                initial["rami_sec"] = Fact.RAMI_SEC in cell.facts
                initial["went_out_in_one_go"] = Fact.OUT_IN_ONE_GO in cell.facts
            if Fact.OPENED_FIRST in cell.facts:
                initial["opened_first"] = str(seat)
            initial[f"laid_nothing_{seat}"] = Fact.LAID_NOTHING in cell.facts
        initial["went_out"] = went_out
        return initial


def initial_from_sent(sent: list[SentHand]) -> dict[str, Any]:
    """The hands the players sent from their phones, as the scorer's round form starts."""
    initial: dict[str, Any] = {}
    out = [s.player.seat for s in sent if s.hand is not None and s.hand.went_out]
    if len(out) == 1:
        initial["went_out"] = str(out[0])
    for s in sent:
        if s.hand is not None:
            seat = s.player.seat
            initial[f"points_{seat}"] = s.hand.points
            initial[f"cards_{seat}"] = s.hand.cards
            initial[f"laid_nothing_{seat}"] = s.hand.laid_nothing
    return initial
