"""Join the table: the page a player picks their seat on, and their seat's own page, where
they see the round and send their hand; the scorer opens and closes these links."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_engine import dealt
from scorekeeper.core.i18n import lang
from scorekeeper.core.keypad import parse_points
from scorekeeper.core.refusals import Conflict, ServiceError, kept_words, refusal_words
from scorekeeper.core.tokens import join_token, token_hash, view_token
from scorekeeper.games.selectors import game_board
from scorekeeper.games.services import games as game_services
from scorekeeper.games.views.games import JOIN_TIP_PLAYERS, finished_result
from scorekeeper.models import Game, Player, SeatLink
from scorekeeper.seats import services
from scorekeeper.seats.forms import SeatHandForm
from scorekeeper.seats.services import SeatState, hand_send, seat_claim, seat_states
from scorekeeper.web.access import MAX_TOKEN, dealt_table, edit_access
from scorekeeper.web.refusals import CONFLICT, REFUSED, add_refusal, status_of
from scorekeeper.web.responses import HtmxHttpRequest, page


@dataclass
class Seat:
    game: Game
    player: Player
    token: str


def seat_access(token: str) -> Seat:
    """The seat a player's own link opens; 404 alike for any other token."""
    if not token or len(token) > MAX_TOKEN:
        raise Http404(_("No game at this address."))
    link = SeatLink.objects.select_related("game").filter(token_hash=token_hash(token)).first()
    if link is None:
        raise Http404(_("No game at this address."))
    player = link.game.players.filter(seat=link.seat).first()
    if player is None:
        raise Http404(_("No game at this address."))
    return Seat(link.game, player, token)


def _device(request: HtmxHttpRequest) -> str:
    """This phone's own random key, kept in its (signed) session cookie."""
    device = request.session.get("device")
    if not isinstance(device, str) or not 16 <= len(device) <= 64:
        device = secrets.token_urlsafe(24)
        request.session["device"] = device
    return device


@dataclass
class JoinSeat:
    player: Player
    state: SeatState


@require_http_methods(["GET", "POST"])
def join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The players' shared link: each picks their own seat, once; a seat another phone took
    shows as taken, and only the scorer gives it back."""
    if not token or len(token) > MAX_TOKEN:
        raise Http404(_("No game at this address."))
    game = Game.objects.filter(join_token_hash=token_hash(token)).first()
    if game is None or not game.seat_salt:
        raise Http404(_("No game at this address."))
    table = game.table
    players = [p for p in game.players.all() if not table.has_left(p.seat)]
    refusal, status = "", 200
    if request.method == "POST":
        chosen = next((p for p in players if str(p.seat) == request.POST.get("seat")), None)
        try:
            if chosen is None:
                raise ServiceError("no_such_seat")
            link = seat_claim(
                game=game, seat=chosen.seat, device=_device(request), name=chosen.name
            )
            return redirect("seat", token=link)
        except ServiceError as error:
            refusal = refusal_words(error)
            status = status_of(error)
    device = request.session.get("device", "")
    states = seat_states(game, device if isinstance(device, str) else "")
    seats = [JoinSeat(p, states[p.seat]) for p in players if p.seat in states]
    context = {"game": game, "seats": seats, "refusal": refusal, "token": token}
    return render(request, "seats/join.html", context, status=status)


@require_POST
def seat_release(request: HtmxHttpRequest, token: str, seat: int) -> HttpResponse:
    """The scorer gives a seat back: the phone that held it can no longer send."""
    game = edit_access(token).game
    services.seat_release(game=game, seat=seat)
    return redirect(reverse("share", args=[token]) + "#join-title")


@dataclass
class LastRound:
    """What the last round saved stored for this seat, beside the hand its phone sent."""

    number: int
    score: int
    stored: str  # the hand as stored: its cards, else its points
    sent: str | None  # the hand this phone sent for it (None: none sent, or no longer kept)
    differs: bool
    sat_out: bool


def _last_round(seat: Seat, board: Any) -> LastRound | None:
    if not board.rows:
        return None
    row = board.rows[-1]
    cell = row.cells[seat.player.seat]
    stored = cell.cards or ("" if cell.hand_points is None else str(cell.hand_points))
    hand = seat.game.proposed_hands.filter(number=row.number, seat=seat.player.seat).first()
    sent = None
    if hand is not None:
        sent = hand.cards or str(parse_points(hand.points) or 0)
    differs = sent is not None and " ".join(sent.split()) != " ".join((stored or "0").split())
    return LastRound(row.number, cell.score, stored or "0", sent, differs, cell.sat_out)


def _context(seat: Seat, form: SeatHandForm | None = None, **extra: Any) -> dict[str, Any]:
    board = game_board(seat.game, lang())
    mine = next((s.hand for s in board.sent if s.player.seat == seat.player.seat), None)
    table = board.table
    number = board.next_round.number if board.next_round is not None else 0
    away = number > 0 and not table.plays(seat.player.seat, number)
    if away:  # left the table, or sits down for a later round: no hand to send
        form = None
    elif form is None and board.next_round is not None and dealt(table):
        initial: dict[str, Any] = {"number": board.next_round.number}
        if mine is not None:
            initial |= {"points": mine.points, "cards": mine.cards, "went_out": mine.went_out}
            initial["laid_nothing"] = mine.laid_nothing
        form = SeatHandForm(initial=initial, table=table)
    problem = kept_words(mine.problem) if mine is not None else ""
    return {
        "board": board,
        "seat": seat,
        "token": seat.token,
        "form": form,
        "mine": mine,
        "problem": problem,
        "away": away,
        "last_round": _last_round(seat, board),
        # The end of the game: its chart and "share the result", through the view link.
        "view_token": view_token(seat.game.view_salt),
        "result": finished_result(board, seat.game) if board.finished else None,
        **extra,
    }


@require_http_methods(["GET", "POST"])
def seat_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A player's own page: the round being played, the standings, and their hand to send."""
    seat = seat_access(token)
    if request.method == "GET":
        return render(request, "seats/seat.html", _context(seat))
    table = dealt_table(seat.game, _("ROMi RAMi has no rounds to enter: log contracts instead."))
    form = SeatHandForm(request.POST, table=table)
    status = 200
    if form.is_valid():
        try:
            hand_send(
                game=seat.game,
                seat=seat.player.seat,
                number=form.cleaned_data["number"],
                hand=form.hand(),
            )
            if not request.htmx:
                return redirect("seat", token=token)
            seat.game.refresh_from_db()  # the answer shows the version just stored
            return page(request, "seats/seat.html", _context(seat, sent=True), fragment="live")
        except Conflict as error:  # the round was saved meanwhile: the next one
            seat.game.refresh_from_db()
            context = _context(seat, refusal=refusal_words(error))
            return page(request, "seats/seat.html", context, fragment="live", status=CONFLICT)
        except ServiceError as error:
            add_refusal(form, error)
            status = REFUSED
    else:
        status = REFUSED
    context = _context(seat, form)
    return page(request, "seats/seat.html", context, fragment="live", status=status)


@require_GET
def seat_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The seat page's live part, fetched when the game's version changes."""
    seat = seat_access(token)
    if request.GET.get("v") == str(seat.game.version):
        return HttpResponse(status=204)
    response = render(request, "seats/seat.html#live", _context(seat))
    response["Cache-Control"] = "private, no-store"
    return response


@require_POST
def seats_open(request: HtmxHttpRequest, token: str) -> HttpResponse:
    services.seats_open(game=edit_access(token).game)
    return redirect(reverse("share", args=[token]) + "#join-title")


@require_POST
def seats_close(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game_services.seats_close(game=edit_access(token).game)
    return redirect(reverse("share", args=[token]) + "#join-title")


@require_POST
def last_hand_saves(request: HtmxHttpRequest, token: str) -> HttpResponse:
    on = request.POST.get("on") == "1"
    services.last_hand_saves(game=edit_access(token).game, on=on)
    return redirect(reverse("share", args=[token]) + "#join-title")


@require_GET
def share(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = edit_access(token)
    view = view_token(access.game.view_salt)
    game = access.game
    links = {
        "view_token": view,
        "view": request.build_absolute_uri(reverse("game", args=[view])),
        "edit": request.build_absolute_uri(reverse("game", args=[token])),
    }
    if game.seat_salt:  # "Join the table": the link the players pick their seat from
        links["join"] = request.build_absolute_uri(
            reverse("join", args=[join_token(game.seat_salt)])
        )
    context = {"access": access, "token": token, "links": links, "game": game}
    context["seats_offered"] = game.table.deals_rounds
    # At a big table the scorer taps a lot per round; players sending their own hands do not.
    context["big_table"] = context["seats_offered"] and game.seats >= JOIN_TIP_PLAYERS
    if game.seat_salt:  # who took which seat, so the scorer can give one back
        states = seat_states(game)
        context["seats"] = [(p, states[p.seat]) for p in game.players.all() if p.seat in states]
    return render(request, "seats/share.html", context)
