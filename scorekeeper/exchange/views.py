"""A game as a file: CSV and JSON exports (edit or view link), and the JSON import."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import ServiceError
from scorekeeper.exchange.book_files import export_book
from scorekeeper.exchange.csv_export import DECIMAL_COMMA, SEPARATORS, export_csv
from scorekeeper.exchange.forms import BookImportForm, ImportForm
from scorekeeper.exchange.game_files import EXPORT_PREFETCH, export_game
from scorekeeper.exchange.services import club_import, game_import
from scorekeeper.models import Game
from scorekeeper.records.documents import BookDocument, GameDocument
from scorekeeper.web.access import club_access, game_access, remember_club, remember_game
from scorekeeper.web.refusals import REFUSED, add_refusal


def _download(content: str, kind: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def game_json(request: HttpRequest, token: str) -> HttpResponse:
    game = Game.objects.prefetch_related(*EXPORT_PREFETCH).get(pk=game_access(token).game.pk)
    text = export_game(game).model_dump_json()  # compact: what the import takes back
    return _download(text, "application/json", f"{game.rules_slug}-{game.uuid}.json")


@require_GET
def game_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The game as a spreadsheet: `;` between cells in French, `,` in English, or as
    `?sep=semicolon|comma` asks."""
    game = game_access(token).game
    separator = SEPARATORS.get(request.GET.get("sep", ""), ";" if lang() in DECIMAL_COMMA else ",")
    content = export_csv(game, separator)
    return _download(content, "text/csv; charset=utf-8", f"{game.rules_slug}.csv")


@dataclass(frozen=True)
class Importer:
    """What one import page takes and does: its form, its words, and how it stores."""

    form: type[ImportForm]
    title: str | Promise
    intro: str | Promise
    schema: str
    store: Callable[[Any], tuple[Any, str, str]]  # a service: (what, edit link, view link)
    remember: Callable[[HttpRequest, str], None]
    opens: str  # the page the new edit link opens


IMPORTERS = {
    "game": Importer(
        ImportForm,
        gettext_lazy("Import a game"),
        gettext_lazy(
            "A game exported as JSON from this app, on this server or another one, comes back "
            "whole: players, rounds, house rules and history. It gets new links; the file is "
            "checked first, and nothing is stored unless all of it is right."
        ),
        "game",
        lambda document: game_import(document=document),
        remember_game,
        "game",
    ),
    "book": Importer(
        BookImportForm,
        gettext_lazy("Import a group’s book"),
        gettext_lazy(
            "A group’s book exported from this app comes back whole: its players, its history "
            "and every game, each checked as a game import checks it. The group and its games "
            "get new links; nothing is stored unless all of it is right."
        ),
        "book",
        lambda book: club_import(book=book),
        remember_club,
        "club",
    ),
}


@require_http_methods(["GET", "POST"])
def import_page(request: HttpRequest, kind: str) -> HttpResponse:
    """Check the file, store it all or nothing and open it, or say why not."""
    importer = IMPORTERS[kind]
    form_class = importer.form
    form = form_class(request.POST, request.FILES) if request.method == "POST" else form_class()
    if request.META.get("rami.upload_too_large"):  # skipped by uploads.BoundedUpload
        form.refuse_too_large()
    elif request.method == "POST" and form.is_valid():
        try:
            _stored, edit, _view = importer.store(form.cleaned_data["document"])
        except ServiceError as error:
            add_refusal(form, error, field="document")
        else:
            importer.remember(request, edit)
            return redirect(importer.opens, token=edit)
    context = {
        "form": form,
        "title": importer.title,
        "intro": importer.intro,
        "schema": reverse("import_schema", args=[importer.schema]),
    }
    return render(request, "exchange/import.html", context, status=REFUSED if form.errors else 200)


@require_GET
def club_json(request: HttpRequest, token: str) -> HttpResponse:
    club = club_access(token).club
    text = export_book(club).model_dump_json()
    return _download(text, "application/json", f"group-{club.uuid}.json")


SCHEMAS: dict[str, type[GameDocument] | type[BookDocument]] = {
    "game": GameDocument,
    "book": BookDocument,
}


@require_GET
def import_schema(request: HttpRequest, kind: str) -> JsonResponse:
    """The JSON Schema of a document the import reads (and the export writes)."""
    model = SCHEMAS.get(kind)
    if model is None:
        raise Http404
    schema = model.model_json_schema()
    schema["$id"] = request.build_absolute_uri()
    response = JsonResponse(schema, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Cache-Control"] = "public, max-age=3600"
    return response
