"""The one way a refusal reaches whoever asked: next to the field at fault, in the page's
alert, as a whole page, or as a JSON body (the offline outbox, the API).

A refusal is a ServiceError (the app's code, or the engine's problems, each naming its seat and
field) or one of the engine's coded errors; `refusal_words` says it. A refused form answers
with its honest status (422, or 409 when another phone changed the game) to htmx and plain
requests alike: the page's htmx config swaps 409 and 422 answers in.
"""

from __future__ import annotations

from typing import Any

from django.forms import Form
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from rules_engine import RulesError, referee
from scorekeeper.core.refusals import Coded, Conflict, ServiceError, refusal_words

REFUSED = 422  # a form the app understood and refuses: its errors are in the page
CONFLICT = 409  # another phone changed the game meanwhile: the page shows what it holds now


def status_of(refusal: ServiceError) -> int:
    """409 for a change another phone overtook, 422 for anything else refused."""
    return CONFLICT if isinstance(refusal, Conflict) else REFUSED


NAMED = "<the refusal's own>"  # add_refusal's default: the field the refusal names


def add_refusal(form: Form, refusal: ServiceError | Coded, field: str | None = NAMED) -> None:
    """Put a refusal next to the field it names (each engine problem next to its own, when
    the form knows them), else at the top of the form; `field` says where instead (None: the
    top of the form)."""
    problems = getattr(refusal, "problems", None)
    if problems and field == NAMED and hasattr(form, "add_problems"):
        form.add_problems(problems)
        return
    at = getattr(refusal, "field", None) if field == NAMED else field
    form.add_error(at if at in form.fields else None, refusal_words(refusal))


def problem(request: HttpRequest, title: str, message: str, status: int) -> HttpResponse:
    """A whole page, or for htmx a fragment shown in the page's alert area (the form stays)."""
    if getattr(request, "htmx", False):
        response = render(
            request,
            "errors/problem.html#message",
            {"title": title, "message": message},
            status=status,
        )
        response["HX-Retarget"] = "#alerts"
        response["HX-Reswap"] = "innerHTML"
        return response
    return render(
        request, "errors/problem.html", {"title": title, "message": message}, status=status
    )


def refused_page(
    request: HttpRequest, title: str, refusal: ServiceError | Coded, status: int
) -> HttpResponse:
    """A refusal with nothing to go back to on the page: said under its title."""
    return problem(request, title, refusal_words(refusal), status)


def refusal_json(
    code: str, message: str, status: int, form: Form | None = None, **extra: Any
) -> JsonResponse:
    """The JSON body of a refusal: its code, its sentence, and for a form (the offline
    outbox) `fields`, each field's errors."""
    body: dict[str, Any] = {"error": code, "message": message}
    if form is not None:
        body["fields"] = {name: [str(m) for m in errors] for name, errors in form.errors.items()}
    return JsonResponse(body | extra, status=status)


def refusal_json_of(refusal: ServiceError | Coded, status: int, **extra: Any) -> JsonResponse:
    """A refusal as JSON, said in the page's language."""
    return refusal_json(refusal.code, refusal_words(refusal), status, **extra)


def engine_refusal(error: RulesError, language: str) -> dict[str, object]:
    """The engine's refusal of a question to the referee (a checker page's verdict, an API
    answer), in the language asked, with the place in the text at fault (`token`,
    `position`) when it names one."""
    return referee.bad_input(error, language)


def engine_refusal_json(error: RulesError, language: str, status: int) -> JsonResponse:
    """The engine's refusal of an API question as its JSON answer."""
    return JsonResponse(engine_refusal(error, language), status=status)


def form_message(form: Form) -> str:
    """One sentence for a phone that shows one: the first problem the form found."""
    for errors in form.errors.values():
        if errors:
            return str(errors[0])
    return ""
