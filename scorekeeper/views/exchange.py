"""A game as a file: CSV and JSON exports (edit or view link), and the JSON import."""

from __future__ import annotations

import json

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from .. import clubs, services
from ..book_exchange import MAX_BOOK_BYTES, export_book, read_book
from ..exchange import (
    EXPORT_PREFETCH,
    MAX_BYTES,
    Malformed,
    export_csv,
    export_game,
    read_document,
)
from ..models import Game
from .access import club_access, game_access, remember_club, remember_game
from .responses import service_message


def _download(content: str, kind: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def game_json(request: HttpRequest, token: str) -> HttpResponse:
    game = Game.objects.prefetch_related(*EXPORT_PREFETCH).get(pk=game_access(token).game.pk)
    text = json.dumps(export_game(game), ensure_ascii=False, indent=1)
    return _download(text, "application/json", f"{game.rules_slug}-{game.uuid}.json")


@require_GET
def game_csv(request: HttpRequest, token: str) -> HttpResponse:
    game = game_access(token).game
    return _download(export_csv(game), "text/csv; charset=utf-8", f"{game.rules_slug}.csv")


class ImportForm(forms.Form):
    document = forms.FileField(label=gettext_lazy("A game exported as JSON"))

    def clean_document(self):
        upload = self.cleaned_data["document"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for a game."))
        try:
            return read_document(upload.read(MAX_BYTES + 1))
        except Malformed as error:
            raise forms.ValidationError(
                _("This file cannot be imported: %(where)s should be %(what)s.")
                % {"where": error.where, "what": error.what}
            ) from None


@require_http_methods(["GET", "POST"])
def game_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if request.META.get("rami.upload_too_large"):  # skipped by uploads.BoundedUpload
        form.is_valid()  # the file was never kept: say why, not that it is missing
        form.errors.pop("document", None)
        form.add_error("document", _("The file is too large for a game."))
    elif request.method == "POST" and form.is_valid():
        try:
            _game, edit, _view = services.game_import(document=form.cleaned_data["document"])
        except services.ServiceError as error:
            form.add_error("document", service_message(error))
        else:
            remember_game(request, edit)
            return redirect("game", token=edit)
    status = 400 if form.errors else 200
    return render(request, "games/import.html", {"form": form}, status=status)


@require_GET
def club_json(request: HttpRequest, token: str) -> HttpResponse:
    club = club_access(token).club
    text = json.dumps(export_book(club), ensure_ascii=False, separators=(",", ":"))
    return _download(text, "application/json", f"group-{club.uuid}.json")


class BookImportForm(forms.Form):
    document = forms.FileField(label=gettext_lazy("A group's book exported as JSON"))

    def clean_document(self):
        upload = self.cleaned_data["document"]
        if upload.size > MAX_BOOK_BYTES:
            raise forms.ValidationError(_("The file is too large for a group's book."))
        try:
            return read_book(upload.read(MAX_BOOK_BYTES + 1))
        except Malformed as error:
            raise forms.ValidationError(
                _("This file cannot be imported: %(where)s should be %(what)s.")
                % {"where": error.where, "what": error.what}
            ) from None


@require_http_methods(["GET", "POST"])
def club_import(request: HttpRequest) -> HttpResponse:
    form = (
        BookImportForm(request.POST, request.FILES)
        if request.method == "POST"
        else BookImportForm()
    )
    if request.META.get("rami.upload_too_large"):
        form.is_valid()
        form.errors.pop("document", None)
        form.add_error("document", _("The file is too large for a group's book."))
    elif request.method == "POST" and form.is_valid():
        try:
            _club, edit, _view = clubs.club_import(book=form.cleaned_data["document"])
        except services.ServiceError as error:
            form.add_error("document", service_message(error))
        else:
            remember_club(request, edit)
            return redirect("club", token=edit)
    status = 400 if form.errors else 200
    return render(request, "clubs/import.html", {"form": form}, status=status)
