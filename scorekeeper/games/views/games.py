"""A game's page, its live board for viewers, sharing, finishing and playing again."""

from __future__ import annotations

import io
from typing import Any

import segno
from django.core.cache import cache
from django.forms import Form
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from rules_engine import NotationError, dealt, format_hand, parse_hand
from scorekeeper.core.digits import small_number
from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import Conflict, ServiceError, refusal_words
from scorekeeper.core.tokens import rotated_token, token_hash, view_token
from scorekeeper.games import outbox
from scorekeeper.games.forms import RoundForm, initial_from_sent
from scorekeeper.games.result_text import result_text
from scorekeeper.games.romi_forms import RomiContractForm, RomiFinishForm
from scorekeeper.games.selectors import Board, game_board
from scorekeeper.games.services.games import (
    dealer_fix,
    game_finish,
    game_play_again,
    game_regenerate_edit_token,
    game_reopen,
)
from scorekeeper.games.services.history import last_change
from scorekeeper.models import Game
from scorekeeper.records import live
from scorekeeper.web.access import (
    MAX_TOKEN,
    MY_CLUBS,
    MY_GAMES_KEPT,
    Access,
    edit_access,
    forget_game,
    game_access,
    game_by_token_hash,
    game_version,
    remember_game,
)
from scorekeeper.web.refusals import CONFLICT, REFUSED, refused_page
from scorekeeper.web.responses import HtmxHttpRequest

VIEWER_CACHE_SECONDS = 600


def finished_result(board: Board, game: Game) -> dict[str, str]:
    """What "share the result" sends: the words, the view link, the PDF's file name."""
    return {
        "text": result_text(board),
        "view": reverse("game", args=[view_token(game.view_salt)]),
        # The table's own day, as the PDF names itself (not the UTC day, wrong after midnight).
        "pdf": f"{board.rules.slug}-{timezone.localtime(game.created_at):%Y-%m-%d}.pdf",
    }


# From this many players, the app points the scorer to "Join the table".
JOIN_TIP_PLAYERS = 5


def game_context(
    request: HtmxHttpRequest,
    access: Access,
    board: Board | None = None,
    /,
    form: Form | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """What the game page shows this link; `board`: the game's board, when already read."""
    board = board or game_board(access.game, lang())
    context = {"board": board, "access": access, "token": access.token, **extra}
    club = access.game.club if access.game.club_id is not None else None
    if club is not None:  # the group's edit link where this phone holds it, else its view link
        link = view_token(club.view_salt)
        if access.can_edit:
            held = {token_hash(t): t for t in request.session.get(MY_CLUBS, [])[:MY_GAMES_KEPT]}
            link = held.get(club.edit_token_hash, link)
        context["club"] = (club.name, link)
    if access.can_edit:
        if "last_change" not in extra:  # the caller's write may have just made it
            context["last_change"] = last_change(access.game)
        context["outbox_messages"] = outbox.MESSAGES
        game = access.game
        context["join_tip"] = (
            game.seats >= JOIN_TIP_PLAYERS
            and not game.seat_salt
            and not board.rows
            and not board.romi
        )
    if board.finished:  # what "share the result" sends
        context["result"] = finished_result(board, access.game)
    table = board.table
    if access.can_edit and not board.finished and not extra.get("form_kept"):
        if not dealt(table):
            context.setdefault("romi_form", RomiContractForm(players=board.players))
            context.setdefault("finish_form", RomiFinishForm(trophies=table.romi.trophies_in_play))
        else:
            sent = {s.player.seat: s for s in board.sent if s.hand is not None}
            initial = initial_from_sent(board.sent)
            number = board.next_round.number if board.next_round else None
            entry = form or RoundForm(
                players=board.players, table=table, initial=initial, sent=sent, number=number
            )
            if isinstance(entry, RoundForm):
                entry.hand_value_url = reverse("hand_value", args=[access.token])
            context["form"] = entry
    return context


def viewer_key(access: Access, partial: str) -> str:
    """The cache's name for a viewers' copy: the game (its UUID, never reused), its version,
    the language; never the token, as a shared cache's keys are not secrets."""
    return f"viewer:{access.game.uuid}:{access.game.version}:{lang()}:{partial}"


def viewer_rendered(
    request: HtmxHttpRequest, access: Access, partial: str, board: Board | None = None
) -> str:
    """A view-only page (or its live part): no form that posts, so no CSRF token (the
    language switch is a link); the same for every viewer of a version."""
    template = "games/game.html" if partial == "page" else f"games/game.html#{partial}"
    context = {
        **game_context(request, access, board),
        "read_only": True,
        "next_url": reverse("game", args=[access.token]),
    }
    return render_to_string(template, context, request)


def viewer_copy(request: HtmxHttpRequest, access: Access, partial: str) -> str:
    """A view-only page (or its live part), rendered once per version and language for every
    phone and every worker that asks for it (the shared cache): any change bumps the
    version, so a cached copy is never stale."""

    def rendered() -> str:
        return viewer_rendered(request, access, partial)

    copy = cache.get_or_set(viewer_key(access, partial), rendered, VIEWER_CACHE_SECONDS)
    return str(copy)


def viewer_response(request: HtmxHttpRequest, access: Access, partial: str) -> HttpResponse:
    return HttpResponse(viewer_copy(request, access, partial))


def share_with_viewers(request: HtmxHttpRequest, board: Board) -> None:
    """After a round saved from a phone whose answer read the board anyway: the viewers' live
    part of the new version, made now from that board and sent to the view-only phones with
    the news, so none of them asks for it (each of them used to read the board and render
    it again: the capacity bench's viewers' fetches, a fifth of the CPU). It is not stored
    in the cache as well: the phones it reaches need nothing more, and writing it there cost
    the workers as much as rendering it (py-spy under load); the rare phone that fetches
    (another language, a stream opened late) renders it once for all the others."""
    if not live.publishing():  # no streams: the viewers poll, and render it once asked
        return
    game = board.game
    access = Access(game, view_token(game.view_salt), can_edit=False)
    live.board(game.view_token_hash, viewer_rendered(request, access, "live", board))


@require_GET
def game_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = game_access(token)
    remember_game(request, token)
    if access.can_edit:
        return render(request, "games/game.html", game_context(request, access))
    return viewer_response(request, access, "page")


@require_GET
def game_board_partial(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Viewers poll this; 204 when nothing changed since the version they hold."""
    version = game_version(token) if "v" in request.GET else None
    if version is not None and request.GET["v"] == str(version):
        return HttpResponse(status=204)  # most polls end here, after one indexed read
    access = game_access(token)
    if access.can_edit:
        response = render(request, "games/game.html#live", game_context(request, access))
    else:
        response = viewer_response(request, access, "live")
    response["Cache-Control"] = "private, no-store"
    return response


@require_GET
def hand_value(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The engine's count of the cards picked for a hand, shown as they are tapped."""
    access = game_access(token)
    table = access.game.table
    if not table.counts_cards:
        raise Http404(_("This game does not count cards left in hand."))
    seat = request.GET.get("seat", "")
    text = request.GET.get(f"cards_{seat}", "")[:300]
    try:
        cards = parse_hand(text)
    except NotationError as error:
        return render(
            request,
            "games/_hand_value.html",
            {"error": refusal_words(error)},
        )
    return render(
        request,
        "games/_hand_value.html",
        {
            "points": table.hand_value(cards) if cards else None,
            "cards": format_hand(cards, symbols=True),  # as the keys show them: 2♠
        },
    )


@require_GET
def qr_code(request: HtmxHttpRequest, token: str) -> HttpResponse:
    edit_access(token)  # only the edit holder shares the game
    target = request.GET.get("url", "")[:300]
    if not target.startswith(request.build_absolute_uri("/")):
        return HttpResponse(status=400)
    out = io.BytesIO()
    segno.make(target, error="m").save(
        out, kind="svg", scale=6, border=2, dark="#111", light="#fff"
    )
    return HttpResponse(out.getvalue(), content_type="image/svg+xml")


@require_POST
def regenerate_edit(request: HtmxHttpRequest, token: str) -> HttpResponse:
    try:
        game = edit_access(token).game
    except Http404:
        # A double tap: its twin may have replaced this link a moment ago. The service hands
        # out the same new link for a minute; otherwise this link opens nothing.
        twin = game_by_token_hash(token_hash(rotated_token(token[:MAX_TOKEN])))
        if twin is None:
            raise
        game = twin
    try:
        new = game_regenerate_edit_token(game=game, token=token)
    except Conflict:
        raise Http404(_("No game at this address.")) from None
    forget_game(request, token)
    remember_game(request, new)
    return redirect("share", token=new)


@require_http_methods(["GET", "POST"])
def finish(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """End the game at the table's word, after a confirmation; it can be reopened."""
    access = edit_access(token)
    if request.method == "GET":
        board = game_board(access.game, lang())
        context = {"board": board, "token": token, "access": access}
        return render(request, "games/finish.html", context)
    try:
        game_finish(game=access.game)
    except ServiceError:
        pass  # nothing to finish yet, or already finished: the page says which
    return back_to_game(request, token)


@require_http_methods(["GET", "POST"])
def dealer(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Who dealt the round being played, when the deal went out of turn: the next rounds
    follow on from that player."""
    access = edit_access(token)
    board = game_board(access.game, lang())
    context: dict[str, Any] = {"board": board, "token": token, "access": access}
    if request.method == "POST":
        try:
            seat = small_number(request.POST.get("seat", ""))
            if seat is None:
                raise ServiceError("no_such_seat")
            meant = request.POST.get("number")
            number = small_number(meant, 4) if meant is not None else None
            if meant is not None and number is None:
                raise ServiceError("no_such_round")
            dealer_fix(game=access.game, seat=seat, number=number)
            return back_to_game(request, token)
        except ServiceError as error:
            context["error"] = refusal_words(error)
            if isinstance(error, Conflict):
                context["board"] = game_board(access.game, lang())  # the round now played
                return render(request, "games/dealer.html", context, status=409)
            return render(request, "games/dealer.html", context, status=REFUSED)
    return render(request, "games/dealer.html", context)


@require_POST
def reopen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    game_reopen(game=access.game)
    return back_to_game(request, token)


@require_POST
def play_again(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    try:
        _game, edit, _view = game_play_again(game=access.game)
    except ServiceError as error:  # the group's book is full
        return refused_page(request, _("No new game was started"), error, CONFLICT)
    remember_game(request, edit)
    return back_to_game(request, edit)


def back_to_game(request: HtmxHttpRequest, token: str) -> HttpResponse:
    url = reverse("game", args=[token])
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)
