"""Entering, correcting and deleting rounds; the history and its undo."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_engine import RulesError, Table
from scorekeeper.core.digits import small_number
from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import Conflict, ServiceError, refusal_words
from scorekeeper.games import outbox
from scorekeeper.games.forms import RoundForm
from scorekeeper.games.selectors import Board, Row, game_board
from scorekeeper.games.services import undo
from scorekeeper.games.services.rounds import (
    RoundSaved,
    round_correct,
    round_delete_last,
    round_record,
)
from scorekeeper.games.services.undo import game_undo_last
from scorekeeper.games.views.games import game_context, share_with_viewers
from scorekeeper.models import Player
from scorekeeper.records import live
from scorekeeper.records.stored import StoredRound, stored_rounds
from scorekeeper.web.access import Access, dealt_table, edit_access, game_access
from scorekeeper.web.refusals import (
    CONFLICT,
    REFUSED,
    add_refusal,
    form_message,
    refusal_json,
    refusal_json_of,
)
from scorekeeper.web.responses import HtmxHttpRequest, back_to_game, page


def _render_game(
    request: HtmxHttpRequest,
    access: Access,
    form: RoundForm | None,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    context = game_context(request, access, form=form, **extra)
    return page(request, "games/game.html", context, fragment="live", status=status)


@require_POST
def round_new(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    game = access.game
    table = dealt_table(game, _("ROMi RAMi has no rounds to enter: log contracts instead."))
    players = list(game.players.all())
    # Where players came and went, the seats at the table for the round to enter.
    number = game.rounds.count() + 1 if table.sittings else None
    form = RoundForm(request.POST, players=players, table=table, number=number)
    as_json = outbox.wants_json(request)
    if not form.is_valid():
        if as_json:
            return refusal_json("invalid", form_message(form), REFUSED, form)
        return _render_game(request, access, form, status=REFUSED)
    # The answer shows the board with this round: the rounds before it, read once here.
    before = stored_rounds(game) if request.htmx and not as_json else None
    try:
        with live.holding():  # the news leaves once the viewers' board is ready
            saved = round_record(
                game=game,
                entries=form.entries(),
                no_winner=form.no_winner,
                client_uuid=form.cleaned_data.get("client_uuid"),
                number=form.cleaned_data.get("number"),
                players=players,
                before=before,
            )
            board = _board_after(access, saved, players, before) if before is not None else None
            if board is not None and saved.created:
                share_with_viewers(request, board)
    except Conflict as error:
        if as_json:
            return _conflict_answer(access, error)
        if error.code == "round_taken":
            return _round_taken(request, access, form, table, error.params.get("number"))
        add_refusal(form, error)
        return _render_game(request, access, form, status=CONFLICT)
    except ServiceError as error:
        add_refusal(form, error)
        if as_json:
            return refusal_json(error.code, form_message(form), REFUSED, form)
        return _render_game(request, access, form, status=REFUSED)
    if as_json:
        return outbox.stored(saved.round.number, replayed=not saved.created)
    if board is None:
        return back_to_game(request, token)
    kept = form_kept(request, board, table)
    context = game_context(
        request, access, board, saved=True, last_change=saved.change, form_kept=kept
    )
    return page(request, "games/game.html", context, fragment="live")


def form_kept(request: HtmxHttpRequest, board: Board, table: Table) -> bool:
    """Whether the answer to a save leaves out the round cards and the form: the scorer's
    phone asks (live.js, where it holds the next round's card) and keeps its own, emptied,
    for the next round. That is the same form wherever the same seats play the next round
    and no hand was sent for it yet; rendering them again was most of a save's work."""
    return (
        request.headers.get("X-Keep-Form") == "1"
        and not board.finished
        and board.next_round is not None
        and not table.sittings
        and not board.sent
    )


def _board_after(
    access: Access,
    saved: RoundSaved,
    players: list[Player],
    before: list[StoredRound] | None,
) -> Board:
    """The board with the round just saved, from what the save wrote (nothing read back),
    unless rounds changed between the read and the save (or a replay stored nothing)."""
    if saved.created and saved.game is not None and before is not None:
        if len(before) + 1 == saved.round.number:
            access.game = saved.game
            rounds: list[StoredRound] = [*before, (saved.round, saved.scores)]
            # The hands sent for this round went with it; none is sent for the next yet.
            return game_board(saved.game, lang(), players=players, rounds=rounds, sent={})
    access.game.refresh_from_db()
    return game_board(access.game, lang())


@dataclass
class Taken:
    """A round another phone stored first, and this phone's version of it."""

    row: Row
    mine: list[int] | None  # this phone's scores (None: they no longer score)
    fields: list[tuple[str, str]]  # what this phone sent, to send again as a correction


NOT_RESENT = {"csrfmiddlewaretoken", "client_uuid", "number", "version"}


def _round_taken(
    request: HtmxHttpRequest, access: Access, form: RoundForm, table: Table, number: int | None
) -> HttpResponse:
    """Another phone stored this round first. Its numbers are never kept in the form for
    the next round (one more tap would count the deal twice): the same scores are nothing
    to do; other scores are shown beside theirs, to keep theirs or replace them with these
    (a correction, in the history)."""
    board = game_board(access.game, lang())
    rows = [row for row in board.rows if row.number == number] or board.rows[-1:]
    if not rows:  # deleted meanwhile: the form stands for that round again
        add_refusal(form, Conflict("round_taken", number=number))
        return _render_game(request, access, form, status=CONFLICT)
    row = rows[0]
    try:
        mine: list[int] | None = table.score(row.number, form.entries(), no_winner=form.no_winner)
    except RulesError:
        mine = None
    if mine == [cell.score for cell in row.cells] and form.no_winner == row.no_winner:
        return _render_game(request, access, None, already_entered=row.number)
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in NOT_RESENT
        for value in values
    ]
    return _render_game(request, access, None, status=409, taken=Taken(row, mine, fields))


def _conflict_answer(access: Access, error: ServiceError) -> HttpResponse:
    """409 with the round the server holds under that number, when there is one."""
    number = error.params.get("number")
    board = game_board(access.game, lang())
    rows = [row for row in board.rows if row.number == number]
    stored = {"stored": outbox.row_answer(board, rows[0])} if rows else {}
    return refusal_json_of(error, CONFLICT, **stored)


def _row(access: Access, number: int) -> tuple[Board, Row]:
    board = game_board(access.game, lang())
    for row in board.rows:
        if row.number == number:
            return board, row
    raise Http404(_("No such round."))


@require_http_methods(["GET", "POST"])
def round_edit(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    access = edit_access(token)
    board, row = _row(access, number)
    url = reverse("hand_value", args=[token])
    kwargs: dict[str, Any] = {
        "players": board.players,
        "table": board.table,
        "hand_value_url": url,
        "number": number,
    }
    if request.method == "GET":
        form = RoundForm(initial=RoundForm.initial_from(row), **kwargs)
        return render(
            request,
            "games/round_edit.html",
            {"form": form, "row": row, "board": board, "token": token},
        )
    form = RoundForm(request.POST, **kwargs)
    if outbox.wants_json(request):
        return _replace_from_outbox(access, form, number)
    status = 200
    if form.is_valid():
        try:
            _correct(access, form, number)
            return back_to_game(request, token)
        except Conflict:
            # Someone corrected it meanwhile: show what is stored now, keep the user's values.
            # (A round deleted meanwhile has no stored values: _row answers 404.)
            board, row = _row(access, number)
            add_refusal(form, Conflict("edit_overtaken"))
            data = request.POST.copy()
            data["version"] = str(row.version)
            form.data = data
            status = 409
        except ServiceError as error:
            add_refusal(form, error)
            status = 422
    else:
        status = 422
    return render(
        request,
        "games/round_edit.html",
        {"form": form, "row": row, "board": board, "token": token},
        status=status,
    )


def _correct(access: Access, form: RoundForm, number: int) -> None:
    """Replace round `number` by the form's hands, against the version the phone saw; a
    round deleted by another phone meanwhile is a Conflict ("round_gone")."""
    round_ = access.game.rounds.filter(number=number).first()
    if round_ is None:
        raise Conflict("round_gone")
    round_correct(
        round_=round_,
        entries=form.entries(),
        no_winner=form.no_winner,
        expected_version=form.cleaned_data.get("version") or 0,
    )


def _replace_from_outbox(access: Access, form: RoundForm, number: int) -> HttpResponse:
    """A phone chose its own offline entry over the round another phone stored."""
    if not form.is_valid():
        return refusal_json("invalid", form_message(form), REFUSED, form)
    try:
        _correct(access, form, number)
    except Conflict as error:
        if error.code == "round_gone":
            return refusal_json_of(error, 404)
        board, row = _row(access, number)
        return refusal_json_of(error, CONFLICT, stored=outbox.row_answer(board, row))
    except ServiceError as error:
        add_refusal(form, error)
        return refusal_json(error.code, form_message(form), REFUSED, form)
    return outbox.stored(number, replayed=False)


@require_http_methods(["GET", "POST"])
def round_delete(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    access = edit_access(token)
    board, row = _row(access, number)
    if request.method == "GET":
        return render(
            request, "games/round_delete.html", {"board": board, "row": row, "token": token}
        )
    try:
        round_delete_last(game=access.game, number=number)
    except ServiceError as error:
        return render(
            request,
            "games/round_delete.html",
            {"board": board, "row": row, "token": token, "error": refusal_words(error)},
            status=409,
        )
    return back_to_game(request, token)


def _history_page(
    request: HtmxHttpRequest, access: Access, token: str, status: int = 200, **extra: Any
) -> HttpResponse:
    """The game's last 200 changes, newest first, beside its board."""
    context = {
        "access": access,
        "token": token,
        "entries": list(access.game.history.all()[:200]),
        "board": game_board(access.game, lang()),
        **extra,
    }
    return render(request, "games/history.html", context, status=status)


@require_GET
def history(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _history_page(request, game_access(token), token)


@require_POST
def history_undo(request: HtmxHttpRequest, token: str, entry_id: int) -> HttpResponse:
    access = edit_access(token)
    entry = access.game.history.filter(pk=entry_id).first()
    if entry is None:
        raise Http404(_("No such change."))
    try:
        undo.history_undo(game=access.game, entry=entry)
    except ServiceError as error:
        # A round changed since: what it holds now, and what the undo would bring back.
        versions = error.params if error.code == "changed_since" else None
        return _history_page(
            request, access, token, 409, versions=versions, error=refusal_words(error)
        )
    return back_to_game(request, token)


@require_POST
def undo_last(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The game page's undo: the latest change, as the phone saw it (its history entry id)."""
    access = edit_access(token)
    entry_id = small_number(request.POST.get("entry", ""), digits=18)
    try:
        game_undo_last(game=access.game, entry_id=entry_id or 0)
    except ServiceError as error:
        access.game.refresh_from_db()
        return _render_game(
            request,
            access,
            None,
            status=409,
            undo_error=refusal_words(error),
        )
    return back_to_game(request, token)
