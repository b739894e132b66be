"""Forms check shape and types; the rules themselves are checked by services via rules_engine."""

from __future__ import annotations

import re
import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from rules_engine import SYSTEMS, get_rules, lone_zero, parse_hand
from rules_engine.errors import NotationError
from rules_engine.messages import describe
from rules_engine.romi import COLOURS
from rules_engine.scoring import WENT_OUT
from rules_engine.systems import RuleSystem

from .keypad import parse_points
from .models import MAX_NAME
from .services import HandEntry

ROMI = get_rules("romi-rami").romi  # ROMi RAMi's contract cards and trophies

MAX_PLAYERS = max(s.players[1] for s in SYSTEMS.values())
NO_WINNER = "none"


def lang() -> str:
    return (get_language() or "fr")[:2]


def small_number(text: str, digits: int = 2) -> int | None:
    """A seat or round number typed in ASCII digits; None otherwise.

    Not str.isdigit(): it also accepts "²" and 5,000-digit strings, which int() refuses.
    """
    return int(text) if re.fullmatch(rf"[0-9]{{1,{digits}}}", text) else None


def clean_name(value: str) -> str:
    """A player's name as shown: trimmed, no control characters, bounded."""
    name = " ".join(value.split())
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ValidationError(_("A name cannot contain control characters."))
    if len(name) > MAX_NAME:
        raise ValidationError(_("A name has at most %(n)d characters.") % {"n": MAX_NAME})
    return name


class NewGameForm(forms.Form):
    rules = forms.ChoiceField(label=gettext_lazy("Game"), widget=forms.RadioSelect)
    first_dealer = forms.CharField(required=False, initial="random")
    no_jokers = forms.BooleanField(label=gettext_lazy("Play without jokers"), required=False)
    rounds = forms.IntegerField(label=gettext_lazy("Number of deals (empty: open-ended)"), required=False,
                                min_value=1, max_value=100)  # fmt: skip

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = [(s.slug, s.name[lang()]) for s in SYSTEMS.values()]
        for seat in range(MAX_PLAYERS):
            self.fields[f"name_{seat}"] = forms.CharField(
                label=gettext_lazy("Player %(n)d") % {"n": seat + 1}, required=False, max_length=200
            )

    def name_fields(self):
        return [self[f"name_{seat}"] for seat in range(MAX_PLAYERS)]

    def clean(self):
        data = super().clean()
        names = []
        for seat in range(MAX_PLAYERS):
            try:
                name = clean_name(data.get(f"name_{seat}") or "")
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
        seat = small_number(dealer)
        if dealer != "random" and (seat is None or seat >= len(names)):
            self.add_error("first_dealer", _("Pick one of the players."))
        data["names"] = names
        data["dealer_seat"] = seat
        return data

    def options(self) -> dict:
        rules = get_rules(self.cleaned_data["rules"])
        options = {}
        if "no_jokers" in rules.options and self.cleaned_data.get("no_jokers"):
            options["no_jokers"] = True
        if rules.rounds is None and rules.romi is None:
            options["rounds"] = self.cleaned_data.get("rounds")
        return options


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
        facts = {b.fact for b in rules.bonuses} | {f.fact for f in rules.flat_scores}
        self.has_laid_nothing = "laid_nothing" in facts
        self.has_rami_sec = "rami_sec" in facts
        self.has_opened_first = "opened_first" in facts
        # Points shown next to the facts, from the rule system (never written in templates).
        self.laid_nothing_points = next(
            (f.points for f in rules.flat_scores if f.fact == "laid_nothing"), None
        )
        self.rami_sec_points = next((b.points for b in rules.bonuses if b.fact == "rami_sec"), None)
        choices = [(str(p.seat), p.name) for p in players]
        if rules.allows_no_winner:
            choices.append((NO_WINNER, _("Nobody: no winner (stock and discard ran out)")))
        # Not required as a field: a lone 0 typed for one player says who went out (clean).
        self.fields["went_out"] = forms.ChoiceField(
            label=gettext_lazy("Who went out?"), choices=choices, widget=forms.RadioSelect,
            required=False,
        )  # fmt: skip
        if self.has_opened_first:
            self.fields["opened_first"] = forms.ChoiceField(
                label=gettext_lazy("Who opened first?"), choices=[(str(p.seat), p.name) for p in players],
                widget=forms.RadioSelect, required=False,
            )  # fmt: skip
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
        data = super().clean()
        for p in self.players:
            try:
                data[f"value_{p.seat}"] = parse_points(data.get(f"points_{p.seat}") or "")
            except ValidationError as error:
                self.add_error(f"points_{p.seat}", error)
            cards = data.get(f"cards_{p.seat}") or ""
            try:
                parse_hand(cards)
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
            self.add_error(f"points_{player.seat}",
                           _("Enter the points or tap the cards, not both."))  # fmt: skip
        if data.get(f"laid_nothing_{player.seat}") and (typed or cards):
            self.add_error(
                f"points_{player.seat}",
                _("A player who laid nothing scores %(points)d: leave the hand empty.")
                % {"points": self.laid_nothing_points},
            )

    def _went_out_from_a_lone_zero(self, data) -> str | None:
        """The engine's reading of the typed hands: a lone 0 says who went out."""
        typed = [None if data.get(f"cards_{p.seat}") else data.get(f"value_{p.seat}")
                 for p in self.players]  # fmt: skip
        index = lone_zero(typed)
        return None if index is None else str(self.players[index].seat)

    @property
    def no_winner(self) -> bool:
        return self.cleaned_data.get("went_out") == NO_WINNER

    def entries(self) -> list[HandEntry]:
        data = self.cleaned_data
        out = []
        for p in self.players:
            facts = set()
            seat = str(p.seat)
            if data.get("went_out") == seat:
                facts.add(WENT_OUT)
                if data.get("rami_sec"):
                    facts.add("rami_sec")
            if data.get("opened_first") == seat:
                facts.add("opened_first")
            if data.get(f"laid_nothing_{p.seat}"):
                facts.add("laid_nothing")
            points = data.get(f"value_{p.seat}")
            if points is None and WENT_OUT in facts and not data.get(f"cards_{p.seat}"):
                points = 0  # going out leaves nothing in hand
            out.append(HandEntry(points, data.get(f"cards_{p.seat}") or "", frozenset(facts)))
        return out

    def add_problems(self, problems: list) -> None:
        """Put the engine's problems next to the field they concern."""
        for seat, code, params in problems:
            message = describe(code, params, lang())
            if seat is None:
                field = "went_out" if code in {"went_out_count", "no_winner_but_went_out"} else None
                if code == "opened_first_count":
                    field = "opened_first"
                self.add_error(field, message)
            elif code in {"rami_sec_not_out"}:
                self.add_error("rami_sec", message)
            elif code in {"laid_nothing_but_out"}:
                self.add_error(f"laid_nothing_{seat}", message)
            elif code in {"unknown_rank", "unknown_suit", "missing_suit", "bad_joker_pin"}:
                self.add_error(f"cards_{seat}", message)
            else:
                self.add_error(f"points_{seat}", message)

    @classmethod
    def initial_from(cls, row) -> dict:
        """Prefill from a stored round (for a correction)."""
        initial = {"version": row.version}
        went_out = NO_WINNER if row.no_winner else None
        for seat, cell in enumerate(row.cells):
            initial[f"points_{seat}"] = "" if cell.hand_points is None else str(cell.hand_points)
            initial[f"cards_{seat}"] = cell.cards
            if WENT_OUT in cell.facts:
                went_out = str(seat)
                initial["rami_sec"] = "rami_sec" in cell.facts
            if "opened_first" in cell.facts:
                initial["opened_first"] = str(seat)
            initial[f"laid_nothing_{seat}"] = "laid_nothing" in cell.facts
        initial["went_out"] = went_out
        return initial


class RomiContractForm(forms.Form):
    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    points = forms.IntegerField(label=gettext_lazy("Contract points"), min_value=0, max_value=99)
    colour = forms.ChoiceField(label=gettext_lazy("Bonus colour"), widget=forms.RadioSelect)
    combos = forms.CharField(label=gettext_lazy("Combo symbols (e.g. 2,2 or 3)"), max_length=20)
    bonus_cards = forms.IntegerField(
        label=gettext_lazy("Bonus cards kept"), min_value=0, max_value=10, initial=0
    )
    joker_used = forms.BooleanField(label=gettext_lazy("Joker token used"), required=False)
    client_uuid = forms.UUIDField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, players, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.seat, p.name) for p in players]
        self.fields["colour"].choices = [(c, colour_name(c)) for c in COLOURS]

    def clean_combos(self) -> list[int]:
        parts = [p for p in self.cleaned_data["combos"].replace(" ", ",").split(",") if p]
        sizes = {str(size) for size in ROMI.combo_sizes}
        if not parts or any(p not in sizes for p in parts) or len(parts) > 5:
            raise ValidationError(_("Write the combo sizes shown on the card, e.g. 2,2 or 3."))
        return [int(p) for p in parts]


def colour_name(code: str) -> str:
    return {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "Y": _("cherries")}[code]


def trophy_name(symbol: str) -> str:
    if symbol in COLOURS:
        return _("most %(colour)s") % {"colour": colour_name(symbol)}
    return _("most %(n)s-card combos") % {"n": symbol}


TROPHY_SYMBOLS = [*COLOURS, *(str(size) for size in ROMI.combo_sizes)]


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
                label=trophy_name(symbol), required=False, min_value=1, max_value=20
            )

    def clean(self):
        data = super().clean()
        chosen = [(s, data[f"trophy_{s}"]) for s in TROPHY_SYMBOLS if data.get(f"trophy_{s}")]
        if len(chosen) != self.trophies:
            raise ValidationError(_("Enter the points of exactly the four trophies in play."))
        data["trophies"] = chosen
        return data
