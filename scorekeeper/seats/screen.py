"""The table's big screen: a view-only page for a TV or a tablet across the table (about 3 m
away): the standings in large type, the round to deal, the hands sent so far, the score race
and the code to join the table; at the end, the winner and the final ranking. No input, no
scrolling; it follows the game like every page (streamed news, never polling while a stream
is open)."""

from __future__ import annotations

from typing import Any

import segno
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scorekeeper.core.i18n import lang
from scorekeeper.core.tokens import join_token, view_token
from scorekeeper.games.selectors import game_board
from scorekeeper.web.access import Access, dealt_table, game_access, game_version
from scorekeeper.web.responses import HtmxHttpRequest


def _qr(url: str) -> SafeString:
    """The join link as an inline SVG (the TV holds a view link: it cannot ask for one)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=6, border=2, dark="#111", light="#fff", omitsize=True
    )
    return mark_safe(svg)  # segno's own markup of a URL this server built


def _context(request: HtmxHttpRequest, access: Access) -> dict[str, Any]:
    game = access.game
    dealt_table(
        game,
        _(
            "The big screen shows games played in rounds: ROMi RAMi's contracts are on the game page."
        ),
    )
    board = game_board(game, lang())
    viewer = view_token(game.view_salt)
    context: dict[str, Any] = {"board": board, "token": viewer, "read_only": True}
    if game.seat_salt and not board.finished:
        join = request.build_absolute_uri(reverse("join", args=[join_token(game.seat_salt)]))
        context["join"] = {"url": join, "qr": _qr(join)}
    return context


@require_GET
def screen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = game_access(token)
    response = render(request, "seats/screen.html", _context(request, access))
    response["Cache-Control"] = "private, no-store"
    return response


@require_GET
def screen_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The big screen's live part, fetched when the game's version changes."""
    version = game_version(token) if "v" in request.GET else None
    if version is not None and request.GET["v"] == str(version):
        return HttpResponse(status=204)
    access = game_access(token)
    response = render(request, "seats/screen.html#live", _context(request, access))
    response["Cache-Control"] = "private, no-store"
    return response
