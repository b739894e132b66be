"""Printable grids: blank ones for any system, and the filled grid of a game."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from rules_engine import SYSTEMS, Table, get_rules

from ..forms import choose, clean_name, lang
from ..pdf.content import romi_sheet, round_sheet
from ..pdf.grids import render as render_pdf
from ..selectors import game_board
from .access import game_access

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
    language = forms.ChoiceField(
        label=gettext_lazy("Language"), choices=[("fr", "Français"), ("en", "English")]
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choose(self, "rules", [(s.slug, s.name[lang()]) for s in SYSTEMS.values()])

    def clean(self):
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
                name = clean_name(line)
            except forms.ValidationError as error:
                self.add_error("names", error)
                break
            if name:
                names.append(name)
        if data.get("players") and len(names) > data["players"]:
            self.add_error("names", _("More names than players."))
        data["name_list"] = names
        return data


def _pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def blank_grid(request: HttpRequest) -> HttpResponse:
    if "rules" not in request.GET:
        form = BlankGridForm(
            initial={
                "rules": "rami-contrat",
                "players": 4,
                "deals": 10,
                "paper": "a4",
                "orientation": "landscape",
                "per_sheet": 1,
                "language": lang(),
            }
        )
        return render(request, "grids/blank.html", {"form": form})
    form = BlankGridForm(request.GET)
    if not form.is_valid():
        return render(request, "grids/blank.html", {"form": form}, status=400)
    data = form.cleaned_data
    rules = get_rules(data["rules"])
    names = data["name_list"] + [""] * (data["players"] - len(data["name_list"]))
    with translation.override(data["language"]):
        if rules.romi is not None:
            sheet = romi_sheet(rules, names)
        else:
            # A blank grid's table: its seats, and for an open-ended game the deals asked for.
            rounds = {"rounds": data["deals"]} if "rounds" in rules.options else {}
            table = Table.build(rules.slug, len(names), options=rounds)
            sheet = round_sheet(table, names, subtitle=_("Date:") + " " + "_" * 14)
        content = render_pdf(
            [sheet],
            paper=data["paper"],
            wide=data["orientation"] == "landscape",
            per_sheet=data["per_sheet"],
            title=sheet.title,
        )
    return _pdf_response(content, f"{rules.slug}-grid.pdf")


@require_GET
def game_pdf(request: HttpRequest, token: str) -> HttpResponse:
    access = game_access(token)  # view-only visitors may download it too
    board = game_board(access.game, lang())
    rules = board.rules
    names = [p.name for p in board.players]
    date = timezone.localtime(access.game.created_at)
    subtitle = date_format(date, "SHORT_DATE_FORMAT") + " · " + ", ".join(names)
    if rules.romi is not None:
        sheet = romi_sheet(rules, names, board=board, subtitle=subtitle)
    else:
        sheet = round_sheet(access.game.table, names, board=board, subtitle=subtitle)
    content = render_pdf([sheet], paper="a4", wide=True, per_sheet=1, title=sheet.title)
    return _pdf_response(content, f"{rules.slug}-{date:%Y-%m-%d}.pdf")
