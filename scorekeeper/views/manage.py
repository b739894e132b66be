"""Game management: rename or replace a player, archive a game, delete it for good."""

from __future__ import annotations

from django import forms
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from .. import clubs, services
from ..forms import form_name
from ..refusals import SERVICE_MESSAGES
from .access import edit_access, forget_game
from .clubs import game_club_context
from .responses import HtmxHttpRequest, back_to_game, service_message


class PlayerNameForm(forms.Form):
    """One seat's name; the page has one per seat, told apart by their prefix."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    change = forms.ChoiceField(
        choices=[
            ("rename", gettext_lazy("Same player, new name")),
            ("replace", gettext_lazy("Someone else takes this seat and its score")),
        ],
        widget=forms.RadioSelect,
        initial="rename",
    )

    def clean_name(self) -> str:
        return form_name(self.cleaned_data["name"])


def _manage_page(request, access, status=200, **extra) -> HttpResponse:
    players = list(access.game.players.all())
    rows = extra.pop("rows", None) or [
        PlayerNameForm(initial={"name": p.name, "change": "rename"}, prefix=f"seat{p.seat}")
        for p in players
    ]
    context = {
        "access": access,
        "token": access.token,
        "rows": zip(players, rows, strict=True),
        "rounds": access.game.rounds.count(),
        **game_club_context(request, access.game),
        **extra,
    }
    code = request.GET.get("club_error", "")
    most = {"too_many_members": clubs.MOST_MEMBERS, "club_full": clubs.MOST_GAMES}
    if code in ("game_in_club", *most):
        context["club_error"] = _(SERVICE_MESSAGES[code]) % {"most": most.get(code)}
    return render(request, "games/manage.html", context, status=status)


@require_http_methods(["GET", "POST"])
def players(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    if request.method == "GET":
        return _manage_page(request, access)
    seat = request.POST.get("seat", "")  # which seat's form was sent
    players_now = list(access.game.players.all())
    rows = [
        PlayerNameForm(
            request.POST if str(p.seat) == seat else None,
            initial={"name": p.name, "change": "rename"},
            prefix=f"seat{p.seat}",
        )
        for p in players_now
    ]
    bound = next((form for form in rows if form.is_bound), None)
    if bound is None or not bound.is_valid():
        return _manage_page(request, access, 422, rows=rows)
    data = bound.cleaned_data
    try:
        clubs.seat_renamed(
            game=access.game,
            seat=int(seat),
            name=data["name"],
            replaced=data["change"] == "replace",
        )
    except services.ServiceError as error:
        bound.add_error("name", service_message(error))
        return _manage_page(request, access, 422, rows=rows)
    return redirect(reverse("players", args=[token]) + "?saved=1")


@require_POST
def archive(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    services.game_archive(game=access.game, archived=request.POST.get("archived") == "1")
    return back_to_game(request, token)


@require_http_methods(["GET", "POST"])
def delete(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)  # a view-only link can never delete
    if request.method == "POST":
        if request.POST.get("confirm") == "yes":
            services.game_delete(game=access.game)
            forget_game(request, token)
            return redirect(reverse("home") + "?deleted=1")
        return _manage_page(request, access, 422, delete_error=_("Tick the box to confirm."))
    return _manage_page(request, access, confirm_delete=True)
