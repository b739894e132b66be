"""Printable grids: blank ones for any system, and the filled grid of a game."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
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
from scorekeeper.core import race
from scorekeeper.core.house_rules import HouseRulesForm
from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import ServiceError
from scorekeeper.games.selectors import game_board
from scorekeeper.sheets.content import romi_sheet, round_sheet
from scorekeeper.sheets.forms import BlankGridForm
from scorekeeper.sheets.grids import GridTooTall
from scorekeeper.sheets.grids import render as render_pdf
from scorekeeper.web.access import game_access
from scorekeeper.web.refusals import REFUSED, add_refusal


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
        add_refusal(form, ServiceError("grid_too_tall", field="per_sheet", n=data["per_sheet"]))
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


CHART_CACHE_SECONDS = 600


@require_GET
def game_chart(request: HttpRequest, token: str) -> HttpResponse:
    """The score race as an SVG file of its own (either token), for a page that still names
    it and for anyone who saves it: the pages set the same drawing into themselves. Kept
    once per version in the shared cache (it holds names and totals only, no words of a
    language but its summary's, which is the scorer's)."""
    access = game_access(token)
    game = access.game

    def drawn() -> str:
        board = game_board(game, lang())
        return race.svg(board.race_layout, board.chart_summary, standalone=True)

    key = f"chart:{game.uuid}:{game.version}:{lang()}"
    response = HttpResponse(cache.get_or_set(key, drawn, CHART_CACHE_SECONDS), "image/svg+xml")
    current = request.GET.get("v") == str(game.version)
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
