"""Answers that say what went wrong and keep nothing half-done: CSRF refusals, a busy database."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

RETRY_AFTER_SECONDS = 2


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
