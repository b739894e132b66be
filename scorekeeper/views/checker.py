"""Check a lay-down / find one: a page with a live verdict, and the same as a JSON API."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from rules_engine import SYSTEMS
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
    }  # fmt: skip
    if request.htmx and request.GET.get("part") == "verdict":
        return render(request, "checker/check.html#verdict", context)
    if request.htmx and request.GET.get("part") == "solution":
        return render(request, "checker/check.html#solution", context)
    return render(request, "checker/check.html", context)


def _json_body(request: HttpRequest) -> dict | None:
    if len(request.body) > MAX_BODY:
        return None
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return None
    return body if isinstance(body, dict) else None


def _api(request: HttpRequest, run) -> JsonResponse:
    body = _json_body(request)
    if body is None:
        return JsonResponse({"error": "bad_json", "message": "Send a JSON object."}, status=400)
    try:
        result = run(body)
    except RulesError as error:
        return JsonResponse(checker.bad_input(error, body.get("lang") or lang()), status=400)
    return JsonResponse(result)


@csrf_exempt  # pure computations: no state changes, no cookies needed
@require_POST
def api_check(request: HttpRequest) -> JsonResponse:
    return _api(
        request,
        lambda b: checker.check(_question(b), str(b.get("melds", "")), b.get("lang") or lang()),
    )


@csrf_exempt
@require_POST
def api_solve(request: HttpRequest) -> JsonResponse:
    return _api(
        request,
        lambda b: checker.solve(_question(b), str(b.get("hand", "")), b.get("lang") or lang()),
    )


@csrf_exempt
@require_POST
def api_penalty(request: HttpRequest) -> JsonResponse:
    return _api(
        request, lambda b: checker.penalty(str(b.get("rules", ""))[:40], str(b.get("cards", "")))
    )
