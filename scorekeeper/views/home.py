from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from rules_engine import SYSTEMS

from .. import services
from ..forms import MAX_PLAYERS, NewGameForm, lang
from ..house_rules import option_fields
from .access import RECENT_NAMES, my_games, remember_game, remember_names


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = my_games(request)
    return render(
        request,
        "games/home.html",
        {
            "games": [g for g in games if g.game.archived_at is None],
            "archived": [g for g in games if g.game.archived_at is not None],
        },
    )


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(
        request.POST or None, initial={"rules": "rami-contrat", "first_dealer": "random"}
    )
    if request.method == "POST" and form.is_valid():
        game, edit, _view = services.game_start(
            rules_slug=form.cleaned_data["rules"],
            names=form.cleaned_data["names"],
            first_dealer=form.cleaned_data["dealer_seat"],
            options=form.options(),
        )
        remember_game(request, edit)
        remember_names(request, form.cleaned_data["names"])
        return redirect("game", token=edit)
    systems = [
        {"slug": s.slug, "name": s.name[lang()], "summary": s.summary[lang()], "players": s.players}
        for s in SYSTEMS.values()
    ]
    chosen = form.data.get("rules")

    def errors(rules):
        return form.option_errors if rules.slug == chosen else None

    typed = [(form.data.get(f"name_{seat}") or "").strip()[:40] for seat in range(MAX_PLAYERS)]
    context = {
        "form": form,
        "systems": systems,
        "dealer_choices": list(enumerate(typed)),
        "recent_names": request.session.get(RECENT_NAMES, []),
        # One block of house rules per game; app.js shows only the chosen game's.
        "house_rules": [
            (s.slug, s.name[lang()], option_fields(s, form.data, f"{s.slug}-", errors(s)))
            for s in SYSTEMS.values()
            if s.options
        ],
    }
    return render(request, "games/new.html", context, status=400 if form.errors else 200)
