"""Check a lay-down / find one: a page with a live verdict, and the same as a JSON API."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from rules_engine import SYSTEMS, SearchTooLarge
from rules_engine.errors import RulesError
from rules_engine.messages import contract_words

from .. import checker
from ..forms import lang, small_number

MAX_BODY = 10_000


def _question(params) -> checker.Question:
    round_text = str(params.get("round") or "")
    opening = round_text == "opening" or params.get("opening") in (True, "1", "on", "true")
    number = small_number(round_text)
    return checker.Question(
        rules=str(params.get("rules") or "rami-contrat")[:40], round=number, opening=opening,
        contract=str(params.get("contract") or "")[:100],
        joker=params.get("joker") in (True, "1", "on", "true"), bonus=str(params.get("bonus") or "")[:2],
    )  # fmt: skip


def _systems() -> list[dict]:
    return [
        {"slug": s.slug, "name": s.name[lang()], "contracts": [contract_words(c, lang()) for c in s.contracts],
         "opening": s.opening is not None, "romi": s.romi is not None}
        for s in SYSTEMS.values()
    ]  # fmt: skip


def _verdict(question: checker.Question, melds: str) -> dict:
    if not melds.strip():
        return {}
    try:
        return checker.check(question, melds, lang())
    except RulesError as error:
        return {"bad": checker.bad_input(error, lang())}


def _solution(question: checker.Question, hand: str) -> dict:
    if not hand.strip():
        return {}
    try:
        return checker.solve(question, hand, lang())
    except RulesError as error:
        return {"bad": checker.bad_input(error, lang())}


@require_GET
def check_page(request: HttpRequest) -> HttpResponse:
    question = _question(request.GET)
    melds = request.GET.get("melds", "")[: checker.MAX_TEXT]
    hand = request.GET.get("hand", "")[: checker.MAX_TEXT]
    context = {
        "q": question, "melds": melds, "hand": hand, "systems": _systems(),
        "verdict": _verdict(question, melds), "solution": _solution(question, hand),
        "no_jokers": request.GET.get("jokers") == "0",  # opened from a game played without
    }  # fmt: skip
    if request.htmx and request.GET.get("part") == "verdict":
        return render(request, "checker/check.html#verdict", context)
    if request.htmx and request.GET.get("part") == "solution":
        return render(request, "checker/check.html#solution", context)
    return render(request, "checker/check.html", context)


def _refusal(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": code, "message": message}, status=status)


def _api(request: HttpRequest, run) -> JsonResponse:
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
    language = body.get("lang") if body.get("lang") in ("fr", "en") else lang()
    try:
        result = run(body, language)
    except SearchTooLarge as error:
        # Valid input, but more possibilities than the finder may explore: an honest "cannot tell".
        return JsonResponse(checker.bad_input(error, language), status=422)
    except RulesError as error:
        return JsonResponse(checker.bad_input(error, language), status=400)
    return JsonResponse(result)


@csrf_exempt  # pure computations: no state changes, no cookies needed
@require_POST
def api_check(request: HttpRequest) -> JsonResponse:
    return _api(request, lambda b, lang: checker.check(_question(b), str(b.get("melds", "")), lang))


@csrf_exempt
@require_POST
def api_solve(request: HttpRequest) -> JsonResponse:
    return _api(request, lambda b, lang: checker.solve(_question(b), str(b.get("hand", "")), lang))


@csrf_exempt
@require_POST
def api_penalty(request: HttpRequest) -> JsonResponse:
    return _api(
        request,
        lambda b, _lang: checker.penalty(str(b.get("rules", ""))[:40], str(b.get("cards", ""))),
    )


@require_GET
def api_document(request: HttpRequest) -> JsonResponse:
    from ..openapi import document  # imports this module's MAX_BODY

    return JsonResponse(document(), json_dumps_params={"ensure_ascii": False})
