"""ROMi RAMi sheet: log completed contracts during play, enter the trophies at the end."""

from __future__ import annotations

from django.forms import Form
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import ServiceError
from scorekeeper.games.romi_forms import RomiContractForm, RomiFinishForm
from scorekeeper.games.selectors import game_board
from scorekeeper.games.services.romi import romi_contract_delete, romi_contract_log, romi_finish
from scorekeeper.games.views.games import game_context
from scorekeeper.web.access import Access, edit_access
from scorekeeper.web.refusals import add_refusal
from scorekeeper.web.responses import HtmxHttpRequest, back_to_game, page


def _render(
    request: HtmxHttpRequest, access: Access, status: int = 200, **forms: Form
) -> HttpResponse:
    if status == 200:  # after a write: the page's version is the one just stored
        access.game.refresh_from_db()
    context = game_context(request, access, **forms)
    return page(request, "games/game.html", context, fragment="live", status=status)


@require_POST
def contract_log(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    players = list(access.game.players.all())
    form = RomiContractForm(request.POST, players=players)
    if form.is_valid():
        data = form.cleaned_data
        player = next(p for p in players if p.seat == data["player"])
        try:
            romi_contract_log(
                game=access.game,
                player=player,
                points=data["points"],
                colour=data["colour"],
                combos=data["combos"],
                bonus_cards=data["bonus_cards"],
                joker_used=data["joker_used"],
                client_uuid=data.get("client_uuid"),
            )
        except ServiceError as error:
            add_refusal(form, error)
            return _render(request, access, 422, romi_form=form)
        return _render(request, access) if request.htmx else back_to_game(request, token)
    return _render(request, access, 422, romi_form=form)


@require_http_methods(["GET", "POST"])
def contract_delete(request: HtmxHttpRequest, token: str, contract_id: int) -> HttpResponse:
    """Remove a contract card logged by mistake, after asking (it can be undone)."""
    access = edit_access(token)
    if request.method == "GET":
        contract = access.game.romi_contracts.select_related("player").filter(pk=contract_id)
        found = contract.first()
        if found is None:
            return back_to_game(request, token)
        return render(request, "games/romi_delete.html", {"contract": found, "token": token})
    try:
        romi_contract_delete(game=access.game, contract_id=contract_id)
    except ServiceError:
        pass  # already gone: the board shows the current state
    return back_to_game(request, token)


@require_POST
def finish(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    board = game_board(access.game, lang())
    form = RomiFinishForm(
        request.POST,
        trophies=board.rules.romi_rules.trophies_in_play,
        early=board.romi is not None and board.romi.triggered_by is None,
    )
    if not form.is_valid():
        return _render(request, access, 422, finish_form=form)
    romi_finish(game=access.game, trophies=form.cleaned_data["trophies"])
    return back_to_game(request, token)
