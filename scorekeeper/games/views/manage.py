"""Game management: rename or replace a player, a player leaving or joining mid-game, the game's group, archive a game, delete it
for good."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.core.form_fields import form_name
from scorekeeper.core.refusals import ServiceError, refusal_words
from scorekeeper.core.tokens import view_token
from scorekeeper.games.services import comings
from scorekeeper.games.services.comings import player_back, player_leave
from scorekeeper.games.services.games import game_archive, game_delete, player_rename
from scorekeeper.games.views.comings import JoinForm, comings_context, late_starts
from scorekeeper.models import Game
from scorekeeper.web.access import (
    Access,
    dealt_table,
    edit_access,
    forget_game,
    my_clubs,
)
from scorekeeper.web.refusals import REFUSED, add_refusal
from scorekeeper.web.responses import HtmxHttpRequest, back_to_game


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


def manage_page(
    request: HtmxHttpRequest, access: Access, status: int = 200, **extra: Any
) -> HttpResponse:
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
        **comings_context(access.game, extra.pop("join_form", None)),
        **game_club_context(request, access.game),
        **extra,
    }
    return render(request, "games/manage.html", context, status=status)


@require_http_methods(["GET", "POST"])
def players(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    if request.method == "GET":
        return manage_page(request, access)
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
        return manage_page(request, access, REFUSED, rows=rows)
    data = bound.cleaned_data
    try:
        player_rename(
            game=access.game,
            seat=int(seat),
            name=data["name"],
            replaced=data["change"] == "replace",
        )
    except ServiceError as error:
        add_refusal(bound, error, field="name")
        return manage_page(request, access, REFUSED, rows=rows)
    return redirect(reverse("players", args=[token]) + "?saved=1")


@require_POST
def archive(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    game_archive(game=access.game, archived=request.POST.get("archived") == "1")
    return back_to_game(request, token)


@require_http_methods(["GET", "POST"])
def delete(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)  # a view-only link can never delete
    if request.method == "POST":
        if request.POST.get("confirm") == "yes":
            game_delete(game=access.game)
            forget_game(request, token)
            return redirect(reverse("home") + "?deleted=1")
        unconfirmed = ServiceError("delete_unconfirmed")
        return manage_page(request, access, REFUSED, delete_error=refusal_words(unconfirmed))
    return manage_page(request, access, confirm_delete=True)


def game_club_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What a game's management page says about groups: its own, or those it may join."""
    club = game.club if game.club_id is not None else None
    if club is None:
        return {"my_clubs": [c for c in my_clubs(request) if c.can_edit]}
    held = {c.club.pk: c.token for c in my_clubs(request)}
    return {"club": club, "club_token": held.get(club.pk) or view_token(club.view_salt)}


def _back(token: str, done: str) -> HttpResponse:
    return redirect(reverse("players", args=[token]) + f"?{done}=1#players-title")


@require_POST
def seat_leave(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A player leaves the table after the last round played, or comes back."""
    access = edit_access(token)
    try:
        seat = int(request.POST.get("seat", ""))
    except ValueError:
        raise Http404 from None
    try:
        if request.POST.get("action") == "back":
            player_back(game=access.game, seat=seat)
        else:
            player_leave(game=access.game, seat=seat)
    except ServiceError as error:
        return manage_page(request, access, REFUSED, comings_error=refusal_words(error))
    return _back(token, "saved")


@require_POST
def player_join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A late player sits down for the next round."""
    access = edit_access(token)
    game = access.game
    table = dealt_table(game)
    starts = late_starts(table, game, list(game.players.all()))
    form = JoinForm(request.POST, starts=starts, rule=table.late_start)
    if not form.is_valid():
        return manage_page(request, access, REFUSED, join_form=form)
    try:
        comings.player_join(
            game=game, name=form.cleaned_data["name"], late_start=form.cleaned_data["late_start"]
        )
    except ServiceError as error:
        add_refusal(form, error, field="name" if error.field == "name" else None)
        return manage_page(request, access, REFUSED, join_form=form)
    return _back(token, "joined")
