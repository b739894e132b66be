"""The rules of each game, read from the engine's data: a page per game and its index."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_GET

from rules_engine import SYSTEMS
from scorekeeper.core.i18n import lang
from scorekeeper.rules.rulebook import rulebook
from scorekeeper.rules.summary import render_rules
from scorekeeper.web.access import game_access
from scorekeeper.web.language import LANGS


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    games = [(s.slug, s.name[lang()], s.summary[lang()]) for s in SYSTEMS.values()]
    return render(request, "rules/index.html", {"games": games})


@require_GET
def game_rules(request: HttpRequest, slug: str) -> HttpResponse:
    rules = SYSTEMS.get(slug)
    if rules is None:
        raise Http404
    return render(request, "rules/game.html", {"book": rulebook(rules)})


@require_GET
def rules_of_game(request: HttpRequest, token: str) -> HttpResponse:
    """The rules a game is played by: a table's own game's frozen copy (either link)."""
    rules = game_access(token).game.table.rules
    return render(request, "rules/game.html", {"book": rulebook(rules), "own": True})


@require_GET
def rules_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The rules summary on one page: `?paper=a4|letter&language=fr|en|es` (default: the
    page's)."""
    rules = SYSTEMS.get(slug)
    if rules is None:
        raise Http404
    paper = request.GET.get("paper", "a4")
    language = request.GET.get("language", lang())
    if paper not in ("a4", "letter") or language not in LANGS:
        return HttpResponse("paper: a4 or letter; language: fr, en or es", status=400)
    with translation.override(language):
        content = render_rules(rulebook(rules), paper)
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slug}-rules-{language}.pdf"'
    return response
