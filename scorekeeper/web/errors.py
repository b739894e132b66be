"""Answers that say what went wrong and keep nothing half-done: CSRF refusals, a busy database."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from scorekeeper.records.documents import MAX_BYTES
from scorekeeper.web.refusals import problem, refusal_json

RETRY_AFTER_SECONDS = 2


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return problem(
        request,
        _("This page was open too long"),
        _("For your safety the change was not saved. Reload the page and enter it again."),
        403,
    )


def database_busy(request: HttpRequest) -> HttpResponse:
    response = problem(
        request,
        _("Busy, try again"),
        _(
            "Several phones wrote at the same moment and nothing was saved. Try again in a few "
            "seconds; an entry made offline is sent again by itself."
        ),
        503,
    )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Our own 404: in the app's look and language, with the way home; JSON under /api/."""
    if _api(request):
        return refusal_json("not_found", "No such endpoint: see /api/openapi.json.", 404)
    return render(
        request,
        "errors/page.html",
        {
            "title": _("Nothing at this address"),
            "message": _(
                "The link may be mistyped, or the game it led to was deleted or given a new "
                "link. Ask the table for the link again, or start from the home page."
            ),
        },
        status=404,
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """Our own 500, as plain as possible (the fault may be in the page machinery itself)."""
    if _api(request):
        return refusal_json("server_error", "Something went wrong on the server.", 500)
    try:
        return render(
            request,
            "errors/page.html",
            {
                "title": _("Something went wrong"),
                "message": _(
                    "The server could not answer this time; nothing you entered was half "
                    "saved. Try again in a moment, or go back to the home page."
                ),
            },
            status=500,
        )
    except Exception:  # a broken template or context: still answer, in words
        return HttpResponse(
            _("Something went wrong on the server. Try again in a moment."),
            status=500,
            content_type="text/plain; charset=utf-8",
        )


def too_large(request: HttpRequest) -> HttpResponse:
    """nginx's refusal of a body past its page's limit (scorekeeper/server), in words: the
    body was never read, and this answers whatever the method was."""
    return problem(
        request,
        _("Too large"),
        _(
            "What was sent is larger than this page ever takes (a game’s file is at most "
            "%(most)s MB): nothing was read or stored."
        )
        % {"most": MAX_BYTES // 1_000_000},
        413,
    )
