"""Check a lay-down / find one: a page with a live verdict, and the same as a JSON API."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import override
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET
from pydantic import ValidationError

from rules_engine import (
    CHECKER,
    SYSTEMS,
    AnyTable,
    Question,
    RulesError,
    RuleSystem,
    SearchTooLarge,
    TableOptions,
    get_rules,
    referee,
    table_for,
)
from scorekeeper.checker.openapi import document
from scorekeeper.checker.requests import (
    MAX_BODY,
    CheckRequest,
    PenaltyRequest,
    Request,
    RoundAsked,
    SolveRequest,
)
from scorekeeper.core.digits import small_number
from scorekeeper.core.house_rules import HouseRulesForm, in_force
from scorekeeper.core.i18n import lang
from scorekeeper.core.problems import what_is_wrong, where_it_is
from scorekeeper.web.access import MAX_TOKEN, game_access
from scorekeeper.web.refusals import engine_refusal, engine_refusal_json, refusal_json
from scorekeeper.web.responses import HtmxHttpRequest, page

TRUE = (True, "1", "on", "true")


QUESTION_FIELDS = ("round", "opening", "contract", "joker", "bonus")


@dataclass(frozen=True)
class Asked:
    """What the page or the API asks, as sent (the page shows it back in its form)."""

    rules: str
    round: int | None = None
    opening: bool = False
    contract: str = ""
    joker: bool = False
    bonus: str = ""
    players: int | None = None
    own: RuleSystem | None = None  # a table's own game, brought by its game's link

    def question(self, options: TableOptions | None = None) -> Question:
        """The referee's question: the rules' table, refused if the rules or count are bad."""
        asked = {name: getattr(self, name) for name in QUESTION_FIELDS}
        rules = self.own if self.own and self.own.slug == self.rules else self.rules
        return Question.about(rules, players=self.players, options=options, **asked)

    @property
    def systems(self) -> dict[str, RuleSystem]:
        """The games the page offers: the app's, and the table's own when it brought one."""
        return {**SYSTEMS, **({self.own.slug: self.own} if self.own else {})}


def _own(params: Mapping[str, Any]) -> RuleSystem | None:
    """The own rules of the game whose (view) link `game=` names; None for any other."""
    token = str(params.get("game") or "")[:MAX_TOKEN]
    if not token:
        return None
    try:
        game = game_access(token).game
    except Http404:
        return None
    return game.table.system if game.variant else None


def _asked(params: Mapping[str, Any], default_rules: str = "rami-contrat") -> Asked:
    """The question from the page's query (the API's body uses the same names)."""
    round_text = str(params.get("round") or "")
    return Asked(
        rules=str(params.get("rules") or default_rules)[:40],
        round=small_number(round_text),
        opening=round_text == "opening" or params.get("opening") in TRUE,
        contract=str(params.get("contract") or "")[:100],
        joker=params.get("joker") in TRUE,
        bonus=str(params.get("bonus") or "")[:2],
        players=small_number(str(params.get("players") or "")),
        own=_own(params),
    )


def _page_question(
    asked: Asked, query: Mapping[str, str]
) -> tuple[Question | RulesError, HouseRulesForm | None]:
    """The page's question with the house rules its query names (`exact_lay_down=1`...);
    a bad option is answered next to it, not ignored: the question then stands without.
    Unknown rules or a player count they exclude come back as the refusal to show."""
    rules = asked.systems.get(asked.rules)
    rules_form = HouseRulesForm(rules, query, where=CHECKER) if rules else None
    options = rules_form.options() if rules_form and rules_form.is_valid() else None
    try:
        return asked.question(options), rules_form
    except RulesError as error:
        return error, rules_form


def _api_question(body: RoundAsked | PenaltyRequest) -> Question:
    """The API's question; its `options` are the table's, read and checked by the engine."""
    round_ = body.round if isinstance(body, RoundAsked) else None
    own = _game_rules(body.game) if body.game else None
    rules = body.rules
    if own is not None and (not rules or "rules" not in body.model_fields_set):
        rules = own.slug  # the game's own rules, unless the body names others
    if not rules and body.options:
        raise RulesError("bad_options")
    asked = Asked(
        rules=rules or "",
        round=round_ if isinstance(round_, int) else None,
        opening=round_ == "opening" or (isinstance(body, RoundAsked) and body.opening),
        contract=getattr(body, "contract", ""),
        joker=getattr(body, "joker", False),
        bonus=getattr(body, "bonus", ""),
        players=body.players,
        own=own,
    )
    system = asked.systems.get(asked.rules) or get_rules(asked.rules)
    return asked.question(TableOptions.read(system, body.options))


class UnknownGame(LookupError):
    """The API's `game` names no game on this server."""


def _game_rules(token: str) -> RuleSystem | None:
    """The own rules of the game a link names (None for a game of a built-in system)."""
    try:
        game = game_access(token[:MAX_TOKEN]).game
    except Http404:
        raise UnknownGame from None
    return game.table.system if game.variant else None


def _systems(asked: Asked, chosen: AnyTable | None = None) -> list[dict[str, Any]]:
    """Every game the page offers, with its rounds; the chosen game's as its house rules
    make them (a house rule may add rounds)."""
    tables = [
        chosen if chosen is not None and s.slug == chosen.system.slug else table_for(s, None)
        for s in asked.systems.values()
    ]
    return [
        {
            "slug": t.system.slug,
            "name": t.system.name[lang()],
            "contracts": _contracts(t),
            "opening": t.system.opening,
            "deals_rounds": t.deals_rounds,
        }
        for t in tables
    ]


def _contracts(table: AnyTable) -> list[str]:
    return [table.contract_words(n, lang()) for n in range(1, table.contract_count + 1)]


def _answer(
    ask: Callable[[Question, str, str], dict[str, Any]],
    question: Question | RulesError,
    text: str,
) -> dict[str, Any]:
    """The referee's answer to a lay-down (`check`) or a hand (`solve`); nothing when empty."""
    if not text.strip():
        return {}
    if isinstance(question, RulesError):
        return {"bad": engine_refusal(question, lang())}
    try:
        return ask(question, text, lang())
    except RulesError as error:
        return {"bad": engine_refusal(error, lang())}


@require_GET
def check_page(request: HtmxHttpRequest) -> HttpResponse:
    asked = _asked(request.GET)
    question, rules_form = _page_question(asked, request.GET)
    melds = request.GET.get("melds", "")[: referee.MAX_TEXT]
    hand = request.GET.get("hand", "")[: referee.MAX_TEXT]
    system = asked.systems.get(asked.rules)
    table = None if isinstance(question, RulesError) else question.table
    context = {
        "q": asked,
        "game": request.GET.get("game", "")[:MAX_TOKEN] if asked.own else "",
        "melds": melds,
        "hand": hand,
        "systems": _systems(asked, table),
        "verdict": _answer(referee.check, question, melds),
        "solution": _answer(referee.solve, question, hand),
        "system": system,  # None for an unknown slug: the verdict says so
        "no_jokers": table is not None and not table.with_jokers,  # a game without jokers
        "house_rules": rules_form if rules_form and rules_form.fields else None,
        "in_force": in_force(system, table.options, CHECKER) if system and table else [],
        "option_error": bool(rules_form and rules_form.errors),
    }
    part = request.GET.get("part")
    fragment = part if part in ("verdict", "solution", "rounds") else None
    response = page(request, "checker/check.html", context, fragment=fragment)
    patch_vary_headers(response, ("HX-Request",))  # the same address answers htmx otherwise
    return response


def _api(
    request: HtmxHttpRequest,
    model: type[Request],
    run: Callable[[Any, str], dict[str, Any]],
) -> JsonResponse:
    """JSON in, JSON out. Only `application/json` is read: a web page elsewhere cannot send
    that cross-site without a CORS preflight, which this API never grants. The body is
    decoded strictly by its model (api_requests.py), whose schema the OpenAPI document shows."""
    if request.content_type != "application/json":
        return refusal_json("unsupported_media_type", "Send Content-Type: application/json.", 415)
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_BODY or len(request.body) > MAX_BODY:
        return refusal_json("too_large", f"The body must be at most {MAX_BODY} bytes.", 413)
    if not request.body and "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", ""):
        # A WSGI server hands Django no chunked body: say so rather than read it as empty.
        return refusal_json("length_required", "Send the body with a Content-Length.", 411)
    try:
        body = model.model_validate_json(request.body or b"{}")
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = where_it_is(first["loc"])
        if first["type"] in ("json_invalid", "json_type", "model_type"):
            return refusal_json("bad_json", "Send a JSON object.", 400)
        if where.startswith("options"):  # the engine's code for options that are no object
            return engine_refusal_json(RulesError("bad_options"), lang(), 400)
        with override("en"):
            what = what_is_wrong(first)
        return refusal_json("bad_field", f"{where} should be {what}.", 400, field=where)
    language = body.lang or lang()
    try:
        result = run(body, language)
    except UnknownGame:
        message = "No game has this link: `game` should be the token of a game's link."
        return refusal_json("unknown_game", message, 404, field="game")
    except SearchTooLarge as error:
        # Valid input, but more possibilities than the finder may explore: an honest "cannot tell".
        return engine_refusal_json(error, language, 422)
    except RulesError as error:
        return engine_refusal_json(error, language, 400)
    return JsonResponse(result)


def api_post(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """POST only, and every refusal in JSON: a wrong method is a JSON 405, not a blank page."""

    @wraps(view)
    def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            response = refusal_json("method_not_allowed", "Use POST.", 405)
            response["Allow"] = "POST"
            return response
        return view(request, *args, **kwargs)

    return csrf_exempt(inner)  # pure computations: no state changes, no cookies needed


@api_post
def api_check(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request, CheckRequest, lambda b, lang: referee.check(_api_question(b), b.melds, lang)
    )


@api_post
def api_solve(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request, SolveRequest, lambda b, lang: referee.solve(_api_question(b), b.hand, lang)
    )


@api_post
def api_penalty(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request, PenaltyRequest, lambda b, _lang: referee.penalty(_api_question(b), b.cards)
    )


@require_GET
def api_document(request: HtmxHttpRequest) -> JsonResponse:
    return JsonResponse(document(), json_dumps_params={"ensure_ascii": False})
