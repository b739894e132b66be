"""Your own game: build it from a game the app knows, see its rules and plan as you change it,
save, share (link, QR code, file), import a file, print its grid, start games with it."""

from __future__ import annotations

import io
from typing import Any

import segno
from django import forms
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_engine import (
    MOST_VARIANT_BYTES,
    SYSTEMS,
    RulesError,
    RuleSystem,
    Table,
    get_rules,
    read_document,
    stored_variant,
    variant_document,
    variant_schema,
    variant_text_document,
    variant_toml,
)
from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import ServiceError, refusal_words
from scorekeeper.own_games.builder import BuilderForm, deck_rows_in, own_slug, rounds_in
from scorekeeper.own_games.files import downloaded, grown
from scorekeeper.own_games.services import house_game_create, house_game_keep_in, house_game_update
from scorekeeper.rules.rulebook import rulebook
from scorekeeper.rules.summary import render_rules
from scorekeeper.sheets.forms import MAX_SEATS
from scorekeeper.sheets.views import blank_pdf
from scorekeeper.web.access import (
    HouseGameAccess,
    club_edit_access,
    house_game_access,
    house_game_edit_access,
    my_clubs,
    remember_house_game,
)
from scorekeeper.web.refusals import REFUSED

# The games a table starts its own from in the builder (played in rounds of contracts).
STARTS = [slug for slug, rules in SYSTEMS.items() if rules.contracts]


def _copy_of(rules: RuleSystem) -> dict[str, Any]:
    """A built-in game's document as the start of a table's own: named as theirs."""
    document = variant_document(rules)
    name = _("%(name)s, our way") % {"name": rules.name[lang()]}
    summary = _("Based on %(name)s.") % {"name": rules.name[lang()]}
    return {
        **document,
        "slug": own_slug(name),
        "name": {lang(): name},
        "summary": {lang(): summary},
    }


def _base_from(asked: str) -> dict[str, Any] | None:
    """What `?from=` names: a built-in game's slug, or the link of a table's own game."""
    if asked in SYSTEMS:
        return _copy_of(get_rules(asked))
    try:
        access = house_game_access(asked)
    except Http404:  # a wrong link: nothing to start from
        return None
    return _copy_of(stored_variant(access.house.document))


def _form(document: dict[str, Any], data: Any = None) -> BuilderForm:
    sizes = {"rounds": rounds_in(document), "deck_rows": deck_rows_in(document) + 1}
    if data is not None:
        sizes = {"rounds": _small(data.get("rounds")), "deck_rows": _small(data.get("deck_rows"))}
        return BuilderForm(data, **sizes)
    return BuilderForm(initial=BuilderForm.initial_from(document), **sizes)


def _small(value: object) -> int:
    text = str(value or "")
    return int(text) if text.isdigit() and len(text) <= 2 else 1


def _page(
    request: HttpRequest,
    document: dict[str, Any],
    form: BuilderForm | None,
    *,
    access: HouseGameAccess | None = None,
    refusal: str = "",
    status: int = 200,
) -> HttpResponse:
    """The builder: the form (for games of contracts), the file, and the preview."""
    preview = _preview(document) if not refusal else None
    context = {
        "form": form,
        "access": access,
        "base": variant_toml(stored_variant(document)) if _readable(document) else "",
        "refusal": refusal,
        "preview": preview,
        "most_bytes": MOST_VARIANT_BYTES,
    }
    return render(request, "own_games/builder.html", context, status=status)


def _readable(document: dict[str, Any]) -> bool:
    try:
        stored_variant(document)
    except RulesError:
        return False
    return True


def _preview(document: dict[str, Any]) -> dict[str, Any]:
    """The rules as the engine reads them, or why it cannot play them."""
    try:
        rules = read_document(document, new=False)
    except RulesError as error:
        return {"refusal": refusal_words(error)}
    return {"book": rulebook(rules)}


@require_GET
def choose(request: HttpRequest) -> HttpResponse:
    """Where a table's own game starts: a game the app knows, or a file."""
    asked = request.GET.get("from", "")[:80]
    if asked:
        base = _base_from(asked)
        if base is not None:
            return _page(request, base, _form(base) if base.get("rounds") else None)
    games = [(slug, SYSTEMS[slug].name[lang()], SYSTEMS[slug].summary[lang()]) for slug in STARTS]
    return render(request, "own_games/choose.html", {"games": games, "form": FileForm()})


def _edited(request: HttpRequest, access: HouseGameAccess | None) -> HttpResponse:
    """A posted builder: rows added or removed, a file taken in, a preview, or the save."""
    action, _sep, row = request.POST.get("action", "save").partition(":")
    try:
        base = variant_text_document(request.POST.get("base", ""))
    except RulesError as error:
        return HttpResponse(refusal_words(error), status=400)
    if action == "use_file":
        try:
            document = variant_text_document(request.POST.get("file", ""))
        except RulesError as error:
            return _page(
                request,
                base,
                _form(base) if base.get("rounds") else None,
                access=access,
                refusal=refusal_words(error),
                status=REFUSED,
            )
        return _page(
            request, document, _form(document) if document.get("rounds") else None, access=access
        )
    if action in ("add_round", "remove_round", "add_decks"):
        data = grown(request.POST, action, row)
        return _page(request, base, _form(base, data), access=access)
    form = _form(base, request.POST) if base.get("rounds") else None
    if action == "preview" and form is not None and not form.is_valid():
        # The preview under the fields says only that they are not all filled in right.
        refused = {"refusal": refusal_words(ServiceError("fields_marked"))}
        return render(request, "own_games/_preview.html", {"preview": refused})
    if form is not None and not form.is_valid():
        return _page(
            request,
            base,
            form,
            access=access,
            refusal=refusal_words(ServiceError("fields_marked")),
            status=REFUSED,
        )
    document = form.document_over(base) if form is not None else base
    if action == "preview":
        return render(request, "own_games/_preview.html", {"preview": _preview(document)})
    if action == "grid":  # the blank grid of the game as it is now, before it is saved
        try:
            rules = read_document(document, new=False)
        except RulesError as error:
            return _page(
                request, document, form, access=access, refusal=refusal_words(error), status=REFUSED
            )
        return _grid_pdf(rules, max(rules.players[0], 2))
    try:
        if access is None:
            token = house_game_create(document)[1]
        else:
            house_game_update(access.house, document)
            token = access.token
    except RulesError as error:
        return _page(
            request, document, form, access=access, refusal=refusal_words(error), status=REFUSED
        )
    remember_house_game(request, token)
    return redirect("own_game", token=token)


@require_POST
def create(request: HttpRequest) -> HttpResponse:
    return _edited(request, None)


@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, token: str) -> HttpResponse:
    access = house_game_edit_access(token)
    if request.method == "POST":
        return _edited(request, access)
    document = access.house.document
    return _page(
        request, document, _form(document) if document.get("rounds") else None, access=access
    )


@require_GET
def page(request: HttpRequest, token: str) -> HttpResponse:
    access = house_game_access(token)
    remember_house_game(request, token)
    rules = stored_variant(access.house.document)
    groups = [g for g in my_clubs(request) if g.can_edit] if access.can_edit else []
    context = {
        "access": access,
        "book": rulebook(rules),
        "share_url": request.build_absolute_uri(reverse("own_game", args=[access.share_token])),
        "groups": groups,
    }
    return render(request, "own_games/page.html", context)


@require_GET
def file(request: HttpRequest, token: str) -> HttpResponse:
    """The game as its variant file, to keep, send or import elsewhere."""
    house = house_game_access(token).house
    return downloaded(
        variant_toml(stored_variant(house.document)), f"{house.document['slug']}.toml"
    )


@require_POST
def keep_in_group(request: HttpRequest, token: str) -> HttpResponse:
    """A group keeps the game: its page offers it for the next game (the group's edit link)."""
    access = house_game_edit_access(token)
    group = request.POST.get("group", "")
    club = club_edit_access(group).club if group else None
    house_game_keep_in(access.house, club)
    return redirect("own_game", token=token)


class FileForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("A game file (.toml)"))


@require_POST
def upload(request: HttpRequest) -> HttpResponse:
    """A game file from another phone or another server: checked whole, then kept."""
    form = FileForm(request.POST, request.FILES)
    refusal = ""
    if form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MOST_VARIANT_BYTES:
            refusal = refusal_words(RulesError("variant_too_large", most=MOST_VARIANT_BYTES))
        else:
            try:
                text = upload.read().decode("utf-8", "replace")
                token = house_game_create(variant_text_document(text))[1]
            except RulesError as error:
                refusal = refusal_words(error)
            else:
                remember_house_game(request, token)
                return redirect("own_game", token=token)
    games = [(slug, SYSTEMS[slug].name[lang()], SYSTEMS[slug].summary[lang()]) for slug in STARTS]
    context = {"games": games, "form": form, "refusal": refusal}
    return render(request, "own_games/choose.html", context, status=REFUSED)


@require_GET
def schema(request: HttpRequest) -> JsonResponse:
    """The published JSON Schema of a game file (format 1)."""
    return JsonResponse(variant_schema(), json_dumps_params={"ensure_ascii": False, "indent": 1})


@require_GET
def grid(request: HttpRequest, token: str) -> HttpResponse:
    """The game's blank score grid: `?players=N` (the fewest its rules seat, by default)."""
    rules = stored_variant(house_game_access(token).house.document)
    low, high = rules.players
    asked = request.GET.get("players", "")
    players = int(asked) if asked.isdigit() and len(asked) <= 2 else max(low, 2)
    if not low <= players <= min(high, MAX_SEATS):
        return HttpResponse(
            _("This game is for %(low)d to %(high)d players.") % {"low": low, "high": high},
            status=400,
        )
    return _grid_pdf(rules, players)


def _grid_pdf(rules: RuleSystem, players: int) -> HttpResponse:
    try:
        table = Table.checked(rules, players)
    except RulesError as error:
        return HttpResponse(refusal_words(error), status=400)
    data = {"language": lang(), "paper": "a4", "orientation": "landscape", "per_sheet": 1}
    content = blank_pdf(rules, table, [""] * players, data)
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{rules.slug}-grid.pdf"'
    return response


@require_GET
def rules_pdf(request: HttpRequest, token: str) -> HttpResponse:
    rules = stored_variant(house_game_access(token).house.document)
    response = HttpResponse(render_rules(rulebook(rules), "a4"), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{rules.slug}-rules.pdf"'
    return response


@require_GET
def qr_code(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of the game's share link."""
    access = house_game_access(token)
    out = io.BytesIO()
    target = request.build_absolute_uri(reverse("own_game", args=[access.share_token]))
    segno.make(target, error="m").save(
        out, kind="svg", scale=6, border=2, dark="#111", light="#fff"
    )
    return HttpResponse(out.getvalue(), content_type="image/svg+xml")
