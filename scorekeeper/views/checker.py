"""Check a lay-down / find one: a page with a live verdict, and the same as a JSON API."""

from __future__ import annotations

import json
from dataclasses import replace

from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from rules_engine import (
    SYSTEMS,
    Question,
    RulesError,
    SearchTooLarge,
    TableOptions,
    contract_words,
    describe,
    get_rules,
    referee,
)

from .. import house_rules
from ..forms import lang, small_number
from ..house_rules import in_force, option_fields
from .responses import HtmxHttpRequest

MAX_BODY = 10_000


TRUE = (True, "1", "on", "true")
NOT_CHECKED = ("rounds", "end_at_total", "dealer_passes", "no_winner_deals")  # no lay-down asks


def _question(params, default_rules: str = "rami-contrat") -> Question:
    """The question from the page's query or the API's body (the same names in both)."""
    round_text = str(params.get("round") or "")
    return Question(
        rules=str(params.get("rules") or default_rules)[:40],
        round=small_number(round_text),
        opening=round_text == "opening" or params.get("opening") in TRUE,
        contract=str(params.get("contract") or "")[:100],
        joker=params.get("joker") in TRUE,
        bonus=str(params.get("bonus") or "")[:2],
        players=small_number(str(params.get("players") or "")),
    )


def _page_question(query) -> tuple[Question, RulesError | None]:
    """The page's question with the house rules its query names (`exact_lay_down=1`...);
    a bad option is answered, not ignored: the question then stands without options."""
    question = _question(query)
    rules = SYSTEMS.get(question.rules)
    if rules is None:
        return question, None
    try:
        return replace(question, options=house_rules.read(rules, query)), None
    except RulesError as error:
        return question, error


def _api_question(body: dict, default_rules: str = "rami-contrat") -> Question:
    """The API's question; its `options` are the table's, read and checked by the engine."""
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise RulesError("bad_options")
    question = _question(body, default_rules)
    if not question.rules and not options:
        return question
    return replace(question, options=TableOptions.read(get_rules(question.rules), options))


def _systems() -> list[dict]:
    return [
        {
            "slug": s.slug,
            "name": s.name[lang()],
            "contracts": [contract_words(c, lang()) for c in s.contracts],
            "opening": s.opening,
            "romi": s.romi is not None,
        }
        for s in SYSTEMS.values()
    ]


def _verdict(question: Question, melds: str) -> dict:
    if not melds.strip():
        return {}
    try:
        return referee.check(question, melds, lang())
    except RulesError as error:
        return {"bad": referee.bad_input(error, lang())}


def _solution(question: Question, hand: str) -> dict:
    if not hand.strip():
        return {}
    try:
        return referee.solve(question, hand, lang())
    except RulesError as error:
        return {"bad": referee.bad_input(error, lang())}


@require_GET
def check_page(request: HtmxHttpRequest) -> HttpResponse:
    question, option_error = _page_question(request.GET)
    melds = request.GET.get("melds", "")[: referee.MAX_TEXT]
    hand = request.GET.get("hand", "")[: referee.MAX_TEXT]
    system = SYSTEMS.get(question.rules)
    errors: dict[str, str] = {}
    if option_error is not None:
        option = str(option_error.params.get("option", ""))
        errors[option] = describe(option_error.code, option_error.params, lang())
    context = {
        "q": question,
        "melds": melds,
        "hand": hand,
        "systems": _systems(),
        "verdict": _verdict(question, melds),
        "solution": _solution(question, hand),
        "system": system,  # None for an unknown slug: the verdict says so
        "no_jokers": question.options.no_jokers,  # opened from a game played without jokers
        "house_rules": (
            option_fields(system, request.GET, errors=errors, skip=NOT_CHECKED) if system else []
        ),
        "in_force": in_force(system, question.options, skip=NOT_CHECKED) if system else [],
        "option_error": option_error is not None,
    }
    if request.htmx and request.GET.get("part") == "verdict":
        return render(request, "checker/check.html#verdict", context)
    if request.htmx and request.GET.get("part") == "solution":
        return render(request, "checker/check.html#solution", context)
    return render(request, "checker/check.html", context)


def _refusal(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": code, "message": message}, status=status)


def _api(request: HtmxHttpRequest, run) -> JsonResponse:
    """JSON in, JSON out. Only `application/json` is read: a web page elsewhere cannot send
    that cross-site without a CORS preflight, which this API never grants."""
    if request.content_type != "application/json":
        return _refusal("unsupported_media_type", "Send Content-Type: application/json.", 415)
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_BODY or len(request.body) > MAX_BODY:
        return _refusal("too_large", f"The body must be at most {MAX_BODY} bytes.", 413)
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        body = None
    if not isinstance(body, dict):
        return _refusal("bad_json", "Send a JSON object.", 400)
    language = str(body["lang"]) if body.get("lang") in ("fr", "en") else lang()
    try:
        result = run(body, language)
    except SearchTooLarge as error:
        # Valid input, but more possibilities than the finder may explore: an honest "cannot tell".
        return JsonResponse(referee.bad_input(error, language), status=422)
    except RulesError as error:
        return JsonResponse(referee.bad_input(error, language), status=400)
    return JsonResponse(result)


@csrf_exempt  # pure computations: no state changes, no cookies needed
@require_POST
def api_check(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request, lambda b, lang: referee.check(_api_question(b), str(b.get("melds", "")), lang)
    )


@csrf_exempt
@require_POST
def api_solve(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request, lambda b, lang: referee.solve(_api_question(b), str(b.get("hand", "")), lang)
    )


@csrf_exempt
@require_POST
def api_penalty(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request,
        lambda b, _lang: referee.penalty(
            _api_question(b, default_rules=""), str(b.get("cards", ""))
        ),
    )


@require_GET
def api_document(request: HtmxHttpRequest) -> JsonResponse:
    from ..openapi import document  # imports this module's MAX_BODY

    return JsonResponse(document(), json_dumps_params={"ensure_ascii": False})
