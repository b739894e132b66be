from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from rules_engine import stored_variant
from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import ServiceError
from scorekeeper.games.new_game_form import MAX_PLAYERS, NewGameForm
from scorekeeper.games.services.games import game_start
from scorekeeper.web.access import (
    MAX_TOKEN,
    RECENT_NAMES,
    club_edit_access,
    house_game_access,
    my_clubs,
    my_games,
    my_house_games,
    remember_game,
    remember_names,
)
from scorekeeper.web.refusals import REFUSED, add_refusal


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = my_games(request)
    # A returning phone opens on the game it is playing: the latest changed of those in
    # progress, one it can enter rounds in before one it only watches.
    playing = [g for g in games if g.game.archived_at is None and g.game.finished_at is None]
    resume = max(playing, key=lambda g: (g.can_edit, g.game.updated_at), default=None)
    return render(
        request,
        "games/home.html",
        {
            "resume": resume,
            "games": [g for g in games if g.game.archived_at is None],
            "archived": [g for g in games if g.game.archived_at is not None],
            "clubs": my_clubs(request),
            "house_games": [
                {
                    "token": h.token,
                    "can_edit": h.can_edit,
                    "name": stored_variant(h.house.document).name[lang()],
                }
                for h in my_house_games(request)
            ],
        },
    )


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    # Started from a group (its edit link): the players ticked there, and the game in its book.
    club_token = (request.POST.get("club") or request.GET.get("club") or "")[:MAX_TOKEN]
    club = club_edit_access(club_token) if club_token else None
    # Brought by a table's own game's link: that game is offered first, and chosen.
    own_token = (request.POST.get("own") or request.GET.get("own") or "")[:MAX_TOKEN]
    own = house_game_access(own_token) if own_token else None
    own_rules = stored_variant(own.house.document) if own else None
    initial = {"rules": own_rules.slug if own_rules else "rami-contrat", "first_dealer": "random"}
    for seat, name in enumerate(request.GET.getlist("player")[:MAX_PLAYERS]):
        initial[f"name_{seat}"] = name[:40]
    form = NewGameForm(request.POST or None, initial=initial, own=own_rules)
    if request.method == "POST" and form.is_valid():
        chosen_own = (
            own is not None
            and own_rules is not None
            and form.cleaned_data["rules"] == own_rules.slug
        )
        start = {
            "rules_slug": form.cleaned_data["rules"],
            "names": form.cleaned_data["names"],
            "first_dealer": form.cleaned_data["dealer_seat"],
            "options": form.options(),
            "variant": own.house.document if chosen_own and own else None,
        }
        try:
            game, edit, _view = game_start(**start, club=club.club if club else None)
        except ServiceError as error:  # a full group, a name refused
            add_refusal(form, error, field=None)
        else:
            remember_game(request, edit)
            remember_names(request, form.cleaned_data["names"])
            return redirect("game", token=edit)
    systems = [
        {"slug": s.slug, "name": s.name[lang()], "summary": s.summary[lang()], "players": s.players}
        for s in form.systems.values()
    ]
    typed = [
        (form.data.get(f"name_{seat}") or initial.get(f"name_{seat}") or "").strip()[:40]
        for seat in range(MAX_PLAYERS)
    ]
    recent = request.session.get(RECENT_NAMES, [])
    if club is not None:
        members = [m.name for m in club.club.members.all()]
        recent = [*members, *(n for n in recent if n not in members)]
    context = {
        "form": form,
        "systems": systems,
        "dealer_choices": list(enumerate(typed)),
        "recent_names": recent,
        "club": club,
        "own": own,
        # One block of house rules per game; app.js shows only the chosen game's.
        "house_rules": [
            (slug, form.systems[slug].name[lang()], rules_form)
            for slug, rules_form in form.house_rules.items()
            if rules_form.fields
        ],
    }
    return render(request, "games/new.html", context, status=REFUSED if form.errors else 200)
