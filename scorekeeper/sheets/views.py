"""Printable grids: blank ones for any system, and the filled grid of a game."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from rules_engine import (
    GRID,
    SYSTEMS,
    OptionError,
    RuleSystem,
    Table,
    TableOptions,
    dealt,
    get_rules,
    offered,
)
from scorekeeper.core.charts import as_svg
from scorekeeper.core.form_fields import choose, form_name
from scorekeeper.core.house_rules import HouseRulesForm
from scorekeeper.core.i18n import lang
from scorekeeper.games.selectors import game_board
from scorekeeper.sheets.content import romi_sheet, round_sheet
from scorekeeper.sheets.grids import GridTooTall
from scorekeeper.sheets.grids import render as render_pdf
from scorekeeper.web.access import game_access
from scorekeeper.web.responses import REFUSED

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


def _house_rules(form: BlankGridForm) -> dict[str, HouseRulesForm]:
    """Each game's house rules a blank grid asks (its deals are asked by the form itself)."""
    data = form.data if form.is_bound else None
    forms = {s.slug: HouseRulesForm(s, data, where=GRID, prefix=s.slug) for s in SYSTEMS.values()}
    return {slug: rules_form for slug, rules_form in forms.items() if rules_form.fields}


def _blank_context(
    form: BlankGridForm, house_rules: dict[str, HouseRulesForm] | None = None
) -> dict[str, Any]:
    """The form, and each game's house rules: the chosen game's are shown from the start (the
    page does not shift when app.js runs), app.js shows another game's when it is chosen."""
    shown = form["rules"].value()
    blocks = [
        (slug, SYSTEMS[slug].name[lang()], rules_form, rules_form.chosen, slug != shown)
        for slug, rules_form in (house_rules or _house_rules(form)).items()
    ]
    # The number of deals is asked only of games that have no fixed number.
    open_ended = [s.slug for s in SYSTEMS.values() if s.rounds is None and s.deals_rounds]
    return {
        "form": form,
        "house_rules": blocks,
        "open_ended": " ".join(open_ended),
        "deals_hidden": shown not in open_ended,
    }


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
        return render(request, "grids/blank.html", _blank_context(form))
    form = BlankGridForm(request.GET)
    if not form.is_valid():
        return render(request, "grids/blank.html", _blank_context(form), status=REFUSED)
    data = form.cleaned_data
    rules = get_rules(data["rules"])
    names = data["name_list"] + [""] * (data["players"] - len(data["name_list"]))
    house_rules = _house_rules(form)
    rules_form = house_rules.get(rules.slug)
    if rules_form is not None and not rules_form.is_valid():
        return render(
            request, "grids/blank.html", _blank_context(form, house_rules), status=REFUSED
        )
    chosen = rules_form.options() if rules_form is not None else TableOptions()
    if "rounds" in offered(rules):
        chosen = TableOptions(**(chosen.stored() | {"rounds": data["deals"]}))
    try:
        # A blank grid's table: its seats, its house rules (decks that can deal every
        # round), and for an open-ended game the deals asked for.
        table = Table.checked(rules, len(names), options=chosen) if rules.deals_rounds else None
    except OptionError as error:
        if rules_form is None:
            raise
        rules_form.refuse(error)
        context = _blank_context(form, house_rules)
        return render(request, "grids/blank.html", context, status=REFUSED)
    try:
        content = blank_pdf(rules, table, names, data)
    except GridTooTall:
        form.add_error(
            "per_sheet",
            _(
                "%(n)d grids of this game do not fit one sheet with rows tall enough to write "
                "in and text of 6 points or more: choose fewer grids per sheet, fewer deals or "
                "the other orientation."
            )
            % {"n": data["per_sheet"]},
        )
        return render(request, "grids/blank.html", _blank_context(form), status=REFUSED)
    return _pdf_response(content, f"{rules.slug}-grid.pdf")


def blank_pdf(
    rules: RuleSystem, table: Table | None, names: list[str], data: dict[str, Any]
) -> bytes:
    """The blank grid's PDF. Small copies that do not fit are tried compact (signs for
    narrow headers, contracts by their symbols, words in the legend) before GridTooTall."""

    def pdf(compact: bool) -> bytes:
        with translation.override(data["language"]):
            if table is None:
                sheet = romi_sheet(rules, names)
            else:
                subtitle = _("Date:") + " " + "_" * 14
                sheet = round_sheet(table, names, subtitle=subtitle, compact=compact)
            return render_pdf(
                [sheet],
                paper=data["paper"],
                wide=data["orientation"] == "landscape",
                per_sheet=data["per_sheet"],
                title=sheet.title,
            )

    try:
        return pdf(compact=False)
    except GridTooTall:
        if table is None or data["per_sheet"] == 1:
            raise
        return pdf(compact=True)


@require_GET
def game_chart(request: HttpRequest, token: str) -> HttpResponse:
    """The score race as SVG, for the game page and the view-only page (either token)."""
    access = game_access(token)
    board = game_board(access.game, lang())
    response = HttpResponse(as_svg(board.chart()), "image/svg+xml")
    current = request.GET.get("v") == str(access.game.version)
    # The page asks for the chart of the version it shows: that one never changes.
    response["Cache-Control"] = "private, max-age=86400" if current else "private, no-cache"
    return response


@require_GET
def game_pdf(request: HttpRequest, token: str) -> HttpResponse:
    access = game_access(token)  # view-only visitors may download it too
    board = game_board(access.game, lang())
    rules = board.rules
    date = timezone.localtime(access.game.created_at)
    names = [p.name for p in board.players]
    subtitle = date_format(date, "SHORT_DATE_FORMAT") + " · " + ", ".join(names)
    table = board.table
    if dealt(table):
        sheet = round_sheet(table, names, board=board, subtitle=subtitle)
    else:
        sheet = romi_sheet(rules, names, board=board, subtitle=subtitle)
    content = render_pdf([sheet], paper="a4", wide=True, per_sheet=1, title=sheet.title)
    return _pdf_response(content, f"{rules.slug}-{date:%Y-%m-%d}.pdf")
