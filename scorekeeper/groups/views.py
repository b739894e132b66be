"""A group's pages: created (from the home page or a finished game), its book of statistics,
its games, players (renamed, merged), history, share links and charts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_engine import stored_variant
from scorekeeper.core.charts import as_svg
from scorekeeper.core.digits import small_number
from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import ServiceError, refusal_words
from scorekeeper.core.tokens import view_token
from scorekeeper.games.views.manage import manage_page
from scorekeeper.groups.book import Book, club_book, systems_of
from scorekeeper.groups.charts import member_chart, member_summary
from scorekeeper.groups.services import (
    club_create,
    club_from_game,
    club_rename,
    game_attach,
    game_detach,
    member_merge,
    member_rename,
)
from scorekeeper.models import MAX_CLUB_NAME, MAX_NAME, Member
from scorekeeper.records import documents
from scorekeeper.web.access import (
    ClubAccess,
    club_access,
    club_edit_access,
    edit_access,
    game_links,
    remember_club,
)
from scorekeeper.web.refusals import REFUSED, add_refusal, status_of
from scorekeeper.web.responses import HtmxHttpRequest

RECENT_GAMES = 10
GAMES_PER_PAGE = 25


class ClubForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the group"), max_length=MAX_CLUB_NAME)
    names = forms.CharField(
        label=gettext_lazy("Players, one per line"),
        widget=forms.Textarea(attrs={"rows": 6}),
        required=False,
        max_length=documents.MOST_MEMBERS * (MAX_NAME + 2),
    )

    def clean_names(self) -> list[str]:
        names = [line for line in self.cleaned_data["names"].splitlines() if line.strip()]
        if any(len(name.strip()) > MAX_NAME for name in names):
            raise forms.ValidationError(_("A name has at most %(n)d characters.") % {"n": MAX_NAME})
        return names


@require_http_methods(["GET", "POST"])
def club_new(request: HtmxHttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            _club, edit, _view = club_create(
                name=form.cleaned_data["name"], names=form.cleaned_data["names"]
            )
        except ServiceError as error:
            add_refusal(form, error)
        else:
            remember_club(request, edit)
            return redirect("club", token=edit)
    status = REFUSED if form.errors else 200
    return render(request, "clubs/new.html", {"form": form}, status=status)


def _pair(request: HttpRequest, book: Book) -> dict[str, Any] | None:
    """The head-to-head the address asks for, between two members of the group."""
    ids = {m.pk: m for m in book.members}
    try:
        first, second = int(request.GET.get("a", "")), int(request.GET.get("b", ""))
    except ValueError:
        return None
    if first not in ids or second not in ids or first == second:
        return None
    return {"first": ids[first], "second": ids[second], "result": book.pair(first, second)}


@require_GET
def club_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = club_access(token)
    remember_club(request, token)
    book = club_book(access.club, request.GET, lang())
    recent = list(
        access.club.games.order_by("-created_at")
        .annotate(played=Count("rounds"))
        .prefetch_related("players")[:RECENT_GAMES]
    )
    context = {
        "access": access,
        "token": token,
        "book": book,
        "pair": _pair(request, book),
        "recent": game_links(request, recent),
        "total_games": sum(n for _slug, _name, n in book.systems),
        "charts": [(line, member_summary(line, book)) for line in book.lines],
        # The group's own games, offered for its next game (by their share links).
        "house_games": [
            (stored_variant(h.document).name[lang()], view_token(h.view_salt))
            for h in access.club.house_games.all()
        ],
    }
    return render(request, "clubs/club.html", context)


@require_GET
def club_chart(request: HtmxHttpRequest, token: str, member: int) -> HttpResponse:
    access = club_access(token)
    book = club_book(access.club, request.GET, lang())
    line = next((line for line in book.lines if line.member.pk == member), None)
    if line is None:
        raise Http404(_("No such player in these games."))
    response = HttpResponse(as_svg(member_chart(line, book)), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=60"
    return response


@require_GET
def club_games(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = club_access(token)
    games = (
        access.club.games.order_by("-created_at")
        .annotate(played=Count("rounds"))
        .prefetch_related("players")
    )
    page = Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "access": access,
        "token": token,
        "page": page,
        "games": game_links(request, list(page.object_list)),
    }
    return render(request, "clubs/games.html", context)


@require_GET
def club_history(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = club_access(token)
    events = access.club.events.all()[:200]
    # A table's own game is named by its rules as the group played them, not by its slug.
    names = {slug: rules.name[lang()] for slug, rules in systems_of(access.club).items()}
    context = {"access": access, "token": token, "events": events, "names": names}
    return render(request, "clubs/history.html", context)


class RenameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=MAX_NAME)


class MergeForm(forms.Form):
    kept = forms.IntegerField(label=gettext_lazy("Keep this name"))
    merged = forms.IntegerField(label=gettext_lazy("Merge this one into it"))


def _settings_page(
    request: HttpRequest, access: ClubAccess, status: int = 200, **extra: Any
) -> HttpResponse:
    club = access.club
    context = {
        "access": access,
        "token": access.token,
        "members": list(club.members.all()),
        "view_link": request.build_absolute_uri(reverse("club", args=[view_token(club.view_salt)])),
        "edit_link": request.build_absolute_uri(reverse("club", args=[access.token])),
        "group_form": extra.pop("group_form", None) or RenameForm(initial={"name": club.name}),
        **extra,
    }
    return render(request, "clubs/settings.html", context, status=status)


@require_http_methods(["GET", "POST"])
def club_settings(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Rename the group or a player, merge two names of one player; the share links."""
    access = club_edit_access(token)
    if request.method == "GET":
        return _settings_page(request, access)
    action = request.POST.get("action")
    try:
        if action == "group":
            form = RenameForm(request.POST)
            if not form.is_valid():
                return _settings_page(request, access, REFUSED, group_form=form)
            club_rename(club=access.club, name=form.cleaned_data["name"])
        elif action == "member":
            form = RenameForm(request.POST)
            chosen = request.POST.get("member", "")
            member = get_object_or_404(Member, club=access.club, pk=small_number(chosen, 9) or 0)
            if not form.is_valid():
                return _settings_page(
                    request, access, REFUSED, member_error=(member.pk, form.errors)
                )
            member_rename(club=access.club, member=member, name=form.cleaned_data["name"])
        elif action == "merge":
            merge = MergeForm(request.POST)
            if not merge.is_valid():
                raise ServiceError("merge_unchosen")
            kept = get_object_or_404(Member, club=access.club, pk=merge.cleaned_data["kept"])
            merged = get_object_or_404(Member, club=access.club, pk=merge.cleaned_data["merged"])
            member_merge(club=access.club, kept=kept, merged=merged)
        else:
            return _settings_page(request, access, REFUSED)
    except ServiceError as error:
        message = refusal_words(error)
        status = status_of(error)
        if action == "member":
            return _settings_page(
                request, access, status, member_error=(member.pk, {"name": [message]})
            )
        if action == "merge":
            return _settings_page(request, access, status, merge_error=message)
        return _settings_page(request, access, status, group_error=message)
    return redirect(reverse("club_settings", args=[token]) + "?saved=1")


@require_POST
def game_club(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """From a game: keep its players as a new group, add it to a group, or take it out."""
    access = edit_access(token)
    game = access.game
    action = request.POST.get("action")
    try:
        if action == "create":
            _club, edit, _view = club_from_game(game=game)
            remember_club(request, edit)
            return redirect("club", token=edit)
        if action == "attach":
            chosen = club_access(_token_from(request.POST.get("club", "")))
            if not chosen.can_edit:
                raise PermissionDenied(_("Adding a game to a group needs the group's edit link."))
            game_attach(game=game, club=chosen.club)
            remember_club(request, chosen.token)
        elif action == "detach":
            game_detach(game=game)
        else:
            raise Http404
    except ServiceError as error:
        return manage_page(request, access, REFUSED, club_error=refusal_words(error))
    return redirect(reverse("players", args=[token]) + "?saved=1")


def _token_from(text: str) -> str:
    """A group's token, pasted alone or as its whole link."""
    text = text.strip()[:300].rstrip("/")
    return text.rsplit("/club/", 1)[-1].split("/", 1)[0] if "/club/" in text else text
